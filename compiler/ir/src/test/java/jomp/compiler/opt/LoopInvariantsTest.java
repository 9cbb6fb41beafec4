package jomp.compiler.opt;

import static jomp.compiler.opt.PassesTest.body;
import static jomp.compiler.opt.PassesTest.parse;
import static org.assertj.core.api.Assertions.assertThat;

import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;

/** Moving invariant address arithmetic out of loops, and only where the 32-bit index cannot overflow. */
class LoopInvariantsTest {
    /** {@code for (k = 0; k < 600; k++) for (j = 0; j < BOUND; j++) b[k * SCALE + j] = 1.0;} */
    private static Module nest(String scale, String bound) {
        return parse("""
            func void @f(ptr %b.0, i32 %n.1) {
            entry.0:
              %k.2 = copy i32 0
              br kcond.1
            kcond.1:
              %3 = cmp lt i32 %k.2, 600
              condbr i32 %3, kbody.2, done.6
            kbody.2:
              %j.4 = copy i32 0
              br jcond.3
            jcond.3:
              %5 = cmp lt i32 %j.4, BOUND
              condbr i32 %5, jbody.4, kstep.5
            jbody.4:
              %6 = mul i32 %k.2, SCALE
              %7 = add i32 %6, %j.4
              %8 = sext i32 %7 to i64
              %9 = mul i64 %8, 8
              %10 = add ptr %b.0, %9
              store f64 1.0, %10
              %11 = add i32 %j.4, 1
              %j.4 = copy i32 %11
              br jcond.3
            kstep.5:
              %12 = add i32 %k.2, 1
              %k.2 = copy i32 %12
              br kcond.1
            done.6:
              ret void
            }
            """.replace("SCALE", scale).replace("BOUND", bound));
    }

    private static String block(String body, String name) {
        int at = body.indexOf(name + ":");
        int end = body.indexOf("\n", body.indexOf("  br ", at));
        int end2 = body.indexOf("  condbr ", at);
        return body.substring(at, end2 >= 0 && end2 < end ? end2 : end);
    }

    @Test
    void rowAddressMovesOutOfTheInnerLoop() {
        Module m = nest("600", "600");
        PassManager.run(m, 2);
        assertThat(jomp.compiler.ir.IrVerifier.verify(m)).isEmpty();
        String b = body(m);
        // the inner loop only scales j; k * 600 and the row address are computed once per row
        assertThat(block(b, "jbody.4")).doesNotContain("%k.2").contains("sext i32 %j.4 to i64").contains("store f64 1.0");
        assertThat(block(b, "kbody.2")).contains("mul i32 %k.2, 600").contains("add ptr %b.0");
    }

    @Test
    void indexThatMayOverflowIsLeftAlone() {
        // 599 * 10^7 overflows int: sext(k * 10^7 + j) is not sext(k * 10^7) + sext(j)
        Module m = nest("10000000", "600");
        PassManager.run(m, 2);
        String j = block(body(m), "jbody.4");
        assertThat(j).contains("= add i32 %6, %j.4").contains("sext i32 %7 to i64").contains("add ptr %b.0");
        // the product itself is invariant and still moves
        assertThat(block(body(m), "kbody.2")).contains("mul i32 %k.2, 10000000");
    }

    @Test
    void unknownBoundGivesNoRange() {
        Module m = nest("600", "%n.1");
        PassManager.run(m, 2);
        assertThat(block(body(m), "jbody.4")).contains("= add i32 %6, %j.4").contains("sext i32 %7 to i64");
    }

    @Test
    void onlyFromOptLevelTwo() {
        Module m = nest("600", "600");
        PassManager.run(m, 1);
        assertThat(block(body(m), "jbody.4")).contains("mul i32 %k.2, 600");
    }
}
