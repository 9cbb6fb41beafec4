package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.compiler.offload.DeviceExtraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loads and stores whose address GlobalAddresses proves global are ld.global/st.global, those
 * into read-only data ld.global.nc; everything it cannot follow stays generic. Each PTX is
 * assembled by ptxas for sm_75 and sm_90; the simulator, which checks that a global access
 * names global memory, runs the corpus (tests/OffloadCorpusTest).
 */
class PtxAddressSpaceTest {
    @TempDir
    Path tmp;

    private String assembled(String c) throws Exception {
        assertTrue(Ptxas.find() != null, "ptxas not found");
        String ptx = null;
        for (String arch : List.of("sm_75", "sm_90")) {
            Path src = Files.createTempFile(tmp, "t", ".c");
            Files.writeString(src, c, StandardCharsets.ISO_8859_1);
            ptx = PtxBackend.compile(DeviceExtraction.extract(PtxCorpusTest.compileC(src)), arch);
            assertThat(Ptxas.check(ptx, arch, tmp, false))
                    .as("ptxas %s:\n%s", arch, ptx)
                    .isNull();
        }
        return ptx;
    }

    private static String body(String ptx, String name) {
        Matcher m = Pattern.compile(
                        "\\n[^\\n;]*\\b" + Pattern.quote(name) + "\\([^\\n]*\\)\\n\\{(.*?)\\n\\}", Pattern.DOTALL)
                .matcher(ptx);
        assertThat(m.find()).as("definition of %s", name).isTrue();
        return m.group(1);
    }

    @Test
    void mappedDataReachedThroughTheRegionsArgumentBlocksIsGlobal() throws Exception {
        String ptx = assembled("""
                void axpy(int n, double a, double *x, double *y) {
                #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
                  for (int i = 0; i < n; i++) y[i] += a * x[i];
                }
                """);
        String loop = body(ptx, "axpy_$_omp_outlined_$_1");
        // x[i] and y[i] read, y[i] written: through the kernel's argument slots, the teams region's block, the parallel
        // region's
        assertThat(Pattern.compile("ld\\.global\\.f64").matcher(loop).results().count())
                .as(loop)
                .isEqualTo(2);
        assertThat(Pattern.compile("st\\.global\\.f64").matcher(loop).results().count())
                .as(loop)
                .isEqualTo(1);
        // a, firstprivate, is read from the kernel's argument slot in the thread's local memory: generic
        assertThat(Pattern.compile("\\bld\\.f64").matcher(loop).results().count())
                .as(loop)
                .isEqualTo(1);
    }

    @Test
    void readOnlyDataIsLoadedThroughTheNonCoherentCache() throws Exception {
        String ptx = assembled("""
                #pragma omp declare target
                static const double weights[4] = {0.5, 0.25, 0.125, 0.125};
                double scale = 2;
                #pragma omp end declare target
                void f(int n, double *y) {
                #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
                  for (int i = 0; i < n; i++) y[i] = scale * weights[i & 3];
                }
                """);
        String loop = body(ptx, "f_$_omp_outlined_$_1");
        assertThat(loop).contains("ld.global.nc.f64"); // weights: const data
        assertThat(Pattern.compile("ld\\.global\\.f64").matcher(loop).results().count())
                .as(loop)
                .isEqualTo(1); // scale may be written
        assertThat(loop).contains("st.global.f64");
    }

    @Test
    void addressesTheAnalysisCannotFollowStayGeneric() throws Exception {
        String generic = assembled("""
                #include <omp.h>
                void g(int n, double *y) {
                #pragma omp target teams map(tofrom: y[0:n])
                  {
                    double t[8] = {0};
                  #pragma omp parallel
                    {
                      t[omp_get_thread_num() & 7] += 1;   // the team's array, shared through __jomp_fork
                    #pragma omp for
                      for (int i = 0; i < n; i++) y[i] += t[i & 7];
                    }
                  }
                }
                """);
        String spmd = assembled("""
                void h(int n, double *y) {
                #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
                  for (int i = 0; i < n; i++) {
                    double local[4] = {1, 2, 3, 4};
                    double *p = local + (i & 3);
                    y[i] = *p;   // a pointer into the thread's frame
                  }
                }
                """);
        // the generic kernel's parallel region is reached through __jomp_fork (an address the analysis does not follow)
        assertThat(generic).contains("__jomp_fork(");
        for (String fn : List.of("g_$_omp_outlined_$_0", "g_$_omp_outlined_$_1"))
            assertThat(body(generic, fn)).doesNotContain(".global.");
        String loop = body(spmd, "h_$_omp_outlined_$_1");
        assertThat(loop).contains("st.global.f64"); // y[i]
        assertThat(loop).doesNotContain("ld.global"); // *p reads the frame
    }
}
