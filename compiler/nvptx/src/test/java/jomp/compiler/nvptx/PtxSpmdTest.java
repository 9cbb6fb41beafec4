package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Module;
import jomp.compiler.nvptx.SpmdSpecialization.Where;
import jomp.compiler.offload.DeviceExtraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPMD kernels take the device runtime's SPMD paths (SpmdSpecialization): no generic-mode state
 * machine, fork, team stack or dynamic loop dispatch in their PTX, their regions called directly;
 * code that may also run elsewhere keeps the generic entries. Each PTX is assembled by ptxas for
 * sm_75 and sm_90 as a whole program. The simulator runs the corpus's SPMD kernels
 * (tests/OffloadCorpusTest).
 */
class PtxSpmdTest {
    @TempDir
    Path tmp;

    private Module deviceModule(String c) throws Exception {
        return deviceModule(c, 2);
    }

    private Module deviceModule(String c, int optLevel) throws Exception {
        Path src = Files.createTempFile(tmp, "t", ".c");
        Files.writeString(src, c, StandardCharsets.ISO_8859_1);
        return DeviceExtraction.extract(PtxCorpusTest.compileC(src, optLevel));
    }

    private String assembled(String c) throws Exception {
        assertTrue(Ptxas.find() != null, "ptxas not found");
        String ptx = null;
        for (String arch : List.of("sm_75", "sm_90")) {
            ptx = PtxBackend.compile(deviceModule(c), arch);
            assertThat(Ptxas.check(ptx, arch, tmp, false))
                    .as("ptxas %s:\n%s", arch, ptx)
                    .isNull();
        }
        return ptx;
    }

    /** The body of one function of a PTX file. */
    private static String body(String ptx, String name) {
        Matcher m = Pattern.compile(
                        "\\n[^\\n;]*\\b" + Pattern.quote(name) + "\\([^\\n]*\\)\\n\\{(.*?)\\n\\}", Pattern.DOTALL)
                .matcher(ptx);
        assertThat(m.find()).as("definition of %s", name).isTrue();
        return m.group(1);
    }

    private static final String AXPY = """
            void axpy(int n, double a, double *x, double *y) {
            #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
              for (int i = 0; i < n; i++) y[i] += a * x[i];
            }
            """;

    @Test
    void anSpmdKernelCarriesOnlyTheSpmdPaths() throws Exception {
        String ptx = assembled(AXPY);
        // the generic mode's entries are not in the file at all
        for (String generic : List.of(
                "__jomp_target_init",
                "__jomp_target_deinit",
                "__jomp_fork",
                "__jomp_teams",
                "__jomp_frame_push",
                "__jomp_frame_pop")) {
            assertThat(ptx).as(generic).doesNotContainPattern("\\b" + generic + "\\b");
        }
        assertThat(ptx).contains(".weak .func (.param .b32 __retval) __jomp_spmd_init(");
        // the teams and parallel regions are called directly, nothing indirectly
        assertThat(ptx)
                .containsPattern("call\\.uni axpy_\\$_omp_outlined_\\$_0, ")
                .containsPattern("call\\.uni axpy_\\$_omp_outlined_\\$_1, ")
                .doesNotContain(".callprototype")
                .doesNotContainPattern("call(\\.uni)? %rd");
        // the loop is the static one: no dynamic dispatch (atom.add on the team's counter), no division of the trip
        // count
        String loop = body(ptx, "axpy_$_omp_outlined_$_1");
        assertThat(loop)
                .doesNotContain("atom.add")
                .doesNotContain("atom.cas")
                .doesNotContain("div.s64")
                .doesNotContain("__jomp_shared_team")
                .contains("barrier.sync");
        // the frames stay local (no team stack), and the SPMD path's set-up is emitted in place
        assertThat(body(ptx, "axpy_$_omp_outlined_$_0"))
                .doesNotContain("__jomp_shared_stack")
                .doesNotContain("call.uni __jomp");
    }

    @Test
    void codeThatAlsoRunsElsewhereKeepsTheGenericEntries() throws Exception {
        String c = """
                #include <omp.h>
                static void work(int n, double *y) {
                #pragma omp for schedule(dynamic, 4)
                  for (int i = 0; i < n; i++) y[i] += 1;
                }
                static void twice(double *y, int i) { y[i] *= 2; }
                static void thrice(double *y, int i) { y[i] *= 3; }
                void f(int n, double *y) {
                #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
                  for (int i = 0; i < n; i++) { void (*p)(double *, int) = thrice; y[i] += omp_get_thread_num(); twice(y, i); p(y, i); }
                #pragma omp target parallel map(tofrom: y[0:n])
                  work(n, y);
                #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
                  for (int i = 0; i < n; i++) {
                  #pragma omp parallel num_threads(2)
                    work(n, y);
                  }
                }
                """;
        Module m = deviceModule(c, 0); // -O0: no function inlined away
        Map<String, EnumSet<Where>> where = SpmdSpecialization.places(m);
        String k1 = kernel(m, "_f_l9"), k2 = kernel(m, "_f_l11"), k3 = kernel(m, "_f_l13");
        assertThat(where.get(k1)).containsExactly(Where.SPMD_TEAMS);
        assertThat(where.get(k3)).containsExactly(Where.SPMD_TEAMS);
        assertThat(where.get(k2)).containsExactly(Where.OTHER);
        // work runs in a generic kernel's parallel region and in a nested one
        assertThat(where.get("work")).containsExactly(Where.OTHER);
        // twice is called from the SPMD loop; thrice too, but through its address, which may go anywhere
        assertThat(where.get("twice")).containsExactly(Where.SPMD_PARALLEL);
        assertThat(where.get("thrice")).containsExactly(Where.OTHER);
        long spmdParallel = where.values().stream()
                .filter(w -> w.equals(EnumSet.of(Where.SPMD_PARALLEL)))
                .count();
        assertThat(spmdParallel)
                .as("the two SPMD kernels' parallel regions and twice: %s", where)
                .isEqualTo(3);

        String ptx = assembled(c);
        // the generic kernel and the nested region still need the generic entries
        assertThat(ptx).contains("__jomp_target_init(").contains("__jomp_fork(").contains("__jomp_spmd_init(");
        // work's dynamic loop keeps the runtime's dispatch
        assertThat(body(ptx, "work")).contains("atom.add.u64");
        // each kernel tells the plugin its mode as clang's do (OMP_TGT_EXEC_MODE_SPMD 2, _GENERIC 1), for the launch
        // geometry
        assertThat(ptx)
                .containsPattern("\\.visible \\.global \\.align 1 \\.u8 __omp_offloading_\\w+_f_l9_exec_mode = 2;")
                .containsPattern("\\.visible \\.global \\.align 1 \\.u8 __omp_offloading_\\w+_f_l11_exec_mode = 1;")
                .containsPattern("\\.visible \\.global \\.align 1 \\.u8 __omp_offloading_\\w+_f_l13_exec_mode = 2;");
    }

    private static String kernel(Module m, String suffix) {
        for (Function f : m.functions)
            if (f.name.startsWith("__omp_offloading_") && f.name.endsWith(suffix)) return f.name;
        throw new AssertionError("no kernel *" + suffix + " in " + m.functions);
    }
}
