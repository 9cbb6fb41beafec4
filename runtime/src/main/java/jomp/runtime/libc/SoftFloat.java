package jomp.runtime.libc;

/**
 * The conversions compiled code calls for floating types the JVM has no type for (the compiler's
 * jomp.compiler.lower.HalfFloats; docs/design/abi.md): {@code _Float16} values travel as floats,
 * stored as IEEE binary16 bits, rounded ties-to-even by the JDK's {@link Float#floatToFloat16}.
 */
public final class SoftFloat {
    private SoftFloat() {}

    /** The float value of binary16 bits (the low 16 bits of h). */
    public static float __jomp_f16_to_f32(int h) {
        return Float.float16ToFloat((short) h);
    }

    /** The binary16 bits nearest f. */
    public static int __jomp_f32_to_f16(float f) {
        return Float.floatToFloat16(f);
    }

    /** f rounded to the nearest binary16 value. */
    public static float __jomp_round_f16(float f) {
        return Float.float16ToFloat(Float.floatToFloat16(f));
    }

    /**
     * d rounded once to the nearest binary16 value: d is first rounded to float to odd, which
     * keeps the second rounding correct (float has more than 11 + 2 bits); jomp.compiler.type.Float16
     * folds constants the same way.
     */
    public static float __jomp_round_f16_f64(double d) {
        float f = (float) d;
        if (!Float.isNaN(f) && !Float.isInfinite(f) && f != d && (Float.floatToRawIntBits(f) & 1) == 0)
            f = f < d ? Math.nextUp(f) : Math.nextDown(f);
        return Float.float16ToFloat(Float.floatToFloat16(f));
    }
}
