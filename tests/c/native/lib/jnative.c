/* The shared library the native-call tests build with gcc (-shared -fPIC) and call from programs built
 * by gcc and by jomp: structs and unions by value both ways, variadic functions, callbacks, globals,
 * errno, FILE streams and atexit. Each function does something whose result the programs print. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- structs and unions by value (x86-64 SysV: INTEGER, SSE, mixed, MEMORY) ---- */
struct pair { int a, b; };                    /* one INTEGER eightbyte */
struct mixed { int i; float f; };             /* INTEGER (int and float in one eightbyte) */
struct vec2 { double x, y; };                 /* SSE, SSE */
struct vec2f { float x, y; };                 /* one SSE eightbyte */
struct idpair { long id; double w; };         /* INTEGER, SSE */
struct big { long a, b, c; double d; };       /* 32 bytes: MEMORY */
struct narrow { char c; unsigned char u; short s; };
struct nested { struct pair p; float f[2]; }; /* 16 bytes: INTEGER, SSE */
struct odd { char c[3]; };                    /* 3 bytes */
union num { int i; float f; double d; };      /* 8 bytes, INTEGER and SSE merged */

struct pair pair_make(int a, int b) { struct pair p = {a, b}; return p; }
int pair_dot(struct pair p, struct pair q) { return p.a * q.a + p.b * q.b; }
float mixed_sum(struct mixed m) { return m.i + m.f; }
struct vec2 vec2_scale(struct vec2 v, double k) { struct vec2 r = {v.x * k, v.y * k}; return r; }
struct vec2f vec2f_add(struct vec2f a, struct vec2f b) { struct vec2f r = {a.x + b.x, a.y + b.y}; return r; }
struct idpair idpair_next(struct idpair p) { struct idpair r = {p.id + 1, p.w * 2}; return r; }
struct big big_make(long a) { struct big b = {a, a * 2, a * 3, a * 0.5}; return b; }
double big_sum(struct big b) { return b.a + b.b + b.c + b.d; }
/* many arguments: the later ones go on the stack, structs in memory among them */
double many(int a, double b, struct big c, int d, struct vec2 e, long f, float g, int h, struct pair i, double j) {
    return a + b + c.d + c.a + d + e.x + e.y + f + g + h + i.a + i.b + j;
}
int narrow_sum(struct narrow n) { return n.c + n.u + n.s; }
float nested_sum(struct nested n) { return n.p.a + n.p.b + n.f[0] + n.f[1]; }
struct odd odd_rev(struct odd o) { struct odd r = {{o.c[2], o.c[1], o.c[0]}}; return r; }
union num num_from_double(double d) { union num u; u.d = d; return u; }
long num_bits(union num u) { long l; memcpy(&l, &u, sizeof l); return l; }

unsigned char ret_uchar(int x) { return (unsigned char)x; }
signed char ret_schar(int x) { return (signed char)x; }
unsigned short ret_ushort(int x) { return (unsigned short)x; }
short ret_short(int x) { return (short)x; }
_Bool ret_bool(int x) { return x != 0; }
int take_narrow(signed char c, unsigned char u, short s, unsigned short us, _Bool b) { return c * 1000000 + u * 10000 + s * 10 + us + b; }
float ret_float(float a, float b) { return a / b; }
unsigned long ret_ulong(unsigned long x) { return x * 3; }

/* ---- variadic ---- */
int vsum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}
/* 'i' int, 'l' long, 'd' double, 's' string, 'p' struct pair, 'b' struct big */
void vprint(char *out, size_t size, const char *types, ...) {
    va_list ap;
    va_start(ap, types);
    size_t at = 0;
    for (const char *t = types; *t && at < size; t++) {
        switch (*t) {
        case 'i': at += snprintf(out + at, size - at, "i%d ", va_arg(ap, int)); break;
        case 'l': at += snprintf(out + at, size - at, "l%ld ", va_arg(ap, long)); break;
        case 'd': at += snprintf(out + at, size - at, "d%g ", va_arg(ap, double)); break;
        case 's': at += snprintf(out + at, size - at, "s%s ", va_arg(ap, const char *)); break;
        case 'p': { struct pair p = va_arg(ap, struct pair); at += snprintf(out + at, size - at, "p%d,%d ", p.a, p.b); break; }
        case 'b': { struct big b = va_arg(ap, struct big); at += snprintf(out + at, size - at, "b%ld,%g ", b.c, b.d); break; }
        }
    }
    va_end(ap);
}
/* a va_list from the caller, as vprintf takes one */
int lib_vformat(char *out, size_t size, const char *fmt, va_list ap) { return vsnprintf(out, size, fmt, ap); }

