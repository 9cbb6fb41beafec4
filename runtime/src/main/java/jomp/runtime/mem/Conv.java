package jomp.runtime.mem;

/** Conversions between unsigned 64-bit integers and floating point, which the JVM lacks. */
public final class Conv {
    private Conv() {}

    private static final double TWO63 = 0x1p63;

    /*
     * A floating value out of the integer type's range (or NaN) is undefined behaviour in C; the JVM
     * saturates (NaN to 0), while x86-64's cvttsd2si/cvttss2si, which gcc's and clang's programs run,
     * give the "integer indefinite" INT_MIN or LONG_MIN. These give x86's answer, so that such a
     * program prints what its gcc build prints; in range they are d2i, d2l.
     */

    /** double (or float, widened exactly) → int as cvttsd2si with a 32-bit destination. */
    public static int d2i(double d) {
        return d > -0x1.00000002p31 && d < 0x1p31 ? (int) d : Integer.MIN_VALUE;
    }

    /** double → long as cvttsd2si with a 64-bit destination. */
    public static long d2l(double d) {
        return d >= -0x1p63 && d < 0x1p63 ? (long) d : Long.MIN_VALUE;
    }

    /** double → unsigned int as gcc's x86-64 code makes it: the low half of the 64-bit conversion. */
    public static int d2ui(double d) {
        return (int) d2l(d);
    }

    /** double → unsigned long as gcc's x86-64 code makes it (below 2^63 directly, above it less 2^63 with the top bit set). */
    public static long d2ul(double d) {
        return d >= TWO63 ? d2l(d - TWO63) ^ Long.MIN_VALUE : d2l(d); // NaN as gcc's comparison sends it: directly
    }

    /** unsigned long → double, correctly rounded. */
    public static double ul2d(long v) {
        if (v >= 0) return v;
        // halve with the low bit kept as a sticky bit so the rounding stays correct
        double h = (double) ((v >>> 1) | (v & 1));
        return h * 2.0;
    }

    /** unsigned long → float, correctly rounded. */
    public static float ul2f(long v) {
        if (v >= 0) return v;
        float h = (float) ((v >>> 1) | (v & 1));
        return h * 2.0f;
    }
}
