package jomp.compiler.lower;

import java.math.BigInteger;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * Reductions of the arithmetic types whose values live in memory and are handled by address:
 * {@code __int128}, {@code _BitInt(65..)} and {@code __float128} (as gcc reduces them). The
 * identity is built in a temporary; partial results combine with the type's own operators
 * (Int128Ops, WideBitInts, QuadOps), so both back ends compile them. Being 16 bytes or more,
 * they combine under the runtime's reduction lock, never with atomic updates.
 */
final class WideReductions {
    private WideReductions() {}

    /** Whether t is such a type. */
    static boolean is(Type t) {
        return Int128Ops.is(t) || WideBitInts.is(t) || QuadOps.is(t);
    }

    /** The identity of op for t (a temporary's address). */
    static Value identity(FunctionLowering f, OmpClause.ReductionOp op, Type t) {
        if (QuadOps.is(t)) {
            double v = switch (op) {
                case MUL, LOGAND -> 1;
                case MIN -> Double.POSITIVE_INFINITY;
                case MAX -> Double.NEGATIVE_INFINITY;
                default -> 0;
            };
            return f.convertValue(new FloatConst(IrType.F64, v), Type.DOUBLE, t);
        }
        int n = t.isBitInt() ? t.bitWidth() : 128;
        BigInteger top = t.isUnsigned ? BigInteger.ONE.shiftLeft(n) : BigInteger.ONE.shiftLeft(n - 1);
        BigInteger v = switch (op) {
            case MUL, LOGAND -> BigInteger.ONE;
            case BITAND -> t.isUnsigned ? top.subtract(BigInteger.ONE) : BigInteger.ONE.negate();
            case MIN -> top.subtract(BigInteger.ONE);
            case MAX -> t.isUnsigned ? BigInteger.ZERO : top.negate();
            default -> BigInteger.ZERO;
        };
        if (WideBitInts.is(t)) return f.wide().constant(v, t);
        return f.int128()
                .make(IntConst.i64(v.longValue()), IntConst.i64(v.shiftRight(64).longValue()));
    }

    /** orig op priv (addresses), as the reduction combines partial results; the result's address. */
    static Value combine(FunctionLowering f, OmpClause.ReductionOp op, Type t, Value orig, Value priv) {
        return switch (op) {
            case ADD, SUB -> binary(f, Expr.Binary.Op.ADD, t, orig, priv);
            case MUL -> binary(f, Expr.Binary.Op.MUL, t, orig, priv);
            case BITAND -> binary(f, Expr.Binary.Op.BITAND, t, orig, priv);
            case BITOR -> binary(f, Expr.Binary.Op.BITOR, t, orig, priv);
            case BITXOR -> binary(f, Expr.Binary.Op.BITXOR, t, orig, priv);
            case LOGAND, LOGOR -> {
                Value r = f.e.bin(
                        op == OmpClause.ReductionOp.LOGAND ? Insn.BinOp.AND : Insn.BinOp.OR,
                        truth(f, t, orig),
                        truth(f, t, priv));
                yield f.convertValue(r, Type.INT, t);
            }
            case MIN, MAX -> {
                Value less = op == OmpClause.ReductionOp.MIN ? less(f, t, priv, orig) : less(f, t, orig, priv);
                yield LoopNest.select(f, less, priv, orig);
            }
            case USER -> throw new IllegalStateException("user-defined reductions are not supported");
        };
    }

    private static Value truth(FunctionLowering f, Type t, Value v) {
        if (QuadOps.is(t)) return f.quad().truth(v);
        return WideBitInts.is(t) ? f.wide().truth(v, t) : f.int128().truth(v);
    }

    private static Value less(FunctionLowering f, Type t, Value a, Value b) {
        if (QuadOps.is(t)) return f.quad().binary(Expr.Binary.Op.LT, a, b);
        if (WideBitInts.is(t)) return f.wide().binary(Expr.Binary.Op.LT, a, b, t, t);
        return f.int128().binary(Expr.Binary.Op.LT, a, b, t, t); // a comparison: nothing to wrap
    }

    private static Value binary(FunctionLowering f, Expr.Binary.Op op, Type t, Value a, Value b) {
        if (QuadOps.is(t)) return f.quad().binary(op, a, b);
        if (WideBitInts.is(t)) return f.wide().binary(op, a, b, t, t);
        return f.bitIntWrap(f.int128().binary(op, a, b, t, t), t);
    }
}
