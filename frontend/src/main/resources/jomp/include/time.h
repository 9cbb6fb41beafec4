/* jomp: <time.h> (x86-64 glibc layouts) */
#ifndef __JOMP_TIME_H
#define __JOMP_TIME_H
#ifndef __JOMP_SIZE_T
#define __JOMP_SIZE_T
typedef unsigned long size_t;
#endif
#ifndef NULL
#define NULL ((void *)0)
#endif
typedef long time_t;
typedef long clock_t;
typedef int clockid_t;
#ifndef __JOMP_TIMESPEC
#define __JOMP_TIMESPEC
struct timespec { time_t tv_sec; long tv_nsec; };
#endif
struct tm {
  int tm_sec; int tm_min; int tm_hour; int tm_mday; int tm_mon; int tm_year;
  int tm_wday; int tm_yday; int tm_isdst; long tm_gmtoff; const char *tm_zone;
};
#define CLOCKS_PER_SEC ((clock_t)1000000)
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define TIME_UTC 1
time_t time(time_t *t);
clock_t clock(void);
double difftime(time_t a, time_t b);
int clock_gettime(clockid_t id, struct timespec *ts);
int timespec_get(struct timespec *ts, int base);
int nanosleep(const struct timespec *req, struct timespec *rem);
#endif
