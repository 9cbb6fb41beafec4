package jomp.compiler.opt;

import static jomp.compiler.opt.PassesTest.parse;
import static org.assertj.core.api.Assertions.assertThat;

import jomp.compiler.ir.Function;
import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import org.junit.jupiter.api.Test;

/** The inliner's decisions and its transformation, each program run by the IR interpreter before and after. */
class InlinerTest {
    /**
     * Optimises the module at the level and checks it computes what it computed unoptimised, and
     * that its text reads back as it is.
     */
    static Module optimised(String ir, int level) {
        IrInterpreter.Result before = IrInterpreter.run(parse(ir));
        Module m = parse(ir);
        PassManager.run(m, level);
        assertThat(IrVerifier.verify(m)).isEmpty();
        // every block reachable: the back end's loop outlining relies on it
        for (Function f : m.functions)
            assertThat(new jomp.compiler.ir.ControlFlow(f).rpo).as(f.name).hasSameSizeAs(f.blocks);
        String text = IrPrinter.print(m);
        assertThat(IrPrinter.print(parse(text.substring(text.indexOf('\n', text.indexOf("module")) + 1))))
                .isEqualTo(text);
        assertThat(IrInterpreter.run(m))
                .as("after -O%d:%n%s", level, IrPrinter.print(m))
                .isEqualTo(before);
        return m;
    }

    static Function fn(Module m, String name) {
        return m.function(name);
    }

    static boolean calls(Function f, String callee) {
        return f.blocks.stream()
                .anyMatch(b -> b.insns.stream()
                        .anyMatch(i -> i instanceof jomp.compiler.ir.Insn.Call c
                                && c.callee().equals(callee)));
    }

    /** A function of n additions to x (its size grows with n). */
    private static String adder(String header, int n) {
        StringBuilder sb = new StringBuilder(header + " {\nentry.0:\n  %r.1 = copy i32 %x.0\n");
        for (int i = 0; i < n; i++)
            sb.append("  %")
                    .append(i + 2)
                    .append(" = add i32 %r.1, ")
                    .append(i + 1)
                    .append("\n  %r.1 = copy i32 %")
                    .append(i + 2)
                    .append('\n');
        return sb.append("  ret i32 %r.1\n}\n").toString();
    }

    @Test
    void staticFunctionCalledOnceIsInlinedAndRemoved() {
        Module m = optimised(adder("func static i32 @big(i32 %x.0)", 60) + """
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @big(i32 1)
              ret i32 %0
            }
            """, 2);
        assertThat(fn(m, "big")).isNull();
        assertThat(calls(fn(m, "main"), "big")).isFalse();
    }

    @Test
    void largeFunctionCalledTwiceStaysACall() {
        Module m = optimised(adder("func static i32 @big(i32 %x.0)", 60) + """
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @big(i32 1)
              %1 = call i32 (i32) @big(i32 %0)
              ret i32 %1
            }
            """, 2);
        assertThat(calls(fn(m, "main"), "big")).isTrue();
    }

    @Test
    void smallFunctionsAreInlinedEverywhereAndKeptWhenExternal() {
        Module m = optimised(adder("func i32 @small(i32 %x.0)", 3) + """
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @small(i32 1)
              %1 = call i32 (i32) @small(i32 %0)
              %2 = call i32 (i32) @small(i32 %1)
              ret i32 %2
            }
            """, 2);
        assertThat(calls(fn(m, "main"), "small")).isFalse();
        assertThat(fn(m, "small")).isNotNull(); // other units may call it
    }

    @Test
    void attributesDecide() {
        String ir = adder("func noinline i32 @never(i32 %x.0)", 1)
                + adder("func static alwaysinline i32 @always(i32 %x.0)", 80) + """
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @never(i32 1)
              %1 = call i32 (i32) @always(i32 %0)
              %2 = call i32 (i32) @always(i32 %1)
              ret i32 %2
            }
            """;
        Module m = optimised(ir, 2);
        assertThat(calls(fn(m, "main"), "never")).isTrue();
        assertThat(calls(fn(m, "main"), "always")).isFalse();
        assertThat(fn(m, "always")).isNull();
        // the attributes survive the text form
        assertThat(IrPrinter.print(parse(ir)))
                .contains("func noinline i32 @never")
                .contains("func static alwaysinline i32 @always");
    }

