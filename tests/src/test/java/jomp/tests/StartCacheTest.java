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
 * jomp's build makes it, a program starts from it (the cache of programs that call native code,
 * or the other), and a program runs the same without it, with it damaged or from another JDK,
 * from a read-only folder, under any HOME, and many at once, with nothing on its stdout or stderr
 * but its own. Each program tells which cache file its JVM mapped (a line of /proc/<pid>/maps):
 * the checks see the cache taken or left without timing anything.
 */
class StartCacheTest {
    @TempDir
    static Path dir;

    /**
     * Calls native code (fopen), so it starts from native.aot; reads its own mappings: which cache,
     * and whether its native calls go through the cache's JNI library (else through FFM).
     */
    static final String NATIVE = """
            #include <stdio.h>
            #include <string.h>
            int main(int argc, char **argv) {
                FILE *f = fopen("/proc/self/maps", "r");
                char line[4096];
                const char *cache = "none", *calls = "ffm";
                while (fgets(line, sizeof line, f)) {
                    if (strstr(line, "/native.aot")) cache = "native.aot";
                    if (strstr(line, "/start.aot")) cache = "start.aot";
                    if (strstr(line, "/libjomp-calls.so")) calls = "jni";
                }
                fclose(f);
                printf("%s %d cache=%s calls=%s\\n", argc > 1 ? argv[1] : "-", argc, cache, calls);
                return 7;
            }
            """;

    /** Calls none, so it starts from start.aot; a shell it starts reads its parent's mappings. */
    static final String PLAIN = """
            #include <stdio.h>
            #include <stdlib.h>
            int main(int argc, char **argv) {
                printf("%s %d ", argc > 1 ? argv[1] : "-", argc);
                int s = system("if grep -q /native.aot /proc/$PPID/maps; then echo cache=native.aot; "
                               "elif grep -q /start.aot /proc/$PPID/maps; then echo cache=start.aot; else echo cache=none; fi");
                return s == 0 ? 7 : 1;
            }
            """;

    /** Another program that calls no native code: the one cache serves both, each with its own classes. */
    static final String OTHER = PLAIN.replace("argc > 1 ? argv[1] : \"-\"", "\"other\"");

    static Path cache;

    @BeforeAll
    static void build() throws IOException {
        for (String name : List.of("native", "plain", "other")) {
            Path src = dir.resolve(name + ".c");
            Files.writeString(
                    src,
                    switch (name) {
                        case "native" -> NATIVE;
                        case "plain" -> PLAIN;
                        default -> OTHER;
                    });
            List<String> cmd = new ArrayList<>(Corpus.jompCommand());
            cmd.addAll(List.of(src.toString(), "-o", dir.resolve(name).toString()));
            Exec.Result j = Exec.run(cmd, dir, Map.of(), dir.resolve("scratch"));
            assertThat(j.status()).as(j.describe("jomp")).isZero();
        }
        // the build's cache folder: the only one, made by dist's package phase
        Path root = Corpus.root().resolve("dist/target/jomp/lib/start-cache");
        assertThat(root)
                .as("jomp's build makes the start cache (bin/mvn -q -DskipTests package)")
                .isDirectory();
        try (Stream<Path> s = Files.list(root)) {
            List<Path> keys = s.filter(Files::isDirectory).toList();
            assertThat(keys).as("one cache, this build's").hasSize(1);
            cache = keys.getFirst();
        }
        assertThat(cache.resolve("start.aot")).isRegularFile();
        assertThat(cache.resolve("native.aot")).isRegularFile();
        assertThat(cache.resolve("libjomp-calls.so"))
                .as("the build compiles the JNI calls (gcc is one of .ci/packages)")
                .isRegularFile();
    }

    private static Exec.Result run(Path exeDir, String program, String... env) {
        Map<String, String> e = new HashMap<>();
        for (int i = 0; i + 1 < env.length; i += 2) e.put(env[i], env[i + 1]);
        return Exec.run(List.of(exeDir.resolve(program).toString(), "word"), exeDir, e, dir.resolve("scratch"));
    }

