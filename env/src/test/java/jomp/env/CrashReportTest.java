package jomp.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A tool's own fault is reported as clang reports a crash: the failure, the command, status 1; the Java stack trace only with JOMP_BACKTRACE. */
class CrashReportTest {
    private static String report(Map<String, String> env) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Invocation.install(new Invocation(Path.of("/"), env));
        try {
            int status = Crash.report(
                    "jomp",
                    List.of("jomp", "-c", "a.c"),
                    new IllegalStateException("boom", new ArithmeticException("why")),
                    new PrintStream(b, true, StandardCharsets.UTF_8));
            assertThat(status).isEqualTo(1);
        } finally {
            Invocation.reset();
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    @Test
    void threeLinesAndNoStackTrace() {
        assertThat(report(Map.of())).isEqualTo("""
                jomp: error: internal error: java.lang.IllegalStateException: boom (caused by java.lang.ArithmeticException: why)
                jomp: note: while running: jomp -c a.c
                jomp: note: please report it with the input; JOMP_BACKTRACE=1 prints the Java stack trace
                """);
    }

    @Test
    void theStackTraceWithJompBacktrace() {
        assertThat(report(Map.of("JOMP_BACKTRACE", "1"))).contains("\tat jomp.env.CrashReportTest.report(");
    }
}
