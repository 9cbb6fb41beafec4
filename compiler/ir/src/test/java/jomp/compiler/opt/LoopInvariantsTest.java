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
        assertThat(block(b, "jbody.4"))
                .doesNotContain("%k.2")
                .contains("sext i32 %j.4 to i64")
                .contains("store f64 1.0");
        assertThat(block(b, "kbody.2")).contains("mul i32 %k.2, 600").contains("add ptr %b.0");
    }

    @Test
    void indexThatMayOverflowIsLeftAlone() {
        // 599 * 10^7 overflows int: sext(k * 10^7 + j) is not sext(k * 10^7) + sext(j)
        Module m = nest("10000000", "600");
        PassManager.run(m, 2);
        String j = block(body(m), "jbody.4");
        assertThat(j)
                .contains("= add i32 %6, %j.4")
                .contains("sext i32 %7 to i64")
                .contains("add ptr %b.0");
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

    // ---- a real program's miscompile: the split reads the variant operand where the address is used ----------------

    /** main returns f("abc/"): the index of the first '/' after position 0, 3 as gcc computes it. */
    private static Module scan(String loop) {
        return parse("""
            global static readonly @.str size 5 align 1 data "abc/\\00"
            func i64 @f(ptr %s.0) {
            entry.0:
              %i.1 = copy i64 0
              br do.body.1
            LOOP
            do.end.3:
              ret i64 %i.1
            }
            func i32 @main() {
            entry.0:
              %0 = addr @.str
              %1 = call i64 (ptr) @f(ptr %0)
              %2 = trunc i64 %1 to i32
              ret i32 %2
            }
            """.replace("LOOP", loop.strip().replace("\n", "\n    ")));
    }

    private static int optimisedExit(Module m) {
        int before = jomp.compiler.ir.IrInterpreter.run(m).exitCode();
        PassManager.run(m, 2);
        assertThat(jomp.compiler.ir.IrVerifier.verify(m)).isEmpty();
        int after = jomp.compiler.ir.IrInterpreter.run(m).exitCode();
        assertThat(after).as("-O2 against -O0, IR:%n%s", body(m)).isEqualTo(before);
        return after;
    }

    @Test
    void doWhileIndexIncrementedBeforeTheAddressKeepsItsNewValue() {
        // long i = 0; do { i++; } while (s[i] != '/');  as -O1 leaves it: %i.1 is redefined
        // between the add that the address reads and the address itself
        Module m = scan("""
            do.body.1:
              %3 = add i64 %i.1, 1
              %i.1 = copy i64 %3
              %4 = add ptr %s.0, %3
              %5 = load i8 %4
              %6 = sext i8 %5 to i32
              %7 = cmp ne i32 %6, 47
              condbr i32 %7, do.body.1, do.end.3
            """);
        assertThat(optimisedExit(m)).isEqualTo(3);
    }

    @Test
    void redefinitionInAnotherBlockBetweenAddAndUseIsSeen() {
        Module m = scan("""
            do.body.1:
              %3 = add i64 %i.1, 1
              br step.4
            step.4:
              %i.1 = copy i64 %3
              br use.5
            use.5:
              %4 = add ptr %s.0, %3
              %5 = load i8 %4
              %6 = sext i8 %5 to i32
              %7 = cmp ne i32 %6, 47
              condbr i32 %7, do.body.1, do.end.3
            """);
        assertThat(optimisedExit(m)).isEqualTo(3);
    }

    @Test
    void variantOperandUnchangedUntilTheUseStillSplits() {
        // the address is formed before i is incremented: s + 1 is invariant and leaves the loop
        Module m = scan("""
            do.body.1:
              %3 = add i64 %i.1, 1
              %4 = add ptr %s.0, %3
              %i.1 = copy i64 %3
              %5 = load i8 %4
              %6 = sext i8 %5 to i32
              %7 = cmp ne i32 %6, 47
              condbr i32 %7, do.body.1, do.end.3
            """);
        assertThat(optimisedExit(m)).isEqualTo(3);
        assertThat(block(body(m), "entry.0")).contains("add ptr %s.0, 1");
    }

    // ---- only what runs in every iteration moves --------------------------------------------------------------------

    /** A dispatch loop: {@code for (;;) { op = *pc++; if (op == 1) { L->top... } else ... }} with invariant addresses in its arms. */
    private static final String DISPATCH = """
            func i32 @f(ptr %L.0, ptr %pc.1) {
            entry.0:
              %p.2 = copy ptr %pc.1
              %n.3 = copy i32 0
              br loop.1
            loop.1:
              %4 = load i32 %p.2
              %5 = add ptr %p.2, 4
              %p.2 = copy ptr %5
              %6 = add ptr %L.0, 8
              %7 = cmp eq i32 %4, 1
              condbr i32 %7, one.2, other.3
            one.2:
              %8 = add ptr %L.0, 16
              %9 = load i32 %8
              %10 = add i32 %n.3, %9
              %n.3 = copy i32 %10
              br loop.1
            other.3:
              %11 = cmp eq i32 %4, 2
              condbr i32 %11, two.4, done.5
            two.4:
              %12 = add ptr %L.0, 24
              %13 = load i32 %12
              store i32 %13, %6
              br loop.1
            done.5:
              %14 = load i32 %6
              %15 = add i32 %n.3, %14
              ret i32 %15
            }
            func i32 @main() {
              slot $l.0 size 32 align 8
              slot $code.1 size 16 align 4
            entry.0:
              %0 = slotaddr $l.0
              %1 = slotaddr $code.1
              %2 = add ptr %0, 8
              store i32 5, %2
              %3 = add ptr %0, 16
              store i32 7, %3
              %4 = add ptr %0, 24
              store i32 11, %4
              store i32 1, %1
              %5 = add ptr %1, 4
              store i32 2, %5
              %6 = add ptr %1, 8
              store i32 1, %6
              %7 = add ptr %1, 12
              store i32 0, %7
              %8 = call i32 (ptr, ptr) @f(ptr %0, ptr %1)
              ret i32 %8
            }
            """;

    @Test
    void invariantsOfConditionalArmsStayInTheirArms() {
        Module m = parse(DISPATCH);
        assertThat(optimisedExit(m)).isEqualTo(7 + 7 + 11);
        String b = body(m);
        // the address every iteration computes leaves the loop; those of the arms stay where they run
        assertThat(block(b, "entry.0")).contains("add ptr %L.0, 8").doesNotContain("add ptr %L.0, 16");
        assertThat(block(b, "one.2")).contains("add ptr %L.0, 16");
        assertThat(block(b, "two.4")).contains("add ptr %L.0, 24");
    }
}
