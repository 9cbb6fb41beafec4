package jomp.runtime.start;

/**
 * Ending the program by a signal, as a C program ends: the process dies of the signal itself, so
 * the shell prints "Segmentation fault" (with "(core dumped)" where `ulimit -c` allows a core) and
 * reports status 128 + the signal's number; nothing is flushed and no atexit handler runs.
 *
 * A memory fault in C code never gets here: the executable's launcher has installed a fault
 * handler that the JVM chains behind its own (linker-wrapper's Launcher), and that handler ends
 * the process by the fault's signal. What comes here is what the JVM turns into an exception
 * although C has a signal for it: a stack overflow (SIGSEGV), an integer division by zero
 * (SIGFPE), a bus error in an Unsafe access, which HotSpot reports as an InternalError (SIGBUS);
 * and abort (SIGABRT) and __builtin_trap (SIGILL).
 */
public final class Signals {
    private Signals() {}

    public static final int SIGILL = 4, SIGABRT = 6, SIGBUS = 7, SIGFPE = 8, SIGSEGV = 11;

    /** What HotSpot says when an Unsafe or memory-segment access faults with SIGBUS (a truncated mapped file). */
    private static final String UNSAFE_FAULT = "a fault occurred in an unsafe memory access operation";

    /** The signal that {@code t} (or an exception it wraps) stands for in C; 0 when none. */
    public static int of(Throwable t) {
        for (int depth = 0; t != null && depth < 16; t = t.getCause(), depth++) {
            if (t instanceof StackOverflowError) return SIGSEGV;
            if (t instanceof ArithmeticException a && "/ by zero".equals(a.getMessage())) return SIGFPE;
            if (t instanceof InternalError i
                    && i.getMessage() != null
                    && i.getMessage().startsWith(UNSAFE_FAULT)) return SIGBUS;
            if (t instanceof jomp.runtime.mem.BadFunctionPointer)
                return SIGSEGV; // a call through NULL or a wild pointer
            if (t instanceof jomp.runtime.mem.WildSize) return SIGSEGV; // runs into unmapped memory
        }
        return 0;
    }

    /**
     * Ends the program by the signal {@code t} stands for, if it stands for one; returns
     * otherwise. Called where C code's exceptions are caught: C's main, the threads of a team,
     * a target region's launch.
     */
    public static void dieOf(Throwable t) {
        if (t instanceof LongJump) {
            // no jomp frame of this thread waits for it: its setjmp's function returned, the setjmp
            // ran in another thread, or native frames lie between (glibc's __longjmp_chk aborts too)
            System.err.print("*** longjmp causes uninitialized stack frame ***: terminated\n");
            System.err.flush();
            die(SIGABRT, t);
        }
        int signal = of(t);
        if (signal != 0) die(signal, t);
    }

    /**
     * An exception no C construct explains reached the top of a program's thread (C's main, a
     * team's thread, the signal thread, a function native code called): what stands for a signal
     * ends the program by it; anything else is a fault of jomp's, reported in two lines, as clang
     * reports its own crash (the Java stack trace with JOMP_BACKTRACE set), and the program ends
     * with status 1. Never returns.
     */
    public static void fatal(Throwable t) {
        dieOf(t);
        String name = Startup.programName();
        System.err.print(name + ": internal error in jomp's runtime: " + t + "\n" + name
                + ": (JOMP_BACKTRACE=1 prints where; please report it with the program)\n");
        if (System.getenv("JOMP_BACKTRACE") != null) t.printStackTrace();
        System.err.flush();
        Startup.halt(1);
    }

    /** Ends the program by {@code signal}. With JOMP_BACKTRACE set, {@code cause}'s Java stack trace goes to stderr first. */
    public static void die(int signal, Throwable cause) {
        if (cause != null && System.getenv("JOMP_BACKTRACE") != null) cause.printStackTrace();
        if (signal == SIGABRT || launcherHandler()) raise(signal);
        // not run as an executable (`java -jar`): the JVM would take the signal for a crash of its
        // own; the status says which signal, and a line says what happened (abort: as in C, nothing)
        if (signal != SIGABRT) {
            System.err.println(Startup.programName() + ": "
                    + (cause instanceof StackOverflowError ? "stack overflow (SIGSEGV)" : describe(signal)));
            System.err.flush();
        }
        Startup.halt(128 + signal); // glibc's _exit once native code runs: no atexit handler in the wrong thread
    }

    /** abort(): SIGABRT, which the JVM leaves alone. */
    public static void abort() {
        die(SIGABRT, null);
    }

    /**
     * Raises {@code signal} in this thread. The JVM's handler passes a SIGSEGV, SIGBUS, SIGILL or
     * SIGFPE it did not cause to the launcher's handler, which resets the signal's action to the
     * default and returns; the second raise then ends the process. SIGABRT's action is made the
     * default first (abort ends the program whatever handler the program had). The JDK's raise0
     * (JVM_RaiseSignal) takes any signal; sun.misc.Signal.raise only one with a Java handler.
     * The executable's manifest opens jdk.internal.misc to the program for it (Add-Opens).
     */
    @SuppressWarnings("removal")
    private static void raise(int signal) {
        if (signal == SIGABRT) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal("ABRT"), sun.misc.SignalHandler.SIG_DFL);
            } catch (IllegalArgumentException e) {
                // the JVM keeps it: raise anyway
            }
        }
        try {
            java.lang.reflect.Method raise0 =
                    Class.forName("jdk.internal.misc.Signal").getDeclaredMethod("raise0", int.class);
            raise0.setAccessible(true);
            raise0.invoke(null, signal);
            raise0.invoke(null, signal);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // not opened (not run as an executable): the caller ends the program otherwise
        }
    }

    /**
     * Whether the launcher's fault handler is in this process: the JVM was started by the
     * executable, which had it preload the executable (a mapping of that file). Not so when the
     * program's jar is run by `java -jar`, or the executable's path has a space or colon. The
     * launcher names the executable in jomp.executable (a program started from the start cache
     * has its runtime classes from the cache's jar); without it, the jar these classes came from.
     */
    private static boolean launcherHandler() {
        String self;
        try {
            String exe = System.getProperty("jomp.executable");
            var source = Signals.class.getProtectionDomain().getCodeSource();
            if (exe == null && source == null) return false;
            self = (exe != null
                            ? new java.io.File(exe)
                            : new java.io.File(source.getLocation().toURI()))
                    .getCanonicalPath();
        } catch (Exception e) {
            return false;
        }
        try (var in = new java.io.BufferedReader(
                new java.io.FileReader("/proc/self/maps", java.nio.charset.StandardCharsets.UTF_8))) {
            for (String l; (l = in.readLine()) != null; ) {
                // address perms offset dev inode path: the preloaded code is an executable mapping
                String[] f = l.split("\\s+", 6);
                if (f.length == 6 && f[1].contains("x") && f[5].equals(self)) return true;
            }
        } catch (java.io.IOException e) {
            return false;
        }
        return false;
    }

    private static String describe(int signal) {
        return switch (signal) {
            case SIGILL -> "illegal instruction (SIGILL)";
            case SIGABRT -> "aborted (SIGABRT)";
            case SIGBUS -> "bus error (SIGBUS)";
            case SIGFPE -> "integer division by zero (SIGFPE)";
            default -> "segmentation fault (SIGSEGV)";
        };
    }
}
