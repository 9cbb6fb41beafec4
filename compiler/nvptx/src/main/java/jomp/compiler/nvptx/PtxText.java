package jomp.compiler.nvptx;

import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;

/** PTX spelling helpers: symbol names, type suffixes, immediates. */
final class PtxText {
    private PtxText() {}

    /**
     * A PTX identifier for an IR symbol. PTX allows {@code [A-Za-z0-9_$]} (not first a digit);
     * IR symbols may hold '.' ({@code .str.1}, {@code f.x}), which becomes {@code _$_} as in
     * LLVM's NVPTX backend; any other character becomes {@code _$XX_} (its hex code).
     */
    static String symbol(String irName) {
        if (irName.equals("WARP_SZ")) return "WARP_SZ$"; // PTX's one predefined identifier without '%'
        StringBuilder sb = new StringBuilder(irName.length() + 4);
        for (int i = 0; i < irName.length(); i++) {
            char c = irName.charAt(i);
            if (c == '.') sb.append("_$_");
            else if (Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '$') sb.append(c);
            else sb.append("_$").append(Integer.toHexString(c)).append('_');
        }
        if (sb.isEmpty() || Character.isDigit(sb.charAt(0))) sb.insert(0, '_');
        return sb.toString();
    }

    /** The register class prefix holding a value of this IR type (i8/i16 live in 32-bit registers, sign-extended). */
    static String regPrefix(IrType t) {
        return switch (t) {
            case I8, I16, I32 -> "%r";
            case I64, PTR -> "%rd";
            case F32 -> "%f";
            case F64 -> "%fd";
            case VOID -> throw new IllegalArgumentException("void register");
        };
    }

    /** The untyped bit type of a register or .param of this IR type. */
    static String bits(IrType t) {
        return switch (t) {
            case I8, I16, I32, F32 -> "b32";
            case I64, PTR, F64 -> "b64";
            case VOID -> throw new IllegalArgumentException("void value");
        };
    }

    /** The signed instruction type of a register: s32, s64, f32, f64. */
    static String signed(IrType t) {
        return switch (t) {
            case I8, I16, I32 -> "s32";
            case I64, PTR -> "s64";
            case F32 -> "f32";
            case F64 -> "f64";
            case VOID -> throw new IllegalArgumentException("void value");
        };
    }

    /** The unsigned instruction type of an integer register: u32 or u64. */
    static String unsigned(IrType t) {
        return t.isWide() ? "u64" : "u32";
    }

    /** The memory access type of ld/st: narrow integers load sign-extended into a 32-bit register. */
    static String loadType(IrType t) {
        return switch (t) {
            case I8 -> "s8";
            case I16 -> "s16";
            case I32 -> "u32";
            case I64, PTR -> "u64";
            case F32 -> "f32";
            case F64 -> "f64";
            case VOID -> throw new IllegalArgumentException("void value");
        };
    }

    static String storeType(IrType t) {
        return switch (t) {
            case I8 -> "u8";
            case I16 -> "u16";
            default -> loadType(t);
        };
    }

    /** An immediate operand: decimal integers, floats as exact bit patterns ({@code 0f...}, {@code 0d...}). */
    static String immediate(Value v) {
        return switch (v) {
            case IntConst c -> Long.toString(c.type().isWide() ? c.value() : (int) c.value());
            case FloatConst c ->
                c.type() == IrType.F32
                        ? String.format("0f%08X", Float.floatToRawIntBits((float) c.value()))
                        : String.format("0d%016X", Double.doubleToRawLongBits(c.value()));
            default -> throw new IllegalArgumentException("not a constant: " + v);
        };
    }
}
