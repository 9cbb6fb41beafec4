package jomp.linker.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The executables' start cache (docs/PERFORMANCE.md § Start-up): an AOT cache (JEP 483) of what
 * every program's start loads (the JDK's classes and the runtime's, loaded and linked), made once
 * at jomp's build for the runtime of that build, not per program. A program's own classes differ
 * per program and stay out of it: a cache must never hold them, since the JVM would give a
 * program the classes of the one it was trained with.
 *
 * <p>Layout: {@code <the runtime jar's folder>/start-cache/<key>/} holds copies of the runtime's
 * two jars, the caches {@code start.aot} (for programs that call no native code) and
 * {@code native.aot} (for those that do; {@link #forProgram}; trained with a {@link #PROGRAM}
 * before the jars on the class path, where a program's executable goes), and {@code java.home} (the JDK
 * that made them, whose JVM alone can use them). The key is a hash of the two jars, so a program finds the cache of exactly the runtime
 * it carries; one linked by another build of jomp finds none and runs as before. Nothing is
 * written when a program runs: read-only installations and concurrent runs need nothing, and a
 * cache that is missing, unreadable or damaged, or made by another JDK, only means the program
 * starts without it (the launcher's script, {@link Launcher#SCRIPT}).
 */
public final class StartCache {
    private StartCache() {}

    /** The folder beside the runtime's jar that holds the caches. */
    static final String FOLDER = "start-cache";

    /** A cache folder: {@code root/key}. */
    public record Location(Path root, String key) {
        Path folder() {
            return root.resolve(key);
        }
    }

    /** The main class of the training run (the runtime's): a program's start and end, without a program. */
    static final String TRAINING = "jomp.runtime.program.StartTraining";

    private record Stamp(Path file, long size, long modified) {}

    private static final Map<Stamp, String> KEYS = new ConcurrentHashMap<>();

    /**
     * Where the cache of the runtime in these jars is (the executable carries their classes), or
     * null when the runtime is not in jars (the build's classes folders: tests of the linker).
     */
    static Location of(Path runtimeJar, Path abiJar) {
        if (!Files.isRegularFile(runtimeJar) || !Files.isRegularFile(abiJar)) return null;
        try {
            return new Location(
                    runtimeJar.toAbsolutePath().getParent().resolve(FOLDER),
                    key(runtimeJar) + key(abiJar).substring(0, 8));
        } catch (IOException e) {
            return null;
        }
    }

    /** The first 16 hex digits of the file's SHA-256, remembered while the file stays as it was (a compile server links many programs). */
    private static String key(Path jar) throws IOException {
        Stamp s = new Stamp(
                jar.toAbsolutePath(),
                Files.size(jar),
                Files.getLastModifiedTime(jar).toMillis());
        String k = KEYS.get(s);
        if (k != null) return k;
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = Files.newInputStream(jar)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
        }
        k = HexFormat.of().formatHex(md.digest(), 0, 8);
        KEYS.put(s, k);
        return k;
    }

    /**
     * Makes the cache for the runtime jars in folder {@code args[0]} ({@code jomp-runtime.jar},
     * {@code jomp-offload-abi.jar}): dist's build runs this after gathering the jars. Removes the
     * caches of earlier builds. Never fails the build: a cache it cannot make is left out, and
     * programs start without one.
     */
    public static void main(String[] args) throws InterruptedException {
        try {
            make(Path.of(args[0]).toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            System.out.println("start cache: " + e + "; programs start without a cache");
        }
    }

    private static void make(Path lib) throws IOException, InterruptedException {
        Location at = of(lib.resolve("jomp-runtime.jar"), lib.resolve("jomp-offload-abi.jar"));
        if (at == null) {
            System.out.println("start cache: no runtime jars in " + lib);
            return;
        }
        Path dir = at.folder();
        removeOthers(at);
        if (Files.isRegularFile(dir.resolve(PLAIN))) {
            System.out.println("start cache: " + dir + " is there");
            return;
        }
        Files.createDirectories(dir);
        Files.copy(
                lib.resolve("jomp-runtime.jar"), dir.resolve("jomp-runtime.jar"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(
                lib.resolve("jomp-offload-abi.jar"),
                dir.resolve("jomp-offload-abi.jar"),
                StandardCopyOption.REPLACE_EXISTING);
        String home = System.getProperty("java.home");
        Files.writeString(dir.resolve("java.home"), home + "\n");
        compileCalls(home, dir);
        // the native one first: the script looks for start.aot, which comes last
        train(home, dir, NATIVE, "native");
        train(home, dir, PLAIN, null);
    }

    /** Trains {@code dir/name} (with the training's argument {@code arg}), checks that the JVM takes it, and puts it in place. */
    private static void train(String home, Path dir, String name, String arg) throws IOException, InterruptedException {
        Path tmp = dir.resolve(name + ".tmp"), program = dir.resolve(PROGRAM), standIn = dir.resolve(name + ".jar");
        Files.deleteIfExists(tmp);
        Files.deleteIfExists(program);
        // the training run, with the options the script gives a program (the cache holds what they make)
        if (run(dir, command(home, dir, program, arg, "-XX:AOTCacheOutput=" + tmp)) != 0 || !Files.isRegularFile(tmp)) {
            System.out.println("start cache: training " + name + " failed; programs start without it");
            Files.deleteIfExists(tmp);
            return;
        }
        // the JVM must take it (AOTMode=on fails where it would not) with a program's jar first on
        // the class path, as programs run: else it would only cost each start a look
        try (var out =
                new java.util.jar.JarOutputStream(Files.newOutputStream(standIn), new java.util.jar.Manifest())) {
            out.flush();
        }
        int taken = run(dir, command(home, dir, standIn, arg, "-XX:AOTCache=" + tmp, "-XX:AOTMode=on"));
        Files.delete(standIn);
        if (taken != 0) {
            System.out.println("start cache: the JVM does not take " + name + "; programs start without it");
            Files.deleteIfExists(tmp);
            return;
        }
        Files.move(tmp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        System.out.println("start cache: " + dir.resolve(name));
    }

    /** The JNI library of native calls (the runtime's jomp.runtime.ffi.JniCalls), in the cache folder. */
    static final String CALLS = "libjomp-calls.so";

    /** Its source, in the runtime's jar. */
    private static final String CALLS_SOURCE = "jomp/runtime/ffi/jni-calls.c";

    /**
     * Compiles the runtime's JNI calls into {@code dir/}{@link #CALLS} with the system's C
     * compiler (cc, else gcc) against this JDK's jni.h. Without one the cache is made all the
     * same, and programs make their native calls through FFM (a slower first call).
     */
    private static void compileCalls(String home, Path dir) throws IOException, InterruptedException {
        Path source = dir.resolve("jni-calls.c");
        try (var jar = new java.util.zip.ZipFile(dir.resolve("jomp-runtime.jar").toFile())) {
            var e = jar.getEntry(CALLS_SOURCE);
            if (e == null) return;
            try (InputStream in = jar.getInputStream(e)) {
                Files.copy(in, source, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path lib = dir.resolve(CALLS);
        for (String cc : List.of("cc", "gcc")) {
            List<String> c = List.of(
                    cc,
                    "-O2",
                    "-shared",
                    "-fPIC",
                    "-I" + Path.of(home, "include"),
                    "-I" + Path.of(home, "include", "linux"),
                    "-o",
                    lib.toString(),
                    source.toString());
            try {
                if (run(dir, c) == 0 && Files.isRegularFile(lib)) break;
            } catch (IOException notThere) {
                // no such compiler: try the next
            }
            Files.deleteIfExists(lib);
        }
        Files.delete(source);
        System.out.println(
                Files.isRegularFile(lib)
                        ? "start cache: " + lib
                        : "start cache: no C compiler made " + CALLS + "; programs' native calls go through FFM");
    }

    /** The cache of programs that call no native code, and of those that do (see {@link #forProgram}). */
    static final String PLAIN = "start.aot", NATIVE = "native.aot";

    /**
     * Which cache a program uses: the native one when it calls native code or takes a native
     * address (its classes include stubs), since FFM's start is most of such a program's start;
     * the plain one otherwise, which does not load FFM's classes it would never use.
     */
    static String forProgram(java.util.Set<String> classes) {
        for (String c : classes) if (c.startsWith(NativeStubs.PACKAGE)) return NATIVE;
        return PLAIN;
    }

    /**
     * What stands for the program's executable on the training's class path: a file that is never
     * there (the training loads nothing from it, so the cache holds no program's classes).
     */
    static final String PROGRAM = "program";

    /**
     * The JVM command a program's script runs from the cache, with the training's main class, its
     * argument (or none) and {@code aot}'s options; {@code program} is first on the class path, as
     * the executable is in a program's run (the JVM records which class path entry each archived
     * class came from, so the runtime's jars keep their places).
     */
    static List<String> command(String javaHome, Path dir, Path program, String arg, String... aot) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(javaHome, "bin", "java").toString());
        c.addAll(List.of(Launcher.JVM_OPTIONS.split(" ")));
        c.addAll(List.of(aot));
        c.addAll(List.of(Launcher.MODULE_OPTIONS.split(" ")));
        c.add("-Djomp.program=jomp-start-training");
        c.add("-Djomp.calls=" + dir.resolve(CALLS));
        c.add("-Djomp.stdout.tty=0");
        c.add("-cp");
        c.add(program + ":" + dir.resolve("jomp-runtime.jar") + ":" + dir.resolve("jomp-offload-abi.jar"));
        c.add(TRAINING);
        if (arg != null) c.add(arg);
        return c;
    }

    private static int run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        if (p.exitValue() != 0) System.out.print(out);
        return p.exitValue();
    }

    /** Removes the caches of other runtimes (earlier builds): their programs then start without one. */
    private static void removeOthers(Location keep) throws IOException {
        if (!Files.isDirectory(keep.root())) return;
        try (Stream<Path> dirs = Files.list(keep.root())) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                if (d.getFileName().toString().equals(keep.key()) || !Files.isDirectory(d)) continue;
                try (Stream<Path> files = Files.walk(d)) {
                    for (Path f :
                            files.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
                }
            }
        }
    }
}
