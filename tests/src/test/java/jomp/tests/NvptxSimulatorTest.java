package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * jomp's nvptx64 device runtime executed on the PTX simulator (plugins/ptxsim), not only
 * assembled: the programs of frontend's PtxDeviceRuntimeTest (generic mode and its team stack,
 * SPMD kernels, reductions, atomics, locks, ordered/critical/single/sections, dynamic and guided
 * loops, barriers of teams smaller than a warp, printf, device queries) built with
 * {@code bin/jomp -fopenmp-targets=nvptx64} and run with JOMP_PLUGINS=ptxsim and
 * OMP_TARGET_OFFLOAD=MANDATORY, their output compared with gcc -fopenmp's (or clang-19's
 * offloading, where the device's answers differ from the host's). Then errors a user can make
 * in OpenMP that the simulator must catch as compute-sanitizer would, with a clear message and
 * libomptarget's abort (status 134) and no Java stack trace; and what LIBOMPTARGET_INFO and omp_get_num_devices say.
 */
class NvptxSimulatorTest {
    @TempDir
    Path dir;

    static final Map<String, String> SIM = Map.of(
            "JOMP_PLUGINS",
            "ptxsim",
            "OMP_TARGET_OFFLOAD",
            "MANDATORY",
            "OMP_NUM_THREADS",
            "4",
            "LIBOMPTARGET_INFO",
            "16");

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
            new Program("max-teams-is-what-teams-makes", "spec:agree=1 levels=0\n", 2, """
                    #include <stdio.h>
                    #include <omp.h>
                    int main(void) {
                      int max = -1, made = -2, levels = -1;
                    #pragma omp target map(from: max, levels)
                      {
                        max = omp_get_max_teams();
                        omp_set_max_active_levels(0);   /* a device routine: the region's own ICV */
                        levels = omp_get_max_active_levels();
                      }
                    #pragma omp target teams map(from: made)
                      if (omp_get_team_num() == 0) made = omp_get_num_teams();
                      printf("agree=%d levels=%d\\n", max == made, levels);
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

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> deviceRuntimeRunsOnTheSimulator() {
        return RUNTIME.stream()
                .map(p -> DynamicTest.dynamicTest(p.name(), () -> {
                    Path src = dir.resolve(p.name() + ".c");
                    Files.writeString(src, p.source());
                    build(jomp(src, p.name()), "jomp");
                    Exec.Result want = oracle(p, src);
                    Exec.Result got =
                            Exec.run(List.of(dir.resolve(p.name()).toString()), dir, SIM, dir.resolve("scratch"));
                    assertThat(got.timedOut()).as(got.describe(p.name())).isFalse();
                    assertThat(got.stdoutText())
                            .as("%s on the simulator vs %s (stderr: %s)", p.name(), p.oracle(), got.stderr())
                            .isEqualTo(want.stdoutText());
                    assertThat(got.status())
                            .as("exit status (stderr: %s)", got.stderr())
                            .isEqualTo(want.status());
                    assertThat(got.stderr()
                                    .lines()
                                    .filter(l -> l.contains("info: Launching kernel"))
                                    .count())
                            .as(got.stderr())
                            .isEqualTo(p.kernels());
                }));
    }

    private List<String> jomp(Path src, String out) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(
                "-std=gnu11",
                "-O2",
                "-fopenmp",
                "-fopenmp-targets=nvptx64",
                src.toString(),
                "-o",
                dir.resolve(out).toString()));
        return cmd;
    }

    private Exec.Result oracle(Program p, Path src) {
        if (p.oracle().startsWith("spec:"))
            return new Exec.Result(
                    List.of("spec"),
                    0,
                    p.oracle().substring(5).getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    "",
                    false);
        boolean clang = p.oracle().equals("clang-offload");
        List<String> cmd = new ArrayList<>(
                clang
                        ? List.of("clang-19", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu")
                        : List.of("gcc", "-fopenmp"));
        cmd.addAll(List.of(
                "-std=gnu11",
                src.toString(),
                "-o",
                dir.resolve(p.name() + ".oracle").toString(),
                "-lm"));
        Exec.require(cmd.get(0));
        build(cmd, p.oracle());
        Map<String, String> env = new HashMap<>(Map.of("OMP_NUM_THREADS", "4"));
        if (clang) env.put("LD_LIBRARY_PATH", OffloadCorpusTest.LLVM_LIB);
        Exec.Result r =
                Exec.run(List.of(dir.resolve(p.name() + ".oracle").toString()), dir, env, dir.resolve("scratch"));
        assertThat(r.timedOut() || r.status() != 0)
                .as("the oracle: %s", r.describe(p.oracle()))
                .isFalse();
        return r;
    }

    private void build(List<String> cmd, String who) {
        Exec.Result r = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(r.timedOut() || r.status() != 0)
                .as("%s\ncommand: %s", r.describe(who), String.join(" ", cmd))
                .isFalse();
    }

    /**
     * An SPMD kernel's launch is sized from the loop's trip count the host passes, as clang's
     * runtime sizes it (libomptarget's getNumBlocks: one iteration per thread, at most 3200 blocks,
     * 32 threads per block below 3200 x 32 iterations; no GPU or clang run is at hand here, so the
     * grids are that rule worked by hand), and the device sees that grid; with num_teams the
     * clause decides. The results are gcc's.
     */
    @Test
    void kernelsAreLaunchedForTheirTripCount() throws IOException {
        Path src = dir.resolve("grid.c");
        Files.writeString(src, """
                #include <omp.h>
                #include <stdio.h>
                #include <stdlib.h>
                static double y[5000];
                static void report(long n) {
                  long s = 0;
                  for (long i = 0; i < n; i++) s += (long) y[i];
                  printf("%ld %ld\\n", n, s);
                }
                int main(void) {
                  int teams, threads;
                  long n = 1000;
                #pragma omp target teams distribute parallel for map(from: y[0:n]) map(from: teams, threads)
                  for (long i = 0; i < n; i++) {
                    y[i] = 2.0 * i;
                    if (i == 0) { teams = omp_get_num_teams(); threads = omp_get_num_threads(); }
                  }
                  report(n);
                  fprintf(stderr, "grid %d x %d\\n", teams, threads);
                  n = 5000;
                #pragma omp target teams distribute parallel for thread_limit(1) map(from: y[0:n]) map(from: teams, threads)
                  for (long i = 0; i < n; i++) {
                    y[i] = 3.0 * i;
                    if (i == 0) { teams = omp_get_num_teams(); threads = omp_get_num_threads(); }
                  }
                  report(n);
                  fprintf(stderr, "grid %d x %d\\n", teams, threads);
                #pragma omp target teams distribute parallel for num_teams(3) map(from: teams, threads)
                  for (int i = 0; i < 1000; i++) if (i == 0) { teams = omp_get_num_teams(); threads = omp_get_num_threads(); }
                  fprintf(stderr, "grid %d x %d\\n", teams, threads);
                  n = 40;
                  /* generic mode: a team per distribute iteration, sharing its inner loop */
                #pragma omp target teams distribute map(from: y[0:n * 100]) map(from: teams, threads)
                  for (long i = 0; i < n; i++) {
                  #pragma omp parallel for
                    for (int j = 0; j < 100; j++) {
                      y[i * 100 + j] = i + j;
                      if (i == 0 && j == 0) { teams = omp_get_num_teams(); threads = omp_get_num_threads(); }
                    }
                  }
                  report(n * 100);
                  fprintf(stderr, "grid %d x %d\\n", teams, threads);
                  return 0;
                }
                """);
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(
                "-O2",
                "-fopenmp",
                "-fopenmp-targets=nvptx64",
                src.toString(),
                "-o",
                dir.resolve("grid").toString()));
        build(cmd, "jomp");
        build(
                List.of(
                        "gcc",
                        "-O0",
                        "-fopenmp",
                        src.toString(),
                        "-o",
                        dir.resolve("grid.gcc").toString()),
                "gcc");
        Exec.Result got = Exec.run(List.of(dir.resolve("grid").toString()), dir, SIM, dir.resolve("scratch"));
        Exec.Result want = Exec.run(List.of(dir.resolve("grid.gcc").toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(got.status()).as(got.stderr()).isZero();
        assertThat(got.stdoutText()).isEqualTo(want.stdoutText());
        // 1000 < 3200 x 32: 32 threads, ceil(1000 / 32) = 32 blocks; thread_limit(1), 5000 >= 3200 x 1: 5000 blocks,
        // at most 3200 (the rule's middle case, fewer threads for more blocks, needs 10^5 iterations:
        // LaunchGeometryTest)
        assertThat(got.stderr().lines().filter(l -> l.startsWith("grid")).toList())
                .containsExactly("grid 32 x 32", "grid 3200 x 1", "grid 3 x 128", "grid 40 x 128");
        assertThat(got.stderr()
                        .lines()
                        .filter(l -> l.contains("info: Launching kernel"))
                        .map(l -> l.replaceAll(".* with ", ""))
                        .toList())
                .containsExactly(
                        "32 blocks and 32 threads in SPMD mode",
                        "3200 blocks and 1 threads in SPMD mode",
                        "3 blocks and 128 threads in SPMD mode",
                        "40 blocks and 128 threads in Generic mode");
        // LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT, as LLVM 19's plugins read it: 1000 iterations on blocks of 8
        // threads
        Map<String, String> eight = new HashMap<>(SIM);
        eight.put("LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT", "8");
        Exec.Result low = Exec.run(List.of(dir.resolve("grid").toString()), dir, eight, dir.resolve("scratch"));
        assertThat(low.stdoutText()).isEqualTo(want.stdoutText());
        assertThat(low.stderr().lines().filter(l -> l.startsWith("grid")).findFirst())
                .as(low.stderr())
                .contains("grid 125 x 8");
    }

    /**
     * Every math.h function jomp sends to libdevice, run on the simulator (libdevice's PTX as llc-19
     * compiles it: carries, bit fields, byte permutes, approximate reciprocals, tables in global
     * memory, local arrays) for a few arguments each, against glibc's results through gcc.
     * libdevice is not glibc: its results are within a few ulp (the CUDA Math API's bounds), so the
     * comparison allows 1e-13 relative (double) and 1e-5 (float); a wrong instruction is far off.
     */
    @Test
    void libdevicesMathRunsOnTheSimulator() throws IOException {
        Path src = dir.resolve("math.c");
        Files.writeString(src, """
                #define _GNU_SOURCE
                #include <math.h>
                #include <stdio.h>
                #define N 56
                int main(void) {
                  for (int k = 0; k < 4; k++) {
                    double r[N]; float q[N];
                    double x = 0.3 + 0.55 * k; float y = 0.2f + 0.45f * k; int e; double ip; float fip; int qq;
                  #pragma omp target map(from: r, q, e, ip, fip, qq)
                    {
                      r[0]=sin(x); r[1]=cos(x); r[2]=tan(x); r[3]=asin(x/3); r[4]=acos(x/3); r[5]=atan(x); r[6]=atan2(x,-2); r[7]=sinh(x);
                      r[8]=cosh(x); r[9]=tanh(x); r[10]=asinh(x); r[11]=acosh(x+1); r[12]=atanh(x/3); r[13]=exp(x); r[14]=exp2(x); r[15]=expm1(x);
                      r[16]=log(x); r[17]=log2(x); r[18]=log10(x); r[19]=log1p(x); r[20]=logb(x*100); r[21]=ilogb(x*100); r[22]=pow(x,3.3); r[23]=hypot(x,2);
                      r[24]=cbrt(x); r[25]=erf(x); r[26]=erfc(x); r[27]=tgamma(x); r[28]=lgamma(x); r[29]=fmod(x*10,0.3); r[30]=remainder(x*10,0.3); r[31]=remquo(x*10,0.3,&qq);
                      r[32]=round(x*5); r[33]=llround(x*5); r[34]=llrint(x*5); r[35]=ldexp(x,3); r[36]=frexp(x*9,&e); r[37]=modf(x*3,&ip); r[38]=scalbn(x,2); r[39]=fdim(x,0.1);
                      r[40]=nextafter(x,1); r[41]=lround(x*3); r[42]=lrint(x*3); r[43]=sin(x*1e6); r[44]=sqrt(x); r[45]=floor(-x); r[46]=fma(x,x,x); r[47]=copysign(x,-1);
                      r[48]=e; r[49]=ip; r[50]=qq; r[51]=exp(-x*40); r[52]=pow(-x,3.0); r[53]=atan2(-x,-1); r[54]=log(1e-300*x); r[55]=cos(x*1e4);
                      q[0]=sinf(y); q[1]=cosf(y); q[2]=tanf(y); q[3]=asinf(y/3); q[4]=acosf(y/3); q[5]=atanf(y); q[6]=atan2f(y,-2); q[7]=sinhf(y);
                      q[8]=coshf(y); q[9]=tanhf(y); q[10]=asinhf(y); q[11]=acoshf(y+1); q[12]=atanhf(y/3); q[13]=expf(y); q[14]=exp2f(y); q[15]=expm1f(y);
                      q[16]=logf(y); q[17]=log2f(y); q[18]=log10f(y); q[19]=log1pf(y); q[20]=logbf(y*100); q[21]=ilogbf(y*100); q[22]=powf(y,3.3f); q[23]=hypotf(y,2);
                      q[24]=cbrtf(y); q[25]=erff(y); q[26]=erfcf(y); q[27]=tgammaf(y); q[28]=lgammaf(y); q[29]=fmodf(y*10,0.3f); q[30]=remainderf(y*10,0.3f); q[31]=roundf(y*5);
                      q[32]=llroundf(y*5); q[33]=ldexpf(y,3); q[34]=modff(y*3,&fip); q[35]=scalbnf(y,2); q[36]=fdimf(y,0.1f); q[37]=nextafterf(y,1); q[38]=lroundf(y*3); q[39]=lrintf(y*3);
                      q[40]=sqrtf(y); q[41]=floorf(-y); q[42]=fmaf(y,y,y); q[43]=copysignf(y,-1); q[44]=rintf(y*7); q[45]=fminf(y,1); q[46]=truncf(-y*3); q[47]=ceilf(y);
                      q[48]=fip; q[49]=sinf(y*1000); q[50]=expf(-y*30); q[51]=powf(y,-2.5f); q[52]=fmaxf(y,0.5f); q[53]=cosf(y*100); q[54]=logf(y*1e-30f); q[55]=tanf(y*10);
                    }
                    for (int i = 0; i < N; i++) printf("%d %d %.17g %.9g\\n", k, i, r[i], q[i]);
                  }
                  return 0;
                }
                """);
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(
                "-O2",
                "-fopenmp",
                "-fopenmp-targets=nvptx64",
                src.toString(),
                "-o",
                dir.resolve("math").toString(),
                "-lm"));
        build(cmd, "jomp");
        build(
                List.of(
                        "gcc",
                        "-O0",
                        "-fopenmp",
                        src.toString(),
                        "-o",
                        dir.resolve("math.gcc").toString(),
                        "-lm"),
                "gcc");
        Exec.Result got = Exec.run(List.of(dir.resolve("math").toString()), dir, SIM, dir.resolve("scratch"));
        Exec.Result want = Exec.run(List.of(dir.resolve("math.gcc").toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(got.status()).as(got.stderr()).isZero();
        assertThat(got.stderr()
                        .lines()
                        .filter(l -> l.contains("info: Launching kernel"))
                        .count())
                .isEqualTo(4);
        List<String> g = got.stdoutText().lines().toList(),
                w = want.stdoutText().lines().toList();
        assertThat(g).hasSameSizeAs(w).hasSize(4 * 56);
        for (int i = 0; i < g.size(); i++) {
            String[] a = g.get(i).split(" "), b = w.get(i).split(" ");
            assertThat(a[0] + " " + a[1]).isEqualTo(b[0] + " " + b[1]);
            close(Double.parseDouble(a[2]), Double.parseDouble(b[2]), 1e-13, "double #" + a[1] + " of round " + a[0]);
            close(Double.parseDouble(a[3]), Double.parseDouble(b[3]), 1e-5, "float #" + a[1] + " of round " + a[0]);
        }
    }

    private static void close(double got, double want, double rel, String what) {
        if (got == want || (Double.isNaN(got) && Double.isNaN(want))) return;
        assertThat(Math.abs(got - want))
                .as("%s: simulator %s, glibc %s", what, got, want)
                .isLessThanOrEqualTo(rel * Math.max(Math.abs(want), 1e-300));
    }

    /**
     * A user without CUDA (no ptxas, no nvlink): device code spread over two files still builds
     * (the objects' PTX go into one fat binary unlinked) and runs on the simulator, which links it.
     */
    @Test
    void withoutCudaCodeOfTwoFilesRunsOnTheSimulator() throws IOException {
        Files.writeString(dir.resolve("main.c"), """
                #include <stdio.h>
                #pragma omp declare target
                extern int scale;
                int twice(int);
                #pragma omp end declare target
                int main(void) {
                  int r[8];
                #pragma omp target map(from: r)
                  for (int i = 0; i < 8; i++) r[i] = twice(i) * scale;
                  for (int i = 0; i < 8; i++) printf("%d ", r[i]);
                  printf("\\n");
                  return 0;
                }
                """);
        Files.writeString(dir.resolve("lib.c"), """
                #pragma omp declare target
                int scale = 3;
                int twice(int x) { return 2 * x; }
                #pragma omp end declare target
                """);
        Path none = dir.resolve("no-cuda");
        Map<String, String> env =
                Map.of("PATH", "/usr/bin:/bin", "CUDA_HOME", none.toString(), "CUDA_PATH", none.toString());
        for (String f : List.of("main", "lib")) {
            List<String> c = new ArrayList<>(Corpus.jompCommand());
            c.addAll(List.of("-fopenmp", "-fopenmp-targets=nvptx64", "--cuda-path=" + none, "-c", f + ".c"));
            Exec.Result r = Exec.run(c, dir, env, dir.resolve("scratch"));
            assertThat(r.status()).as(r.describe("jomp -c " + f + ".c")).isZero();
        }
        List<String> l = new ArrayList<>(Corpus.jompCommand());
        l.addAll(List.of("-v", "--cuda-path=" + none, "main.o", "lib.o", "-o", "prog"));
        Exec.Result link = Exec.run(l, dir, env, dir.resolve("scratch"));
        assertThat(link.status()).as(link.describe("jomp (link)")).isZero();
        assertThat(link.stderr()).contains("a fat binary of the PTX of main.o lib.o (no nvlink: linked when loaded)");
        Exec.Result run = Exec.run(List.of(dir.resolve("prog").toString()), dir, SIM, dir.resolve("scratch"));
        assertThat(run.stdoutText()).as(run.stderr()).isEqualTo("0 6 12 18 24 30 36 42 \n");
    }

    // ---- errors a user makes, caught as a GPU would punish them (or worse, would not) --------------

    private Exec.Result runBroken(String name, String source) throws IOException {
        Path src = dir.resolve(name + ".c");
        Files.writeString(src, source);
        build(jomp(src, name), "jomp");
        Exec.Result r = Exec.run(List.of(dir.resolve(name).toString()), dir, SIM, dir.resolve("scratch"));
        assertThat(r.timedOut())
                .as("a broken kernel must fail, never hang: %s", r.describe(name))
                .isFalse();
        assertThat(r.status())
                .as("a failing launch aborts the program, as libomptarget does: %s", r.stderr())
                .isEqualTo(134);
        assertThat(r.stderr()).as("no Java stack trace").doesNotContain("Exception", "\tat ", "at jomp.");
        assertThat(r.stderr())
                .contains(
                        "omptarget error: kernel __omp_offloading_",
                        "failed on device 0 (ptxsim)",
                        "omptarget error: Executing target region abort target.",
                        "omptarget fatal error 1: failure of target construct while offloading is mandatory");
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
        assertThat(r.stderr())
                .containsPattern(
                        "ptxsim: error: out-of-bounds global (read|write) of 4 byte\\(s\\) at address 0x[0-9a-f]+\\n")
                .contains(
                        "bytes after the end of the 40-byte allocation at 0x",
                        "in kernel __omp_offloading_",
                        "block (",
                        "thread (",
                        "PTX line ");
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
                  int n = omp_get_num_devices(), ran = 0;
                  for (int d = 0; d < n; d++) {
                    int on = 1;
                #pragma omp target device(d) map(from: on)
                    on = omp_is_initial_device();
                    ran += !on;
                  }
                  printf("devices=%d ran_on_each=%d\\n", n, ran == n);
                  return 0;
                }
                """);
        build(jomp(src, "count"), "jomp");
        Map<String, String> env =
                new HashMap<>(Map.of("JOMP_PTXSIM", "1", "OMP_TARGET_OFFLOAD", "MANDATORY", "LIBOMPTARGET_DEBUG", "1"));
        Exec.Result r = Exec.run(List.of(dir.resolve("count").toString()), dir, env, dir.resolve("scratch"));
        // JOMP_PTXSIM=1 and the jvm plugin present: a program with nvptx64 code alone has the simulator as its only
        // device (libomptarget creates devices for the plugins whose images the program carries), so a loop over the
        // devices runs every region on a device, even under MANDATORY
        assertThat(r.stdoutText()).as(r.stderr()).isEqualTo("devices=1 ran_on_each=1\n");
        assertThat(r.status()).isZero();
        assertThat(r.stderr())
                .contains(
                        "plugin ptxsim (nvptx64-nvidia-cuda): 1 device(s)",
                        "device 0 (ptxsim) initialised: ptxsim device 0: a PTX simulator, not a GPU");
        Exec.Result only = Exec.run(List.of(dir.resolve("count").toString()), dir, SIM, dir.resolve("scratch"));
        assertThat(only.stdoutText()).isEqualTo("devices=1 ran_on_each=1\n");
        assertThat(only.stderr())
                .as("LIBOMPTARGET_INFO=16 describes the device when it starts")
                .contains(
                        "omptarget device 0 info: ptxsim device 0: a PTX simulator, not a GPU (sm_90-like, 4 multiprocessors");
        // with code for both, the simulator comes before the jvm device, as a GPU would
        List<String> both = new ArrayList<>(Corpus.jompCommand());
        both.addAll(List.of(
                "-std=gnu11",
                "-fopenmp",
                "-fopenmp-targets=nvptx64,jvm",
                src.toString(),
                "-o",
                dir.resolve("both").toString()));
        build(both, "jomp -fopenmp-targets=nvptx64,jvm");
        Exec.Result two = Exec.run(List.of(dir.resolve("both").toString()), dir, env, dir.resolve("scratch"));
        assertThat(two.stdoutText()).as(two.stderr()).isEqualTo("devices=2 ran_on_each=1\n");
        assertThat(two.stderr()).contains("device 0 (ptxsim) initialised", "device 1 (jvm) initialised");
    }
}
