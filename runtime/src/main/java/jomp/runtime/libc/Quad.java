package jomp.runtime.libc;

import java.math.BigInteger;

/**
 * IEEE binary128 ({@code __float128}) in software: a value is its two 64-bit words (the high word
 * holds the sign, the 15-bit exponent and the top 48 bits of the fraction; the low word the rest,
 * as in memory on x86-64). Every operation is correctly rounded to nearest, ties to even, as
 * libgcc's soft-fp computes it: the exact result (BigInteger arithmetic; quotients and square
 * roots with three guard bits and a sticky bit) is rounded once by {@link #round}. NaNs are
 * libgcc's on x86-64: an invalid operation gives the default NaN, negative ({@link #INVALID}); a
 * NaN operand comes through quieted (the first one, unless only the second is quiet); conversions
 * keep a NaN's sign and the top of its payload. runtime/tools/QuadDiff.java compares it with gcc 12 on
 * random operands. Compiled code calls it through {@link QuadCalls}; the compiler folds constants the
 * same way (jomp.compiler.type.Binary128).
 */
public record Quad(long hi, long lo) {
    private static final int PRECISION = 113, EXP_BIAS = 16383, EXP_MAX = 0x7fff;
    /** The exponent of a subnormal's (and the smallest normal's) last fraction bit. */
    private static final int MIN_EXP = 1 - EXP_BIAS - (PRECISION - 1);

    public static final Quad NAN = new Quad(0x7fff800000000000L, 0);
    /** What an invalid operation (inf - inf, 0 / 0, sqrt(-1)) gives on x86-64: the negative default NaN. */
    public static final Quad INVALID = new Quad(0xffff800000000000L, 0);

    private static final long QUIET = 1L << 47;
    public static final Quad ZERO = new Quad(0, 0);

    /** A finite value as sign, magnitude m and exponent e: (-1)^sign * m * 2^e. */
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

    private static Quad infinity(boolean negative) {
        return new Quad(negative ? 0xffff000000000000L : 0x7fff000000000000L, 0);
    }

    private static Quad zero(boolean negative) {
        return new Quad(negative ? Long.MIN_VALUE : 0, 0);
    }

    public Quad negate() {
        return new Quad(hi ^ Long.MIN_VALUE, lo);
    }

    private static BigInteger unsigned(long v) {
        BigInteger b = BigInteger.valueOf(v & Long.MAX_VALUE);
        return v < 0 ? b.setBit(63) : b;
    }

    /** A finite value exactly. */
    private Exact exact() {
        int be = biasedExponent();
        BigInteger frac = unsigned(hi & 0xffffffffffffL).shiftLeft(64).or(unsigned(lo));
        if (be == 0) return new Exact(negative(), frac, MIN_EXP);
        return new Exact(negative(), frac.setBit(PRECISION - 1), be - EXP_BIAS - (PRECISION - 1));
    }

    /**
     * (-1)^negative * (m + sticky) * 2^e rounded to p bits with the least exponent minExp (subnormals
     * below it), ties to even; sticky means a non-zero remainder below m's last bit (callers keep
     * guard bits, so that a sticky m is always cut). The rounded magnitude has at most p bits.
     */
    record Rounded(BigInteger q, int e) {}

    static Rounded roundTo(BigInteger m, int e, boolean sticky, int p, int minExp) {
        int shift = m.bitLength() - p;
        if (e + shift < minExp) shift = minExp - e;
        if (shift <= 0) return new Rounded(m.shiftLeft(-shift), e + shift); // exact (callers keep guard bits)
        BigInteger q = m.shiftRight(shift);
        // up when the dropped bits are above half an ulp, or exactly half and q is odd (ties to even)
        boolean half = m.testBit(shift - 1), below = sticky || m.getLowestSetBit() < shift - 1;
        if (half && (below || q.testBit(0))) q = q.add(BigInteger.ONE);
        int qe = e + shift;
        if (q.bitLength() > p) {
            q = q.shiftRight(1);
            qe++;
        }
        return new Rounded(q, qe);
    }

