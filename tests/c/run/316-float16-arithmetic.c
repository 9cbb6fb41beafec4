/* _Float16 arithmetic: binary16 storage (sizeof 2, _Alignof 2), operations computed in float and
   rounded to binary16 once where the value is stored or compared (clang's and gcc's excess
   precision on x86-64), compound assignment, ++/--, comparisons with NaN and infinities,
   _Generic, f16/F16 literals, the __FLT16_* macros, values in structs, arrays, by value and
   through pointers. Values are printed through their bits or after being stored. */
#include <stdio.h>
#include <string.h>

typedef _Float16 half;

static unsigned bits(half h) {
    unsigned short u;
    memcpy(&u, &h, sizeof u);
    return u;
}

static void show(const char *what, half h) {
    double d = h; /* h is a stored _Float16: converting it is exact */
    printf("%-10s %04x %.10g\n", what, bits(h), d);
}

struct point {
    char tag;
    half x, y;
    half w[3];
};

static half dot(struct point p, struct point q) {
    half r = p.x * q.x + p.y * q.y;
    return r;
}

static half scale(half *v, int n, half k) {
    half sum = 0;
    for (int i = 0; i < n; i++) {
        v[i] *= k;
        sum += v[i];
    }
    return sum;
}

#define KIND(x) _Generic((x), _Float16: "half", float: "float", double: "double", int: "int", default: "other")

int main(void) {
    printf("sizeof %zu align %zu struct %zu\n", sizeof(half), _Alignof(half), sizeof(struct point));
    printf("mant %d dig %d max_exp %d min_exp %d\n", __FLT16_MANT_DIG__, __FLT16_DIG__, __FLT16_MAX_EXP__,
           __FLT16_MIN_EXP__);
    show("max", __FLT16_MAX__);
    show("min", __FLT16_MIN__);
    show("denorm", __FLT16_DENORM_MIN__);
    show("epsilon", __FLT16_EPSILON__);

    volatile half a = 1.0009765625f16, b = 3.0F16, c = 1e-3f16, d = 2049.0f16;
    show("a", a);
    show("d", d); /* 2049 is not a binary16 value: ties to even gives 2048 */
    half r1 = a * b * c + d;
    half r2 = a + c + c + c; /* one rounding at the end */
    half r3 = (half)(a + c) + c;
    half r4 = d + 1.0f16 + 1.0f16;
    half r5 = a / b;
    half r6 = -a * b - c;
    show("a*b*c+d", r1);
    show("a+c+c+c", r2);
    show("(a+c)+c", r3);
    show("d+1+1", r4);
    show("a/b", r5);
    show("-a*b-c", r6);

    half h = 0;
    for (int i = 0; i < 3000; i++) h += 1; /* sticks at 2048, where 1 is half an ulp */
    show("sum 1s", h);
    h = 2048;
    h++;
    show("2048++", h);
    h = 1;
    for (int i = 0; i < 20; i++) h /= 2;
    show("2^-20", h);
    h = 1;
    for (int i = 0; i < 30; i++) h *= 2;
    show("2^30", h);
    half nh = -h;
    show("-inf", nh);
    h = 0.1f16;
    h -= 0.05f16;
    show("0.1-0.05", h);
    h = 7;
    h = h * h;
    show("49", h);

    volatile half zero = 0;
    half nan = zero / zero, inf = 1 / zero;
    printf("nan: == %d != %d < %d > %d <= %d >= %d self %d\n", nan == nan, nan != nan, nan < 1, nan > 1,
           nan <= nan, nan >= nan, nan == nan);
    printf("inf: %d %d %d %d\n", inf > __FLT16_MAX__, -inf < -__FLT16_MAX__, inf == inf + 1, inf - inf != inf - inf);
    printf("cmp: %d %d %d %d\n", a < b, a * b > b, (half)(a * b) == (half)(b * a), c + c == 2 * c);

    printf("generic: %s %s %s %s %s\n", KIND(a), KIND(a * b), KIND(a + 1), KIND(a + 1.0f), KIND(a + 1.0));

    struct point p = { 'p', 1.5f16, -2.25f16, { 1, 2, 3 } };
    struct point q = p;
    q.x = 4;
    show("dot", dot(p, q));
    show("w sum", scale(p.w, 3, 0.1f16));
    for (int i = 0; i < 3; i++) show("w", p.w[i]);
    half arr[8];
    for (int i = 0; i < 8; i++) arr[i] = (half)i / 3;
    half *ptr = arr + 2;
    *ptr++ += 100;
    ptr[1] = ptr[0] * ptr[-1];
    for (int i = 0; i < 8; i++) show("arr", arr[i]);
    return 0;
}
