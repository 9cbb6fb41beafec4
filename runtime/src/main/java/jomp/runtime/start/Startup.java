package jomp.runtime.start;

import java.nio.charset.StandardCharsets;

import jomp.runtime.mem.Mem;

/** What runs before C's main: the argument vector in native memory, as the C runtime's _start builds it. */
public final class Startup {
    private Startup() {}

    /** argv[0] is the program's name, as the shell preamble passes it; argv[argc] is NULL. */
    public static long argv(String program, String[] args) {
        int argc = args.length + 1;
        long vec = Mem.permanent(8L * (argc + 1), 8);
        Mem.putLong(vec, cString(program));
        for (int i = 0; i < args.length; i++) Mem.putLong(vec + 8L * (i + 1), cString(args[i]));
        Mem.putLong(vec + 8L * argc, 0);
        return vec;
    }

    /** envp: the environment as NAME=value strings, NULL-terminated. */
    public static long envp() {
        var env = System.getenv();
        long vec = Mem.permanent(8L * (env.size() + 1), 8);
        int i = 0;
        for (var e : env.entrySet()) Mem.putLong(vec + 8L * i++, cString(e.getKey() + "=" + e.getValue()));
        Mem.putLong(vec + 8L * i, 0);
        return vec;
    }

    /**
     * An exception out of C's main. One that stands for a signal in C (a stack overflow, an integer
     * division by zero: {@link Signals}) ends the program by that signal, as the C program ends.
     * Anything else is a fault of jomp's and is thrown on, Java stack trace and all.
     */
    public static void crash(Throwable t) throws Throwable {
        Signals.dieOf(t);
        throw t;
    }

    /** The program name: the preamble passes $0 in the system property jomp.program. */
    public static String programName() {
        return System.getProperty("jomp.program", "a.out");
    }

    private static long cString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        long m = Mem.permanent(b.length + 1L, 1);   // zeroed: the terminating NUL is there
        Mem.copyFromArray(b, 0, m, b.length);
        return m;
    }
}
