package jomp.compiler.lex;

import java.util.Locale;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;

/**
 * C23's digit separators in a number (6.4.4.1, 6.4.4.2: 1'000, 0x1'FF, 1'0.5e1'0): a quote
 * stands between two digits. The Tokenizer keeps a quote in a number only before a letter, digit
 * or underscore (in C23 mode); one next to the decimal point, an exponent, its sign or the suffix
 * is clang's error here ("cannot appear at start/end of digit sequence"), as is one right after
 * 0x or 0b (clang then reads the number as 0 with a bad suffix or a bad octal digit).
 */
public final class DigitSeparators {
    private DigitSeparators() {}

    /**
     * The number's spelling without its separators, each misplaced one reported (the number is
     * then read without it, as clang goes on); null after 0x' or 0b' (the caller takes 0).
     */
    public static String strip(Token t, Diagnostics diags) {
        String s = t.text;
        if (s.indexOf('\'') < 0) return s;
        String lower = s.toLowerCase(Locale.ROOT);
        boolean hex = lower.startsWith("0x"), bin = lower.startsWith("0b");
        if ((hex || bin) && s.length() > 2 && s.charAt(2) == '\'') {
            if (hex) diags.error(at(t, 1), "invalid suffix '" + s.substring(1) + "' on integer constant");
            else diags.error(at(t, 1), "invalid digit '" + s.charAt(1) + "' in octal constant");
            return null;
        }
        char exponent = hex ? 'p' : 'e';
        boolean afterExponent = false;
        for (int i = 0; i < s.length(); i++) {
            char c = lower.charAt(i);
            if (c == exponent && !(hex && i == 1)) afterExponent = true;
            if (c != '\'') continue;
            char prev = lower.charAt(i - 1), next = i + 1 < s.length() ? lower.charAt(i + 1) : ' ';
            int radix = hex && !afterExponent ? 16 : bin ? 2 : 10;
            if (prev == '.' || (prev == '+' || prev == '-') && lower.charAt(i - 2) == exponent) {
                diags.error(at(t, i), "digit separator cannot appear at start of digit sequence");
            } else if (next != '\'' && Character.digit(next, radix == 2 ? 10 : radix) < 0) {
                diags.error(at(t, i), "digit separator cannot appear at end of digit sequence");
            }
        }
        return s.replace("'", "");
    }

    /** The index in spelling s of index i of s without its separators. */
    public static int spelled(String s, int i) {
        int k = 0;
        for (int seen = 0; k < s.length(); k++) {
            if (s.charAt(k) == '\'') continue;
            if (seen++ == i) return k;
        }
        return k;
    }

    private static SourceLocation at(Token t, int delta) {
        SourceLocation l = t.loc;
        int off = l.offset() + delta;
        if (off > l.file().text().length()) off = l.offset();
        return new SourceLocation(l.file(), off, l.presumedFile(), l.presumedLine());
    }
}
