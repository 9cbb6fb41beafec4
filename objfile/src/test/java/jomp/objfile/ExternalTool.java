package jomp.objfile;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs an outside tool (llvm-objdump-19, nm, ...) for tests; a missing tool fails the test, it does not skip it. */
public final class ExternalTool {
    private ExternalTool() {}

    public record Result(int exitCode, String stdout, String stderr) {}

    public static Result run(Path dir, String... command) {
        requireTool(command[0]);
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
            Path err = Files.createTempFile(dir, "stderr", ".txt");
            pb.redirectError(err.toFile());
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int rc = p.waitFor();
            String errText = Files.readString(err);
            Files.delete(err);
            return new Result(rc, out, errText);
        } catch (IOException | InterruptedException e) {
            return fail("could not run " + String.join(" ", command) + ": " + e);
        }
    }

    /** Runs a tool and fails the test unless it exits 0; returns its standard output. */
    public static String check(Path dir, String... command) {
        Result r = run(dir, command);
        if (r.exitCode() != 0) {
            fail(String.join(" ", command) + " exited " + r.exitCode() + ":\n" + r.stderr() + r.stdout());
        }
        return r.stdout();
    }

    /** Fails the test with one line naming the Debian package when the tool is missing (ExternalTools). */
    public static void requireTool(String name) {
        jomp.env.ExternalTools.require(name);
    }
}
