package jomp.compiler.lower;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;

/**
 * {@code _Complex __float128}: 32 bytes, the real part's binary128 then the imaginary part's,
 * handled by address as __float128 is (QuadOps). + - * / are one call of the runtime's
 * {@code __jomp_q_cbinary} (jomp.runtime.libc.QuadCalls), whose * and / are libgcc's __multc3 and
 * __divtc3, which gcc 12 calls at every optimisation level; == and != compare the parts;
 * conversions convert each part (ComplexParts).
 */
final class QuadComplexOps {
    private QuadComplexOps() {}

    private static final FuncType BINARY =
            new FuncType(IrType.VOID, List.of(IrType.PTR, IrType.PTR, IrType.PTR, IrType.I32), false);

    static boolean is(Type t) {
        return t.isComplex && t.kind == Type.Kind.FLOAT128;
    }

    /** l op r, both of type t: a new value's address, or an i32 0 or 1 for == and !=. */
    static Value binary(FunctionLowering f, Expr.Binary.Op op, Value l, Value r, Type t) {
        if (op == Expr.Binary.Op.EQ || op == Expr.Binary.Op.NE) {
            Value re = f.quad().binary(Expr.Binary.Op.EQ, ComplexParts.re(f, l, t), ComplexParts.re(f, r, t));
            Value im = f.quad().binary(Expr.Binary.Op.EQ, ComplexParts.im(f, l, t), ComplexParts.im(f, r, t));
            Value both = f.e.bin(Insn.BinOp.AND, re, im);
            return op == Expr.Binary.Op.EQ ? both : f.e.bin(Insn.BinOp.XOR, both, IntConst.i32(1));
        }
        int code = switch (op) {
            case ADD -> 0;
            case SUB -> 1;
            case MUL -> 2;
            case DIV -> 3;
            default -> throw new IllegalStateException("complex " + op);
        };
        Value d = f.slotAddr(f.temp(t));
        f.unit.useFunction(EntryPoints.Q_CBINARY, BINARY);
        f.b.call(EntryPoints.Q_CBINARY, BINARY, List.of(d, l, r, IntConst.i32(code)));
        return d;
    }

    /** Whether converting from one type to the other involves a complex type with __float128 parts. */
    static boolean involved(Type from, Type to) {
        return (from.isComplex || to.isComplex) && (from.kind == Type.Kind.FLOAT128 || to.kind == Type.Kind.FLOAT128);
    }

    /** v converted from one to the other, part by part (a real value's imaginary part is zero). */
    static Value convert(FunctionLowering f, Value v, Type from, Type to) {
        if (from.isComplex && to.isComplex)
            return ComplexParts.make(
                    f,
                    to,
                    f.convertValue(ComplexParts.re(f, v, from), from.base, to.base),
                    f.convertValue(ComplexParts.im(f, v, from), from.base, to.base));
        if (to.isComplex)
            return ComplexParts.make(f, to, f.convertValue(v, from, to.base), ComplexParts.zero(f, to.base));
        if (to.kind == Type.Kind.BOOL) return ComplexParts.truth(f, v, from);
        return f.convertValue(ComplexParts.re(f, v, from), from.base, to);
    }
}
