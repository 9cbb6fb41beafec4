package jomp.runtime.target;

import java.io.PrintStream;

/**
 * The runtime's reports on stderr, as libomptarget gives them: LIBOMPTARGET_INFO (a bit mask:
 * 0x1 kernel arguments, 0x2 existing mappings, 0x4 the mapping table at exit, 0x8 new and removed
 * mappings, 0x10 kernel launches, 0x20 data transfers) and LIBOMPTARGET_DEBUG (any positive
 * number: a trace of what the runtime does, prefixed {@code omptarget -->}).
 */
final class Info {
    private Info() {}

    static final int KERNEL_ARGS = 0x1, MAPPING_EXISTS = 0x2, DUMP_TABLE = 0x4, MAPPING_CHANGED = 0x8,
        KERNEL = 0x10, DATA_TRANSFER = 0x20;

    static final int MASK = number("LIBOMPTARGET_INFO");
    static final boolean DEBUG = number("LIBOMPTARGET_DEBUG") > 0;

    private static int number(String var) {
        String v = System.getenv(var);
        if (v == null || v.isBlank()) return 0;
        try {
            return Long.decode(v.trim()).intValue();
        } catch (NumberFormatException e) {
            System.err.println("omptarget message: ignoring " + var + "=" + v + " (not a number)");
            return 0;
        }
    }

    static boolean on(int bit) { return (MASK & bit) != 0; }

    private static PrintStream err() {
        jomp.runtime.libc.Stdio.fflush(0);   // keep C's buffered stdout in order with the reports
        return System.err;
    }

    /** An info line of device {@code device}, as libomptarget prints them. */
    static void info(int bit, int device, String fmt, Object... args) {
        if (on(bit)) err().println("omptarget device " + device + " info: " + String.format(fmt, args));
    }

    /** A kernel launch line in the plugins' format (which scripts grep for). */
    static void launch(int device, String kernel, int teams, int threads) {
        if (on(KERNEL))
            err().println("\"PluginInterface\" device " + device + " info: Launching kernel " + kernel + " with " + teams
                    + " blocks and " + threads + " threads in Generic mode");
    }

    static void debug(String fmt, Object... args) {
        if (DEBUG) err().println("omptarget --> " + String.format(fmt, args));
    }

    static String hex(long v) { return String.format("0x%016x", v); }
}
