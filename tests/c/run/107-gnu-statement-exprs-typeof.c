/* GNU C as system headers and libraries use it: statement expressions, typeof and its
   spellings, __builtin_types_compatible_p, __builtin_choose_expr, _Generic, __extension__,
   asm labels, attributes that change layout, and enums whose values pass int. */
#include <stdio.h>
#include <stddef.h>

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SWAP(x, y) do { typeof(x) _t = (x); (x) = (y); (y) = _t; } while (0)
#define IS_INT(x) __builtin_types_compatible_p(__typeof__(x), int)
#define TYPENAME(x) _Generic((x), int: "int", long: "long", double: "double", char *: "char *", \
                             const char *: "const char *", default: "other")

struct point { int x, y; };

static int calls;
static int next(void) { return ++calls; }

/* the asm label is the symbol: both names are one function, as glibc's redirects (scanf is __isoc99_scanf) */
int add_twice(int) __asm__("add_twice_impl");
int add_twice_impl(int v) { return v + v; }
extern int put_line(const char *) __asm__("puts");

/* a transparent union parameter takes any member's type */
typedef union { int *ip; const long *lp; } __attribute__((transparent_union)) int_or_long_ptr;
static int low_int(int_or_long_ptr u) { return *(const int *)u.ip; }

struct __attribute__((packed)) packed { char c; int i; short s; };
struct aligned { char c; int i __attribute__((aligned(16))); };
typedef int aligned_int __attribute__((aligned(8)));
typedef int v4si __attribute__((mode(DI)));
enum big { SMALL = 1, LARGE = 0x80000000u };
enum __attribute__((packed)) tiny { T0, T1, T2 };

int main(void) {
    int i = 3, j = 7;
    printf("max %d %d\n", MAX(i, j), MAX(next(), next()));
    printf("calls %d\n", calls);
    double d = MAX(2.5, 1);
    printf("max double %.2f\n", d);
    SWAP(i, j);
    printf("swapped %d %d\n", i, j);
    int total = ({ int s = 0; for (int k = 1; k <= 10; k++) s += k; s; });
    printf("total %d\n", total);
    struct point p = ({ struct point q = { 4, 5 }; q.x += 10; q; });
    printf("point %d %d\n", p.x, p.y);
    int nested = ({ int a = ({ int b = 2; b * 3; }); a + 1; });
    printf("nested %d\n", nested);
    ({ printf("void statement expression\n"); });
    const int ci = 9;
    __typeof__(ci + 0) mutable_copy = ci;
    mutable_copy++;
    __typeof__(p) other = { 1, 2 };
    printf("typeof %d %d %d\n", mutable_copy, other.x + other.y, (int)sizeof(__typeof__(p.x + 0L)));
    printf("compatible %d %d %d\n", IS_INT(i), IS_INT(d), __builtin_types_compatible_p(const int, int));
    printf("choose %s %d\n", __builtin_choose_expr(sizeof(long) == 8, "lp64", "other"),
           (int)sizeof(__builtin_choose_expr(1, (char)0, 0.0)));
    char buf[4] = "ab";
    const char *cs = buf;
    printf("generic %s %s %s %s %s %s\n", TYPENAME(i), TYPENAME(1L), TYPENAME(d), TYPENAME(buf), TYPENAME(cs), TYPENAME(p));
    printf("extension %d\n", __extension__ (i + j));
    printf("asm label %d\n", add_twice(21));
    put_line("puts through an asm label");
    int small = 5;
    long wide = 6;
    printf("transparent union %d %d\n", low_int(&small), low_int(&wide));
    printf("packed %zu %zu %zu\n", sizeof(struct packed), offsetof(struct packed, i), offsetof(struct packed, s));
    printf("aligned %zu %zu %zu\n", sizeof(struct aligned), offsetof(struct aligned, i), _Alignof(aligned_int));
    printf("mode %zu\n", sizeof(v4si));
    printf("enums %zu %zu %lu %d\n", sizeof(enum big), sizeof(enum tiny), (unsigned long)LARGE, LARGE > 0);
    int __attribute__((unused)) unused_ok = 0;
    switch (i) {
    case 7:
        printf("case 7\n");
        __attribute__((fallthrough));
    default:
        printf("default\n");
    }
    return 0;
}
