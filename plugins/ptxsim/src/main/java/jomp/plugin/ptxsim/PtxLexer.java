package jomp.plugin.ptxsim;

import java.util.ArrayList;
import java.util.List;

/**
 * PTX text to tokens. Names keep their dots ({@code ld.global.u32}, {@code %tid.x}), directives
 * start with a dot ({@code .reg}), numbers keep their spelling ({@code 0f3F800000}, {@code 0x1F},
 * {@code 1.5}) for the parser to read in the type their instruction gives them. Comments are
 * dropped; every token remembers its line, which error messages name.
 */
final class PtxLexer {
    private PtxLexer() {}

    enum Kind {
        NAME,
        DIRECTIVE,
        NUMBER,
        STRING,
        PUNCT,
        END
    }

    record Token(Kind kind, String text, int line) {
        boolean is(String s) {
            return text.equals(s) && kind != Kind.STRING;
        }

        @Override
        public String toString() {
            return kind == Kind.END ? "end of file" : "'" + text + "'";
        }
    }

    static List<Token> lex(String src) {
        List<Token> out = new ArrayList<>();
        int i = 0, n = src.length(), line = 1;
        while (i < n) {
            char c = src.charAt(i);
            if (c == '\n') {
                line++;
                i++;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                i++;
                continue;
            }
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                while (i < n && src.charAt(i) != '\n') i++;
                continue;
            }
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                int end = src.indexOf("*/", i + 2);
                if (end < 0) throw new PtxSyntaxError(line, "unterminated comment");
                for (int k = i; k < end; k++) if (src.charAt(k) == '\n') line++;
                i = end + 2;
                continue;
            }
            int start = i;
            if (c == '"') {
                StringBuilder sb = new StringBuilder();
                i++;
                while (i < n && src.charAt(i) != '"') {
                    char d = src.charAt(i++);
                    if (d == '\\' && i < n) d = src.charAt(i++);
                    if (d == '\n') line++;
                    sb.append(d);
                }
                if (i >= n) throw new PtxSyntaxError(line, "unterminated string");
                i++;
                out.add(new Token(Kind.STRING, sb.toString(), line));
                continue;
            }
            if (Character.isDigit(c)) {
                i++;
                while (i < n
                        && (Character.isLetterOrDigit(src.charAt(i))
                                || src.charAt(i) == '.'
                                || ((src.charAt(i) == '+' || src.charAt(i) == '-')
                                        && (src.charAt(i - 1) == 'e' || src.charAt(i - 1) == 'E')
                                        && !src.substring(start, i).matches("0[xXfFdD].*")))) i++;
                out.add(new Token(Kind.NUMBER, src.substring(start, i), line));
                continue;
            }
            if (c == '.' && i + 1 < n && Character.isLetter(src.charAt(i + 1))) {
                i++;
                while (i < n && isNameChar(src.charAt(i))) i++;
                out.add(new Token(Kind.DIRECTIVE, src.substring(start, i), line));
                continue;
            }
            if (Character.isLetter(c) || c == '_' || c == '$' || c == '%') {
                i++;
                while (i < n
                        && (isNameChar(src.charAt(i))
                                || (src.charAt(i) == '.' && i + 1 < n && isNameChar(src.charAt(i + 1))))) i++;
                out.add(new Token(Kind.NAME, src.substring(start, i), line));
                continue;
            }
            if ("{}[]()<>,;:+-!@|=*".indexOf(c) >= 0) {
                out.add(new Token(Kind.PUNCT, String.valueOf(c), line));
                i++;
                continue;
            }
            throw new PtxSyntaxError(line, "unexpected character '" + c + "'");
        }
        out.add(new Token(Kind.END, "", line));
        return out;
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    /** A PTX text the simulator cannot read. */
    static final class PtxSyntaxError extends RuntimeException {
        final int line;

        PtxSyntaxError(int line, String message) {
            super("line " + line + ": " + message);
            this.line = line;
        }
    }
}
