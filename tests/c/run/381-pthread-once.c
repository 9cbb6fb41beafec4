// FLAGS: -pthread
/* pthread_once: eight threads race on one control and the routine runs once, every caller
   seeing its effect when its call returns; a routine that calls pthread_once on another
   control; a control per array element; PTHREAD_ONCE_INIT in static and automatic storage. */
#include <pthread.h>
#include <stdio.h>

static pthread_once_t once = PTHREAD_ONCE_INIT, inner_once = PTHREAD_ONCE_INIT;
static volatile int runs, inner_runs, table_ready;
static int table[256];

static void inner(void) { inner_runs++; }

static void init_table(void) {
    runs++;
    pthread_once(&inner_once, inner);
    for (int i = 0; i < 256; i++) table[i] = i * i % 251;
    table_ready = 1;
}

static void *worker(void *arg) {
    long id = (long)arg, sum = 0;
    pthread_once(&once, init_table);
    if (!table_ready) return (void *)-1L; /* the routine must have returned first */
    for (int i = 0; i < 256; i++) sum += table[i] * (id + 1);
    return (void *)sum;
}

static pthread_once_t per[4] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};
static int per_count;
static void count(void) { per_count++; }

int main(void) {
    pthread_t t[8];
    for (long i = 0; i < 8; i++) pthread_create(&t[i], NULL, worker, (void *)i);
    long total = 0;
    for (int i = 0; i < 8; i++) {
        void *r;
        pthread_join(t[i], &r);
        total += (long)r;
    }
    printf("runs %d inner %d total %ld\n", runs, inner_runs, total);
    pthread_once(&once, init_table);
    pthread_once(&inner_once, inner);
    printf("again: runs %d inner %d\n", runs, inner_runs);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 4; i++) pthread_once(&per[i], count);
    pthread_once_t local = PTHREAD_ONCE_INIT;
    pthread_once(&local, count);
    pthread_once(&local, count);
    printf("per-element and local: %d\n", per_count);
    return 0;
}
