/* jomp: <stdlib.h>, what jomp's C library implements (docs/libc.md), with glibc's guard macros
   and type names so that glibc's other headers can be included beside it. */
#ifndef _STDLIB_H
#define _STDLIB_H 1
#include <features.h>
__BEGIN_DECLS
#define __need_size_t
#define __need_wchar_t
#define __need_NULL
#include <stddef.h>
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647
#define MB_CUR_MAX 1
typedef struct { int quot; int rem; } div_t;
#ifndef __ldiv_t_defined
typedef struct { long quot; long rem; } ldiv_t;
#define __ldiv_t_defined 1
#endif
#ifndef __lldiv_t_defined
typedef struct { long long quot; long long rem; } lldiv_t;
#define __lldiv_t_defined 1
#endif

void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void *aligned_alloc(size_t alignment, size_t size);
int posix_memalign(void **p, size_t alignment, size_t size);
void free(void *p);
_Noreturn void exit(int status);
_Noreturn void _Exit(int status);
_Noreturn void abort(void);
int atexit(void (*f)(void));
int abs(int n);
long labs(long n);
long long llabs(long long n);
div_t div(int a, int b);
ldiv_t ldiv(long a, long b);
lldiv_t lldiv(long long a, long long b);
int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
double atof(const char *s);
long strtol(const char *restrict s, char **restrict end, int base);
unsigned long strtoul(const char *restrict s, char **restrict end, int base);
long long strtoll(const char *restrict s, char **restrict end, int base);
unsigned long long strtoull(const char *restrict s, char **restrict end, int base);
double strtod(const char *restrict s, char **restrict end);
float strtof(const char *restrict s, char **restrict end);
long double strtold(const char *restrict s, char **restrict end);
int rand(void);
void srand(unsigned seed);
void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *));
char *getenv(const char *name);
int system(const char *command);
__END_DECLS
#endif
