package jomp.compiler.preprocess;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.lex.Token;

/**
 * The last token steps before parsing (C11 5.1.1.2 phases 6 and 7): adjacent string literals
 * become one, and identifiers that are keywords (C11's and the GNU spellings jomp accepts)
 * become KEYWORD tokens, inside PRAGMA bodies too.
 */
final class ParserTokens {
    private ParserTokens() {}

    private static final Set<String> KEYWORDS = Set.of(
            "auto",
            "break",
            "case",
            "char",
            "const",
            "continue",
            "default",
            "do",
            "double",
            "else",
            "enum",
            "extern",
            "float",
            "for",
            "goto",
            "if",
            "inline",
            "int",
            "long",
            "register",
            "restrict",
            "return",
            "short",
            "signed",
            "sizeof",
            "static",
            "struct",
            "switch",
            "typedef",
            "union",
            "unsigned",
            "void",
            "volatile",
            "while",
            "_Alignas",
            "_Alignof",
            "_Atomic",
            "_Bool",
            "_Complex",
            "_Generic",
            "_Imaginary",
            "_Noreturn",
            "_Static_assert",
            "_Thread_local",
            "__attribute__",
            "__inline__",
            "__restrict__",
            "__const",
            "__volatile__",
            "__extension__",
            "__typeof__",
            "typeof",
            "asm");

    static boolean isKeyword(String s) {
        return KEYWORDS.contains(s);
    }

    /** Marks keywords and joins adjacent string literals; the result is what the parser reads. */
    static List<Token> finish(List<Token> toks, Diagnostics diags) {
        List<Token> res = new ArrayList<>(toks.size());
        for (int i = 0; i < toks.size(); i++) {
            Token t = toks.get(i);
            if (t.kind == Token.Kind.STRING && i + 1 < toks.size() && toks.get(i + 1).kind == Token.Kind.STRING) {
                int j = i + 1;
                while (j < toks.size() && toks.get(j).kind == Token.Kind.STRING) j++;
                res.add(concat(toks.subList(i, j), diags));
                i = j - 1;
                continue;
            }
            res.add(keyword(t));
        }
        return res;
    }

    private static Token keyword(Token t) {
        if (t.kind == Token.Kind.IDENT && KEYWORDS.contains(t.text)) {
            Token k = new Token(Token.Kind.KEYWORD, t.text, t.loc);
            k.spaceBefore = t.spaceBefore;
            k.atLineStart = t.atLineStart;
            return k;
        }
        if (t.kind == Token.Kind.PRAGMA && t.pragmaTokens != null) {
            Token p = t.copy();
            List<Token> inner = new ArrayList<>(t.pragmaTokens.size());
            for (Token x : t.pragmaTokens) inner.add(keyword(x));
            p.pragmaTokens = inner;
            return p;
        }
        return t;
    }

    /**
     * Joins string literals (C11 6.4.5p5). An escape at the end of one piece that the next piece
     * could extend (a hex escape, or an octal one shorter than three digits) is rewritten as a
     * three-digit octal escape first, so the characters stay the same.
     */
    private static Token concat(List<Token> parts, Diagnostics diags) {
        String prefix = "";
        for (Token p : parts) {
            String pre = p.text.substring(0, p.text.indexOf('"'));
            if (pre.isEmpty()) continue;
            if (prefix.isEmpty()) prefix = pre;
            else if (!prefix.equals(pre)) {
                diags.error(p.loc, "unsupported non-standard concatenation of string literals");
            }
        }
        StringBuilder sb = new StringBuilder(prefix).append('"');
        for (Token p : parts) {
            String body = p.text.substring(p.text.indexOf('"') + 1, p.text.length() - 1);
            if (sb.length() > prefix.length() + 1 && !body.isEmpty())
                fixTrailingEscape(sb, prefix.length() + 1, body.charAt(0));
            sb.append(body);
        }
        Token r = new Token(Token.Kind.STRING, sb.append('"').toString(), parts.get(0).loc);
        r.spaceBefore = parts.get(0).spaceBefore;
        r.atLineStart = parts.get(0).atLineStart;
        return r;
    }

    private static void fixTrailingEscape(StringBuilder sb, int start, char nextChar) {
        // find the last escape sequence start: a backslash preceded by an even number of backslashes
        int i = sb.length() - 1;
        int k = i;
        while (k >= start && (Character.digit(sb.charAt(k), 16) >= 0)) k--;
        if (k < start || k == i) return;
        boolean hex =
                sb.charAt(k) == 'x' && k - 1 >= start && sb.charAt(k - 1) == '\\' && oddBackslashes(sb, k - 1, start);
        if (hex && Character.digit(nextChar, 16) >= 0) {
            long v = Long.parseLong(sb.substring(k + 1), 16);
            if (v <= 0777) {
                sb.setLength(k - 1);
                sb.append(String.format("\\%03o", v));
            }
            return;
        }
        // octal: backslash followed by 1-2 octal digits
        int digits = i - k;
        if (digits < 3 && sb.charAt(k) == '\\' && oddBackslashes(sb, k, start) && nextChar >= '0' && nextChar <= '7') {
            String oct = sb.substring(k + 1);
            for (int d = 0; d < oct.length(); d++) if (oct.charAt(d) > '7') return;
            sb.setLength(k);
            sb.append('\\').append("0".repeat(3 - digits)).append(oct);
        }
    }

    /** Whether the backslash at {@code at} starts an escape (is preceded by an even number of backslashes). */
    private static boolean oddBackslashes(StringBuilder sb, int at, int start) {
        int n = 0;
        for (int j = at; j >= start && sb.charAt(j) == '\\'; j--) n++;
        return n % 2 == 1;
    }
}
