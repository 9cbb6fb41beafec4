package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * nm on jomp's objects lists what it lists on gcc's for the same source: the
 * same names with the same type letters (functions T/t in code, initialised data D/d, zeroed B/b,
 * read-only R/r, undefined U, weak undefined w; string literals not at all), by GNU nm and llvm-nm; the objects
 * still read with readelf and llvm-objdump, and still link and run.
 */
class NmTest {
    @TempDir
    Path dir;

    static final String UNIT = """
            #include <stdio.h>
            int g_init = 5;
            int g_zero;
            static int s_init = 7;
            static int s_zero;
            const int g_const = 3;
            static const int s_const = 4;
            const char *msg = "hello";
            static const char *s_msg = "static hello";
            double table[100];
            const double coefficients[3] = {1.5, 2.5, 3.5};
            extern int ext_var;
            int ext_fn(int);
            extern int weak_var __attribute__((weak));
            void weak_fn(void) __attribute__((weak));
            static int helper(int x) { return x + s_init + s_zero + s_const + ext_var; }
            int api(int x) { return helper(x) * 2; }
            int main(void) {
                table[1] = coefficients[2];
                if (weak_fn) weak_fn();
                if (&weak_var) g_zero += weak_var;
                printf("%d %d %s %s %g\\n", api(g_init) + g_zero + g_const, ext_fn(1), msg, s_msg, table[1]);
                return 0;
            }
            """;

    static final String OTHER = "int ext_var = 100;\nint ext_fn(int x) { return x + 41; }\n";

    private Exec.Result run(String... cmd) {
        Exec.Result r = Exec.run(List.of(cmd), dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe(cmd[0])).isZero();
        return r;
    }

