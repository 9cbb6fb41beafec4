package jomp.plugin.ptxsim;

import static jomp.plugin.ptxsim.PtxType.*;

/**
 * The value semantics of PTX's arithmetic, logic, comparison and conversion instructions, one
 * lane at a time: {@code eval(insn, a, b, c)} is the destination's bits. Registers hold a value's
 * bits in a long; an instruction reads only the low bits its type has, and writes the result
 * extended as {@link PtxType#extend} says. Floating point follows IEEE 754 as PTX does: round to
 * nearest even unless a rounding modifier says otherwise ({@link FloatOps}), NaN results are the
 * canonical NaN, {@code .ftz} flushes single-precision subnormals to zero.
 */
final class Alu {
    private Alu() {}

    // sub-operations
    static final int ADD = 1,
            SUB = 2,
            MUL_LO = 3,
            MUL_HI = 4,
            MUL_WIDE = 5,
            MAD_LO = 6,
            MAD_HI = 7,
            MAD_WIDE = 8,
            MUL24_LO = 9,
            MUL24_HI = 10,
            MAD24_LO = 11,
            SAD = 12,
            DIV = 13,
            REM = 14,
            ABS = 15,
            NEG = 16,
            MIN = 17,
            MAX = 18,
            POPC = 19,
            CLZ = 20,
            BFIND = 21,
            BREV = 22,
            BFE = 23,
            BFI = 24,
            AND = 25,
            OR = 26,
            XOR = 27,
            NOT = 28,
            CNOT = 29,
            SHL = 30,
            SHR = 31,
            SHF_L = 32,
            SHF_R = 33,
            PRMT = 34,
            LOP3 = 35,
            FMA = 36,
            RCP = 37,
            SQRT = 38,
            RSQRT = 39,
            SIN = 40,
            COS = 41,
            LG2 = 42,
            EX2 = 43,
            TANH = 44,
            COPYSIGN = 45,
            TESTP = 46,
            CVT = 47,
            SELP = 48,
            SLCT = 49,
            SETP = 50,
            SET = 51,
            MOV = 52,
            BFIND_SHIFT = 53,
            FNS = 54,
            MAD_HI_SAT = 55,
            DP4A = 56;

    // flags
    static final int RND_MASK = 3, RN = 0, RZ = 1, RM = 2, RP = 3;
    static final int FTZ = 4, SAT = 8, APPROX = 16, INT_ROUND = 32, CLAMP = 64, SIGNED_B = 128, SIGNED_C = 256;

    // comparison operators (setp, set, slct)
    static final int EQ = 0,
            NE = 1,
            LT = 2,
            LE = 3,
            GT = 4,
            GE = 5,
            LO = 6,
            LS = 7,
            HI = 8,
            HS = 9,
            EQU = 10,
            NEU = 11,
            LTU = 12,
            LEU = 13,
            GTU = 14,
            GEU = 15,
            NUM = 16,
            NAN = 17;

    static int cmp(String s) {
        return switch (s) {
            case "eq" -> EQ;
            case "ne" -> NE;
            case "lt" -> LT;
            case "le" -> LE;
            case "gt" -> GT;
            case "ge" -> GE;
            case "lo" -> LO;
            case "ls" -> LS;
            case "hi" -> HI;
            case "hs" -> HS;
            case "equ" -> EQU;
            case "neu" -> NEU;
            case "ltu" -> LTU;
            case "leu" -> LEU;
            case "gtu" -> GTU;
            case "geu" -> GEU;
            case "num" -> NUM;
            case "nan" -> NAN;
            default -> -1;
        };
    }

    static final int F32_NAN = 0x7FFFFFFF;
    static final long F64_NAN = 0x7FFFFFFFFFFFFFFFL;

