package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * OpenMP behaviour the corpora cannot compare with an oracle, each with its reason:
 * {@code assume} and dynamic metadirective conditions (neither gcc 12 nor clang 19 implements
 * them: the expected output is written here), the run-time error directive (stderr and the exit
 * status; the status is gcc's), and -fopenmp-version deciding linear's syntax (clang-19's
 * diagnostics are the reference).
 */
class OmpDirectivesTest {
    private static Path dir() throws IOException {
        Path d = Corpus.work("omp-directives");
        Files.createDirectories(d.resolve("tmp"));
        return d;
    }

    private static Exec.Result build(Path dir, String name, String src, String... flags) throws IOException {
        Files.writeString(dir.resolve(name + ".c"), src);
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of(name + ".c", "-o", name));
        return Exec.run(cmd, dir, Map.of(), dir.resolve("tmp"));
    }

    private static Exec.Result run(Path dir, String name, String... args) {
        List<String> cmd = new ArrayList<>(List.of(dir.resolve(name).toString()));
        cmd.addAll(List.of(args));
        return Exec.run(cmd, dir, Map.of("OMP_NUM_THREADS", "4"), dir.resolve("tmp"));
    }

    /**
     * Device traits in a target region are those of the device that runs it: the jvm device is no
     * GPU (clang's host offload device agrees: offload corpus 157), the PTX simulator is an nvptx64
     * GPU, where clang selects the kind(gpu) and arch(nvptx64) variants (no GPU here runs clang's
     * nvptx64 code, so the values are written here).
     */
    @Test
    void deviceSelectorsFollowTheDevice() throws IOException {
        Path d = dir();
        String src = """
            #include <stdio.h>
            int on_gpu(void) { return 2; }
            #pragma omp declare variant(on_gpu) match(device={kind(gpu)})
            int where(void) { return 1; }
            int g(void) { return 10; }
            #pragma omp begin declare variant match(device={arch(nvptx64)})
            int g(void) { return 12; }
            #pragma omp end declare variant
            int main(void) {
              int w = 0, gd = 0, t = 0;
              #pragma omp target map(from: w, gd) map(tofrom: t)
              {
                w = where();
                gd = g();
                #pragma omp metadirective when(device={kind(gpu)}: parallel num_threads(3)) otherwise(nothing)
                {
                  #pragma omp atomic
                  t++;
                }
              }
              printf("%d %d %d %d\\n", w, gd, t, where());
              return 0;
            }
            """;
        Exec.Result b = build(d, "devsel-jvm", src, "-fopenmp", "-fopenmp-targets=jvm");
        assertThat(b.status()).as(b.stderr()).isZero();
        assertThat(run(d, "devsel-jvm").stdoutText()).isEqualTo("1 10 1 1\n");
        b = build(d, "devsel-ptx", src, "-fopenmp", "-fopenmp-targets=nvptx64");
        assertThat(b.status()).as(b.stderr()).isZero();
        Map<String, String> env = new java.util.HashMap<>(OffloadCorpusTest.SIMULATOR);
        env.put("OMP_NUM_THREADS", "4");
        Exec.Result r = Exec.run(List.of(d.resolve("devsel-ptx").toString()), d, env, d.resolve("tmp"));
        assertThat(r.stdoutText()).as(r.stderr()).isEqualTo("2 12 3 1\n");
    }

    /** assume (OpenMP 5.1) and assumes: hints, checked and accepted, the program unchanged (no oracle has assume). */
    @Test
    void assumptionsAreAcceptedHints() throws IOException {
        Path d = dir();
        String src = """
            #include <stdio.h>
            #pragma omp assumes no_openmp_routines
            #pragma omp begin assumes absent(target)
            static int sq(int x) { return x * x; }
            #pragma omp end assumes
            int main(void) {
              int s = 0;
              #pragma omp assume holds(s == 0) no_parallelism
              {
                for (int i = 0; i < 5; i++) s += sq(i);
              }
              printf("%d\\n", s);
              return 0;
            }
            """;
        Exec.Result b = build(d, "assume", src, "-fopenmp");
        assertThat(b.status()).as(b.stderr()).isZero();
        Exec.Result r = run(d, "assume");
        assertThat(r.stdoutText()).isEqualTo("30\n");
    }

    /**
     * A metadirective whose user condition is not constant is resolved when it runs (OpenMP 5.1
     * allows it; clang 19 takes such a condition as false, gcc 12 has no metadirective).
     */
    @Test
    void metadirectiveWithRuntimeCondition() throws IOException {
        Path d = dir();
        String src = """
            #include <stdio.h>
            #include <omp.h>
            int main(int argc, char **argv) {
              int n = 0;
              #pragma omp metadirective when(user={condition(argc > 1)}: parallel num_threads(4)) otherwise(single)
              {
                #pragma omp atomic
                n++;
              }
              printf("%d\\n", n);
              return 0;
            }
            """;
        Exec.Result b = build(d, "meta", src, "-fopenmp");
        assertThat(b.status()).as(b.stderr()).isZero();
        assertThat(run(d, "meta").stdoutText()).isEqualTo("1\n");
        assertThat(run(d, "meta", "a", "b").stdoutText()).isEqualTo("4\n");
    }

    /** error at(execution): libomp's messages on stderr; severity(fatal) ends the program with gcc's status (1). */
    @Test
    void runtimeErrorDirective() throws IOException {
        Path d = dir();
        String src = """
            #include <stdio.h>
            int main(void) {
              printf("a\\n");
              #pragma omp error at(execution) severity(warning) message("just a warning")
              printf("b\\n");
              #pragma omp error at(execution) message("stop here")
              printf("c\\n");
              return 0;
            }
            """;
        Exec.Result b = build(d, "err", src, "-fopenmp");
        assertThat(b.status()).as(b.stderr()).isZero();
        Exec.Result r = run(d, "err");
        assertThat(r.stdoutText()).isEqualTo("a\nb\n");
        assertThat(r.stderr())
                .contains("OMP: Warning #283: err.c:4:3: Encountered user-directed warning: just a warning.")
                .contains("OMP: Error #282: err.c:6:3: Encountered user-directed error: stop here.");
        Files.writeString(d.resolve("errg.c"), src);
        Exec.Result g = Exec.run(List.of("gcc", "-fopenmp", "errg.c", "-o", "errg"), d, Map.of(), d.resolve("tmp"));
        assertThat(g.status()).as(g.stderr()).isZero();
        assertThat(r.status()).isEqualTo(run(d, "errg").status()).isEqualTo(1);
    }

    /** linear's syntax follows -fopenmp-version as clang's does: 5.1 by default, 5.2's step() form with =52. */
    @Test
    void linearSyntaxFollowsTheOpenMPVersion() throws IOException {
        Path d = dir();
        String src = """
            void f(int *a) {
              int x = 0, i;
              #pragma omp for linear(x: step(2))
              for (i = 0; i < 4; i++) a[i] = x;
              #pragma omp for linear(val(x): 2)
              for (i = 0; i < 4; i++) a[i] = x;
            }
            """;
        Files.writeString(d.resolve("lin.c"), src);
        for (List<String> version : List.of(List.<String>of(), List.of("-fopenmp-version=52"))) {
            List<String> clang = new ArrayList<>(List.of("clang-19", "-fopenmp", "-fsyntax-only"));
            clang.addAll(version);
            clang.add("lin.c");
            List<String> jomp = new ArrayList<>(Corpus.jompCommand());
            jomp.addAll(List.of("-fopenmp", "-fsyntax-only"));
            jomp.addAll(version);
            jomp.add("lin.c");
            assertThat(diagnostics(Exec.run(jomp, d, Map.of(), d.resolve("tmp")).stderr()))
                    .as("jomp %s", version)
                    .isEqualTo(diagnostics(
                            Exec.run(clang, d, Map.of(), d.resolve("tmp")).stderr()));
        }
    }

    private static List<String> diagnostics(String stderr) {
        return stderr.lines()
                .filter(l -> l.matches("lin\\.c:\\d+:\\d+: (error|warning): .*"))
                .toList();
    }
}
