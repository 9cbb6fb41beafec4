package jomp.compiler.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
import jomp.runtime.mem.Stack;
import org.junit.jupiter.api.Test;

/**
 * Functions split into methods of a small budget (so that ordinary-sized C code splits many
 * times): straight-line code, a switch interpreter with fallthrough and returns from its cases,
 * gotos into and out of everything, more live variables than a region takes as parameters, deep
 * nesting, frame arrays, a variadic function. Each computes the same before and after (the IR
 * interpreter runs main), the IR stays valid, the methods keep to the budget, and the JVM
 * verifies and runs the class with the same results.
 */
class MethodSplitterTest {
    private static final int BUDGET = 600;

    /** long name(long p) functions, each large for BUDGET, and main printing them for a few p. */
    static String program() {
        StringBuilder c = new StringBuilder("int printf(const char *, ...);\n");
        // straight-line arithmetic: one long block
        c.append("static long straight(long p) {\n  long a = p, b = p + 1, d = 3;\n  long t[8] = {0};\n");
        for (int k = 0; k < 120; k++)
            c.append("  a = a * 3 + b; b ^= a >> 3; d += t[")
                    .append(k % 8)
                    .append("]; t[")
                    .append((k * 5) % 8)
                    .append("] = a + d + ")
                    .append(k)
                    .append(";\n");
        c.append("  return a ^ b ^ d;\n}\n");
        // a switch interpreter: fallthrough, break inside ifs, continue, return from a case
        c.append(
                "static long interp(long p) {\n  long acc = p, x = 1, y = 2; int pc = 0;\n  for (int step = 0; step < 200; step++) {\n    switch ((pc * 7 + step) % 24) {\n");
        for (int k = 0; k < 24; k++) {
            c.append("    case ").append(k).append(":\n");
            for (int s = 0; s < 4; s++)
                c.append("      acc = (acc * ")
                        .append(3 + s)
                        .append(" + x + ")
                        .append(k)
                        .append(") % 1000003; x ^= acc >> ")
                        .append(s + 1)
                        .append(";\n");
            if (k % 5 == 0) c.append("      if (acc & 1) break;\n");
            if (k % 6 == 1) c.append("      if (x % 7 == 3) continue;\n");
            if (k == 13) c.append("      if (acc % 97 == 5) return acc + 1;\n");
            if (k % 4 != 3) c.append("      pc += y; y = (y + acc) % 11;\n      break;\n"); // else: falls through
        }
        c.append("    default: acc++;\n    }\n    pc = (pc + 1) % 1000;\n  }\n  return acc * 31 + x + y;\n}\n");
        // gotos forward and back, into the middle of loops
        c.append("static long gotos(long p) {\n  long h = p, budget = 400; int v = 1;\n  goto L0;\n");
        for (int k = 0; k < 30; k++) {
            c.append(" L").append(k).append(":\n  if (--budget < 0) goto done;\n");
            c.append("  for (int i = 0; i < 2; i++) {\n    h = h * 31 + v + ")
                    .append(k)
                    .append("; v = (v * 7 + i) % 1009;\n");
            c.append("    if (v % 5 == 0) goto L").append((k * 7 + 3) % 30).append(";\n  }\n");
            c.append("  if (v % 3 == 0) goto L").append((k * 11 + 5) % 30).append(";\n");
        }
        c.append("  goto L0;\n done:\n  return h + v;\n}\n");
        // a state machine: labels entered by gotos and by a switch whose default (v % 8 == 7) shares a region with them
        c.append(
                "static long machine(long p) {\n  unsigned long h = p; long budget = 300; int v = (int) p;\n  goto pick;\n");
        for (int k = 0; k < 24; k++) {
            c.append(" M")
                    .append(k)
                    .append(":\n  if (--budget < 0) goto done;\n  h = h * 31 + v + ")
                    .append(k)
                    .append("; v = (v * 7 + ")
                    .append(k)
                    .append(") % 1009;\n");
            c.append("  if (v % 3 == 0) goto pick;\n  if (v % 3 == 1) goto M")
                    .append((k * 5 + 7) % 24)
                    .append(";\n  h ^= h >> 3;\n");
        }
        c.append("  goto pick;\n pick:\n  switch (v % 8) {\n");
        for (int k = 0; k < 7; k++)
            c.append("  case ").append(k).append(": goto M").append(k * 3).append(";\n");
        c.append("  default: goto M23;\n  }\n done:\n  return (long) (h ^ (unsigned long) v);\n}\n");
        // more live variables than a region takes as parameters
        c.append("static long locals(long p) {\n");
        for (int k = 0; k < 90; k++)
            c.append("  long v")
                    .append(k)
                    .append(" = p * ")
                    .append(k % 13)
                    .append(" + ")
                    .append(k)
                    .append(";\n");
        for (int k = 0; k < 90; k++)
            c.append("  v")
                    .append((k * 7) % 90)
                    .append(" = v")
                    .append((k * 7) % 90)
                    .append(" * 3 + v")
                    .append((k * 11) % 90)
                    .append(" % 101;\n");
        c.append("  long h = 0;\n");
        for (int k = 0; k < 90; k++) c.append("  h = h * 31 + v").append(k).append(";\n");
        c.append("  return h;\n}\n");
        // deep nesting
        c.append("static long nest(long p) {\n  long h = p;\n");
        for (int d = 0; d < 10; d++)
            c.append("  ".repeat(d + 1))
                    .append(
                            d % 2 == 0
                                    ? "for (int i" + d + " = 0; i" + d + " < 2; i" + d + "++) {\n"
                                    : "if ((h + " + d + ") % 3 != 0) {\n");
        for (int k = 0; k < 30; k++)
            c.append("  ".repeat(11)).append("h = h * 131 + ").append(k).append(" + (h >> 7);\n");
        for (int d = 9; d >= 0; d--) c.append("  ".repeat(d + 1)).append("}\n");
        c.append("  return h;\n}\n");
        // a variadic function with a large body
        c.append(
                "static long vsum(int n, ...) {\n  __builtin_va_list ap;\n  __builtin_va_start(ap, n);\n  long s = 0;\n");
        c.append("  for (int i = 0; i < n; i++) {\n    long a = __builtin_va_arg(ap, long);\n");
        for (int k = 0; k < 40; k++)
            c.append("    s = s * 3 + a + ").append(k).append("; if (s > 100000000) s %= 1000003;\n");
        c.append("  }\n  __builtin_va_end(ap);\n  return s;\n}\n");
        c.append("static long variadic(long p) { return vsum(3, p, p + 1, p * 2); }\n");
        // VLAs: one for the whole call, one per iteration (saved and restored in different methods)
        c.append(
                "long vla(long p) {\n  int n = (int) (p % 5) + 3;\n  long whole[n];\n  for (int i = 0; i < n; i++) whole[i] = p + i;\n  long s = 0;\n");
        c.append(
                "  for (int r = 0; r < 4; r++) {\n    long part[n + r];\n    for (int i = 0; i < n + r; i++) part[i] = whole[i % n] * (r + 1);\n");
        for (int k = 0; k < 40; k++)
            c.append("    s = s * 7 + part[")
                    .append(k)
                    .append(" % (n + r)] + whole[")
                    .append(k)
                    .append(" % n]; if (s > 1000000) s %= 9973;\n");
        c.append("  }\n  return s;\n}\n");
        c.append("int main(void) {\n  for (long p = 1; p < 4; p++)\n");
        c.append(
                "    printf(\"%ld %ld %ld %ld %ld %ld %ld\\n\", straight(p), interp(p), gotos(p), machine(p), locals(p), nest(p), variadic(p));\n  return 0;\n}\n");
        // noinline: at -O2 the inliner would take these into main, and the test looks at each one
        return c.toString().replace("static long ", "__attribute__((noinline)) static long ");
    }

