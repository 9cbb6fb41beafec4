package jomp.compiler.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;
import org.junit.jupiter.api.Test;

/** Valid C: declarators, types of expressions, explicit conversions, initializers, constants. */
class ParserTest {
    private static ParseHelper ok(String src) {
        ParseHelper h = ParseHelper.parse(src);
        assertThat(h.messages()).as("diagnostics").doesNotContain(": error: ");
        return h;
    }

    private static Var global(ParseHelper h, String name) {
        for (Var v : h.unit.globals()) if (v.name.equals(name)) return v;
        throw new AssertionError("no global " + name);
    }

    private static TranslationUnit.Global def(ParseHelper h, String name) {
        for (TranslationUnit.TopLevel t : h.unit.items())
            if (t instanceof TranslationUnit.Global g && g.var().name.equals(name)) return g;
        throw new AssertionError("no definition " + name);
    }

    private static TranslationUnit.Function fn(ParseHelper h, String name) {
        for (TranslationUnit.TopLevel t : h.unit.items())
            if (t instanceof TranslationUnit.Function f && f.var().name.equals(name)) return f;
        throw new AssertionError("no function " + name);
    }

    /** The expression of the n-th statement of a function, which must be an expression or return statement. */
    private static Expr stmtExpr(TranslationUnit.Function f, int n) {
        Stmt s = f.body().items().get(n);
        if (s instanceof Stmt.ExprStmt e) return e.expr();
        if (s instanceof Stmt.Return r) return r.value();
        throw new AssertionError(s.toString());
    }

    @Test
    void declaratorsGetClangSpelledTypes() {
        ParseHelper h = ok("""
            int (*(*fp)(int))[3];
            int (*table[4])(int, int);
            char *const *volatile pp;
            void (*signal(int sig, void (*handler)(int)))(int);
            int (*ap)[5];
            int *pa[5];
            const char *const names[2];
            unsigned long long ull; signed char sc; long double ld; double _Complex dz;
            int old();
            int variadic(const char *fmt, ...);
            typedef struct { int x; } Anon;
            """);
        assertThat(global(h, "fp").type.toString()).isEqualTo("int (*(*)(int))[3]");
        assertThat(global(h, "table").type.toString()).isEqualTo("int (*[4])(int, int)");
        assertThat(global(h, "pp").type.toString()).isEqualTo("char *const *volatile");
        assertThat(global(h, "signal").type.toString()).isEqualTo("void (*(int, void (*)(int)))(int)");
        assertThat(global(h, "ap").type.toString()).isEqualTo("int (*)[5]");
        assertThat(global(h, "pa").type.toString()).isEqualTo("int *[5]");
        assertThat(global(h, "names").type.toString()).isEqualTo("const char *const[2]");
        assertThat(global(h, "ull").type.toString()).isEqualTo("unsigned long long");
        assertThat(global(h, "sc").type.toString()).isEqualTo("signed char");
        assertThat(global(h, "ld").type.toString()).isEqualTo("long double");
        assertThat(global(h, "dz").type.toString()).isEqualTo("_Complex double");
        assertThat(global(h, "old").type.oldStyle).isTrue();
        assertThat(global(h, "variadic").type.variadic).isTrue();
        assertThat(global(h, "fp").type.base.base.base.arrayLen).isEqualTo(3);
    }

    @Test
    void implicitConversionsBecomeCasts() {
        ParseHelper h = ok("""
            long f(int i, char c, double d, unsigned u) {
                i + c;
                d * i;
                u < i;
                return i;
            }
            """);
        TranslationUnit.Function f = fn(h, "f");
        Expr.Binary add = (Expr.Binary) stmtExpr(f, 0);
        assertThat(add.type()).isEqualTo(Type.INT);
        assertThat(add.right()).isInstanceOf(Expr.Cast.class); // char promoted to int
        Expr.Binary mul = (Expr.Binary) stmtExpr(f, 1);
        assertThat(mul.type()).isEqualTo(Type.DOUBLE);
        assertThat(((Expr.Cast) mul.right()).type()).isEqualTo(Type.DOUBLE);
        Expr.Binary lt = (Expr.Binary) stmtExpr(f, 2);
        assertThat(lt.type()).isEqualTo(Type.INT);
        assertThat(lt.right().type()).isEqualTo(Type.UINT); // usual arithmetic conversions: unsigned wins
        Expr ret = stmtExpr(f, 3);
        assertThat(ret).isInstanceOf(Expr.Cast.class);
        assertThat(ret.type()).isEqualTo(Type.LONG);
    }

