package jomp.compiler.ir;

/**
 * The IR's scalar types. Aggregates have no IR type: they live in memory and are handled by
 * address ({@code ptr}) with their byte size and alignment carried by slots, globals and memcpy.
 * <p>
 * On the JVM: i8, i16 and i32 are {@code int}, i64 and ptr are {@code long}, f32 is {@code float},
 * f64 is {@code double}. An i8 or i16 value held in a register is kept sign-extended
 * (what {@code i2b}/{@code i2s} give); {@code zext} clears the high bits.
 */
public enum IrType {
    I8("i8", 1),
    I16("i16", 2),
    I32("i32", 4),
    I64("i64", 8),
    F32("f32", 4),
    F64("f64", 8),
    PTR("ptr", 8),
    VOID("void", 0);

    public final String spelling;
    public final int size;

    IrType(String spelling, int size) {
        this.spelling = spelling;
        this.size = size;
    }

    public boolean isInteger() {
        return this == I8 || this == I16 || this == I32 || this == I64 || this == PTR;
    }

    public boolean isFloat() {
        return this == F32 || this == F64;
    }
    /** Whether values of this type are JVM longs (i64 and ptr). */
    public boolean isWide() {
        return this == I64 || this == PTR;
    }

    public int bits() {
        return size * 8;
    }

    public static IrType bySpelling(String s) {
        for (IrType t : values()) if (t.spelling.equals(s)) return t;
        return null;
    }

    @Override
    public String toString() {
        return spelling;
    }
}
