/* Threads with small stacks: PTHREAD_STACK_MIN and below-default sizes set through the
   attributes, and the default; each reports a stack of at least what was asked. */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static long depth(int n) {
    volatile char pad[64];
    memset((char *)pad, n, sizeof pad);
    return n == 0 ? pad[0] : pad[1] + depth(n - 1);
}

static void *work(void *arg) {
    size_t asked = *(size_t *)arg, got = 0;
    pthread_attr_t a;
    pthread_getattr_np(pthread_self(), &a);
    pthread_attr_getstacksize(&a, &got);
    pthread_attr_destroy(&a);
    return (void *)(long)((got >= asked ? 1000000 : 0) + depth(100));
}

int main(void) {
    size_t sizes[] = {PTHREAD_STACK_MIN, PTHREAD_STACK_MIN - 42, 65536, 1234567, 8 << 20, 0};
    for (int i = 0; i < 6; i++) {
        pthread_attr_t a;
        pthread_attr_init(&a);
        int r = 0;
        if (sizes[i]) r = pthread_attr_setstacksize(&a, sizes[i]);
        size_t back = 0;
        pthread_attr_getstacksize(&a, &back);
        pthread_t t;
        void *res;
        int c = pthread_create(&t, &a, work, &back);
        pthread_join(t, &res);
        size_t after = 0;
        pthread_attr_getstacksize(&a, &after);
        printf("size %zu: set %d, attr says %s, create %d, thread %ld, attr kept %d\n", sizes[i], r,
               back == sizes[i] || !sizes[i] ? "as set" : "other", c, (long)res, after == back);
        pthread_attr_destroy(&a);
    }
    pthread_t t;
    void *res;
    size_t zero = 0;
    pthread_create(&t, NULL, work, &zero);
    pthread_join(t, &res);
    printf("no attributes: thread %ld\n", (long)res);
    return 0;
}
