package jomp.compiler.lower;

import jomp.compiler.ast.Expr;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * GCC vector operators ({@link Expr.VectorOp}) element by element: vectors are in memory (their
 * value is their address, as a struct's), each element is loaded, computed as a scalar of the
 * element type ({@link Ops}), and stored into a temporary of the result's type.
 */
final class VectorLowering {
    private VectorLowering() {}

    static Value op(FunctionLowering f, Expr.VectorOp v) {
        if (v.unaryOp() == null) {
            Value l = f.rvalue(v.left()), r = f.rvalue(v.right());
            return binary(f, v.op(), l, v.left().type(), r, v.right().type(), v.type());
        }
        Value x = f.rvalue(v.right());
        if (v.unaryOp() == Expr.Unary.Op.PLUS) return x;
        Type t = v.type(), e = t.record.vectorElement;
        Value out = f.slotAddr(f.temp(t));
        for (long i = 0; i < t.vectorLength(); i++) {
            Value a = f.load(f.at(x, i * e.size()), e);
            Value r = v.unaryOp() == Expr.Unary.Op.NEG ? f.e.unary(Insn.UnOp.NEG, a) : f.e.unary(Insn.UnOp.NOT, a);
            f.store(f.at(out, i * e.size()), r, e);
        }
        return out;
    }

    /**
     * l op r, each a vector (its address) or a scalar of the element type, into a new temporary
     * of type result (comparisons: each element 0 or -1).
     */
    static Value binary(FunctionLowering f, Expr.Binary.Op op, Value l, Type lt, Value r, Type rt, Type result) {
        Type le = lt.isVector() ? lt.record.vectorElement : lt, re = rt.isVector() ? rt.record.vectorElement : rt;
        Type out = result.record.vectorElement;
        boolean compare = switch (op) {
            case EQ, NE, LT, LE, GT, GE -> true;
            default -> false;
        };
        Value dst = f.slotAddr(f.temp(result));
        for (long i = 0; i < result.vectorLength(); i++) {
            Value a = lt.isVector() ? f.load(f.at(l, i * le.size()), le) : l;
            Value b = rt.isVector() ? f.load(f.at(r, i * re.size()), re) : r;
            Value x = Ops.binary(f.e, op, a, b, le);
            if (compare) {
                // 1 or 0 as an int, made -1 or 0 of the element's width
                x = f.e.bin(Insn.BinOp.SUB, IntConst.i32(0), x);
                IrType reg = TypeMap.reg(out);
                if (reg != IrType.I32) x = f.e.conv(Insn.ConvOp.SEXT, x, reg);
            }
            f.store(f.at(dst, i * out.size()), x, out);
        }
        return dst;
    }

    /** A cast to or from a vector type of the same size: the same bytes, read as the other type. */
    static Value cast(FunctionLowering f, Expr.Cast c) {
        Type from = c.operand().type(), to = c.type();
        Value v = f.rvalue(c.operand());
        if (from.isVector() && to.isVector()) return v;
        if (from.isVector()) return f.load(v, to);
        Value dst = f.slotAddr(f.temp(to));
        f.store(dst, v, from);
        return dst;
    }
}