    private Exec.Result jomp(String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        Exec.Result r = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe("jomp")).isZero();
        return r;
    }

    /** nm's lines without the address column: "T main", "U printf", sorted as nm sorts (by name). */
    private List<String> symbols(String nm, String object) {
        List<String> out = new ArrayList<>();
        for (String l : run(nm, object).stdoutText().split("\n"))
            if (l.length() > 17 && !l.endsWith(":")) out.add(l.substring(17).strip());
        return out;
    }

    @Test
    void nmShowsWhatItShowsForGccsObject() throws Exception {
        assertTrue(
                Exec.available("gcc") && Exec.available("nm") && Exec.available("llvm-nm-19"),
                "gcc, nm (binutils) and llvm-nm-19 (llvm-19) are the oracles: install them (.ci/run does)");
        Files.writeString(dir.resolve("unit.c"), UNIT);
        run("gcc", "-c", "unit.c", "-o", "unit-gcc.o");
        jomp("-c", "unit.c", "-o", "unit.o");
        for (String nm : List.of("nm", "llvm-nm-19")) {
            List<String> want = symbols(nm, "unit-gcc.o");
            assertThat(want)
                    .contains(
                            "T main",
                            "t helper",
                            "D g_init",
                            "d s_init",
                            "B g_zero",
                            "b s_zero",
                            "R g_const",
                            "r s_const",
                            "U printf",
                            "U ext_var",
                            "w weak_fn",
                            "w weak_var",
                            "D msg");
            // gcc reaches a weak reference through the GOT, which names _GLOBAL_OFFSET_TABLE_; jomp has none
            want.remove("U _GLOBAL_OFFSET_TABLE_");
            assertThat(symbols(nm, "unit.o")).as(nm).isEqualTo(want);
        }
        // the idiom build scripts use
        assertThat(run("sh", "-c", "nm unit.o | grep ' T main'").stdoutText()).endsWith(" T main\n");
        // functions have a size (their bytecode) and distinct places in their code section
        String sized = run("nm", "-S", "unit.o").stdoutText();
        assertThat(sized)
                .containsPattern("[0-9a-f]{16} [0-9a-f]*[1-9a-f][0-9a-f]* T main")
                .containsPattern("[0-9a-f]{16} [0-9a-f]*[1-9a-f][0-9a-f]* T api");
        String sections = run("readelf", "-SW", "unit.o").stdoutText();
        assertThat(sections).containsPattern("\\.jomp\\.class\\.jomp\\.unit\\.unit +PROGBITS .* AX ");
        assertThat(run("readelf", "-sW", "unit.o").stdoutText()).containsPattern("FUNC +GLOBAL +DEFAULT +1 main");
        Exec.Result objdump = run("llvm-objdump-19", "-h", "-t", "-r", "unit.o");
        assertThat(objdump.stderr()).isEmpty();
        assertThat(objdump.stdoutText())
                .contains("TEXT")
                .containsPattern("g +F \\.jomp\\.class\\.jomp\\.unit\\.unit\\s+[0-9a-f]+ main");
    }

    @Test
    void theObjectsStillLinkAndRun() throws Exception {
        Files.writeString(dir.resolve("unit.c"), UNIT);
        Files.writeString(dir.resolve("other.c"), OTHER);
        run("gcc", "unit.c", "other.c", "-o", "prog-gcc");
        jomp("-c", "unit.c", "-o", "unit.o");
        jomp("-c", "other.c", "-o", "other.o");
        run("ar", "rcs", "libother.a", "other.o");
        assertThat(symbols("nm", "libother.a")).contains("D ext_var", "T ext_fn");
        jomp("unit.o", "-L.", "-lother", "-o", "prog");
        String want = run("./prog-gcc").stdoutText();
        assertThat(want).isEqualTo("235 42 hello static hello 3.5\n");
        assertThat(run("./prog").stdoutText()).isEqualTo(want);
    }

    /** An ifunc and weak aliases (the attribute's and the pragma's), linked from the objects. */
    static final String INDIRECT = """
            #include <stdio.h>
            static int twice(int x) { return 2 * x; }
            static int thrice(int x) { return 3 * x; }
            static int (*pick(void))(int) {
                __builtin_cpu_init(); // gcc's resolvers run before libgcc's constructor fills in what it reads
                return __builtin_cpu_supports("sse2") ? twice : thrice;
            }
            int scaled(int) __attribute__((ifunc("pick")));
            int base(int x) { return x + 1; }
            int named(int) __attribute__((weak, alias("base")));
            #pragma weak by_pragma = base
            int counter = 4;
            #pragma weak counter_alias = counter
            int main(void) { printf("%d %d\\n", scaled(20) + named(1) + by_pragma(2), counter); return 0; }
            """;

    @Test
    void ifuncAndWeakAliasesShowAsForGccsObject() throws Exception {
        Files.writeString(dir.resolve("indirect.c"), INDIRECT);
        run("gcc", "-c", "indirect.c", "-o", "indirect-gcc.o");
        jomp("-c", "indirect.c", "-o", "indirect.o");
        for (String nm : List.of("nm", "llvm-nm-19")) {
            List<String> want = symbols(nm, "indirect-gcc.o");
            assertThat(want).contains("i scaled", "t pick", "W named", "W by_pragma", "V counter_alias");
            // gcc's __builtin_cpu_* read libgcc's variables, jomp's call its runtime's
            // functions; jomp's start-up function runs the resolver
            want.removeAll(List.of("U __cpu_indicator_init", "U __cpu_model", "U _GLOBAL_OFFSET_TABLE_"));
            List<String> got = symbols(nm, "indirect.o");
            got.removeIf(l -> l.startsWith("T __jomp_init_00000_") || l.startsWith("U __builtin_cpu_"));
            assertThat(got).as(nm).isEqualTo(want);
        }
        assertThat(run("readelf", "-sW", "indirect.o").stdoutText())
                .containsPattern("IFUNC +GLOBAL +DEFAULT +\\d+ scaled");
        run("gcc", "indirect-gcc.o", "-o", "prog-gcc");
        jomp("indirect.o", "-o", "prog");
        String want = run("./prog-gcc").stdoutText();
        assertThat(want).isIn("45 4\n", "65 4\n");
        assertThat(run("./prog").stdoutText()).isEqualTo(want);
    }
}