    /** Both programs ran as they should, from their caches or from none: output, status, and nothing from the JVM or the launcher. */
    private static void bothRanWell(Path exeDir, boolean cached, String... env) {
        bothRanWellCalling(exeDir, cached, cached ? "jni" : "ffm", env);
    }

    /** The same, the native program's calls going through {@code calls} (jni or ffm). */
    private static void bothRanWellCalling(Path exeDir, boolean cached, String calls, String... env) {
        for (String program : List.of("native", "plain")) {
            Exec.Result r = run(exeDir, program, env);
            assertThat(r.stderr()).as(program + "'s stderr").isEmpty();
            assertThat(r.stdoutText())
                    .as(program)
                    .isEqualTo("word 2 cache="
                            + (cached ? program.equals("native") ? "native.aot" : "start.aot" : "none")
                            + (program.equals("native") ? " calls=" + calls : "")
                            + "\n");
            assertThat(r.status()).as(program).isEqualTo(7);
        }
    }

    @Test
    void aProgramStartsFromTheBuildsCache() {
        bothRanWell(dir, true);
        bothRanWell(dir, true, "JOMP_START_CACHE", cache.getParent().toString());
    }

    /** The cache holds no program's classes: two programs from it, in turn, each run their own. */
    @Test
    void twoProgramsFromOneCacheRunTheirOwnCode() {
        assertThat(OTHER).isNotEqualTo(PLAIN);
        for (int i = 0; i < 2; i++) {
            bothRanWell(dir, true);
            Exec.Result r = run(dir, "other");
            assertThat(r.stderr()).isEmpty();
            assertThat(r.stdoutText()).isEqualTo("other 2 cache=start.aot\n");
            assertThat(r.status()).isEqualTo(7);
        }
    }

    @Test
    void theCacheCanBeTurnedOffAndTheUsersJvmOptionsGoWithout() {
        bothRanWell(dir, false, "JOMP_START_CACHE", "0");
        bothRanWell(dir, false, "JOMP_START_CACHE", "");
        bothRanWell(dir, false, "JOMP_START_CACHE", dir.resolve("none").toString());
        bothRanWell(dir, false, "JOMP_JAVA_OPTS", "-Xmx512m");
        // options the cache would refuse (the JVM's own line about them is its stderr, as without the cache)
        Exec.Result r = run(dir, "native", "JAVA_TOOL_OPTIONS", "-Xshare:off");
        assertThat(r.stderr()).isEqualTo("Picked up JAVA_TOOL_OPTIONS: -Xshare:off\n");
        assertThat(r.stdoutText()).isEqualTo("word 2 cache=none calls=ffm\n");
        assertThat(r.status()).isEqualTo(7);
    }

