package jomp.compiler.lower;

import java.util.List;
import java.util.function.BiConsumer;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.opt.Fold;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;
import jomp.compiler.type.Types;

/**
 * Arithmetic and conversions that fold when their operands are constants and otherwise emit
 * instructions. With no builder (static initializers) a non-constant operand throws
 * {@link NotConstant}. Both the code generator and the static-initializer evaluator use it, so
 * C's conversions are implemented once.
 */
final class Emit {
    static final class NotConstant extends RuntimeException {
        NotConstant() {
            super(null, null, false, false);
        }
    }

    final IrBuilder b;

    /** Declares a runtime helper the code calls ({@code Lowering.useFunction}); null when only folding. */
    private final BiConsumer<String, FuncType> declare;

    Emit(IrBuilder b, BiConsumer<String, FuncType> declare) {
        this.b = b;
        this.declare = declare;
    }

    /** A call of a runtime helper of one argument (a conversion the IR has no instruction for). */
    Value helper(String name, FuncType type, Value arg) {
        if (b == null || declare == null) throw new NotConstant();
        declare.accept(name, type);
        return b.call(name, type, List.of(arg));
    }

    static boolean isConst(Value v) {
        return v instanceof IntConst || v instanceof FloatConst;
    }

    Value bin(Insn.BinOp op, Value x, Value y) {
        if (isConst(x) && isConst(y) && !(x.type() == IrType.PTR)) {
            Value r = Fold.binary(op, x, y);
            if (r != null) return r;
        }
        if (b == null) throw new NotConstant();
        return b.binary(op, x, y);
    }

    Value cmp(Insn.CmpOp op, Value x, Value y) {
        if (isConst(x) && isConst(y)) {
            Value r = Fold.cmp(op, x, y);
            if (r != null) return r;
        }
        if (b == null) throw new NotConstant();
        return b.cmp(op, x, y);
    }

    Value unary(Insn.UnOp op, Value x) {
        if (isConst(x)) {
            Value r = Fold.unary(op, x);
            if (r != null) return r;
        }
        if (b == null) throw new NotConstant();
        return b.unary(op, x);
    }

    Value conv(Insn.ConvOp op, Value x, IrType to) {
        if (isConst(x)) {
            Value r = Fold.convert(op, x, to);
            if (r != null) return r;
        }
        if (b == null) throw new NotConstant();
        return b.convert(op, x, to);
    }

    static Value zero(IrType t) {
        return t.isFloat() ? new FloatConst(t, 0) : new IntConst(t, 0);
    }

    /** Whether every value of type from is representable in type to (both integer types). */
    private static boolean fitsIn(Type from, Type to) {
        long fs = Types.width(from), ts = Types.width(to);
        boolean fu = TypeMap.isUnsigned(from), tu = TypeMap.isUnsigned(to);
        if (to.kind == Type.Kind.BOOL) return from.kind == Type.Kind.BOOL;
        if (from.kind == Type.Kind.BOOL) return true;
        if (fs < ts) return fu || !tu;
        return fs == ts && fu == tu;
    }

    /**
     * Re-normalises an i32 holding a value for a C type narrower than int, or an i32 or i64 holding a
     * _BitInt(N) narrower than it: sign- or zero-extended from bit N (the wrap-around of unsigned
     * _BitInt arithmetic; clang keeps its values so too).
     */
    Value narrow(Value v, Type to) {
        int w = to.bitWidth();
        if (w > 0 && w < v.type().size * 8 && !v.type().isFloat() && v.type() != IrType.PTR) {
            int bits = v.type().size * 8;
            IrType t = v.type();
            if (TypeMap.isUnsigned(to)) return bin(Insn.BinOp.AND, v, new IntConst(t, -1L >>> (64 - w)));
            Value k = new IntConst(t, bits - w);
            return bin(Insn.BinOp.SHR, bin(Insn.BinOp.SHL, v, k), k);
        }
        if (w > 0 || to.size() >= 4) return v;
        IrType m = to.size() == 1 ? IrType.I8 : IrType.I16;
        Value t = conv(Insn.ConvOp.TRUNC, v, m);
        return conv(TypeMap.isUnsigned(to) ? Insn.ConvOp.ZEXT : Insn.ConvOp.SEXT, t, IrType.I32);
    }

    /** Converts a scalar (not complex) value of C type from to C type to, as C11 6.3.1 says. */
    Value convert(Value v, Type from, Type to) {
        if (to.isVoid()) return null;
        IrType rf = TypeMap.reg(from), rt = TypeMap.reg(to);
        if (to.kind == Type.Kind.BOOL) {
            if (from.kind == Type.Kind.BOOL) return v;
            return cmp(Insn.CmpOp.NE, v, zero(rf));
        }
        // _Float16 (HalfFloats): a register holds a binary16 value as a float; a folded constant may
        // carry excess precision, which the conversion drops
        if (to.kind == Type.Kind.FLOAT16) {
            if (from.kind == Type.Kind.FLOAT16 && !isConst(v)) return v;
            if (rf == IrType.F64) return HalfFloats.roundDouble(this, v);
            return HalfFloats.round(this, convert(v, from, Type.FLOAT));
        }
        if (from.kind == Type.Kind.FLOAT16 && isConst(v)) v = HalfFloats.round(this, v);
        if (from.isFloat() || rf.isFloat()) {
            if (rt.isFloat()) {
                if (rf == rt) return v;
                return conv(rt == IrType.F64 ? Insn.ConvOp.FPEXT : Insn.ConvOp.FPTRUNC, v, rt);
            }
            if (rt == IrType.PTR) return conv(Insn.ConvOp.BITCAST, conv(Insn.ConvOp.FPTOUI, v, IrType.I64), IrType.PTR);
            // a constant out of the type's range is undefined; gcc folds it to the nearest value of the type
            // (NaN to 0), as ConstEval does for initialisers, where x86 at run time would give INT_MIN's bits
            if (v instanceof FloatConst c) return new IntConst(rt, ConstEval.saturate(c.value(), to));
            boolean u = to.isUnsigned && to.size() >= 4;
            return narrow(conv(u ? Insn.ConvOp.FPTOUI : Insn.ConvOp.FPTOSI, v, rt), to);
        }
        if (rt.isFloat()) {
            if (rf == IrType.PTR) v = conv(Insn.ConvOp.BITCAST, v, IrType.I64);
            boolean u = TypeMap.isUnsigned(from) && from.size() >= 4;
            return conv(u ? Insn.ConvOp.UITOFP : Insn.ConvOp.SITOFP, v, rt);
        }
        // integer or pointer to integer or pointer
        if (rf == IrType.PTR && rt == IrType.PTR) return v;
        if (rf == IrType.PTR) {
            v = conv(Insn.ConvOp.BITCAST, v, IrType.I64);
            rf = IrType.I64;
            from = Type.ULONG;
        }
        Value r = v;
        IrType via = rt == IrType.PTR ? IrType.I64 : rt;
        if (via.size < rf.size) r = conv(Insn.ConvOp.TRUNC, r, via);
        else if (via.size > rf.size) r = conv(TypeMap.isUnsigned(from) ? Insn.ConvOp.ZEXT : Insn.ConvOp.SEXT, r, via);
        if (rt == IrType.PTR) return conv(Insn.ConvOp.BITCAST, r, IrType.PTR);
        if (!fitsIn(from, to)) r = narrow(r, to);
        return r;
    }
}