    static long eval(Insn in, long a, long b, long c) {
        int t = in.type;
        switch (in.sub) {
            case MOV:
                return extend(t, a);
            case ADD:
                if (t == F32) return f32(FloatOps.add32(in.flags, f(a), f(b)), in.flags);
                if (t == F64) return d64(FloatOps.add64(in.flags, d(a), d(b)), in.flags);
                if ((in.flags & SAT) != 0) return satS32((long) (int) a + (int) b);
                return extend(t, a + b);
            case SUB:
                if (t == F32) return f32(FloatOps.add32(in.flags, f(a), -f(b)), in.flags);
                if (t == F64) return d64(FloatOps.add64(in.flags, d(a), -d(b)), in.flags);
                if ((in.flags & SAT) != 0) return satS32((long) (int) a - (int) b);
                return extend(t, a - b);
            case MUL_LO:
                if (t == F32) return f32(FloatOps.mul32(in.flags, f(a), f(b)), in.flags);
                if (t == F64) return d64(FloatOps.mul64(in.flags, d(a), d(b)), in.flags);
                return extend(t, a * b);
            case MUL_HI:
                return extend(t, mulHi(t, a, b));
            case MUL_WIDE:
                return mulWide(t, a, b);
            case MAD_LO:
                if (t == F32) return f32(FloatOps.fma32(in.flags, f(a), f(b), f(c)), in.flags);
                if (t == F64) return d64(FloatOps.fma64(in.flags, d(a), d(b), d(c)), in.flags);
                return extend(t, a * b + c);
            case MAD_HI:
                return extend(t, mulHi(t, a, b) + c);
            case MAD_HI_SAT:
                return satS32(mulHi(S32, a, b) + (int) c);
            case MAD_WIDE:
                return mulWide(t, a, b) + c;
            case FMA:
                if (t == F32) return f32(FloatOps.fma32(in.flags, f(a), f(b), f(c)), in.flags);
                return d64(FloatOps.fma64(in.flags, d(a), d(b), d(c)), in.flags);
            case MUL24_LO:
                return extend(t, (long) low24(t, a) * low24(t, b));
            case MUL24_HI:
                return extend(t, ((long) low24(t, a) * low24(t, b)) >> 16);
            case MAD24_LO:
                return extend(t, (long) low24(t, a) * low24(t, b) + c);
            case SAD:
                return extend(
                        t,
                        Math.abs(
                                        isSigned(t)
                                                ? extend(t, a) - extend(t, b)
                                                : Long.compareUnsigned(extend(t, a), extend(t, b)) >= 0
                                                        ? extend(t, a) - extend(t, b)
                                                        : extend(t, b) - extend(t, a))
                                + c);
            case DIV:
                if (t == F32) return f32(FloatOps.div32(in.flags, f(a), f(b)), in.flags);
                if (t == F64) return d64(FloatOps.div64(in.flags, d(a), d(b)), in.flags);
                return div(t, a, b);
            case REM:
                return rem(t, a, b);
            case ABS:
                if (t == F32) return f32bits(Float.floatToRawIntBits(ftzIn(in.flags, f(a))) & 0x7FFFFFFF);
                if (t == F64) return a & Long.MAX_VALUE;
                return extend(t, Math.abs(extend(t, a)));
            case NEG:
                if (t == F32) return f32bits(Float.floatToRawIntBits(ftzIn(in.flags, f(a))) ^ 0x80000000);
                if (t == F64) return a ^ Long.MIN_VALUE;
                return extend(t, -a);
            case MIN:
                return minMax(in, a, b, true);
            case MAX:
                return minMax(in, a, b, false);
            default:
                return evalBits(in, a, b, c);
        }
    }