    /** The binary128 value nearest (-1)^negative * (m + sticky) * 2^e. */
    static Quad round(boolean negative, BigInteger m, int e, boolean sticky) {
        if (m.signum() == 0) return zero(negative);
        Rounded r = roundTo(m, e, sticky, PRECISION, MIN_EXP);
        BigInteger q = r.q();
        int qe = r.e();
        long sign = negative ? Long.MIN_VALUE : 0;
        if (q.bitLength() < PRECISION) // subnormal (qe == MIN_EXP), or zero
        return new Quad(sign | q.shiftRight(64).longValue(), q.longValue());
        int be = qe + EXP_BIAS + (PRECISION - 1); // qe is at most the exponent of a 2^32767 product
        if (be >= EXP_MAX) return infinity(negative);
        BigInteger frac = q.clearBit(PRECISION - 1);
        return new Quad(sign | (long) be << 48 | frac.shiftRight(64).longValue(), frac.longValue());
    }

    /** The NaN result of an operation with a NaN operand (soft-fp's _FP_CHOOSENAN for x86), quieted. */
    private static Quad nan(Quad a, Quad b) {
        Quad r = !a.isNaN() || (a.hi & QUIET) == 0 && b.isNaN() && (b.hi & QUIET) != 0 ? b : a;
        return new Quad(r.hi | QUIET, r.lo);
    }

    // ---- arithmetic ----

    public static Quad add(Quad a, Quad b) {
        if (a.isNaN() || b.isNaN()) return nan(a, b);
        if (a.isInfinite() || b.isInfinite()) {
            if (a.isInfinite() && b.isInfinite() && a.negative() != b.negative()) return INVALID;
            return a.isInfinite() ? a : b;
        }
        if (a.isZero() && b.isZero()) return zero(a.negative() && b.negative());
        Exact x = a.exact(), y = b.exact();
        int e = Math.min(x.e, y.e);
        BigInteger mx = x.m.shiftLeft(x.e - e), my = y.m.shiftLeft(y.e - e);
        BigInteger sum = (x.negative ? mx.negate() : mx).add(y.negative ? my.negate() : my);
        if (sum.signum() == 0) return ZERO; // x + -x is +0 when rounding to nearest
        return round(sum.signum() < 0, sum.abs(), e, false);
    }

    public static Quad sub(Quad a, Quad b) {
        return add(a, b.isNaN() ? b : b.negate());
    }

    public static Quad mul(Quad a, Quad b) {
        if (a.isNaN() || b.isNaN()) return nan(a, b);
        boolean neg = a.negative() != b.negative();
        if (a.isInfinite() || b.isInfinite()) return a.isZero() || b.isZero() ? INVALID : infinity(neg);
        if (a.isZero() || b.isZero()) return zero(neg);
        Exact x = a.exact(), y = b.exact();
        return round(neg, x.m.multiply(y.m), x.e + y.e, false);
    }

    public static Quad div(Quad a, Quad b) {
        if (a.isNaN() || b.isNaN()) return nan(a, b);
        boolean neg = a.negative() != b.negative();
        if (a.isInfinite()) return b.isInfinite() ? INVALID : infinity(neg);
        if (b.isInfinite()) return zero(neg);
        if (b.isZero()) return a.isZero() ? INVALID : infinity(neg);
        if (a.isZero()) return zero(neg);
        Exact x = a.exact(), y = b.exact();
        // a quotient of PRECISION + 3 bits at least, then the remainder as the sticky bit
        int k = Math.max(0, PRECISION + 3 + y.m.bitLength() - x.m.bitLength());
        BigInteger[] qr = x.m.shiftLeft(k).divideAndRemainder(y.m);
        return round(neg, qr[0], x.e - y.e - k, qr[1].signum() != 0);
    }

    public static Quad sqrt(Quad a) {
        if (a.isNaN()) return nan(a, a);
        if (a.isZero()) return a;
        if (a.negative()) return INVALID;
        if (a.isInfinite()) return a;
        Exact x = a.exact();
        int k = Math.max(0, 2 * (PRECISION + 3) - x.m.bitLength());
        if (((x.e - k) & 1) != 0) k++;
        BigInteger n = x.m.shiftLeft(k), s = n.sqrt();
        return round(false, s, (x.e - k) / 2, !s.multiply(s).equals(n));
    }

    /** -1, 0 or 1 as a is below, equal to or above b; 2 when either is a NaN (unordered). */
    public static int compare(Quad a, Quad b) {
        if (a.isNaN() || b.isNaN()) return 2;
        if (a.isZero() && b.isZero()) return 0;
        return Integer.signum(key(a).compareTo(key(b)));
    }

    private static BigInteger key(Quad q) {
        BigInteger mag = unsigned(q.hi & Long.MAX_VALUE).shiftLeft(64).or(unsigned(q.lo));
        return q.negative() ? mag.negate() : mag;
    }

