/* jomp: <stddef.h> (LP64, x86-64 layout) */
#ifndef __JOMP_STDDEF_H
#define __JOMP_STDDEF_H
#ifndef __JOMP_SIZE_T
#define __JOMP_SIZE_T
typedef unsigned long size_t;
#endif
#ifndef __JOMP_PTRDIFF_T
#define __JOMP_PTRDIFF_T
typedef long ptrdiff_t;
#endif
#ifndef __JOMP_WCHAR_T
#define __JOMP_WCHAR_T
typedef int wchar_t;
#endif
typedef struct { long long __ll; long double __ld; } max_align_t;
#ifndef NULL
#define NULL ((void *)0)
#endif
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif
