package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * jomp's nvptx64 device runtime executed on the PTX simulator (plugins/ptxsim), not only
 * assembled: the programs of frontend's PtxDeviceRuntimeTest (generic mode and its team stack,
 * SPMD kernels, reductions, atomics, locks, ordered/critical/single/sections, dynamic and guided
 * loops, barriers of teams smaller than a warp, printf, device queries) built with
 * {@code bin/jomp -fopenmp-targets=nvptx64} and run with JOMP_PLUGINS=ptxsim and
 * OMP_TARGET_OFFLOAD=MANDATORY, their output compared with gcc -fopenmp's (or clang-19's
 * offloading, where the device's answers differ from the host's). Then errors a user can make
 * in OpenMP that the simulator must catch as compute-sanitizer would, with a clear message and
 * status 1 and no Java stack trace; and what LIBOMPTARGET_INFO and omp_get_num_devices say.
 */
class NvptxSimulatorTest {
    @TempDir Path dir;

    static final Map<String, String> SIM = Map.of("JOMP_PLUGINS", "ptxsim", "OMP_TARGET_OFFLOAD", "MANDATORY", "OMP_NUM_THREADS", "4",
            "LIBOMPTARGET_INFO", "16");

    /**
     * A program and the oracle that judges it: gcc, clang-offload, or "spec:<output>" where neither
     * compiler gives a device's answer (the output OpenMP defines, written by hand; the program says why).
     */
    record Program(String name, String oracle, int kernels, String source) {}

