package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.Module;
import jomp.compiler.offload.DeviceExtraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The IR's atomic instructions as PTX (AtomicEmitter): atom/red with the ordering's .sem and .gpu,
 * fence.sc for seq_cst and flush, no runtime lock for what the hardware does; each PTX file
 * assembled by ptxas for sm_75 and sm_90.
 */
class PtxAtomicsTest {
    @TempDir
    Path tmp;

    private Module deviceModule(String c) throws Exception {
        Path src = Files.createTempFile(tmp, "t", ".c");
        Files.writeString(src, c, StandardCharsets.ISO_8859_1);
        return DeviceExtraction.extract(PtxCorpusTest.compileC(src));
    }

    /** Assembles as a complete program for sm_75 and sm_90; returns the user's code of the sm_90 PTX. */
    private String assembled(String c) throws Exception {
        assertTrue(Ptxas.find() != null, "ptxas not found");
        String ptx = null;
        for (String arch : List.of("sm_75", "sm_90")) {
            ptx = PtxBackend.compile(deviceModule(c), arch);
            assertThat(Ptxas.check(ptx, arch, tmp, false))
                    .as("ptxas %s:\n%s", arch, ptx)
                    .isNull();
        }
        Matcher m = Pattern.compile(
                        "\\n(?:\\.visible \\.entry [^\\n]*_l\\d+\\(|(?:\\.visible )?\\.func [^\\n]*omp_outlined)[^\\n]*\\n\\{.*?\\n\\}",
                        Pattern.DOTALL)
                .matcher(ptx);
        StringBuilder sb = new StringBuilder();
        while (m.find()) sb.append(m.group());
        return sb.toString();
    }

    private static final String UPDATES = """
            int f(int *h, int n) {
              int hits = 0, v = 0, w = 0, r = 0, flag = 0, old = 0; double total = 0, top = 0; long big = 1; unsigned umax = 0;
              short sh = 0; char c = 0; float fs = 0;
            #pragma omp target parallel for map(tofrom: h[0:16], hits, total, big, v, w, r, flag, old, top, umax, sh, c, fs)
              for (int i = 0; i < n; i++) {
              #pragma omp atomic
                h[i % 16] += 1;
              #pragma omp atomic
                total -= 0.25;
              #pragma omp atomic
                big *= 3;
              #pragma omp atomic capture seq_cst
                v = hits++;
              #pragma omp atomic write release
                w = i;
              #pragma omp atomic read acquire
                r = w;
              #pragma omp atomic write seq_cst
                w = r + 1;
              #pragma omp atomic read seq_cst
                r = w;
              #pragma omp atomic compare acq_rel
                if (umax < (unsigned) i) { umax = (unsigned) i; }
              #pragma omp atomic compare capture
                { old = flag; if (flag == 0) { flag = i + 1; } }
              #pragma omp atomic compare
                top = top < (double) i ? (double) i : top;
              #pragma omp atomic
                sh += 2;
              #pragma omp atomic
                c |= 4;
              #pragma omp atomic
                fs += 1.5f;
              #pragma omp flush
                int mine[4] = {0, 0, 0, 0};
              #pragma omp atomic
                mine[i & 3] += 1;
                h[0] += mine[0];
              }
              return hits + v + w + r + (int) total + (int) big + (int) umax + flag + old + (int) top + sh + c + (int) fs;
            }
            """;

    @Test
    void theLoweringEmitsAtomicInstructionsNotTheLock() throws Exception {
        String ir = IrPrinter.print(deviceModule(UPDATES));
        assertThat(ir)
                .contains(
                        "atomicrmw add i32",
                        "atomicrmw fsub f64",
                        "atomicrmw umax i32",
                        "store atomic i32",
                        "load atomic i32",
                        "cmpxchg i64",
                        "cmpxchg i32",
                        "cmpxchg i16",
                        "cmpxchg i8",
                        "atomicrmw fadd f32",
                        "fence seq_cst device")
                .doesNotContain("__jomp_atomic_enter", "__jomp_atomic_exit");
        assertThat(ir).containsPattern("atomicrmw add i32 1, %\\S+ seq_cst"); // the capture, seq_cst
        assertThat(ir)
                .containsPattern("store atomic i32 %\\S+, %\\S+ release")
                .containsPattern("load atomic i32 %\\S+ acquire");
        assertThat(ir)
                .containsPattern("cmpxchg i32 0, %\\S+, %\\S+ monotonic monotonic"); // compare capture: one cmpxchg
    }

