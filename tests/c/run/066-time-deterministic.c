#include <stdio.h>
#include <time.h>
#include <sys/time.h>
int main(void) {
    time_t t = time(NULL);
    time_t t2;
    time(&t2);
    printf("time positive: %d\n", t > 1600000000);
    printf("monotone-ish: %d\n", t2 >= t);
    struct timeval tv;
    int rc = gettimeofday(&tv, NULL);
    printf("gettimeofday rc %d, usec in range: %d, sec close: %d\n", rc, tv.tv_usec >= 0 && tv.tv_usec < 1000000,
           tv.tv_sec >= t && tv.tv_sec - t < 100);
    clock_t c0 = clock();
    volatile double x = 0;
    for (int i = 0; i < 100000; i++) x += i;
    clock_t c1 = clock();
    printf("clock non-decreasing: %d %d\n", c1 >= c0, CLOCKS_PER_SEC == 1000000);
    printf("%zu\n", sizeof(time_t));
    return 0;
}
