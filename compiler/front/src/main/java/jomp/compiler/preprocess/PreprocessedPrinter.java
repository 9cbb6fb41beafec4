package jomp.compiler.preprocess;

import java.util.List;
import jomp.compiler.lex.Token;

/**
 * Prints preprocessed tokens the way {@code clang -E} does: GNU line markers
 * ({@code # 12 "file.h" 1}: 1 entering an include, 2 returning, 3 a system header, 4 one with
 * C linkage, as clang marks /usr/include's), each
 * source line's tokens on one line with single spaces where the source had whitespace, up to 8
 * blank lines kept as blank lines and longer gaps replaced by a marker, and a space inserted
 * wherever two tokens would otherwise read back as one. PRAGMA tokens print as #pragma lines.
 * With {@code noLineMarkers} (-P) the lines are laid out as clang's -P lays them out ({@link
 * CompactPrinter}): no markers, and a blank line only where clang leaves one.
 */
public final class PreprocessedPrinter {
    private final StringBuilder out = new StringBuilder();
    private final boolean noLineMarkers;
    private String file;
    private int line;
    private boolean lineEmpty = true;
    private Token prev;
    /** The system-header flags (" 3", " 3 4") of the file being printed, repeated on its line jumps as clang does. */
    private String flags = "";

    private PreprocessedPrinter(boolean noLineMarkers) {
        this.noLineMarkers = noLineMarkers;
    }

    public static String print(List<Token> toks, List<Preprocessor.LineMarker> markers, boolean noLineMarkers) {
        if (noLineMarkers) return CompactPrinter.print(toks, markers);
        PreprocessedPrinter p = new PreprocessedPrinter(noLineMarkers);
        p.run(toks, markers);
        return p.out.toString();
    }

    private void run(List<Token> toks, List<Preprocessor.LineMarker> markers) {
        int m = 0;
        for (int i = 0; i < toks.size(); i++) {
            while (m < markers.size() && markers.get(m).tokenIndex() <= i) marker(markers.get(m++));
            Token t = toks.get(i);
            if (t.kind == Token.Kind.EOF) break;
            if (t.kind == Token.Kind.PRAGMA) {
                moveTo(t);
                out.append("#pragma ").append(t.text);
                newline();
                line++;
                prev = null;
                continue;
            }
            if (t.atLineStart || lineEmpty) moveTo(t);
            else if (t.spaceBefore || needsSpace(prev, t)) out.append(' ');
            out.append(t.text);
            lineEmpty = false;
            prev = t;
        }
        while (m < markers.size()) marker(markers.get(m++));
        if (!lineEmpty) newline();
    }

    private void marker(Preprocessor.LineMarker mk) {
        if (file == null && mk.flag() == 0 && out.isEmpty()) {
            file = mk.file();
            line = mk.line();
            if (!noLineMarkers)
                out.append("# ")
                        .append(mk.line())
                        .append(" \"")
                        .append(escape(mk.file()))
                        .append("\"\n");
            return;
        }
        if (!lineEmpty) newline();
        file = mk.file();
        line = mk.line();
        flags = (mk.system() ? " 3" : "") + (mk.externC() ? " 4" : "");
        if (noLineMarkers) return;
        out.append("# ")
                .append(mk.line())
                .append(" \"")
                .append(escape(mk.file()))
                .append('"');
        if (mk.flag() != 0) out.append(' ').append(mk.flag());
        if (mk.system()) out.append(" 3");
        if (mk.externC()) out.append(" 4");
        out.append('\n');
    }

    /** Starts a new output line for t, with blank lines or a marker to reach t's source line. */
    private void moveTo(Token t) {
        if (!lineEmpty) {
            newline();
            line++;
        }
        int target = t.loc.presumedLine();
        String tf = t.loc.presumedFile();
        if (!tf.equals(file)) {
            if (!noLineMarkers)
                out.append("# ")
                        .append(target)
                        .append(" \"")
                        .append(escape(tf))
                        .append('"')
                        .append(flags)
                        .append('\n');
            file = tf;
            line = target;
        } else if (target > line) {
            if (noLineMarkers) {
                /* -P drops blank lines */
            } else if (target - line <= 8) out.append("\n".repeat(target - line));
            else
                out.append("# ")
                        .append(target)
                        .append(" \"")
                        .append(escape(tf))
                        .append('"')
                        .append(flags)
                        .append('\n');
            line = target;
        }
        if (t.spaceBefore && t.kind != Token.Kind.PRAGMA) {
            out.append(" ".repeat(Math.max(1, Math.min(t.loc.column() - 1, 80))));
        }
        prev = null;
    }

    private void newline() {
        out.append('\n');
        lineEmpty = true;
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }

    /** Whether printing b right after a would lex differently (e.g. "+" "+" or "x" "1"). */
    static boolean needsSpace(Token a, Token b) {
        if (a == null || a.text.isEmpty() || b.text.isEmpty()) return false;
        char x = a.text.charAt(a.text.length() - 1), y = b.text.charAt(0);
        boolean xw = Character.isLetterOrDigit(x) || x == '_' || x == '$' || x >= 0x80;
        boolean yw = Character.isLetterOrDigit(y) || y == '_' || y == '$' || y >= 0x80;
        if (xw && (yw || y == '\'' || y == '"')) return true;
        if (a.kind == Token.Kind.NUMBER && (yw || y == '.' || y == '+' || y == '-')) return true;
        if (x == '.' && (Character.isDigit(y) || y == '.')) return true;
        if (a.kind == Token.Kind.PUNCT && b.kind == Token.Kind.PUNCT) {
            String pair = "" + x + y;
            return switch (pair) {
                case "++",
                        "--",
                        "<<",
                        ">>",
                        "<=",
                        ">=",
                        "==",
                        "!=",
                        "&&",
                        "||",
                        "+=",
                        "-=",
                        "*=",
                        "/=",
                        "%=",
                        "&=",
                        "^=",
                        "|=",
                        "->",
                        "##",
                        "//",
                        "/*",
                        "<:",
                        "<%",
                        "%:",
                        "%>",
                        ":>" -> true;
                default -> false;
            };
        }
        return false;
    }
}
