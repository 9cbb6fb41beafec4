package jomp.runtime.ffi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The signal catcher's code (docs/design/abi.md § Signals) is sigcatcher.s as GNU as assembles
 * it, with nothing left for a loader to relocate. What it does is libc's SignalTest's: a signal
 * another process sends is caught, counted and delivered by the signal thread.
 */
class SignalCatcherTest {
    @TempDir
    Path dir;

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return p.exitValue();
    }

    @Test
    void codeIsSigcatcherSAssembled() throws Exception {
        jomp.env.ExternalTools.require("as");
        Path obj = dir.resolve("c.o"), bin = dir.resolve("c.bin");
        assertThat(run(
                        "as",
                        "--64",
                        "-o",
                        obj.toString(),
                        Path.of("src/main/asm/sigcatcher.s").toAbsolutePath().toString()))
                .isZero();
        assertThat(run("objcopy", "-O", "binary", "-j", ".text", obj.toString(), bin.toString()))
                .isZero();
        assertThat(Files.readAllBytes(bin))
                .as("SignalCatcher.CODE is sigcatcher.s assembled")
                .isEqualTo(SignalCatcher.CODE);
        Process r = new ProcessBuilder("readelf", "-r", obj.toString()).start();
        assertThat(new String(r.getInputStream().readAllBytes())).contains("There are no relocations in this file.");
    }
}
