package jomp.compiler.lex;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.diag.SourceLocation;

/**
 * Splits one source file into preprocessing tokens (C11 6.4). Backslash-newline splices are
 * removed from token spellings but every token keeps the physical offset where it starts, so
 * diagnostics point at the real source column. Comments become whitespace. Keywords are not
 * recognised here (the preprocessor does that at the end); digraphs are spelled canonically.
 * A single left-to-right pass without regexes: linear in the file size.
 */
public final class Tokenizer {
    private final SourceFile file;
    private final String src;
    private final int n;
    private final Diagnostics diags;
    private final StringBuilder sb = new StringBuilder();

    private final boolean deferUnterminated;
    private final boolean digitSeparators;

    public Tokenizer(SourceFile file, Diagnostics diags) {
        this(file, diags, false);
    }

    /**
     * With {@code deferUnterminated}, an unterminated string or character literal is not reported
     * here: it becomes an invalid PUNCT token (see {@link #isUnterminatedLiteral}) that the
     * preprocessor reports only if it is not in a skipped #if group, as clang does.
     */
    public Tokenizer(SourceFile file, Diagnostics diags, boolean deferUnterminated) {
        this(file, diags, deferUnterminated, false);
    }

    /**
     * With {@code digitSeparators} (C23 6.4.8: pp-number ' digit, pp-number ' nondigit), a quote
     * followed by a letter, digit or underscore continues a number, as clang lexes it in C23 mode.
     */
    public Tokenizer(SourceFile file, Diagnostics diags, boolean deferUnterminated, boolean digitSeparators) {
        this.digitSeparators = digitSeparators;
        this.deferUnterminated = deferUnterminated;
        this.file = file;
        this.src = file.text();
        this.n = src.length();
        this.diags = diags;
    }

    /** Convenience: tokenizes a whole file; the list ends with an EOF token. */
    public static List<Token> tokenize(SourceFile file, Diagnostics diags) {
        return new Tokenizer(file, diags).tokenize();
    }

    public List<Token> tokenize() {
        List<Token> out = new ArrayList<>(Math.max(16, n / 4));
        int p = 0;
        boolean bol = true, space = false;
        while (true) {
            p = sp(p);
            if (p >= n) break;
            char c = src.charAt(p);
            if (c == '\n') {
                p++;
                bol = true;
                space = false;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == 0x0B) {
                p++;
                space = true;
                continue;
            }
            if (c == '/') {
                int q = sp(p + 1);
                if (q < n && src.charAt(q) == '/') { // line comment, continues over splices
                    p = q + 1;
                    while (true) {
                        p = sp(p);
                        if (p >= n || src.charAt(p) == '\n') break;
                        p++;
                    }
                    space = true;
                    continue;
                }
                if (q < n && src.charAt(q) == '*') {
                    int end = src.indexOf("*/", q + 1);
                    end = end < 0 || hasSpliceStar(q + 1, end) ? findCommentEnd(q + 1) : end + 2;
                    if (end < 0) {
                        diags.error(loc(p), "unterminated /* comment");
                        p = n;
                        break;
                    }
                    p = end;
                    space = true;
                    continue;
                }
            }
            Token t = lexToken(p);
            t.atLineStart = bol;
            t.spaceBefore = space;
            bol = false;
            space = false;
            out.add(t);
            p = next;
        }
        // like clang, a file that ends with a newline has its EOF on that newline, not on the line after
        int end = n;
        if (end > 0 && (src.charAt(end - 1) == '\n' || src.charAt(end - 1) == '\r')) {
            end--;
            if (end > 0
                    && (src.charAt(end - 1) == '\n' || src.charAt(end - 1) == '\r')
                    && src.charAt(end - 1) != src.charAt(end)) end--;
        }
        Token eof = new Token(Token.Kind.EOF, "", loc(end));
        eof.atLineStart = true;
        out.add(eof);
        return out;
    }

    /** End (exclusive) of the token lexed last by lexToken. */
    private int next;