    @Test
    void bitFieldsNarrowerThanIntPromoteToInt() {
        ParseHelper h = ok("""
            enum E { A, B };
            struct S { unsigned f : 24; unsigned long long l : 5; enum E e : 2; unsigned w : 32;
                       unsigned long long g : 40; unsigned u : 31; };
            void f(struct S s, int i) {
                i < s.f;
                -s.l;
                s.e << 1;
                i < s.w;
                s.g + i;
                i < (s.u = 1);
                s.f /= i;
            }
            """);
        TranslationUnit.Function f = fn(h, "f");
        Expr.Binary narrow = (Expr.Binary) stmtExpr(f, 0);
        assertThat(narrow.right().type()).isEqualTo(Type.INT); // a signed comparison: -1 < s.f holds
        assertThat(stmtExpr(f, 1).type()).isEqualTo(Type.INT);
        assertThat(stmtExpr(f, 2).type()).isEqualTo(Type.INT);
        assertThat(((Expr.Binary) stmtExpr(f, 3)).right().type()).isEqualTo(Type.UINT); // as wide as int: kept
        assertThat(stmtExpr(f, 4).type()).isEqualTo(Type.ULLONG);
        assertThat(((Expr.Binary) stmtExpr(f, 5)).right().type()).isEqualTo(Type.INT); // an assignment's value
        assertThat(((Expr.CompoundAssign) stmtExpr(f, 6)).opType()).isEqualTo(Type.INT); // divides as int
    }

    @Test
    void pointerArithmeticIsScaledToBytes() {
        ParseHelper h = ok("""
            long f(int *p, int *q, double (*m)[4]) {
                p + 3;
                p - q;
                m + 1;
                return 0;
            }
            """);
        TranslationUnit.Function f = fn(h, "f");
        Expr.Binary add = (Expr.Binary) stmtExpr(f, 0);
        assertThat(add.type().isPointer()).isTrue();
        Expr.Binary scaled = (Expr.Binary) add.right();
        assertThat(scaled.op()).isEqualTo(Expr.Binary.Op.MUL);
        assertThat(((Expr.IntLit) scaled.right()).value()).isEqualTo(4);
        Expr.Binary diff = (Expr.Binary) stmtExpr(f, 1);
        assertThat(diff.op()).isEqualTo(Expr.Binary.Op.DIV);
        assertThat(((Expr.Binary) diff.left()).op()).isEqualTo(Expr.Binary.Op.PTR_DIFF);
        Expr.Binary row = (Expr.Binary) stmtExpr(f, 2);
        assertThat(((Expr.IntLit) ((Expr.Binary) row.right()).right()).value()).isEqualTo(32);
    }

    @Test
    void literalsHaveCTypes() {
        ParseHelper h = ok("""
            void f(void) { 1; 2147483648; 0xffffffff; 1u; 1l; 1ull; 'a'; 1.0f; 1.0; 0x10; 010; 0b101; L'x'; }
            """);
        TranslationUnit.Function f = fn(h, "f");
        Type[] want = {
            Type.INT,
            Type.LONG,
            Type.UINT,
            Type.UINT,
            Type.LONG,
            Type.ULLONG,
            Type.INT,
            Type.FLOAT,
            Type.DOUBLE,
            Type.INT,
            Type.INT,
            Type.INT,
            Type.INT
        };
        for (int i = 0; i < want.length; i++)
            assertThat(stmtExpr(f, i).type()).as("literal %d", i).isEqualTo(want[i]);
        assertThat(((Expr.IntLit) stmtExpr(f, 9)).value()).isEqualTo(16);
        assertThat(((Expr.IntLit) stmtExpr(f, 10)).value()).isEqualTo(8);
        assertThat(((Expr.IntLit) stmtExpr(f, 11)).value()).isEqualTo(5);
        assertThat(((Expr.IntLit) stmtExpr(f, 6)).value()).isEqualTo(97);
    }

    @Test
    void stringLiteralsAreCharArrays() {
        ParseHelper h = ok("char s[] = \"ab\" \"c\"; char t[10] = \"hi\"; int w = sizeof(L\"ab\");");
        assertThat(global(h, "s").type.toString()).isEqualTo("char[4]");
        assertThat(global(h, "t").type.size()).isEqualTo(10);
        Initializer wi = def(h, "w").init();
        assertThat(((Expr.IntLit) wi.items().get(0).value()).value()).isEqualTo(12);
    }

