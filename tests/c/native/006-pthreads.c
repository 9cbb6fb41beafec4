// NATIVE: -lpthread
// POSIX threads running jomp functions: create/join, mutexes, condition variables, pthread_once,
// thread-local variables (_Thread_local, __thread) and errno, one per thread.
#include <stdio.h>
#include <errno.h>
#include <pthread.h>

enum { N = 8 };
static pthread_mutex_t mu;
static pthread_cond_t cv;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static long total, inits;
static int ready, started;
static _Thread_local int tls = 5;
static __thread long counter;

static void init(void) { inits++; }

static void *work(void *arg) {
    long id = (long)arg;
    char frame[256];                       /* a local array: this thread's own native stack */
    for (int i = 0; i < 256; i++) frame[i] = (char)id;
    pthread_once(&once, init);
    tls += (int)id;
    for (int i = 0; i < 1000; i++) counter++;
    errno = (int)id + 100;
    pthread_mutex_lock(&mu);
    started++;
    while (!ready) pthread_cond_wait(&cv, &mu);
    total += id * 10 + tls + counter + frame[255];
    pthread_mutex_unlock(&mu);
    return (void *)(long)(errno == id + 100 ? id * 100 : -1);
}

int main(void) {
    pthread_t t[N];
    pthread_mutex_init(&mu, 0);
    pthread_cond_init(&cv, 0);
    errno = 0;
    for (long i = 0; i < N; i++) pthread_create(&t[i], 0, work, (void *)i);
    pthread_mutex_lock(&mu);
    ready = 1;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
    long sum = 0;
    for (int i = 0; i < N; i++) {
        void *r;
        pthread_join(t[i], &r);
        sum += (long)r;
    }
    printf("total %ld sum %ld inits %ld tls %d counter %ld errno %d started %d\n", total, sum, inits, tls, counter, errno, started);
    printf("self %d\n", pthread_equal(pthread_self(), pthread_self()));
    return 0;
}