    private Token lexToken(int p) {
        char c = src.charAt(p);
        // String and character literals, with their encoding prefixes.
        if (c == '"' || c == '\'') return lexQuoted(p, p);
        if (c == 'L' || c == 'U' || c == 'u') {
            int q = sp(p + 1);
            if (c == 'u' && q < n && src.charAt(q) == '8') {
                int r = sp(q + 1);
                if (r < n && src.charAt(r) == '"') return lexQuoted(p, r);
            } else if (q < n && (src.charAt(q) == '"' || src.charAt(q) == '\'')) {
                return lexQuoted(p, q);
            }
        }
        if (isIdentStart(c)) {
            int q = p + 1;
            while (true) {
                q = sp(q);
                if (q < n && isIdentChar(src.charAt(q))) q++;
                else break;
            }
            return make(Token.Kind.IDENT, p, q);
        }
        if (isDigit(c) || (c == '.' && isDigitAt(sp(p + 1)))) {
            int q = p + 1;
            while (true) {
                q = sp(q);
                if (q >= n) break;
                char d = src.charAt(q);
                if ((d == '+' || d == '-') && isExponent(lastChar(p, q))) {
                    q++;
                    continue;
                }
                if (isIdentChar(d) || d == '.') {
                    q++;
                    continue;
                }
                if (d == '\'' && digitSeparators) {
                    int r = sp(q + 1);
                    if (r < n && isIdentChar(src.charAt(r))) {
                        q = r + 1;
                        continue;
                    }
                }
                break;
            }
            return make(Token.Kind.NUMBER, p, q);
        }
        return lexPunct(p);
    }

    /** The last logical character before q (q > start), skipping splices. */
    private char lastChar(int start, int q) {
        int i = q - 1;
        while (i > start && src.charAt(i) == '\n') { // skip back over "\\\n" or "\\\r\n"
            int j = i - 1;
            if (j >= start && src.charAt(j) == '\r') j--;
            if (j >= start && src.charAt(j) == '\\') i = j - 1;
            else break;
        }
        return src.charAt(i);
    }

    private static boolean isExponent(char c) {
        return c == 'e' || c == 'E' || c == 'p' || c == 'P';
    }

    private Token lexQuoted(int start, int quotePos) {
        char quote = src.charAt(quotePos);
        int q = quotePos + 1;
        while (true) {
            q = sp(q);
            if (q >= n || src.charAt(q) == '\n') {
                if (!deferUnterminated) reportUnterminated(diags, loc(start), quote);
                // Like clang, the rest of the line becomes one invalid token the parser rejects.
                return make(Token.Kind.PUNCT, start, q);
            }
            char d = src.charAt(q);
            if (d == quote) {
                q++;
                break;
            }
            if (d == '\\') {
                q = sp(q + 1);
                if (q < n && src.charAt(q) != '\n') q++;
                continue;
            }
            q++;
        }
        if (quote == '\'' && sp(quotePos + 1) == q - 1) { // '': clang's warning, then an invalid token as above
            if (!deferUnterminated) reportUnterminated(diags, loc(start), 'e');
            return make(Token.Kind.PUNCT, start, q);
        }
        return make(quote == '"' ? Token.Kind.STRING : Token.Kind.CHAR, start, q);
    }

    /** Whether t is the invalid token an unterminated string or character literal leaves. */
    public static boolean isUnterminatedLiteral(Token t) {
        if (t.kind != Token.Kind.PUNCT || t.text.isEmpty()) return false;
        char c = t.text.charAt(0);
        return c == '"' || c == '\'' || Character.isLetter(c); // no punctuator starts like a literal
    }

    /** clang's warning for an unterminated literal token (quote 'e': an empty character constant). */
    public static void reportUnterminated(Diagnostics diags, SourceLocation at, char quote) {
        diags.warning(
                at,
                quote == 'e'
                        ? "empty character constant"
                        : quote == '"' ? "missing terminating '\"' character" : "missing terminating ' character",
                "-Winvalid-pp-token");
    }

    /** Reports an unterminated literal token found by {@link #isUnterminatedLiteral}. */
    public static void reportUnterminated(Diagnostics diags, Token t) {
        int q = 0;
        while (q < t.text.length() && t.text.charAt(q) != '"' && t.text.charAt(q) != '\'') q++;
        boolean empty = t.text.length() == q + 2 && t.text.endsWith("''");
        reportUnterminated(diags, t.loc, empty ? 'e' : q < t.text.length() ? t.text.charAt(q) : '"');
    }

