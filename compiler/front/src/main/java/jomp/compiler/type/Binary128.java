package jomp.compiler.type;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;

/**
 * IEEE binary128 ({@code __float128}) values for the constants the compiler folds: literals and
 * static initialisers, exactly as the program computes them at run time. A value is its two
 * 64-bit words (the high word holds the sign, the 15-bit exponent and the top 48 fraction bits),
 * as in memory on x86-64. Every operation rounds the exact result once to nearest, ties to even,
 * as the runtime's jomp.runtime.libc.Quad does (the lowering's Binary128Test compares the two).
 * NaNs are gcc's when it folds: an invalid operation gives the positive default NaN (at run time
 * x86-64 gives the negative one), a NaN operand comes through quieted, the first one first.
 */
public record Binary128(long hi, long lo) {
    private static final int PRECISION = 113, EXP_BIAS = 16383, EXP_MAX = 0x7fff;
    private static final int MIN_EXP = 1 - EXP_BIAS - (PRECISION - 1);

    public static final Binary128 NAN = new Binary128(0x7fff800000000000L, 0);
    public static final Binary128 ZERO = new Binary128(0, 0);
    public static final Binary128 INFINITY = new Binary128(0x7fff000000000000L, 0);

    private static final long QUIET = 1L << 47;

    /** The NaN result of an operation with a NaN operand, quieted. */
    private static Binary128 nan(Binary128 a, Binary128 b) {
        Binary128 r = a.isNaN() ? a : b;
        return new Binary128(r.hi | QUIET, r.lo);
    }

    private record Exact(boolean negative, BigInteger m, int e) {}

    private int biasedExponent() {
        return (int) (hi >>> 48) & EXP_MAX;
    }

    public boolean negative() {
        return hi < 0;
    }

    public boolean isNaN() {
        return biasedExponent() == EXP_MAX && ((hi & 0xffffffffffffL) | lo) != 0;
    }

    public boolean isInfinite() {
        return biasedExponent() == EXP_MAX && ((hi & 0xffffffffffffL) | lo) == 0;
    }

    public boolean isZero() {
        return ((hi & Long.MAX_VALUE) | lo) == 0;
    }

    public Binary128 negate() {
        return new Binary128(hi ^ Long.MIN_VALUE, lo);
    }

    private static Binary128 infinity(boolean negative) {
        return negative ? INFINITY.negate() : INFINITY;
    }

    private static Binary128 zero(boolean negative) {
        return negative ? ZERO.negate() : ZERO;
    }

    private static BigInteger unsigned(long v) {
        BigInteger b = BigInteger.valueOf(v & Long.MAX_VALUE);
        return v < 0 ? b.setBit(63) : b;
    }

    private Exact exact() {
        int be = biasedExponent();
        BigInteger frac = unsigned(hi & 0xffffffffffffL).shiftLeft(64).or(unsigned(lo));
        if (be == 0) return new Exact(negative(), frac, MIN_EXP);
        return new Exact(negative(), frac.setBit(PRECISION - 1), be - EXP_BIAS - (PRECISION - 1));
    }

    /** The value nearest (-1)^negative * (m + sticky) * 2^e, where sticky is a remainder below m's last bit. */
    private static Binary128 round(boolean negative, BigInteger m, int e, boolean sticky) {
        if (m.signum() == 0) return zero(negative);
        int shift = m.bitLength() - PRECISION;
        if (e + shift < MIN_EXP) shift = MIN_EXP - e;
        BigInteger q;
        int qe;
        if (shift <= 0) {
            q = m.shiftLeft(-shift);
            qe = e + shift;
        } else {
            q = m.shiftRight(shift);
            boolean half = m.testBit(shift - 1), below = sticky || m.getLowestSetBit() < shift - 1;
            if (half && (below || q.testBit(0))) q = q.add(BigInteger.ONE);
            qe = e + shift;
            if (q.bitLength() > PRECISION) {
                q = q.shiftRight(1);
                qe++;
            }
        }
        long sign = negative ? Long.MIN_VALUE : 0;
        if (q.bitLength() < PRECISION)
            return new Binary128(sign | q.shiftRight(64).longValue(), q.longValue());
        int be = qe + EXP_BIAS + (PRECISION - 1);
        if (be >= EXP_MAX) return infinity(negative);
        BigInteger frac = q.clearBit(PRECISION - 1);
        return new Binary128(sign | (long) be << 48 | frac.shiftRight(64).longValue(), frac.longValue());
    }

