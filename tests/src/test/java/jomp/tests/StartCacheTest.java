package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The executables' start cache (linker-wrapper's StartCache, docs/PERFORMANCE.md § Start-up):
 * jomp's build makes it, a program starts from it, and a program runs the same without it, with
 * it damaged or from another JDK, from a read-only folder, under any HOME, and many at once, with
 * nothing on its stdout or stderr but its own. The program tells whether its JVM mapped the cache
 * (a line of /proc/self/maps), so the checks see the cache taken or left without timing anything.
 */
class StartCacheTest {
    @TempDir static Path dir;

    static final String PROGRAM = """
            #include <stdio.h>
            #include <string.h>
            int main(int argc, char **argv) {
                FILE *f = fopen("/proc/self/maps", "r");
                char line[4096];
                int cached = 0;
                while (fgets(line, sizeof line, f)) if (strstr(line, "/start.aot")) cached = 1;
                fclose(f);
                printf("%s %d cached=%d\\n", argc > 1 ? argv[1] : "-", argc, cached);
                return 7;
            }
            """;

    static Path exe, cache;

    @BeforeAll
    static void build() throws IOException {
        Path src = dir.resolve("prog.c");
        Files.writeString(src, PROGRAM);
        exe = dir.resolve("prog");
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(src.toString(), "-o", exe.toString()));
        Exec.Result j = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
        assertThat(j.status()).as(j.describe("jomp")).isZero();
        // the build's cache folder: the only one, made by dist's package phase
        Path root = Corpus.root().resolve("dist/target/jomp/lib/start-cache");
        assertThat(root).as("jomp's build makes the start cache (bin/mvn -q -DskipTests package)").isDirectory();
        try (Stream<Path> s = Files.list(root)) {
            List<Path> keys = s.filter(Files::isDirectory).toList();
            assertThat(keys).as("one cache, this build's").hasSize(1);
            cache = keys.getFirst();
        }
        assertThat(cache.resolve("start.aot")).isRegularFile();
    }

    private static Exec.Result run(Path exeDir, String... env) {
        Map<String, String> e = new HashMap<>();
        for (int i = 0; i + 1 < env.length; i += 2) e.put(env[i], env[i + 1]);
        return Exec.run(List.of(exeDir.resolve("prog").toString(), "word"), exeDir, e, dir.resolve("scratch"));
    }

    /** The program ran as it should: its output, its status, and nothing from the JVM or the launcher. */
    private static void ranWell(Exec.Result r, boolean cached) {
        assertThat(r.stderr()).as("stderr").isEmpty();
        assertThat(r.stdoutText()).isEqualTo("word 2 cached=" + (cached ? 1 : 0) + "\n");
        assertThat(r.status()).isEqualTo(7);
    }

    @Test
    void aProgramStartsFromTheBuildsCache() {
        ranWell(run(dir), true);
        ranWell(run(dir, "JOMP_START_CACHE", cache.getParent().toString()), true);
    }

    @Test
    void theCacheCanBeTurnedOffAndTheUsersJvmOptionsGoWithout() {
        ranWell(run(dir, "JOMP_START_CACHE", "0"), false);
        ranWell(run(dir, "JOMP_START_CACHE", ""), false);
        ranWell(run(dir, "JOMP_START_CACHE", dir.resolve("none").toString()), false);
        ranWell(run(dir, "JOMP_JAVA_OPTS", "-Xmx512m"), false);
        // options the cache would refuse (the JVM's own line about them is its stderr, as without the cache)
        Exec.Result r = run(dir, "JAVA_TOOL_OPTIONS", "-Xshare:off");
        assertThat(r.stderr()).isEqualTo("Picked up JAVA_TOOL_OPTIONS: -Xshare:off\n");
        assertThat(r.stdoutText()).isEqualTo("word 2 cached=0\n");
        assertThat(r.status()).isEqualTo(7);
    }

    /** A copy of the build's cache under {@code name}, changed by {@code how}; the copy's root. */
    private static Path copy(String name, String how) throws IOException {
        Path root = dir.resolve("caches").resolve(name);
        Path d = Files.createDirectories(root.resolve(cache.getFileName()));
        try (Stream<Path> s = Files.list(cache)) {
            for (Path f : s.toList()) Files.copy(f, d.resolve(f.getFileName()));
        }
        Path aot = d.resolve("start.aot");
        byte[] bytes = Files.readAllBytes(aot);
        switch (how) {
            case "intact" -> {}
            case "empty" -> Files.write(aot, new byte[0]);
            case "truncated" -> Files.write(aot, java.util.Arrays.copyOf(bytes, bytes.length / 3));
            case "garbage" -> {
                byte[] g = new byte[bytes.length];
                new java.util.Random(1).nextBytes(g);
                Files.write(aot, g);
            }
            case "header-only" -> Files.write(aot, java.util.Arrays.copyOf(bytes, 4096));
            case "other-jdk" -> Files.writeString(d.resolve("java.home"), dir.resolve("no-such-jdk") + "\n");
            case "no-jars" -> {
                Files.delete(d.resolve("jomp-runtime.jar"));
                Files.delete(d.resolve("jomp-offload-abi.jar"));
            }
            case "read-only" -> {
                try (Stream<Path> s = Files.list(d)) {
                    for (Path f : s.toList()) Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("r--r--r--"));
                }
                Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("r-xr-xr-x"));
            }
            default -> throw new IllegalArgumentException(how);
        }
        return root;
    }

    @ParameterizedTest
    @ValueSource(strings = {"empty", "truncated", "garbage", "header-only", "other-jdk"})
    void aDamagedCacheOrOneOfAnotherJdkIsLeftAlone(String how) throws IOException {
        ranWell(run(dir, "JOMP_START_CACHE", copy(how, how).toString()), false);
    }

    @Test
    void anIntactCopyElsewhereServesAndAReadOnlyOneToo() throws IOException {
        ranWell(run(dir, "JOMP_START_CACHE", copy("intact", "intact").toString()), true);
        ranWell(run(dir, "JOMP_START_CACHE", copy("read-only", "read-only").toString()), true);
    }

    /** Without its jars the cache cannot serve the runtime's classes: the executable's own copies do, whether or not the JVM maps the file. */
    @Test
    void aCacheWithoutItsJarsStillRunsTheProgram() throws IOException {
        Exec.Result r = run(dir, "JOMP_START_CACHE", copy("no-jars", "no-jars").toString());
        assertThat(r.stderr()).isEmpty();
        assertThat(r.stdoutText()).startsWith("word 2 cached=");
        assertThat(r.status()).isEqualTo(7);
    }

    @Test
    void fromAReadOnlyFolderAndUnderAnyHome() throws IOException {
        Path ro = Files.createDirectories(dir.resolve("ro"));
        Files.copy(exe, ro.resolve("prog"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            ranWell(run(ro), true);
            ranWell(run(ro, "HOME", dir.resolve("no-such-home").toString()), true);
            ranWell(run(ro, "HOME", "/", "XDG_CACHE_HOME", "/proc"), true);
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** Many at once: each runs as alone, and the cache, which programs only read, is as the build left it. */
    @Test
    void manyAtOnce() throws Exception {
        byte[] before = Files.readAllBytes(cache.resolve("start.aot"));
        List<String> files;
        try (Stream<Path> s = Files.list(cache)) { files = s.map(p -> p.getFileName().toString()).sorted().toList(); }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Exec.Result>> runs = new ArrayList<>();
            for (int i = 0; i < 16; i++) runs.add(pool.submit(() -> run(dir)));
            for (Future<Exec.Result> f : runs) ranWell(f.get(), true);
        } finally {
            pool.shutdown();
        }
        assertThat(Files.readAllBytes(cache.resolve("start.aot"))).isEqualTo(before);
        try (Stream<Path> s = Files.list(cache)) { assertThat(s.map(p -> p.getFileName().toString()).sorted().toList()).isEqualTo(files); }
    }
}