/* ---- callbacks ---- */
int apply(int (*f)(int), int x) { return f(x); }
int fold(const int *a, int n, int (*op)(int, int), int init) {
    for (int i = 0; i < n; i++) init = op(init, a[i]);
    return init;
}
struct pair pair_apply(struct pair (*f)(struct pair, double), struct pair p) { return f(p, 0.5); }
double vec_apply(double (*f)(struct vec2), double x) { struct vec2 v = {x, x + 1}; return f(v); }
void sort_ints(int *a, int n, int (*cmp)(const void *, const void *)) { qsort(a, n, sizeof *a, cmp); }
int *find_int(int key, int *a, int n, int (*cmp)(const void *, const void *)) { return bsearch(&key, a, n, sizeof *a, cmp); }
static int mul(int a, int b) { return a * b; }
static int sub(int a, int b) { return a - b; }
typedef int (*binop)(int, int);
binop get_op(char c) { return c == '*' ? mul : sub; }
int is_mul(binop f) { return f == mul; }
/* a callback kept for later, called from another function */
static void (*saved)(int);
static binop saved_op;
void on_event(void (*f)(int)) { saved = f; }
void fire(int n) { for (int i = 0; i < n; i++) saved(i); }
void keep_op(binop f) { saved_op = f; }
binop kept_op(void) { return saved_op; }
int call_kept(int a, int b) { return saved_op(a, b); }

/* ---- globals ---- */
int lib_counter = 7;
double lib_scale = 2.5;
const char *lib_name = "jnative";
int lib_table[5] = {1, 1, 2, 3, 5};
struct pair lib_origin = {-1, 1};
binop lib_default_op = mul;
int lib_get_counter(void) { return lib_counter; }
int lib_table_sum(void) { int s = 0; for (int i = 0; i < 5; i++) s += lib_table[i]; return s; }

/* ---- errno ---- */
int fail_with(int e) { errno = e; return -1; }
int open_missing(const char *path) { FILE *f = fopen(path, "r"); if (!f) return -1; fclose(f); return 0; }

/* ---- more unions ---- */
union u5 { char c[5]; int i; };               /* 8 bytes with tail padding */
union sd { struct vec2f v; double d; };       /* one SSE eightbyte */
union wide { long l[3]; double d; };          /* 24 bytes: MEMORY */
int u5_sum(union u5 u) { return u.c[0] + u.c[1] + u.c[2] + u.c[3] + u.c[4]; }
union sd sd_swap(union sd u) { float t = u.v.x; u.v.x = u.v.y; u.v.y = t; return u; }
union wide wide_make(long a) { union wide w = {{a, -a, 2 * a}}; return w; }
long wide_sum(union wide w) { return w.l[0] + w.l[1] + w.l[2]; }

/* ---- one C world: FILE streams, stdout, atexit, the environment ---- */
void lib_fprint(FILE *f, const char *s) { fprintf(f, "[lib] %s\n", s); }
FILE *lib_fopen(const char *path, const char *mode) { return fopen(path, mode); }
int lib_fgets(FILE *f, char *buf, int n) { return fgets(buf, n, f) != NULL; }
void lib_say(const char *s) { printf("[lib says] %s\n", s); }
void lib_puts_partial(const char *s) { fputs(s, stdout); }
static void lib_bye(void) { printf("[lib] atexit handler\n"); }
void lib_register_atexit(void) { atexit(lib_bye); }
void lib_register(void (*f)(void)) { atexit(f); }
const char *lib_getenv(const char *name) { return getenv(name); }
int lib_setenv(const char *name, const char *value) { return setenv(name, value, 1); }
void lib_exit(int status) { exit(status); }

/* ---- seven and eight integer arguments (the last ones on the stack), with doubles between ---- */
long ints7(long a, int b, short c, long d, unsigned char e, long f, int g) { return a - 2 * b + 3 * c - 4 * d + 5 * e - 6 * f + 7 * g; }
long ints8_mixed(int a, double x, long b, long c, double y, int d, long e, long f, float z, char *g, long h) {
    return a + b * 10 + c * 100 + d * 1000 + e * 10000 + f * 100000 + (g ? g[0] : 0) * 1000000L + h * 100000000L + (long)(x * y * z);
}
long vsum_longs(int n, ...) { va_list ap; va_start(ap, n); long s = 0; for (int i = 0; i < n; i++) s = s * 3 + va_arg(ap, long); va_end(ap); return s; }
/* ---- small structs in one register (INTEGER, at most 8 bytes) ---- */
struct three { char c[3]; };
struct six { short a, b, c; };
struct seven { char c[7]; };
struct mix8 { unsigned char tag; short s; int i; };
long small_structs(struct three t, int x, struct six s, struct seven v, long y, struct mix8 m, struct pair p, int z) {
    long r = t.c[0] + 2 * t.c[1] + 3 * t.c[2];
    r = r * 7 + x;
    r = r * 7 + s.a - s.b + s.c;
    for (int i = 0; i < 7; i++) r = r * 3 + v.c[i];
    r = r * 7 + y;
    r = r * 7 + m.tag + m.s + m.i;
    r = r * 7 + p.a - p.b;
    return r * 7 + z;
}
long seven_in_memory(long a, long b, long c, long d, long e, long f, struct seven g, struct three h) {
    long r = a + b + c + d + e + f;
    for (int i = 0; i < 7; i++) r = r * 3 + g.c[i];
    return r * 5 + h.c[0] - h.c[1] + h.c[2];
}