    static final List<Program> RUNTIME = List.of(
            new Program("generic-mode-team-stack", "gcc", 1, """
                    #include <stdio.h>
                    #include <omp.h>
                    int main(void) {
                      int out[64];
                    #pragma omp target map(from: out)
                      {
                        int a[64];                      /* the team's: each thread of the region writes its part */
                        int n = 0;
                      #pragma omp parallel num_threads(64)
                        {
                          a[omp_get_thread_num()] = omp_get_thread_num() * 3;
                      #pragma omp barrier
                      #pragma omp single
                          n = omp_get_num_threads();
                        }
                        for (int i = 0; i < 64; i++) out[i] = a[i] + n;
                      }
                      long s = 0;
                      for (int i = 0; i < 64; i++) s += out[i] * (i + 1);
                      printf("%d %d %ld\\n", out[0], out[63], s);
                      return 0;
                    }
                    """),
            new Program("spmd-reductions", "gcc", 2, """
                    #include <stdio.h>
                    int main(void) {
                      int n = 1000;
                      double x[1000];
                      for (int i = 0; i < n; i++) x[i] = (i % 17) * 0.5 + 1;
                      double sum = 0, prod = 1; long cnt = 0; int bits = 0, mn = 1 << 30, mx = -1; float fs = 0;
                    #pragma omp target teams distribute parallel for reduction(+: sum, cnt, fs) reduction(|: bits) reduction(min: mn) reduction(max: mx) map(to: x[0:n])
                      for (int i = 0; i < n; i++) {
                        sum += x[i]; cnt++; bits |= 1 << (i & 7); fs += 0.5f;
                        if (x[i] < mn) mn = (int) x[i];
                        if ((int) (x[i] * 2) > mx) mx = (int) (x[i] * 2);
                      }
                    #pragma omp target teams distribute parallel for reduction(*: prod) num_teams(8) thread_limit(64) map(to: x[0:n])
                      for (int i = 0; i < 40; i++) prod *= (i % 3 == 0) ? 1.5 : 1.0;
                      printf("%.3f %ld %d %.1f %d %d %.6g\\n", sum, cnt, bits, fs, mn, mx, prod);
                      return 0;
                    }
                    """),
            new Program("atomics", "gcc", 1, """
                    #include <stdio.h>
                    int main(void) {
                      int h[16] = {0}, hits = 0, n = 200; double total = 0; long big = 1;
                    #pragma omp target parallel for map(tofrom: h[0:16], hits, total, big)
                      for (int i = 0; i < n; i++) {
                      #pragma omp atomic
                        h[i % 16] += 1;
                      #pragma omp atomic
                        total -= 0.25;
                        if (i < 30) {
                      #pragma omp atomic
                          big *= 3;
                        }
                        int v;
                      #pragma omp atomic capture
                        v = hits++;
                        int mine[4] = {0, 0, 0, 0};
                      #pragma omp atomic
                        mine[i & 3] += 1;
                        if (v < 0 || mine[i & 3] != 1) h[0] = -1000;
                      }
                      int s = 0;
                      for (int i = 0; i < 16; i++) s = s * 7 + h[i];
                      printf("%d %d %.2f %ld\\n", s, hits, total, big);
                      return 0;
                    }
                    """),
            new Program("locks-and-queries", "gcc", 1, """
                    #include <stdio.h>
                    #include <omp.h>
                    int main(void) {
                      int r[8] = {0}, per[4] = {0};
                    #pragma omp target map(tofrom: r, per)
                      {
                        omp_lock_t l; omp_nest_lock_t nl;
                        omp_init_lock(&l); omp_init_nest_lock(&nl);
                      #pragma omp parallel num_threads(4)
                        {
                          omp_set_lock(&l); r[0]++; omp_unset_lock(&l);
                          omp_set_nest_lock(&nl); omp_set_nest_lock(&nl);
                          int depth = omp_test_nest_lock(&nl);
                          omp_unset_nest_lock(&nl); omp_unset_nest_lock(&nl); omp_unset_nest_lock(&nl);
                          omp_set_lock(&l); r[1] += depth; omp_unset_lock(&l);
                          int me = omp_get_thread_num();
                          per[me] = omp_get_team_size(1) * 100 + omp_get_ancestor_thread_num(1) * 10 + omp_get_level() + omp_get_active_level();
                          int *p = omp_alloc(16, omp_default_mem_alloc); p[0] = me + 1;
                          omp_set_lock(&l); r[2] += p[0]; omp_unset_lock(&l);
                          omp_free(p, omp_default_mem_alloc);
                          if (me == 0) { r[3] = omp_in_parallel(); r[4] = omp_get_num_threads(); r[5] = omp_get_wtime() > 0; }
                        }
                        omp_destroy_lock(&l); omp_destroy_nest_lock(&nl);
                      }
                      printf("%d %d %d %d %d %d | %d %d %d %d\\n", r[0], r[1], r[2], r[3], r[4], r[5], per[0], per[1], per[2], per[3]);
                      return 0;
                    }
                    """),
            new Program("ordered-critical-single-sections", "gcc", 1, """
                    #include <stdio.h>
                    int main(void) {
                      int out[100]; unsigned seq = 0; int total = 0, s = 0;
                    #pragma omp target map(tofrom: out, total, seq, s)
                      {
                      #pragma omp parallel num_threads(8) private(s)
                        {
                        #pragma omp for ordered schedule(dynamic, 3)
                          for (int i = 0; i < 100; i++) {
                            out[i] = i * i;
                          #pragma omp ordered
                            seq = seq * 3 + i;
                          }
                        #pragma omp for schedule(guided) nowait
                          for (int i = 0; i < 100; i++) out[i] += 1;
                        #pragma omp barrier
                        #pragma omp critical(sum)
                          total += out[5];
                        #pragma omp single copyprivate(s)
                          s = 42;
                        #pragma omp sections
                          {
                          #pragma omp section
                            out[1] += s;
                          #pragma omp section
                            out[2] += s;
                          }
                        #pragma omp masked filter(1)
                          printf("masked %d\\n", s);
                        }
                      }
                      long sum = 0;
                      for (int i = 0; i < 100; i++) sum += out[i];
                      printf("%u %d %ld\\n", seq, total, sum);
                      return 0;
                    }
                    """),
            new Program("barrier-of-a-team-smaller-than-a-warp", "gcc", 1, """
                    #include <stdio.h>
                    #include <omp.h>
                    int main(void) {
                      int a[5] = {0}, b[5] = {0};
                    #pragma omp target map(tofrom: a, b)
                    #pragma omp parallel num_threads(5)
                      {
                        int t = omp_get_thread_num();
                        for (int round = 0; round < 20; round++) {
                          a[t] += t + round;
                      #pragma omp barrier
                          b[t] += a[(t + 1) % 5];
                      #pragma omp barrier
                        }
                      }
                      for (int i = 0; i < 5; i++) printf("%d %d\\n", a[i], b[i]);
                      return 0;
                    }
                    """),
            new Program("printf-and-math-on-the-device", "gcc", 1, """
                    #include <stdio.h>
                    #include <math.h>
                    void show(const char *fmt, int x) {
                    #pragma omp target map(to: fmt[0:16])
                      {
                        printf(fmt, x, 2.5);
                        printf("%d %ld %.3f %s|%5.2e|%c\\n", x, 5L, 1.5, "str", 12345.678, 'q');
                        printf("%.6f %.6f %.6f %.6f\\n", sin(0.5 * x), exp(0.25), pow(1.5, 3.25), sqrt(2.0 * x));
                      }
                    }
                    int main(void) { show("[%d] %.2f\\n", 3); return 0; }
                    """),
            // gcc runs the region on the host (the initial device answers), and clang-19's host-offload
            // device answers omp_get_device_num() with the initial device's number; OpenMP 5.2 (18.7.5,
            // 18.7.7) defines the device's own number, 0 here, and the host's number as num_devices
            new Program("device-number-queries", "spec:1 1 1 0\n", 1, """
                    #include <stdio.h>
                    #include <omp.h>
                    int main(void) {
                      int d = -1, n = -1, h = -1, init = -1, dflt = omp_get_default_device(), hn = omp_get_num_devices();
                    #pragma omp target map(from: d, n, h, init)
                      { d = omp_get_device_num(); n = omp_get_num_devices(); h = omp_get_initial_device(); init = omp_is_initial_device(); }
                      /* the device's answers agree with the host's view, whatever the number of devices */
                      printf("%d %d %d %d\\n", d == dflt, n == hn, h == hn, init);
                      return 0;
                    }
                    """),
            new Program("teams-of-a-generic-kernel", "gcc", 1, """
                    #include <stdio.h>
                    #include <omp.h>
                    int main(void) {
                      int t[4] = {0}, nt = 0, th[4] = {0}, said[4] = {0};
                    #pragma omp target teams num_teams(4) thread_limit(64) map(tofrom: t, nt, th, said)
                      {
                        int me = omp_get_team_num();
                        t[me] = me + 1;
                        if (me == 0) nt = omp_get_num_teams();
                      #pragma omp parallel num_threads(32)
                        {
                        #pragma omp atomic
                          th[me] += 1;
                          if (omp_get_thread_num() == 0) said[me] = omp_get_num_threads();
                        }
                      }
                      /* num_teams and num_threads are upper bounds: print what every conforming run agrees on */
                      int ok = nt >= 1 && nt <= 4;
                      for (int i = 0; i < 4; i++) ok = ok && (i < nt ? t[i] == i + 1 && th[i] == said[i] && th[i] >= 1 && th[i] <= 32 : t[i] == 0);
                      printf("consistent=%d\\n", ok);
                      return 0;
                    }
                    """));

