package jomp.frontend.diag;

import java.io.PrintStream;

/**
 * Collects and prints diagnostics the way clang does:
 * {@code file:line:col: error: message}, the source line, and a caret under the column.
 * Errors count; warnings become errors under -Werror and vanish under -w.
 */
public final class Diagnostics {
    public enum Severity { NOTE, WARNING, ERROR, FATAL }

    /** Thrown to stop compilation after a fatal error (or when recovery is pointless). */
    public static final class FatalError extends RuntimeException {
        public FatalError(String message) { super(message, null, false, false); }
    }

    private final PrintStream out;
    private boolean werror;
    private boolean suppressWarnings;
    private WarningOptions warningOptions;
    private int errors;
    private int warnings;
    private int errorLimit = 20;

    public Diagnostics(PrintStream out) { this.out = out; }

    public Diagnostics werror(boolean on) { werror = on; return this; }
    public Diagnostics suppressWarnings(boolean on) { suppressWarnings = on; return this; }
    /** -W options (which warnings are on, which are errors), as clang works them; see {@link WarningOptions}. */
    public Diagnostics warningOptions(WarningOptions w) { warningOptions = w; return this; }

    public int errorCount() { return errors; }
    public int warningCount() { return warnings; }
    public boolean hasErrors() { return errors > 0; }

    public void error(SourceLocation loc, String message) { report(Severity.ERROR, loc, message); }
    public void warning(SourceLocation loc, String message) { report(Severity.WARNING, loc, message); }
    public void note(SourceLocation loc, String message) { report(Severity.NOTE, loc, message); }

    /** Reports a fatal error and throws, ending the compile. */
    public FatalError fatal(SourceLocation loc, String message) {
        report(Severity.FATAL, loc, message);
        throw new FatalError(message);
    }

    /** A warning with its flag, printed like clang: {@code warning: ... [-Wformat]}, or {@code error: ... [-Werror,-Wformat]} under -Werror. */
    public void warning(SourceLocation loc, String message, String flag) {
        if (flag == null) { report(Severity.WARNING, loc, message); return; }
        if (warningOptions == null) { report(Severity.WARNING, loc, message + " [" + (werror ? "-Werror," : "") + flag + "]"); return; }
        switch (warningOptions.state(flag)) {
            case OFF -> { }
            case WARNING -> reportWarning(loc, message + " [" + flag + "]");
            case ERROR -> report(Severity.ERROR, loc, message + " [-Werror," + flag + "]");
        }
    }

    /**
     * A warning about the command line, printed as clang's cc1 prints one: no location and no
     * program name ({@code warning: unknown warning option '-Wfoo' [-Wunknown-warning-option]}).
     */
    public synchronized void commandLineWarning(String message, String flag) {
        WarningOptions.State st = warningOptions == null ? WarningOptions.State.WARNING : warningOptions.state(flag);
        if (st == WarningOptions.State.OFF) return;
        if (st == WarningOptions.State.ERROR) { errors++; out.println("error: " + message + " [-Werror," + flag + "]"); }
        else { warnings++; out.println("warning: " + message + " [" + flag + "]"); }
    }

    /** A warning whose state the -W options decided: neither -Werror nor -w applies again. */
    private synchronized void reportWarning(SourceLocation loc, String message) {
        boolean w = werror, s = suppressWarnings;
        werror = false;
        suppressWarnings = false;
        try { report(Severity.WARNING, loc, message); } finally { werror = w; suppressWarnings = s; }
    }

    public synchronized void report(Severity sev, SourceLocation loc, String message) {
        if (sev == Severity.WARNING) {
            if (suppressWarnings) return;
            if (werror) sev = Severity.ERROR;
            else warnings++;
        }
        if (sev == Severity.ERROR || sev == Severity.FATAL) errors++;
        String word = switch (sev) {
            case NOTE -> "note"; case WARNING -> "warning"; case ERROR -> "error"; case FATAL -> "fatal error";
        };
        if (loc == null) {
            out.println("jomp: " + word + ": " + message);
        } else {
            out.println(loc + ": " + word + ": " + message);
            String line = loc.file().lineText(loc.file().line(loc.offset()));
            out.println(line);
            StringBuilder caret = new StringBuilder();
            int col = loc.column();
            for (int i = 0; i < col - 1 && i < line.length(); i++) caret.append(line.charAt(i) == '\t' ? '\t' : ' ');
            out.println(caret.append('^'));
        }
        if (sev != Severity.NOTE && errors >= errorLimit && sev != Severity.FATAL) {
            out.println("fatal error: too many errors emitted, stopping now");
            throw new FatalError("too many errors");
        }
    }

    /** clang's closing summary, e.g. "2 warnings and 1 error generated." */
    public void printSummary() {
        if (warnings == 0 && errors == 0) return;
        StringBuilder sb = new StringBuilder();
        if (warnings > 0) sb.append(warnings).append(warnings == 1 ? " warning" : " warnings");
        if (warnings > 0 && errors > 0) sb.append(" and ");
        if (errors > 0) sb.append(errors).append(errors == 1 ? " error" : " errors");
        out.println(sb.append(" generated."));
    }
}
