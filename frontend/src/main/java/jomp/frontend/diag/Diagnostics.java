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
    private int errors;
    private int warnings;
    private int errorLimit = 20;
    private boolean dropNotes;

    public Diagnostics(PrintStream out) { this.out = out; }

    public Diagnostics werror(boolean on) { werror = on; return this; }

    /** Where diagnostics go (-v's search list goes there too, as clang prints it on stderr). */
    public PrintStream stream() { return out; }
    public Diagnostics suppressWarnings(boolean on) { suppressWarnings = on; return this; }

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

    /**
     * A warning with its flag, printed like clang: {@code warning: ... [-Wformat]}, or
     * {@code error: ... [-Werror,-Wformat]} under -Werror or {@code #pragma GCC diagnostic error};
     * not at all under {@code #pragma GCC diagnostic ignored}.
     */
    public void warning(SourceLocation loc, String message, String flag) {
        if (flag == null) { report(Severity.WARNING, loc, message); return; }
        String mapped = pragmaMap.getOrDefault(flag, pragmaMap.get("-Weverything"));
        if ("ignored".equals(mapped) || suppressWarnings || shownNowhere(loc)) { dropNotes = true; return; }
        boolean asError = "error".equals(mapped) || "fatal".equals(mapped) || werror && !"warning".equals(mapped);
        if (asError) report(Severity.ERROR, loc, message + " [-Werror," + flag + "]");
        else report(Severity.WARNING, loc, message + " [" + flag + "]", false);
    }

    /** Warnings in system headers are not shown (clang's rule). */
    private static boolean shownNowhere(SourceLocation loc) { return loc != null && loc.file().isSystem(); }

    // #pragma GCC diagnostic: a flag's mapping ("ignored", "warning", "error"), with push/pop
    private java.util.HashMap<String, String> pragmaMap = new java.util.HashMap<>();
    private final java.util.ArrayDeque<java.util.HashMap<String, String>> pragmaStack = new java.util.ArrayDeque<>();

    /** {@code #pragma GCC diagnostic push|pop|ignored|warning|error|fatal [flag]}, as it is met. */
    public synchronized void pragmaDiagnostic(String action, String flag) {
        switch (action) {
            case "push" -> pragmaStack.push(new java.util.HashMap<>(pragmaMap));
            case "pop" -> { if (!pragmaStack.isEmpty()) pragmaMap = pragmaStack.pop(); }
            default -> pragmaMap.put(flag, action);
        }
    }

    /** Forgets the diagnostic pragmas: the preprocessor applies them as it goes, then the parser again from the start. */
    public synchronized void resetPragmaDiagnostics() {
        pragmaMap = new java.util.HashMap<>();
        pragmaStack.clear();
    }

    public void report(Severity sev, SourceLocation loc, String message) { report(sev, loc, message, werror); }

    private synchronized void report(Severity sev, SourceLocation loc, String message, boolean upgrade) {
        if (sev == Severity.NOTE && dropNotes) return;      // the notes of a warning not shown
        dropNotes = false;
        if (sev == Severity.WARNING) {
            if (suppressWarnings || shownNowhere(loc)) { dropNotes = true; return; }
            if (upgrade) sev = Severity.ERROR;
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
