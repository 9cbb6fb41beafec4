package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Process-level behaviour, in a child JVM whose stdout and stderr share one pipe, against the
 * same program compiled by gcc: buffering order of stdout vs stderr, exit status, exit's flush,
 * abort's status and lost buffer, assert's message.
 */
class ProcessTest {
    @TempDir
    Path dir;

    /** Runs a command with stderr merged into stdout; returns the output and the exit status. */
    static String[] run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new String[] {new String(out, StandardCharsets.ISO_8859_1), Integer.toString(p.exitValue())};
    }

    private String[] gcc(String source) throws Exception {
        jomp.env.ExternalTools.require("gcc");
        Path c = dir.resolve("t.c"), exe = dir.resolve("t");
        Files.writeString(c, source);
        Process cc = jomp.env.ExternalTools.processBuilder("gcc", "-O0", "-w", "-o", "t", "t.c")
                .directory(dir.toFile())
                .inheritIO()
                .start();
        assertThat(cc.waitFor()).isZero();
        // run from the directory, as "./t", so argv[0] and __FILE__ are predictable
        return run(List.of("sh", "-c", "cd '" + dir + "' && exec ./t"));
    }

    private static String[] jomp(String scenario) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        return run(List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-Djomp.program=./t",
                "-cp",
                System.getProperty("java.class.path"),
                ChildMain.class.getName(),
                scenario));
    }

    private static final String HEAD = "#include <stdio.h>\n#include <stdlib.h>\n#include <assert.h>\n";

    @Test
    void stdoutIsBufferedAndStderrIsNot() throws Exception {
        String[] want = gcc(HEAD + """
                int main(void) {
                  int r1 = printf("a%d\\n", 1); int r2 = fprintf(stderr, "b\\n"); int r3 = puts("c"); int r4 = putchar(200);
                  int r5 = fputs("e", stderr); fflush(stdout); int r6 = fputc(-1, stderr); printf("g");
                  fprintf(stderr, "%d %d %d %d %d %d\\n", r1, r2, r3, r4, r5, r6); exit(3);
                }
                """);
        assertThat(jomp("buffering")).containsExactly(want);
    }

    @Test
    void abortLosesBufferedOutputAndExits134() throws Exception {
        String[] want = gcc(HEAD + "int main(void) { printf(\"lost\"); fprintf(stderr, \"kept\\n\"); abort(); }\n");
        assertThat(want[1]).isEqualTo("134");
        assertThat(jomp("abort")).containsExactly(want);
    }

    @Test
    void assertFailurePrintsGlibcsMessage() throws Exception {
        String[] want =
                gcc(HEAD + "int main(void) {\n  int x = 0;\n  printf(\"lost\");\n  assert(x > 0);\n  return 0;\n}\n");
        assertThat(jomp("assert")).containsExactly(want);
    }

    @Test
    void exitRunsAtexitHandlersLastFirstThenFlushes() throws Exception {
        String[] want = gcc(HEAD + """
                static void first(void) { printf("first\\n"); }
                static void second(void) { fprintf(stderr, "second\\n"); }
                int main(void) { atexit(first); atexit(second); printf("main\\n"); exit(5); }
                """);
        assertThat(jomp("atexit")).containsExactly(want);
    }
}