    @Test
    void atomicInstructionsBecomeAtomRedAndFences() throws Exception {
        String code = assembled(UPDATES);
        // h[i % 16] += 1: nobody reads the old value, relaxed: red, combined across the warp when all lanes hit one bin
        assertThat(code)
                .containsPattern("match\\.all\\.sync\\.b64 %r\\d+\\|(%p\\d+), (%rd\\d+), -1;\\s+@!\\1 bra \\$L\\d+;")
                .containsPattern("shfl\\.sync\\.bfly\\.b32 %r\\d+, %r\\d+, 16, 31, -1;")
                .contains("red.relaxed.gpu.add.u32");
        // total -= 0.25: fsub as the add of the negation, a red
        assertThat(code)
                .containsPattern(
                        "neg\\.f64 (%fd\\d+), %fd\\d+;\\s+red\\.relaxed\\.gpu\\.add\\.f64 \\[%rd\\d+\\], \\1;");
        // the seq_cst capture: fence.sc, then an acq_rel atom whose result is the old value
        assertThat(code)
                .containsPattern(
                        "fence\\.sc\\.gpu;\\s+atom\\.acq_rel\\.gpu\\.add\\.u32 %r\\d+, \\[%rd\\d+\\], %r\\d+;");
        // seq_cst read and write: fence.sc, then the acquire or release access
        assertThat(code)
                .containsPattern("fence\\.sc\\.gpu;\\s+st\\.release\\.gpu\\.u32")
                .containsPattern("fence\\.sc\\.gpu;\\s+ld\\.acquire\\.gpu\\.u32");
        assertThat(code)
                .contains(
                        "st.release.gpu.u32",
                        "ld.acquire.gpu.u32",
                        "atom.acq_rel.gpu.max.u32",
                        "atom.relaxed.gpu.cas.b32",
                        "atom.relaxed.gpu.cas.b64",
                        "atom.relaxed.gpu.cas.b16",
                        "red.relaxed.gpu.add.f32");
        // char: a 32-bit exchange of the word around it
        assertThat(code)
                .containsPattern(
                        "bfi\\.b32 (%r\\d+), %r\\d+, (%r\\d+), %r\\d+, 8;\\s+atom\\.relaxed\\.gpu\\.cas\\.b32 %r\\d+, \\[%rd\\d+\\], \\2, \\1;");
        // flush
        assertThat(code).contains("fence.sc.gpu;");
        // mine[] lives in the thread's own frame: a plain update; other locations are tested at run time
        assertThat(code).doesNotContain("__jomp_atomic_enter", "__jomp_atomic_exit");
        assertThat(code)
                .containsPattern(
                        "isspacep\\.local (%p\\d+), (%rd\\d+);\\s+@!\\1 bra \\$L\\d+;\\s+ld\\.u32 (%r\\d+), \\[\\2\\];");
    }

    @Test
    void reductionsCombineWithAtomicsWithoutTheLock() throws Exception {
        String src = """
                int g(int n, double *out) {
                  long s = 0; double d = 0; int lo = 1 << 30, a[4] = {0, 0, 0, 0}; unsigned hi = 0; float p = 1;
                #pragma omp target teams distribute parallel for reduction(+:s, d, a[0:4]) reduction(min:lo) reduction(max:hi) reduction(*:p)
                  for (int i = 0; i < n; i++) { s += i; d += 0.5; a[i & 3] += i; lo = i < lo ? i : lo; hi = (unsigned) i > hi ? (unsigned) i : hi; p *= 1.5f; }
                  *out = d;
                  return (int) s + lo + (int) hi + a[0] + (int) p;
                }
                """;
        String ir = IrPrinter.print(deviceModule(src));
        // reassoc: OpenMP leaves the order of a reduction's combinations open
        assertThat(ir)
                .contains(
                        "atomicrmw reassoc add i64",
                        "atomicrmw reassoc fadd f64",
                        "atomicrmw reassoc min i32",
                        "atomicrmw reassoc umax i32",
                        "atomicrmw reassoc add i32",
                        "cmpxchg i32")
                .doesNotContain("__jomp_reduce_enter");
        String code = assembled(src);
        assertThat(code)
                .contains(
                        "red.relaxed.gpu.add.u64",
                        "red.relaxed.gpu.add.f64",
                        "red.relaxed.gpu.min.s32",
                        "red.relaxed.gpu.max.u32")
                .doesNotContain("__jomp_reduce_enter");
        // a converged warp adds its lanes' partial sums (the double's halves shuffled) and updates d once
        assertThat(code)
                .containsPattern(
                        "shfl\\.sync\\.bfly\\.b32 %r\\d+, %r\\d+, 1, 31, -1;\\s+mov\\.b64 (%fd\\d+), \\{%r\\d+, %r\\d+\\};\\s+"
                                + "add\\.rn\\.f64 (%fd\\d+), \\2, \\1;\\s+mov\\.u32 %r\\d+, %laneid;\\s+setp\\.ne\\.u32 (%p\\d+), %r\\d+, 0;\\s+@\\3 bra \\$L\\d+;\\s+"
                                + "red\\.relaxed\\.gpu\\.add\\.f64 \\[%rd\\d+\\], \\2;")
                // min and max are exact in any grouping: combined with min.s32 / max.u32 first
                .containsPattern(
                        "min\\.s32 (%r\\d+), \\1, %r\\d+;\\s+mov\\.u32 %r\\d+, %laneid;[^}]*?red\\.relaxed\\.gpu\\.min\\.s32 \\[%rd\\d+\\], \\1;")
                .containsPattern(
                        "max\\.u32 (%r\\d+), \\1, %r\\d+;\\s+mov\\.u32 %r\\d+, %laneid;[^}]*?red\\.relaxed\\.gpu\\.max\\.u32 \\[%rd\\d+\\], \\1;");
    }

