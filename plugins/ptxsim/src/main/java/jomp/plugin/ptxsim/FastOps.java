package jomp.plugin.ptxsim;

import static jomp.plugin.ptxsim.PtxType.*;

/**
 * Lane loops for the instructions that make up most of what runs (moves, 32- and 64-bit integer
 * add/sub/mul/logic/shifts, the common conversions, selp, double add/mul/fma, integer setp):
 * one tight loop each instead of {@link Alu#eval}'s switch per lane. The decoder picks the loop
 * ({@link #classify}); the results are the ones Alu computes.
 */
final class FastOps {
    private FastOps() {}

    static final int NONE = 0,
            MOV = 1,
            ADD64 = 2,
            SUB64 = 3,
            MUL64 = 4,
            ADDS32 = 5,
            ADDU32 = 6,
            SUBS32 = 7,
            SUBU32 = 8,
            MULS32 = 9,
            MULU32 = 10,
            AND64 = 11,
            OR64 = 12,
            XOR64 = 13,
            AND32 = 14,
            OR32 = 15,
            XOR32 = 16,
            SHL64 = 17,
            SHRU64 = 18,
            SHRS64 = 19,
            SHL32 = 20,
            SHRU32 = 21,
            SHRS32 = 22,
            CVT_S64_S32 = 23,
            CVT_U64_U32 = 24,
            CVT_32_64 = 25,
            SELP = 26,
            FADD64 = 27,
            FMUL64 = 28,
            FFMA64 = 29,
            FSUB64 = 30,
            CVT_S32_64 = 31;

    private static final long M32 = 0xFFFFFFFFL;

    /** The fast loop for an ALU instruction, or NONE. */
    static int classify(Insn in) {
        int t = in.type, f = in.flags;
        boolean w64 = t == B64 || t == U64 || t == S64, s32 = t == S32, u32 = t == U32 || t == B32;
        switch (in.sub) {
            case Alu.MOV:
                return in.op == Insn.MOV ? MOV : NONE;
            case Alu.ADD:
                return (f & Alu.SAT) != 0
                        ? NONE
                        : w64 ? ADD64 : s32 ? ADDS32 : u32 ? ADDU32 : t == F64 && f == 0 ? FADD64 : NONE;
            case Alu.SUB:
                return (f & Alu.SAT) != 0
                        ? NONE
                        : w64 ? SUB64 : s32 ? SUBS32 : u32 ? SUBU32 : t == F64 && f == 0 ? FSUB64 : NONE;
            case Alu.MUL_LO:
                return w64 ? MUL64 : s32 ? MULS32 : u32 ? MULU32 : t == F64 && f == 0 ? FMUL64 : NONE;
            case Alu.FMA:
            case Alu.MAD_LO:
                return t == F64 && f == 0 ? FFMA64 : NONE;
            case Alu.AND:
                return w64 ? AND64 : u32 ? AND32 : NONE;
            case Alu.OR:
                return w64 ? OR64 : u32 ? OR32 : NONE;
            case Alu.XOR:
                return w64 ? XOR64 : u32 ? XOR32 : NONE;
            case Alu.SHL:
                return w64 ? SHL64 : u32 ? SHL32 : NONE;
            case Alu.SHR:
                return t == S64 ? SHRS64 : w64 ? SHRU64 : s32 ? SHRS32 : u32 ? SHRU32 : NONE;
            case Alu.SELP:
                return w64 || t == F64 ? SELP : NONE;
            case Alu.CVT: {
                if ((f & Alu.SAT) != 0) return NONE;
                int s = in.type2;
                if ((t == S64 || t == U64) && s == S32) return CVT_S64_S32;
                if ((t == U64 || t == S64) && (s == U32 || s == B32)) return CVT_U64_U32;
                if ((t == U32 || t == B32) && (s == U64 || s == S64 || s == B64)) return CVT_32_64;
                if (t == S32 && (s == U64 || s == S64 || s == B64)) return CVT_S32_64;
                return NONE;
            }
            default:
                return NONE;
        }
    }

