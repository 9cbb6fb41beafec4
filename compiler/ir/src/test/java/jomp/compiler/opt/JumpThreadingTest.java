package jomp.compiler.opt;

import static jomp.compiler.opt.PassesTest.body;
import static jomp.compiler.opt.PassesTest.parse;
import static org.assertj.core.api.Assertions.assertThat;

import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;

/** Branches on a flag an arm has just set go straight where the flag leads; loops keep their one entry. */
class JumpThreadingTest {
    /**
     * {@code if ((a ? (n = a + 4, 1) : 0) && (b ? (m = b + 6, 1) : 0)) return n + m; return 0;}, as the lowering
     * writes it: each arm sets a flag, a join branches on it. main adds f over the four (a, b).
     */
    private static final String AND_OF_CONDITIONALS = """
        func i32 @f(i32 %a.0, i32 %b.1) {
        entry.0:
          condbr i32 %a.0, then.1, else.2
        then.1:
          %n.2 = add i32 %a.0, 4
          %t.3 = copy i32 1
          br join.3
        else.2:
          %t.3 = copy i32 0
          br join.3
        join.3:
          condbr i32 %t.3, rhs.4, no.9
        rhs.4:
          condbr i32 %b.1, then.5, else.6
        then.5:
          %m.4 = add i32 %b.1, 6
          %u.5 = copy i32 1
          br join.7
        else.6:
          %u.5 = copy i32 0
          br join.7
        join.7:
          %v.6 = copy i32 %u.5
          condbr i32 %v.6, yes.8, no.9
        yes.8:
          %7 = add i32 %n.2, %m.4
          ret i32 %7
        no.9:
          ret i32 0
        }
        func i32 @main() {
        entry.0:
          %0 = call i32 (i32, i32) @f(i32 0, i32 0)
          %1 = call i32 (i32, i32) @f(i32 1, i32 0)
          %2 = call i32 (i32, i32) @f(i32 0, i32 1)
          %3 = call i32 (i32, i32) @f(i32 1, i32 1)
          %4 = add i32 %0, %1
          %5 = add i32 %2, %3
          %6 = mul i32 %4, 100
          %7 = add i32 %6, %5
          ret i32 %7
        }
        """;

    @Test
    void armsBranchWhereTheirFlagLeads() {
        int before = IrInterpreter.run(parse(AND_OF_CONDITIONALS)).exitCode();
        Module m = parse(AND_OF_CONDITIONALS);
        PassManager.run(m, 1);
        assertThat(IrVerifier.verify(m)).isEmpty();
        assertThat(IrInterpreter.run(m).exitCode())
                .as(IrPrinter.print(m))
                .isEqualTo(before)
                .isEqualTo(12);
        String f = body(m).substring(0, body(m).indexOf("func i32 @main"));
        // no flag is left: the arms branch to the right-hand side, the sum or the return of 0 themselves
        assertThat(f)
                .doesNotContain("%t.3")
                .doesNotContain("%u.5")
                .doesNotContain("%v.6")
                .doesNotContain("join");
        // so the sum is reached only where %n.2 and %m.4 were assigned
        assertThat(f).containsSubsequence("%n.2 = add i32 %a.0, 4", "%m.4 = add i32 %b.1, 6", "add i32 %n.2, %m.4");
    }

    /** {@code first = 1; while (first || i < n) { first = 0; i++; }}: the preheader's flag must not skip the header. */
    @Test
    void loopHeadersAreNotThreadedThrough() {
        String ir = """
            func i32 @f(i32 %n.0) {
            entry.0:
              %i.1 = copy i32 0
              %first.2 = copy i32 1
              br head.1
            head.1:
              condbr i32 %first.2, body.3, test.2
            test.2:
              %3 = cmp lt i32 %i.1, %n.0
              condbr i32 %3, body.3, done.4
            body.3:
              %first.2 = copy i32 0
              %4 = add i32 %i.1, 1
              %i.1 = copy i32 %4
              br head.1
            done.4:
              ret i32 %i.1
            }
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @f(i32 0)
              %1 = call i32 (i32) @f(i32 5)
              %2 = mul i32 %1, 10
              %3 = add i32 %2, %0
              ret i32 %3
            }
            """;
        Module m = parse(ir);
        PassManager.run(m, 1);
        assertThat(IrInterpreter.run(m).exitCode())
                .isEqualTo(IrInterpreter.run(parse(ir)).exitCode())
                .isEqualTo(51);
        String f = body(m);
        // the entry still enters the loop at its header, which tests the flag
        assertThat(f.substring(0, f.indexOf("head.1:"))).contains("br head.1");
    }
}