    /** The bit instructions of eval: counts, bit fields, logic, shifts, permutes. */
    private static long evalBits(Insn in, long a, long b, long c) {
        int t = in.type;
        switch (in.sub) {
            case POPC:
                return t == B64 ? Long.bitCount(a) : Integer.bitCount((int) a);
            case CLZ:
                return t == B64 ? Long.numberOfLeadingZeros(a) : Integer.numberOfLeadingZeros((int) a);
            case BFIND:
                return bfind(t, a, false);
            case BFIND_SHIFT:
                return bfind(t, a, true);
            case BREV:
                return t == B64 ? Long.reverse(a) : Integer.reverse((int) a) & 0xFFFFFFFFL;
            case BFE:
                return bfe(t, a, (int) b & 0xFF, (int) c & 0xFF);
            case BFI:
                return bfi(t, a, b, (int) c & 0xFF, (int) in.imm4 & 0xFF);
            case AND:
                return t == PRED ? a & b & 1 : extend(t, a & b);
            case OR:
                return t == PRED ? (a | b) & 1 : extend(t, a | b);
            case XOR:
                return t == PRED ? (a ^ b) & 1 : extend(t, a ^ b);
            case NOT:
                return t == PRED ? (a ^ 1) & 1 : extend(t, ~a);
            case CNOT:
                return extend(t, a) == 0 ? 1 : 0;
            case SHL:
                return shl(t, a, b);
            case SHR:
                return shr(t, a, b);
            case SHF_L:
                return shf(in.flags, a, b, c, true);
            case SHF_R:
                return shf(in.flags, a, b, c, false);
            case PRMT:
                return prmt(in.mode, a, b, c);
            case LOP3:
                return extend(t, lop3(a, b, c, (int) in.imm4));
            default:
                return evalFunction(in, a, b, c);
        }
    }

    /** The rest of eval: float functions, conversion, selection and comparison, fns and dp4a. */
    private static long evalFunction(Insn in, long a, long b, long c) {
        int t = in.type;
        switch (in.sub) {
            case RCP:
                if (t == F32) return f32(FloatOps.div32(in.flags, 1f, ftzIn(in.flags, f(a))), in.flags);
                return d64(FloatOps.rcp64(in.flags, d(a)), in.flags);
            case SQRT:
                if (t == F32) return f32(FloatOps.sqrt32(in.flags, ftzIn(in.flags, f(a))), in.flags);
                return d64(FloatOps.sqrt64(in.flags, d(a)), in.flags);
            case RSQRT:
                if (t == F32) return f32((float) (1.0 / Math.sqrt(ftzIn(in.flags, f(a)))), in.flags);
                return d64(1.0 / Math.sqrt(d(a)), in.flags);
            case SIN:
                return f32((float) Math.sin(ftzIn(in.flags, f(a))), in.flags);
            case COS:
                return f32((float) Math.cos(ftzIn(in.flags, f(a))), in.flags);
            case LG2: {
                float x = ftzIn(in.flags, f(a));
                return f32(x == 0 ? Float.NEGATIVE_INFINITY : (float) (Math.log(x) / Math.log(2.0)), in.flags);
            }
            case EX2:
                return f32((float) Math.pow(2.0, ftzIn(in.flags, f(a))), in.flags);
            case TANH:
                return t == F32 ? f32((float) Math.tanh(f(a)), in.flags) : d64(Math.tanh(d(a)), in.flags);
            case COPYSIGN:
                if (t == F32)
                    return f32bits((Float.floatToRawIntBits(f(b)) & 0x7FFFFFFF)
                            | (Float.floatToRawIntBits(f(a)) & 0x80000000));
                return (b & Long.MAX_VALUE) | (a & Long.MIN_VALUE);
            case TESTP:
                return testp(in.mode, t, a) ? 1 : 0;
            case CVT:
                return Convert.cvt(in, a);
            case SELP:
                return (c & 1) != 0 ? extend(t, a) : extend(t, b);
            case SLCT: {
                boolean ge = in.type2 == F32 ? ftzIn(in.flags, f(c)) >= 0 : (int) c >= 0;
                return ge ? extend(t, a) : extend(t, b);
            }
            case SETP:
                return compare(in.mode, t, a, b, in.flags) ? 1 : 0;
            case SET: {
                boolean r = compare(in.mode, in.type2, a, b, in.flags);
                if (t == F32) return r ? 0x3F800000L : 0;
                return r ? extend(t, -1L) : 0;
            }
            case FNS:
                return fns((int) a, (int) b, (int) c);
            case DP4A: {
                int x = (int) a, y = (int) b, s = (int) c;
                boolean sx = (in.flags & SIGNED_B) != 0, sy = (in.flags & SIGNED_C) != 0;
                for (int k = 0; k < 4; k++) {
                    int xa = sx ? (byte) (x >> 8 * k) : (x >> 8 * k) & 0xFF,
                            yb = sy ? (byte) (y >> 8 * k) : (y >> 8 * k) & 0xFF;
                    s += xa * yb;
                }
                return extend(t, s);
            }
            default:
                throw new IllegalStateException("alu op " + in.sub);
        }
    }

