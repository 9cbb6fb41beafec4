package jomp.compiler.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import jomp.compiler.lower.Lowering;
import jomp.compiler.opt.PassManager;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import org.junit.jupiter.api.Test;

/**
 * A struct result goes straight into a local whose address goes nowhere else, and only there:
 * not into one whose address escapes (a callee could read it while the result is written), not
 * through a pointer, not into a global. The program computes the same before and after. The
 * functions are noinline: at -O2 the inliner would otherwise leave no calls to look at.
 */
class StructResultsTest {
    private static final String PROGRAM = """
        int printf(const char *, ...);
        typedef struct { double r, i; } C;
        static C *seen;
        C g;
        __attribute__((noinline)) static C mul(C a, C b) { C c = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r}; return c; }
        __attribute__((noinline)) static C peek(C a) { C r = {a.r + seen->r, a.i + seen->i}; return r; }
        __attribute__((noinline)) static double local(int n) {
            C z = {1, 0}, w = {0.6, 0.8};
            for (int k = 0; k < n; k++) z = mul(z, w);
            return z.r + z.i;
        }
        __attribute__((noinline)) static double escaping(void) {
            C e = {1, 1};
            seen = &e;
            e = peek(e);
            return e.r + e.i;
        }
        __attribute__((noinline)) static double pointer(C *p) {
            *p = mul(*p, *p);
            g = mul(*p, *p);
            return p->r + g.i;
        }
        int main(void) {
            C x = {0.5, 0.25};
            printf("%.6f %.1f %.6f\\n", local(10), escaping(), pointer(&x));
            return 0;
        }
        """;

    private static Module lower(int opt) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true));
        TranslationUnit tu = Parser.parse(
                Preprocessor.run(new SourceFile("t.c", PROGRAM), PreprocessorOptions.defaults(true), diags), diags);
        Module m = Lowering.lower(tu, diags);
        assertThat(err.toString()).isEmpty();
        PassManager.run(m, opt);
        return m;
    }

    /** The calls of fn to callee whose result pointer is the address of a slot named {@code name} (null: a temporary). */
    private static long callsInto(Function fn, String callee, String name) {
        java.util.Map<Integer, Insn> def = new java.util.HashMap<>();
        for (BasicBlock b : fn.blocks) for (Insn i : b.insns) if (i.dst() != null) def.put(i.dst().id, i);
        long n = 0;
        for (BasicBlock b : fn.blocks) {
            for (Insn i : b.insns) {
                if (i instanceof Insn.Call c
                        && c.callee().equals(callee)
                        && c.args().get(0) instanceof jomp.compiler.ir.Reg r
                        && def.get(r.id) instanceof Insn.SlotAddr s
                        && java.util.Objects.equals(name, s.slot().name)) n++;
            }
        }
        return n;
    }

    private static Function function(Module m, String name) {
        return m.functions.stream().filter(f -> f.name.equals(name)).findFirst().orElseThrow();
    }

    @Test
    void onlyAVariableNobodyElseSeesTakesTheResultDirectly() {
        // at -O2 z is also mul's argument (its copy elided) and then scalars (scalar replacement):
        // the result goes to a temporary there, as it must, and the program still computes the same
        for (int opt : List.of(0, 1, 2)) {
            Module m = lower(opt);
            IrInterpreter.Result before = IrInterpreter.run(m);
            assertThat(callsInto(function(m, "local"), "mul", "z")).isZero();
            StructResults.elide(m);
            assertThat(IrVerifier.verify(m)).isEmpty();
            assertThat(IrInterpreter.run(m)).as("-O%d", opt).isEqualTo(before);
            assertThat(callsInto(function(m, "local"), "mul", "z"))
                    .as("-O%d", opt)
                    .isEqualTo(opt < 2 ? 1 : 0);
            // e's address is in a global: peek reads it while it computes; *p and g are no slots: temporaries, as
            // before
            assertThat(callsInto(function(m, "escaping"), "peek", "e")).isZero();
            assertThat(callsInto(function(m, "escaping"), "peek", null)).isEqualTo(1);
            assertThat(callsInto(function(m, "pointer"), "mul", null)).isEqualTo(2);
        }
    }
}
