package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.Module;
import jomp.compiler.offload.DeviceExtraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device runtime (devrt.c) and the kernels that use it: generic-mode and SPMD entries,
 * team frames, lock-free atomics and reductions. Each PTX is checked structurally and
 * assembled by ptxas for sm_75 and sm_90 as a whole program (no -c: every symbol must be
 * defined, so nothing is left for a device link).
 */
class PtxDeviceRuntimeTest {
    @TempDir
    Path tmp;

    /** The device half of a C program, as PTX for an arch. */
    private String device(String c, String arch) throws Exception {
        Path src = Files.createTempFile(tmp, "t", ".c");
        Files.writeString(src, c, StandardCharsets.ISO_8859_1);
        return PtxBackend.compile(DeviceExtraction.extract(PtxCorpusTest.compileC(src)), arch);
    }

    private Module deviceModule(String c) throws Exception {
        Path src = Files.createTempFile(tmp, "t", ".c");
        Files.writeString(src, c, StandardCharsets.ISO_8859_1);
        return DeviceExtraction.extract(PtxCorpusTest.compileC(src));
    }

    /** Assembles as a complete program for sm_75 and sm_90; returns the sm_90 PTX. */
    private String assembled(String c) throws Exception {
        assertTrue(Ptxas.find() != null, "ptxas not found");
        String ptx = null;
        for (String arch : List.of("sm_75", "sm_90")) {
            ptx = device(c, arch);
            assertThat(Ptxas.check(ptx, arch, tmp, false))
                    .as("ptxas %s:\n%s", arch, ptx)
                    .isNull();
        }
        return ptx;
    }

    /** The mode a kernel's entry passes to __jomp_target_init (and to __jomp_target_deinit before it returns). */
    private static int mode(String ptx, String kernelSuffix) {
        Matcher m = Pattern.compile(
                        "\\.visible \\.entry (\\w+" + kernelSuffix
                                + ")\\(((?:\\.param \\.u64 __arg\\d+(?:, )?)*)\\)\\n\\{(.*?)\\n\\}",
                        Pattern.DOTALL)
                .matcher(ptx);
        assertThat(m.find()).as("entry *%s", kernelSuffix).isTrue();
        Matcher init = Pattern.compile(
                        "st\\.param\\.b32 \\[__a0\\], (\\d+);\\s+\\.param \\.b64 __a1;\\s+st\\.param\\.b64 \\[__a1\\], %rd\\d+;\\s+\\.param \\.b32 __r;\\s+call\\.uni \\(__r\\), (__jomp_target_init|__jomp_spmd_init)")
                .matcher(m.group(3));
        assertThat(init.find()).as("init call in %s", m.group(3)).isTrue();
        // the threads the runtime does not select return at once; the others end in the runtime's deinit
        assertThat(m.group(3))
                .containsPattern(
                        "ld\\.param\\.b32 (%r\\d+), \\[__r\\];\\s+\\}\\s+setp\\.eq\\.s32 (%p\\d+), \\1, 0;\\s+@\\2 ret;");
        int mode = Integer.parseInt(init.group(1));
        // SPMD kernels take the runtime's SPMD path (SpmdSpecialization), which has no deinit
        assertThat(init.group(2)).isEqualTo((mode & KernelEntry.SPMD) != 0 ? "__jomp_spmd_init" : "__jomp_target_init");
        if ((mode & KernelEntry.SPMD) == 0) {
            assertThat(m.group(3))
                    .containsPattern("st\\.param\\.b32 \\[__a0\\], " + mode
                            + ";\\s+call\\.uni __jomp_target_deinit, \\(__a0\\);\\s+\\}\\s+ret;");
        } else {
            assertThat(m.group(3)).doesNotContain("__jomp_target_deinit");
        }
        return mode;
    }