    /** A copy of the build's cache under {@code name}, changed by {@code how}; the copy's root. */
    private static Path copy(String name, String how) throws IOException {
        Path root = dir.resolve("caches").resolve(name);
        Path d = Files.createDirectories(root.resolve(cache.getFileName()));
        try (Stream<Path> s = Files.list(cache)) {
            for (Path f : s.toList()) Files.copy(f, d.resolve(f.getFileName()));
        }
        for (String aot : List.of("start.aot", "native.aot")) damage(d.resolve(aot), how);
        switch (how) {
            case "other-jdk" -> Files.writeString(d.resolve("java.home"), dir.resolve("no-such-jdk") + "\n");
            case "no-jars" -> {
                Files.delete(d.resolve("jomp-runtime.jar"));
                Files.delete(d.resolve("jomp-offload-abi.jar"));
            }
            case "read-only" -> {
                try (Stream<Path> s = Files.list(d)) {
                    for (Path f : s.toList())
                        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("r--r--r--"));
                }
                Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("r-xr-xr-x"));
            }
            default -> {}
        }
        return root;
    }

    private static void damage(Path aot, String how) throws IOException {
        byte[] bytes = Files.readAllBytes(aot);
        switch (how) {
            case "empty" -> Files.write(aot, new byte[0]);
            case "truncated" -> Files.write(aot, java.util.Arrays.copyOf(bytes, bytes.length / 3));
            case "garbage" -> {
                byte[] g = new byte[bytes.length];
                new java.util.Random(1).nextBytes(g);
                Files.write(aot, g);
            }
            case "header-only" -> Files.write(aot, java.util.Arrays.copyOf(bytes, 4096));
            default -> {}
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"empty", "truncated", "garbage", "header-only", "other-jdk"})
    void aDamagedCacheOrOneOfAnotherJdkIsLeftAlone(String how) throws IOException {
        // a damaged AOT file is the JVM's to pass over; the JNI library beside it still serves
        bothRanWellCalling(
                dir,
                false,
                how.equals("other-jdk") ? "ffm" : "jni",
                "JOMP_START_CACHE",
                copy(how, how).toString());
    }

    @Test
    void anIntactCopyElsewhereServesAndAReadOnlyOneToo() throws IOException {
        bothRanWell(dir, true, "JOMP_START_CACHE", copy("intact", "intact").toString());
        bothRanWell(
                dir, true, "JOMP_START_CACHE", copy("read-only", "read-only").toString());
    }

    /** Without the JNI library, or with one that is not a library, the cache serves and native calls go through FFM. */
    @ParameterizedTest
    @ValueSource(strings = {"missing", "garbage"})
    void withoutItsJniLibraryNativeCallsGoThroughFfm(String how) throws IOException {
        Path root = copy("calls-" + how, "intact");
        Path lib = root.resolve(cache.getFileName()).resolve("libjomp-calls.so");
        if (how.equals("missing")) Files.delete(lib);
        else damage(lib, "garbage");
        Exec.Result r = run(dir, "native", "JOMP_START_CACHE", root.toString());
        assertThat(r.stderr()).isEmpty();
        assertThat(r.stdoutText()).isEqualTo("word 2 cache=native.aot calls=ffm\n");
        assertThat(r.status()).isEqualTo(7);
    }

    /** Without its jars the cache cannot serve the runtime's classes: the executable's own copies do, whether or not the JVM maps the file. */
    @Test
    void aCacheWithoutItsJarsStillRunsTheProgram() throws IOException {
        Path copy = copy("no-jars", "no-jars");
        for (String program : List.of("native", "plain")) {
            Exec.Result r = run(dir, program, "JOMP_START_CACHE", copy.toString());
            assertThat(r.stderr()).isEmpty();
            assertThat(r.stdoutText()).startsWith("word 2 cache=");
            assertThat(r.status()).isEqualTo(7);
        }
    }

    @Test
    void fromAReadOnlyFolderAndUnderAnyHome() throws IOException {
        Path ro = Files.createDirectories(dir.resolve("ro"));
        Files.copy(dir.resolve("native"), ro.resolve("native"));
        Files.copy(dir.resolve("plain"), ro.resolve("plain"));
        Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            bothRanWell(ro, true);
            bothRanWell(ro, true, "HOME", dir.resolve("no-such-home").toString());
            bothRanWell(ro, true, "HOME", "/", "XDG_CACHE_HOME", "/proc");
        } finally {
            Files.setPosixFilePermissions(ro, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** Many at once: each runs as alone, and the cache, which programs only read, is as the build left it. */
    @Test
    void manyAtOnce() throws Exception {
        byte[] before = Files.readAllBytes(cache.resolve("start.aot")),
                beforeNative = Files.readAllBytes(cache.resolve("native.aot"));
        List<String> files;
        try (Stream<Path> s = Files.list(cache)) {
            files = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int i = 0; i < 16; i++)
                runs.add(pool.submit(() -> {
                    bothRanWell(dir, true);
                    return null;
                }));
            for (Future<?> f : runs) f.get();
        } finally {
            pool.shutdown();
        }
        assertThat(Files.readAllBytes(cache.resolve("start.aot"))).isEqualTo(before);
        assertThat(Files.readAllBytes(cache.resolve("native.aot"))).isEqualTo(beforeNative);
        try (Stream<Path> s = Files.list(cache)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted().toList()).isEqualTo(files);
        }
    }
}