    /** Per-thread scratch: a partial group computes all 32 lanes here, then keeps its own. */
    private static final ThreadLocal<long[]> TMP = ThreadLocal.withInitial(() -> new long[32]);

    /**
     * Runs fast loop {@code op} over the lanes of exec: every lane is computed (no fast operation
     * has a side effect or can fail), straight into the registers when the whole warp executes.
     */
    static void run(int op, long[] R, int d, long[] A, int a, long[] B, int b, long[] C, int c, int exec) {
        long[] T;
        int t;
        if (exec == -1) {
            T = R;
            t = d;
        } else {
            T = TMP.get();
            t = 0;
        }
        switch (op) {
            case MOV -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l];
            }
            case ADD64 -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l] + B[b + l];
            }
            case SUB64 -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l] - B[b + l];
            }
            case MUL64 -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l] * B[b + l];
            }
            case ADDS32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (int) (A[a + l] + B[b + l]);
            }
            case ADDU32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (A[a + l] + B[b + l]) & M32;
            }
            case SUBS32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (int) (A[a + l] - B[b + l]);
            }
            case SUBU32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (A[a + l] - B[b + l]) & M32;
            }
            case MULS32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (int) (A[a + l] * B[b + l]);
            }
            case MULU32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (A[a + l] * B[b + l]) & M32;
            }
            case AND64 -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l] & B[b + l];
            }
            case OR64 -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l] | B[b + l];
            }
            case XOR64 -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l] ^ B[b + l];
            }
            case AND32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l] & B[b + l] & M32;
            }
            case OR32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (A[a + l] | B[b + l]) & M32;
            }
            case XOR32 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (A[a + l] ^ B[b + l]) & M32;
            }
            case CVT_S64_S32, CVT_S32_64 -> {
                for (int l = 0; l < 32; l++) T[t + l] = (int) A[a + l];
            }
            case CVT_U64_U32, CVT_32_64 -> {
                for (int l = 0; l < 32; l++) T[t + l] = A[a + l] & M32;
            }
            case SELP -> {
                for (int l = 0; l < 32; l++) T[t + l] = (C[c + l] & 1) != 0 ? A[a + l] : B[b + l];
            }
            default -> {
                for (int l = 0; l < 32; l++) T[t + l] = one(op, A[a + l], B[b + l], C[c + l]);
            }
        }
        if (exec != -1) {
            for (int m = exec; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                R[d + l] = T[l];
            }
        }
    }

    private static long one(int op, long x, long y, long z) {
        switch (op) {
            case SHL64:
                return (y & M32) >= 64 ? 0 : x << y;
            case SHRU64:
                return (y & M32) >= 64 ? 0 : x >>> y;
            case SHRS64:
                return x >> Math.min(y & M32, 63);
            case SHL32:
                return (y & M32) >= 32 ? 0 : (x << y) & M32;
            case SHRU32:
                return (y & M32) >= 32 ? 0 : (x & M32) >>> y;
            case SHRS32:
                return (int) x >> (int) Math.min(y & M32, 31);
            case FADD64:
                return Alu.d64(Double.longBitsToDouble(x) + Double.longBitsToDouble(y), 0);
            case FSUB64:
                return Alu.d64(Double.longBitsToDouble(x) - Double.longBitsToDouble(y), 0);
            case FMUL64:
                return Alu.d64(Double.longBitsToDouble(x) * Double.longBitsToDouble(y), 0);
            case FFMA64:
                return Alu.d64(
                        Math.fma(Double.longBitsToDouble(x), Double.longBitsToDouble(y), Double.longBitsToDouble(z)),
                        0);
            default:
                throw new IllegalStateException("fast op " + op);
        }
    }

    /** setp on integers: whether each comparison holds for less (bit 0), equal (bit 1), greater (bit 2). */
    static int cmpTable(int op) {
        return switch (op) {
            case Alu.EQ -> 0b010;
            case Alu.NE -> 0b101;
            case Alu.LT, Alu.LO -> 0b001;
            case Alu.LE, Alu.LS -> 0b011;
            case Alu.GT, Alu.HI -> 0b100;
            case Alu.GE, Alu.HS -> 0b110;
            default -> -1;
        };
    }
}
