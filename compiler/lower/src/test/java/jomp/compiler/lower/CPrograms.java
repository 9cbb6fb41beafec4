package jomp.compiler.lower;

import java.util.List;

/** Test programs for the lowering; each prints results and returns a status (no headers: jomp's are elsewhere). */
final class CPrograms {
    private CPrograms() {}

    static final String PRELUDE = """
        int printf(const char *, ...);
        void *malloc(unsigned long);
        int putchar(int);
        int puts(const char *);
        void exit(int);
        double sqrt(double);
        """;

    /** User-defined variadic functions through the stdarg builtins (the parser makes {@code Expr.VaOp}/{@code Expr.VaArg}). */
    static final String VARIADIC = PRELUDE + """
        typedef __builtin_va_list va_list;
        struct S { int a; double b; };
        static double total(int n, ...) {
            va_list ap; __builtin_va_start(ap, n);
            double t = 0;
            for (int i = 0; i < n; i++) {
                int kind = __builtin_va_arg(ap, int);
                if (kind == 0) t += __builtin_va_arg(ap, int);
                else if (kind == 1) t += __builtin_va_arg(ap, double);
                else if (kind == 2) t += __builtin_va_arg(ap, long);
                else { struct S s = __builtin_va_arg(ap, struct S); t += s.a * s.b; }
            }
            __builtin_va_end(ap);
            return t;
        }
        int main(void) {
            struct S s = {3, 1.5};
            float f = 2.25f; char c = 'A'; short sh = -2;
            double t = total(5, 0, -4, 1, 0.5, 2, 10000000000L, 3, s, 1, f);
            printf("%.2f %c %d %s\\n", t, c, sh, "x");
            return (int)total(2, 0, c, 0, sh);
        }
        """;