    /** The value nearest (-1)^negative * n / d (n >= 0, d > 0), rounded once. */
    private static Binary128 quotient(boolean negative, BigInteger n, BigInteger d, int e) {
        if (n.signum() == 0) return zero(negative);
        int k = Math.max(0, PRECISION + 3 + d.bitLength() - n.bitLength());
        BigInteger[] qr = n.shiftLeft(k).divideAndRemainder(d);
        return round(negative, qr[0], e - k, qr[1].signum() != 0);
    }

    // ---- arithmetic ----

    public static Binary128 add(Binary128 a, Binary128 b) {
        if (a.isNaN() || b.isNaN()) return nan(a, b);
        if (a.isInfinite() || b.isInfinite()) {
            if (a.isInfinite() && b.isInfinite() && a.negative() != b.negative()) return NAN;
            return a.isInfinite() ? a : b;
        }
        if (a.isZero() && b.isZero()) return zero(a.negative() && b.negative());
        Exact x = a.exact(), y = b.exact();
        int e = Math.min(x.e, y.e);
        BigInteger mx = x.m.shiftLeft(x.e - e), my = y.m.shiftLeft(y.e - e);
        BigInteger sum = (x.negative ? mx.negate() : mx).add(y.negative ? my.negate() : my);
        if (sum.signum() == 0) return ZERO;
        return round(sum.signum() < 0, sum.abs(), e, false);
    }

    public static Binary128 sub(Binary128 a, Binary128 b) {
        return add(a, b.isNaN() ? b : b.negate());
    }

    public static Binary128 mul(Binary128 a, Binary128 b) {
        if (a.isNaN() || b.isNaN()) return nan(a, b);
        boolean neg = a.negative() != b.negative();
        if (a.isInfinite() || b.isInfinite()) return a.isZero() || b.isZero() ? NAN : infinity(neg);
        if (a.isZero() || b.isZero()) return zero(neg);
        Exact x = a.exact(), y = b.exact();
        return round(neg, x.m.multiply(y.m), x.e + y.e, false);
    }

    public static Binary128 div(Binary128 a, Binary128 b) {
        if (a.isNaN() || b.isNaN()) return nan(a, b);
        boolean neg = a.negative() != b.negative();
        if (a.isInfinite()) return b.isInfinite() ? NAN : infinity(neg);
        if (b.isInfinite()) return zero(neg);
        if (b.isZero()) return a.isZero() ? NAN : infinity(neg);
        if (a.isZero()) return zero(neg);
        Exact x = a.exact(), y = b.exact();
        return quotient(neg, x.m, y.m, x.e - y.e);
    }

    /** -1, 0 or 1 as a is below, equal to or above b; 2 when either is a NaN (unordered). */
    public static int compare(Binary128 a, Binary128 b) {
        if (a.isNaN() || b.isNaN()) return 2;
        if (a.isZero() && b.isZero()) return 0;
        return Integer.signum(key(a).compareTo(key(b)));
    }

    private static BigInteger key(Binary128 q) {
        BigInteger mag = unsigned(q.hi & Long.MAX_VALUE).shiftLeft(64).or(unsigned(q.lo));
        return q.negative() ? mag.negate() : mag;
    }

    // ---- conversions ----

    public static Binary128 fromInteger(BigInteger v) {
        return v.signum() == 0 ? ZERO : round(v.signum() < 0, v.abs(), 0, false);
    }