    @Test
    void initializersFlattenWithDesignatorsAndBraceElision() {
        ParseHelper h = ok("""
            struct P { int x, y; };
            struct Q { char c; struct P p[2]; int tail; };
            int a[] = { 1, 2, [7] = 8, 9 };
            struct P ps[] = { 1, 2, 3, 4, 5 };
            struct Q q = { 'c', { [1].y = 7 }, .tail = 3 };
            int m[2][3] = { 1, 2, 3, 4 };
            union U { char c; int i; } u = { .i = 5 };
            """);
        assertThat(global(h, "a").type.arrayLen).isEqualTo(9);
        List<Initializer.Item> ai = def(h, "a").init().items();
        assertThat(ai).extracting(Initializer.Item::offset).containsExactly(0L, 4L, 28L, 32L);
        assertThat(global(h, "ps").type.arrayLen).isEqualTo(3);
        assertThat(def(h, "ps").init().items())
                .extracting(Initializer.Item::offset)
                .containsExactly(0L, 4L, 8L, 12L, 16L);
        List<Initializer.Item> qi = def(h, "q").init().items();
        assertThat(qi).extracting(Initializer.Item::offset).containsExactly(0L, 16L, 20L);
        assertThat(def(h, "m").init().items())
                .extracting(Initializer.Item::offset)
                .containsExactly(0L, 4L, 8L, 12L);
        assertThat(def(h, "u").init().items().get(0).type()).isEqualTo(Type.INT);
    }

    @Test
    void staticAddressConstants() {
        ParseHelper h = ok("""
            int g[10];
            struct S { int a; int b[4]; } s;
            int *p1 = &g[2];
            int *p2 = g + 4;
            int *p3 = &s.b[1];
            char *str = "text" + 1;
            long off = (long)&((struct S *)0)->b[2];
            int (*fn)(void) = 0;
            """);
        ConstEval.Value v1 =
                ConstEval.evalStatic(def(h, "p1").init().items().get(0).value());
        assertThat(v1.symbol().name).isEqualTo("g");
        assertThat(v1.offset()).isEqualTo(8);
        assertThat(ConstEval.evalStatic(def(h, "p2").init().items().get(0).value())
                        .offset())
                .isEqualTo(16);
        ConstEval.Value v3 =
                ConstEval.evalStatic(def(h, "p3").init().items().get(0).value());
        assertThat(v3.symbol().name).isEqualTo("s");
        assertThat(v3.offset()).isEqualTo(8);
        ConstEval.Value v4 =
                ConstEval.evalStatic(def(h, "str").init().items().get(0).value());
        assertThat(v4.string()).isNotNull();
        assertThat(v4.offset()).isEqualTo(1);
        assertThat(ConstEval.evalStatic(def(h, "off").init().items().get(0).value())
                        .offset())
                .isEqualTo(12);
    }

    @Test
    void constantExpressionsFold() {
        ParseHelper h = ok("""
            enum { A = 1 << 4, B = A * 3 - 1, C = (unsigned)-1 > 0, D = sizeof(long[3]) / 2, E = -7 / 2, F = -7 % 2, G = 1 ? 42 : 0 };
            int arr[B];
            int e[] = { A, B, C, D, E, F, G, (char)300, (unsigned char)-1, 0x7fffffff + 0u };
            """);
        assertThat(global(h, "arr").type.arrayLen).isEqualTo(47);
        List<Initializer.Item> items = def(h, "e").init().items();
        long[] want = {16, 47, 1, 12, -3, -1, 42, 44, 255, 0x7fffffff};
        for (int i = 0; i < want.length; i++)
            assertThat(ConstEval.integer(items.get(i).value())).as("e[%d]", i).isEqualTo(want[i]);
    }

