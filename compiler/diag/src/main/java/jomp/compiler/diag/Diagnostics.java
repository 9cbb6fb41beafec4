package jomp.compiler.diag;

import java.io.PrintStream;

/**
 * Collects and prints diagnostics the way clang does:
 * {@code file:line:col: error: message}, the source line (after its line number, as clang 19), and
 * a caret under the column.
 * Errors count; warnings become errors under -Werror and vanish under -w.
 */
public final class Diagnostics {
    public enum Severity {
        NOTE,
        WARNING,
        ERROR,
        FATAL
    }

    /** Thrown to stop compilation after a fatal error (or when recovery is pointless). */
    public static final class FatalError extends RuntimeException {
        public FatalError(String message) {
            super(message, null, false, false);
        }
    }

    private final PrintStream out;
    private boolean werror;
    private boolean suppressWarnings;
    private WarningOptions warningOptions;
    /** Notes after a warning the -W options turned off are not printed either. */
    private boolean notesSuppressed;
    /** While held (see {@link #hold()}), what would be printed, one entry per diagnostic with its notes. */
    private java.util.List<Held> held;

    private record Held(SourceLocation loc, StringBuilder text) {}

    /**
     * A warning computed after parsing (jomp.compiler.sema.Warnings) that clang would have given at
     * some point of the parse: before the first held diagnostic of the same file past
     * {@code position} (a file offset; n.5 means "before offset n+1, after offset n"), with its
     * notes (location, message).
     */
    public record Pending(
            SourceLocation loc, String message, String flag, double position, java.util.List<Pending> notes) {
        public Pending(SourceLocation loc, String message, String flag, double position) {
            this(loc, message, flag, position, java.util.List.of());
        }
    }

    private int errors;
    private int warnings;
    private int errorLimit = 20;

    public Diagnostics(PrintStream out) {
        this.out = out;
    }

    public Diagnostics werror(boolean on) {
        werror = on;
        return this;
    }

    /** clang 19's line numbers beside the source line ({@code    3 | int x}; -fno-diagnostics-show-line-numbers turns them off). */
    private boolean lineNumbers = true;

    public Diagnostics lineNumbers(boolean on) {
        lineNumbers = on;
        return this;
    }

    /** -fno-caret-diagnostics: the message line alone; -fno-show-column: {@code file:line:} without the column (clang's). */
    private boolean caret = true, column = true;

    public Diagnostics caret(boolean on) {
        caret = on;
        return this;
    }

    public Diagnostics column(boolean on) {
        column = on;
        return this;
    }

    /** Where diagnostics go (-v's search list goes there too, as clang prints it on stderr). */
    public PrintStream stream() {
        return out;
    }

    public Diagnostics suppressWarnings(boolean on) {
        suppressWarnings = on;
        return this;
    }
    /** -W options (which warnings are on, which are errors), as clang works them; see {@link WarningOptions}. */
    public Diagnostics warningOptions(WarningOptions w) {
        warningOptions = w;
        return this;
    }

    /** Whether a warning of this flag would be printed (so that costly checks for one that is off can be skipped). */
    public boolean enabled(String flag) {
        if (suppressWarnings) return false;
        return warningOptions == null || warningOptions.state(flag) != WarningOptions.State.OFF;
    }

    /** The same for a warning whose default is given. */
    public boolean enabled(String flag, WarningOptions.Default dflt) {
        if (warningOptions == null)
            return dflt != WarningOptions.Default.OFF && (!suppressWarnings || dflt == WarningOptions.Default.ERROR);
        return warningOptions.state(flag, dflt) != WarningOptions.State.OFF;
    }

    /** From now on, diagnostics are kept instead of printed, until {@link #release}. */
    public synchronized void hold() {
        if (held == null) held = new java.util.ArrayList<>();
    }

    /**
     * Prints what was held with {@code pending} merged in where clang would have printed them
     * (see {@link Pending}), the pending ones in the order given among themselves, and stops holding.
     */
    public synchronized void release(java.util.List<Pending> pending) {
        java.util.List<Held> h = held;
        held = null;
        if (h == null) h = java.util.List.of();
        int next = 0;
        for (Held e : h) {
            while (next < pending.size() && comesBefore(pending.get(next), e)) emitPending(pending.get(next++));
            out.print(e.text);
        }
        while (next < pending.size()) emitPending(pending.get(next++));
    }

    private static boolean comesBefore(Pending p, Held e) {
        if (e.loc == null || p.loc() == null || e.loc.file() != p.loc().file()) return false;
        return e.loc.offset() > p.position();
    }

    private void emitPending(Pending p) {
        // what clang says at the end of the unit it says only when no error has been reported
        if (p.position() == Double.MAX_VALUE && errors > 0) return;
        int before = warnings + errors;
        warning(p.loc(), p.message(), p.flag());
        if (warnings + errors > before) for (Pending n : p.notes()) report(Severity.NOTE, n.loc(), n.message());
    }

