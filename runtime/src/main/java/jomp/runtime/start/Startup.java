package jomp.runtime.start;

import java.nio.charset.StandardCharsets;
import jomp.runtime.mem.Mem;

/** What runs before C's main: the argument vector in native memory, as the C runtime's _start builds it. */
public final class Startup {
    private Startup() {}

    /**
     * argv[0] is the program's name, as the shell preamble passes it; argv[argc] is NULL. The
     * strings lie one after the other in one block, in order, as the kernel lays them out: programs
     * take argv[0] to the end of the last argument as the room for a process title (libuv's
     * uv_setup_args, setproctitle).
     */
    public static long argv(String program, String[] args) {
        int argc = args.length + 1;
        long vec = Mem.permanent(8L * (argc + 1), 8);
        byte[][] strings = new byte[argc][];
        strings[0] = program.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < args.length; i++) strings[i + 1] = args[i].getBytes(StandardCharsets.UTF_8);
        argv0 = cStrings(strings, vec); // argv[0] first in the block
        Mem.putLong(vec + 8L * argc, 0);
        return vec;
    }

    /** argv[0] as a C string, once main's argv has been built (0 before). */
    public static volatile long argv0;

    /** envp: the environment as NAME=value strings (one block, as argv's), NULL-terminated. */
    public static long envp() {
        var env = System.getenv();
        long vec = Mem.permanent(8L * (env.size() + 1), 8);
        byte[][] strings = new byte[env.size()][];
        int i = 0;
        for (var e : env.entrySet()) strings[i++] = (e.getKey() + "=" + e.getValue()).getBytes(StandardCharsets.UTF_8);
        cStrings(strings, vec);
        Mem.putLong(vec + 8L * strings.length, 0);
        return vec;
    }

    /**
     * An exception out of C's main. One that stands for a signal in C (a stack overflow, an integer
     * division by zero: {@link Signals}) ends the program by that signal, as the C program ends.
     * Anything else is a fault of jomp's, reported as one ({@link Signals#fatal}).
     */
    public static void crash(Throwable t) {
        Signals.fatal(t);
    }

    static {
        // every other thread of the program (a team's, the signal thread, a plugin's, one native code
        // started) ends the same way: a Java stack trace is not a C program's way to fail
        if (isProgram()) Thread.setDefaultUncaughtExceptionHandler((thread, t) -> Signals.fatal(t));
    }

    /** Set when native code starts: glibc's _exit (jomp.runtime.ffi.NativeWorld). */
    public static volatile java.util.function.IntConsumer nativeHalt;

    /**
     * Ends the process at once, running no exit handlers. Once native code has run, this is
     * glibc's _exit: Runtime.halt would leave through the C library's exit(), which runs the
     * atexit handlers (jomp functions among them) in a JVM thread that cannot call Java code.
     */
    public static void halt(int status) {
        java.util.function.IntConsumer h = nativeHalt;
        if (h != null) h.accept(status);
        Runtime.getRuntime().halt(status);
    }

    /** The C library's flush of its streams, for a fatal error's message to come after the program's output (set by jomp.runtime.libc.Stdio). */
    public static volatile Runnable stdioFlush;

    /** Flushes the C program's standard streams, if the C library has any yet. */
    public static void flushStdio() {
        Runnable f = stdioFlush;
        if (f != null) f.run();
    }

    /** Whether this JVM runs a jomp executable (its preamble sets jomp.program), not a test or a tool. */
    public static boolean isProgram() {
        return System.getProperty("jomp.program") != null;
    }

    /** The program name: the preamble passes $0 in the system property jomp.program. */
    public static String programName() {
        return System.getProperty("jomp.program", "a.out");
    }

    /** Copies the strings, NUL-terminated, one after the other into one block, their addresses into vec[0..n); returns the block. */
    private static long cStrings(byte[][] strings, long vec) {
        long size = 0;
        for (byte[] b : strings) size += b.length + 1;
        long m = Mem.permanent(size, 1), p = m; // zeroed: the terminating NULs are there
        for (int i = 0; i < strings.length; i++) {
            Mem.copyFromArray(strings[i], 0, p, strings[i].length);
            Mem.putLong(vec + 8L * i, p);
            p += strings[i].length + 1;
        }
        return m;
    }
}
