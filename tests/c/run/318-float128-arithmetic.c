/* __float128 arithmetic: IEEE binary128 (sizeof 16, _Alignof 16), + - * / correctly rounded,
   sqrt through __builtin_sqrtf128, comparisons with NaN and infinities, unary minus, ++/--
   (prefix and postfix), compound assignment, !, && and ?: conditions, _Generic, q/Q literals,
   static initialisers folded exactly, values in structs and arrays, by value and through
   pointers, the __builtin_*f128 constants, fabs/copysign and the classification builtins.
   Values are printed through their bits (two 64-bit words) or converted to double. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

typedef __float128 quad;

static void show(const char *what, quad x) {
    uint64_t w[2];
    memcpy(w, &x, sizeof w);
    printf("%-12s %016llx %016llx %.17g\n", what, (unsigned long long)w[1], (unsigned long long)w[0], (double)x);
}

/* folded by the compiler, each operation rounded once in binary128 */
static quad third = 1.0q / 3;
static quad tenth = 0.1Q;
static quad folded = (1.0q + 1e-30q) * 3 - 2.5q / 7;
static quad table[4] = {1, -2.5q, 0x1.8p-3q, 1e4000q};
static const quad big = 1.18973149535723176508575932662800702e4932q;
static quad inf = __builtin_inff128();
static quad fab = __builtin_fabsf128(-0.75q);
static quad csign = __builtin_copysignf128(2, -0.0q);

struct account {
    char tag;
    quad balance;
    int count;
    quad history[2];
};

static quad mul_add(quad a, quad b, quad c) {
    return a * b + c;
}

static struct account deposit(struct account a, quad amount) {
    a.history[1] = a.history[0];
    a.history[0] = a.balance;
    a.balance += amount;
    a.count++;
    return a;
}

static void scale(quad *v, int n, quad k) {
    for (int i = 0; i < n; i++)
        v[i] *= k;
}

static const char *kind(quad x) {
    return _Generic(x, __float128: "__float128", double: "double", long double: "long double", default: "other");
}

int main(void) {
    printf("sizeof %zu align %zu struct %zu offset %zu macro %d\n", sizeof(quad), _Alignof(quad),
           sizeof(struct account), __builtin_offsetof(struct account, balance), __SIZEOF_FLOAT128__);
    printf("types: %s %s %s\n", kind(1.0q), kind(1.0q + 1), kind(2.0 * tenth));
    printf("sizeof(1.0q + 1.0) %zu\n", sizeof(1.0q + 1.0));

    show("third", third);
    show("tenth", tenth);
    show("folded", folded);
    for (int i = 0; i < 4; i++)
        show("table", table[i]);
    show("big", big);
    show("inf", inf);
    show("fabs", fab);
    show("copysign", csign);

    /* the same operations at run time, on values the compiler does not know */
    volatile int one = 1;
    quad x = one;
    x /= 3;
    show("x", x);
    printf("x == third %d\n", x == third);
    show("x*3", x * 3);
    show("x*3-1", x * 3 - 1);
    show("0.1+0.2", tenth + 0.2q * one);
    show("0.1+0.2-0.3", tenth + 0.2q * one - 0.3q);
    show("mul_add", mul_add(x, tenth, -1));
    show("sqrt 2", __builtin_sqrtf128(2 * x * 3));
    show("-x", -x);
    show("+x", +x);

    quad y = x;
    show("y++", y++);
    show("y", y);
    show("--y", --y);
    show("y--", y--);
    show("y", y);
    y += 0.5q;
    show("y+=", y);
    y -= x;
    show("y-=", y);
    y *= 1e100q;
    show("y*=", y);
    y /= 7;
    show("y/=", y);
    y = x;
    y += 1; /* int operand */
    y *= 2.5; /* double operand */
    show("mixed", y);

    /* overflow, underflow, signed zeros, NaN */
    quad huge = big * one;
    show("huge*2", huge * 2);
    show("huge+huge", huge + huge);
    quad tiny = 1e-4930q * one;
    show("tiny", tiny);
    show("tiny/1e10", tiny / 1e10q);
    show("tiny*tiny", tiny * tiny);
    quad zero = 0 * x;
    show("-zero", -zero);
    show("1/zero", 1 / zero);
    show("1/-zero", 1 / -zero);
    quad nan = zero / zero;
    show("inf-inf", inf - inf);
    printf("nan: == %d != %d < %d <= %d > %d >= %d !nan %d\n", nan == nan, nan != nan, nan < 1, nan <= 1, nan > 1,
           nan >= 1, !nan);
    printf("zeros: == %d < %d\n", zero == -zero, -zero < zero);
    printf("order: %d %d %d %d %d %d\n", x < y, x <= x, y > x, y >= y, x != y, -inf < -huge);
    printf("truth: %d %d %d %d\n", x ? 1 : 0, zero ? 1 : 0, !zero, x && zero);
    quad m = one > 0 ? x : y;
    show("cond", m);

    struct account a = {'a', 100, 0, {0, 0}};
    for (int i = 0; i < 3; i++)
        a = deposit(a, tenth * (i + 1));
    show("balance", a.balance);
    show("history0", a.history[0]);
    show("history1", a.history[1]);
    printf("count %d tag %c\n", a.count, a.tag);

    quad v[5] = {1, 2, 3, 4, 5};
    scale(v, 5, third);
    quad *p = &v[2];
    *p -= 1;
    p[1] += p[-1];
    for (int i = 0; i < 5; i++)
        show("v", v[i]);

    quad acc = 1, h = 0;
    for (int i = 1; i <= 30; i++) {
        acc *= 1.1q;
        h += 1 / (quad)i;
    }
    show("1.1^30", acc);
    show("H30", h);

    quad vals[] = {0, -zero, 1, tiny / 1e10q, inf, -inf, nan, huge, -x};
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        quad t = vals[i];
        printf("class %u: nan %d inf %d finite %d normal %d sign %d inf_sign %d fpclassify %d\n", i,
               __builtin_isnan(t), __builtin_isinf(t), __builtin_isfinite(t), __builtin_isnormal(t),
               __builtin_signbit(t) != 0, __builtin_isinf_sign(t), __builtin_fpclassify(0, 1, 2, 3, 4, t));
        printf("quiet %u: %d %d %d %d %d %d\n", i, __builtin_isgreater(t, x), __builtin_isgreaterequal(t, x),
               __builtin_isless(t, x), __builtin_islessequal(t, x), __builtin_islessgreater(t, x),
               __builtin_isunordered(t, x));
    }
    show("huge_val", __builtin_huge_valf128());
    show("nan", __builtin_nanf128(""));
    show("fabs", __builtin_fabsf128(-x));
    show("copysign", __builtin_copysignf128(x, -zero));
    return 0;
}
