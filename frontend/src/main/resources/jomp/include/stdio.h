/* jomp: <stdio.h>, what jomp's C library implements (docs/libc.md). FILE is glibc's incomplete
   struct _IO_FILE and the guard macros are glibc's, so that glibc's other headers (wchar.h,
   stdio_ext.h, ...) can be included beside it; stdin/stdout/stderr come from jomp's C library. */
#ifndef _STDIO_H
#define _STDIO_H 1
#include <features.h>
__BEGIN_DECLS
#define __need_size_t
#define __need_NULL
#include <stddef.h>
#define __need___va_list
#include <stdarg.h>
#include <bits/types.h>
#include <bits/types/__fpos_t.h>
#include <bits/types/__FILE.h>
#include <bits/types/FILE.h>
#ifndef _VA_LIST_DEFINED
typedef __gnuc_va_list va_list;
#define _VA_LIST_DEFINED
#endif
typedef __fpos_t fpos_t;
#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 16
#define L_tmpnam 20
#define TMP_MAX 238328
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2

FILE *__jomp_stdin(void);
FILE *__jomp_stdout(void);
FILE *__jomp_stderr(void);
#define stdin (__jomp_stdin())
#define stdout (__jomp_stdout())
#define stderr (__jomp_stderr())

int printf(const char *restrict format, ...);
int fprintf(FILE *restrict stream, const char *restrict format, ...);
int sprintf(char *restrict s, const char *restrict format, ...);
int snprintf(char *restrict s, size_t n, const char *restrict format, ...);
int vprintf(const char *restrict format, va_list ap);
int vfprintf(FILE *restrict stream, const char *restrict format, va_list ap);
int vsprintf(char *restrict s, const char *restrict format, va_list ap);
int vsnprintf(char *restrict s, size_t n, const char *restrict format, va_list ap);
int puts(const char *s);
int putchar(int c);
int fputs(const char *restrict s, FILE *restrict stream);
int fputc(int c, FILE *stream);
int putc(int c, FILE *stream);
int fflush(FILE *stream);
size_t fwrite(const void *restrict ptr, size_t size, size_t n, FILE *restrict stream);
int getchar(void);
int fgetc(FILE *stream);
int getc(FILE *stream);
char *fgets(char *restrict s, int n, FILE *restrict stream);
int setvbuf(FILE *restrict stream, char *restrict buf, int mode, size_t size);
void setbuf(FILE *restrict stream, char *restrict buf);
void perror(const char *s);
int ferror(FILE *stream);
int feof(FILE *stream);
void clearerr(FILE *stream);
FILE *fopen(const char *restrict path, const char *restrict mode);
int fclose(FILE *stream);
size_t fread(void *restrict ptr, size_t size, size_t n, FILE *restrict stream);
int fseek(FILE *stream, long offset, int whence);
long ftell(FILE *stream);
void rewind(FILE *stream);
int ungetc(int c, FILE *stream);
int remove(const char *path);
int rename(const char *from, const char *to);
int scanf(const char *restrict format, ...);
int fscanf(FILE *restrict stream, const char *restrict format, ...);
int sscanf(const char *restrict s, const char *restrict format, ...);
int vscanf(const char *restrict format, va_list ap);
int vfscanf(FILE *restrict stream, const char *restrict format, va_list ap);
int vsscanf(const char *restrict s, const char *restrict format, va_list ap);
__END_DECLS
#endif
