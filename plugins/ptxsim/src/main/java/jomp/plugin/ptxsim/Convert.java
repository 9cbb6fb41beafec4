package jomp.plugin.ptxsim;

import static jomp.plugin.ptxsim.PtxType.*;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * {@code cvt}: between integer types (truncation or extension by the source type's signedness,
 * {@code .sat} clamps), integer to float (rounded as the modifier says), float to integer (the
 * integer rounding modifier, saturating to the destination's range, NaN to 0, as PTX defines),
 * and between float types (f16, bf16, f32, f64; {@code .rni} etc. round to an integral value).
 */
final class Convert {
    private Convert() {}

    static long cvt(Insn in, long a) {
        int dt = in.type, st = in.type2, fl = in.flags, rnd = fl & Alu.RND_MASK;
        boolean intRound = (fl & Alu.INT_ROUND) != 0;
        if (isFloat(st)) {
            double v = switch (st) {
                case F32 -> Alu.ftzIn(fl, Alu.f(a));
                case F64 -> Alu.d(a);
                case F16 -> Float.float16ToFloat((short) a);
                case BF16 -> Float.intBitsToFloat((int) (a & 0xFFFF) << 16);
                default -> Alu.f(a);
            };
            if (isFloat(dt)) {
                if (intRound) v = integral(v, rnd);
                switch (dt) {
                    case F32: {
                        if (Double.isNaN(v)) return Alu.F32_NAN;
                        float r = st == F64 && !intRound && rnd != Alu.RN && Double.isFinite(v)
                                ? FloatOps.round32(new BigDecimal(v), rnd)
                                : (float) v;
                        return Alu.f32(r, fl);
                    }
                    case F64:
                        return Alu.d64(v, fl);
                    case F16:
                        return Float.floatToFloat16((float) v) & 0xFFFFL;
                    case BF16:
                        return bf16((float) v);
                    default:
                        return Alu.f32((float) v, fl);
                }
            }
            if (Double.isNaN(v)) return 0;
            double r = integral(v, intRound ? rnd : Alu.RZ);
            return saturate(dt, r);
        }
        long x = extend(st, a);
        boolean unsignedSource = !isSigned(st);
        if (isFloat(dt)) {
            boolean big = unsignedSource && x < 0; // a u64 above 2^63
            switch (dt) {
                case F32: {
                    float r;
                    if (rnd == Alu.RN && !big) r = (float) x;
                    else r = FloatOps.round32(exact(x, big), rnd);
                    return Alu.f32(r, fl);
                }
                case F64: {
                    double r;
                    if (rnd == Alu.RN && !big) r = (double) x;
                    else r = FloatOps.round64(exact(x, big), rnd);
                    return Alu.d64(r, fl);
                }
                case F16:
                    return Float.floatToFloat16(big ? exact(x, true).floatValue() : (float) x) & 0xFFFFL;
                default:
                    return bf16(big ? exact(x, true).floatValue() : (float) x);
            }
        }
        if ((fl & Alu.SAT) != 0) x = clampInt(dt, x, unsignedSource);
        return extend(dt, x);
    }

    private static BigDecimal exact(long x, boolean unsigned) {
        return unsigned ? new BigDecimal(new BigInteger(Long.toUnsignedString(x))) : BigDecimal.valueOf(x);
    }

    private static long bf16(float f) {
        int bits = Float.floatToRawIntBits(f);
        if (Float.isNaN(f)) return 0x7FFF;
        int round = 0x7FFF + ((bits >>> 16) & 1); // round to nearest even
        return (long) (((bits + round) >>> 16) & 0xFFFF); // no overflow: NaNs returned above
    }

    /** Rounds to an integral value: rni (nearest even), rzi, rmi, rpi. */
    static double integral(double v, int rnd) {
        return switch (rnd) {
            case Alu.RN -> Math.rint(v);
            case Alu.RZ -> v < 0 ? Math.ceil(v) : Math.floor(v);
            case Alu.RM -> Math.floor(v);
            default -> Math.ceil(v);
        };
    }

    /** An integral double to an integer type, clamped to its range. */
    private static long saturate(int t, double r) {
        switch (t) {
            case S8:
                return (long) Math.max(-128, Math.min(127, r));
            case S16:
                return (long) Math.max(-32768, Math.min(32767, r));
            case S32:
                return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, r));
            case S64:
                return (long) r; // Java's conversion saturates
            case U8:
            case B8:
                return (long) Math.max(0, Math.min(255, r));
            case U16:
            case B16:
                return (long) Math.max(0, Math.min(65535, r));
            case U32:
            case B32:
                return (long) Math.max(0, Math.min(4294967295.0, r));
            default: {
                if (r <= 0) return 0;
                if (r >= 0x1p64) return -1L;
                if (r < 0x1p63) return (long) r;
                return new BigDecimal(r).toBigInteger().longValue();
            }
        }
    }

    private static long clampInt(int t, long x, boolean unsignedSource) {
        int bits = size(t) * 8;
        if (isSigned(t)) {
            long max = bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1,
                    min = bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1));
            if (unsignedSource && x < 0) return max;
            return Math.max(min, Math.min(max, x));
        }
        if (bits == 64) return unsignedSource ? x : Math.max(0, x);
        long max = (1L << bits) - 1;
        if (unsignedSource) return Long.compareUnsigned(x, max) > 0 ? max : x;
        return Math.max(0, Math.min(max, x));
    }
}
