package jomp.compiler.sema;

import java.math.BigInteger;
import jomp.compiler.ast.Expr;
import jomp.compiler.type.Type;

/**
 * Constant folding for {@code __int128} and {@code unsigned __int128} expressions, exactly, in
 * 128 bits (ConstEval works in 64), and for {@code _BitInt(N)} of more than 64 bits in N: integer constants converted to a 128-bit type, and the
 * arithmetic, bitwise, shift and comparison operators on them. The result is the value's 128-bit
 * two's complement pattern, read signed or unsigned by the expression's type.
 */
public final class Int128Const {
    private Int128Const() {}

    private static final BigInteger MOD = BigInteger.ONE.shiftLeft(128);
    private static final BigInteger HALF = BigInteger.ONE.shiftLeft(127);

    static boolean is(Type t) {
        return t.kind == Type.Kind.INT128;
    }

    /** The value of a 128-bit integer constant expression, or null if e is not one. */
    public static BigInteger eval(Expr e) {
        if (!is(e.type())) return scalar(e);
        return switch (e) {
            case Expr.Cast c -> {
                BigInteger v = is(c.operand().type()) ? eval(c.operand()) : scalar(c.operand());
                yield v == null ? null : wrap(v, c.type());
            }
            case Expr.Unary u -> {
                BigInteger v = eval(u.operand());
                if (v == null) yield null;
                yield switch (u.op()) {
                    case NEG -> wrap(v.negate(), u.type());
                    case PLUS -> v;
                    case BITNOT -> wrap(v.not(), u.type());
                    default -> null;
                };
            }
            case Expr.Binary b -> binary(b);
            case Expr.Cond c -> {
                Long k = ConstEval.integer(c.cond());
                yield k == null ? null : eval(k != 0 ? c.then() : c.otherwise());
            }
            default -> null;
        };
    }

    /** A comparison (or && ||) of 128-bit operands: 1 or 0, or null if not constant. */
    static Long compare(Expr.Binary b) {
        BigInteger l = eval(b.left()), r = eval(b.right());
        if (l == null || r == null) return null;
        int c = l.compareTo(r);
        return switch (b.op()) {
            case EQ -> c == 0 ? 1L : 0L;
            case NE -> c != 0 ? 1L : 0L;
            case LT -> c < 0 ? 1L : 0L;
            case LE -> c <= 0 ? 1L : 0L;
            case GT -> c > 0 ? 1L : 0L;
            case GE -> c >= 0 ? 1L : 0L;
            case LOGAND -> l.signum() != 0 && r.signum() != 0 ? 1L : 0L;
            case LOGOR -> l.signum() != 0 || r.signum() != 0 ? 1L : 0L;
            default -> null;
        };
    }

    private static BigInteger binary(Expr.Binary b) {
        BigInteger l = eval(b.left()), r = eval(b.right());
        if (l == null || r == null) return null;
        Type t = b.type();
        return switch (b.op()) {
            case ADD -> wrap(l.add(r), t);
            case SUB -> wrap(l.subtract(r), t);
            case MUL -> wrap(l.multiply(r), t);
            case DIV -> r.signum() == 0 ? null : wrap(l.divide(r), t);
            case MOD -> r.signum() == 0 ? null : wrap(l.remainder(r), t);
            case BITAND -> wrap(l.and(r), t);
            case BITOR -> wrap(l.or(r), t);
            case BITXOR -> wrap(l.xor(r), t);
            case SHL ->
                r.signum() < 0 || r.compareTo(BigInteger.valueOf(width(t))) >= 0
                        ? null
                        : wrap(l.shiftLeft(r.intValue()), t);
            case SHR ->
                r.signum() < 0 || r.compareTo(BigInteger.valueOf(width(t))) >= 0
                        ? null
                        : wrap(l.shiftRight(r.intValue()), t);
            default -> null;
        };
    }

    /** A constant of a narrower type, with its value as that type reads it (unsigned 64-bit included). */
    private static BigInteger scalar(Expr e) {
        if (Float128Const.is(e.type())) {
            jomp.compiler.type.Binary128 q = Float128Const.eval(e);
            return q == null || q.isNaN() || q.isInfinite() ? null : q.toInteger();
        }
        if (e.type().isFloat()) {
            ConstEval.Value v = ConstEval.evalStatic(e);
            if (v == null || !v.isFloat() || Double.isNaN(v.fvalue()) || Double.isInfinite(v.fvalue())) return null;
            return new java.math.BigDecimal(v.fvalue()).toBigInteger();
        }
        Long v = ConstEval.integer(e);
        if (v == null) return null;
        BigInteger b = BigInteger.valueOf(v);
        return e.type().isUnsigned && v < 0 && e.type().size() == 8 ? b.add(BigInteger.ONE.shiftLeft(64)) : b;
    }

    /** The bits of a 128-bit type: 128, or N of _BitInt(N). */
    private static int width(Type t) {
        return t.isBitInt() ? t.bitWidth() : 128;
    }

    /** v reduced to 128 bits (N of a _BitInt(N) of more than 64) and read as t reads them. */
    static BigInteger wrap(BigInteger v, Type t) {
        if (t.isBitInt() && t.bitWidth() != 128) {
            BigInteger mod = BigInteger.ONE.shiftLeft(t.bitWidth());
            BigInteger m = v.mod(mod);
            return !t.isUnsigned && m.testBit(t.bitWidth() - 1) ? m.subtract(mod) : m;
        }
        BigInteger m = v.mod(MOD);
        return !t.isUnsigned && m.compareTo(HALF) >= 0 ? m.subtract(MOD) : m;
    }

    /** The low and high 64-bit words of v's 128-bit pattern. */
    public static long[] words(BigInteger v) {
        return words(v, 2);
    }

    /** The n 64-bit words of v's two's complement pattern, low first (the layout of a wide _BitInt). */
    public static long[] words(BigInteger v, int n) {
        long[] w = new long[n];
        for (int i = 0; i < n; i++) w[i] = v.shiftRight(64 * i).longValue();
        return w;
    }
}
