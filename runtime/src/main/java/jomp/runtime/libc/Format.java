package jomp.runtime.libc;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;
import jomp.runtime.mem.Mem;

/**
 * The printf engine: formats a C format string with arguments from a variadic area (8-byte
 * slots, docs/design/abi.md) into bytes, exactly as glibc does. Floating-point conversions work
 * on the double's exact decimal value (BigDecimal), rounding half-even like glibc in the default
 * rounding mode.
 */
final class Format {
    private Format() {}

    /** A growable byte buffer; the formatted output. */
    static final class Out {
        byte[] buf = new byte[256];
        int len;
        /** The format ended inside a conversion: glibc returns -1 (EINVAL) and jomp does too. */
        boolean invalid;

        void put(int b) {
            if (len == buf.length) buf = java.util.Arrays.copyOf(buf, len * 2);
            buf[len++] = (byte) b;
        }

        void put(String s) {
            for (int i = 0; i < s.length(); i++) put(s.charAt(i));
        }

        void pad(int c, int n) {
            for (int i = 0; i < n; i++) put(c);
        }
    }

    /** A named subclass rather than a lambda, which would cost printf's first call milliseconds. */
    private static final class Buffer extends ThreadLocal<Out> {
        @Override
        protected Out initialValue() {
            return new Out();
        }
    }

    private static final ThreadLocal<Out> BUFFER = new Buffer();

    /**
     * Formats {@code fmt} with the slots at {@code va} into this thread's buffer, valid until the
     * thread's next call (formatting calls no C code, so it cannot re-enter).
     */
    static Out format(long fmt, long va) {
        Out out = BUFFER.get();
        out.len = 0;
        out.invalid = false;
        format(out, fmt, va);
        if (out.buf.length > 65536) BUFFER.remove(); // do not keep a huge buffer alive
        return out;
    }

    static void format(Out out, long fmt, long va) {
        Directives d = new Directives(fmt, va);
        while (true) {
            int c = Mem.getByte(d.p) & 0xff;
            if (c == 0) return;
            if (c != '%') {
                out.put(c);
                d.p++;
                continue;
            }
            long specStart = d.p;
            d.p++;
            int argIndex = d.positional();
            Spec s = d.spec();
            if (s == null) {
                out.invalid = true;
                return;
            }
            if (convert(out, s, d.len, va, argIndex >= 0 ? argIndex : d.next, specStart, d.p) && argIndex < 0) d.next++;
        }
    }

    /** Reading a format's conversion specifications: where it is, and the next sequential slot. */
    private static final class Directives {
        final long va;
        long p;
        /** The index of the next sequential slot. */
        int next;
        /** The length modifier of the last specification read: 1 hh, 2 h, 3 l/ll/z/j/t (64-bit), 4 L. */
        int len;

        Directives(long fmt, long va) {
            this.p = fmt;
            this.va = va;
        }

        /** A %n$ positional argument's slot index (p stepping over it), or -1. */
        int positional() {
            long q = p;
            int num = 0;
            while (isDigit(Mem.getByte(q))) num = num * 10 + (Mem.getByte(q++) - '0');
            if (q > p && Mem.getByte(q) == '$' && num > 0) {
                p = q + 1;
                return num - 1;
            }
            return -1;
        }

        /**
         * The flags, width, precision, length modifier (into {@link #len}) and conversion; null when
         * the format ends before the conversion.
         */
        Spec spec() {
            boolean left = false, plus = false, space = false, alt = false, zero = false;
            for (; ; p++) {
                int f = Mem.getByte(p);
                if (f == '-') left = true;
                else if (f == '+') plus = true;
                else if (f == ' ') space = true;
                else if (f == '#') alt = true;
                else if (f == '0') zero = true;
                else if (f == '\'' || f == 'I') {
                    /* grouping/locale digits: no effect in C locale */
                } else break;
            }
            int width;
            if (Mem.getByte(p) == '*') {
                p++;
                width = (int) starArgument();
                if (width < 0) {
                    left = true;
                    width = -width;
                }
            } else {
                width = number();
            }
            int prec = precision();
            len = length();
            int conv = Mem.getByte(p) & 0xff;
            if (conv == 0) return null;
            p++;
            return new Spec(left, plus, space, alt, zero, width, prec, conv);
        }

