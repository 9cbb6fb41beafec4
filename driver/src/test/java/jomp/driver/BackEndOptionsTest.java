package jomp.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jomp.env.ExternalTools;
import jomp.env.Invocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an offloading compile's cc1 jobs get, against clang 19's {@code -###}: {@code -mllvm <arg>}
 * goes to every cc1 job (host IR, device, host back end), and the host IR job alone writes its IR
 * unoptimised ({@code -disable-llvm-passes}), the jobs that read it optimising what they take.
 */
class BackEndOptionsTest {
    @TempDir
    Path dir;

    private List<String> jompCc1Jobs(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        Invocation.install(new Invocation(dir, System.getenv()));
        try {
            Main.run(args, new PrintStream(out, true), new PrintStream(err, true));
        } finally {
            Invocation.reset();
        }
        return err.toString(StandardCharsets.UTF_8)
                .lines()
                .filter(l -> l.contains("\"-cc1\""))
                .toList();
    }

    private List<String> clangCc1Jobs(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("clang-19"));
        cmd.addAll(List.of(args));
        Process p = ExternalTools.processBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out.lines().filter(l -> l.contains("\"-cc1\"")).toList();
    }

    /** Per job: whether it has -mllvm -debug-pass=Structure, and whether -disable-llvm-passes. */
    private static List<String> shape(List<String> jobs) {
        return jobs.stream()
                .map(j -> (j.contains("\"-mllvm\" \"-debug-pass=Structure\"") ? "mllvm" : "-")
                        + (j.contains("\"-disable-llvm-passes\"") ? " disable-llvm-passes" : "")
                        + (j.contains("\"-fopenmp-is-target-device\"") ? " device" : ""))
                .toList();
    }

    @Test
    void offloadJobsGetMllvmAndTheHostIrJobIsNotOptimised() throws Exception {
        Files.writeString(dir.resolve("a.c"), "int main(void) {\n#pragma omp target\n{ }\nreturn 0; }\n");
        List<String> clang = clangCc1Jobs(
                "-###",
                "-fopenmp",
                "--offload-arch=sm_90",
                "-nogpulib",
                "-O2",
                "-c",
                "a.c",
                "-mllvm",
                "-debug-pass=Structure");
        List<String> jomp = jompCc1Jobs(
                "-###",
                "-fopenmp-targets=nvptx64",
                "--offload-arch=sm_90",
                "-O2",
                "-c",
                "a.c",
                "-mllvm",
                "-debug-pass=Structure");
        assertThat(shape(clang)).containsExactly("mllvm disable-llvm-passes", "mllvm device", "mllvm");
        assertThat(shape(jomp)).isEqualTo(shape(clang));
    }

    @Test
    void aPlainCompileOptimisesInItsOneJob() throws Exception {
        Files.writeString(dir.resolve("a.c"), "int main(void) { return 0; }\n");
        List<String> jomp = jompCc1Jobs("-###", "-O2", "-c", dir.resolve("a.c").toString());
        assertThat(jomp).hasSize(1);
        assertThat(jomp.get(0)).doesNotContain("-disable-llvm-passes").contains("\"-O2\"");
    }
}
