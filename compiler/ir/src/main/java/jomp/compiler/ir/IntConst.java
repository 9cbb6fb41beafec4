package jomp.compiler.ir;

/** An integer or pointer constant; the value is kept normalised to the type (sign-extended). */
public record IntConst(IrType type, long value) implements Value {
    public IntConst {
        value = normalise(type, value);
    }

    public static IntConst i32(long v) {
        return new IntConst(IrType.I32, v);
    }

    public static IntConst i64(long v) {
        return new IntConst(IrType.I64, v);
    }

    public static IntConst ptr(long v) {
        return new IntConst(IrType.PTR, v);
    }

    /** Truncates {@code v} to the type's width and sign-extends it back to 64 bits. */
    public static long normalise(IrType type, long v) {
        return switch (type) {
            case I8 -> (byte) v;
            case I16 -> (short) v;
            case I32 -> (int) v;
            default -> v;
        };
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
