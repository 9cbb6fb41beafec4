/* jomp: <stdarg.h>, the compiler's own. va_list is a pointer to the next 8-byte slot of the
   variadic area (docs/design/abi.md, "stdarg"); the builtins are lowered by the compiler. As
   clang's, glibc may include it for one piece: __need___va_list gives __gnuc_va_list only. */
#if !defined(__need___va_list) && !defined(__need_va_list) && !defined(__need_va_arg) && \
    !defined(__need___va_copy) && !defined(__need_va_copy)
#define __need___va_list
#define __need_va_list
#define __need_va_arg
#define __need___va_copy
#define __need_va_copy
#ifndef __STDARG_H
#define __STDARG_H
#endif
#endif

#ifdef __need___va_list
#ifndef __GNUC_VA_LIST
#define __GNUC_VA_LIST
typedef __builtin_va_list __gnuc_va_list;
#endif
#undef __need___va_list
#endif

#ifdef __need_va_list
#ifndef _VA_LIST
#define _VA_LIST
typedef __builtin_va_list va_list;
#endif
#undef __need_va_list
#endif

#ifdef __need_va_arg
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#undef __need_va_arg
#endif

#ifdef __need___va_copy
#define __va_copy(dst, src) __builtin_va_copy(dst, src)
#undef __need___va_copy
#endif

#ifdef __need_va_copy
#define va_copy(dst, src) __builtin_va_copy(dst, src)
#undef __need_va_copy
#endif