    @Test
    void flattenInlinesWhatItBringsIn() {
        String ir = adder("func i32 @leaf(i32 %x.0)", 70) + """
            func i32 @mid(i32 %x.0) {
            entry.0:
              %1 = call i32 (i32) @leaf(i32 %x.0)
              %2 = call i32 (i32) @leaf(i32 %1)
              ret i32 %2
            }
            func flatten i32 @top(i32 %x.0) {
            entry.0:
              %1 = call i32 (i32) @mid(i32 %x.0)
              ret i32 %1
            }
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @top(i32 3)
              ret i32 %0
            }
            """;
        Module m = optimised(ir, 2);
        assertThat(calls(fn(m, "top"), "mid")).isFalse();
        assertThat(calls(fn(m, "top"), "leaf")).isFalse();
        assertThat(calls(fn(m, "mid"), "leaf")).isTrue(); // too large for mid itself
    }

    @Test
    void recursionIsNotUnrolled() {
        Module m = optimised("""
            func static i32 @fact(i32 %n.0) {
            entry.0:
              %1 = cmp le i32 %n.0, 1
              condbr i32 %1, one.1, more.2
            one.1:
              ret i32 1
            more.2:
              %2 = sub i32 %n.0, 1
              %3 = call i32 (i32) @fact(i32 %2)
              %4 = mul i32 %n.0, %3
              ret i32 %4
            }
            func static i32 @even(i32 %n.0) {
            entry.0:
              condbr i32 %n.0, more.1, yes.2
            more.1:
              %1 = sub i32 %n.0, 1
              %2 = call i32 (i32) @odd(i32 %1)
              ret i32 %2
            yes.2:
              ret i32 1
            }
            func static i32 @odd(i32 %n.0) {
            entry.0:
              condbr i32 %n.0, more.1, no.2
            more.1:
              %1 = sub i32 %n.0, 1
              %2 = call i32 (i32) @even(i32 %1)
              ret i32 %2
            no.2:
              ret i32 0
            }
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @fact(i32 5)
              %1 = call i32 (i32) @even(i32 7)
              %2 = add i32 %0, %1
              ret i32 %2
            }
            """, 2);
        assertThat(calls(fn(m, "fact"), "fact")).isTrue();
        assertThat(calls(fn(m, "even"), "odd") || calls(fn(m, "even"), "even")).isTrue();
    }

    @Test
    void multipleReturnsAndAssignedParameters() {
        Module m = optimised("""
            func static i32 @clamp(i32 %x.0) {
            entry.0:
              %1 = cmp lt i32 %x.0, 0
              condbr i32 %1, neg.1, pos.2
            neg.1:
              %x.0 = copy i32 0
              ret i32 %x.0
            pos.2:
              %2 = cmp gt i32 %x.0, 10
              condbr i32 %2, big.3, ok.4
            big.3:
              ret i32 10
            ok.4:
              ret i32 %x.0
            }
            func i32 @main() {
            entry.0:
              %x.1 = copy i32 -5
              %2 = call i32 (i32) @clamp(i32 %x.1)
              %3 = call i32 (i32) @clamp(i32 42)
              %4 = call i32 (i32) @clamp(i32 7)
              %5 = add i32 %2, %3
              %6 = add i32 %5, %4
              %7 = add i32 %6, %x.1
              ret i32 %7
            }
            """, 2);
        assertThat(calls(fn(m, "main"), "clamp")).isFalse();
    }

    @Test
    void whatMustStayACallStaysOne() {
        Module m = optimised("""
            global static @buf size 200 align 16 zero
            func static i32 @vsum(i32 %n.0, ...%va.1) {
            entry.0:
              %2 = load i32 %va.1
              ret i32 %2
            }
            func static i32 @vla(i64 %n.0) {
            entry.0:
              %1 = alloca i64 %n.0, align 16
              store i32 4, %1
              %2 = load i32 %1
              ret i32 %2
            }
            func weak i32 @replaceable() {
            entry.0:
              ret i32 2
            }
            func i32 @main() {
              slot $va.0 size 8 align 8
            entry.0:
              %0 = slotaddr $va.0
              store i64 3, %0
              %1 = call i32 (i32, ...) @vsum(i32 1, ptr %0)
              %3 = copy i32 0
              %4 = call i32 (i64) @vla(i64 16)
              %5 = call i32 () @replaceable()
              %6 = add i32 %1, %3
              %7 = add i32 %6, %4
              %8 = add i32 %7, %5
              ret i32 %8
            }
            """, 2);
        Function main = fn(m, "main");
        assertThat(calls(main, "vsum")).isTrue();
        assertThat(calls(main, "vla")).isTrue();
        assertThat(calls(main, "replaceable")).isTrue();
    }