    static float f(long bits) {
        return Float.intBitsToFloat((int) bits);
    }

    static double d(long bits) {
        return Double.longBitsToDouble(bits);
    }

    /** A single-precision result: canonical NaN, .ftz flush, .sat clamp to [0, 1]. */
    static long f32(float v, int flags) {
        if (Float.isNaN(v)) return F32_NAN;
        if ((flags & SAT) != 0) v = v < 0 ? 0f : v > 1 ? 1f : v;
        if ((flags & FTZ) != 0 && v != 0 && Math.abs(v) < Float.MIN_NORMAL) v = Math.copySign(0f, v);
        return Float.floatToRawIntBits(v) & 0xFFFFFFFFL;
    }

    static long f32bits(int bits) {
        return bits & 0xFFFFFFFFL;
    }

    static long d64(double v, int flags) {
        if (Double.isNaN(v)) return F64_NAN;
        if ((flags & SAT) != 0) v = v < 0 ? 0.0 : v > 1 ? 1.0 : v;
        return Double.doubleToRawLongBits(v);
    }

    /** .ftz on an input: a single-precision subnormal reads as a zero of its sign. */
    static float ftzIn(int flags, float v) {
        if ((flags & FTZ) != 0 && v != 0 && Math.abs(v) < Float.MIN_NORMAL) return Math.copySign(0f, v);
        return v;
    }

    private static long satS32(long v) {
        return v > Integer.MAX_VALUE ? Integer.MAX_VALUE : v < Integer.MIN_VALUE ? Integer.MIN_VALUE : (int) v;
    }

    private static int low24(int t, long v) {
        return isSigned(t) ? ((int) v << 8) >> 8 : (int) v & 0xFFFFFF;
    }

    private static long mulHi(int t, long a, long b) {
        switch (t) {
            case S16:
                return ((long) (short) a * (short) b) >> 16;
            case U16:
                return ((a & 0xFFFF) * (b & 0xFFFF)) >>> 16;
            case S32:
                return ((long) (int) a * (int) b) >> 32;
            case U32:
                return ((a & 0xFFFFFFFFL) * (b & 0xFFFFFFFFL)) >>> 32;
            case S64:
                return Math.multiplyHigh(a, b);
            default:
                return Math.unsignedMultiplyHigh(a, b);
        }
    }

    /** mul.wide: the full product of two n-bit values, 2n bits. */
    private static long mulWide(int t, long a, long b) {
        switch (t) {
            case S16:
                return (long) (short) a * (short) b & 0xFFFFFFFFL;
            case U16:
                return (a & 0xFFFF) * (b & 0xFFFF);
            case S32:
                return (long) (int) a * (int) b;
            default:
                return (a & 0xFFFFFFFFL) * (b & 0xFFFFFFFFL);
        }
    }

    /** Integer division; the GPU does not trap on a zero divisor (the result is all ones here, as on NVIDIA hardware for unsigned). */
    private static long div(int t, long a, long b) {
        long x = extend(t, a), y = extend(t, b);
        if (y == 0) return extend(t, -1L);
        if (isSigned(t)) {
            if (t == S64 && x == Long.MIN_VALUE && y == -1) return x;
            return extend(t, x / y);
        }
        return extend(t, Long.divideUnsigned(x, y));
    }

    private static long rem(int t, long a, long b) {
        long x = extend(t, a), y = extend(t, b);
        if (y == 0) return extend(t, x);
        if (isSigned(t)) {
            if (t == S64 && y == -1) return 0;
            return extend(t, x % y);
        }
        return extend(t, Long.remainderUnsigned(x, y));
    }