    @Test
    void aFloatingPointAtomicIsNeverCombinedAcrossTheWarp() throws Exception {
        // Combining lanes first would round as no order of the single updates does: C's and
        // OpenMP's atomics of floating-point values update memory lane by lane.
        String src = """
                double h(int n) {
                  double a = 0; float b = 0;
                #pragma omp target teams distribute parallel for map(tofrom: a, b)
                  for (int i = 0; i < n; i++) {
                  #pragma omp atomic
                    a += 0.1;
                  #pragma omp atomic update
                    b = b + 0.1f;
                  }
                  return a + b;
                }
                """;
        String ir = IrPrinter.print(deviceModule(src));
        assertThat(ir).contains("atomicrmw fadd f64", "atomicrmw fadd f32").doesNotContain("reassoc");
        String code = assembled(src);
        assertThat(code)
                .contains("red.relaxed.gpu.add.f64", "red.relaxed.gpu.add.f32")
                .doesNotContain("shfl.sync", "match.all.sync");
    }

    @Test
    void gccAtomicBuiltinsInDeviceCode() throws Exception {
        String src = """
                int k(int n) {
                  int c = 0, m = 0, flag = 0; long l = 0; char ch = 0; unsigned u = 0;
                #pragma omp target parallel for map(tofrom: c, m, flag, l, ch, u)
                  for (int i = 0; i < n; i++) {
                    __sync_fetch_and_add(&c, 1);
                    __atomic_fetch_max(&m, i, __ATOMIC_RELAXED);
                    __atomic_add_fetch(&l, (long) i, __ATOMIC_SEQ_CST);
                    __sync_bool_compare_and_swap(&flag, 0, i + 1);
                    __atomic_fetch_add(&ch, 1, __ATOMIC_RELAXED);
                    if (__atomic_load_n(&u, __ATOMIC_ACQUIRE) == 0) __atomic_store_n(&u, 7u, __ATOMIC_RELEASE);
                    __atomic_thread_fence(__ATOMIC_ACQ_REL);
                  }
                  return c + m + flag + (int) l + ch + (int) u;
                }
                """;
        String ir = IrPrinter.print(deviceModule(src));
        assertThat(ir)
                .containsPattern("atomicrmw add i32 1, %\\S+ seq_cst")
                .contains("atomicrmw max i32", "cmpxchg i8", "fence acq_rel system")
                .containsPattern("cmpxchg i32 0, %\\S+, %\\S+ seq_cst seq_cst")
                .containsPattern("atomicrmw add i64 %\\S+, %\\S+ seq_cst")
                .doesNotContain("call i32 (ptr, i32) @__sync", "@__atomic");
        String code = assembled(src);
        assertThat(code)
                .contains("red.relaxed.gpu.max.s32", "ld.acquire.gpu.u32", "st.release.gpu.u32", "fence.acq_rel.sys");
    }

