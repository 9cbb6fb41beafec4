package jomp.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.env.ExternalTools;
import jomp.env.Invocation;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The optimisation level the driver gives ptxas for an nvptx64 offload compile is clang 19's
 * (read from {@code clang-19 -###}): -O0 without -O, so that `-c` costs what it costs with clang.
 */
class PtxasOptLevelTest {
    @TempDir
    Path dir;

    private String jompCommands(List<String> args) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        Invocation.install(new Invocation(dir, System.getenv()));
        try {
            Main.run(args.toArray(String[]::new), new PrintStream(out, true), new PrintStream(err, true));
        } finally {
            Invocation.reset();
        }
        return err.toString(StandardCharsets.UTF_8);
    }

    private String clangCommands(List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("clang-19"));
        cmd.addAll(args);
        Process p = ExternalTools.processBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    private static final Pattern PTXAS = Pattern.compile("\"[^\"]*/ptxas\" \"-m64\" \"(-O[0-9])\"");

    @ParameterizedTest
    @ValueSource(strings = {"", "-O0", "-O1", "-O2", "-O3", "-Os", "-Oz", "-Ofast", "-O2 -O0", "-O0 -O3"})
    void ptxasGetsClangsOptimisationLevel(String opt) throws Exception {
        Files.writeString(dir.resolve("a.c"), "int main(void) { return 0; }\n");
        List<String> flags = opt.isEmpty() ? List.of() : List.of(opt.split(" "));
        List<String> clang =
                new ArrayList<>(List.of("-###", "-fopenmp", "--offload-arch=sm_90", "-nogpulib", "-c", "a.c"));
        clang.addAll(flags);
        List<String> jomp =
                new ArrayList<>(List.of("-###", "-fopenmp-targets=nvptx64", "--offload-arch=sm_90", "-c", "a.c"));
        jomp.addAll(flags);
        Matcher want = PTXAS.matcher(clangCommands(clang)), got = PTXAS.matcher(jompCommands(jomp));
        assertThat(want.find()).as("clang-19's ptxas command").isTrue();
        assertThat(got.find()).as("jomp's ptxas command").isTrue();
        assertThat(got.group(1)).as("ptxas level for '%s'", opt).isEqualTo(want.group(1));
    }
}