    /** The text a diagnostic prints goes out, or into the held list. */
    private void print(SourceLocation loc, Severity sev, String text) {
        if (held == null) {
            out.print(text);
            return;
        }
        if (sev == Severity.NOTE && !held.isEmpty())
            held.get(held.size() - 1).text.append(text);
        else held.add(new Held(loc, new StringBuilder(text)));
    }

    public int errorCount() {
        return errors;
    }

    public int warningCount() {
        return warnings;
    }

    public boolean hasErrors() {
        return errors > 0;
    }

    public void error(SourceLocation loc, String message) {
        report(Severity.ERROR, loc, message);
    }

    public void warning(SourceLocation loc, String message) {
        report(Severity.WARNING, loc, message);
    }

    public void note(SourceLocation loc, String message) {
        report(Severity.NOTE, loc, message);
    }

    /**
     * A note at the very place of the diagnostic just reported, which clang shows without the source
     * line again (its TextDiagnostic prints no snippet for a location the last diagnostic had, when
     * neither has ranges: jomp tracks none, so the caller says when that holds).
     */
    public void noteAtSamePlace(SourceLocation loc, String message) {
        report(Severity.NOTE, loc, message, false);
    }

    /** Reports a fatal error and throws, ending the compile. */
    public FatalError fatal(SourceLocation loc, String message) {
        report(Severity.FATAL, loc, message);
        if (held != null) release(java.util.List.of());
        throw new FatalError(message);
    }

    /**
     * A warning with its flag, printed like clang: {@code warning: ... [-Wformat]}, or
     * {@code error: ... [-Werror,-Wformat]} under -Werror (or -Werror=flag) or {@code #pragma GCC
     * diagnostic error}; not at all under -Wno-flag, -w, {@code #pragma GCC diagnostic ignored},
     * or when it points into a system header (clang's rule).
     */
    public void warning(SourceLocation loc, String message, String flag) {
        if (flag == null) {
            report(Severity.WARNING, loc, message);
            return;
        }
        warning(loc, message, flag, null);
    }

    /**
     * A warning whose default clang gives apart from its flag's ({@link WarningOptions.Default}):
     * an error by default ({@code error: ... [-Wimplicit-int]}, no "-Werror," since no option made
     * it one) or off unless its group is asked for. null: the flag's own default.
     */
    public void warning(SourceLocation loc, String message, String flag, WarningOptions.Default dflt) {
        String mapped = pragmaMap.getOrDefault(flag, pragmaMap.get("-Weverything"));
        if ("ignored".equals(mapped) || shownNowhere(loc)) {
            notesSuppressed = true;
            return;
        }
        WarningOptions.State st;
        if ("error".equals(mapped) || "fatal".equals(mapped)) st = WarningOptions.State.ERROR;
        else if ("warning".equals(mapped))
            st = suppressWarnings ? WarningOptions.State.OFF : WarningOptions.State.WARNING;
        else if (warningOptions != null)
            st = dflt == null ? warningOptions.state(flag) : warningOptions.state(flag, dflt);
        else if (dflt == WarningOptions.Default.ERROR) st = WarningOptions.State.ERROR;
        else if (dflt == WarningOptions.Default.OFF) st = WarningOptions.State.OFF;
        else
            st = suppressWarnings
                    ? WarningOptions.State.OFF
                    : werror ? WarningOptions.State.ERROR : WarningOptions.State.WARNING;
        switch (st) {
            case OFF -> notesSuppressed = true;
            case WARNING -> reportWarning(loc, message + " [" + flag + "]");
            case ERROR ->
                report(
                        Severity.ERROR,
                        loc,
                        message + (dflt == WarningOptions.Default.ERROR ? " [" : " [-Werror,") + flag + "]");
        }
    }

    /** A warning that is an error unless the options say otherwise (clang's DefaultError). */
    public void defaultError(SourceLocation loc, String message, String flag) {
        warning(loc, message, flag, WarningOptions.Default.ERROR);
    }

    /** Warnings in system headers are not shown (clang's rule). */
    private static boolean shownNowhere(SourceLocation loc) {
        return loc != null && loc.file().isSystem();
    }

    // #pragma GCC diagnostic: a flag's mapping ("ignored", "warning", "error"), with push/pop
    private java.util.HashMap<String, String> pragmaMap = new java.util.HashMap<>();
    private final java.util.ArrayDeque<java.util.HashMap<String, String>> pragmaStack = new java.util.ArrayDeque<>();

    /** {@code #pragma GCC diagnostic push|pop|ignored|warning|error|fatal [flag]}, as it is met. */
    public synchronized void pragmaDiagnostic(String action, String flag) {
        switch (action) {
            case "push" -> pragmaStack.push(new java.util.HashMap<>(pragmaMap));
            case "pop" -> {
                if (!pragmaStack.isEmpty()) pragmaMap = pragmaStack.pop();
            }
            default -> pragmaMap.put(flag, action);
        }
    }