    /**
     * OpenMP 6.0's memscope: all (host and devices) gives the accesses and their fences PTX's .sys
     * scope, as LLVM's NVPTX back end writes the system syncscope; device keeps .gpu, cgroup (a
     * team's threads) is .cta; the IR carries the scope after the ordering (none written for device).
     */
    @Test
    void memscopeGivesAtomicsAndFencesTheirScope() throws Exception {
        String src = """
                int s(int n) {
                  int a = 0, d = 0, g = 0, r = 0, w = 0, flag = 0; double x = 0; short sh = 0; long m = 1;
                #pragma omp target teams distribute parallel for map(tofrom: a, d, g, r, w, flag, x, sh, m)
                  for (int i = 0; i < n; i++) {
                  #pragma omp atomic memscope(all)
                    a += 1;
                  #pragma omp atomic seq_cst memscope(all)
                    x += 0.5;
                  #pragma omp atomic memscope(device)
                    d += 1;
                  #pragma omp atomic memscope(cgroup)
                    g += 1;
                  #pragma omp atomic read seq_cst memscope(all)
                    r = w;
                  #pragma omp atomic write release memscope(cgroup)
                    w = i;
                  #pragma omp atomic compare memscope(all)
                    if (flag == 0) { flag = i + 1; }
                  #pragma omp atomic memscope(all)
                    sh += 1;
                  #pragma omp atomic memscope(cgroup)
                    m *= 3;
                  #pragma omp flush memscope(all)
                  #pragma omp flush acq_rel memscope(cgroup)
                  }
                  return a + d + g + r + w + flag + (int) x + sh + (int) m;
                }
                """;
        String ir = IrPrinter.print(deviceModule(src));
        assertThat(ir)
                .containsPattern("atomicrmw add i32 1, %\\S+ monotonic system")
                .containsPattern("atomicrmw fadd f64 \\S+, %\\S+ seq_cst system")
                .containsPattern("atomicrmw add i32 1, %\\S+ monotonic cgroup")
                .containsPattern("load atomic i32 %\\S+ seq_cst system")
                .containsPattern("store atomic i32 %\\S+, %\\S+ release cgroup")
                .containsPattern("cmpxchg i32 0, %\\S+, %\\S+ monotonic monotonic system")
                .containsPattern("cmpxchg i16 %\\S+, %\\S+, %\\S+ monotonic monotonic system")
                .containsPattern("cmpxchg i64 %\\S+, %\\S+, %\\S+ monotonic monotonic cgroup")
                .contains("fence seq_cst system", "fence acq_rel cgroup");
        String code = assembled(src);
        assertThat(code)
                .containsPattern("red\\.relaxed\\.sys\\.add\\.u32")
                .containsPattern("fence\\.sc\\.sys;\\s+atom\\.acq_rel\\.sys\\.add\\.f64")
                .containsPattern("red\\.relaxed\\.gpu\\.add\\.u32")
                .containsPattern("red\\.relaxed\\.cta\\.add\\.u32")
                .containsPattern("fence\\.sc\\.sys;\\s+ld\\.acquire\\.sys\\.u32")
                .contains("st.release.cta.u32", "atom.relaxed.sys.cas.b32", "atom.relaxed.sys.cas.b16")
                .contains("atom.relaxed.cta.cas.b64", "fence.sc.sys;", "fence.acq_rel.cta;");
    }

    /** requires atomic_default_mem_order: the memory order of every later atomic without a memory-order clause. */
    @Test
    void requiresAtomicDefaultMemOrderOrdersAtomicsWithoutAClause() throws Exception {
        for (String order : List.of("seq_cst", "acq_rel")) {
            String src = """
                    #pragma omp requires atomic_default_mem_order(%s)
                    int g(int n) {
                      int c = 0, d = 0, r = 0;
                    #pragma omp target parallel for map(tofrom: c, d, r)
                      for (int i = 0; i < n; i++) {
                      #pragma omp atomic
                        c += 1;
                      #pragma omp atomic relaxed
                        d += 1;
                      #pragma omp atomic read
                        r = c;
                      }
                      return c + d + r;
                    }
                    """.formatted(order);
            String ir = IrPrinter.print(deviceModule(src));
            assertThat(ir)
                    .as(order)
                    .containsPattern("atomicrmw add i32 1, %\\S+ " + order)
                    .containsPattern("atomicrmw add i32 1, %\\S+ monotonic") // the clause wins
                    .containsPattern("load atomic i32 %\\S+ " + (order.equals("seq_cst") ? "seq_cst" : "acquire"));
            assembled(src);
        }
    }

    @Test
    void complexNumbersKeepTheLock() throws Exception {
        String src = """
                #include <complex.h>
                double h(int n) {
                  double _Complex z = 0;
                #pragma omp target parallel for map(tofrom: z)
                  for (int i = 0; i < n; i++) {
                  #pragma omp atomic
                    z += 1.0;
                  }
                  return creal(z);
                }
                """;
        Module m = deviceModule(src);
        assertThat(m.functions)
                .anyMatch(f -> f.blocks.stream()
                        .flatMap(b -> b.insns.stream())
                        .anyMatch(i -> i instanceof Insn.Call c && c.callee().equals("__jomp_atomic_enter")));
        assembled(src);
    }
}
