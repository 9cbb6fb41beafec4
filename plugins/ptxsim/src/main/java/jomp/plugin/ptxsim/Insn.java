package jomp.plugin.ptxsim;

/**
 * One decoded instruction: what the executor needs without looking at text again. Register
 * operands are slots of the function's frame; other sources are immediates (a value the lanes
 * share), special registers, or frame-relative local addresses. Plain mutable fields, filled by
 * the {@link Decoder} once.
 */
final class Insn {
    // execution classes
    static final int ALU = 1,
            SETP = 2,
            MOV_PACK = 3,
            MOV_UNPACK = 4,
            CARRY = 5,
            LD = 6,
            ST = 7,
            ATOM = 8,
            CVTA = 9,
            ISSPACEP = 10,
            BRA = 11,
            BRX = 12,
            CALL = 13,
            RET = 14,
            EXIT = 15,
            TRAP = 16,
            BAR = 17,
            BAR_WARP = 18,
            SHFL = 19,
            VOTE = 20,
            MATCH = 21,
            ACTIVEMASK = 22,
            NOP = 23,
            ALLOCA = 24,
            STACKSAVE = 25,
            STACKRESTORE = 26,
            MOV = 27;

    // source kinds
    static final byte K_NONE = 0, K_REG = 1, K_IMM = 2, K_SREG = 3, K_LOCAL = 4;

    // state spaces of memory instructions
    static final int S_GENERIC = 0, S_GLOBAL = 1, S_SHARED = 2, S_LOCAL = 3, S_PARAM = 4, S_CONST = 5;
    int op, sub, type = PtxType.NONE, type2 = PtxType.NONE, flags, mode;
    /** The executor's fast loop for this instruction (FastOps), 0 for none; for setp on integers its outcome table. */
    int fast;
    /** A fourth immediate (bfi's length, lop3's table). */
    long imm4;

    int guard = -1;
    boolean guardNeg;

    /** Destination slots (-1: none or the sink {@code _}); {@code dv} for vectors. */
    int d = -1, d2 = -1;

    int[] dv;

    /** Sources a, b, c: kind and slot/special-register id, or an immediate's value. */
    byte ka, kb, kc;

    int a, b, c;
    long ia, ib, ic;
    /** The 32-lane arrays of immediate sources (the executor reads every source as array + offset). */
    long[] xa, xb, xc;

    long[][] xv;
    /** Vector sources (st.v2, mov pack). */
    byte[] svk;

    int[] sv;
    long[] svi;

    // memory: the address is source a plus off
    int space;
    long off;
    int vec = 1;
    boolean isVolatile;

    // control
    int target = -1;
    int[] targets;
    /** Calls: the callee (null for indirect: source a), where the arguments and the result are in the caller's frame. */
    Decoder.Function callee;

    int[] argOff;
    int retOff = -1;
    /** Setp's combining: 0 none, else AND/OR/XOR with the predicate c (possibly negated). */
    int boolOp;

    boolean negC;

    /** The function the instruction belongs to, its registers (for calls), and where it came from. */
    Decoder.Function fn;

    int line;
    String text;

    @Override
    public String toString() {
        return text + " (line " + line + ")";
    }
}
