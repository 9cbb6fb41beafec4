package jomp.runtime.omp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** OMP_THREADS_RESERVE (OpenMP 6.0 §4.3.10, Algorithm 4.1): {structured-thread-limit-var, free-agent-thread-limit-var}. */
class ThreadsReserveTest {
    @Test
    void theSpecificationsForms() {
        assertThat(ThreadsReserve.limits(null, 8)).containsExactly(8, 7);
        assertThat(ThreadsReserve.limits("4", 8)).containsExactly(8, 4);
        assertThat(ThreadsReserve.limits("structured(4)", 8)).containsExactly(8, 4);
        assertThat(ThreadsReserve.limits("structured", 8)).containsExactly(8, 0);
        assertThat(ThreadsReserve.limits("structured(2),free_agent(2)", 8)).containsExactly(6, 6);
        assertThat(ThreadsReserve.limits(" FREE_AGENT( 3 ) , structured(0)", 8)).containsExactly(5, 7);
        assertThat(ThreadsReserve.limits("free_agent", 8)).containsExactly(1, 7);
    }

    @Test
    void otherValuesAreIgnoredWithAWarning() {
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertThat(ThreadsReserve.limits("structured(6),free_agent(4)", 8)).containsExactly(8, 7);
            assertThat(ThreadsReserve.limits("structured,free_agent(1)", 8)).containsExactly(8, 7);
            assertThat(ThreadsReserve.limits("free_agent(8)", 8)).containsExactly(8, 7); // 1 + 8 reserved of 8
            assertThat(ThreadsReserve.limits("threads(2)", 8)).containsExactly(8, 7);
        } finally {
            System.setErr(old);
        }
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("OMP_THREADS_RESERVE: \"threads(2)\" is an invalid value; ignored.");
    }
}
