package jomp.compiler.nvptx;

import java.util.Set;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.IrType;

/**
 * The C library calls the device handles specially: math functions that are one exact PTX
 * instruction, and the rest of math.h as calls to libdevice's {@code __nv_} functions.
 */
final class LibCalls {
    private LibCalls() {}

    /** An exact PTX instruction for a math call: {@code opcode} applies to the operands in order. */
    record Inline(String opcode, int arity, IrType type, boolean swap) {}

    /** The instruction that computes {@code name} exactly, or null; the call's type must match. */
    static Inline inline(String name, FuncType t) {
        Inline i = inlineByName(name);
        if (i == null || t.variadic() || t.ret() != i.type || t.params().size() != i.arity) return null;
        for (IrType p : t.params()) if (p != i.type) return null;
        return i;
    }

    private static Inline inlineByName(String name) {
        return switch (name) {
            case "sqrt" -> new Inline("sqrt.rn.f64", 1, IrType.F64, false);
            case "sqrtf" -> new Inline("sqrt.rn.f32", 1, IrType.F32, false);
            case "fabs" -> new Inline("abs.f64", 1, IrType.F64, false);
            case "fabsf" -> new Inline("abs.f32", 1, IrType.F32, false);
            case "floor" -> new Inline("cvt.rmi.f64.f64", 1, IrType.F64, false);
            case "floorf" -> new Inline("cvt.rmi.f32.f32", 1, IrType.F32, false);
            case "ceil" -> new Inline("cvt.rpi.f64.f64", 1, IrType.F64, false);
            case "ceilf" -> new Inline("cvt.rpi.f32.f32", 1, IrType.F32, false);
            case "trunc" -> new Inline("cvt.rzi.f64.f64", 1, IrType.F64, false);
            case "truncf" -> new Inline("cvt.rzi.f32.f32", 1, IrType.F32, false);
            // rint and nearbyint round to nearest even in the default rounding mode, the only one here
            case "rint", "nearbyint" -> new Inline("cvt.rni.f64.f64", 1, IrType.F64, false);
            case "rintf", "nearbyintf" -> new Inline("cvt.rni.f32.f32", 1, IrType.F32, false);
            // PTX min/max return the other operand when one is NaN, as fmin/fmax do
            case "fmin" -> new Inline("min.f64", 2, IrType.F64, false);
            case "fminf" -> new Inline("min.f32", 2, IrType.F32, false);
            case "fmax" -> new Inline("max.f64", 2, IrType.F64, false);
            case "fmaxf" -> new Inline("max.f32", 2, IrType.F32, false);
            case "fma" -> new Inline("fma.rn.f64", 3, IrType.F64, false);
            case "fmaf" -> new Inline("fma.rn.f32", 3, IrType.F32, false);
            // PTX copysign d, a, b copies a's sign onto b: the C operands swap
            case "copysign" -> new Inline("copysign.f64", 2, IrType.F64, true);
            case "copysignf" -> new Inline("copysign.f32", 2, IrType.F32, true);
            case "abs" -> new Inline("abs.s32", 1, IrType.I32, false);
            case "labs", "llabs" -> new Inline("abs.s64", 1, IrType.I64, false);
            default -> null;
        };
    }

    /** math.h functions (double names; the float ones add 'f') that libdevice provides as {@code __nv_<name>}. */
    private static final Set<String> LIBDEVICE = Set.of(
            "sin",
            "cos",
            "tan",
            "asin",
            "acos",
            "atan",
            "atan2",
            "sinh",
            "cosh",
            "tanh",
            "asinh",
            "acosh",
            "atanh",
            "exp",
            "exp2",
            "exp10",
            "expm1",
            "log",
            "log2",
            "log10",
            "log1p",
            "logb",
            "ilogb",
            "pow",
            "hypot",
            "cbrt",
            "erf",
            "erfc",
            "tgamma",
            "lgamma",
            "fmod",
            "remainder",
            "remquo",
            "round",
            "llround",
            "llrint",
            "ldexp",
            "frexp",
            "modf",
            "scalbn",
            "fdim",
            "nextafter",
            "j0",
            "j1",
            "y0",
            "y1");

    /** The libdevice name for a math function (e.g. {@code sin} → {@code __nv_sin}), or null. */
    static String libdevice(String name) {
        // long is 64 bits, as long long: libdevice has only the long long forms
        if (name.startsWith("lround") || name.startsWith("lrint")) name = "l" + name;
        if (LIBDEVICE.contains(name)) return "__nv_" + name;
        if (name.endsWith("f") && LIBDEVICE.contains(name.substring(0, name.length() - 1))) return "__nv_" + name;
        return null;
    }
}