    public static Binary128 fromDouble(double d) {
        if (Double.isNaN(d)) { // sign and payload kept, quieted
            long bits = Double.doubleToRawLongBits(d), frac = bits & 0xfffffffffffffL;
            return new Binary128(bits & Long.MIN_VALUE | 0x7fffL << 48 | QUIET | frac >>> 4, frac << 60);
        }
        if (Double.isInfinite(d)) return infinity(d < 0);
        long bits = Double.doubleToRawLongBits(d);
        if (d == 0) return zero(bits < 0);
        int be = (int) (bits >>> 52) & 0x7ff;
        long frac = bits & 0xfffffffffffffL;
        return round(bits < 0, BigInteger.valueOf(be == 0 ? frac : frac | 1L << 52), (be == 0 ? 1 : be) - 1075, false);
    }

    /**
     * A floating constant's digits without suffix ({@code 1.5e3}, {@code 0x1.8p-2}), rounded once
     * as gcc reads a {@code q} or {@code f128} constant; null if they are not a number.
     */
    public static Binary128 parse(String digits) {
        String s = digits.replace("'", "").toLowerCase(Locale.ROOT);
        try {
            if (!s.startsWith("0x")) {
                BigDecimal v = new BigDecimal(s);
                BigInteger n = v.unscaledValue().abs();
                return v.scale() <= 0
                        ? round(false, n.multiply(BigInteger.TEN.pow(-v.scale())), 0, false)
                        : quotient(false, n, BigInteger.TEN.pow(v.scale()), 0);
            }
            int p = s.indexOf('p');
            String mant = s.substring(2, p);
            int dot = mant.indexOf('.');
            int fracDigits = dot < 0 ? 0 : mant.length() - dot - 1;
            BigInteger m = new BigInteger(mant.replace(".", ""), 16);
            return round(false, m, Integer.parseInt(s.substring(p + 1).replace("+", "")) - 4 * fracDigits, false);
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            return null;
        }
    }

    /** The value as a double, rounded once (ties to even). */
    public double toDouble() {
        if (isNaN())
            return Double.longBitsToDouble(
                    hi & Long.MIN_VALUE | 0x7ff8000000000000L | (hi & 0xffffffffffffL) << 4 | lo >>> 60);
        if (isInfinite()) return negative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        if (isZero()) return negative() ? -0.0 : 0.0;
        Exact x = exact();
        // round to 53 bits (subnormals from 2^-1074) through BigDecimal, whose doubleValue rounds once
        BigDecimal v = x.e >= 0
                ? new BigDecimal(x.m.shiftLeft(x.e))
                : new BigDecimal(x.m.multiply(BigInteger.valueOf(5).pow(-x.e)), -x.e);
        double d = v.doubleValue();
        return x.negative ? -d : d;
    }

    /** A finite value exactly (null for NaN and infinities; zero without its sign). */
    public BigDecimal toBigDecimal() {
        if (isNaN() || isInfinite()) return null;
        if (isZero()) return BigDecimal.ZERO;
        Exact x = exact();
        BigDecimal v = x.e >= 0
                ? new BigDecimal(x.m.shiftLeft(x.e))
                : new BigDecimal(x.m.multiply(BigInteger.valueOf(5).pow(-x.e)), -x.e);
        return x.negative ? v.negate() : v;
    }

    /** The value nearest n / d (d not zero), rounded once; a zero result takes zeroSign's sign. */
    public static Binary128 ratio(BigDecimal n, BigDecimal d, Binary128 zeroSign) {
        int scale = Math.max(n.scale(), d.scale());
        BigInteger num = n.movePointRight(scale).toBigIntegerExact(),
                den = d.movePointRight(scale).toBigIntegerExact();
        if (num.signum() == 0) return zero(zeroSign.negative());
        return quotient(num.signum() != den.signum(), num.abs(), den.abs(), 0);
    }

    /** The value truncated toward zero (0 for NaN and infinities; C leaves out-of-range conversions undefined). */
    public BigInteger toInteger() {
        if (isNaN() || isInfinite() || isZero()) return BigInteger.ZERO;
        Exact x = exact();
        BigInteger v = x.e >= 0 ? x.m.shiftLeft(Math.min(x.e, 256)) : x.m.shiftRight(-x.e);
        return x.negative ? v.negate() : v;
    }
}