    @TestFactory
    Stream<DynamicTest> deviceRuntimeRunsOnTheSimulator() {
        return RUNTIME.stream().map(p -> DynamicTest.dynamicTest(p.name(), () -> {
            Path src = dir.resolve(p.name() + ".c");
            Files.writeString(src, p.source());
            build(jomp(src, p.name()), "jomp");
            Exec.Result want = oracle(p, src);
            Exec.Result got = Exec.run(List.of(dir.resolve(p.name()).toString()), dir, SIM, dir.resolve("scratch"));
            assertThat(got.timedOut()).as(got.describe(p.name())).isFalse();
            assertThat(got.stdoutText()).as("%s on the simulator vs %s (stderr: %s)", p.name(), p.oracle(), got.stderr()).isEqualTo(want.stdoutText());
            assertThat(got.status()).as("exit status (stderr: %s)", got.stderr()).isEqualTo(want.status());
            assertThat(got.stderr().lines().filter(l -> l.contains("info: Launching kernel")).count()).as(got.stderr()).isEqualTo(p.kernels());
        }));
    }

    private List<String> jomp(Path src, String out) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-std=gnu11", "-O2", "-fopenmp", "-fopenmp-targets=nvptx64", src.toString(), "-o", dir.resolve(out).toString()));
        return cmd;
    }

    private Exec.Result oracle(Program p, Path src) {
        if (p.oracle().startsWith("spec:"))
            return new Exec.Result(List.of("spec"), 0, p.oracle().substring(5).getBytes(java.nio.charset.StandardCharsets.UTF_8), "", false);
        boolean clang = p.oracle().equals("clang-offload");
        List<String> cmd = new ArrayList<>(clang ? List.of("clang-19", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu") : List.of("gcc", "-fopenmp"));
        cmd.addAll(List.of("-std=gnu11", src.toString(), "-o", dir.resolve(p.name() + ".oracle").toString(), "-lm"));
        assertTrue(Exec.available(cmd.get(0)), cmd.get(0) + " is the oracle: install it (.ci/run does)");
        build(cmd, p.oracle());
        Map<String, String> env = new HashMap<>(Map.of("OMP_NUM_THREADS", "4"));
        if (clang) env.put("LD_LIBRARY_PATH", OffloadCorpusTest.LLVM_LIB);
        Exec.Result r = Exec.run(List.of(dir.resolve(p.name() + ".oracle").toString()), dir, env, dir.resolve("scratch"));
        assertThat(r.timedOut() || r.status() != 0).as("the oracle: %s", r.describe(p.oracle())).isFalse();
        return r;
    }

    private void build(List<String> cmd, String who) {
        Exec.Result r = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.timedOut() || r.status() != 0).as("%s\ncommand: %s", r.describe(who), String.join(" ", cmd)).isFalse();
    }

    // ---- errors a user makes, caught as a GPU would punish them (or worse, would not) --------------

    private Exec.Result runBroken(String name, String source) throws IOException {
        Path src = dir.resolve(name + ".c");
        Files.writeString(src, source);
        build(jomp(src, name), "jomp");
        Exec.Result r = Exec.run(List.of(dir.resolve(name).toString()), dir, SIM, dir.resolve("scratch"));
        assertThat(r.timedOut()).as("a broken kernel must fail, never hang: %s", r.describe(name)).isFalse();
        assertThat(r.status()).as("a failing launch ends the program with status 1: %s", r.stderr()).isEqualTo(1);
        assertThat(r.stderr()).as("no Java stack trace").doesNotContain("Exception", "\tat ", "at jomp.");
        assertThat(r.stderr()).contains("omptarget error: kernel __omp_offloading_", "failed on device 0 (ptxsim)",
                "omptarget fatal error 1: failure of target construct");
        return r;
    }

    @Test
    void writingPastAMappedArrayIsAnOutOfBoundsError() throws IOException {
        Exec.Result r = runBroken("overrun", """
                #include <stdio.h>
                int main(void) {
                  int a[16];
                  for (int i = 0; i < 16; i++) a[i] = i;
                #pragma omp target teams distribute parallel for map(tofrom: a[0:10])
                  for (int i = 0; i < 16; i++) a[i] *= 2;   /* only a[0:10] is on the device */
                  printf("%d\\n", a[3]);
                  return 0;
                }
                """);
        assertThat(r.stderr()).containsPattern("ptxsim: error: out-of-bounds global (read|write) of 4 byte\\(s\\) at address 0x[0-9a-f]+\\n")
                .contains("bytes after the end of the 40-byte allocation at 0x", "in kernel __omp_offloading_", "block (", "thread (", "PTX line ");
        assertThat(r.stdoutText()).isEmpty();
    }

    @Test
    void aBarrierOnlySomeThreadsReachIsADeadlockNotAHang() throws IOException {
        Exec.Result r = runBroken("half-barrier", """
                #include <stdio.h>
                #include <omp.h>
                int main(void) {
                  int x = 0;
                #pragma omp target map(tofrom: x)
                #pragma omp parallel num_threads(64)
                  {
                    if (omp_get_thread_num() < 32) {   /* non-conforming: not every thread of the team meets the barrier */
                  #pragma omp barrier
                    }
                  #pragma omp atomic
                    x += 1;
                  }
                  printf("%d\\n", x);
                  return 0;
                }
                """);
        assertThat(r.stderr()).contains("ptxsim: error: deadlock", "wait at a barrier, PTX line", "barrier.sync");
    }

    @Test
    void theSimulatorIsADeviceThatSaysWhatItIs() throws IOException {
        Path src = dir.resolve("count.c");
        Files.writeString(src, """
                #include <stdio.h>
                #include <omp.h>
                int main(void) {
                  int on = 1;
                #pragma omp target map(from: on)
                  on = omp_is_initial_device();
                  printf("devices=%d on_device=%d\\n", omp_get_num_devices(), !on);
                  return 0;
                }
                """);
        build(jomp(src, "count"), "jomp");
        Map<String, String> env = new HashMap<>(Map.of("JOMP_PTXSIM", "1", "OMP_TARGET_OFFLOAD", "MANDATORY", "LIBOMPTARGET_DEBUG", "1"));
        Exec.Result r = Exec.run(List.of(dir.resolve("count").toString()), dir, env, dir.resolve("scratch"));
        // JOMP_PTXSIM=1: the simulator comes before the jvm device, as a GPU would
        assertThat(r.stdoutText()).as(r.stderr()).isEqualTo("devices=2 on_device=1\n");
        assertThat(r.stderr()).contains("plugin ptxsim (nvptx64-nvidia-cuda): 1 device(s)", "device 0 (ptxsim) initialised: ptxsim device 0: a PTX simulator, not a GPU");
        Exec.Result only = Exec.run(List.of(dir.resolve("count").toString()), dir, SIM, dir.resolve("scratch"));
        assertThat(only.stdoutText()).isEqualTo("devices=1 on_device=1\n");
    }
}
