package jomp.compiler.opt;

import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;

/**
 * Evaluates one operation on constants exactly as the generated JVM code would, or returns
 * null when it must not be folded (integer division by zero, float-to-integer conversions out
 * of range, whose result C leaves undefined and the backend defines).
 */
public final class Fold {
    private Fold() {}

    static long mask(IrType t) {
        return t.size == 8 ? -1L : (1L << t.bits()) - 1;
    }

    public static Value binary(Insn.BinOp op, Value a, Value b) {
        if (a instanceof IntConst x && b instanceof IntConst y) {
            IrType t = x.type();
            long p = x.value(), q = y.value();
            long r;
            switch (op) {
                case ADD -> r = p + q;
                case SUB -> r = p - q;
                case MUL -> r = p * q;
                case DIV -> {
                    if (q == 0) return null;
                    r = p / q;
                }
                case REM -> {
                    if (q == 0) return null;
                    r = p % q;
                }
                case UDIV -> {
                    if (q == 0) return null;
                    r = Long.divideUnsigned(p & mask(t), q & mask(t));
                }
                case UREM -> {
                    if (q == 0) return null;
                    r = Long.remainderUnsigned(p & mask(t), q & mask(t));
                }
                case AND -> r = p & q;
                case OR -> r = p | q;
                case XOR -> r = p ^ q;
                case SHL -> r = p << shift(t, q);
                case SHR -> r = p >> shift(t, q);
                case USHR -> r = (p & mask(t)) >>> shift(t, q);
                default -> {
                    return null;
                }
            }
            return new IntConst(t, r);
        }
        if (a instanceof FloatConst x && b instanceof FloatConst y) {
            if (x.type() == IrType.F32) {
                float p = (float) x.value(), q = (float) y.value();
                float r = switch (op) {
                    case ADD -> p + q;
                    case SUB -> p - q;
                    case MUL -> p * q;
                    case DIV -> p / q;
                    case REM -> p % q;
                    default -> Float.NaN;
                };
                return isFloatOp(op) ? new FloatConst(IrType.F32, r) : null;
            }
            double p = x.value(), q = y.value();
            double r = switch (op) {
                case ADD -> p + q;
                case SUB -> p - q;
                case MUL -> p * q;
                case DIV -> p / q;
                case REM -> p % q;
                default -> Double.NaN;
            };
            return isFloatOp(op) ? new FloatConst(IrType.F64, r) : null;
        }
        return null;
    }

    private static boolean isFloatOp(Insn.BinOp op) {
        return switch (op) {
            case ADD, SUB, MUL, DIV, REM -> true;
            default -> false;
        };
    }

    /** The JVM masks shift counts to the width of int or long. */
    private static int shift(IrType t, long q) {
        return (int) (q & (t.isWide() ? 63 : 31));
    }

    public static Value unary(Insn.UnOp op, Value a) {
        if (a instanceof IntConst x) {
            boolean wide = x.type().isWide();
            long v = x.value();
            int i = (int) v;
            return new IntConst(
                    x.type(),
                    switch (op) {
                        case NEG -> -v;
                        case NOT -> ~v;
                        case CTZ -> wide ? Long.numberOfTrailingZeros(v) : Integer.numberOfTrailingZeros(i);
                        case CLZ -> wide ? Long.numberOfLeadingZeros(v) : Integer.numberOfLeadingZeros(i);
                        case POPCOUNT -> wide ? Long.bitCount(v) : Integer.bitCount(i);
                        case BSWAP -> wide ? Long.reverseBytes(v) : Integer.reverseBytes(i);
                    });
        }
        if (a instanceof FloatConst x && op == Insn.UnOp.NEG) return new FloatConst(x.type(), -x.value());
        return null;
    }

    public static Value cmp(Insn.CmpOp op, Value a, Value b) {
        if (a instanceof IntConst x && b instanceof IntConst y) {
            long p = x.value(), q = y.value();
            int u = Long.compareUnsigned(p & mask(x.type()), q & mask(x.type()));
            boolean r = switch (op) {
                case EQ -> p == q;
                case NE -> p != q;
                case LT -> p < q;
                case LE -> p <= q;
                case GT -> p > q;
                case GE -> p >= q;
                case ULT -> u < 0;
                case ULE -> u <= 0;
                case UGT -> u > 0;
                case UGE -> u >= 0;
            };
            return IntConst.i32(r ? 1 : 0);
        }
        if (a instanceof FloatConst x && b instanceof FloatConst y) {
            double p = x.value(), q = y.value();
            Boolean r = switch (op) {
                case EQ -> p == q;
                case NE -> p != q;
                case LT -> p < q;
                case LE -> p <= q;
                case GT -> p > q;
                case GE -> p >= q;
                default -> null;
            };
            return r == null ? null : IntConst.i32(r ? 1 : 0);
        }
        return null;
    }

    public static Value convert(Insn.ConvOp op, Value a, IrType to) {
        if (a instanceof IntConst x) {
            long v = x.value();
            IrType from = x.type();
            return switch (op) {
                case SEXT, TRUNC -> new IntConst(to, v);
                case ZEXT -> new IntConst(to, v & mask(from));
                case BITCAST ->
                    switch (to) {
                        case F64 -> new FloatConst(to, Double.longBitsToDouble(v));
                        case F32 -> new FloatConst(to, Float.intBitsToFloat((int) v));
                        default -> new IntConst(to, v);
                    };
                case SITOFP -> to == IrType.F32 ? new FloatConst(to, (float) v) : new FloatConst(to, (double) v);
                case UITOFP -> {
                    long u = v & mask(from);
                    if (u >= 0) yield to == IrType.F32 ? new FloatConst(to, (float) u) : new FloatConst(to, (double) u);
                    // Halve with the lost bit kept sticky so that the single rounding is right, then double.
                    long h = (u >>> 1) | (u & 1);
                    yield to == IrType.F32 ? new FloatConst(to, (float) h * 2f) : new FloatConst(to, (double) h * 2.0);
                }
                default -> null;
            };
        }
        if (a instanceof FloatConst x) {
            double d = x.value();
            return switch (op) {
                case FPEXT, FPTRUNC -> new FloatConst(to, d);
                case BITCAST ->
                    x.type() == IrType.F64
                            ? new IntConst(to, Double.doubleToRawLongBits(d))
                            : new IntConst(to, Float.floatToRawIntBits((float) d));
                case FPTOSI -> {
                    double lo = -Math.pow(2, to.bits() - 1), hi = Math.pow(2, to.bits() - 1);
                    yield d > lo - 1 && d < hi ? new IntConst(to, (long) d) : null;
                }
                case FPTOUI ->
                    d > -1 && d < Math.pow(2, to.bits())
                            ? new IntConst(to, d >= 0x1p63 ? (long) (d - 0x1p63) + Long.MIN_VALUE : (long) d)
                            : null;
                default -> null;
            };
        }
        return null;
    }
}