    private static long minMax(Insn in, long a, long b, boolean min) {
        int t = in.type;
        if (t == F32) {
            float x = ftzIn(in.flags, f(a)), y = ftzIn(in.flags, f(b));
            if (Float.isNaN(x) && Float.isNaN(y)) return F32_NAN;
            if (Float.isNaN(x)) return f32(y, in.flags);
            if (Float.isNaN(y)) return f32(x, in.flags);
            return f32(min ? Math.min(x, y) : Math.max(x, y), in.flags);
        }
        if (t == F64) {
            double x = d(a), y = d(b);
            if (Double.isNaN(x) && Double.isNaN(y)) return F64_NAN;
            if (Double.isNaN(x)) return b;
            if (Double.isNaN(y)) return a;
            return Double.doubleToRawLongBits(min ? Math.min(x, y) : Math.max(x, y));
        }
        long x = extend(t, a), y = extend(t, b);
        boolean less = isSigned(t) ? x < y : Long.compareUnsigned(x, y) < 0;
        return min ? (less ? x : y) : (less ? y : x);
    }

    private static long bfind(int t, long a, boolean shiftAmount) {
        int bits = t == U64 || t == S64 ? 64 : 32;
        long v = extend(t, a);
        if (isSigned(t) && v < 0) v = ~v;
        if (bits == 32) v &= 0xFFFFFFFFL;
        if (v == 0) return 0xFFFFFFFFL;
        int msb = 63 - Long.numberOfLeadingZeros(v);
        return shiftAmount ? bits - 1 - msb : msb;
    }

    private static long bfe(int t, long a, int pos, int len) {
        int bits = size(t) * 8;
        boolean signed = isSigned(t);
        long v = extend(t, a);
        long sbit;
        if (!signed || len == 0) sbit = 0;
        else sbit = (v >>> Math.min(pos + len - 1, bits - 1)) & 1;
        long d = 0;
        for (int i = 0; i < bits; i++) {
            long bit = i < len && pos + i <= bits - 1 ? (v >>> (pos + i)) & 1 : sbit;
            d |= bit << i;
        }
        return extend(t, d);
    }

    private static long bfi(int t, long a, long b, int pos, int len) {
        int bits = size(t) * 8;
        long f = b;
        for (int i = 0; i < len && pos + i < bits; i++) {
            long bit = (a >>> i) & 1;
            f = (f & ~(1L << (pos + i))) | (bit << (pos + i));
        }
        return extend(t, f);
    }

    private static long shl(int t, long a, long b) {
        int bits = size(t) * 8;
        long n = b & 0xFFFFFFFFL;
        if (n >= bits) return 0;
        return extend(t, a << n);
    }

    private static long shr(int t, long a, long b) {
        int bits = size(t) * 8;
        long n = b & 0xFFFFFFFFL;
        long v = extend(t, a);
        if (isSigned(t)) return extend(t, v >> Math.min(n, 63));
        if (n >= bits) return 0;
        return extend(t, v >>> n);
    }

    /** shf.l / shf.r: a funnel shift of the 64-bit b:a by c (clamped to 32, or mod 32). */
    private static long shf(int flags, long a, long b, long c, boolean left) {
        long n = c & 0xFFFFFFFFL;
        n = (flags & CLAMP) != 0 ? Math.min(n, 32) : n & 31;
        long both = (b & 0xFFFFFFFFL) << 32 | (a & 0xFFFFFFFFL);
        if (left) return ((both << n) >>> 32) & 0xFFFFFFFFL;
        return (both >>> n) & 0xFFFFFFFFL;
    }

    /** prmt: bytes of the 64-bit b:a selected by c's nibbles (mode 0: the default form). */
    private static long prmt(int mode, long a, long b, long c) {
        long src = (b & 0xFFFFFFFFL) << 32 | (a & 0xFFFFFFFFL);
        int sel = (int) c;
        int r = 0;
        if (mode == 0) {
            for (int i = 0; i < 4; i++) {
                int s = (sel >> (4 * i)) & 0xF;
                int byt = (int) (src >>> (8 * (s & 7))) & 0xFF;
                if ((s & 8) != 0) byt = (byt & 0x80) != 0 ? 0xFF : 0;
                r |= byt << (8 * i);
            }
            return r & 0xFFFFFFFFL;
        }
        int n = sel & 3;
        int[] idx = switch (mode) { // the special modes: f4e, b4e, rc8, ecl, ecr, rc16
            case 1 -> new int[] {n, n + 1, n + 2, n + 3};
            case 2 -> new int[] {n, n - 1, n - 2, n - 3};
            case 3 -> new int[] {n, n, n, n};
            case 4 -> new int[] {n, Math.max(n, 1), Math.max(n, 2), 3};
            case 5 -> new int[] {0, Math.min(n, 1), Math.min(n, 2), n};
            default -> new int[] {(n & 1) * 2, (n & 1) * 2 + 1, (n & 1) * 2, (n & 1) * 2 + 1};
        };
        for (int i = 0; i < 4; i++) r |= ((int) (src >>> (8 * (idx[i] & 7))) & 0xFF) << (8 * i);
        return r & 0xFFFFFFFFL;
    }