        private int number() {
            int n = 0;
            while (isDigit(Mem.getByte(p))) n = n * 10 + (Mem.getByte(p++) - '0');
            return n;
        }

        /** The argument of a '*' (p after it): from slot m for "*m$", else the next sequential one. */
        private long starArgument() {
            int star = starIndex(p);
            if (star >= 0) {
                p = skipStar(p);
                return slot(va, star);
            }
            return slot(va, next++);
        }

        /** The precision, or -1 when there is none (or a negative '*' argument). */
        private int precision() {
            if (Mem.getByte(p) != '.') return -1;
            p++;
            if (Mem.getByte(p) != '*') return number();
            p++;
            int prec = (int) starArgument();
            return prec < 0 ? -1 : prec;
        }

        private int length() {
            switch (Mem.getByte(p)) {
                case 'h' -> {
                    p++;
                    if (Mem.getByte(p) != 'h') return 2;
                    p++;
                    return 1;
                }
                case 'l' -> {
                    p++;
                    if (Mem.getByte(p) == 'l') p++;
                    return 3;
                }
                case 'q', 'z', 'j', 't' -> {
                    p++;
                    return 3;
                }
                case 'L' -> {
                    p++;
                    return 4;
                }
                default -> {
                    return 0;
                }
            }
        }
    }

    /**
     * Writes one conversion of s (length modifier len, as above) of the argument in slot arg;
     * returns whether it took that argument ('%' and an unknown spec take none).
     */
    private static boolean convert(Out out, Spec s, int len, long va, int arg, long specStart, long p) {
        switch (s.conv()) {
            case 'd', 'i' -> signedInteger(out, s, len, slot(va, arg));
            case 'u', 'o', 'x', 'X' -> unsignedInteger(out, s, len, slot(va, arg));
            case 'c' -> character(out, s, slot(va, arg));
            case 's' -> cString(out, s, slot(va, arg));
            case 'p' -> pointer(out, s, slot(va, arg));
            case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A' -> floating(out, s, Double.longBitsToDouble(slot(va, arg)));
            case 'n' -> count(out, len, slot(va, arg));
            case '%' -> {
                out.put('%');
                return false;
            }
            default -> {
                copySpec(out, specStart, p);
                return false;
            } // glibc prints an unknown spec as written
        }
        return true;
    }

    private static void signedInteger(Out out, Spec s, int len, long v) {
        v = switch (len) {
            case 1 -> (byte) v;
            case 2 -> (short) v;
            case 0 -> (int) v;
            default -> v;
        };
        integer(out, s, v < 0, v < 0 ? Long.toUnsignedString(-v) : Long.toString(v), true);
    }

    private static void unsignedInteger(Out out, Spec s, int len, long v) {
        v = switch (len) {
            case 1 -> v & 0xff;
            case 2 -> v & 0xffff;
            case 0 -> v & 0xffffffffL;
            default -> v;
        };
        String digits = switch (s.conv()) {
            case 'u' -> Long.toUnsignedString(v);
            case 'o' -> Long.toOctalString(v);
            case 'x' -> Long.toHexString(v);
            default -> Long.toHexString(v).toUpperCase(Locale.ROOT);
        };
        integer(out, s, false, digits, false);
    }

    private static void character(Out out, Spec s, long v) {
        int w = Math.max(0, s.width() - 1);
        if (!s.left()) out.pad(' ', w);
        out.put((int) v);
        if (s.left()) out.pad(' ', w);
    }

