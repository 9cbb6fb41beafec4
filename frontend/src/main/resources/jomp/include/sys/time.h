/* jomp: <sys/time.h> (x86-64 glibc layouts) */
#ifndef __JOMP_SYS_TIME_H
#define __JOMP_SYS_TIME_H
#include <time.h>
typedef long suseconds_t;
struct timeval { time_t tv_sec; suseconds_t tv_usec; };
struct timezone { int tz_minuteswest; int tz_dsttime; };
int gettimeofday(struct timeval *restrict tv, void *restrict tz);
#endif
