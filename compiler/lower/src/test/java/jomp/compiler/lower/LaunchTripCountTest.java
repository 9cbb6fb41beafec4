package jomp.compiler.lower;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.Module;
import jomp.offload.abi.KernelArgs;
import org.junit.jupiter.api.Test;

/**
 * The host passes a {@code target teams distribute} kernel's loop trip count in the kernel
 * arguments (KernelArgs.Tripcount), as clang does, SPMD or generic, when the bounds can be
 * evaluated again without effects (the loops a loop transformation generates too); otherwise,
 * and for kernels whose body is not the distribute loop, the field stays 0 (unknown).
 */
class LaunchTripCountTest {
    private static final String SRC = """
            int g(int);
            void spmd(int n, double *y) {
            #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
              for (int i = 2; i <= n; i += 3) y[i] = 1;
            }
            void collapsed(int n, int m, double *y) {
            #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:n*m])
              for (int i = 0; i < n; i++)
                for (int j = m; j > 0; j--) y[i * m + j - 1] = 1;
            }
            void call(int n, double *y) {
            #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
              for (int i = 0; i < g(n); i++) y[i] = 1;
            }
            void deref(int *n, double *y) {
            #pragma omp target teams distribute parallel for map(tofrom: y[0:10])
              for (int i = 0; i < *n; i++) y[i] = 1;
            }
            void generic(int n, double *y) {
            #pragma omp target teams distribute map(tofrom: y[0:n])
              for (int i = 0; i < n; i++) y[i] = 1;
            }
            void nested(int n, double *y) {
            #pragma omp target teams distribute map(tofrom: y[0:n*64])
              for (int i = 0; i < n; i++) {
              #pragma omp parallel for
                for (int j = 0; j < 64; j++) y[i * 64 + j] = 1;
              }
            }
            void scheduled(int n, double *y) {
            #pragma omp target teams distribute parallel for schedule(dynamic) map(tofrom: y[0:n])
              for (int i = 0; i < n; i++) y[i] = 1;
            }
            void striped(int n, double *y) {
            #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
            #pragma omp stripe sizes(4)
              for (int i = 0; i < n; i++) y[i] = 1;
            }
            void tiled(int n, int m, double *y) {
            #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:n*m])
            #pragma omp tile sizes(4, 8)
              for (int i = 0; i < n; i++)
                for (int j = 0; j < m; j++) y[i * m + j] = 1;
            }
            void fused(int n, double *y) {
            #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
            #pragma omp fuse
              {
                for (int i = 0; i < n; i++) y[i] = 1;
                for (int j = 0; j < n / 2; j++) y[j] += 1;
              }
            }
            void interchanged(int n, int m, double *y) {
            #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:n*m])
            #pragma omp interchange
              for (int i = 0; i < n; i++)
                for (int j = 0; j < m; j++) y[i * m + j] = 1;
            }
            void reversed(int n, double *y) {
            #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
            #pragma omp reverse
              for (int i = 0; i < n; i++) y[i] = 1;
            }
            void split(int n, double *y) {
            #pragma omp target teams distribute map(tofrom: y[0:n])
            #pragma omp split counts(omp_fill)
              for (int i = 0; i < n; i++) y[i] = 1;
            }
            void stripedCall(int n, double *y) {
            #pragma omp target teams distribute parallel for map(tofrom: y[0:n])
            #pragma omp stripe sizes(4)
              for (int i = 0; i < g(n); i++) y[i] = 1;
            }
            void tiledTriangle(int n, double *y) {
            #pragma omp target teams distribute parallel for map(tofrom: y[0:n*n])
            #pragma omp tile sizes(4)
              for (int i = 0; i < n; i++)
                for (int j = 0; j < i; j++) y[i * n + j] = 1;
            }
            void inner(int n, double *y) {
            #pragma omp target map(tofrom: y[0:n])
            #pragma omp teams distribute
              for (int i = 0; i < n; i++) y[i] = 1;
            }
            """;

    /** Whether the host function stores a value at the kernel arguments' Tripcount offset. */
    private static boolean storesTripCount(Module m, String fn) {
        Function f = m.function(fn);
        assertThat(f).as(fn).isNotNull();
        String ir = IrPrinter.print(m);
        Matcher body = Pattern.compile("func [^\\n]*@" + fn + "\\(.*?\\n}\\n", Pattern.DOTALL)
                .matcher(ir);
        assertThat(body.find()).as("IR of %s", fn).isTrue();
        return Pattern.compile(
                        "(%\\d+) = add ptr %\\d+, " + KernelArgs.OFF_TRIPCOUNT + "\\n\\s+store i64 [^\\n]+, \\1\\n")
                .matcher(body.group())
                .find();
    }

    @Test
    void spmdKernelsWithPlainBoundsPassTheirTripCount() {
        Module m = LoweringTextTest.lower(SRC, 0);
        assertThat(storesTripCount(m, "spmd")).isTrue();
        assertThat(storesTripCount(m, "collapsed")).isTrue();
    }

    @Test
    void genericTeamsDistributeKernelsPassTheDistributeLoopsTripCount() {
        Module m = LoweringTextTest.lower(SRC, 0);
        assertThat(storesTripCount(m, "generic")).isTrue();
        assertThat(storesTripCount(m, "nested")).isTrue();
        assertThat(storesTripCount(m, "scheduled")).isTrue();
    }

    /**
     * A kernel whose loop is one a loop transformation generates (tile, stripe, fuse, split,
     * interchange, reverse) passes the generated nest's count, computed as the kernel
     * computes it; a bound with an effect under the transformation, or any loop under it whose
     * bounds name a loop's variable, passes none.
     */
    @Test
    void generatedLoopsPassTheirTripCount() {
        Module m = LoweringTextTest.lower(SRC, 0);
        for (String fn : java.util.List.of("striped", "tiled", "fused", "interchanged", "reversed", "split"))
            assertThat(storesTripCount(m, fn)).as(fn).isTrue();
        assertThat(storesTripCount(m, "stripedCall")).isFalse();
        assertThat(storesTripCount(m, "tiledTriangle")).isFalse();
    }

    @Test
    void boundsWithEffectsOrPointerReadsAndLoopsInsideTheRegionPassNone() {
        Module m = LoweringTextTest.lower(SRC, 0);
        assertThat(storesTripCount(m, "call")).isFalse();
        assertThat(storesTripCount(m, "deref")).isFalse();
        assertThat(storesTripCount(m, "inner")).isFalse();
    }
}
