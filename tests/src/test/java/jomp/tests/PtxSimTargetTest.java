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
 * A target added through the ToolChain seam: {@code -fopenmp-targets=ptxsim} is one ToolChain class
 * (jomp.toolchain.PtxSim) plus the simulator plugin. With CUDA installed, its device code is still
 * never assembled or nvlinked (the simulator runs PTX), the objects carry its own triple, and the
 * program runs on the simulator with the output gcc -fopenmp gives.
 */
class PtxSimTargetTest {
    @TempDir
    Path dir;

    private static final String MAIN = """
            #include <stdio.h>
            #pragma omp declare target
            extern int scale;
            int twice(int);
            #pragma omp end declare target
            int main(void) {
              int r[8];
            #pragma omp target teams distribute parallel for map(from: r)
              for (int i = 0; i < 8; i++) r[i] = twice(i) * scale;
              for (int i = 0; i < 8; i++) printf("%d ", r[i]);
              printf("\\n");
              return 0;
            }
            """;
    private static final String LIB = """
            #pragma omp declare target
            int scale = 3;
            int twice(int x) { return 2 * x; }
            #pragma omp end declare target
            """;

    private Exec.Result jomp(String... args) {
        List<String> c = new ArrayList<>(Corpus.jompCommand());
        c.addAll(List.of(args));
        Exec.Result r = Exec.run(c, dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.status()).as(r.describe("jomp " + String.join(" ", args))).isZero();
        return r;
    }

    @Test
    void aProgramBuiltForThePtxSimulatorRunsOnIt() throws Exception {
        Exec.require("ptxas"); // installed, and still not used for this target
        Exec.require("llvm-objdump-19");
        Exec.require("gcc");
        Files.writeString(dir.resolve("main.c"), MAIN);
        Files.writeString(dir.resolve("lib.c"), LIB);
        for (String f : List.of("main", "lib")) {
            Exec.Result c = jomp("-v", "-fopenmp", "-fopenmp-targets=ptxsim", "-c", f + ".c");
            assertThat(c.stderr().lines().filter(l -> l.startsWith(" \"") && l.contains("ptxas")))
                    .as("no ptxas job")
                    .isEmpty();
        }
        Exec.Result objdump =
                Exec.run(List.of("llvm-objdump-19", "--offloading", "main.o"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(objdump.stdoutText())
                .contains("kind            ptx")
                .contains("arch            sm_75")
                .contains("triple          nvptx64-jomp-ptxsim");

        Exec.Result link = jomp("-v", "main.o", "lib.o", "-o", "prog");
        assertThat(link.stderr()).contains("a fat binary of the PTX of main.o lib.o (no nvlink: linked when loaded)");

        Exec.Result gcc = Exec.run(
                List.of("gcc", "-fopenmp", "main.c", "lib.c", "-o", "prog.gcc"), dir, Map.of(), dir.resolve("scratch"));
        assertThat(gcc.status()).as(gcc.describe("gcc")).isZero();
        Exec.Result want = Exec.run(List.of(dir.resolve("prog.gcc").toString()), dir, Map.of(), dir.resolve("scratch"));
        Exec.Result got =
                Exec.run(List.of(dir.resolve("prog").toString()), dir, NvptxSimulatorTest.SIM, dir.resolve("scratch"));
        assertThat(got.status()).as(got.describe("./prog on the simulator")).isZero();
        assertThat(got.stderr()).contains("info: Launching kernel");
        assertThat(got.stdoutText()).isEqualTo(want.stdoutText()).isEqualTo("0 6 12 18 24 30 36 42 \n");
    }
}