    /** Forgets the diagnostic pragmas: the preprocessor applies them as it goes, then the parser again from the start. */
    public synchronized void resetPragmaDiagnostics() {
        pragmaMap = new java.util.HashMap<>();
        pragmaStack.clear();
    }

    /**
     * A warning about the command line, printed as clang's cc1 prints one: no location and no
     * program name ({@code warning: unknown warning option '-Wfoo' [-Wunknown-warning-option]}).
     */
    public synchronized void commandLineWarning(String message, String flag) {
        WarningOptions.State st = warningOptions == null ? WarningOptions.State.WARNING : warningOptions.state(flag);
        if (st == WarningOptions.State.OFF) return;
        if (st == WarningOptions.State.ERROR) {
            errors++;
            out.println("error: " + message + " [-Werror," + flag + "]");
        } else {
            warnings++;
            out.println("warning: " + message + " [" + flag + "]");
        }
    }

    /** A warning whose state the -W options decided: neither -Werror nor -w applies again. */
    private synchronized void reportWarning(SourceLocation loc, String message) {
        boolean w = werror, s = suppressWarnings;
        werror = false;
        suppressWarnings = false;
        try {
            report(Severity.WARNING, loc, message);
        } finally {
            werror = w;
            suppressWarnings = s;
        }
    }

    public void report(Severity sev, SourceLocation loc, String message) {
        report(sev, loc, message, true);
    }

    private synchronized void report(Severity sev, SourceLocation loc, String message, boolean withSource) {
        if (sev == Severity.NOTE && notesSuppressed) return;
        notesSuppressed = false;
        if (sev == Severity.WARNING) {
            if (suppressWarnings || shownNowhere(loc)) {
                notesSuppressed = true;
                return;
            }
            if (werror) {
                sev = Severity.ERROR;
                message += " [-Werror]"; // a warning with no flag (flagged ones come through reportWarning), as clang
                // shows it
            } else warnings++;
        }
        if (sev == Severity.ERROR && errors >= errorLimit - 1) {
            // clang's -ferror-limit: the error that reaches the limit is this fatal one instead
            errors++;
            release(java.util.List.of());
            out.println("fatal error: too many errors emitted, stopping now [-ferror-limit=]");
            throw new FatalError("too many errors");
        }
        if (sev == Severity.ERROR || sev == Severity.FATAL) errors++;
        String word = switch (sev) {
            case NOTE -> "note";
            case WARNING -> "warning";
            case ERROR -> "error";
            case FATAL -> "fatal error";
        };
        String nl = System.lineSeparator();
        if (loc == null) {
            print(null, sev, "jomp: " + word + ": " + message + nl);
        } else {
            String where = column ? loc.toString() : loc.presumedFile() + ":" + loc.presumedLine();
            print(loc, sev, where + ": " + word + ": " + message + nl + (caret && withSource ? snippet(loc, nl) : ""));
        }
    }

    /**
     * The source line and the caret under the column, as clang shows them; nothing for a line longer
     * than 4096 characters (clang's TextDiagnostic shows none: a generated line can be megabytes).
     */
    private String snippet(SourceLocation loc, String nl) {
        int lineNo = loc.file().line(loc.offset());
        String line = loc.file().lineText(lineNo);
        if (line.length() > 4096) return "";
        // tabs expanded to stops of 8, as clang shows the line, so the caret stands under the column
        StringBuilder source0 = new StringBuilder();
        int caretAt = -1, col = loc.column();
        for (int i = 0; i < line.length(); i++) {
            if (i == col - 1) caretAt = source0.length();
            char ch = line.charAt(i);
            if (ch == '\t') source0.append(" ".repeat(8 - source0.length() % 8));
            else source0.append(ch);
        }
        if (caretAt < 0) caretAt = source0.length() + Math.max(0, col - 1 - line.length());
        String source = source0.toString(), under = " ".repeat(caretAt) + "^";
        if (lineNumbers) {
            // clang's gutter: the file's line number right-aligned in at least 4 columns (wide
            // enough for the 16 lines a snippet may show), then " | "
            int width = Math.max(4, Integer.toString(lineNo + 16).length());
            source = " ".repeat(width - Integer.toString(lineNo).length() + 1) + lineNo + " | " + source;
            under = " ".repeat(width + 2) + "| " + under;
        }
        return source + nl + under + nl;
    }

    /** clang's closing summary, e.g. "2 warnings and 1 error generated."; none under -fno-caret-diagnostics, as clang's. */
    public synchronized void printSummary() {
        if (held != null) release(java.util.List.of());
        if (warnings == 0 && errors == 0 || !caret) return;
        StringBuilder sb = new StringBuilder();
        if (warnings > 0) sb.append(warnings).append(warnings == 1 ? " warning" : " warnings");
        if (warnings > 0 && errors > 0) sb.append(" and ");
        if (errors > 0) sb.append(errors).append(errors == 1 ? " error" : " errors");
        out.println(sb.append(" generated."));
    }
}
