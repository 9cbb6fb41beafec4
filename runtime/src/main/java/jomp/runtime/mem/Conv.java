package jomp.runtime.mem;

/** Conversions between unsigned 64-bit integers and floating point, which the JVM lacks. */
public final class Conv {
    private Conv() {}

    private static final double TWO63 = 0x1p63;

    /** double → unsigned long (C's conversion for values in range). */
    public static long d2ul(double d) {
        return d < TWO63 ? (long) d : (long) (d - TWO63) ^ Long.MIN_VALUE;
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
