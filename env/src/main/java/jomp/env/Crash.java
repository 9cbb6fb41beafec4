package jomp.env;

import java.io.PrintStream;
import java.util.List;

/**
 * How jomp's tools report a fault of their own (an exception no input explains), as clang reports
 * its crashes: a short message naming the tool and the failure, the command that failed, and exit
 * status 1; never a Java stack trace, which JOMP_BACKTRACE=1 adds for whoever debugs jomp.
 */
public final class Crash {
    private Crash() {}

    /**
     * Prints the report of {@code t} in {@code tool} (the name its messages begin with) running
     * {@code command} (the program and its arguments); returns the status, 1.
     */
    public static int report(String tool, List<String> command, Throwable t, PrintStream err) {
        err.println(tool + ": error: internal error: " + describe(t));
        err.println(tool + ": note: while running: " + String.join(" ", command));
        err.println(tool + ": note: please report it with the input; JOMP_BACKTRACE=1 prints the Java stack trace");
        if (Invocation.getenv("JOMP_BACKTRACE") != null) t.printStackTrace(err);
        err.flush();
        return 1;
    }

    /** The exception in one line: its type and message, and its cause's when it wraps one. */
    static String describe(Throwable t) {
        String s = t.toString();
        if (t.getCause() != null && t.getCause() != t) s += " (caused by " + t.getCause() + ")";
        return s.replace('\n', ' ');
    }
}
