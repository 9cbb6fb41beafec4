package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tests of linked outputs (shared libraries, exported symbols, versions) share: a folder of
 * their own, where gcc, jomp and binutils run with LD_LIBRARY_PATH on it.
 */
abstract class LinkOutputsTest {
    @TempDir
    Path dir;

    static String jomp() {
        List<String> cmd = Corpus.jompCommand();
        assertThat(cmd).as("bin/jomp must be built").hasSize(1);
        return cmd.get(0);
    }

    Exec.Result exec(String... cmd) {
        Exec.require(cmd[0].contains("/") ? "gcc" : cmd[0]);
        return Exec.runLong(List.of(cmd), dir, Map.of("LD_LIBRARY_PATH", dir.toString()), dir.resolve(".scratch"), 120);
    }

    /** Runs cmd, which must succeed; its standard output. */
    String ok(String... cmd) {
        Exec.Result r = exec(cmd);
        assertThat(r.status()).as(r.describe(String.join(" ", cmd))).isZero();
        return r.stdoutText();
    }

    void write(String name, String text) throws Exception {
        Files.writeString(dir.resolve(name), text);
    }
}
