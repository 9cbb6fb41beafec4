package jomp.wrapper.env;

import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The working directory and environment of the command being run. A plain {@code bin/jomp} run
 * has the JVM's own; the compile server (jomp.driver.server) runs many users' commands in one
 * JVM, one at a time, and installs each command's before running it. So jomp's tools never read
 * a relative path, an environment variable or the JVM's working directory except through here.
 */
public record Invocation(Path cwd, Map<String, String> env) {
    public Invocation {
        Objects.requireNonNull(cwd);
        if (!cwd.isAbsolute()) throw new IllegalArgumentException("working directory must be absolute: " + cwd);
        env = Map.copyOf(env);
    }

    private static final Invocation PROCESS = new Invocation(Path.of("").toAbsolutePath(), System.getenv());
    private static volatile Invocation current = PROCESS;

    /** The command being run (the process's own unless a server installed another). */
    public static Invocation current() { return current; }

    /** Installs {@code inv} for the commands that follow; {@link #reset()} goes back to the process's. */
    public static void install(Invocation inv) { current = Objects.requireNonNull(inv); }

    public static void reset() { current = PROCESS; }

    /** A user-given path resolved against the command's working directory (for reading and writing). */
    public static Path path(String p) { return resolve(Path.of(p)); }

    public static Path resolve(Path p) { return p.isAbsolute() ? p : current.cwd.resolve(p); }

    public static String getenv(String name) { return current.env.get(name); }

    /** A child process that starts where the command runs, with its environment. */
    public static ProcessBuilder processBuilder(java.util.List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(current.cwd.toFile());
        if (current != PROCESS) {
            pb.environment().clear();
            pb.environment().putAll(current.env);
        }
        return pb;
    }

    /** The temporary-file directory: $TMPDIR, else /tmp, as clang's driver chooses it. */
    public static Path tempDir() {
        String tmp = getenv("TMPDIR");
        return tmp == null || tmp.isEmpty() ? Path.of("/tmp") : path(tmp);
    }
}
