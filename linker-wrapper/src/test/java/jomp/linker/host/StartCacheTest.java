package jomp.linker.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a program looks for its start cache: a folder named by the hash of exactly the runtime jars
 * it carries, beside them, written into its script as one shell word whatever the path holds.
 * (tests' StartCacheTest runs programs with the build's cache, damaged copies and none.)
 */
class StartCacheTest {
    @TempDir
    Path dir;

    @Test
    void theKeyIsTheJarsContents() throws Exception {
        Path rt = dir.resolve("jomp-runtime.jar"), abi = dir.resolve("jomp-offload-abi.jar");
        Files.write(rt, new byte[] {1, 2, 3});
        Files.write(abi, new byte[] {4});
        StartCache.Location a = StartCache.of(rt, abi);
        assertThat(a.root()).isEqualTo(dir.resolve("start-cache"));
        assertThat(a.key()).matches("[0-9a-f]{24}");
        assertThat(StartCache.of(rt, abi)).isEqualTo(a);
        Files.write(abi, new byte[] {5});
        Files.setLastModifiedTime(abi, java.nio.file.attribute.FileTime.fromMillis(1));
        assertThat(StartCache.of(rt, abi).key()).isNotEqualTo(a.key());
        // the runtime from classes folders (the build's own tests): no cache
        assertThat(StartCache.of(dir, abi)).isNull();
    }

    @Test
    void aProgramWithNativeStubsUsesTheNativeCache() {
        assertThat(StartCache.forProgram(java.util.Set.of("jomp/link/Main", "jomp/unit/a")))
                .isEqualTo(StartCache.PLAIN);
        assertThat(StartCache.forProgram(java.util.Set.of("jomp/link/Main", "jomp/link/native/A0")))
                .isEqualTo(StartCache.NATIVE);
        assertThat(StartCache.forProgram(java.util.Set.of("jomp/link/native/C3", "jomp/unit/a")))
                .isEqualTo(StartCache.NATIVE);
    }

    @Test
    void theFolderIsOneShellWord() throws Exception {
        for (String path : new String[] {"/plain/path", "/a b/it's here", "/$HOME/`x`/\"q\"/\\"}) {
            Process p = new ProcessBuilder("sh", "-c", "printf %s " + Launcher.shellQuote(path)).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(out).isEqualTo(path);
        }
        String script = Launcher.script(
                new StartCache.Location(Path.of("/opt/it's/lib/start-cache"), "0123abcd"), StartCache.NATIVE);
        assertThat(script)
                .contains("c=${JOMP_START_CACHE-'/opt/it'\\''s/lib/start-cache'}")
                .contains("c=$c/0123abcd;")
                .contains("-XX:AOTCache=\"$c/native.aot\"")
                .doesNotContain("@CACHE@", "@KEY@", "@JVM@", "@MODULES@", "@AOT@");
    }

    /**
     * The training's class path is a program's: a stand-in for the executable first, then the
     * cache's jars in the script's order, since the JVM records which entry each archived class
     * came from; the executable first, so that a program's classes are found without opening the
     * runtime's jars.
     */
    @Test
    void theTrainingsClassPathIsAProgramsOne() {
        Path d = Path.of("/c/key");
        java.util.List<String> training = StartCache.command("/jdk", d, d.resolve(StartCache.PROGRAM), null);
        String script = Launcher.script(new StartCache.Location(Path.of("/c"), "key"), StartCache.PLAIN);
        String scriptPath = script.replaceAll("(?s).*-cp \"([^\"]*)\" jomp[.]link[.]Main.*", "$1");
        assertThat(scriptPath).isEqualTo("$x:$c/jomp-runtime.jar:$c/jomp-offload-abi.jar");
        assertThat(training.get(training.indexOf("-cp") + 1))
                .isEqualTo(scriptPath.replace("$x", "/c/key/program").replace("$c", "/c/key"));
        assertThat(training.getLast()).isEqualTo(StartCache.TRAINING);
    }
}