    /** %s of the C string at a. */
    private static void cString(Out out, Spec s, long a) {
        int prec = s.prec();
        if (a == 0) {
            string(out, s, prec == -1 || prec >= 6 ? "(null)" : "");
            return;
        }
        int n = 0;
        while ((prec < 0 || n < prec) && Mem.getByte(a + n) != 0) n++;
        int w = Math.max(0, s.width() - n);
        if (!s.left()) out.pad(' ', w);
        for (int i = 0; i < n; i++) out.put(Mem.getByte(a + i));
        if (s.left()) out.pad(' ', w);
    }

    private static void pointer(Out out, Spec s, long a) {
        if (a == 0) {
            string(out, new Spec(s.left(), false, false, false, false, s.width(), -1, 's'), "(nil)");
        } else {
            integer(
                    out,
                    new Spec(s.left(), s.plus(), s.space(), true, s.zero(), s.width(), s.prec(), 'x'),
                    false,
                    Long.toHexString(a),
                    true);
        }
    }

    /** %n: the count of bytes written so far, stored at a in the length modifier's size. */
    private static void count(Out out, int len, long a) {
        switch (len) {
            case 1 -> Mem.putByte(a, (byte) out.len);
            case 2 -> Mem.putShort(a, (short) out.len);
            case 3, 4 -> Mem.putLong(a, out.len);
            default -> Mem.putInt(a, out.len);
        }
    }

    record Spec(boolean left, boolean plus, boolean space, boolean alt, boolean zero, int width, int prec, int conv) {}

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static long slot(long va, int i) {
        return Mem.getLong(va + 8L * i);
    }

    /** For "*m$": the slot index, or -1 when the star is sequential. */
    private static int starIndex(long p) {
        int n = 0;
        long q = p;
        while (isDigit(Mem.getByte(q))) n = n * 10 + (Mem.getByte(q++) - '0');
        return q > p && Mem.getByte(q) == '$' && n > 0 ? n - 1 : -1;
    }

    private static long skipStar(long p) {
        while (isDigit(Mem.getByte(p))) p++;
        return p + 1;
    }

    private static void copySpec(Out out, long from, long to) {
        for (long a = from; a < to; a++) out.put(Mem.getByte(a));
    }

    private static void string(Out out, Spec s, String str) {
        int n = s.prec >= 0 ? Math.min(s.prec, str.length()) : str.length();
        int w = Math.max(0, s.width - n);
        if (!s.left) out.pad(' ', w);
        for (int i = 0; i < n; i++) out.put(str.charAt(i));
        if (s.left) out.pad(' ', w);
    }

    /** An integer conversion; {@code digits} is the magnitude in the conversion's base. */
    private static void integer(Out out, Spec s, boolean negative, String digits, boolean signed) {
        boolean isZero = digits.equals("0");
        if (s.prec == 0 && isZero) digits = "";
        int zeros = s.prec > digits.length() ? s.prec - digits.length() : 0;
        if (s.alt && s.conv == 'o' && zeros == 0 && !digits.startsWith("0")) zeros = 1;
        String prefix = "";
        if (negative) prefix = "-";
        else if (signed && s.plus) prefix = "+";
        else if (signed && s.space) prefix = " ";
        if (s.alt && !isZero && (s.conv == 'x' || s.conv == 'X')) prefix += s.conv == 'x' ? "0x" : "0X";
        int body = prefix.length() + zeros + digits.length();
        int w = Math.max(0, s.width - body);
        if (s.zero && !s.left && s.prec < 0) {
            zeros += w;
            w = 0;
        }
        if (!s.left) out.pad(' ', w);
        out.put(prefix);
        out.pad('0', zeros);
        out.put(digits);
        if (s.left) out.pad(' ', w);
    }

