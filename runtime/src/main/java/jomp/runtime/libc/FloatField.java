package jomp.runtime.libc;

import java.util.Arrays;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;

/**
 * A floating field of scanf ({@code %f %e %g %a}): the longest prefix of the input that forms a C
 * floating constant (decimal, hexadecimal, inf, infinity, nan), at most the field's width, read
 * and converted as glibc reads and converts it (its characters through strtod). A decimal's
 * digits are gathered as they are read, the way {@link Strtod} gathers them, so that one of up to
 * 19 significant digits converts to a double straight from them by Eisel-Lemire
 * ({@link DecimalToDouble}); the other fields (hex, inf, nan, longer mantissas, floats, the cases
 * Eisel-Lemire leaves undecided, where errno may be set) go to strtod with the characters read.
 * Building a String of every field and copying it to memory for strtod to scan again made
 * scanf("%lf") several times slower than glibc's, and its compilation slow to warm up.
 */
final class FloatField {
    /** The field's characters, text[0, len) (strtod's input where the digits do not decide). */
    private byte[] text = new byte[32];

    private int len;
    /** A decimal (not hex, inf or nan) whose value is w * 10^(exp + scale) while sig <= 19. */
    private boolean decimal, negative;

    private long w, exp;
    private int sig, scale;

    private void add(int c) {
        if (len == text.length) text = Arrays.copyOf(text, 2 * len);
        text[len++] = (byte) c;
    }

    /** The next character while the field has room for it, else -2 (the width is reached; nothing read). */
    private int next(Scanf.Reader r, int limit) {
        return len < limit ? r.next() : -2;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(int c) {
        return isDigit(c) || (c | 0x20) >= 'a' && (c | 0x20) <= 'f';
    }

    /** A decimal digit of the mantissa (frac: after the point) into w, sig and scale, as strtod takes it. */
    private void digit(int c, boolean frac) {
        if (sig > 0 || c != '0') {
            if (sig < 19) {
                w = w * 10 + (c - '0');
                if (frac) scale--;
            } else if (!frac) scale++;
            sig++;
        } else if (frac) scale--; // a leading zero after the point
    }

    /**
     * Reads the field, at most limit characters, leaving the first character after it unread:
     * false when no prefix of what was read forms a number (a matching or input failure; what
     * glibc consumed stays consumed).
     */
    boolean read(Scanf.Reader r, int limit) {
        len = 0;
        w = exp = 0;
        sig = scale = 0;
        decimal = false;
        negative = false;
        int c = r.next();
        if (c == '+' || c == '-') {
            negative = c == '-';
            add(c);
            c = next(r, limit);
        }
        if (c == 'i' || c == 'I' || c == 'n' || c == 'N') return word(r, limit, c);
        boolean hex = false, digits = false;
        if (c == '0') { // a leading zero: the mantissa's value is unchanged
            add('0');
            digits = true;
            c = next(r, limit);
            if ((c == 'x' || c == 'X') && len < limit) {
                int x = c;
                add(c);
                c = next(r, limit);
                if (c == -2) { // the width ends at "0x": glibc reads the 0 and leaves the x
                    r.unread(x);
                    len--;
                    decimal = true;
                    return true;
                }
                if (c < 0 || !isHex(c) && c != '.') { // "0x" and no hex digit
                    r.unread(c);
                    return false;
                }
                hex = true;
                digits = false;
            }
        }
        while (c >= 0 && len < limit && (hex ? isHex(c) : isDigit(c))) {
            add(c);
            if (!hex) digit(c, false);
            digits = true;
            c = next(r, limit);
        }
        boolean dot = c == '.' && len < limit;
        if (dot) {
            add('.');
            c = next(r, limit);
            while (c >= 0 && len < limit && (hex ? isHex(c) : isDigit(c))) {
                add(c);
                if (!hex) digit(c, true);
                digits = true;
                c = next(r, limit);
            }
        }
        if (!digits) { // glibc 2.36 takes "0x." as the 0 before the x; a field of a sign or "." alone fails
            if (c != -2) r.unread(c);
            return hex && dot;
        }
        decimal = !hex;
        if ((hex ? c == 'p' || c == 'P' : c == 'e' || c == 'E') && len < limit) {
            int mantissaEnd = len;
            add(c);
            c = next(r, limit);
            boolean minus = false;
            if ((c == '+' || c == '-') && len < limit) {
                minus = c == '-';
                add(c);
                c = next(r, limit);
            }
            boolean any = false;
            long e = 0;
            while (c >= 0 && len < limit && isDigit(c)) {
                add(c);
                any = true;
                e = Math.min(e * 10 + (c - '0'), 1_000_000_000L); // held as strtod holds it
                c = next(r, limit);
            }
            if (!any) { // "1e" or "1e+": glibc converts what came before the e; the e (and sign) stay consumed
                if (c != -2) r.unread(c);
                len = mantissaEnd;
                return true;
            }
            exp = minus ? -e : e;
        }
        if (c != -2) r.unread(c);
        return true;
    }

    /** "inf", "infinity" or "nan" (any case) from its first letter c: false for any other prefix of them. */
    private boolean word(Scanf.Reader r, int limit, int first) {
        String word = first == 'i' || first == 'I' ? "infinity" : "nan";
        int k = 0, c = first;
        while (c >= 0 && k < word.length() && len < limit && (c | 0x20) == word.charAt(k)) {
            add(c);
            k++;
            c = next(r, limit);
        }
        if (c != -2) r.unread(c);
        return word.length() == 8 ? k == 3 || k == 8 : k == 3;
    }

    /** The field's value as strtod (single: strtof) converts it: a double's bits, or a float's in the low 32. */
    long bits(boolean single) {
        if (decimal && !single && sig <= 19) {
            long bits = w == 0 ? 0 : DecimalToDouble.convert(w, exp + scale);
            if (bits >= 0) return negative ? bits | Long.MIN_VALUE : bits;
        }
        // strtod's own rounding, to float directly for %f (no double rounding), and its errno
        Stack st = Stack.current();
        long mark = st.sp;
        long tmp = st.alloc(len + 1, 1);
        Mem.copyFromArray(text, 0, tmp, len);
        Mem.putByte(tmp + len, (byte) 0);
        long bits = Strtod.parse(tmp, 0, single);
        st.reset(mark);
        return bits;
    }
}
