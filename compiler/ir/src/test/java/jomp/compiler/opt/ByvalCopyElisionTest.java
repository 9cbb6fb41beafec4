package jomp.compiler.opt;

import static jomp.compiler.opt.InlinerTest.fn;
import static jomp.compiler.opt.InlinerTest.optimised;
import static jomp.compiler.opt.PassesTest.parse;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;

/** Struct arguments passed without their copy where the callee only reads them; each program run by the IR interpreter before and after. */
class ByvalCopyElisionTest {
    private static long copies(Function f) {
        return f.blocks.stream()
                .flatMap(b -> b.insns.stream())
                .filter(i -> i instanceof Insn.MemCopy)
                .count();
    }

    /**
     * struct P { long x, y; }; long sum(struct P p) reads (or, with WRITE, also changes) its copy;
     * main passes its local q (whose address ESCAPE may store in a global) twice. q's first long is
     * also read as an int, so q stays in memory (no scalar replacement takes the copies apart).
     */
    private static String program(String write, String escape) {
        return """
            declare ptr (ptr, i32, i64) @memset "p(p,i,m)"
            global static @keep size 8 align 8 zero
            func noinline i64 @sum(ptr %p.0) "l(S16,8{0:l,8:l})" {
            entry.0:
              %1 = load i64 %p.0
              %2 = add ptr %p.0, 8
              %3 = load i64 %2
              WRITE
              %4 = add i64 %1, %3
              ret i64 %4
            }
            func noinline i64 @twice(ptr %p.0) "l(S16,8{0:l,8:l})" {
              slot $t.0 size 16 align 8
            entry.0:
              %1 = slotaddr $t.0
              memcpy %1, %p.0, i64 16
              %2 = call i64 (ptr) @sum(ptr %1)
              %3 = load i64 %p.0
              %4 = add i64 %2, %3
              ret i64 %4
            }
            func i32 @main() {
              slot $q.0 size 16 align 8
              slot $1 size 16 align 8
              slot $2 size 16 align 8
            entry.0:
              %0 = slotaddr $q.0
              %1 = call ptr (ptr, i32, i64) @memset(ptr %0, i32 0, i64 16)
              store i64 5, %0
              %2 = add ptr %0, 8
              store i64 7, %2
              ESCAPE
              %3 = slotaddr $1
              memcpy %3, %0, i64 16
              %4 = call i64 (ptr) @sum(ptr %3)
              %5 = slotaddr $2
              memcpy %5, %0, i64 16
              %6 = call i64 (ptr) @twice(ptr %5)
              %7 = load i32 %0
              %8 = add i64 %4, %6
              %9 = trunc i64 %8 to i32
              %10 = add i32 %9, %7
              ret i32 %10
            }
            """.replace("WRITE", write).replace("ESCAPE", escape);
    }

    @Test
    void readOnlyCalleesGetTheOriginal() {
        Module m = optimised(program("", ""), 2);
        assertThat(copies(fn(m, "main"))).isZero();
        assertThat(copies(fn(m, "twice"))).isZero(); // its own struct parameter, passed on unchanged
        assertThat(fn(m, "main").slots).hasSize(1);
        assertThat(fn(m, "twice").slots).isEmpty();
    }

    @Test
    void aCalleeThatChangesItsCopyKeepsIt() {
        Module m = optimised(program("store i64 0, %p.0", ""), 2);
        // sum's copies stay; twice only reads its own and copies it for sum: main's copy for twice goes
        assertThat(copies(fn(m, "main"))).isEqualTo(1);
        assertThat(copies(fn(m, "twice"))).isEqualTo(1);
    }

    @Test
    void anOriginalOthersCanReachKeepsItsCopies() {
        Module m = optimised(program("", "%20 = addr @keep\n  store ptr %0, %20"), 2);
        assertThat(copies(fn(m, "main"))).isEqualTo(2);
        // twice's parameter is still its own: a copy main made
        assertThat(copies(fn(m, "twice"))).isZero();
    }

    @Test
    void readOnlyParametersFollowCallsAndRecursion() {
        Module m = parse("""
            func i64 @leaf(ptr %p.0) {
            entry.0:
              %1 = load i64 %p.0
              ret i64 %1
            }
            func i64 @passes(ptr %p.0, i64 %n.1) {
            entry.0:
              condbr i64 %n.1, more.1, done.2
            more.1:
              %2 = sub i64 %n.1, 1
              %3 = call i64 (ptr, i64) @passes(ptr %p.0, i64 %2)
              ret i64 %3
            done.2:
              %4 = call i64 (ptr) @leaf(ptr %p.0)
              ret i64 %4
            }
            func i64 @writes(ptr %p.0) {
            entry.0:
              store i64 1, %p.0
              ret i64 0
            }
            func i64 @leaks(ptr %p.0) {
            entry.0:
              %1 = call i64 (ptr) @writes(ptr %p.0)
              ret i64 %1
            }
            """);
        ReadOnlyParams ro = new ReadOnlyParams(m);
        assertThat(ro.of("leaf")).containsExactly(true);
        assertThat(ro.of("passes")).containsExactly(true, false);
        assertThat(ro.of("writes")).containsExactly(false);
        assertThat(ro.of("leaks")).containsExactly(false);
        assertThat(ro.of("undefined")).isNull();
    }

    @Test
    void structParametersComeFromTheCSignature() {
        Module m = parse("""
            func ptr @f(ptr %ret.0, ptr %a.1, f64 %x.2, ptr %u.3, ptr %p.4, ptr %v.5, i32 %n.6, ...%va.7) "S16,8{0:d,8:d}(S16,8{0:d,8:d},d,U8,8{0:l,0:d},p,S12,4{0:A3*i},i|)" {
            entry.0:
              ret ptr %ret.0
            }
            """);
        assertThat(ByvalCopyElision.structParams(m.functions.get(0)))
                .isEqualTo(List.of(false, true, false, true, false, true, false));
    }
}