    /**
     * Dead-function elimination after the link: every runtime function the PTX defines is called
     * or has its address taken by other code, and every function it calls is defined or
     * declared {@code .extern} (ptxas checks the latter too).
     */
    static void assertOnlyReachedRuntimeIsDefined(String ptx) {
        Matcher def =
                Pattern.compile("\\.weak \\.func (?:\\([^)]*\\) )?(\\w+)\\(").matcher(ptx);
        int defined = 0;
        while (def.find()) {
            String name = def.group(1);
            if (name.startsWith("__nv_")) continue; // libdevice's, appended for the math it calls
            defined++;
            // the prototype and the definition name it; anything more is a use
            assertThat(Pattern.compile("\\b" + Pattern.quote(name) + "\\b")
                            .matcher(ptx)
                            .results()
                            .count())
                    .as("uses of %s", name)
                    .isGreaterThan(2);
        }
        assertThat(defined).as("runtime functions defined").isPositive();
    }

    private static Module parseIr(String text) {
        var err = new java.io.ByteArrayOutputStream();
        var diags = new jomp.compiler.diag.Diagnostics(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        Module m = jomp.compiler.ir.IrParser.parse(new jomp.compiler.diag.SourceFile("all.jir", text), diags);
        assertThat(diags.hasErrors()).as("IR errors: %s", err).isFalse();
        return m;
    }

    @Test
    void theRuntimeKeepsItsNamesApartAndAssembles() throws Exception {
        Module rt = DeviceRuntime.module();
        assertThat(rt.functions).hasSizeGreaterThan(40);
        for (Function f : rt.functions) {
            // jomp's own names, OpenMP's, and LLVM's extensions programs for clang call (ompx.h, llvm_omp_*)
            assertThat(f.name).as("runtime function").matches("(__jomp_|omp_|ompx_|llvm_omp_).*");
            assertThat(f.isStatic).as("%s is static", f.name).isFalse();
        }
        for (Global g : rt.globals) assertThat(g.name).as("runtime global").startsWith("__jomp_");
        assertThat(rt.function("__jomp_fork")).isNotNull();
        // every entry point of offload-abi.md §1 and the queries device code calls
        for (String n : List.of(
                "__jomp_fork",
                "__jomp_barrier",
                "__jomp_single",
                "__jomp_master",
                "__jomp_masked",
                "__jomp_critical_enter",
                "__jomp_critical_exit",
                "__jomp_atomic_enter",
                "__jomp_atomic_exit",
                "__jomp_reduce_enter",
                "__jomp_reduce_exit",
                "__jomp_copyprivate_publish",
                "__jomp_copyprivate_get",
                "__jomp_taskwait",
                "__jomp_loop_init",
                "__jomp_loop_next",
                "__jomp_loop_lower",
                "__jomp_loop_upper",
                "__jomp_loop_stride",
                "__jomp_ordered_loop",
                "__jomp_ordered_enter",
                "__jomp_ordered_exit",
                "__jomp_ordered_end",
                "__jomp_teams",
                "__jomp_distribute",
                "__jomp_distribute_next",
                "__jomp_vprintf",
                "omp_get_thread_num",
                "omp_get_num_threads",
                "omp_get_team_num",
                "omp_get_num_teams",
                "omp_is_initial_device",
                "omp_get_max_threads",
                "omp_in_parallel",
                "omp_get_level",
                "omp_get_wtime",
                "omp_init_lock",
                "omp_set_lock",
                "omp_unset_lock",
                "omp_test_lock",
                "omp_set_nest_lock",
                "omp_unset_nest_lock",
                "omp_get_team_size",
                "omp_get_ancestor_thread_num",
                "omp_alloc",
                "omp_free",
                "omp_get_device_num",
                "omp_get_num_devices",
                "omp_get_initial_device")) {
            assertThat(rt.function(n)).as(n).isNotNull();
        }
        // a module that takes the address of every runtime function gets them all (a declaration alone links nothing)
        Module decls = new Module("all.c");
        for (Function f : rt.functions) decls.externFunctions.put(f.name, f.type);
        StringBuilder ir = new StringBuilder(IrPrinter.print(decls)).append("\nfunc static void @all() {\nentry.0:\n");
        for (int k = 0; k < rt.functions.size(); k++)
            ir.append("  %")
                    .append(k)
                    .append(" = funcaddr @")
                    .append(rt.functions.get(k).name)
                    .append('\n');
        ir.append("  ret void\n}\n");
        Module user = parseIr(ir.toString());
        for (String arch : List.of("sm_75", "sm_90")) {
            String ptx = PtxBackend.compile(user, arch);
            assertThat(ptx)
                    .contains(
                            ".weak .shared .align 8 .b8 __jomp_shared_team[",
                            "barrier.sync",
                            "atom.cas.b32",
                            "ld.volatile.u32")
                    .doesNotContain(".visible");
            assertThat(Ptxas.check(ptx, arch, tmp)).as("ptxas %s", arch).isNull();
        }
    }

    @Test
    void onlyWhatAModuleReachesIsLinkedAndItIsWeak() throws Exception {
        String ptx = assembled("""
                #include <omp.h>
                int main(void) {
                  int t = -1;
                #pragma omp target map(from: t)
                  t = omp_get_team_num() + omp_is_initial_device();
                  return t;
                }
                """);
        // the queries are emitted in place (no frame, no indirect call), so their definitions are not linked
        assertThat(ptx)
                .contains(
                        ".weak .func (.param .b32 __retval) __jomp_target_init(",
                        ".weak .shared .align 8 .b8 __jomp_shared_team[")
                .doesNotContain(
                        "omp_get_team_num",
                        "omp_is_initial_device",
                        "__jomp_fork",
                        "__jomp_vprintf",
                        "__jomp_loop_next",
                        "__jomp_distribute",
                        "__jomp_thread_size",
                        ".extern");
        assertOnlyReachedRuntimeIsDefined(ptx);
        assertThat(mode(ptx, "_main_l4")).isZero(); // generic, one team
    }

    @Test
    void genericModeSharesTheSerialPartsLocalsThroughTheTeamStack() throws Exception {
        String c = """
                #include <omp.h>
                int main(void) {
                  int out[64];
                #pragma omp target map(from: out)
                  {
                    int a[64];                      /* the team's: each thread of the region writes its part */
                    int n = 0;
                  #pragma omp parallel num_threads(64)
                    {
                      a[omp_get_thread_num()] = omp_get_thread_num();
                  #pragma omp barrier
                  #pragma omp single
                      n = omp_get_num_threads();
                    }
                    for (int i = 0; i < 64; i++) out[i] = a[i] + n;
                  }
                  return out[3];
                }
                """;
        String ptx = assembled(c);
        assertThat(mode(ptx, "_main_l4")).isZero();
        String body = definition(ptx, "\\.visible \\.entry __omp_offloading_\\w+_main_l4\\(");
        // the escaping locals (a, n, the region's argument block) come from the team stack, given back at the return
        assertThat(body)
                .contains(
                        "call.uni (__r), __jomp_frame_push, (__a0);",
                        "call.uni __jomp_frame_pop, (__a0);",
                        "call.uni __jomp_fork, (__a0, __a1, __a2);");
        // the workers' state machine and the block barriers are the runtime's
        assertThat(definition(ptx, "\\.weak \\.func \\(\\.param \\.b32 __retval\\) __jomp_target_init\\("))
                .contains("barrier.sync %r", "call %rd");
        Module dev = deviceModule(c);
        assertThat(dev.functions.stream().filter(f -> PtxBackend.isKernel(f.name)))
                .allMatch(f -> !f.spmd);
    }

    @Test
    void combinedTeamsDistributeParallelForIsSpmd() throws Exception {
        String c = """
                void f(int n, double *x, double *y, double a) {
                #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
                  for (int i = 0; i < n; i++) y[i] += a * x[i];
                #pragma omp target teams distribute parallel for simd num_teams(8) thread_limit(64)
                  for (int i = 0; i < n; i++) y[i] *= 2;
                #pragma omp target teams
                  {
                  #pragma omp distribute parallel for
                    for (int i = 0; i < n; i++) y[i] += 1;
                  }
                #pragma omp target teams distribute parallel for num_threads(32)
                  for (int i = 0; i < n; i++) y[i] -= 1;
                #pragma omp target parallel for
                  for (int i = 0; i < n; i++) y[i] -= 1;
                #pragma omp target teams distribute parallel for schedule(static)
                  for (int i = 0; i < n; i++) y[i] -= 1;
                }
                """;
        String ptx = assembled(c);
        assertThat(mode(ptx, "_f_l2")).isEqualTo(KernelEntry.TEAMS | KernelEntry.SPMD);
        assertThat(mode(ptx, "_f_l4")).isEqualTo(KernelEntry.TEAMS | KernelEntry.SPMD);
        assertThat(mode(ptx, "_f_l15"))
                .isEqualTo(KernelEntry.TEAMS); // schedule(static) forbids the SPMD default chunk of 1
        assertThat(mode(ptx, "_f_l6")).isEqualTo(KernelEntry.TEAMS); // teams with a nested construct: generic
        assertThat(mode(ptx, "_f_l11")).isEqualTo(KernelEntry.TEAMS); // num_threads: the team is smaller than the block
        assertThat(mode(ptx, "_f_l13")).isZero(); // no teams: one team
        // the marker travels in the IR text (the host IR file a device compile reads)
        Module dev = deviceModule(c);
        String ir = IrPrinter.print(dev);
        assertThat(ir)
                .containsPattern("func declare_target spmd kernel_args\\(\\d+\\) void @__omp_offloading_\\w+_f_l2\\(");
        assertThat(ir).containsPattern("func declare_target kernel_args\\(\\d+\\) void @__omp_offloading_\\w+_f_l6\\(");
        Module back = jomp.compiler.ir.IrParser.parse(
                new jomp.compiler.diag.SourceFile("t.jir", ir), new jomp.compiler.diag.Diagnostics(System.err));
        assertThat(back.functions.stream().filter(f -> f.spmd).count()).isEqualTo(2);
    }

    @Test
    void reductionsCombineWithAtomicsOrCompareAndSwapWithoutTheLock() throws Exception {
        String ptx = assembled("""
                double f(int n, double *x) {
                  double sum = 0, prod = 1; long cnt = 0; int bits = 0; float fs = 0;
                #pragma omp target teams distribute parallel for reduction(+: sum, cnt, fs) reduction(*: prod) reduction(|: bits) map(to: x[0:n])
                  for (int i = 0; i < n; i++) { sum += x[i]; prod *= x[i]; cnt++; bits |= 1 << (i & 7); fs += 0.5f; }
                  return sum + prod + cnt + bits + fs;
                }
                """);
        // atomic IR (AtomicLowering): integer and floating-point adds and ors whose old value nobody reads are
        // reds; the product a compare-exchange loop on the double's bits (PtxAtomicsTest has the rest)
        assertThat(userCode(ptx, "_f_l3"))
                .contains(
                        "red.relaxed.gpu.add.f64",
                        "red.relaxed.gpu.add.u64",
                        "red.relaxed.gpu.add.f32",
                        "red.relaxed.gpu.or.b32")
                .contains("atom.relaxed.gpu.cas.b64")
                .doesNotContain("__jomp_reduce_enter");
        // min: one atomic min
        String min = assembled("""
                int g(int n, double *x) {
                  int mn = 1 << 30;
                #pragma omp target teams distribute parallel for reduction(min: mn) map(to: x[0:n])
                  for (int i = 0; i < n; i++) if (x[i] < mn) mn = (int) x[i];
                  return mn;
                }
                """);
        assertThat(userCode(min, "_g_l3"))
                .doesNotContain("__jomp_reduce_enter", "__jomp_reduce_exit")
                .contains("red.relaxed.gpu.min.s32");
        // a ?: outside a locked region keeps its branches
        String plain = assembled("""
                int h(int n, int *x) {
                  int r = 0;
                #pragma omp target map(tofrom: r) map(to: x[0:n])
                  r = x[0] < n ? x[0] : n;
                  return r;
                }
                """);
        assertThat(userCode(plain, "_h_l3"))
                .contains("ld.global.u32", "bra")
                .doesNotContain("selp.b32"); // x: mapped, global (GlobalAddresses)
    }

    @Test
    void atomicConstructsBecomePtxAtomicsOrPlainUpdatesOfPrivateMemory() throws Exception {
        String ptx = assembled("""
                int f(int *h, int n) {
                  int hits = 0, v = 0, w = 0; double total = 0; long big = 1;
                #pragma omp target parallel for map(tofrom: h[0:16], hits, total, big, v, w)
                  for (int i = 0; i < n; i++) {
                  #pragma omp atomic
                    h[i % 16] += 1;
                  #pragma omp atomic
                    total -= 0.25;
                  #pragma omp atomic
                    big *= 3;
                  #pragma omp atomic capture
                    v = hits++;
                  #pragma omp atomic write
                    w = i;
                    int mine[4] = {0, 0, 0, 0};
                  #pragma omp atomic
                    mine[i & 3] += 1;
                    h[0] += mine[0];
                  }
                  return hits + v + w + (int) total + (int) big;
                }
                """);
        String code = userCode(ptx, "_f_l3");
        assertThat(code)
                .contains("red.relaxed.gpu.add.u32")
                .containsPattern("neg\\.f64 (%fd\\d+), %fd\\d+;\\s+red\\.relaxed\\.gpu\\.add\\.f64 \\[%rd\\d+\\], \\1;")
                .contains("atom.relaxed.gpu.cas.b64");
        // the capture stores the old value the atomic add returns
        assertThat(code)
                .containsPattern(
                        "atom\\.relaxed\\.gpu\\.add\\.u32 (%r\\d+), \\[%rd\\d+\\], %r\\d+;\\s+\\$L\\d+:\\s+st\\.u32 \\[%rd\\d+\\], \\1;");
        // the atomic write: a relaxed store
        assertThat(code).contains("st.relaxed.gpu.u32");
        // h[i % 16] += 1 may combine the warp's increments only when all lanes hit one element
        assertThat(code)
                .containsPattern("match\\.all\\.sync\\.b64 %r\\d+\\|(%p\\d+), (%rd\\d+), -1;\\s+@!\\1 bra \\$L\\d+;")
                .containsPattern("shfl\\.sync\\.bfly\\.b32 %r\\d+, %r\\d+, 16, 31, -1;");
        // mine[] lives in the thread's own frame: a plain update (PTX atomics are undefined on local memory)
        assertThat(code).doesNotContain("__jomp_atomic_enter", "__jomp_atomic_exit");
        // other locations are tested at run time: local ones take the plain update
        assertThat(code)
                .containsPattern(
                        "isspacep\\.local (%p\\d+), (%rd\\d+);\\s+@!\\1 bra \\$L\\d+;\\s+ld\\.u32 (%r\\d+), \\[\\2\\];");
    }

    @Test
    void theOmpApiThatDeviceCodeCallsIsDefined() throws Exception {
        String ptx = assembled("""
                #include <omp.h>
                int main(void) {
                  int r[8] = {0};
                #pragma omp target map(tofrom: r)
                  {
                    omp_lock_t l; omp_nest_lock_t nl;
                    omp_init_lock(&l); omp_init_nest_lock(&nl);
                  #pragma omp parallel
                    {
                      omp_set_lock(&l); r[0]++; omp_unset_lock(&l);
                      omp_set_nest_lock(&nl); omp_set_nest_lock(&nl); r[1] += omp_test_nest_lock(&nl) > 0;
                      omp_unset_nest_lock(&nl); omp_unset_nest_lock(&nl); omp_unset_nest_lock(&nl);
                      if (omp_test_lock(&l)) omp_unset_lock(&l);
                      r[2] = omp_get_team_size(1) + omp_get_ancestor_thread_num(1) + omp_get_level() + omp_get_active_level();
                      omp_sched_t k; int c; omp_get_schedule(&k, &c); r[3] = k + c;
                      int *p = omp_alloc(16, omp_default_mem_alloc); p[0] = 1; r[4] = p[0]; omp_free(p, omp_default_mem_alloc);
                      r[5] = omp_get_max_teams() + omp_get_teams_thread_limit() + omp_in_parallel() + omp_get_max_threads();
                      r[6] = omp_get_wtime() > 0;
                    }
                    omp_destroy_lock(&l); omp_destroy_nest_lock(&nl);
                  }
                  return r[0];
                }
                """);
        assertThat(ptx)
                .contains("mov.u64 %rd")
                .containsPattern("mov\\.u64 %rd\\d+, %globaltimer;")
                .doesNotContain(".extern .func omp_");
        assertOnlyReachedRuntimeIsDefined(ptx);
    }

    @Test
    void orderedCriticalSingleSectionsAndDynamicLoopsUseTheRuntime() throws Exception {
        String ptx = assembled("""
                #include <stdio.h>
                int main(void) {
                  int out[100], total = 0, seq = 0, s = 0;
                #pragma omp target map(tofrom: out, total, seq, s)
                  {
                  #pragma omp parallel
                    {
                    #pragma omp for ordered schedule(dynamic, 3)
                      for (int i = 0; i < 100; i++) {
                        out[i] = i * i;
                      #pragma omp ordered
                        seq = seq * 3 + i;
                      }
                    #pragma omp for schedule(guided) nowait
                      for (int i = 0; i < 100; i++) out[i] += 1;
                    #pragma omp critical(sum)
                      total += out[0];
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
                      printf("%d\\n", total);
                    }
                  }
                  return out[3];
                }
                """);
        for (String entry : List.of(
                "__jomp_ordered_loop",
                "__jomp_ordered_enter",
                "__jomp_ordered_exit",
                "__jomp_ordered_end",
                "__jomp_loop_init",
                "__jomp_critical_enter",
                "__jomp_critical_exit",
                "__jomp_single",
                "__jomp_copyprivate_publish",
                "__jomp_copyprivate_get",
                "__jomp_masked",
                "__jomp_barrier",
                "__jomp_fork")) {
            // linked where it stays a call; emitted in place (and not linked) otherwise
            if (ptx.contains("call.uni " + entry + ",") || ptx.contains("), " + entry + ",")) {
                assertThat(ptx).as(entry).containsPattern("\\.weak \\.func [^\\n]*" + entry + "\\(");
            } else {
                assertThat(ptx).as(entry).doesNotContain(entry + "(");
            }
        }
        assertOnlyReachedRuntimeIsDefined(ptx);
        // runtime functions without a frame or an indirect call are emitted in place: the
        // constructs' code (lock spins, the ordered wait, dynamic and guided counters) is in the
        // user's functions; __jomp_fork (it calls the region through a pointer) stays a call
        assertThat(ptx).contains("call.uni __jomp_fork, (__a0, __a1, __a2);");
        String user = userCode(ptx, "_main_l4");
        assertThat(user)
                .contains(
                        "barrier.sync", "atom.cas.b32", "ld.volatile.u64", "atom.add.u64", "atom.cas.b64", "membar.gl")
                .doesNotContain(
                        "call.uni (__r), __jomp_loop_next,", "call.uni __jomp_loop_init,", "call.uni __jomp_barrier,");
        for (String inlined : List.of(
                "__jomp_masked",
                "__jomp_copyprivate_get",
                "__jomp_copyprivate_publish",
                "__jomp_loop_lower",
                "__jomp_self")) {
            assertThat(user)
                    .as(inlined)
                    .doesNotContain("call.uni (__r), " + inlined + ",", "call.uni " + inlined + ",");
        }
        assertThat(user).contains("mov.u32 %r", "%tid.x;", "cvta.shared.u64");
        // dynamic and guided chunks come from the team's shared counter: __jomp_loop_next's body, in
        // place (atom.add.u64, atom.cas.b64 above), so its definition is not linked
        assertThat(ptx).doesNotContain("__jomp_loop_next(");
        assertThat(mode(ptx, "_main_l4")).isZero();
    }

    /**
     * single copyprivate publishes the addresses of the publishing thread's variables: they must be
     * in memory the other threads reach (a thread's local memory is its own: the same address means
     * another thread's own local memory there). Found by running corpus 060 on the PTX simulator,
     * which read a null pointer where a GPU reads garbage; NvptxSimulatorTest runs it.
     */
    @Test
    void copyprivateVariablesLiveInMemoryTheTeamReaches() throws Exception {
        String ptx = assembled("""
                int main(void) {
                  int copied = 0;
                #pragma omp target parallel map(tofrom: copied)
                  {
                    int v = 0;
                  #pragma omp single copyprivate(v)
                    v = 17;
                  #pragma omp atomic
                    copied += v == 17 ? 0 : 1;
                  }
                  return copied;
                }
                """);
        String region = definition(ptx, "\\.func main_\\$_omp_outlined_\\$_0\\(");
        assertThat(region)
                .contains("call.uni (__r), __jomp_frame_push_team, (__a0);", "call.uni __jomp_frame_pop, (__a0);")
                .doesNotContain("__jomp_frame_push, ");
        assertThat(definition(ptx, "\\.weak \\.func \\(\\.param \\.b64 __retval\\) __jomp_frame_push_team\\("))
                .contains("call.uni (__r), malloc");
    }

    @Test
    void printfWithAFormatKnownOnlyAtRunTimeGoesThroughTheRuntimesVprintf() throws Exception {
        String ptx = assembled("""
                #include <stdio.h>
                void f(const char *fmt, int x) {
                #pragma omp target map(to: fmt[0:8])
                  { printf(fmt, x, 2.5); printf("%d %ld %f\\n", x, 5L, 1.5); }
                }
                """);
        assertThat(ptx)
                .contains(
                        "call.uni (__r), __jomp_vprintf, (__a0, __a1);",
                        ".weak .func (.param .b32 __retval) __jomp_vprintf(")
                .containsPattern("call\\.uni \\(__r\\), vprintf, \\(__a0, __a1\\);");
    }

    /** The user's functions of a kernel: its body and the outlined functions it reaches by name suffix. */
    private static String userCode(String ptx, String kernelSuffix) {
        String user = ptx;
        Matcher m = Pattern.compile(
                        "\\n(?:\\.visible \\.entry [^\\n]*" + kernelSuffix
                                + "\\(|(?:\\.visible )?\\.func [^\\n]*omp_outlined)[^\\n]*\\n\\{.*?\\n\\}",
                        Pattern.DOTALL)
                .matcher(user);
        StringBuilder sb = new StringBuilder();
        while (m.find()) sb.append(m.group());
        return sb.toString();
    }

    /** The body of the function whose definition line matches {@code header} (a regex). */
    private static String definition(String ptx, String header) {
        Matcher m = Pattern.compile("\\n" + header + "[^\\n]*\\n\\{(.*?)\\n\\}", Pattern.DOTALL)
                .matcher(ptx);
        assertThat(m.find()).as("definition %s", header).isTrue();
        return m.group(1);
    }

    @Test
    void deviceNumberQueriesReadGlobalsTheHostRuntimeWrites() throws Exception {
        String ptx = assembled("""
                #include <omp.h>
                int main(void) {
                  int d = -1, n = -1, h = -1;
                #pragma omp target map(from: d, n, h)
                  { d = omp_get_device_num(); n = omp_get_num_devices(); h = omp_get_initial_device(); }
                  return d + n + h;
                }
                """);
        // Device.load finds these by name (cuModuleGetGlobal) and writes the device's number and the count
        assertThat(ptx)
                .contains(
                        ".weak .global .align 4 .b8 __jomp_device_num[4]",
                        ".weak .global .align 4 .b8 __jomp_num_devices[4]");
    }
}
