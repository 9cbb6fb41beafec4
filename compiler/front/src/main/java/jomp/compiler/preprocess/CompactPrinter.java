package jomp.compiler.preprocess;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import jomp.compiler.lex.Token;

/**
 * Prints preprocessed tokens as {@code clang -E -P} does: no line markers, and clang's rule for
 * where lines break. The printer keeps the source line it stands on; a token at the start of a
 * source line one line further down starts a new output line (which leaves a blank line after a
 * line that printed nothing, such as a {@code #define}), one further down still only ends the
 * current line, if anything is on it. A token that starts an output line is indented to its
 * source column. Entering or leaving a file, and {@code #line}, end the current line. Build
 * scripts and tools that read {@code -E -P} output (configure's checks, generated sources) see
 * the lines clang gives them.
 */
final class CompactPrinter {
    private final StringBuilder out = new StringBuilder();
    private int curLine = 1;
    private boolean emittedTokens;
    private boolean emittedDirective;
    private Token prev;

    private CompactPrinter() {}

    static String print(List<Token> toks, List<Preprocessor.LineMarker> markers) {
        CompactPrinter p = new CompactPrinter();
        p.run(toks, markers);
        return p.out.toString();
    }

    private void run(List<Token> toks, List<Preprocessor.LineMarker> markers) {
        int[] includeLine = includeLines(markers);
        int m = 0;
        for (int i = 0; i < toks.size(); i++) {
            while (m < markers.size() && markers.get(m).tokenIndex() <= i) {
                marker(markers.get(m), includeLine[m]);
                m++;
            }
            Token t = toks.get(i);
            if (t.kind == Token.Kind.EOF) break;
            if (t.kind == Token.Kind.PRAGMA) {
                moveToLine(t.loc.presumedLine(), true);
                out.append("#pragma ").append(t.text);
                emittedTokens = true;
                emittedDirective = true;
                prev = null;
                continue;
            }
            token(t);
        }
        while (m < markers.size()) {
            marker(markers.get(m), includeLine[m]);
            m++;
        }
        out.append('\n');
    }

    private void token(Token t) {
        int line = t.loc.presumedLine();
        boolean moved = (t.atLineStart || emittedDirective) && moveToLine(line, emittedDirective);
        if (moved || (t.atLineStart && line == 1)) {
            int col = t.loc.column();
            if (col == 1 && t.spaceBefore) col = 2;
            out.append(" ".repeat(col - 1));
        } else if (t.spaceBefore || ((emittedTokens || emittedDirective) && PreprocessedPrinter.needsSpace(prev, t))) {
            out.append(' ');
        }
        out.append(t.text);
        emittedTokens = true;
        prev = t;
    }

    /** A file entered, left, or renamed by #line: the printer's line is the marker's. */
    private void marker(Preprocessor.LineMarker mk, int includedAt) {
        if (mk.flag() == 1 && includedAt > 0) moveToLine(includedAt, false);
        curLine = mk.line();
        if (emittedTokens || emittedDirective) {
            out.append('\n');
            emittedTokens = false;
            emittedDirective = false;
        }
    }

    /** Moves the output to source line n; true when it started a new output line. */
    private boolean moveToLine(int n, boolean requireStartOfLine) {
        boolean started = false;
        if ((requireStartOfLine && emittedTokens) || emittedDirective) {
            out.append('\n');
            started = true;
            curLine++;
            emittedTokens = false;
            emittedDirective = false;
        }
        if (curLine != n && ((!started && n == curLine + 1) || emittedTokens)) {
            out.append('\n');
            started = true;
        }
        if (started) {
            emittedTokens = false;
            emittedDirective = false;
        }
        curLine = n;
        return started;
    }

    /**
     * The line of the #include that each entering marker stands for (0 for other markers): the
     * line before the one its matching return marker names.
     */
    private static int[] includeLines(List<Preprocessor.LineMarker> markers) {
        int[] at = new int[markers.size()];
        Deque<Integer> open = new ArrayDeque<>();
        for (int i = 0; i < markers.size(); i++) {
            Preprocessor.LineMarker mk = markers.get(i);
            if (mk.flag() == 1) open.push(i);
            else if (mk.flag() == 2 && !open.isEmpty()) at[open.pop()] = mk.line() - 1;
        }
        return at;
    }
}
