package jomp.compiler.lower;

import jomp.compiler.ast.Expr;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/** C's binary operators on scalar values already converted to the operation type. */
final class Ops {
    private Ops() {}

    static boolean unsignedOps(Type t) {
        return TypeMap.isUnsigned(t) || t.isPointer();
    }

    /** Arithmetic, bitwise and comparison operators (not &&, ||, comma); operandType is the left operand's type. */
    static Value binary(Emit e, Expr.Binary.Op op, Value l, Value r, Type operandType) {
        boolean u = unsignedOps(operandType) && !operandType.isFloat();
        return switch (op) {
            case ADD -> e.bin(Insn.BinOp.ADD, l, r);
            case SUB -> e.bin(Insn.BinOp.SUB, l, r);
            case MUL -> e.bin(Insn.BinOp.MUL, l, r);
            case DIV -> e.bin(u ? Insn.BinOp.UDIV : Insn.BinOp.DIV, l, r);
            case MOD -> e.bin(u ? Insn.BinOp.UREM : Insn.BinOp.REM, l, r);
            case BITAND -> e.bin(Insn.BinOp.AND, l, r);
            case BITOR -> e.bin(Insn.BinOp.OR, l, r);
            case BITXOR -> e.bin(Insn.BinOp.XOR, l, r);
            case SHL -> e.bin(Insn.BinOp.SHL, l, shiftCount(e, l, r));
            case SHR -> e.bin(u ? Insn.BinOp.USHR : Insn.BinOp.SHR, l, shiftCount(e, l, r));
            case EQ -> e.cmp(Insn.CmpOp.EQ, l, r);
            case NE -> e.cmp(Insn.CmpOp.NE, l, r);
            case LT -> e.cmp(u ? Insn.CmpOp.ULT : Insn.CmpOp.LT, l, r);
            case LE -> e.cmp(u ? Insn.CmpOp.ULE : Insn.CmpOp.LE, l, r);
            case GT -> e.cmp(u ? Insn.CmpOp.UGT : Insn.CmpOp.GT, l, r);
            case GE -> e.cmp(u ? Insn.CmpOp.UGE : Insn.CmpOp.GE, l, r);
            case PTR_DIFF ->
                e.bin(
                        Insn.BinOp.SUB,
                        e.conv(Insn.ConvOp.BITCAST, l, IrType.I64),
                        e.conv(Insn.ConvOp.BITCAST, r, IrType.I64));
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    /** The IR shifts take a count of the shifted value's type; C promotes the count separately. */
    private static Value shiftCount(Emit e, Value l, Value r) {
        if (r.type() == l.type()) return r;
        return e.conv(r.type().size < l.type().size ? Insn.ConvOp.ZEXT : Insn.ConvOp.TRUNC, r, l.type());
    }
}
