// NATIVE: -lpthread
// POSIX threads and OpenMP threads together: parallel regions inside pthreads, pthreads inside a
// parallel region.
#include <stdio.h>
#include <omp.h>
#include <pthread.h>

static void *work(void *arg) {
    long id = (long)arg, s = 0;
    #pragma omp parallel for reduction(+:s) num_threads(3)
    for (int i = 0; i < 1000; i++) s += i * id;
    return (void *)s;
}

static void *leaf(void *arg) { return (void *)((long)arg * 2 + 1); }

int main(void) {
    pthread_t t[4];
    long sum = 0;
    for (long i = 0; i < 4; i++) pthread_create(&t[i], 0, work, (void *)(i + 1));
    for (int i = 0; i < 4; i++) {
        void *r;
        pthread_join(t[i], &r);
        sum += (long)r;
    }
    printf("parallel regions in pthreads: %ld\n", sum);
    long s2 = 0;
    #pragma omp parallel num_threads(4) reduction(+:s2)
    {
        pthread_t p;
        void *r;
        pthread_create(&p, 0, leaf, (void *)(long)omp_get_thread_num());
        pthread_join(p, &r);
        s2 += (long)r;
    }
    printf("pthreads in a parallel region: %ld\n", s2);
    return 0;
}