    static final List<String> FUNCTIONS =
            List.of("straight", "interp", "gotos", "machine", "locals", "nest", "vsum", "vla");

    private static Module lower(String source, int opt) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true));
        TranslationUnit tu = Parser.parse(
                Preprocessor.run(new SourceFile("t.c", source), PreprocessorOptions.defaults(true), diags), diags);
        Module m = Lowering.lower(tu, diags);
        assertThat(err.toString()).isEmpty();
        PassManager.run(m, opt);
        return m;
    }

    private static MethodSplitter.Sizes measure(Function f) {
        return JvmBackend.measure("jomp/unit/t", Set.of(), f, false);
    }

    /** Splits every function of m with the test's budget; the regions join m. */
    private static List<Function> split(Module m) {
        Set<String> taken = new HashSet<>();
        for (Function f : m.functions) taken.add(f.name);
        List<Function> regions = new ArrayList<>();
        for (Function f : new ArrayList<>(m.functions))
            regions.addAll(MethodSplitter.split(f, taken, MethodSplitterTest::measure, BUDGET));
        m.functions.addAll(regions);
        return regions;
    }

    @Test
    void splitFunctionsComputeTheSameAtEveryLevel() {
        for (int opt = 0; opt <= 3; opt++) {
            Module m = lower(program(), opt);
            IrInterpreter.Result before = IrInterpreter.run(m);
            assertThat(before.stdout()).hasLineCount(3);
            List<Function> regions = split(m);
            assertThat(IrVerifier.verify(m)).as("-O%d", opt).isEmpty();
            assertThat(IrInterpreter.run(m)).as("-O%d", opt).isEqualTo(before);
            for (String name : FUNCTIONS) {
                assertThat(regions).as("-O%d %s", opt, name).anyMatch(g -> g.name.startsWith(name + ".part."));
            }
            // a region holds at most three budgets' worth (a subtree that could not be brought down
            // to one), and a function keeps little: with a budget this small, its calls and their
            // dispatch weigh about as much as the code it keeps
            for (Function f : m.functions) {
                int size = measure(f).total();
                if (regions.contains(f))
                    assertThat(size).as("-O%d %s", opt, f.name).isLessThan(3 * BUDGET + 200);
                else assertThat(size).as("-O%d %s", opt, f.name).isLessThan(4 * BUDGET);
            }
        }
    }

    @Test
    void theJvmRunsTheSplitClass() throws Exception {
        for (int opt : new int[] {0, 2}) {
            Module m = lower(program(), opt);
            String want = IrInterpreter.run(m).stdout();
            List<JvmBackend.ClassFile> classes = JvmBackend.compile(m, List.of(), BUDGET);
            Class<?> cls = new JvmBackendBranchTest.Loader().define(classes.get(0));
            StringBuilder got = new StringBuilder();
            for (long p = 1; p < 4; p++) {
                List<String> values = new ArrayList<>();
                for (String name : List.of("straight", "interp", "gotos", "machine", "locals", "nest", "variadic")) {
                    Method fn = cls.getDeclaredMethod(name, long.class, Stack.class);
                    fn.setAccessible(true);
                    values.add(String.valueOf(fn.invoke(null, p, Stack.current())));
                }
                got.append(String.join(" ", values)).append('\n');
            }
            assertThat(got.toString()).as("-O%d", opt).isEqualTo(want);
            // VLAs (the IR interpreter frees an alloca when its region returns): as the unsplit class computes them
            Class<?> whole = new JvmBackendBranchTest.Loader()
                    .define(JvmBackend.compile(lower(program(), opt), List.of()).get(0));
            for (long p = 1; p < 6; p++) {
                assertThat(cls.getDeclaredMethod("vla", long.class, Stack.class).invoke(null, p, Stack.current()))
                        .as("vla(%d) -O%d", p, opt)
                        .isEqualTo(whole.getDeclaredMethod("vla", long.class, Stack.class)
                                .invoke(null, p, Stack.current()));
            }
            assertThat(java.util.Arrays.stream(cls.getDeclaredMethods()).map(Method::getName))
                    .anyMatch(n -> n.startsWith("interp$part$"));
        }
    }

    @Test
    void theFrameBecomesOneSlotWhoseBaseTheRegionsTake() {
        Module m = lower(program(), 0);
        List<Function> regions = split(m);
        Function straight = m.functions.stream()
                .filter(f -> f.name.equals("straight"))
                .findFirst()
                .orElseThrow();
        assertThat(straight.slots).hasSize(1);
        assertThat(straight.slots.get(0).name).isEqualTo("frame");
        for (Function g : regions) {
            assertThat(g.slots).isEmpty();
            assertThat(g.blocks).allMatch(b -> b.insns.stream().noneMatch(i -> i instanceof Insn.SlotAddr));
        }
    }

    @Test
    void aSetjmpStaysInTheFunctionsOwnMethodAndItsVariablesInMemory() {
        StringBuilder c = new StringBuilder(
                "typedef long jmp_buf[8];\nint _setjmp(jmp_buf);\nvoid longjmp(jmp_buf, int);\nstatic jmp_buf env;\n");
        c.append("long f(long p) {\n  volatile long h = p;\n  if (_setjmp(env)) return h;\n");
        for (int k = 0; k < 100; k++) c.append("  h = h * 3 + ").append(k).append("; if (h > 1000000) h %= 997;\n");
        c.append("  if (h == 5) longjmp(env, 1);\n  return h;\n}\n");
        Module m = lower(c.toString(), 0);
        Function f = m.functions.get(0);
        List<Function> regions = split(m);
        assertThat(regions).isNotEmpty();
        assertThat(IrVerifier.verify(m)).isEmpty();
        assertThat(f.blocks).anyMatch(MethodSplitter::callsSetjmp);
        for (Function g : regions) assertThat(g.blocks).noneMatch(MethodSplitter::callsSetjmp);
        // C's variables live in the frame: no named register is written in f
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns) if (i.dst() != null) assertThat(i.dst().name).isNotEqualTo("h");
    }
}
