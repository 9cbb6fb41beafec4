package jomp.compiler.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Terminator;
import jomp.compiler.lower.Lowering;
import jomp.compiler.opt.PassManager;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import org.junit.jupiter.api.Test;

/**
 * Nested innermost loops become functions of their own: which loops qualify, what the new
 * function takes and returns, and that the program computes the same before and after (run by
 * the IR interpreter, which CProgramsTest checks against gcc), and that the JVM verifies it.
 */
class LoopOutlinerTest {
    private static final String PROGRAM = """
        int printf(const char *, ...);
        static double m[4][5];

        /* store-only inner loop: outlined, returns nothing */
        static void fill(void) {
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 5; j++) m[i][j] = i * 10 + j;
        }
        /* one register live after the inner loop: outlined, returns it */
        static double weighted(void) {
            double total = 0;
            for (int i = 0; i < 4; i++) {
                double s = 0;
                for (int j = 0; j < 5; j++) s += m[i][j];
                total += s * (i + 1);
            }
            return total;
        }
        /* three exits and nothing live: outlined, returns which exit */
        static int contains(double want) {
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 5; j++) {
                    if (m[i][j] == want) return 1;
                    if (m[i][j] < 0) return -2;
                }
            return 0;
        }
        /* a local array (a frame slot): outlined, the caller passes its address */
        static int histogram(void) {
            int buf[8] = {0};
            for (int i = 0; i < 4; i++)
                for (int j = 0; j < 5; j++) buf[((int) m[i][j]) % 8]++;
            int r = 0;
            for (int k = 0; k < 8; k++) r = r * 3 + buf[k];
            return r;
        }
        /* a VLA inside: stays */
        static int vla(void) {
            int t = 0;
            for (int i = 1; i < 4; i++)
                for (int j = 1; j < 4; j++) { int v[j]; v[j - 1] = i * j; t += v[j - 1]; }
            return t;
        }
        /* two registers live after the inner loop: outlined, they come back through the caller's frame */
        static int twoResults(void) {
            int t = 0;
            for (int i = 0; i < 3; i++) {
                int a = 0, b = 1;
                for (int j = 0; j < 4; j++) { a += j; b *= 2; }
                t += a * b;
            }
            return t;
        }
        /* two exits and two registers live at both: the exit's number returned, the registers through memory */
        static int scan(int limit) {
            int t = 0;
            for (int i = 0; i < 4; i++) {
                int a = 0, b = 0;
                for (int j = 0; j < 5; j++) { a += (int) m[i][j]; b ^= j + 1; if (a > limit) goto over; }
                t += a + b;
                continue;
            over:
                t += 1000 + a * b;
            }
            return t;
        }
        int main(void) {
            int single = 0;
            for (int k = 0; k < 10; k++) single += k;   /* not nested: stays */
            fill();
            printf("%.1f %d %d %d %d %d %d %d\\n", weighted(), contains(23), contains(99), contains(31),
                   histogram(), vla(), twoResults(), single);
            m[2][2] = -1;
            printf("%d %d %d\\n", contains(99), scan(50), scan(1000));
            return 0;
        }
        """;

    private static Module lower(String source) {
        return lower(source, 2);
    }

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

    /** Outlines every function of m, as JvmBackend does at -O1 and above; returns the new functions by name. */
    private static Map<String, Function> outline(Module m) {
        Set<String> taken = new HashSet<>();
        for (Function f : m.functions) taken.add(f.name);
        Map<String, Function> created = new TreeMap<>();
        for (Function f : new ArrayList<>(m.functions)) {
            for (Function g : LoopOutliner.run(f, taken)) {
                created.put(g.name, g);
                m.functions.add(g);
            }
        }
        return created;
    }