    private static void floating(Out out, Spec s, double v) {
        boolean upper = s.conv == 'F' || s.conv == 'E' || s.conv == 'G' || s.conv == 'A';
        boolean negative = (Double.doubleToRawLongBits(v) < 0);
        String sign = negative ? "-" : s.plus ? "+" : s.space ? " " : "";
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            String body = Double.isNaN(v) ? "nan" : "inf";
            if (upper) body = body.toUpperCase(Locale.ROOT);
            pad(out, s, sign, body, false);
            return;
        }
        double a = Math.abs(v);
        String body = switch (s.conv) {
            case 'f', 'F' -> fixed(a, s.prec < 0 ? 6 : s.prec, s.alt);
            case 'e', 'E' -> exponent(a, s.prec < 0 ? 6 : s.prec, s.alt, upper);
            case 'g', 'G' -> general(a, s.prec < 0 ? 6 : s.prec == 0 ? 1 : s.prec, s.alt, upper);
            default -> hex(a, s.prec, s.alt, upper);
        };
        if (s.conv == 'a' || s.conv == 'A') {
            // the zero padding goes after "0x"
            String pre = sign + body.substring(0, 2);
            String rest = body.substring(2);
            int w = Math.max(0, s.width - pre.length() - rest.length());
            if (s.zero && !s.left) {
                out.put(pre);
                out.pad('0', w);
                out.put(rest);
                return;
            }
            pad(out, s, sign, body, false);
            return;
        }
        pad(out, s, sign, body, true);
    }

    private static void pad(Out out, Spec s, String sign, String body, boolean zeroOk) {
        int w = Math.max(0, s.width - sign.length() - body.length());
        if (s.left) {
            out.put(sign);
            out.put(body);
            out.pad(' ', w);
            return;
        }
        if (s.zero && zeroOk) {
            out.put(sign);
            out.pad('0', w);
            out.put(body);
            return;
        }
        out.pad(' ', w);
        out.put(sign);
        out.put(body);
    }

    /** %f of a non-negative finite value. */
    static String fixed(double a, int prec, boolean alt) {
        String t;
        if (a == 0) {
            t = prec == 0 ? "0" : "0." + "0".repeat(prec);
        } else if (prec <= 17 && a < 1e17 && a == Math.rint(a)) {
            // integral values (common): no BigDecimal needed
            t = prec == 0 ? Long.toString((long) a) : (long) a + "." + "0".repeat(prec);
        } else {
            long n = prec <= 18 ? scaledRound(a, prec) : -1;
            t = n >= 0
                    ? withPoint(n, prec)
                    : new BigDecimal(a).setScale(prec, RoundingMode.HALF_EVEN).toPlainString();
        }
        return alt && prec == 0 ? t + "." : t;
    }

    private static final long[] POW10 = {
        1L,
        10L,
        100L,
        1000L,
        10000L,
        100000L,
        1000000L,
        10000000L,
        100000000L,
        1000000000L,
        10000000000L,
        100000000000L,
        1000000000000L,
        10000000000000L,
        100000000000000L,
        1000000000000000L,
        10000000000000000L,
        100000000000000000L,
        1000000000000000000L
    };

    /**
     * {@code a * 10^p} rounded half-even to an integer, computed exactly (a is m * 2^e, and m * 10^p
     * fits in 128 bits), for a positive finite {@code a} and -18 <= p <= 18; -1 where the result
     * does not fit in a long (or a is 2^63 or more, for negative p). The common cases of %f, %e and
     * %g without BigDecimal, whose first use costs a program about 15 ms (class loading and
     * interpreted arithmetic).
     */
    static long scaledRound(double a, int p) {
        long bits = Double.doubleToRawLongBits(a);
        int biased = (int) (bits >>> 52) & 0x7ff;
        long m = bits & 0xfffffffffffffL;
        int e;
        if (biased == 0) e = -1074;
        else {
            m |= 1L << 52;
            e = biased - 1075;
        }
        if (p < 0) return dividedRound(m, e, POW10[-p]);
        long lo = m * POW10[p], hi = Math.unsignedMultiplyHigh(m, POW10[p]); // the product, < 2^113
        if (e >= 0) return hi != 0 || e >= 63 || lo >>> (63 - e) != 0 ? -1 : lo << e;
        int k = -e; // the product shifted right by k, the remainder against half of 2^k
        if (k >= 128) return 0; // below 2^113 / 2^128: rounds to 0
        long n;
        int cmp;
        if (k < 64) {
            if (hi >>> k != 0) return -1;
            n = hi << (64 - k) | lo >>> k;
            if (n < 0) return -1;
            cmp = Long.compare(lo & ((1L << k) - 1), 1L << (k - 1));
        } else if (k == 64) {
            n = hi;
            cmp = Long.compareUnsigned(lo, 1L << 63);
        } else {
            int s = k - 64;
            n = hi >>> s;
            long r = hi & ((1L << s) - 1), half = 1L << (s - 1);
            cmp = r != half ? Long.compare(r, half) : lo != 0 ? 1 : 0;
        }
        if (cmp > 0 || cmp == 0 && (n & 1) != 0) n++;
        return n; // below 2^63 - 1 before the increment: no overflow
    }

    /** m * 2^e / d rounded half-even, for an even d (a power of ten); -1 where m * 2^e is 2^63 or more. */
    private static long dividedRound(long m, int e, long d) {
        long whole; // the integer part of m * 2^e, and whether a fraction is left
        boolean fraction;
        if (e >= 0) {
            if (e >= 63 || m >>> (63 - e) != 0) return -1;
            whole = m << e;
            fraction = false;
        } else if (e <= -63) {
            whole = 0;
            fraction = m != 0;
        } else {
            whole = m >>> -e;
            fraction = (m & ((1L << -e) - 1)) != 0;
        }
        long n = whole / d, gap = d - 2 * (whole % d); // even, so a fraction (below 1) matters only at 0
        if (gap < 0 || gap == 0 && (fraction || (n & 1) != 0)) n++;
        return n;
    }

    /** {@code n / 10^prec} written with {@code prec} decimals. */
    private static String withPoint(long n, int prec) {
        String d = Long.toString(n);
        if (prec == 0) return d;
        StringBuilder b = new StringBuilder(prec + 22);
        if (d.length() <= prec) {
            b.append("0.");
            for (int i = d.length(); i < prec; i++) b.append('0');
            return b.append(d).toString();
        }
        return b.append(d, 0, d.length() - prec)
                .append('.')
                .append(d, d.length() - prec, d.length())
                .toString();
    }

    /** Significant digits of {@code a} rounded to {@code n} digits, and the decimal exponent. */
    private static String digits(double a, int n, int[] exp) {
        if (a == 0) {
            exp[0] = 0;
            return "0".repeat(n);
        }
        if (n <= 18) {
            // a * 10^(n-1-x) rounded, for the decimal exponent x, estimated and corrected
            int x = (int) Math.floor(Math.log10(a));
            for (int tries = 0; tries < 3; tries++) {
                int p = n - 1 - x;
                long v = p >= -18 && p <= 18 ? scaledRound(a, p) : -1;
                if (v < 0) break;
                if (v < POW10[n - 1]) {
                    x--;
                    continue;
                } // x was too large
                if (v > POW10[n]) {
                    x++;
                    continue;
                } // x was too small
                if (v == POW10[n]) {
                    exp[0] = x + 1;
                    return Long.toString(v / 10);
                } // 9.99.. carried
                if (v == POW10[n - 1]) {
                    // 10^x exactly, or just below it (x one too large) and carried: one more digit tells
                    if (p == 18) break;
                    long w = scaledRound(a, p + 1);
                    if (w < 0) break;
                    if (w < POW10[n]) {
                        exp[0] = x - 1;
                        return Long.toString(w);
                    }
                }
                exp[0] = x;
                return Long.toString(v);
            }
        }
        BigDecimal bd = new BigDecimal(a).round(new MathContext(n, RoundingMode.HALF_EVEN));
        String u = bd.unscaledValue().toString();
        exp[0] = u.length() - 1 - bd.scale();
        if (u.length() < n) u = u + "0".repeat(n - u.length());
        else if (u.length() > n) u = u.substring(0, n); // trailing zeros only
        return u;
    }

    /** %e of a non-negative finite value. */
    static String exponent(double a, int prec, boolean alt, boolean upper) {
        int[] exp = new int[1];
        String d = digits(a, prec + 1, exp);
        StringBuilder b = new StringBuilder(prec + 8);
        b.append(d.charAt(0));
        if (prec > 0 || alt) b.append('.');
        b.append(d, 1, d.length());
        appendExp(b, upper ? 'E' : 'e', exp[0]);
        return b.toString();
    }

    private static void appendExp(StringBuilder b, char e, int x) {
        b.append(e).append(x < 0 ? '-' : '+');
        int ax = Math.abs(x);
        if (ax < 10) b.append('0');
        b.append(ax);
    }

    /** %g of a non-negative finite value; {@code p} is the precision, at least 1. */
    static String general(double a, int p, boolean alt, boolean upper) {
        int[] exp = new int[1];
        digits(a, p, exp);
        int x = exp[0];
        if (alt && x == p && a != 0) {
            // glibc quirk, reproduced: when rounding carries into a new power of ten and so
            // moves the value from %f style to %e style, "%#g" prints the mantissa as "1."
            BigDecimal exact = new BigDecimal(a);
            if (exact.precision() - exact.scale() - 1 == p - 1) {
                StringBuilder b = new StringBuilder("1.");
                appendExp(b, upper ? 'E' : 'e', x);
                return b.toString();
            }
        }
        String t = (p > x && x >= -4) ? fixed(a, p - 1 - x, alt) : exponent(a, p - 1, alt, upper);
        if (alt) return t;
        int e = t.indexOf(upper ? 'E' : 'e');
        String mant = e < 0 ? t : t.substring(0, e);
        String tail = e < 0 ? "" : t.substring(e);
        if (mant.indexOf('.') >= 0) {
            int end = mant.length();
            while (mant.charAt(end - 1) == '0') end--;
            if (mant.charAt(end - 1) == '.') end--;
            mant = mant.substring(0, end);
        }
        return mant + tail;
    }

    /** %a of a non-negative finite value, as glibc prints it. */
    static String hex(double a, int prec, boolean alt, boolean upper) {
        long bits = Double.doubleToRawLongBits(a);
        int biased = (int) (bits >>> 52) & 0x7ff;
        long frac = bits & 0xfffffffffffffL;
        int lead;
        int exp;
        if (biased == 0) {
            lead = 0;
            exp = frac == 0 ? 0 : -1022;
        } else {
            lead = 1;
            exp = biased - 1023;
        }
        // 13 hex digits of fraction
        String fd = String.format("%013x", frac);
        if (prec < 0) {
            int end = 13;
            while (end > 0 && fd.charAt(end - 1) == '0') end--;
            fd = fd.substring(0, end);
        } else if (prec < 13) {
            // round half-even at hex digit `prec`
            int shift = (13 - prec) * 4;
            long kept = frac >>> shift;
            long rem = frac & ((1L << shift) - 1);
            long half = 1L << (shift - 1);
            boolean odd = prec == 0 ? (lead & 1) != 0 : (kept & 1) != 0;
            if (rem > half || (rem == half && odd)) kept++;
            if (prec == 0) {
                if (kept != 0) lead++;
                fd = "";
            } else {
                if (kept >>> (prec * 4) != 0) {
                    lead++;
                    kept &= (1L << (prec * 4)) - 1;
                }
                fd = String.format("%0" + prec + "x", kept);
            }
        } else {
            fd = fd + "0".repeat(prec - 13);
        }
        StringBuilder b = new StringBuilder(24);
        b.append(upper ? "0X" : "0x").append((char) ('0' + lead));
        if (!fd.isEmpty() || alt) b.append('.');
        b.append(upper ? fd.toUpperCase(Locale.ROOT) : fd);
        b.append(upper ? 'P' : 'p').append(exp < 0 ? '-' : '+').append(Math.abs(exp));
        return b.toString();
    }
}
