package jomp.env;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * The working directory, environment and umask of the command being run. A plain
 * {@code bin/jomp} run has the JVM's own; the compile server (jomp.driver.server) runs many
 * users' commands in one JVM, several at once, and installs each command's on the thread that
 * runs it (threads a command starts inherit it). So jomp's tools never read a relative path, an
 * environment variable, the umask or the JVM's working directory except through here.
 */
public record Invocation(Path cwd, Map<String, String> env, int umask, Cancellation cancellation) {
    public Invocation {
        Objects.requireNonNull(cwd);
        if (!cwd.isAbsolute()) throw new IllegalArgumentException("working directory must be absolute: " + cwd);
        env = Map.copyOf(env);
        Objects.requireNonNull(cancellation);
    }

    public Invocation(Path cwd, Map<String, String> env, int umask) {
        this(cwd, env, umask, new Cancellation());
    }

    /** A command with the process's umask. */
    public Invocation(Path cwd, Map<String, String> env) {
        this(cwd, env, processUmask());
    }

    /**
     * Whether the command was cancelled (its client went away: Ctrl-C on a served compile).
     * An output is put in place under this object's lock only while the command is not
     * cancelled, so once {@link #cancel()} returns, no output of the command appears.
     */
    public static final class Cancellation {
        private boolean cancelled;

        public synchronized void cancel() {
            cancelled = true;
        }

        public synchronized boolean cancelled() {
            return cancelled;
        }

        /** Runs {@code commit} (the rename that makes an output appear) unless cancelled; false if cancelled. */
        public synchronized <E extends Exception> boolean commit(ThrowingRunnable<E> commit) throws E {
            if (cancelled) return false;
            commit.run();
            return true;
        }
    }

    public interface ThrowingRunnable<E extends Exception> {
        void run() throws E;
    }

    /** Whether the command running on this thread has been cancelled. */
    public static boolean cancelled() {
        return current().cancellation.cancelled();
    }

    private static final Invocation PROCESS =
            new Invocation(Path.of("").toAbsolutePath(), System.getenv(), processUmask());
    private static final InheritableThreadLocal<Invocation> CURRENT = new InheritableThreadLocal<>() {
        @Override
        protected Invocation initialValue() {
            return PROCESS;
        }
    };

    /** The command being run on this thread (the process's own unless a server installed another). */
    public static Invocation current() {
        return CURRENT.get();
    }

    /** Installs {@code inv} for this thread and the threads it starts; {@link #reset()} goes back to the process's. */
    public static void install(Invocation inv) {
        CURRENT.set(Objects.requireNonNull(inv));
    }

    public static void reset() {
        CURRENT.remove();
    }

    /** A user-given path resolved against the command's working directory (for reading and writing). */
    public static Path path(String p) {
        return resolve(Path.of(p));
    }

    public static Path resolve(Path p) {
        return p.isAbsolute() ? p : current().cwd.resolve(p);
    }

    public static String getenv(String name) {
        return current().env.get(name);
    }

    /** The command's umask (022 for most users): new files get mode 0666 (executables 0777) less it. */
    public static int currentUmask() {
        return current().umask;
    }

    /** A child process that starts where the command runs, with its environment. */
    public static ProcessBuilder processBuilder(java.util.List<String> command) {
        Invocation inv = current();
        ProcessBuilder pb = new ProcessBuilder(command).directory(inv.cwd.toFile());
        if (inv != PROCESS) {
            pb.environment().clear();
            pb.environment().putAll(inv.env);
        }
        return pb;
    }

    /**
     * The temporary-file directory: the first of $TMPDIR, $TMP, $TEMP, $TEMPDIR that names a
     * writable directory, else /var/tmp, /usr/tmp or /tmp. A variable that names a missing or
     * unwritable directory is skipped, as gcc's choose_tmpdir skips it, so a stale TMPDIR does not
     * break a build (clang 19 stops there with "unable to make temporary file").
     */
    public static Path tempDir() {
        for (String var : new String[] {"TMPDIR", "TMP", "TEMP", "TEMPDIR"}) {
            String v = getenv(var);
            if (v != null && !v.isEmpty() && usable(path(v))) return path(v);
        }
        for (String d : new String[] {"/tmp", "/var/tmp", "/usr/tmp"}) {
            if (usable(Path.of(d))) return Path.of(d);
        }
        return Path.of("/tmp"); // none usable: the error then names /tmp
    }

    private static boolean usable(Path dir) {
        return Files.isDirectory(dir) && Files.isWritable(dir) && Files.isExecutable(dir);
    }

    /** The process's umask, from /proc/self/status (Linux 4.7+); 022 when it cannot be read. */
    static int processUmask() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Umask:"))
                    return Integer.parseInt(line.substring(6).strip(), 8);
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or no /proc: the usual default
        }
        return 0022;
    }
}
