package jomp.compiler.sema;

import java.math.BigDecimal;
import java.math.BigInteger;
import jomp.compiler.ast.Expr;
import jomp.compiler.type.Binary128;
import jomp.compiler.type.Type;

/**
 * Constant folding for {@code __float128} expressions, exactly in binary128 (ConstEval works in
 * double): constants converted to {@code __float128}, unary minus and the four operations, each
 * rounded once as the program would compute them, and comparisons of such operands.
 */
public final class Float128Const {
    private Float128Const() {}

    public static boolean is(Type t) {
        return t.kind == Type.Kind.FLOAT128 && !t.isComplex;
    }

    /** The value of a constant expression converted to __float128, or null if e is not constant. */
    public static Binary128 eval(Expr e) {
        if (!is(e.type())) return scalar(e);
        return switch (e) {
            case Expr.FloatLit f -> f.quad() != null ? f.quad() : Binary128.fromDouble(f.value());
            case Expr.Cast c -> eval(c.operand());
            case Expr.Unary u
            when u.op() == Expr.Unary.Op.NEG -> {
                Binary128 v = eval(u.operand());
                yield v == null ? null : v.negate();
            }
            case Expr.Unary u when u.op() == Expr.Unary.Op.PLUS -> eval(u.operand());
            case Expr.Binary b -> {
                Binary128 l = eval(b.left()), r = eval(b.right());
                if (l == null || r == null) yield null;
                yield switch (b.op()) {
                    case ADD -> Binary128.add(l, r);
                    case SUB -> Binary128.sub(l, r);
                    case MUL -> Binary128.mul(l, r);
                    case DIV -> Binary128.div(l, r);
                    default -> null;
                };
            }
            case Expr.Call c
            when c.direct() != null && c.direct().name.matches("__builtin_(fabs|copysign)(q|f128)") -> {
                Binary128 a = eval(c.args().get(0));
                if (a == null) yield null;
                if (c.args().size() == 1) yield a.negative() ? a.negate() : a;
                Binary128 b = eval(c.args().get(1));
                yield b == null ? null : a.negative() == b.negative() ? a : a.negate();
            }
            case Expr.Cond c -> {
                Long k = ConstEval.integer(c.cond());
                yield k == null ? null : eval(k != 0 ? c.then() : c.otherwise());
            }
            default -> null;
        };
    }

    /**
     * The parts {real, imaginary} of a constant {@code _Complex __float128} expression, each exact
     * in binary128 (a real value converted to it, a q imaginary constant, __builtin_complex of two
     * constants, + - and unary minus of such), or null if e is not one.
     */
    public static Binary128[] complex(Expr e) {
        if (!(e.type().isComplex && e.type().kind == Type.Kind.FLOAT128)) {
            if (e.type().isComplex) return null;
            Binary128 re = eval(e);
            return re == null ? null : new Binary128[] {re, Binary128.ZERO};
        }
        return switch (e) {
            case Expr.FloatLit f -> f.quad() == null ? null : new Binary128[] {Binary128.ZERO, f.quad()};
            case Expr.Cast c -> complex(c.operand());
            case Expr.Call c
            when c.direct() != null && c.direct().name.equals("__builtin_complex") -> {
                Binary128 re = eval(c.args().get(0)), im = eval(c.args().get(1));
                yield re == null || im == null ? null : new Binary128[] {re, im};
            }
            case Expr.Unary u
            when u.op() == Expr.Unary.Op.NEG -> {
                Binary128[] v = complex(u.operand());
                yield v == null ? null : new Binary128[] {v[0].negate(), v[1].negate()};
            }
            case Expr.Unary u when u.op() == Expr.Unary.Op.PLUS -> complex(u.operand());
            case Expr.Binary b
            when b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB -> {
                Binary128[] l = complex(b.left()), r = complex(b.right());
                if (l == null || r == null) yield null;
                yield b.op() == Expr.Binary.Op.ADD
                        ? new Binary128[] {Binary128.add(l[0], r[0]), Binary128.add(l[1], r[1])}
                        : new Binary128[] {Binary128.sub(l[0], r[0]), Binary128.sub(l[1], r[1])};
            }
            case Expr.Binary b
            when b.op() == Expr.Binary.Op.MUL || b.op() == Expr.Binary.Op.DIV -> {
                Binary128[] l = complex(b.left()), r = complex(b.right());
                yield l == null || r == null ? null : productOrQuotient(b.op() == Expr.Binary.Op.MUL, l, r);
            }
            default -> null;
        };
    }

