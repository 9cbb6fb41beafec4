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
 * evaluated again without effects; otherwise, and for kernels whose body is not the distribute
 * loop, the field stays 0 (unknown).
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

    @Test
    void boundsWithEffectsOrPointerReadsAndLoopsInsideTheRegionPassNone() {
        Module m = LoweringTextTest.lower(SRC, 0);
        assertThat(storesTripCount(m, "call")).isFalse();
        assertThat(storesTripCount(m, "deref")).isFalse();
        assertThat(storesTripCount(m, "inner")).isFalse();
    }
}
