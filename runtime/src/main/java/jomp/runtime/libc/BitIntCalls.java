package jomp.runtime.libc;

import java.math.BigDecimal;
import java.math.BigInteger;
import jomp.runtime.mem.Mem;

/**
 * What compiled code calls for a {@code _BitInt(N)} of more than 128 bits (the compiler's
 * jomp.compiler.lower.WideBitInts; docs/design/abi.md): a value is (N + 63) / 64 little-endian
 * 64-bit words of memory, passed by address, kept sign- or zero-extended from bit N through its
 * last word (every result here is). Results go to the address {@code dst} the caller gives, which
 * may be an operand's. Addition, subtraction, the bitwise operators, comparisons and shifts run
 * on the words; multiplication is schoolbook on 32-bit halves; division and the conversions to and
 * from floating point go through BigInteger (exact; floating results round to nearest even, as
 * clang's compiler-rt).
 */
public final class BitIntCalls {
    private BitIntCalls() {}

    private static int words(int bits) {
        return (bits + 63) >>> 6;
    }

    private static long word(long a, int i) {
        return Mem.getLong(a + 8L * i);
    }

    /** Sign- or zero-extends dst's last word from bit {@code bits} (the wrap-around of N-bit arithmetic). */
    private static void normalise(long dst, int bits, boolean unsigned) {
        int r = bits & 63;
        if (r == 0) return;
        long at = dst + 8L * (words(bits) - 1);
        long w = Mem.getLong(at);
        Mem.putLong(at, unsigned ? w & (-1L >>> (64 - r)) : (w << (64 - r)) >> (64 - r));
    }

