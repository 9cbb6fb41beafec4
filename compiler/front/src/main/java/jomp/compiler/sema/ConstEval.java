package jomp.compiler.sema;

import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Var;
import jomp.compiler.type.Type;

/**
 * Constant expressions (C11 6.6): integer constant expressions for array sizes, case labels,
 * enumerators and bit-field widths, and the constants allowed in static initializers: arithmetic
 * constants and address constants ({@code &g + 4}, {@code arr}, {@code "str"}, {@code &s.m}, function
 * names), which lowering reads through {@link #evalStatic}.
 */
public final class ConstEval {
    private ConstEval() {}

    /**
     * A static initializer's value: {@code symbol} (a global, static local or compound literal)
     * or {@code string} (a literal to place in data) plus a byte offset, or a plain number
     * ({@code offset} holds an integer's bits, {@code fvalue} a floating value when isFloat).
     */
    public record Value(Var symbol, Expr.StrLit string, long offset, double fvalue, boolean isFloat) {
        public boolean isAddress() {
            return symbol != null || string != null;
        }
    }

    /** The value of an integer constant expression, or null if e is not one. */
    public static Long integer(Expr e) {
        Value v = eval(e, false);
        if (v == null || v.isAddress()) return null;
        if (v.isFloat()) return null;
        return v.offset();
    }

    /** Is e acceptable in a static initializer? */
    public static boolean isStaticInitializer(Expr e) {
        if (e instanceof Expr.StrLit) return true;
        return eval(e, true) != null;
    }

    /** A static initializer's value, or null if it is not constant. */
    public static Value evalStatic(Expr e) {
        if (e instanceof Expr.StrLit s) return new Value(null, s, 0, 0, false);
        return eval(e, true);
    }

    /** Sign- or zero-extends v to t's width (wrap-around as C's conversions do). */
    public static long truncate(long v, Type t) {
        if (t.kind == Type.Kind.BOOL) return v != 0 ? 1 : 0;
        long size = t.size();
        int bits = t.isBitInt() ? t.bitWidth() : (int) (size * 8);
        if (bits >= 64 || size <= 0) return v;
        return t.isUnsigned ? v & ((1L << bits) - 1) : (v << (64 - bits)) >> (64 - bits);
    }

    private static Value num(long v) {
        return new Value(null, null, v, 0, false);
    }

    private static Value flt(double d) {
        return new Value(null, null, 0, d, true);
    }

    private static Value eval(Expr e, boolean addr) {
        if (Int128Const.is(e.type())) { // exact 128-bit folding; its low word stands for it here
            java.math.BigInteger v = Int128Const.eval(e);
            return v == null ? null : num(v.longValue());
        }
        if (Float128Const.is(e.type())) { // exact binary128 folding; the nearest double stands for it here
            jomp.compiler.type.Binary128 q = Float128Const.eval(e);
            return q == null ? null : flt(q.toDouble());
        }
        if (e instanceof Expr.Binary b && Float128Const.is(b.left().type())) {
            Long c = Float128Const.compare(b);
            return c == null ? null : num(c);
        }
        if (e instanceof Expr.Cast c
                && c.type().isInteger()
                && Float128Const.is(c.operand().type())) {
            jomp.compiler.type.Binary128 q = Float128Const.eval(c.operand());
            if (q == null) return null;
            return num(
                    c.type().kind == Type.Kind.BOOL
                            ? (q.isZero() ? 0 : 1)
                            : truncate(q.toInteger().longValue(), c.type()));
        }
        if (e instanceof Expr.Binary b && b.left().type().kind == Type.Kind.INT128) {
            Long c = Int128Const.compare(b);
            return c == null ? null : num(c);
        }
        switch (e) {
            case Expr.IntLit i -> {
                return num(i.value());
            }
            case Expr.FloatLit f -> {
                return flt(f.value());
            }
            // an address constant whose value is a number: &&a - &&b and &&a + 4 fold, tables hold it as data
            case Expr.LabelAddr l -> {
                return addr ? num(l.value()) : null;
            }
            case Expr.Call c
            when c.direct() != null && c.direct().name.equals("__builtin_complex") -> {
                // constant when both parts are; the value stands for the real part (what a cast to a real type keeps)
                Value re = eval(c.args().get(0), false), im = eval(c.args().get(1), false);
                return re == null || im == null ? null : re;
            }
            case Expr.Cast c -> {
                return cast(c, addr);
            }
            case Expr.Unary u -> {
                switch (u.op()) {
                    case ADDR -> {
                        return address(u.operand());
                    }
                    case DEREF -> {
                        return null;
                    }
                    default -> {}
                }
                Value v = eval(u.operand(), addr);
                if (v == null || v.isAddress()) return null;
                Type t = u.type();
                return switch (u.op()) {
                    case NEG -> v.isFloat() ? flt(-v.fvalue()) : num(truncate(-v.offset(), t));
                    case PLUS -> v;
                    case BITNOT -> v.isFloat() ? null : num(truncate(~v.offset(), t));
                    case NOT -> num(v.isFloat() ? (v.fvalue() == 0 ? 1 : 0) : v.offset() == 0 ? 1 : 0);
                    // a complex value stands for its real part here: its imaginary part is only known constant
                    case REAL -> v;
                    case IMAG -> u.operand().type().isComplex ? v : v.isFloat() ? flt(0) : num(0);
                    default -> null;
                };
            }
            case Expr.Binary b -> {
                return binary(b, addr);
            }
            case Expr.Cond c -> {
                Value cv = eval(c.cond(), addr);
                if (cv == null || cv.isAddress()) return null;
                boolean t = cv.isFloat() ? cv.fvalue() != 0 : cv.offset() != 0;
                return eval(t ? c.then() : c.otherwise(), addr);
            }
            case Expr.Decay d -> {
                if (!addr) return null;
                return address(d.operand());
            }
            default -> {
                return null;
            }
        }
    }

