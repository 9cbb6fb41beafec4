package jomp.runtime.offload;

import java.io.PrintStream;

/**
 * The runtime's reports on stderr, as libomptarget gives them: LIBOMPTARGET_INFO (a bit mask:
 * 0x1 kernel arguments, 0x2 existing mappings, 0x4 the mapping table after each construct and at
 * exit, 0x8 new and removed mappings, 0x10 kernel launches, 0x20 data transfers) and
 * LIBOMPTARGET_DEBUG (any positive number: the trace a debug build of libomptarget prints, each
 * line {@code omptarget --> ...}; the info reports then go into the trace too, as they do there).
 */
final class Info {
    private Info() {}

    static final int KERNEL_ARGS = 0x1,
            MAPPING_EXISTS = 0x2,
            DUMP_TABLE = 0x4,
            MAPPING_CHANGED = 0x8,
            KERNEL = 0x10,
            DATA_TRANSFER = 0x20,
            EMPTY_MAPPING = 0x40;

    /** The LIBOMPTARGET_INFO mask and whether LIBOMPTARGET_DEBUG is on (tests set them). */
    static volatile int MASK = number("LIBOMPTARGET_INFO");

    static volatile boolean DEBUG = number("LIBOMPTARGET_DEBUG") > 0;

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

    static boolean on(int bit) {
        return (MASK & bit) != 0;
    }

    /** Is a report of this kind printed anywhere (as info, or in the debug trace)? */
    static boolean wanted(int bit) {
        return DEBUG || on(bit);
    }

    /**
     * Where the reports go. C's stdout is not flushed first: libomptarget writes to stderr alone,
     * so a program that a fatal error aborts loses what its stdout buffer held, as clang's does.
     */
    private static PrintStream err() {
        return System.err;
    }

    /** An info line of device {@code device} (libomptarget's INFO): in the debug trace when debugging. */
    static void info(int bit, int device, String fmt, Object... args) {
        if (DEBUG) err().println("omptarget --> " + String.format(fmt, args));
        else if (on(bit)) err().println("omptarget device " + device + " info: " + String.format(fmt, args));
    }

    /** A line of the table dump (libomptarget's DUMP_INFO): always an info line. */
    static void dump(int device, String fmt, Object... args) {
        err().println("omptarget device " + device + " info: " + String.format(fmt, args));
    }

    /**
     * A kernel launch line, as LLVM 19's plugins print it (GenericKernelTy::printLaunchInfo):
     * {@code "PluginInterface" device N info: Launching kernel K with B blocks and T threads in
     * SPMD mode}, N the device's number within its plugin. The test corpus counts them to check
     * that regions ran on a device.
     */
    static void launch(int pluginDevice, String kernel, int blocks, int threads, String mode) {
        String what = launchMessage(kernel, blocks, threads, mode);
        if (on(KERNEL)) err().println("\"PluginInterface\" device " + pluginDevice + " info: " + what);
        else if (DEBUG) err().println("omptarget --> " + what);
    }

    static String launchMessage(String kernel, int blocks, int threads, String mode) {
        return "Launching kernel " + kernel + " with " + blocks + " blocks and " + threads + " threads in " + mode
                + " mode";
    }

    /** A trace line (libomptarget's DP). */
    static void debug(String fmt, Object... args) {
        if (DEBUG) err().println("omptarget --> " + String.format(fmt, args));
    }

    /** libomptarget's MESSAGE: always printed. */
    static void message(String fmt, Object... args) {
        err().println("omptarget message: " + String.format(fmt, args));
    }

    /** libomptarget's REPORT: always printed (an error on the way to a fatal one). */
    static void report(String fmt, Object... args) {
        err().println("omptarget error: " + String.format(fmt, args));
    }

    static String hex(long v) {
        return "0x" + String.format("%016x", v);
    }
}