    @Test
    void setjmpCalleesAndCallersAreLeftAlone() {
        // not run: the interpreter has no setjmp; the decision only
        Module m = parse("""
            declare i32 (ptr) @_setjmp
            global static @env size 200 align 16 zero
            func static i32 @jumps(ptr %env.0) {
            entry.0:
              %1 = call i32 (ptr) @_setjmp(ptr %env.0)
              ret i32 %1
            }
            func static i32 @one() {
            entry.0:
              ret i32 1
            }
            func i32 @caller() {
            entry.0:
              %0 = addr @env
              %1 = call i32 (ptr) @_setjmp(ptr %0)
              %2 = call i32 () @one()
              ret i32 %2
            }
            func i32 @main() {
            entry.0:
              %0 = addr @env
              %1 = call i32 (ptr) @jumps(ptr %0)
              ret i32 %1
            }
            """);
        PassManager.run(m, 2);
        assertThat(calls(fn(m, "main"), "jumps")).isTrue();
        assertThat(calls(fn(m, "caller"), "one")).isTrue();
    }

    @Test
    void addressTakenFunctionsAndKernelsStay() {
        Module m = optimised("""
            func static i32 @twice(i32 %x.0) {
            entry.0:
              %1 = mul i32 %x.0, 2
              ret i32 %1
            }
            func void @__omp_offloading_1_2_main_l3(ptr %0) {
            entry.0:
              %1 = call i32 (i32) @twice(i32 4)
              store i32 %1, %0
              ret void
            }
            func i32 @main() {
              slot $r.0 size 4 align 4
            entry.0:
              %0 = funcaddr @twice
              %1 = calli i32 (i32) %0(i32 5)
              %2 = call i32 (i32) @twice(i32 %1)
              %3 = slotaddr $r.0
              call void (ptr) @__omp_offloading_1_2_main_l3(ptr %3)
              %4 = load i32 %3
              %5 = add i32 %2, %4
              ret i32 %5
            }
            """, 2);
        assertThat(fn(m, "twice")).isNotNull(); // its address is taken
        assertThat(calls(fn(m, "main"), "twice")).isFalse();
        assertThat(calls(fn(m, "main"), "__omp_offloading_1_2_main_l3")).isTrue();
        assertThat(calls(fn(m, "__omp_offloading_1_2_main_l3"), "twice")).isFalse(); // inlined into the kernel
    }

    @Test
    void calleesWithLoopsStayCallsUnlessForced() {
        String loop = """
            func static ATTR i32 @NAME(i32 %n.0) {
            entry.0:
              %s.1 = copy i32 0
              br cond.1
            cond.1:
              %2 = cmp gt i32 %n.0, 0
              condbr i32 %2, body.2, done.3
            body.2:
              %3 = add i32 %s.1, %n.0
              %s.1 = copy i32 %3
              %4 = sub i32 %n.0, 1
              %n.0 = copy i32 %4
              br cond.1
            done.3:
              ret i32 %s.1
            }
            """;
        Module m = optimised(
                loop.replace("ATTR ", "").replace("NAME", "sum")
                        + loop.replace("ATTR", "alwaysinline").replace("NAME", "forced") + """
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @sum(i32 5)
              %1 = call i32 (i32) @forced(i32 %0)
              ret i32 %1
            }
            """,
                2);
        assertThat(calls(fn(m, "main"), "sum")).isTrue();
        assertThat(calls(fn(m, "main"), "forced")).isFalse();
    }

    @Test
    void onlyFromOptLevelTwo() {
        Module m = optimised(adder("func static i32 @small(i32 %x.0)", 2) + """
            func i32 @main() {
            entry.0:
              %0 = call i32 (i32) @small(i32 1)
              ret i32 %0
            }
            """, 1);
        assertThat(calls(fn(m, "main"), "small")).isTrue();
    }
}
