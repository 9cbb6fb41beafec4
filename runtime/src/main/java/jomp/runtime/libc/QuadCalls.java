package jomp.runtime.libc;

import java.math.BigInteger;
import jomp.runtime.mem.Mem;

/**
 * What compiled code calls for {@code __float128} (the compiler's jomp.compiler.lower.QuadOps;
 * docs/design/abi.md): a value is 16 bytes of memory, passed by address (low word first), and
 * each operation is {@link Quad}'s, correctly rounded as libgcc's soft-fp. Results go to the
 * address {@code dst} the caller gives.
 */
public final class QuadCalls {
    private QuadCalls() {}

    private static Quad get(long a) {
        return new Quad(Mem.getLong(a + 8), Mem.getLong(a));
    }

    private static void put(long dst, Quad q) {
        Mem.putLong(dst, q.lo());
        Mem.putLong(dst + 8, q.hi());
    }

    /** dst = a op b, op 0 +, 1 -, 2 *, 3 /. */
    public static void __jomp_q_binary(long dst, long a, long b, int op) {
        Quad x = get(a), y = get(b);
        put(
                dst,
                switch (op) {
                    case 0 -> Quad.add(x, y);
                    case 1 -> Quad.sub(x, y);
                    case 2 -> Quad.mul(x, y);
                    default -> Quad.div(x, y);
                });
    }

    /**
     * dst = a op b for {@code _Complex __float128} values (32 bytes: real, then imaginary), op as
     * {@link #__jomp_q_binary}'s; * and / as libgcc's __multc3 and __divtc3 (QuadComplex).
     */
    public static void __jomp_q_cbinary(long dst, long a, long b, int op) {
        Quad ar = get(a), ai = get(a + 16), br = get(b), bi = get(b + 16);
        Quad[] r = switch (op) {
            case 0 -> new Quad[] {Quad.add(ar, br), Quad.add(ai, bi)};
            case 1 -> new Quad[] {Quad.sub(ar, br), Quad.sub(ai, bi)};
            case 2 -> QuadComplex.mul(ar, ai, br, bi);
            default -> QuadComplex.div(ar, ai, br, bi);
        };
        put(dst, r[0]);
        put(dst + 16, r[1]);
    }

    public static void __jomp_q_sqrt(long dst, long a) {
        put(dst, Quad.sqrt(get(a)));
    }

    /** -1, 0 or 1 as a is below, equal to or above b; 2 when unordered (a NaN). */
    public static int __jomp_q_compare(long a, long b) {
        return Quad.compare(get(a), get(b));
    }

    public static void __jomp_q_from_f64(long dst, double d) {
        put(dst, Quad.fromDouble(d));
    }

    /** From a 64-bit integer, unsigned when u is non-zero. */
    public static void __jomp_q_from_i64(long dst, long v, int u) {
        put(dst, u != 0 ? Quad.fromUnsignedLong(v) : Quad.fromLong(v));
    }

    /** From the 128-bit integer at src, unsigned when u is non-zero. */
    public static void __jomp_q_from_i128(long dst, long src, int u) {
        put(dst, Quad.fromInt128(Mem.getLong(src + 8), Mem.getLong(src), u != 0));
    }

    public static double __jomp_q_to_f64(long a) {
        return get(a).toDouble();
    }

    public static float __jomp_q_to_f32(long a) {
        return get(a).toFloat();
    }

    /** The nearest binary16 value (rounded once, as libgcc's __trunctfhf2), as a float (jomp's _Float16 register). */
    public static float __jomp_q_to_f16(long a) {
        return get(a).toHalf();
    }

    /** Truncated toward zero to 64 bits (out-of-range values are undefined in C). */
    public static long __jomp_q_to_i64(long a) {
        return get(a).toInteger().longValue();
    }

    /** Truncated toward zero to the 128-bit integer at dst. */
    public static void __jomp_q_to_i128(long dst, long a) {
        BigInteger v = get(a).toInteger();
        Mem.putLong(dst, v.longValue());
        Mem.putLong(dst + 8, v.shiftRight(64).longValue());
    }
}
