package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program built by {@code bin/jomp -fopenmp-targets=nvptx64} launching its kernels through the
 * CUDA plugin against the stand-in libcuda.so.1 of plugins/cuda's tests (fakecuda.c, host memory,
 * kernels it does not know run as nothing): it loads the fat binary jomp embeds, reads each
 * kernel's .entry parameters from its PTX, and refuses a launch whose parameter buffer is not
 * exactly what the entry declares. So this checks, without a GPU, that what the runtime passes
 * (one 8-byte value per TARGET_PARAM map entry, LIBOMPTARGET_INFO's "with N arguments") is what
 * the nvptx back end declares (before kernels took their arguments as parameters, every jomp
 * kernel declared one '.param .u64 __args' and the plugin passed N values), and that
 * LIBOMPTARGET_INFO's teams and threads are those the plugin launched.
 */
class CudaFakeDriverLaunchTest {
    @TempDir
    Path dir;

    @Test
    void everyLaunchPassesWhatTheKernelsEntryDeclares() throws Exception {
        Exec.require("gcc");
        Exec.require("ptxas");
        Path fake = Corpus.root().resolve("plugins/cuda/src/test/resources/jomp/plugin/cuda/fakecuda.c");
        Exec.Result gcc = Exec.run(
                List.of(
                        "gcc",
                        "-shared",
                        "-fPIC",
                        "-O1",
                        "-o",
                        dir.resolve("libcuda.so.1").toString(),
                        fake.toString()),
                dir,
                Map.of(),
                dir.resolve("scratch"));
        assertThat(gcc.status()).as(gcc.describe("gcc")).isZero();
        Path src = dir.resolve("launch.c");
        Files.writeString(src, """
                #include <stdio.h>
                int main(void) {
                  int n = 64; double a[64], b[64], s = 2;
                  for (int i = 0; i < n; i++) { a[i] = i; b[i] = 1; }
                  /* read-only arguments: the body reads the parameters */
                #pragma omp target teams distribute parallel for map(tofrom: a[0:n])
                  for (int i = 0; i < n; i++) a[i] *= s;
                  /* a firstprivate written in the region: its slot is a copy in the kernel's frame */
                #pragma omp target map(tofrom: a[0:n], b[0:n]) firstprivate(n, s)
                  { s += 1; n -= 1; for (int i = 0; i < n; i++) b[i] = a[i] * s; }
                  /* no argument at all */
                #pragma omp target
                  { }
                  printf("%g %g\\n", a[3], b[3]);
                  return 0;
                }
                """);
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(
                "-O2",
                "-fopenmp",
                "-fopenmp-targets=nvptx64",
                "--offload-arch=sm_90",
                src.toString(),
                "-o",
                dir.resolve("launch").toString()));
        Exec.Result build = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(build.status()).as(build.describe("jomp")).isZero();
        Path log = dir.resolve("launches.log");
        Exec.Result run = Exec.run(
                List.of(dir.resolve("launch").toString()),
                dir,
                Map.of(
                        "LD_LIBRARY_PATH",
                        dir.toString(),
                        "FAKECUDA_LOG",
                        log.toString(),
                        "OMP_TARGET_OFFLOAD",
                        "MANDATORY",
                        "LIBOMPTARGET_INFO",
                        "17"),
                dir.resolve("scratch"));
        assertThat(run.status())
                .as(run.describe("the program on the stand-in driver"))
                .isZero();
        assertThat(run.stderr()).contains("cuda device 0: Fake GPU 0");

        // what the runtime passed, by kernel (in launch order), and what the driver saw
        Map<String, Integer> passed = new LinkedHashMap<>();
        Map<String, String> geometry = new LinkedHashMap<>();
        Matcher info = Pattern.compile(
                        "Entering OpenMP kernel at \\S+ with (\\d+) arguments?:[\\s\\S]*?Launching kernel (\\w+) with (\\d+) blocks and (\\d+) threads in (?:SPMD|Generic|Generic-SPMD) mode")
                .matcher(run.stderr());
        while (info.find()) {
            passed.put(info.group(2), Integer.parseInt(info.group(1)));
            geometry.put(info.group(2), info.group(3) + " blocks of " + info.group(4) + " threads");
        }
        assertThat(passed).as(run.stderr()).hasSize(3);
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).hasSize(3);
        Pattern launch =
                Pattern.compile("launch (\\w+): (\\d+) parameters, (\\d+) bytes, (\\d+ blocks of \\d+ threads)");
        for (String line : lines) {
            Matcher m = launch.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            int declared = Integer.parseInt(m.group(2));
            assertThat(declared)
                    .as("%s: the entry's parameters against the runtime's arguments", m.group(1))
                    .isEqualTo(passed.get(m.group(1)));
            assertThat(Long.parseLong(m.group(3))).isEqualTo(8L * declared);
            // LIBOMPTARGET_INFO reports the geometry the plugin launched (DevicePlugin.launchGeometry)
            assertThat(m.group(4)).as(m.group(1)).isEqualTo(geometry.get(m.group(1)));
        }
        assertThat(passed.values()).contains(0).anyMatch(k -> k >= 3);
    }
}
