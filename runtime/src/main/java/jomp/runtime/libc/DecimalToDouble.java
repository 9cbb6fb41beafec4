package jomp.runtime.libc;

import java.math.BigInteger;

/**
 * The Eisel-Lemire conversion of a decimal w * 10^q (w of up to 19 digits) to the nearest double
 * (ties to even), as Go's strconv and Wuffs do it (D. Lemire, "Number Parsing at a Gigabyte per
 * Second", 2021): w times a 128-bit truncation of 10^q, one or two 64x64-bit products. Where the
 * truncation leaves the rounding undecided, or the result is not a normal double, it gives -1 and
 * the caller converts exactly. Java's Double.parseDouble takes the slow big-integer path for most
 * 17-digit inputs (what printf's %.17g writes), which made scanf("%lf") several times slower
 * than glibc's.
 */
final class DecimalToDouble {
    private DecimalToDouble() {}

    private static final int MIN_Q = -348, MAX_Q = 347;

    /** 10^q's 128 most significant bits, rounded down. */
    private record Pow10(long hi, long lo) {}

    /** Filled as exponents are met (a few microseconds each), so that no table costs the start-up. */
    private static final Pow10[] POW10 = new Pow10[MAX_Q - MIN_Q + 1];

    private static Pow10 pow10(int q) {
        Pow10 p = POW10[q - MIN_Q];
        if (p != null) return p;
        BigInteger v;
        if (q >= 0) v = BigInteger.TEN.pow(q);
        else {
            BigInteger d = BigInteger.TEN.pow(-q); // 2^k / 10^-q with k such that the quotient has 129+ bits
            v = BigInteger.ONE.shiftLeft(128 + d.bitLength()).divide(d);
        }
        int excess = v.bitLength() - 128;
        v = excess >= 0 ? v.shiftRight(excess) : v.shiftLeft(-excess);
        p = new Pow10(v.shiftRight(64).longValue(), v.longValue());
        POW10[q - MIN_Q] = p; // a record's final fields make a racing reader see it whole
        return p;
    }

    /** The bits of the double nearest to w * 10^q (w != 0, as unsigned), or -1 where undecided. */
    static long convert(long w, long q) {
        if (q < MIN_Q || q > MAX_Q) return -1;
        Pow10 p = pow10((int) q);
        int clz = Long.numberOfLeadingZeros(w);
        w <<= clz;
        long exp2 = ((217706 * q) >> 16) + 64 + 1023 - clz; // floor(q * log2(10)) + 64 + the bias
        long xHi = Math.unsignedMultiplyHigh(w, p.hi), xLo = w * p.hi;
        // the product's low bits could carry into the kept ones: take the next 64 bits of 10^q too
        if ((xHi & 0x1ff) == 0x1ff && Long.compareUnsigned(xLo + w, w) < 0) {
            long yHi = Math.unsignedMultiplyHigh(w, p.lo), yLo = w * p.lo;
            long mergedHi = xHi, mergedLo = xLo + yHi;
            if (Long.compareUnsigned(mergedLo, xLo) < 0) mergedHi++;
            if ((mergedHi & 0x1ff) == 0x1ff && mergedLo == -1 && Long.compareUnsigned(yLo + w, w) < 0) return -1;
            xHi = mergedHi;
            xLo = mergedLo;
        }
        long msb = xHi >>> 63;
        long mantissa = xHi >>> (msb + 9); // 54 bits
        exp2 -= 1 ^ msb;
        if (xLo == 0 && (xHi & 0x1ff) == 0 && (mantissa & 3) == 1) return -1; // maybe a tie: exactly
        mantissa += mantissa & 1;
        mantissa >>>= 1;
        if (mantissa >>> 53 > 0) {
            mantissa >>>= 1;
            exp2++;
        }
        // subnormal, infinite or the lowest normal binade (where a value below it may round up): exactly, with errno
        if (exp2 <= 1 || exp2 >= 0x7ff) return -1;
        return exp2 << 52 | mantissa & 0x000fffffffffffffL;
    }
}