    private static final String[] PUNCT3 = {"<<=", ">>=", "..."};
    private static final String[] PUNCT2 = {
        "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=",
        "|=", "##", "<:", ":>", "<%", "%>", "%:"
    };

    private Token lexPunct(int p) {
        // Read up to four logical characters (splices skipped) and match the longest punctuator.
        int p1 = sp(p + 1), p2 = p1 < n ? sp(p1 + 1) : n, p3 = p2 < n ? sp(p2 + 1) : n;
        char c0 = src.charAt(p),
                c1 = p1 < n ? src.charAt(p1) : 0,
                c2 = p2 < n ? src.charAt(p2) : 0,
                c3 = p3 < n ? src.charAt(p3) : 0;
        if (c0 == '%' && c1 == ':' && c2 == '%' && c3 == ':') return punct("##", p, p3 + 1);
        for (String s : PUNCT3)
            if (s.charAt(0) == c0 && s.charAt(1) == c1 && s.charAt(2) == c2) return punct(s, p, p2 + 1);
        for (String s : PUNCT2) if (s.charAt(0) == c0 && s.charAt(1) == c1) return punct(canonical(s), p, p1 + 1);
        return make(Token.Kind.PUNCT, p, p + 1);
    }

    private static String canonical(String digraph) {
        return switch (digraph) {
            case "<:" -> "[";
            case ":>" -> "]";
            case "<%" -> "{";
            case "%>" -> "}";
            case "%:" -> "#";
            default -> digraph;
        };
    }

    private Token punct(String text, int start, int end) {
        next = end;
        return new Token(Token.Kind.PUNCT, text, loc(start));
    }

    private Token make(Token.Kind kind, int start, int end) {
        next = end;
        String text = spelling(start, end);
        // one String per distinct identifier or number: a large unit's tokens stay live until it
        // is parsed, and most of their spellings repeat (this halves the token list's memory)
        if (kind == Token.Kind.IDENT || kind == Token.Kind.NUMBER) {
            String known = spellings.putIfAbsent(text, text);
            if (known != null) text = known;
        }
        return new Token(kind, text, loc(start));
    }

    private final java.util.HashMap<String, String> spellings = new java.util.HashMap<>();

    /** The text between two offsets with backslash-newline splices removed. */
    private String spelling(int start, int end) {
        boolean spliced = false;
        for (int i = start; i < end && !spliced; i++) spliced = src.charAt(i) == '\\';
        if (!spliced) return src.substring(start, end);
        sb.setLength(0);
        for (int i = start; i < end; ) {
            int j = sp(i);
            if (j != i) {
                i = j;
                continue;
            }
            sb.append(src.charAt(i++));
        }
        return sb.toString();
    }

    private SourceLocation loc(int offset) {
        return SourceLocation.of(file, offset);
    }

    /** Skips backslash-newline splices at p (C11 5.1.1.2 phase 2). */
    private int sp(int p) {
        while (p + 1 < n && src.charAt(p) == '\\') {
            char d = src.charAt(p + 1);
            if (d == '\n') p += 2;
            else if (d == '\r' && p + 2 < n && src.charAt(p + 2) == '\n') p += 3;
            else break;
        }
        return p;
    }

    /** Whether a comment between from and the found "*&#47;" might end earlier via a spliced "*\\\n/". */
    private boolean hasSpliceStar(int from, int end) {
        for (int i = from; i < end; i++) if (src.charAt(i) == '*' && src.charAt(i + 1) == '\\') return true;
        return false;
    }

    /** Slow path for comments: scans logical characters for the closing star-slash. */
    private int findCommentEnd(int p) {
        while (true) {
            p = sp(p);
            if (p >= n) return -1;
            if (src.charAt(p) == '*') {
                int q = sp(p + 1);
                if (q < n && src.charAt(q) == '/') return q + 1;
            }
            p++;
        }
    }

    private boolean isDigitAt(int p) {
        return p < n && isDigit(src.charAt(p));
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    static boolean isIdentStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
    }

    static boolean isIdentChar(char c) {
        return isIdentStart(c) || isDigit(c);
    }
}
