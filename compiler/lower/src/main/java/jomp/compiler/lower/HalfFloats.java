package jomp.compiler.lower;

import java.util.List;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Float16;
import jomp.offload.abi.EntryPoints;

/**
 * {@code _Float16}, which the IR has no type for: in memory its IEEE binary16 bits (an i16), in a
 * register an f32 holding a binary16 value exactly, as clang computes it on x86-64 without
 * AVX512-FP16 (excess precision: arithmetic in float, rounded to binary16 where the value is
 * used). The conversions are calls of the runtime's helpers (jomp.runtime.libc.SoftFloat, the
 * JDK's {@code Float.floatToFloat16}); on the GPU they are PTX's {@code cvt} (nvptx's Intrinsics).
 * Constants fold here.
 */
final class HalfFloats {
    private HalfFloats() {}

    private static final FuncType ROUND = new FuncType(IrType.F32, List.of(IrType.F32), false),
            ROUND_DOUBLE = new FuncType(IrType.F32, List.of(IrType.F64), false),
            FROM_BITS = new FuncType(IrType.F32, List.of(IrType.I32), false),
            TO_BITS = new FuncType(IrType.I32, List.of(IrType.F32), false);

    /** A float value rounded to the nearest binary16 value (ties to even), still an f32. */
    static Value round(Emit e, Value f32) {
        if (f32 instanceof FloatConst c) return new FloatConst(IrType.F32, Float16.round((float) c.value()));
        return e.helper(EntryPoints.ROUND_F16, ROUND, f32);
    }

    /** A double value rounded once to the nearest binary16 value, as an f32. */
    static Value roundDouble(Emit e, Value f64) {
        if (f64 instanceof FloatConst c) return new FloatConst(IrType.F32, Float16.round(c.value()));
        return e.helper(EntryPoints.ROUND_F16_F64, ROUND_DOUBLE, f64);
    }

    /** The value of binary16 bits (an i16 as loaded). */
    static Value fromBits(Emit e, Value i16) {
        Value w = e.conv(jomp.compiler.ir.Insn.ConvOp.SEXT, i16, IrType.I32);
        if (w instanceof IntConst c) return new FloatConst(IrType.F32, Float.float16ToFloat((short) c.value()));
        return e.helper(EntryPoints.F16_TO_F32, FROM_BITS, w);
    }

    /** The binary16 bits of a value (an i16, to store). */
    static Value toBits(Emit e, Value f32) {
        Value bits = f32 instanceof FloatConst c
                ? IntConst.i32(Float16.fromDouble(c.value()))
                : e.helper(EntryPoints.F32_TO_F16, TO_BITS, f32);
        return e.conv(jomp.compiler.ir.Insn.ConvOp.TRUNC, bits, IrType.I16);
    }
}
