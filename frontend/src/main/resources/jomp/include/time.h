/* jomp: <time.h>, what jomp's C library implements (docs/libc.md); the types are glibc's own
   (bits/types/...), so glibc's other headers can be included beside it. */
#ifndef _TIME_H
#define _TIME_H 1
#include <features.h>
__BEGIN_DECLS
#define __need_size_t
#define __need_NULL
#include <stddef.h>
#include <bits/types.h>
#include <bits/types/clock_t.h>
#include <bits/types/time_t.h>
#include <bits/types/struct_tm.h>
#include <bits/types/struct_timespec.h>
#include <bits/types/clockid_t.h>
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
__END_DECLS
#endif