    static final List<String> ALL = List.of(
            // integer types, promotions, unsigned wrap-around, division and shifts
            PRELUDE + """
        int main(void) {
            unsigned char uc = 250; signed char sc = -5; unsigned short us = 65535; short s = -32768;
            uc += 10; sc *= 30; us++; s--;
            printf("%d %d %d %d\\n", uc, sc, us, s);
            unsigned u = 0; u -= 1; printf("%u %x\\n", u, u >> 4);
            int i = -7; printf("%d %d %d %d\\n", i / 2, i % 2, i >> 1, -i << 3);
            long l = -1L; unsigned long ul = (unsigned long)l; printf("%ld %lu %lx\\n", l, ul, ul >> 60);
            long long big = 9000000000LL * 3; printf("%lld\\n", big);
            printf("%d %d\\n", (unsigned)-1 > 0, -1 < 0u);
            printf("%d\\n", (char)300 + (unsigned char)300);
            int x = 0x7fffffff; x += 1; printf("%d\\n", x);
            unsigned m = 3000000000u; printf("%u %u %u\\n", m / 7, m % 7, m * 3);
            _Bool b = 42; _Bool c = 0.0; printf("%d %d\\n", b, c);
            long long q = -9; printf("%lld %lld\\n", q / 4, q % 4);
            return uc;
        }
        """,
            // floating point and conversions
            PRELUDE + """
        int main(void) {
            double d = 1.0 / 3; float f = 1.0f / 3;
            printf("%.17g %.9g\\n", d, f);
            printf("%f %e %g %g\\n", 3.25, 12345.678, 0.0001234, 1e20);
            int i = (int)-2.9; unsigned u = (unsigned)3e9; long l = (long)-1e15;
            printf("%d %u %ld\\n", i, u, l);
            double x = 4294967295u; float y = 16777217; unsigned long big = 18446744073709551615ul;
            printf("%.1f %.1f %.1f\\n", x, y, (double)big);
            printf("%d %d %d\\n", 0.1 + 0.2 == 0.3, 1.5 > 1, -0.0 == 0.0);
            float g = 0; for (int k = 0; k < 10; k++) g += 0.1f;
            printf("%.9g\\n", g);
            return (int)(d * 30);
        }
        """,
            // structs, unions, bit-fields, by-value passing and returning
            PRELUDE + """
        struct P { int x; long y; char c; };
        struct Big { int a[10]; };
        union U { int i; float f; unsigned char b[4]; };
        struct B { unsigned a : 3; int b : 5; unsigned c : 1; int d : 20; };
        static struct P make(int x, long y) { struct P p; p.x = x; p.y = y; p.c = 'q'; return p; }
        static long sum(struct P p, struct Big b) { long s = p.x + p.y; for (int i = 0; i < 10; i++) s += b.a[i]; p.x = 99; return s; }
        int main(void) {
            struct P p = make(3, 40000000000L);
            struct Big big; for (int i = 0; i < 10; i++) big.a[i] = i * i;
            printf("%d %ld %c %ld\\n", p.x, p.y, p.c, sum(p, big));
            printf("%d\\n", p.x);
            struct P q = p; q.x = 7; printf("%d %d %lu\\n", p.x, q.x, sizeof(struct P));
            union U u; u.f = 1.0f; printf("%x %d\\n", u.i, u.b[3]);
            struct B bf = {5, -3, 1, -100000};
            printf("%u %d %u %d\\n", bf.a, bf.b, bf.c, bf.d);
            bf.a = 9; bf.b += 20; bf.d = bf.d * 2;
            printf("%u %d %u %d %lu\\n", bf.a, bf.b, bf.c, bf.d, sizeof bf);
            struct P *pp = &q; pp->y = -1; printf("%ld\\n", q.y);
            struct P arr[3] = {{1, 2, 'a'}, [2] = {.y = 5, .x = 4}};
            printf("%d %ld %d %d %ld\\n", arr[0].x, arr[0].y, arr[1].x, arr[2].x, arr[2].y);
            return bf.a + (p.c == 'q');
        }
        """,
            // arrays, pointers, pointer arithmetic, VLAs, strings
            PRELUDE + """
        static int sum(int n, int *a) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
        static unsigned long len(const char *s) { const char *p = s; while (*p) p++; return p - s; }
        int main(void) {
            int a[5] = {1, 2, 3}; int *p = a + 1; *p++ = 10; p[1] = 20;
            printf("%d %d %d %d %d %ld\\n", a[0], a[1], a[2], a[3], a[4], &a[4] - &a[0]);
            int m[3][4]; for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) m[i][j] = i * 10 + j;
            printf("%d %d %lu\\n", m[2][3], *(*(m + 1) + 2), sizeof m);
            int n = 6; int v[n]; for (int i = 0; i < n; i++) v[i] = i + 1;
            printf("%d %lu\\n", sum(n, v), sizeof v);
            int rows = 3, cols = n; double w[rows][cols]; w[2][5] = 2.5; w[0][0] = 1;
            printf("%.1f %lu\\n", w[2][5] + w[0][0], sizeof w);
            char s[] = "hello"; char *t = "world"; s[0] = 'j';
            printf("%s %s %lu %lu %c\\n", s, t, sizeof s, len(t), t[len(t) - 1]);
            char buf[8] = "ab"; printf("%d %d %s\\n", buf[2], buf[7], buf);
            const char *names[] = {"x", "yy", "zzz"};
            printf("%s %lu\\n", names[2], len(names[1]));
            long *lp = 0; lp += 3; printf("%ld\\n", (long)lp);
            return p - a;
        }
        """,
            // control flow: switch, goto, short-circuit, conditional, loops with break/continue
            PRELUDE + """
        static int calls;
        static int f(int x) { calls++; return x; }
        static const char *name(int k) {
            switch (k) {
            case 0: return "zero";
            case 1: case 2: return "small";
            case 10 ... 20: return "teen";
            case -5: return "neg";
            default: return "other";
            }
        }
        int main(void) {
            for (int k = -5; k < 25; k += 3) printf("%d:%s ", k, name(k));
            printf("\\n");
            int n = 0;
            switch (3) { case 3: n += 1; case 4: n += 2; break; case 5: n += 4; }
            printf("%d\\n", n);
            int r = f(0) && f(1); r += f(1) || f(2); r += (f(0) ? f(5) : f(6));
            printf("%d %d\\n", r, calls);
            int i = 0, s = 0;
        again:
            i++;
            if (i % 2) goto again;
            s += i;
            if (i < 10) goto again;
            printf("%d\\n", s);
            int t = 0;
            for (int a = 0; a < 10; a++) { if (a == 3) continue; if (a == 7) break; t += a; }
            do { t *= 2; } while (t < 100);
            while (1) { if (--t < 150) break; }
            printf("%d\\n", t);
            int z = 5; int y = z > 3 ? z < 10 ? 1 : 2 : 3;
            printf("%d %d\\n", y, !z);
            return calls;
        }
        """,
            // function pointers, static locals, recursion, file-scope statics and globals
            PRELUDE + """
        int counter = 5;
        static int table[4] = {10, 20, 30, 40};
        int *tp = &table[1];
        const char *msg = "global string";
        static int add(int a, int b) { return a + b; }
        static int mul(int a, int b) { return a * b; }
        static int apply(int (*op)(int, int), int a, int b) { return op(a, b); }
        static int next(void) { static int n = 100; return n++; }
        static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
        int (*ops[2])(int, int) = {add, mul};
        int main(void) {
            printf("%d %d %d\\n", apply(add, 3, 4), apply(mul, 3, 4), ops[1](5, 6));
            int (*fp)(int, int) = &add; printf("%d\\n", (*fp)(1, 2));
            next(); next(); printf("%d\\n", next());
            printf("%d %d %d %s\\n", fib(15), *tp, tp[2], msg);
            counter += table[3]; printf("%d\\n", counter);
            return fib(10);
        }
        """,
            // complex numbers
            PRELUDE + """
        int main(void) {
            union { double _Complex z; double p[2]; } u;
            u.p[0] = 1; u.p[1] = 2; double _Complex a = u.z;
            u.p[0] = 3; u.p[1] = -4; double _Complex b = u.z;
            double _Complex c = a * b, d = a / b, e = a + b, f = a - b;
            printf("%g %g %g %g %g %g %g %g\\n", __real__ c, __imag__ c, __real__ d, __imag__ d, __real__ e, __imag__ e, __real__ f, __imag__ f);
            double _Complex g = a; g *= 2; g += 1;
            printf("%g %g %d %d\\n", __real__ g, __imag__ g, a == a, a != b);
            return (int)__real__ c;
        }
        """,
            // compound literals, designated and nested initializers, sizeof, casts
            PRELUDE + """
        struct V { int x, y; };
        struct L { struct V v[2]; const char *s; int n; };
        static int dot(struct V a, struct V b) { return a.x * b.x + a.y * b.y; }
        static struct L gl = { .v = {[1] = {7, 8}}, .s = "gl", .n = 3 };
        int *gp = (int[]){4, 5, 6};
        int main(void) {
            printf("%d\\n", dot((struct V){1, 2}, (struct V){.y = 3, .x = 4}));
            int *p = (int[]){9, 8, 7};
            struct L l = { {{1, 2}, {3}}, "loc" };
            printf("%d %d %d %d %s %d\\n", p[1], l.v[0].y, l.v[1].x, l.v[1].y, l.s, l.n);
            printf("%d %d %s %d %d\\n", gl.v[0].x, gl.v[1].y, gl.s, gl.n, gp[2]);
            char buf[10] = {'a', [5] = 'b'};
            printf("%d %d %d\\n", buf[0], buf[4], buf[5]);
            printf("%lu %lu %lu\\n", sizeof(struct L), sizeof l.v, sizeof(double));
            double dd = (double)(float)0.1; printf("%.17g\\n", dd);
            return l.v[1].x;
        }
        """,
            // pointers to pointers, malloc, linked list, qualifiers, enums
            PRELUDE + """
        enum Color { RED, GREEN = 5, BLUE };
        struct Node { int v; struct Node *next; };
        int main(void) {
            struct Node *head = 0;
            for (int i = 0; i < 5; i++) { struct Node *n = malloc(sizeof *n); n->v = i * i; n->next = head; head = n; }
            int s = 0; for (struct Node *n = head; n; n = n->next) s = s * 2 + n->v;
            printf("%d\\n", s);
            int x = 1, *px = &x, **ppx = &px; **ppx = 42;
            volatile int vol = 3; const int k = 4;
            enum Color c = BLUE;
            printf("%d %d %d %d\\n", x, vol + k, c, GREEN);
            return c;
        }
        """,
            // sorting, strings, char arithmetic, 2-D VLAs and sizeof at run time
            PRELUDE + """
        static void sort(int n, int *a) {
            for (int i = 1; i < n; i++) { int v = a[i], j = i - 1; while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; } a[j + 1] = v; }
        }
        static void upper(char *s) { for (; *s; s++) if (*s >= 'a' && *s <= 'z') *s -= 'a' - 'A'; }
        static int strcmp2(const char *a, const char *b) { while (*a && *a == *b) a++, b++; return (unsigned char)*a - (unsigned char)*b; }
        int main(void) {
            int a[] = {5, -2, 9, 0, 7, 7, -11};
            sort(sizeof a / sizeof a[0], a);
            for (unsigned i = 0; i < sizeof a / sizeof *a; i++) printf("%d ", a[i]);
            printf("\\n");
            char s[] = "Hello, World 42"; upper(s); puts(s);
            printf("%d %d %d\\n", strcmp2("abc", "abd") < 0, strcmp2("b", "a") > 0, strcmp2("x", "x"));
            int n = 3, m = 5;
            long g[n][m];
            for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) g[i][j] = (long)i * 100 + j;
            printf("%ld %ld %lu %lu\\n", g[2][4], g[1][3], sizeof g, sizeof g[0]);
            char c = 'z'; c++; signed char sc = 127; sc++;
            printf("%d %d %c\\n", c, sc, 'a' + 2);
            for (int k = 0; k < 3; k++) { int vla[k + 1]; vla[k] = k; printf("%lu:%d ", sizeof vla, vla[k]); }
            putchar('\\n');
            return a[0] + 20;
        }
        """,
            // unions, nested structs, struct assignment through pointers, arrays of structs, bit tricks
            PRELUDE + """
        struct In { short s; char c[3]; };
        struct Out { int id; struct In in; union { long l; double d; } u; struct In arr[2]; };
        static struct Out global_out = { 7, { -3, "ab" }, { .d = 2.5 }, { { 1, "x" }, { 2, "yz" } } };
        static void copy(struct Out *dst, const struct Out *src) { *dst = *src; dst->id++; }
        static unsigned popcount(unsigned long x) { unsigned n = 0; while (x) { x &= x - 1; n++; } return n; }
        int main(void) {
            struct Out o; copy(&o, &global_out);
            printf("%d %d %s %.1f %d %s %lu\\n", o.id, o.in.s, o.in.c, o.u.d, o.arr[1].in_s_placeholder, o.arr[1].c, sizeof o);
            o.u.l = -1; printf("%ld %d\\n", o.u.l, global_out.id);
            printf("%u %u\\n", popcount(0xF0F0F0F0F0F0F0F0ul), popcount(-1));
            unsigned x = 0x12345678; printf("%x %x %x\\n", x << 4 | x >> 28, ~x, x ^ 0xFFFF);
            long neg = -17; printf("%ld %ld %lu\\n", neg >> 2, neg / 4, (unsigned long)neg >> 60);
            return o.arr[0].s + popcount(7);
        }
        """.replace("o.arr[1].in_s_placeholder", "o.arr[1].s"),
            // static locals, recursion through function pointers, global arrays of strings, switch on char
            PRELUDE + """
        static const char *words[] = { "alpha", "beta", "gamma", 0 };
        static int depth(int n) { static int max; if (n > max) max = n; return n == 0 ? max : depth(n - 1); }
        static int classify(char c) {
            switch (c) { case 'a': case 'e': case 'i': case 'o': case 'u': return 1; case ' ': return 2; default: return c >= '0' && c <= '9' ? 3 : 0; }
        }
        int main(void) {
            int counts[4] = {0};
            for (const char **w = words; *w; w++) for (const char *p = *w; *p; p++) counts[classify(*p)]++;
            const char *t = "x1 y2 z3";
            while (*t) counts[classify(*t++)]++;
            printf("%d %d %d %d\\n", counts[0], counts[1], counts[2], counts[3]);
            printf("%d %d\\n", depth(5), depth(2));
            static int calls[3]; calls[1] += 5; calls[1]++;
            printf("%d\\n", calls[1]);
            int acc = 0;
            for (int i = 0; i < 20; i++) {
                switch (i % 4) {
                case 0: continue;
                case 1: acc += i; break;
                case 2: if (i > 10) goto out; acc -= 1; break;
                default: acc *= 2;
                }
            }
        out:
            printf("%d\\n", acc);
            return counts[1];
        }
        """,
            // OpenMP lowering, run by the interpreter's one-thread runtime: loop forms, collapse, schedules, clauses
            PRELUDE + """
        int main(void) {
            int a[6][5]; long s = 0; int last = -1, x = 7;
            #pragma omp parallel for collapse(2) lastprivate(last) schedule(dynamic, 3) reduction(+:s)
            for (int i = 0; i < 6; i++)
                for (int j = 4; j >= 0; j -= 2) { a[i][j] = i * 10 + j; s += a[i][j]; last = i * 100 + j; }
            printf("%ld %d\\n", s, last);
            int prod = 1, mn = 1000, mx = -1000, band = ~0, bor = 0, bxor = 0, land = 1, lor = 0;
            double dsum = 0;
            #pragma omp parallel for reduction(*:prod) reduction(min:mn) reduction(max:mx) reduction(&:band) reduction(|:bor) reduction(^:bxor) reduction(&&:land) reduction(||:lor) reduction(+:dsum)
            for (unsigned u = 1; u <= 9; u += 2) {
                prod *= (int) u; if ((int) u < mn) mn = u; if ((int) u > mx) mx = u;
                band &= (int) u | 8; bor |= (int) u; bxor ^= (int) u; land = land && u; lor = lor || u > 8; dsum += u * 0.25;
            }
            printf("%d %d %d %d %d %d %d %d %.2f\\n", prod, mn, mx, band, bor, bxor, land, lor, dsum);
            int q[10]; int *p; int cnt = 0;
            #pragma omp parallel for firstprivate(x) private(cnt)
            for (p = q; p < q + 10; p++) { cnt = x; *p = (int) (p - q) * x; }
            printf("%d %d %d\\n", q[0], q[9], x);
            int secs = 0, sl = 0;
            #pragma omp parallel sections reduction(+:secs) lastprivate(sl)
            {
                #pragma omp section
                { secs += 1; sl = 1; }
                #pragma omp section
                { secs += 10; sl = 2; }
                #pragma omp section
                { secs += 100; sl = 3; }
            }
            printf("%d %d\\n", secs, sl);
            int once = 0, crit = 0;
            #pragma omp parallel
            {
                #pragma omp single
                once++;
                #pragma omp master
                crit += 2;
                #pragma omp critical(named)
                crit++;
                #pragma omp for nowait
                for (int k = 0; k < 3; k++) crit += k;
            }
            printf("%d %d\\n", once, crit);
            #pragma omp parallel for ordered schedule(dynamic)
            for (int k = 0; k < 5; k++) {
                int sq = k * k;
                if (k == 2) continue;
                #pragma omp ordered
                printf("%d ", sq);
            }
            printf("\\n");
            return 0;
        }
        """,
            // teams, distribute, target regions (run on the host here), data constructs, declare target
            PRELUDE + """
        void free(void *);
        #pragma omp declare target
        int scale = 3;
        static int twice(int v) { return 2 * v; }
        #pragma omp end declare target
        int helper(int v) { return v + scale; }
        int main(void) {
            int n = 50, b[50], sum = 0;
            #pragma omp target teams distribute parallel for num_teams(3) map(from: b[0:n]) reduction(+:sum)
            for (int i = 0; i < n; i++) { b[i] = twice(i) + helper(0); sum += b[i]; }
            printf("%d %d %d\\n", b[0], b[49], sum);
            int c[40];
            #pragma omp target teams distribute dist_schedule(static, 4) num_teams(4) map(tofrom: c)
            for (int i = 0; i < 40; i++) c[i] = i * i;
            printf("%d %d\\n", c[3], c[39]);
            double *v = malloc(8 * sizeof(double));
            for (int i = 0; i < 8; i++) v[i] = i;
            #pragma omp target data map(tofrom: v[0:8]) use_device_ptr(v)
            {
                double *dv = v;
                #pragma omp target is_device_ptr(dv)
                for (int i = 0; i < 8; i++) dv[i] *= 2;
            }
            #pragma omp target enter data map(to: v[0:8])
            #pragma omp target
            for (int i = 0; i < 8; i++) v[i] += 1;
            #pragma omp target update from(v[0:8])
            #pragma omp target exit data map(delete: v[0:8])
            int t = 5, r = 0;
            #pragma omp target map(tofrom: r) if(target: n > 10) device(0)
            { r = t * scale; }
            printf("%.1f %.1f %d %d\\n", v[1], v[7], r, t);
            free(v);
            return 0;
        }
        """,
            // OpenMP directives run serially on the host for now (and the program must still be right)
            PRELUDE + """
        #define N 100
        int omp_get_num_threads(void);
        int main(void) {
            double a[N], sum = 0;
            #pragma omp parallel for
            for (int i = 0; i < N; i++) a[i] = i * 0.5;
            #pragma omp parallel for reduction(+:sum)
            for (int i = 0; i < N; i++) sum += a[i];
            int hits = 0;
            #pragma omp parallel
            {
                #pragma omp atomic
                hits++;
                #pragma omp barrier
            }
            #pragma omp target teams distribute parallel for map(tofrom: a[0:N])
            for (int i = 0; i < N; i++) a[i] += 1;
            printf("%.1f %d %.1f\\n", sum, hits, a[N - 1]);
            return hits;
        }
        """,
            // tricky conversions and operators
            PRELUDE + """
        struct S { int a; double b; };
        static struct S mk(int a) { struct S s = { a, a / 2.0 }; return s; }
        static struct S pick(int c, struct S x, struct S y) { return c ? x : y; }
        struct Self { struct Self *me; int v; const char *name; };
        struct Self self = { &self, 11, "self" };
        int main(void) {
            double big = 4e9; unsigned u = big; unsigned long ul = 1e19; float f = ul;
            printf("%u %lu %.0f\\n", u, ul, (double)f);
            unsigned long mx = -1; double dm = mx; printf("%.0f\\n", dm);
            unsigned char c = 200; c <<= 1; short sh = 1000; sh *= 100; c >>= 2;
            printf("%d %d\\n", c, sh);
            signed char neg[3] = { -1, -128, 127 }; printf("%d %d %d\\n", neg[0], neg[1], neg[2] + 1);
            printf("%d %.2f %d\\n", mk(7).a, mk(7).b, pick(0, mk(1), mk(2)).a);
            int *np = 0; const char *s = np ? "set" : "null"; printf("%s\\n", s);
            int k = (1, 2, 3); int z = (k++, k++, k); printf("%d %d\\n", k, z);
            printf("%d %s %d\\n", self.me->me->v, self.me->name, self.me == &self);
            long long ll = 1LL << 40; int sh2 = 33; printf("%lld %lld\\n", ll >> sh2, ll | 1);
            unsigned short us = 65535; int promoted = us + 1; printf("%d\\n", promoted);
            int neg7 = -7; unsigned mix = neg7 + 3u; printf("%u %d\\n", mix, (int)mix);
            double dd = -0.0; printf("%g %d\\n", dd, dd == 0);
            _Bool flag = 0; flag++; flag++; printf("%d\\n", flag);
            return sh2 + (c > 50);
        }
        """,
            // static initializers: bit-fields, unions, nested arrays, pointers into arrays, const tables, complex
            PRELUDE + """
        struct F { unsigned a : 4; int b : 6; unsigned long c : 40; char tail; };
        union N { char c[8]; long l; };
        struct T { struct F f; union N n; int m[2][3]; int *p; const char *s[2]; };
        static int data[6] = { 1, 2, 3, 4, 5, 6 };
        struct T t = { { 9, -17, 0x12345678ABul, 'x' }, { "abcdefg" }, { { 1, 2, 3 }, { [2] = 6 } }, &data[4], { "s0", "s1" } };
        static const double table[] = { 0.5, -1.25, 1e300 };
        double _Complex cz = 2.5;
        static long diff = (long)(&data[5] - &data[1]);
        static char *mid = (char *)data + 3;
        int main(void) {
            printf("%u %d %lx %c\\n", t.f.a, t.f.b, (unsigned long)t.f.c, t.f.tail);
            printf("%s %d %d %d %d\\n", t.n.c, t.m[0][2], t.m[1][0], t.m[1][2], *t.p);
            printf("%s %s %g %g %g\\n", t.s[0], t.s[1], table[0], table[1], table[2]);
            printf("%g %g %ld %d %lu\\n", __real__ cz, __imag__ cz, diff, *mid, sizeof t);
            t.f.b = 31; t.f.a = 15;
            printf("%u %d\\n", t.f.a, t.f.b);
            return t.p[1];
        }
        """,
            // narrow and float parameters and results, long switches, loops of every kind
            PRELUDE + """
        static char narrow(int x) { return x; }
        static unsigned short wrap(unsigned short a, unsigned short b) { return a * b; }
        static float half(float f) { return f / 2; }
        static double mix(float a, double b, int c, char d) { return a + b + c + d; }
        static int bucket(long v) {
            switch (v) { case -1: return 0; case 10000000000L: return 1; case 5 ... 1000: return 2; case 2000 ... 2003: return 3; default: return 4; }
        }
        int main(void) {
            printf("%d %d %u %g %g\\n", narrow(200), narrow(-129), wrap(300, 300), half(3.0f), mix(0.5f, 0.25, -3, 'a'));
            printf("%d %d %d %d %d %d\\n", bucket(-1), bucket(10000000000L), bucket(999), bucket(2002), bucket(1001), bucket(4));
            int n = 0;
            for (;;) { if (++n > 5) break; }
            int i = 0; do { if (i == 2) { i += 3; continue; } n += i; } while (++i < 10);
            int j = 3;
        back:
            n += j;
            if (--j > 0) goto back;
            while (j < 100) j += 7;
            printf("%d %d\\n", n, j);
            return narrow(300);
        }
        """,
            // float complex arithmetic and conversions between complex types
            PRELUDE + """
        int main(void) {
            union { float _Complex z; float p[2]; } u;
            u.p[0] = 1.5f; u.p[1] = -0.75f; float _Complex a = u.z;
            u.p[0] = 0.3f; u.p[1] = 2.2f; float _Complex b = u.z;
            float _Complex q = a / b, m = a * b, s = a - b;
            double _Complex w = q;
            printf("%.9g %.9g %.9g %.9g %.9g %.9g\\n", __real__ q, __imag__ q, __real__ m, __imag__ m, __real__ s, __imag__ s);
            printf("%.17g %.17g %d\\n", __real__ w, __imag__ w, (int)(_Bool)b);
            double r = a; float _Complex back = r;
            printf("%g %g\\n", __real__ back, __imag__ back);
            return -q == -q;
        }
        """,
            // indirect calls with struct arguments and results, tables of handlers, pointer comparisons
            PRELUDE + """
        struct Vec { double x, y, z; };
        typedef struct Vec (*BinOp)(struct Vec, struct Vec);
        static struct Vec add(struct Vec a, struct Vec b) { return (struct Vec){ a.x + b.x, a.y + b.y, a.z + b.z }; }
        static struct Vec cross(struct Vec a, struct Vec b) {
            struct Vec r = { a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x }; return r;
        }
        struct Handler { const char *name; BinOp op; };
        static struct Handler handlers[] = { { "add", add }, { "cross", cross } };
        static int cmp_count;
        static int less(const void *a, const void *b) { cmp_count++; return a < b; }
        int main(void) {
            struct Vec i = { 1, 0, 0 }, j = { 0, 1, 0 };
            for (unsigned k = 0; k < sizeof handlers / sizeof handlers[0]; k++) {
                struct Vec r = handlers[k].op(i, j);
                printf("%s %g %g %g\\n", handlers[k].name, r.x, r.y, r.z);
            }
            BinOp f = cross; struct Vec t = f(f(i, j), i);
            printf("%g %g %g %g\\n", t.x, t.y, t.z, i.x);
            int arr[4]; int *p = &arr[1], *q = &arr[3];
            printf("%d %d %d %ld\\n", p < q, q <= p, less(p, q), (char *)q - (char *)p);
            char c = -1; unsigned char uc = 255;
            printf("%d %d %d\\n", c == uc, c < 0, (unsigned char)c == uc);
            float fl = 1.1f; printf("%.10f %f\\n", fl, fl * 2);
            return cmp_count;
        }
        """,
            // the order gcc evaluates operands in (C leaves it unspecified; jomp follows gcc)
            PRELUDE + """
        int x, arr[4];
        int *f(void) { puts("f"); return &x; }
        int g(void) { puts("g"); return 1; }
        int h(void) { puts("h"); return 2; }
        struct S { int a, b; } s1, s2;
        struct S *sf(void) { puts("sf"); return &s1; }
        struct S sg(void) { puts("sg"); return s2; }
        int two(int a, int b) { return a * 10 + b; }
        int main(void) {
            puts("-assign"); *f() = g();
            puts("-compound"); *f() += g();
            puts("-add"); x = g() + h();
            puts("-index"); arr[g()] = h();
            puts("-struct"); *sf() = sg();
            puts("-args"); x = two(g(), h());
            int (*fps[2])(int, int) = { two, two };
            puts("-callee"); fps[g()](h(), 0);
            puts("-member"); sf()->a = h();
            return x;
        }
        """,
            // VLAs in loop bodies give their space back every iteration (this needs ~800 MB otherwise)
            PRELUDE + """
        int main(void) {
            long total = 0;
            for (int it = 0; it < 200; it++) {
                int n = 500000 + it;
                char big[n];
                big[0] = 1; big[n - 1] = 2;
                if (it % 7 == 0) continue;
                total += big[0] + big[n - 1] + sizeof big;
                if (it == 150) break;
            }
            int k = 0;
            while (k < 100) { double tmp[k + 100000]; tmp[k] = k; k++; }
            printf("%ld %d\\n", total, k);
            return 0;
        }
        """,
            // the benchmark kernels (small sizes): matrix multiply, n-body, sieve, string work
            PRELUDE + """
        #define N 24
        static double A[N][N], B[N][N], C[N][N];
        struct Body { double x, y, z, vx, vy, vz, m; };
        static void advance(int n, struct Body *b, double dt) {
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++) {
                    double dx = b[i].x - b[j].x, dy = b[i].y - b[j].y, dz = b[i].z - b[j].z;
                    double d2 = dx * dx + dy * dy + dz * dz, mag = dt / (d2 * sqrt(d2));
                    b[i].vx -= dx * b[j].m * mag; b[i].vy -= dy * b[j].m * mag; b[i].vz -= dz * b[j].m * mag;
                    b[j].vx += dx * b[i].m * mag; b[j].vy += dy * b[i].m * mag; b[j].vz += dz * b[i].m * mag;
                }
            for (int i = 0; i < n; i++) { b[i].x += dt * b[i].vx; b[i].y += dt * b[i].vy; b[i].z += dt * b[i].vz; }
        }
        static unsigned hash(const char *s) { unsigned h = 5381; while (*s) h = h * 33 ^ (unsigned char)*s++; return h; }
        int main(void) {
            for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { A[i][j] = i + j * 0.5; B[i][j] = i == j ? 2 : 0.25; }
            for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { double s = 0; for (int k = 0; k < N; k++) s += A[i][k] * B[k][j]; C[i][j] = s; }
            printf("%.6f %.6f\\n", C[0][0], C[N - 1][N - 2]);
            struct Body bodies[3] = { { 0, 0, 0, 0, 0, 0, 39.47 }, { 1, 0, 0, 0, 6.28, 0, 0.0001 }, { 0, 5.2, 0, -2.7, 0, 0, 0.037 } };
            for (int s = 0; s < 100; s++) advance(3, bodies, 0.01);
            printf("%.9f %.9f %.9f\\n", bodies[1].x, bodies[1].y, bodies[2].vx);
            static char sieve[1000]; int primes = 0;
            for (int i = 2; i < 1000; i++) if (!sieve[i]) { primes++; for (int j = i * i; j < 1000; j += i) sieve[j] = 1; }
            char buf[64]; int len = 0;
            for (const char *w = "the quick brown fox"; *w; w++) if (*w != ' ') buf[len++] = *w - 32;
            buf[len] = 0;
            printf("%d %s %u\\n", primes, buf, hash(buf));
            return primes % 256;
        }
        """,
            // builtins the bundled headers use: va_copy, imaginary constants, __builtin_complex, inf/nan/huge_val,
            // and a VLA parameter whose bounds are earlier parameters
            PRELUDE + """
        typedef __builtin_va_list va_list;
        static long sum2(int n, ...) {
            va_list ap, aq; __builtin_va_start(ap, n); __builtin_va_copy(aq, ap);
            long s = 0;
            for (int i = 0; i < n; i++) s += __builtin_va_arg(ap, int);
            for (int i = 0; i < n; i++) s += 10 * __builtin_va_arg(aq, int);
            __builtin_va_end(aq); __builtin_va_end(ap);
            return s;
        }
        static double sum2d(int r, int c, double a[r][c]) {
            double s = 0;
            for (int i = 0; i < r; i++) for (int j = 0; j < c; j++) s += a[i][j] * (i + 1);
            return s;
        }
        static const double big = __builtin_huge_val();
        static float fz = 2.0fi;
        int main(void) {
            double _Complex z = (1.0 + 2.0i) * (3.0 - 1.0iF);
            double _Complex w = __builtin_complex(0.5, -1.5);
            float _Complex f = 1.5if + 2.0f;
            printf("%g %g %g %g %g %g\\n", __real__ z, __imag__ z, __real__ w, __imag__ w, __real__ f, __imag__ f);
            printf("%f %f %d %d %d\\n", __builtin_inf(), -__builtin_inff(), __builtin_nan("") != __builtin_nan(""),
                   __builtin_nanf("") == __builtin_nanf(""), big > 1e308);
            int r = 3, c = 4;
            double m[r][c];
            for (int i = 0; i < r; i++) for (int j = 0; j < c; j++) m[i][j] = i * 10 + j;
            int (*p)[c + 1] = 0;
            printf("%ld %g %zu %d\\n", sum2(3, 1, 2, 3), sum2d(r, c, m), sizeof *p, (int)__builtin_expect(r, 3));
            return (int)sum2d(2, 2, m) + (int)__imag__ fz;
        }
        """,
            // GNU computed goto: a dispatch table, label differences, label addresses compared (IndirectGotos)
            PRELUDE + """
        static int run(const unsigned char *code) {
            static void *const ops[] = { &&inc, &&dbl, &&neg, &&stop };
            static const int rel[] = { &&inc - &&inc, &&dbl - &&inc, &&neg - &&inc, &&stop - &&inc };
            int acc = 1, steps = 0;
            goto *ops[*code++];
        inc:  acc++; steps++; goto *ops[*code++];
        dbl:  acc *= 2; steps++; goto *(&&inc + rel[*code++]);
        neg:  acc = -acc; steps++; goto *ops[*code++];
        stop: return acc * 100 + steps;
        }
        static int pick(int n) {
            void *l = n > 0 ? &&pos : &&nonpos;
            if (l == &&pos) goto *l;
            goto *l;
        pos: return 1;
        nonpos: return l == (void *)0 ? -2 : -1;
        }
        int main(void) {
            unsigned char prog[] = { 0, 1, 1, 2, 0, 1, 3 };
            printf("%d %d %d\\n", run(prog), pick(5), pick(-5));
            return 0;
        }
        """,
            // K&R definitions: promoted parameters converted back, calls before and after the definition
            PRELUDE + """
        int later();
        double scale(v, f, c) double v; float f; char c; { return v * f + c; }
        int sum(a, n) int *a; int n; { int s = 0; while (n--) s += *a++; return s; }
        int main(void) {
            int xs[] = { 1, 2, 3, 4 };
            printf("%g %d %d\\n", scale(2.0, 1.5f, 300), sum(xs, 4), later(3, 4.0));
            return 0;
        }
        int later(int a, double b) { return a * 10 + (int)b; }
        """,
            // asm barriers: values through empty templates, a memory clobber, fences
            PRELUDE + """
        int main(void) {
            int x = 6, y = 0; long z;
            __asm__ __volatile__("" : "+r"(x) :: "memory");
            __asm__("" : "=r"(y) : "0"(x * 7));
            __asm__("" : "=r"(z) : "0"(123456789012L));
            __asm__ __volatile__("mfence" ::: "memory");
            __asm__ __volatile__("lfence");
            __asm__ __volatile__("sfence\\n\\t" ::: "memory");
            __asm__ __volatile__("nop");
            __asm__ goto("" :::: skipped);   /* empty: never jumps */
            x += 100;
        skipped:
            printf("%d %d %ld\\n", x, y, z);
            return 0;
        }
        """,
            // floating constants out of an integer type's range (undefined): gcc folds them to the nearest
            // value of the type, NaN to 0, in initialisers and expressions alike (Csmith seed 305707)
            PRELUDE + """
        unsigned char g1 = 34282.4; signed char g2 = 300.7; unsigned short g3 = -5.5; int g4 = 1e10;
        unsigned long g5 = 2e19; long g6 = -1e19; unsigned g7 = __builtin_nan("");
        int main(void) {
            unsigned char a = 34282.4; signed char b = -1e6 * 3; unsigned c = -3.7; int i = 5e9;
            unsigned long ul = -1.0; unsigned long um = 1.5e19; long l = 1e19; short s = 40000.0 + 0.5;
            printf("%u %d %u %d %lu %ld %u\\n", g1, g2, g3, g4, g5, g6, g7);
            printf("%u %d %u %d %lu %lu %ld %d\\n", a, b, c, i, ul, um, l, s);
            return 0;
        }
        """);
}
