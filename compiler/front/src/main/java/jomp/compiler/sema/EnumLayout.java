package jomp.compiler.sema;

import jomp.compiler.type.Type;

/**
 * The integer type of an enum whose values do not all fit in int, or of a packed one, as gcc and
 * clang choose it on x86-64: the first of unsigned int, long, unsigned long that holds every value
 * (int/unsigned int stay the plain rule, Types.enumUnderlying); with {@code __attribute__((packed))}
 * the smallest of (un)signed char, short, int that does.
 */
public final class EnumLayout {
    private EnumLayout() {}

    /** The underlying type, or null when the plain int/unsigned int rule applies. */
    public static Type underlying(long[] values, boolean packed) {
        long min = 0, max = 0;
        for (long v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        boolean negative = min < 0;
        if (packed) {
            Type[] order = negative
                    ? new Type[] {Type.SCHAR, Type.SHORT, Type.INT, Type.LONG}
                    : new Type[] {Type.UCHAR, Type.USHORT, Type.UINT, Type.ULONG};
            for (Type t : order) if (fits(min, t) && fits(max, t)) return t;
            return negative ? Type.LONG : Type.ULONG;
        }
        if (fits(min, Type.INT) && fits(max, Type.INT)) return null;
        if (!negative && max <= 0xffffffffL) return Type.UINT;
        return Type.LONG; // (a value above LONG_MAX reads as negative here)
    }

    private static boolean fits(long v, Type t) {
        long bits = t.size() * 8;
        if (bits >= 64) return !t.isUnsigned || v >= 0;
        if (t.isUnsigned) return v >= 0 && v < (1L << bits);
        return v >= -(1L << (bits - 1)) && v < (1L << (bits - 1));
    }
}
