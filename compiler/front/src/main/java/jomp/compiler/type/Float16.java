package jomp.compiler.type;

/**
 * IEEE binary16 ({@code _Float16}) rounding, for constants the compiler folds. The JDK rounds a
 * float to binary16 ({@link Float#floatToFloat16}); a double is first rounded to float to odd
 * (the float below or above it whose last bit is 1 when the conversion is inexact), which keeps
 * the one rounding to binary16 correct: float has more than 11 + 2 bits. The run-time copy is
 * jomp.runtime.libc.SoftFloat's.
 */
public final class Float16 {
    private Float16() {}

    /** The binary16 bits nearest d (ties to even). */
    public static short fromDouble(double d) {
        float f = (float) d;
        if (!Float.isNaN(f) && !Float.isInfinite(f) && f != d && (Float.floatToRawIntBits(f) & 1) == 0)
            f = f < d ? Math.nextUp(f) : Math.nextDown(f);
        return Float.floatToFloat16(f);
    }

    /** d rounded to the nearest binary16 value, as a float (which holds every binary16 value exactly). */
    public static float round(double d) {
        return Float.float16ToFloat(fromDouble(d));
    }
}