    /**
     * x * y or x / y as gcc folds them (MPC): each part of the exact value rounded once; null where
     * an operand is not finite or the divisor is zero (libgcc's Annex G cases, not folded here).
     */
    private static Binary128[] productOrQuotient(boolean mul, Binary128[] x, Binary128[] y) {
        BigDecimal a = x[0].toBigDecimal(), b = x[1].toBigDecimal(), c = y[0].toBigDecimal(), d = y[1].toBigDecimal();
        if (a == null || b == null || c == null || d == null) return null;
        // the sign a zero part has in binary128 arithmetic (the exact value has none)
        Binary128
                reSign =
                        mul
                                ? Binary128.sub(Binary128.mul(x[0], y[0]), Binary128.mul(x[1], y[1]))
                                : Binary128.add(Binary128.mul(x[0], y[0]), Binary128.mul(x[1], y[1])),
                imSign =
                        mul
                                ? Binary128.add(Binary128.mul(x[0], y[1]), Binary128.mul(x[1], y[0]))
                                : Binary128.sub(Binary128.mul(x[1], y[0]), Binary128.mul(x[0], y[1]));
        if (mul)
            return new Binary128[] {
                Binary128.ratio(a.multiply(c).subtract(b.multiply(d)), BigDecimal.ONE, reSign),
                Binary128.ratio(a.multiply(d).add(b.multiply(c)), BigDecimal.ONE, imSign)
            };
        BigDecimal den = c.multiply(c).add(d.multiply(d));
        if (den.signum() == 0) return null;
        return new Binary128[] {
            Binary128.ratio(a.multiply(c).add(b.multiply(d)), den, reSign),
            Binary128.ratio(b.multiply(c).subtract(a.multiply(d)), den, imSign)
        };
    }

    /** A comparison (or && ||) of __float128 operands: 1 or 0, or null if not constant. */
    static Long compare(Expr.Binary b) {
        Binary128 l = eval(b.left()), r = eval(b.right());
        if (l == null || r == null) return null;
        int c = Binary128.compare(l, r); // 2: unordered, where only != holds
        boolean v = switch (b.op()) {
            case EQ -> c == 0;
            case NE -> c != 0;
            case LT -> c == -1;
            case LE -> c == -1 || c == 0;
            case GT -> c == 1;
            case GE -> c == 1 || c == 0;
            case LOGAND -> !l.isZero() && !r.isZero();
            case LOGOR -> !l.isZero() || !r.isZero();
            default -> false;
        };
        return switch (b.op()) {
            case EQ, NE, LT, LE, GT, GE, LOGAND, LOGOR -> v ? 1L : 0L;
            default -> null;
        };
    }

    /** A constant of another arithmetic type, converted exactly (integers) or from its double. */
    private static Binary128 scalar(Expr e) {
        Type t = e.type();
        if (t.kind == Type.Kind.INT128) {
            BigInteger v = Int128Const.eval(e);
            return v == null ? null : Binary128.fromInteger(v);
        }
        ConstEval.Value v = ConstEval.evalStatic(e);
        if (v == null || v.isAddress()) return null;
        if (v.isFloat()) return Binary128.fromDouble(v.fvalue());
        BigInteger b = BigInteger.valueOf(v.offset());
        if (t.isUnsigned && v.offset() < 0 && t.size() == 8) b = b.add(BigInteger.ONE.shiftLeft(64));
        return Binary128.fromInteger(b);
    }
}
