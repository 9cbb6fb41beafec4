/* The declarations of lib/jnative.c, for the programs of this folder. */
#include <stddef.h>
#include <stdarg.h>
struct pair { int a, b; };
struct mixed { int i; float f; };
struct vec2 { double x, y; };
struct vec2f { float x, y; };
struct idpair { long id; double w; };
struct big { long a, b, c; double d; };
struct narrow { char c; unsigned char u; short s; };
struct nested { struct pair p; float f[2]; };
struct odd { char c[3]; };
union num { int i; float f; double d; };
typedef int (*binop)(int, int);

struct pair pair_make(int a, int b);
int pair_dot(struct pair p, struct pair q);
float mixed_sum(struct mixed m);
struct vec2 vec2_scale(struct vec2 v, double k);
struct vec2f vec2f_add(struct vec2f a, struct vec2f b);
struct idpair idpair_next(struct idpair p);
struct big big_make(long a);
double big_sum(struct big b);
double many(int a, double b, struct big c, int d, struct vec2 e, long f, float g, int h, struct pair i, double j);
int narrow_sum(struct narrow n);
float nested_sum(struct nested n);
struct odd odd_rev(struct odd o);
union num num_from_double(double d);
long num_bits(union num u);
unsigned char ret_uchar(int x);
signed char ret_schar(int x);
unsigned short ret_ushort(int x);
short ret_short(int x);
_Bool ret_bool(int x);
int take_narrow(signed char c, unsigned char u, short s, unsigned short us, _Bool b);
float ret_float(float a, float b);
unsigned long ret_ulong(unsigned long x);

int vsum(int n, ...);
void vprint(char *out, size_t size, const char *types, ...);
int lib_vformat(char *out, size_t size, const char *fmt, va_list ap);

int apply(int (*f)(int), int x);
int fold(const int *a, int n, int (*op)(int, int), int init);
struct pair pair_apply(struct pair (*f)(struct pair, double), struct pair p);
double vec_apply(double (*f)(struct vec2), double x);
void sort_ints(int *a, int n, int (*cmp)(const void *, const void *));
int *find_int(int key, int *a, int n, int (*cmp)(const void *, const void *));
binop get_op(char c);
int is_mul(binop f);
void on_event(void (*f)(int));
void fire(int n);
void keep_op(binop f);
binop kept_op(void);
int call_kept(int a, int b);

extern int lib_counter;
extern double lib_scale;
extern const char *lib_name;
extern int lib_table[5];
extern struct pair lib_origin;
extern binop lib_default_op;
int lib_get_counter(void);
int lib_table_sum(void);

int fail_with(int e);
int open_missing(const char *path);
union u5 { char c[5]; int i; };
union sd { struct vec2f v; double d; };
union wide { long l[3]; double d; };
int u5_sum(union u5 u);
union sd sd_swap(union sd u);
union wide wide_make(long a);
long wide_sum(union wide w);
#include <stdio.h>
void lib_fprint(FILE *f, const char *s);
FILE *lib_fopen(const char *path, const char *mode);
int lib_fgets(FILE *f, char *buf, int n);
void lib_say(const char *s);
void lib_puts_partial(const char *s);
void lib_register_atexit(void);
void lib_register(void (*f)(void));
const char *lib_getenv(const char *name);
int lib_setenv(const char *name, const char *value);
void lib_exit(int status);
long ints7(long a, int b, short c, long d, unsigned char e, long f, int g);
long ints8_mixed(int a, double x, long b, long c, double y, int d, long e, long f, float z, char *g, long h);
long vsum_longs(int n, ...);
struct three { char c[3]; };
struct six { short a, b, c; };
struct seven { char c[7]; };
struct mix8 { unsigned char tag; short s; int i; };
long small_structs(struct three t, int x, struct six s, struct seven v, long y, struct mix8 m, struct pair p, int z);
long seven_in_memory(long a, long b, long c, long d, long e, long f, struct seven g, struct three h);
