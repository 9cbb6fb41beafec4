/* jomp: <stdarg.h>. va_list is a pointer to the next 8-byte slot of the variadic area
   (docs/design/abi.md, "stdarg"); the builtins are lowered by the compiler. */
#ifndef __JOMP_STDARG_H
#define __JOMP_STDARG_H
#ifndef __JOMP_VA_LIST
#define __JOMP_VA_LIST
typedef __builtin_va_list va_list;
#endif
typedef __builtin_va_list __gnuc_va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dst, src) __builtin_va_copy(dst, src)
#define __va_copy(dst, src) __builtin_va_copy(dst, src)
#endif