    // ---- conversions ----

    public static Quad fromLong(long v) {
        return v == 0 ? ZERO : round(v < 0, BigInteger.valueOf(v).abs(), 0, false);
    }

    public static Quad fromUnsignedLong(long v) {
        return v == 0 ? ZERO : round(false, unsigned(v), 0, false);
    }

    /** From a 128-bit integer given by its words (signed or not). */
    public static Quad fromInt128(long hi, long lo, boolean unsigned) {
        BigInteger v = unsigned(hi).shiftLeft(64).or(unsigned(lo));
        if (!unsigned && hi < 0) v = v.subtract(BigInteger.ONE.shiftLeft(128));
        return v.signum() == 0 ? ZERO : round(v.signum() < 0, v.abs(), 0, false);
    }

    public static Quad fromDouble(double d) {
        if (Double.isNaN(d)) { // sign and payload kept, quieted (libgcc's __extenddftf2)
            long bits = Double.doubleToRawLongBits(d), frac = bits & 0xfffffffffffffL;
            return new Quad(bits & Long.MIN_VALUE | 0x7fffL << 48 | QUIET | frac >>> 4, frac << 60);
        }
        if (Double.isInfinite(d)) return infinity(d < 0);
        long bits = Double.doubleToRawLongBits(d);
        if (d == 0) return zero(bits < 0);
        int be = (int) (bits >>> 52) & 0x7ff;
        long frac = bits & 0xfffffffffffffL;
        BigInteger m = BigInteger.valueOf(be == 0 ? frac : frac | 1L << 52);
        return round(bits < 0, m, (be == 0 ? 1 : be) - 1023 - 52, false);
    }

    /** The value as a double, rounded once (ties to even, subnormals and overflow included). */
    public double toDouble() {
        if (isNaN()) // sign and the payload's top bits kept, quieted (libgcc's __trunctfdf2)
        return Double.longBitsToDouble(
                    hi & Long.MIN_VALUE | 0x7ff8000000000000L | (hi & 0xffffffffffffL) << 4 | lo >>> 60);
        if (isInfinite()) return negative() ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        if (isZero()) return negative() ? -0.0 : 0.0;
        Exact x = exact();
        Rounded r = roundTo(x.m, x.e, false, 53, -1074);
        BigInteger q = r.q();
        int qe = r.e();
        double d = qe > 1023 - 52 ? Double.POSITIVE_INFINITY : Math.scalb((double) q.longValue(), qe);
        return x.negative ? -d : d;
    }

    /** The value as a float, rounded once. */
    public float toFloat() {
        if (isNaN())
            return Float.intBitsToFloat(
                    (int) (hi >>> 32) & Integer.MIN_VALUE | 0x7fc00000 | (int) ((hi & 0xffffffffffffL) >>> 25));
        if (isInfinite()) return negative() ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
        if (isZero()) return negative() ? -0.0f : 0.0f;
        Exact x = exact();
        Rounded r = roundTo(x.m, x.e, false, 24, -149);
        BigInteger q = r.q();
        int qe = r.e();
        float f = qe > 127 - 23 ? Float.POSITIVE_INFINITY : Math.scalb((float) q.longValue(), qe);
        return x.negative ? -f : f;
    }

    /** The value rounded once to binary16 ({@code _Float16}), as a float holding it exactly. */
    public float toHalf() {
        if (isNaN()) // the payload's top 10 bits, where a float's become binary16's
        return Float.intBitsToFloat(
                    (int) (hi >>> 32) & Integer.MIN_VALUE | 0x7fc00000 | (int) ((hi & 0xffffffffffffL) >>> 38) << 13);
        if (isInfinite() || isZero()) return toFloat();
        Exact x = exact();
        Rounded r = roundTo(x.m, x.e, false, 11, -24);
        float f = r.e() > 15 - 10 ? Float.POSITIVE_INFINITY : Math.scalb((float) r.q().longValue(), r.e());
        return x.negative ? -f : f;
    }

    /** The value truncated toward zero to an integer (C leaves values out of the target's range undefined). */
    public BigInteger toInteger() {
        if (isNaN() || isInfinite() || isZero()) return BigInteger.ZERO;
        Exact x = exact();
        BigInteger v = x.e >= 0 ? x.m.shiftLeft(Math.min(x.e, 256)) : x.m.shiftRight(-x.e);
        return x.negative ? v.negate() : v;
    }
}
