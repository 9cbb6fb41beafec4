package jomp.compiler.lower;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import jomp.compiler.opt.PassManager;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import org.junit.jupiter.api.Test;

/** The shape of the IR the lowering produces for small C snippets. */
class LoweringTextTest {
    static Module lower(String src, int opt) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true));
        TranslationUnit tu = Parser.parse(
                Preprocessor.run(new SourceFile("t.c", src), PreprocessorOptions.defaults(true), diags), diags);
        assertThat(err.toString()).isEmpty();
        Module m = Lowering.lower(tu, diags, "t.c");
        PassManager.run(m, opt);
        assertThat(IrVerifier.verify(m)).isEmpty();
        return m;
    }

    /** An ifunc of a variadic function is variadic itself and hands its caller's variadic area on. */
    @Test
    void variadicIfuncPassesItsVariadicAreaOn() {
        Module m = lower("""
            static int impl(const char *fmt, ...) { return fmt[0]; }
            static int (*pick(void))(const char *, ...) { return impl; }
            int say(const char *fmt, ...) __attribute__((ifunc("pick")));
            int main(void) { return say("x", 1, 2.0); }
            """, 0);
        jomp.compiler.ir.Function say = m.functions.stream()
                .filter(f -> f.name.equals("say"))
                .findFirst()
                .orElseThrow();
        assertThat(say.type.variadic()).isTrue();
        assertThat(say.vaArea).isNotNull();
        String body = IrPrinter.print(m).split("func ifunc i32 @say\\(", 2)[1].split("\n}", 2)[0];
        // the indirect call's last argument is the function's own variadic area
        assertThat(body)
                .containsPattern("calli i32 \\(ptr, \\.\\.\\.\\) %\\S+\\(ptr %\\S+, "
                        + java.util.regex.Pattern.quote("ptr " + say.vaArea + ")"));
    }

    @Test
    void symbolsExternsAndStaticStorage() {
        Module m = lower("""
            int printf(const char *, ...);
            extern int shared;
            static int hidden = 3;
            int visible;
            static int f(void) { static int n; return ++n; }
            static int g(void) { static int n = 5; { static int n = 7; return n; } }
            int puts(const char *);
            int main(void) { puts("hi"); printf("hi"); return f() + g() + shared + hidden + visible; }
            """, 0);
        String ir = IrPrinter.print(m);
        assertThat(ir)
                .contains("declare i32 (ptr, ...) @printf")
                .contains("declare i32 (ptr) @puts")
                .contains("declare data @shared")
                .contains("global static @hidden size 4 align 4 data \"\\03\\00\\00\\00\"")
                .contains("global @visible size 4 align 4 zero")
                .contains("global static @f.n size 4 align 4 zero")
                .contains("global static @g.n size 4 align 4 data \"\\05")
                .contains("global static @g.n.1 size 4 align 4 data \"\\07")
                .contains("func static i32 @f()")
                .contains("func i32 @main()");
        // one literal for both uses of "hi"
        assertThat(ir.split("global static readonly @\\.str", -1)).hasSize(2);
    }

    @Test
    void registerLocalsNeedNoMemoryAndOptimisationFolds() {
        Module m = lower("""
            int f(int x) { int a = 2 * 3, b = a + 4; if (b > 100) return 0; int y = x; int *p = &y; return *p + b; }
            """, 1);
        String ir = IrPrinter.print(m);
        assertThat(ir)
                .contains("slot $y.")
                .doesNotContain("slot $a")
                .doesNotContain("slot $b")
                .contains("add i32 %")
                .contains(", 10")
                .doesNotContain("cmp gt");
    }

    @Test
    void aStaticLoopStepsToTheThreadsNextChunkWithoutTheRuntime() {
        Module m = lower("""
            void f(int n, double *x) {
            #pragma omp parallel for schedule(static, 4)
              for (int i = 0; i < n; i++) x[i] = 2 * x[i];
            }
            """, 1);
        String ir = IrPrinter.print(m);
        // after a chunk, a static schedule's next one is __jomp_loop_stride() further (a grid-stride
        // loop on a GPU); 0 (dynamic, guided, the host's runtime) goes back to __jomp_loop_next
        assertThat(ir)
                .contains("call i64 () @__jomp_loop_stride()")
                .containsPattern(
                        "(%\\S+) = call i64 \\(\\) @__jomp_loop_stride\\(\\)[\\s\\S]*cmp eq i64 \\1, 0\\s+condbr i32 %\\S+, omp\\.for\\.next[.\\d]*, omp\\.for\\.stride")
                .containsPattern("omp\\.for\\.stride[.\\d]*:\\s+%\\S+ = add i64 (%omp\\.chunk\\.lo\\.\\d+), %")
                .containsPattern("condbr i32 %\\S+, omp\\.for\\.chunk\\.body[.\\d]*, omp\\.for\\.done");
    }

    @Test
    void switchBecomesASwitchTerminator() {
        Module m = lower("""
            int f(int x) { switch (x) { case 1: return 10; case 5: case 6: return 20; default: return 0; } }
            """, 1);
        String ir = IrPrinter.print(m);
        var sw = java.util.regex.Pattern.compile("switch i32 %x\\.0, default (\\S+) \\[(.*)\\]")
                .matcher(ir);
        assertThat(sw.find()).isTrue();
        var targets = new java.util.HashMap<String, String>();
        for (String c : sw.group(2).split(", ")) targets.put(c.split(": ")[0], c.split(": ")[1]);
        assertThat(targets).containsOnlyKeys("1", "5", "6");
        assertThat(targets.get("5"))
                .isEqualTo(targets.get("6"))
                .isNotEqualTo(targets.get("1"))
                .isNotEqualTo(sw.group(1));
    }

    @Test
    void inliningAttributesReachTheIr() {
        Module m = lower("""
            static inline __attribute__((always_inline)) int a(int x) { return x + 1; }
            __attribute__((noinline)) int n(int x) { return x * 2; }
            int __attribute__((__noipa__)) p(int x) { return x - 3; }
            __attribute__((flatten)) int f(int x) { return a(x) + n(x) + p(x); }
            int g(int x);
            [[gnu::noinline]] int g(int x) { return x; }
            int main(void) { return f(1) + g(2); }
            """, 0);
        String ir = IrPrinter.print(m);
        assertThat(ir)
                .contains("func static alwaysinline i32 @a(")
                .contains("func noinline i32 @n(")
                .contains("func noinline i32 @p(")
                .contains("func flatten i32 @f(")
                .contains("func noinline i32 @g(")
                .contains("func i32 @main(");
    }

    @Test
    void bitBuiltinsBecomeTheIrsBitOperations() {
        String ir = IrPrinter.print(lower("""
            int f(unsigned x, unsigned long long y, int s) {
                return __builtin_ctz(x) + __builtin_clz(x) + __builtin_popcount(x) + __builtin_parity(x)
                     + __builtin_ctzll(y) + __builtin_clzll(y) + __builtin_popcountll(y) + __builtin_ffs(s)
                     + __builtin_ffsll(y) + __builtin_clrsb(s) + (int)__builtin_bswap32(x)
                     + (int)__builtin_bswap64(y) + __builtin_bswap16((unsigned short)x);
            }
            """, 1));
        assertThat(ir)
                .containsPattern("= ctz i32 %x")
                .containsPattern("= clz i32 %x")
                .containsPattern("= popcount i32 %x")
                .containsPattern("= ctz i64 %y")
                .containsPattern("= clz i64 %y")
                .containsPattern("= popcount i64 %y")
                .containsPattern("= bswap i32 %x")
                .containsPattern("= bswap i64 %y");
        // no shift-and-mask counting left: no multiplication (the SWAR popcount's) and no 0x55555555 mask
        assertThat(ir).doesNotContain(" mul ").doesNotContain("1431655765");
        // ffs of 0 is 0 and clrsb of 0 is 31 whatever the IR's operations give: both fold on constants
        String zero = IrPrinter.print(
                lower("int g(void) { int z = 0; return __builtin_ffs(z) * 100 + __builtin_clrsb(z); }", 1));
        assertThat(zero).contains("ret i32 31");
    }
}