    @Test
    void statementsAndScopes() {
        ParseHelper h = ok("""
            int f(int n) {
                int total = 0;
                for (int i = 0; i < n; i++) {
                    int i2 = i * 2;
                    if (i2 > 10) break;
                    else continue;
                }
                switch (n) { case 1: total = 1; break; case 2 ... 4: total = 2; break; default: ; }
                do total++; while (total < 3);
                while (0) ;
                goto out;
            out:
                { int total = 5; (void)total; }
                return total;
            }
            """);
        TranslationUnit.Function f = fn(h, "f");
        List<Stmt> items = f.body().items();
        assertThat(items.get(1)).isInstanceOf(Stmt.For.class);
        assertThat(((Stmt.For) items.get(1)).init()).isInstanceOf(Stmt.Decl.class);
        Stmt.Switch sw = (Stmt.Switch) items.get(2);
        assertThat(sw.cases()).hasSize(2);
        assertThat(sw.cases().get(1).hi()).isEqualTo(4);
        assertThat(sw.defaultCase()).isNotNull();
        assertThat(items.get(6)).isInstanceOf(Stmt.Label.class);
        assertThat(f.locals()).extracting(v -> v.name).contains("n", "total", "i", "i2");
    }

    @Test
    void vlaSizesAreComputedAtRunTime() {
        ParseHelper h = ok("""
            unsigned long f(int n) {
                int a[n][n + 1];
                return sizeof a + sizeof a[0];
            }
            """);
        TranslationUnit.Function f = fn(h, "f");
        Stmt.Decl d = (Stmt.Decl) f.body().items().get(0);
        assertThat(d.vars()).hasSize(3); // two hidden sizes, then a
        assertThat(d.vars().get(2).var().type.kind).isEqualTo(Type.Kind.VLA);
        Expr ret = stmtExpr(f, 1);
        assertThat(((Expr.Binary) ret).left()).isInstanceOf(Expr.VarRef.class);
    }

    @Test
    void structsUnionsMembersAndCalls() {
        ParseHelper h = ok("""
            struct S { int a; struct { int b; }; union { char c; double d; } u; };
            struct S make(int);
            int take(struct S s, struct S *p);
            int (*fp)(struct S, struct S *) = take;
            int f(void) {
                struct S s = make(1);
                s.b = s.a + s.u.c;
                return fp(s, &s) + (*fp)(make(2), &s) + take(s, 0);
            }
            """);
        TranslationUnit.Function f = fn(h, "f");
        Expr.Assign asg = (Expr.Assign) stmtExpr(f, 1);
        Expr.Member anon = (Expr.Member) asg.target();
        assertThat(anon.member().name()).isEqualTo("b");
        assertThat(anon.member().offset()).isZero();
        assertThat(((Expr.Member) anon.base()).member().offset()).isEqualTo(4);
        Expr.Binary sum = (Expr.Binary) stmtExpr(f, 2);
        assertThat(sum.type()).isEqualTo(Type.INT);
    }

    @Test
    void errorRecoveryReportsSeveralErrors() {
        ParseHelper h = ParseHelper.parse("""
            int f(void) { int a = ; return 0; }
            int g(void) { return y; }
            int h(void) { return 1 +; }
            int k(void) { return z; }
            """);
        assertThat(h.messages()).isEqualTo("""
            t.c:1:23: error: expected expression
            t.c:2:22: error: use of undeclared identifier 'y'
            t.c:3:25: error: expected expression
            t.c:4:22: error: use of undeclared identifier 'z'
            """);
    }

    @Test
    void linearOnLargeInput() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5000; i++)
            sb.append("static int f")
                    .append(i)
                    .append("(int x) { int a[4] = {1, 2, 3, x}; return a[x & 3] + ")
                    .append(i)
                    .append("; }\n");
        ParseHelper h = ok(sb.toString());
        assertThat(h.unit.items()).hasSize(5000);
    }

    @Test
    void alignmentAndStorageClasses() {
        ParseHelper h = ok("""
            _Alignas(32) static char buf[10];
            _Thread_local int tl;
            extern int ext;
            int f(void) { static int calls; _Alignas(16) int x = 0; return ++calls + x; }
            """);
        assertThat(global(h, "buf").align).isEqualTo(32);
        assertThat(global(h, "buf").storage).isEqualTo(Var.Storage.STATIC);
        assertThat(global(h, "tl").threadLocal).isTrue();
        assertThat(global(h, "ext").storage).isEqualTo(Var.Storage.EXTERN);
        TranslationUnit.Function f = fn(h, "f");
        Var calls = f.locals().stream()
                .filter(v -> v.name.equals("calls"))
                .findFirst()
                .orElseThrow();
        assertThat(calls.storage).isEqualTo(Var.Storage.STATIC);
        assertThat(calls.linkName).isEqualTo("f.calls");
        assertThat(f.locals().stream()
                        .filter(v -> v.name.equals("x"))
                        .findFirst()
                        .orElseThrow()
                        .align)
                .isEqualTo(16);
    }
}
