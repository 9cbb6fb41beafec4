package jomp.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The phase dump must have clang 19's structure: for each command line, clang-19 itself prints
 * the oracle (with x86_64 where jomp says jvm), and jomp's dump must equal it once the names that
 * legitimately differ (host triple, tool names) are mapped.
 */
class PhaseDumpTest {
    @TempDir
    static Path dir;

    static Stream<String> commandLines() {
        return Stream.of(
                "a.c",
                "-c a.c",
                "-c a.c b.c",
                "a.c b.c",
                "a.c b.c c.c",
                "-S a.c",
                "-E a.c",
                "-fsyntax-only a.c",
                "-fopenmp a.c b.c",
                "-fopenmp -fopenmp-targets=nvptx64 -c a.c",
                "-fopenmp -fopenmp-targets=nvptx64 a.c",
                "-fopenmp -fopenmp-targets=nvptx64 a.c b.c",
                "-fopenmp -fopenmp-targets=nvptx64 a.c b.c c.c",
                "-fopenmp --offload-arch=sm_90 a.c",
                "-fopenmp --offload-arch=sm_80,sm_90 -c a.c",
                "-fopenmp --offload-arch=sm_90 a.c b.c",
                "-fopenmp -fopenmp-targets=x86_64 -c a.c",
                "-fopenmp -fopenmp-targets=x86_64 a.c b.c",
                "-fopenmp -fopenmp-targets=nvptx64,x86_64 -c a.c",
                "-fopenmp -fopenmp-targets=nvptx64,x86_64 -Xopenmp-target=nvptx64 -march=sm_90 -c a.c",
                "-fopenmp -fopenmp-targets=nvptx64,x86_64 a.c b.c",
                "-fopenmp -fopenmp-targets=nvptx64 -S a.c",
                "-fopenmp -fopenmp-targets=nvptx64 -fsyntax-only a.c",
                "-fopenmp -fopenmp-targets=nvptx64 --offload-device-only -c a.c",
                "-fopenmp -fopenmp-targets=nvptx64 --offload-host-only -c a.c",
                "-fopenmp -fopenmp-targets=nvptx64 --offload-device-only -S a.c",
                "-fopenmp --offload-arch=sm_90 -foffload-lto -c a.c",
                "-fopenmp -fopenmp-targets=nvptx64 --offload-arch=sm_90 -foffload-lto a.c b.c",
                "-fopenmp --offload-arch=sm_90 -foffload-lto -fno-offload-lto -c a.c");
    }

    @ParameterizedTest
    @MethodSource("commandLines")
    void phasesHaveClangsStructure(String line) throws Exception {
        for (String f : List.of("a.c", "b.c", "c.c"))
            Files.writeString(dir.resolve(f), "int main(void) { return 0; }\n");
        List<String> clangArgs = new ArrayList<>(List.of("clang-19", "-ccc-print-phases"));
        clangArgs.addAll(Arrays.asList(line.split(" ")));
        Process p = jomp.env.ExternalTools.processBuilder(clangArgs)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String clang = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS))
                .as("clang-19 (install clang-19 to run this test)")
                .isTrue();
        assertThat(p.exitValue()).as("clang-19 failed: " + clang).isZero();

        List<String> jompArgs = new ArrayList<>(List.of("-ccc-print-phases"));
        for (String a : line.split(" "))
            jompArgs.add(dir.resolve(a).toFile().exists() ? dir.resolve(a).toString() : a.replace("x86_64", "jvm"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = new Driver(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true), Path.of("."))
                .run(jompArgs);
        assertThat(rc).isZero();
        String jomp = err.toString(StandardCharsets.UTF_8).replace(dir.toString() + "/", "");

        assertThat(normalize(jomp)).isEqualTo(normalize(clang));
    }

    static Stream<String> bindingLines() {
        return Stream.of(
                "a.c",
                "-c a.c",
                "a.c b.c",
                "-c a.c -o x.o",
                "-fopenmp --offload-arch=sm_90 a.c",
                "-fopenmp -fopenmp-targets=nvptx64 -Xopenmp-target=nvptx64 -march=sm_90 -c a.c",
                "-fopenmp -fopenmp-targets=x86_64 a.c",
                "-fopenmp --offload-arch=sm_80,sm_90 a.c b.c",
                "-fopenmp -fopenmp-targets=nvptx64,x86_64 -Xopenmp-target=nvptx64 -march=sm_90 -c a.c b.c",
                "-fopenmp --offload-arch=sm_90 -foffload-lto -c a.c");
    }

    @ParameterizedTest
    @MethodSource("bindingLines")
    void bindingsHaveClangsStructure(String line) throws Exception {
        for (String f : List.of("a.c", "b.c")) Files.writeString(dir.resolve(f), "int main(void) { return 0; }\n");
        List<String> clangArgs = new ArrayList<>(List.of("clang-19", "-ccc-print-bindings"));
        clangArgs.addAll(Arrays.asList(line.split(" ")));
        Process p = jomp.env.ExternalTools.processBuilder(clangArgs)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String clang = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("clang-19 failed: " + clang).isZero();

        List<String> jompArgs = new ArrayList<>(List.of("-ccc-print-bindings"));
        for (String a : line.split(" ")) jompArgs.add(a.replace("x86_64", "jvm"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String cwd = System.getProperty("user.dir");
        int rc;
        try {
            System.setProperty("user.dir", dir.toString());
            rc = new Driver(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true), Path.of("."))
                    .run(jompArgs.stream()
                            .map(a -> a.endsWith(".c") ? dir.resolve(a).toString() : a)
                            .toList());
        } finally {
            System.setProperty("user.dir", cwd);
        }
        assertThat(rc).isZero();
        String jomp = err.toString(StandardCharsets.UTF_8).replace(dir.toString() + "/", "");
        assertThat(normalizeBindings(jomp)).isEqualTo(normalizeBindings(clang));
    }

    /** Temp names (random parts) and the tools' names differ by design; the structure must not. */
    private static String normalizeBindings(String dump) {
        return normalize(dump)
                .replaceAll("/tmp/([a-z]+)(-sm_[0-9]+)?-[0-9a-f]{6}\\.[a-z]+", "TMP($1$2)")
                .replace("\"clang\"", "\"CC1\"")
                .replace("\"jomp\"", "\"CC1\"")
                .replace("GNU::Linker", "LINK")
                .replace("jomp::Linker", "LINK")
                .replace("\"x86_64\"", "\"HOST\"");
    }

    /** Maps the names that differ by design: host triple, tool names; clang's unexpanded x86_64. */
    private static String normalize(String dump) {
        return dump.replace("jvm64-jomp-linux", "HOST")
                .replace("x86_64-pc-linux-gnu", "HOST")
                .replace("(x86_64)", "(HOST)")
                .replace("jomp-linker-wrapper", "LINKER-WRAPPER")
                .replace("clang-linker-wrapper", "LINKER-WRAPPER")
                .replace("jomp-offload-packager", "PACKAGER")
                .replace("clang-offload-packager", "PACKAGER");
    }
}