    @Test
    void outlinesWhatCanBeCalledAndComputesTheSame() throws Exception {
        Module m = lower(PROGRAM);
        IrInterpreter.Result before = IrInterpreter.run(m);
        // 4 rows of 10i..10i+4: sums 10, 60, 110, 160 weighted 1..4 = 1100; 23 and 31 are there, 99 is not;
        // the histogram of m[i][j] % 8 packed base 3; the VLA sums i*j over 1..3 = 36; (0+1+2+3) * 16 * 3 = 288
        assertThat(before.stdout())
                .isEqualTo("1100.0 1 0 1 " + histogram() + " 36 288 45\n-2 " + scan(50) + " " + scan(1000) + "\n");

        Map<String, Function> created = outline(m);
        assertThat(created.keySet())
                .containsExactly(
                        "contains.loop.1",
                        "fill.loop.1",
                        "histogram.loop.1",
                        "scan.loop.1",
                        "twoResults.loop.1",
                        "weighted.loop.1");
        assertThat(IrVerifier.verify(m)).isEmpty();
        assertThat(IrInterpreter.run(m)).isEqualTo(before);

        assertThat(created.get("fill.loop.1").type.ret()).isEqualTo(IrType.VOID);
        assertThat(created.get("weighted.loop.1").type.ret()).isEqualTo(IrType.F64);
        assertThat(created.get("contains.loop.1").type.ret()).isEqualTo(IrType.I32);
        assertThat(created.get("twoResults.loop.1").type.ret()).isEqualTo(IrType.VOID);
        assertThat(function(m, "twoResults").slots).hasSize(1);
        assertThat(created.get("scan.loop.1").type.ret()).isEqualTo(IrType.I32);
        assertThat(function(m, "scan").slots).hasSize(1);
        assertThat(function(m, "scan").blocks).anyMatch(b -> b.terminator instanceof Terminator.Switch);
        Function contains = function(m, "contains");
        assertThat(contains.blocks)
                .anyMatch(b ->
                        b.terminator instanceof Terminator.Switch s && s.cases().size() == 2);
        for (Function g : created.values()) assertThat(g.isStatic).isTrue();

        // the IR text of the result reads back the same, and the JVM verifies the class
        String text = IrPrinter.print(m);
        Diagnostics diags = new Diagnostics(new PrintStream(new ByteArrayOutputStream(), true));
        assertThat(IrPrinter.print(IrParser.parse(new SourceFile("t.jir", text), diags)))
                .isEqualTo(text);
        Module again = lower(PROGRAM);
        List<JvmBackend.ClassFile> classes = JvmBackend.compile(again, 2);
        Class<?> cls = new JvmBackendBranchTest.Loader().define(classes.get(0));
        assertThat(java.util.Arrays.stream(cls.getDeclaredMethods()).map(java.lang.reflect.Method::getName))
                .contains(
                        "fill$loop$1",
                        "weighted$loop$1",
                        "contains$loop$1",
                        "histogram$loop$1",
                        "twoResults$loop$1",
                        "scan$loop$1")
                .noneMatch(n -> n.startsWith("vla$") || n.startsWith("main$"));
    }

    @Test
    void aFrameSlotTheLoopAddressesIsPassedIn() {
        Module m = lower(PROGRAM, 1); // at -O1 the slot's address is taken inside the loop (-O2 hoists it)
        IrInterpreter.Result before = IrInterpreter.run(m);
        Map<String, Function> created = outline(m);
        assertThat(created).containsKey("histogram.loop.1");
        assertThat(IrVerifier.verify(m)).isEmpty();
        assertThat(IrInterpreter.run(m)).isEqualTo(before);
        Function histogram = function(m, "histogram");
        assertThat(histogram.blocks)
                .anyMatch(b -> b.insns.stream().anyMatch(i -> i instanceof Insn.SlotAddr)
                        && b.insns.stream()
                                .anyMatch(i ->
                                        i instanceof Insn.Call c && c.callee().equals("histogram.loop.1")));
        Function loop = created.get("histogram.loop.1");
        assertThat(loop.slots).isEmpty();
        assertThat(loop.blocks).noneMatch(b -> b.insns.stream().anyMatch(i -> i instanceof Insn.SlotAddr));
    }

    @Test
    void atO0TheBackendKeepsLoopsWhereTheyAre() {
        Module m = lower(PROGRAM);
        int before = m.functions.size();
        JvmBackend.compile(m, 0);
        assertThat(m.functions).hasSize(before);
        assertThat(m.functions)
                .allMatch(f -> f.blocks.stream()
                        .flatMap(b -> b.insns.stream())
                        .noneMatch(i -> i instanceof Insn.Call c && c.callee().contains(".loop.")));
    }

    /** What scan(limit) computes, in Java, after main set m[2][2] to -1. */
    private static int scan(int limit) {
        int t = 0;
        for (int i = 0; i < 4; i++) {
            int a = 0, b = 0;
            boolean over = false;
            for (int j = 0; j < 5; j++) {
                a += i == 2 && j == 2 ? -1 : i * 10 + j;
                b ^= j + 1;
                if (a > limit) {
                    over = true;
                    break;
                }
            }
            t += over ? 1000 + a * b : a + b;
        }
        return t;
    }

    /** What histogram() computes, in Java. */
    private static int histogram() {
        int[] buf = new int[8];
        for (int i = 0; i < 4; i++) for (int j = 0; j < 5; j++) buf[(i * 10 + j) % 8]++;
        int r = 0;
        for (int k = 0; k < 8; k++) r = r * 3 + buf[k];
        return r;
    }

    private static Function function(Module m, String name) {
        return m.functions.stream().filter(f -> f.name.equals(name)).findFirst().orElseThrow();
    }
}
