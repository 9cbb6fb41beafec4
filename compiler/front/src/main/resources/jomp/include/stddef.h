/* jomp: <stddef.h>, the compiler's own (C11 7.19; LP64 x86-64). As clang's, it has no include
   guard: glibc's headers define __need_size_t, __need_wchar_t, __need_NULL, __need_wint_t,
   __need_ptrdiff_t, __need_max_align_t or __need_offsetof and include it for just those; each type
   has the guard macro clang and glibc agree on (_SIZE_T, _WCHAR_T, _WINT_T, ...). */
#if !defined(__need_ptrdiff_t) && !defined(__need_size_t) && !defined(__need_wchar_t) && \
    !defined(__need_NULL) && !defined(__need_max_align_t) && !defined(__need_offsetof) && !defined(__need_wint_t)
#define __need_ptrdiff_t
#define __need_size_t
#define __need_wchar_t
#if !defined(__STDDEF_H)
#define __need_NULL
#endif
#define __need_max_align_t
#define __need_offsetof
#ifndef __STDDEF_H
#define __STDDEF_H
#endif
#endif

#ifdef __need_ptrdiff_t
#ifndef _PTRDIFF_T
#define _PTRDIFF_T
typedef __PTRDIFF_TYPE__ ptrdiff_t;
#endif
#undef __need_ptrdiff_t
#endif

#ifdef __need_size_t
#ifndef _SIZE_T
#define _SIZE_T
typedef __SIZE_TYPE__ size_t;
#endif
#undef __need_size_t
#endif

#ifdef __need_wchar_t
#ifndef _WCHAR_T
#define _WCHAR_T
typedef __WCHAR_TYPE__ wchar_t;
#endif
#undef __need_wchar_t
#endif

#ifdef __need_NULL
#undef NULL
#define NULL ((void *)0)
#undef __need_NULL
#endif

#ifdef __need_max_align_t
#ifndef __CLANG_MAX_ALIGN_T_DEFINED
#define __CLANG_MAX_ALIGN_T_DEFINED
typedef struct {
  _Alignas(long long) long long __clang_max_align_nonce1;
  _Alignas(long double) long double __clang_max_align_nonce2;
} max_align_t;
#endif
#undef __need_max_align_t
#endif

#ifdef __need_offsetof
#undef offsetof
#define offsetof(type, member) __builtin_offsetof(type, member)
#undef __need_offsetof
#endif

#ifdef __need_wint_t
#ifndef _WINT_T
#define _WINT_T
typedef __WINT_TYPE__ wint_t;
#endif
#undef __need_wint_t
#endif