    private static Value cast(Expr.Cast c, boolean addr) {
        Value v = eval(c.operand(), addr);
        if (v == null) return null;
        Type to = c.type();
        if (to.isVoid()) return null;
        if (v.isAddress()) {
            // address constants survive casts to pointers and 64-bit integers
            return addr && (to.isPointer() || to.isInteger() && to.size() == 8) ? v : null;
        }
        if (to.isInteger()) {
            if (v.isFloat()) {
                double d = v.fvalue();
                if (to.kind == Type.Kind.BOOL) return num(d != 0 ? 1 : 0);
                return num(saturate(d, to));
            }
            return num(truncate(v.offset(), to));
        }
        if (to.isFloat() || to.isComplex) {
            if (v.isFloat()) return flt(to.kind == Type.Kind.FLOAT ? (float) v.fvalue() : v.fvalue());
            Type from = c.operand().type();
            double d = from.isUnsigned && v.offset() < 0 ? unsignedToDouble(v.offset()) : (double) v.offset();
            return flt(to.kind == Type.Kind.FLOAT ? (float) d : d);
        }
        if (to.isPointer()) {
            if (v.isFloat()) return null;
            return v; // integer to pointer: (char *)0 + k, offsetof idioms
        }
        return null;
    }

    /** The address of an lvalue with static storage, as symbol + offset. */
    private static Value address(Expr e) {
        switch (e) {
            case Expr.VarRef v -> {
                Var var = v.var();
                if (var == null
                        || var.isLocal
                                && var.storage != Var.Storage.STATIC
                                && var.storage != Var.Storage.EXTERN
                                && !var.isFunction()) return null;
                return new Value(var, null, 0, 0, false);
            }
            case Expr.StrLit s -> {
                return new Value(null, s, 0, 0, false);
            }
            case Expr.CompoundLiteral c -> {
                return c.var().isLocal ? null : new Value(c.var(), null, 0, 0, false);
            }
            case Expr.Member m -> {
                Value base = address(m.base());
                if (base == null) return null;
                return new Value(
                        base.symbol(), base.string(), base.offset() + m.member().offset(), 0, false);
            }
            case Expr.Unary u
            when u.op() == Expr.Unary.Op.DEREF -> {
                // &*p and &a[i]: the pointer itself must be an address constant (or a null-based offsetof idiom)
                Value p = eval(u.operand(), true);
                return p == null || p.isFloat() ? null : p;
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * A floating constant converted to integer type {@code to}, truncated toward zero; out of the type's
     * range (undefined behaviour) it is the nearest value of the type and NaN is 0, as gcc folds it (a
     * _BitInt(N)'s range is N bits'). Unsigned 64-bit values come back in a long's bits.
     */
    public static long saturate(double d, Type to) {
        int bits = Math.min(64, to.isBitInt() ? to.bitWidth() : (int) to.size() * 8);
        if (Double.isNaN(d)) return 0;
        if (to.isUnsigned) {
            if (d <= 0) return 0;
            if (bits == 64) return d >= 0x1p64 ? -1L : d >= 0x1p63 ? (long) (d - 0x1p63) ^ Long.MIN_VALUE : (long) d;
            long max = (1L << bits) - 1;
            return d >= max ? max : (long) d;
        }
        long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1;
        return Math.max(-max - 1, Math.min(max, (long) d)); // (long) d saturates to 64 bits already
    }

    private static double unsignedToDouble(long v) {
        double d = (double) (v >>> 1) * 2.0;
        return d + (v & 1);
    }

    private static Value binary(Expr.Binary b, boolean addr) {
        Value l = eval(b.left(), addr);
        if (l == null) return null;
        // && || ?: short-circuit: the unevaluated side need not be constant in GNU C, but must be in ISO C
        Value r = eval(b.right(), addr);
        if (r == null) return null;
        Type t = b.type();
        Type ot = b.left().type();
        if (l.isAddress() || r.isAddress()) {
            if (!addr) return null;
            switch (b.op()) {
                case ADD -> {
                    if (l.isAddress() && !r.isAddress() && !r.isFloat())
                        return new Value(l.symbol(), l.string(), l.offset() + r.offset(), 0, false);
                    if (r.isAddress() && !l.isAddress() && !l.isFloat())
                        return new Value(r.symbol(), r.string(), r.offset() + l.offset(), 0, false);
                    return null;
                }
                case SUB -> {
                    if (l.isAddress() && !r.isAddress() && !r.isFloat())
                        return new Value(l.symbol(), l.string(), l.offset() - r.offset(), 0, false);
                    return null;
                }
                case PTR_DIFF -> {
                    if (l.isAddress() && r.isAddress() && l.symbol() == r.symbol() && l.string() == r.string())
                        return num(l.offset() - r.offset());
                    return null;
                }
                default -> {
                    return null;
                }
            }
        }
        if (l.isFloat() || r.isFloat()) {
            double x = l.isFloat() ? l.fvalue() : l.offset(), y = r.isFloat() ? r.fvalue() : r.offset();
            return switch (b.op()) {
                case ADD -> fl(x + y, t);
                case SUB -> fl(x - y, t);
                case MUL -> fl(x * y, t);
                case DIV -> fl(x / y, t);
                case EQ -> num(x == y ? 1 : 0);
                case NE -> num(x != y ? 1 : 0);
                case LT -> num(x < y ? 1 : 0);
                case LE -> num(x <= y ? 1 : 0);
                case GT -> num(x > y ? 1 : 0);
                case GE -> num(x >= y ? 1 : 0);
                case LOGAND -> num(x != 0 && y != 0 ? 1 : 0);
                case LOGOR -> num(x != 0 || y != 0 ? 1 : 0);
                case COMMA -> r;
                default -> null;
            };
        }
        long x = l.offset(), y = r.offset();
        boolean uns = ot.isUnsigned && ot.isInteger() || ot.isPointer();
        return switch (b.op()) {
            case ADD -> num(truncate(x + y, t));
            case SUB -> num(truncate(x - y, t));
            case MUL -> num(truncate(x * y, t));
            case DIV -> y == 0 ? null : num(truncate(uns ? Long.divideUnsigned(x, y) : x / y, t));
            case MOD -> y == 0 ? null : num(truncate(uns ? Long.remainderUnsigned(x, y) : x % y, t));
            case SHL -> num(truncate(x << y, t));
            case SHR -> num(truncate(t.isUnsigned ? (t.size() == 8 ? x >>> y : (x & 0xffffffffL) >>> y) : x >> y, t));
            case BITAND -> num(truncate(x & y, t));
            case BITOR -> num(truncate(x | y, t));
            case BITXOR -> num(truncate(x ^ y, t));
            case EQ -> num(x == y ? 1 : 0);
            case NE -> num(x != y ? 1 : 0);
            case LT -> num((uns ? Long.compareUnsigned(x, y) : Long.compare(x, y)) < 0 ? 1 : 0);
            case LE -> num((uns ? Long.compareUnsigned(x, y) : Long.compare(x, y)) <= 0 ? 1 : 0);
            case GT -> num((uns ? Long.compareUnsigned(x, y) : Long.compare(x, y)) > 0 ? 1 : 0);
            case GE -> num((uns ? Long.compareUnsigned(x, y) : Long.compare(x, y)) >= 0 ? 1 : 0);
            case LOGAND -> num(x != 0 && y != 0 ? 1 : 0);
            case LOGOR -> num(x != 0 || y != 0 ? 1 : 0);
            case COMMA -> r;
            case PTR_DIFF -> num(x - y);
        };
    }

    private static Value fl(double d, Type t) {
        return flt(t.kind == Type.Kind.FLOAT ? (float) d : d);
    }
}
