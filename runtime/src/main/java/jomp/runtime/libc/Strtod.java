package jomp.runtime.libc;

import java.math.BigDecimal;
import java.math.BigInteger;
import jomp.runtime.mem.Mem;

/**
 * strtod/strtof: C's syntax (decimal, hexadecimal with binary exponent, inf, infinity, nan,
 * nan(chars)) scanned here. A decimal of up to 19 significant digits converts to double by
 * Eisel-Lemire ({@link DecimalToDouble}); the others, the cases it cannot decide and floats go to
 * Java's correctly rounded conversion (Double.parseDouble and Float.parseFloat round the exact
 * decimal or hex value to nearest-even, as glibc does).
 * errno is ERANGE on overflow and on an inexact result below the normal range, like glibc.
 */
final class Strtod {
    private Strtod() {}

    private static int at(long p) {
        return Mem.getByte(p) & 0xff;
    }

    private static boolean matches(long p, String word) {
        for (int i = 0; i < word.length(); i++) {
            if ((at(p + i) | 0x20) != word.charAt(i)) return false;
        }
        return true;
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(int c) {
        return isDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
    }

    /** The result's bits: a double's, or a float's in the low 32 bits when {@code single}. */
    static long parse(long s, long end, boolean single) {
        long p = s;
        while (Stdlib.isSpace(at(p))) p++;
        boolean negative = false;
        if (at(p) == '-') {
            negative = true;
            p++;
        } else if (at(p) == '+') p++;
        double r;
        if (matches(p, "inf")) {
            p += matches(p + 3, "inity") ? 8 : 3;
            r = Double.POSITIVE_INFINITY;
        } else if (matches(p, "nan")) {
            p += 3;
            long payload = 0;
            if (at(p) == '(') {
                long q = p + 1;
                while (isDigit(at(q)) || ((at(q) | 0x20) >= 'a' && (at(q) | 0x20) <= 'z') || at(q) == '_') q++;
                if (at(q) == ')') {
                    // glibc reads the characters as an integer (base 0) and keeps it as the payload
                    long[] e = {0};
                    long m = Stdlib.parseInteger(p + 1, 0, 0, false, e);
                    if (e[0] == q) payload = m;
                    p = q + 1;
                }
            }
            if (end != 0) Mem.putLong(end, p);
            if (single) return (0x7fc00000 | (payload & 0x3fffff)) | (negative ? 0x80000000L : 0);
            return 0x7ff8000000000000L | (payload & 0x7ffffffffffffL) | (negative ? Long.MIN_VALUE : 0);
        } else if (at(p) == '0'
                && (at(p + 1) | 0x20) == 'x'
                && (isHex(at(p + 2)) || (at(p + 2) == '.' && isHex(at(p + 3))))) {
            long[] endp = {0};
            r = hex(p + 2, single, endp);
            p = endp[0];
        } else {
            // the value is w * 10^(exp + scale) while w holds every significant digit (19 at most)
            long start = p, q = p, w = 0;
            int digits = 0, sig = 0, scale = 0;
            for (boolean frac = false; ; q++) {
                int c = at(q);
                if (c == '.' && !frac) {
                    frac = true;
                    continue;
                }
                if (!isDigit(c)) break;
                digits++;
                if (sig > 0 || c != '0') {
                    if (sig < 19) {
                        w = w * 10 + (c - '0');
                        if (frac) scale--;
                    } else if (!frac) scale++;
                    sig++;
                } else if (frac) scale--; // a leading zero after the point
            }
            if (digits == 0) {
                if (end != 0) Mem.putLong(end, s);
                return 0;
            }
            long mantissaEnd = q, exp = 0;
            if ((at(q) | 0x20) == 'e') {
                long[] e = {q};
                exp = exponent(q + 1, e);
                q = e[0];
            }
            p = q;
            long bits = single || sig > 19 ? -1 : w == 0 ? 0 : DecimalToDouble.convert(w, exp + scale);
            if (bits >= 0) r = Double.longBitsToDouble(bits);
            else {
                String text = mantissa(start, mantissaEnd) + "e" + exp;
                r = single ? Float.parseFloat(text) : Double.parseDouble(text);
                if (belowNormal(r, single)) checkUnderflow(r, single, new BigDecimal(text));
            }
        }
        if (end != 0) Mem.putLong(end, p);
        if (negative) r = -r;
        return single ? Float.floatToRawIntBits((float) r) & 0xffffffffL : Double.doubleToRawLongBits(r);
    }

    /** The characters from p to end (digits and a point) as a string. */
    private static String mantissa(long p, long end) {
        StringBuilder m = new StringBuilder((int) (end - p));
        while (p < end) m.append((char) at(p++));
        return m.toString();
    }

    /**
     * The signed decimal exponent at e (after the 'e' or 'p'), held at 1e9 in magnitude; end[0] is
     * set past it, or left as it is (and 0 returned) where no digit follows the sign.
     */
    private static long exponent(long e, long[] end) {
        boolean eneg = false;
        if (at(e) == '-') {
            eneg = true;
            e++;
        } else if (at(e) == '+') e++;
        if (!isDigit(at(e))) return 0;
        long exp = 0;
        while (isDigit(at(e))) {
            exp = Math.min(exp * 10 + (at(e) - '0'), 1_000_000_000L);
            e++;
        }
        end[0] = e;
        return eneg ? -exp : exp;
    }

    /** Parses hex digits after "0x"; sets endp[0] past the number. */
    private static double hex(long p, boolean single, long[] endp) {
        StringBuilder m = new StringBuilder();
        int fracDigits = 0;
        while (isHex(at(p))) m.append((char) at(p++));
        if (at(p) == '.') {
            p++;
            while (isHex(at(p))) {
                m.append((char) at(p++));
                fracDigits++;
            }
        }
        long exp = 0;
        if ((at(p) | 0x20) == 'p') {
            long[] e = {p};
            exp = exponent(p + 1, e);
            p = e[0];
        }
        endp[0] = p;
        String digits = m.toString();
        long e2 = exp - 4L * fracDigits;
        String text = "0x" + digits + "p" + e2;
        double r = single ? Float.parseFloat(text) : Double.parseDouble(text);
        boolean nonzero = false;
        for (int i = 0; i < digits.length(); i++) nonzero |= digits.charAt(i) != '0';
        if (r == 0 && nonzero) Errno.set(Errno.ERANGE);
        else if (r != 0 && belowNormal(r, single)) {
            BigDecimal v = new BigDecimal(new BigInteger(digits, 16));
            checkUnderflow(
                    r,
                    single,
                    e2 >= 0
                            ? v.multiply(new BigDecimal(BigInteger.TWO.pow((int) e2)))
                            : v.divide(new BigDecimal(BigInteger.TWO.pow((int) -e2))));
        }
        return r;
    }

    /**
     * ERANGE for an overflow to infinity; whether {@code r} is below the smallest normal value, so
     * that the exact value must decide. (No lambda for the exact value: a lambda's first use costs
     * milliseconds, and strtod is on many programs' start.)
     */
    private static boolean belowNormal(double r, boolean single) {
        if (Double.isInfinite(r)) {
            Errno.set(Errno.ERANGE);
            return false;
        }
        return r <= (single ? Float.MIN_NORMAL : Double.MIN_NORMAL); // the smallest normal may be rounded up to
    }

    /** ERANGE where a value below the smallest normal is inexact (underflow), as glibc's strtod. */
    private static void checkUnderflow(double r, boolean single, BigDecimal exact) {
        if (exact.signum() == 0) return;
        BigDecimal got = single ? new BigDecimal((float) r) : new BigDecimal(r);
        // tiny after rounding, as glibc on x86 decides: rounded to the type's precision with no lower
        // limit on the exponent, the value stays below the smallest normal; that holds below the
        // smallest normal less half an ulp of the binade under it (a quarter of the smallest subnormal)
        BigDecimal tiny = new BigDecimal(single ? Float.MIN_NORMAL : Double.MIN_NORMAL)
                .subtract(new BigDecimal(single ? Float.MIN_VALUE : Double.MIN_VALUE).divide(BigDecimal.valueOf(4)));
        if (r == 0 || got.compareTo(exact) != 0 && exact.compareTo(tiny) < 0) Errno.set(Errno.ERANGE);
    }
}
