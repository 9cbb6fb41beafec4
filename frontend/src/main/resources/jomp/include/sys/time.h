/* jomp: <sys/time.h>, what jomp's C library implements (docs/libc.md); the types are glibc's own. */
#ifndef _SYS_TIME_H
#define _SYS_TIME_H 1
#include <features.h>
#include <bits/types.h>
#include <bits/types/time_t.h>
#include <bits/types/struct_timeval.h>
#ifndef __suseconds_t_defined
typedef __suseconds_t suseconds_t;
#define __suseconds_t_defined
#endif
__BEGIN_DECLS
struct timezone { int tz_minuteswest; int tz_dsttime; };
int gettimeofday(struct timeval *restrict tv, void *restrict tz);
__END_DECLS
#endif