    /** dst = a op b: op 0 +, 1 -, 2 *, 3 /, 4 %, 5 &, 6 |, 7 ^ (/ and % signed unless unsigned is non-zero). */
    public static void __jomp_bitint_binary(long dst, long a, long b, int bits, int op, int unsigned) {
        int n = words(bits);
        boolean u = unsigned != 0;
        switch (op) {
            case 0, 1 -> {
                long carry = 0;
                for (int i = 0; i < n; i++) {
                    long x = word(a, i), y = op == 0 ? word(b, i) : ~word(b, i);
                    long c0 = op == 0 ? carry : i == 0 ? 1 : carry;
                    long s = x + y;
                    long c1 = Long.compareUnsigned(s, x) < 0 ? 1 : 0;
                    long t = s + c0;
                    long c2 = Long.compareUnsigned(t, s) < 0 ? 1 : 0;
                    Mem.putLong(dst + 8L * i, t);
                    carry = c1 | c2;
                }
            }
            case 2 -> multiply(dst, a, b, n);
            case 3, 4 -> {
                BigInteger x = get(a, bits, u), y = get(b, bits, u);
                if (y.signum() == 0) throw new ArithmeticException("_BitInt division by zero");
                put(dst, op == 3 ? x.divide(y) : x.remainder(y), n);
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    long x = word(a, i), y = word(b, i);
                    Mem.putLong(dst + 8L * i, op == 5 ? x & y : op == 6 ? x | y : x ^ y);
                }
            }
        }
        normalise(dst, bits, u);
    }

    /** The low n words of a * b, from 32-bit partial products. */
    private static void multiply(long dst, long a, long b, int n) {
        int h = 2 * n;
        int[] x = halves(a, n), y = halves(b, n);
        int[] r = new int[h];
        for (int i = 0; i < h; i++) {
            long carry = 0, xi = x[i] & 0xffffffffL;
            if (xi == 0) continue;
            for (int j = 0; i + j < h; j++) {
                long t = xi * (y[j] & 0xffffffffL) + (r[i + j] & 0xffffffffL) + carry;
                r[i + j] = (int) t;
                carry = t >>> 32;
            }
        }
        for (int i = 0; i < n; i++) Mem.putLong(dst + 8L * i, (r[2 * i] & 0xffffffffL) | ((long) r[2 * i + 1] << 32));
    }

    private static int[] halves(long a, int n) {
        int[] h = new int[2 * n];
        for (int i = 0; i < n; i++) {
            long w = word(a, i);
            h[2 * i] = (int) w;
            h[2 * i + 1] = (int) (w >>> 32);
        }
        return h;
    }

    /** dst = a << count (op 0) or a >> count (op 1: arithmetic unless unsigned); 0 <= count < bits. */
    public static void __jomp_bitint_shift(long dst, long a, long count, int bits, int op, int unsigned) {
        int n = words(bits);
        long[] w = new long[n];
        for (int i = 0; i < n; i++) w[i] = word(a, i);
        long fill = op == 1 && unsigned == 0 && w[n - 1] < 0 ? -1L : 0L;
        int ws = (int) Math.min(count >>> 6, n), bs = (int) (count & 63);
        for (int i = 0; i < n; i++) {
            long v;
            if (op == 0) {
                int j = i - ws;
                long lo = j >= 0 ? w[j] : 0, below = j - 1 >= 0 ? w[j - 1] : 0;
                v = bs == 0 ? lo : (lo << bs) | (below >>> (64 - bs));
            } else {
                int j = i + ws;
                long lo = j < n ? w[j] : fill, above = j + 1 < n ? w[j + 1] : fill;
                v = bs == 0 ? lo : (lo >>> bs) | (above << (64 - bs));
            }
            Mem.putLong(dst + 8L * i, v);
        }
        normalise(dst, bits, unsigned != 0);
    }

    /** dst = -a (op 0) or ~a (op 1). */
    public static void __jomp_bitint_unary(long dst, long a, int bits, int op, int unsigned) {
        int n = words(bits);
        long carry = op == 0 ? 1 : 0;
        for (int i = 0; i < n; i++) {
            long t = ~word(a, i) + carry;
            carry = carry != 0 && t == 0 ? 1 : 0;
            Mem.putLong(dst + 8L * i, t);
        }
        normalise(dst, bits, unsigned != 0);
    }

    /** -1, 0 or 1 as a is below, equal to or above b. */
    public static int __jomp_bitint_compare(long a, long b, int bits, int unsigned) {
        int n = words(bits);
        for (int i = n - 1; i >= 0; i--) {
            long x = word(a, i), y = word(b, i);
            if (x != y) {
                int c = i == n - 1 && unsigned == 0 ? Long.compare(x, y) : Long.compareUnsigned(x, y);
                return c < 0 ? -1 : 1;
            }
        }
        return 0;
    }

    /** 1 when a is non-zero, else 0. */
    public static int __jomp_bitint_truth(long a, int bits) {
        for (int i = words(bits) - 1; i >= 0; i--) if (word(a, i) != 0) return 1;
        return 0;
    }

    /** dst (a _BitInt(bits)) = v, a 64-bit integer read signed unless fromUnsigned is non-zero. */
    public static void __jomp_bitint_from_i64(long dst, long v, int bits, int unsigned, int fromUnsigned) {
        long fill = fromUnsigned == 0 && v < 0 ? -1L : 0L;
        Mem.putLong(dst, v);
        for (int i = 1; i < words(bits); i++) Mem.putLong(dst + 8L * i, fill);
        normalise(dst, bits, unsigned != 0);
    }

    /**
     * dst (a _BitInt(bits), unsigned when unsigned is non-zero) = src (an integer of fromBits bits in
     * words, __int128 or a _BitInt of 65 bits or more): truncated or extended by src's signedness.
     */
    public static void __jomp_bitint_convert(
            long dst, int bits, int unsigned, long src, int fromBits, int fromUnsigned) {
        int n = words(bits), m = words(fromBits);
        long fill = fromUnsigned == 0 && word(src, m - 1) < 0 ? -1L : 0L;
        for (int i = 0; i < n; i++) Mem.putLong(dst + 8L * i, i < m ? word(src, i) : fill);
        normalise(dst, bits, unsigned != 0);
    }

    /** dst = d truncated toward zero (C 6.3.1.4p1: a value out of range is undefined; wrapped here). */
    public static void __jomp_bitint_from_f64(long dst, double d, int bits, int unsigned) {
        BigInteger v = Double.isNaN(d) || Double.isInfinite(d) ? BigInteger.ZERO : new BigDecimal(d).toBigInteger();
        put(dst, v, words(bits));
        normalise(dst, bits, unsigned != 0);
    }

    /** a as a double, rounded to nearest even. */
    public static double __jomp_bitint_to_f64(long a, int bits, int unsigned) {
        return get(a, bits, unsigned != 0).doubleValue();
    }

    /** a as a float, rounded once to nearest even. */
    public static float __jomp_bitint_to_f32(long a, int bits, int unsigned) {
        return get(a, bits, unsigned != 0).floatValue();
    }

    private static BigInteger get(long a, int bits, boolean unsigned) {
        int n = words(bits);
        byte[] b = new byte[8 * n + 1];
        for (int i = 0; i < n; i++) {
            long w = word(a, i);
            for (int k = 0; k < 8; k++) b[b.length - 1 - (8 * i + k)] = (byte) (w >>> (8 * k));
        }
        b[0] = unsigned || word(a, n - 1) >= 0 ? 0 : (byte) -1;
        return new BigInteger(b);
    }

    private static void put(long dst, BigInteger v, int n) {
        for (int i = 0; i < n; i++)
            Mem.putLong(dst + 8L * i, v.shiftRight(64 * i).longValue());
    }
}