    private static long lop3(long a, long b, long c, int lut) {
        long r = 0;
        for (int i = 0; i < 64; i++) {
            int k = (int) ((a >>> i) & 1) << 2 | (int) ((b >>> i) & 1) << 1 | (int) ((c >>> i) & 1);
            // the truth table indexes as ta = 0xF0, tb = 0xCC, tc = 0xAA
            int bit = (lut >> k) & 1;
            r |= (long) bit << i;
        }
        return r;
    }

    private static long fns(int mask, int base, int offset) {
        if (offset == 0) return base;
        if (offset > 0) {
            int seen = 0;
            for (int i = base; i < 32; i++) if ((mask >>> i & 1) != 0 && ++seen == offset) return i;
        } else {
            int seen = 0;
            for (int i = base; i >= 0; i--) if ((mask >>> i & 1) != 0 && --seen == offset) return i;
        }
        return 0xFFFFFFFFL;
    }

    // testp kinds
    static final int T_FINITE = 0, T_INFINITE = 1, T_NUMBER = 2, T_NOTANUMBER = 3, T_NORMAL = 4, T_SUBNORMAL = 5;

    private static boolean testp(int kind, int t, long a) {
        double v = t == F32 ? f(a) : d(a);
        double abs = Math.abs(v);
        double minNormal = t == F32 ? Float.MIN_NORMAL : Double.MIN_NORMAL;
        return switch (kind) {
            case T_FINITE -> !Double.isNaN(v) && !Double.isInfinite(v);
            case T_INFINITE -> Double.isInfinite(v);
            case T_NUMBER -> !Double.isNaN(v);
            case T_NOTANUMBER -> Double.isNaN(v);
            case T_NORMAL -> abs >= minNormal && !Double.isInfinite(v) && !Double.isNaN(v);
            case T_SUBNORMAL -> abs > 0 && abs < minNormal;
            default -> false;
        };
    }

    static boolean compare(int op, int t, long a, long b, int flags) {
        if (t == F32 || t == F64) {
            double x = t == F32 ? ftzIn(flags, f(a)) : d(a), y = t == F32 ? ftzIn(flags, f(b)) : d(b);
            boolean unordered = Double.isNaN(x) || Double.isNaN(y);
            return switch (op) {
                case EQ -> !unordered && x == y;
                case NE -> !unordered && x != y;
                case LT -> !unordered && x < y;
                case LE -> !unordered && x <= y;
                case GT -> !unordered && x > y;
                case GE -> !unordered && x >= y;
                case EQU -> unordered || x == y;
                case NEU -> unordered || x != y;
                case LTU -> unordered || x < y;
                case LEU -> unordered || x <= y;
                case GTU -> unordered || x > y;
                case GEU -> unordered || x >= y;
                case NUM -> !unordered;
                case NAN -> unordered;
                default -> false;
            };
        }
        long x = extend(t, a), y = extend(t, b);
        boolean signed = isSigned(t);
        int c = signed ? Long.compare(x, y) : Long.compareUnsigned(x, y);
        return switch (op) {
            case EQ -> x == y;
            case NE -> x != y;
            case LT -> c < 0;
            case LE -> c <= 0;
            case GT -> c > 0;
            case GE -> c >= 0;
            case LO -> Long.compareUnsigned(x, y) < 0;
            case LS -> Long.compareUnsigned(x, y) <= 0;
            case HI -> Long.compareUnsigned(x, y) > 0;
            case HS -> Long.compareUnsigned(x, y) >= 0;
            default -> false;
        };
    }
}
