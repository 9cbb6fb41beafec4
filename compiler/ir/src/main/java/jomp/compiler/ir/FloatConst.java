package jomp.compiler.ir;

/** A floating-point constant of type f32 or f64 (an f32's value is exactly a float). */
public record FloatConst(IrType type, double value) implements Value {
    @SuppressWarnings("SelfAssignment") // the cast rounds the value to float: not a self-assignment
    public FloatConst {
        if (type == IrType.F32) value = (float) value;
    }

    /** Finite values print as Java's shortest round-tripping decimal; others as raw bits {@code 0x…}. */
    @Override
    public String toString() {
        if (type == IrType.F32) {
            float f = (float) value;
            return Float.isFinite(f) ? Float.toString(f) : "0x" + Integer.toHexString(Float.floatToRawIntBits(f));
        }
        return Double.isFinite(value)
                ? Double.toString(value)
                : "0x" + Long.toHexString(Double.doubleToRawLongBits(value));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FloatConst c
                && c.type == type
                && Double.doubleToRawLongBits(c.value) == Double.doubleToRawLongBits(value);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(Double.doubleToRawLongBits(value)) * 31 + type.hashCode();
    }
}
