package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the offload runtime tells the user, against clang 19's libomptarget (its host plugin):
 * LIBOMPTARGET_INFO's reports with map names and construct locations under -g ("unknown" without),
 * the messages of a failing construct, LIBOMPTARGET_DEBUG's trace of maps, copies, launches and
 * frees; and requires clauses that translation units do not agree on, a link error.
 */
class OffloadReportsTest {
    @TempDir
    Path dir;

    private static final String PROGRAM = """
            #include <stdio.h>
            int main(void) {
              int s = 0, x[4] = {1, 2, 3, 4};
            #pragma omp target map(tofrom: s) map(to: x)
              for (int i = 0; i < 4; i++) s += x[i];
            #pragma omp target enter data map(to: x[1:2])
            #pragma omp target update from(x[1:2])
            #pragma omp target exit data map(release: x[1:2])
              printf("%d\\n", s);
              return 0;
            }
            """;

    private static final String PRESENT = """
            int main(void) {
              int x = 0;
            #pragma omp target map(present, to: x)
              x++;
              return x;
            }
            """;

    private Exec.Result tool(List<String> cmd) {
        Exec.Result r = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe(String.join(" ", cmd))).isZero();
        return r;
    }

    private void jomp(String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        tool(cmd);
    }

    private void clang(String... args) {
        List<String> cmd = new ArrayList<>(List.of("clang-19", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu"));
        cmd.addAll(List.of(args));
        tool(cmd);
    }

    private Exec.Result run(String exe, Map<String, String> env) {
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("LD_LIBRARY_PATH", OffloadCorpusTest.LLVM_LIB);
        return Exec.run(List.of(dir.resolve(exe).toString()), dir, all, dir.resolve("scratch"));
    }

    /** stderr with every address made the same (the two runtimes allocate differently). */
    private static List<String> masked(Exec.Result r) {
        return r.stderr()
                .lines()
                .map(l -> l.replaceAll("0x[0-9a-f]{16}", "ADDR"))
                .toList();
    }

    @Test
    void infoReportsAreClangsWithNamesAndLocationsUnderDashG() throws Exception {
        Files.writeString(dir.resolve("info.c"), PROGRAM);
        for (String g : List.of("-g", "-g0")) {
            jomp(g, "-fopenmp", "-fopenmp-targets=jvm", "info.c", "-o", "j" + g);
            clang(g, "info.c", "-o", "c" + g);
            // 43 = 0x2b: kernel arguments, existing mappings, new and removed mappings, transfers
            List<String> want = masked(run("c" + g, Map.of("LIBOMPTARGET_INFO", "43")));
            List<String> got = masked(run("j" + g, Map.of("LIBOMPTARGET_INFO", "43")));
            assertThat(got).as("jomp %s vs clang-19 %s", g, g).isEqualTo(want);
            if (g.equals("-g"))
                assertThat(got)
                        .contains(
                                "omptarget device 0 info: Entering OpenMP kernel at info.c:4:1 with 2 arguments:",
                                "omptarget device 0 info: to(x[1:2])[8] ");
            else
                assertThat(got)
                        .contains("omptarget device 0 info: Entering OpenMP kernel at unknown:0:0 with 2 arguments:");
        }
    }

    @Test
    void aMissingPresentMappingFailsWithClangsMessages() throws Exception {
        Files.writeString(dir.resolve("present.c"), PRESENT);
        jomp("-g", "-fopenmp", "-fopenmp-targets=jvm", "present.c", "-o", "j");
        clang("-g", "present.c", "-o", "c");
        Exec.Result want = run("c", Map.of()), got = run("j", Map.of());
        assertThat(masked(got)).isEqualTo(masked(want));
        assertThat(masked(got))
                .contains(
                        "present.c:3:1: omptarget fatal error 1: failure of target construct while offloading is mandatory");
        assertThat(want.status()).as("clang's libomptarget aborts").isEqualTo(134);
        assertThat(got.status()).as("jomp's runtime aborts too").isEqualTo(134);
    }

    @Test
    void theDebugTraceFollowsMapsCopiesLaunchesAndFrees() throws Exception {
        Files.writeString(dir.resolve("info.c"), PROGRAM);
        jomp("-g", "-fopenmp", "-fopenmp-targets=jvm", "info.c", "-o", "j");
        List<String> trace =
                run("j", Map.of("LIBOMPTARGET_DEBUG", "1")).stderr().lines().toList();
        assertThat(trace).allMatch(l -> l.startsWith("omptarget --> "), "every line is a trace line");
        // in the order libomptarget's debug build prints them for this program
        assertThat(trace)
                .map(l -> l.replaceAll("0x[0-9a-f]{16}", "ADDR").replaceAll("__omp_offloading_\\w+", "KERNEL"))
                .containsSubsequence(
                        "omptarget --> Entering target region for device -1 with entry point ADDR",
                        "omptarget --> Entry  0: Base=ADDR, Begin=ADDR, Size=4, Type=0x23, Name=s",
                        "omptarget --> Entry  1: Base=ADDR, Begin=ADDR, Size=16, Type=0x21, Name=x",
                        "omptarget --> Creating new map entry with HstPtrBase=ADDR, HstPtrBegin=ADDR, TgtAllocBegin=ADDR, TgtPtrBegin=ADDR, Size=4, DynRefCount=1, HoldRefCount=0, Name=s",
                        "omptarget --> Moving 4 bytes (hst:ADDR) -> (tgt:ADDR)",
                        "omptarget --> Obtained target argument ADDR from host pointer ADDR",
                        "omptarget --> Launching target execution KERNEL with pointer ADDR (index=0).",
                        "omptarget --> Moving 4 bytes (tgt:ADDR) -> (hst:ADDR)",
                        "omptarget --> Removing map entry with HstPtrBegin=ADDR, TgtPtrBegin=ADDR, Size=16, Name=x",
                        "omptarget --> Deleting tgt data ADDR of size 16 by freeing allocation starting at ADDR",
                        "omptarget --> Entering data begin region for device -1 with 1 mappings",
                        "omptarget --> Entering data update region for device -1 with 1 mappings",
                        "omptarget --> Entering data end region for device -1 with 1 mappings");
    }

    @Test
    void requiresClausesUnitsDisagreeOnAreALinkError() throws Exception {
        Files.writeString(
                dir.resolve("a.c"),
                "#pragma omp requires unified_shared_memory\nint a(void) { int x = 0;\n#pragma omp target map(x)\nx++;\nreturn x; }\n");
        Files.writeString(
                dir.resolve("b.c"),
                "int a(void);\nint main(void) { int y = 0;\n#pragma omp target map(y)\ny++;\nreturn a() + y; }\n");
        Files.writeString(
                dir.resolve("c.c"), "int a(void);\nint main(void) { return a() - 1; }\n"); // no device code: no say
        jomp("-fopenmp", "-fopenmp-targets=jvm", "-c", "a.c", "b.c", "c.c");
        List<String> link = new ArrayList<>(Corpus.jompCommand());
        link.addAll(List.of("-fopenmp", "-fopenmp-targets=jvm", "a.o", "b.o", "-o", "ab"));
        Exec.Result r = Exec.run(link, dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe("the link")).isNotZero();
        assertThat(r.stderr())
                .contains(
                        "'#pragma omp requires unified_shared_memory' not used consistently: a.o has it, b.o does not");
        assertThat(dir.resolve("ab")).doesNotExist();
        jomp("-fopenmp", "-fopenmp-targets=jvm", "a.o", "c.o", "-o", "ac");
        Exec.Result ok = run("ac", Map.of());
        assertThat(ok.status()).as(ok.describe("./ac")).isZero();
    }
}
