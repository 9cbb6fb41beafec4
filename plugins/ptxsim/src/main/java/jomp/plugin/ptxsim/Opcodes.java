package jomp.plugin.ptxsim;

import static jomp.plugin.ptxsim.PtxType.*;

import java.util.List;
import jomp.plugin.ptxsim.PtxAst.Operand;

/**
 * Opcode and modifier interpretation: {@code base.mod.mod...} with its operands into an
 * {@link Insn}'s execution class, sub-operation, types and flags. An instruction the simulator
 * does not model decodes to a trap that reports it if it ever runs (code that is loaded but not
 * executed, such as a libdevice path for an unusual argument, costs nothing).
 */
final class Opcodes {
    private Opcodes() {}

    static final class Unsupported extends RuntimeException {
        Unsupported(String m) {
            super(m);
        }
    }

    static void decode(Decoder dc, Insn in, String base, List<String> mods, List<Operand> ops) {
        int type = lastType(mods);
        in.type = type;
        in.flags = flags(mods);
        switch (base) {
            case "mov" -> mov(dc, in, ops, type);
            case "ld", "ldu" -> load(dc, in, mods, ops);
            case "st" -> store(dc, in, mods, ops, type);
            case "atom", "red" -> atom(dc, in, base.equals("red"), mods, ops, type);
            case "cvta" -> cvta(dc, in, mods, ops);
            case "isspacep" -> isspacep(dc, in, mods, ops);
            case "bra" -> {
                in.op = Insn.BRA;
                dc.branchTo(in, name(ops.get(0), in, dc));
            }
            case "brx" -> {
                in.op = Insn.BRX;
                dc.src(in, 0, ops.get(0), U32);
                dc.tableOf(in, name(ops.get(1), in, dc));
            }
            case "call" -> call(dc, in, ops);
            case "ret" -> in.op = Insn.RET;
            case "exit" -> in.op = Insn.EXIT;
            case "trap", "brkpt" -> in.op = base.equals("trap") ? Insn.TRAP : Insn.NOP;
            case "bar", "barrier" -> barrier(dc, in, base, mods, ops);
            case "membar",
                    "fence",
                    "prefetch",
                    "prefetchu",
                    "nanosleep",
                    "griddepcontrol",
                    "discard",
                    "applypriority",
                    "pmevent" -> {
                in.op = Insn.NOP;
                in.type = NONE;
            }
            case "shfl" -> shfl(dc, in, mods, ops);
            case "vote" -> vote(dc, in, mods, ops);
            case "match" -> match(dc, in, mods, ops, type);
            case "activemask" -> {
                in.op = Insn.ACTIVEMASK;
                in.d = dc.dst(ops.get(0), in.line);
            }
            case "alloca" -> alloca(dc, in, ops);
            case "stacksave" -> {
                in.op = Insn.STACKSAVE;
                in.d = dc.dst(ops.get(0), in.line);
            }
            case "stackrestore" -> {
                in.op = Insn.STACKRESTORE;
                dc.src(in, 0, ops.get(0), U64);
            }
            default -> arithmetic(dc, in, base, mods, ops, type);
        }
    }

    /** The instructions the ALU executes ({@link Insn#ALU}, sub-operations of {@link Alu}). */
    private static void arithmetic(Decoder dc, Insn in, String base, List<String> mods, List<Operand> ops, int type) {
        switch (base) {
            case "cvt" -> cvt(dc, in, mods, ops);
            case "setp" -> setp(dc, in, mods, ops, type);
            case "set" -> set(dc, in, mods, ops);
            case "selp" -> alu(dc, in, Alu.SELP, ops, type);
            case "slct" -> {
                List<Integer> types = types(mods);
                in.type = types.get(0);
                in.type2 = types.get(1);
                alu(dc, in, Alu.SLCT, ops, in.type);
            }
            case "add", "sub", "addc", "subc" -> addSub(dc, in, base, mods, ops, type);
            case "mul" -> {
                int sub = isFloat(type)
                        ? Alu.MUL_LO
                        : mods.contains("hi") ? Alu.MUL_HI : mods.contains("wide") ? Alu.MUL_WIDE : Alu.MUL_LO;
                alu(dc, in, sub, ops, type);
            }
            case "mad", "madc" -> mad(dc, in, base, mods, ops, type);
            case "mul24" -> alu(dc, in, mods.contains("hi") ? Alu.MUL24_HI : Alu.MUL24_LO, ops, type);
            case "mad24" -> {
                if (mods.contains("hi")) throw new Unsupported("mad24.hi");
                alu(dc, in, Alu.MAD24_LO, ops, type);
            }
            case "sad" -> alu(dc, in, Alu.SAD, ops, type);
            case "div" -> alu(dc, in, Alu.DIV, ops, type);
            case "rem" -> alu(dc, in, Alu.REM, ops, type);
            case "abs" -> alu(dc, in, Alu.ABS, ops, type);
            case "neg" -> alu(dc, in, Alu.NEG, ops, type);
            case "min" -> alu(dc, in, Alu.MIN, ops, type);
            case "max" -> alu(dc, in, Alu.MAX, ops, type);
            case "popc" -> alu(dc, in, Alu.POPC, ops, type);
            case "clz" -> alu(dc, in, Alu.CLZ, ops, type);
            case "bfind" -> alu(dc, in, mods.contains("shiftamt") ? Alu.BFIND_SHIFT : Alu.BFIND, ops, type);
            case "brev" -> alu(dc, in, Alu.BREV, ops, type);
            case "bfe" -> alu(dc, in, Alu.BFE, ops, type);
            case "bfi" -> {
                alu(dc, in, Alu.BFI, ops.subList(0, 4), type);
                if (!(ops.get(4) instanceof Operand.Imm len)) throw new Unsupported("bfi with a register length");
                in.imm4 = len.bits();
            }
            case "and" -> alu(dc, in, Alu.AND, ops, type);
            case "or" -> alu(dc, in, Alu.OR, ops, type);
            case "xor" -> alu(dc, in, Alu.XOR, ops, type);
            case "not" -> alu(dc, in, Alu.NOT, ops, type);
            case "cnot" -> alu(dc, in, Alu.CNOT, ops, type);
            case "shl" -> alu(dc, in, Alu.SHL, ops, type);
            case "shr" -> alu(dc, in, Alu.SHR, ops, type);
            case "shf" -> {
                if (mods.contains("clamp")) in.flags |= Alu.CLAMP;
                alu(dc, in, mods.contains("l") ? Alu.SHF_L : Alu.SHF_R, ops, B32);
            }
            case "prmt" -> {
                in.mode = prmtMode(mods);
                alu(dc, in, Alu.PRMT, ops, B32);
            }
            case "lop3" -> {
                alu(dc, in, Alu.LOP3, ops.subList(0, 4), type);
                if (!(ops.get(4) instanceof Operand.Imm lut)) throw new Unsupported("lop3 with a register table");
                in.imm4 = lut.bits();
            }
            case "fma" -> alu(dc, in, Alu.FMA, ops, type);
            case "rcp" -> alu(dc, in, Alu.RCP, ops, type);
            case "sqrt" -> alu(dc, in, Alu.SQRT, ops, type);
            case "rsqrt" -> alu(dc, in, Alu.RSQRT, ops, type);
            case "sin" -> alu(dc, in, Alu.SIN, ops, type);
            case "cos" -> alu(dc, in, Alu.COS, ops, type);
            case "lg2" -> alu(dc, in, Alu.LG2, ops, type);
            case "ex2" -> alu(dc, in, Alu.EX2, ops, type);
            case "tanh" -> alu(dc, in, Alu.TANH, ops, type);
            case "copysign" -> alu(dc, in, Alu.COPYSIGN, ops, type);
            case "testp" -> testp(dc, in, mods, ops, type);
            case "fns" -> alu(dc, in, Alu.FNS, ops, B32);
            case "dp4a" -> dp4a(dc, in, mods, ops);
            default -> throw new Unsupported("instruction " + base + " is not simulated");
        }
    }

    // ---- helpers -----------------------------------------------------------------------------

    static int lastType(List<String> mods) {
        for (int i = mods.size() - 1; i >= 0; i--) {
            int t = PtxType.of(mods.get(i));
            if (t != NONE) return t;
        }
        return NONE;
    }

    static List<Integer> types(List<String> mods) {
        List<Integer> out = new java.util.ArrayList<>();
        for (String m : mods) {
            int t = PtxType.of(m);
            if (t != NONE) out.add(t);
        }
        return out;
    }

    private static int wide(int t) {
        return switch (t) {
            case S16 -> S32;
            case U16 -> U32;
            case S32 -> S64;
            default -> U64;
        };
    }

    static int flags(List<String> mods) {
        int f = 0;
        for (String m : mods) {
            switch (m) {
                case "rn" -> f |= Alu.RN;
                case "rz" -> f |= Alu.RZ;
                case "rm" -> f |= Alu.RM;
                case "rp" -> f |= Alu.RP;
                case "rni" -> f |= Alu.RN | Alu.INT_ROUND;
                case "rzi" -> f |= Alu.RZ | Alu.INT_ROUND;
                case "rmi" -> f |= Alu.RM | Alu.INT_ROUND;
                case "rpi" -> f |= Alu.RP | Alu.INT_ROUND;
                case "ftz" -> f |= Alu.FTZ;
                case "sat" -> f |= Alu.SAT;
                case "approx" -> f |= Alu.APPROX;
                default -> {}
            }
        }
        return f;
    }

    static int space(List<String> mods) {
        for (String m : mods) {
            switch (m) {
                case "global":
                    return Insn.S_GLOBAL;
                case "shared":
                    return Insn.S_SHARED;
                case "local":
                    return Insn.S_LOCAL;
                case "param":
                    return Insn.S_PARAM;
                case "const":
                    return Insn.S_CONST;
                default:
                    break;
            }
        }
        return Insn.S_GENERIC;
    }

    private static int cmpOf(List<String> mods) {
        for (String m : mods) {
            int c = Alu.cmp(m);
            if (c >= 0) return c;
        }
        throw new Unsupported("comparison without an operator");
    }

    private static int boolOp(List<String> mods) {
        if (mods.contains("and")) return Alu.AND;
        if (mods.contains("or")) return Alu.OR;
        if (mods.contains("xor")) return Alu.XOR;
        return 0;
    }

    private static int prmtMode(List<String> mods) {
        for (String m : mods) {
            switch (m) {
                case "f4e":
                    return 1;
                case "b4e":
                    return 2;
                case "rc8":
                    return 3;
                case "ecl":
                    return 4;
                case "ecr":
                    return 5;
                case "rc16":
                    return 6;
                default:
                    break;
            }
        }
        return 0;
    }

    private static String name(Operand o, Insn in, Decoder dc) {
        if (o instanceof Operand.Name n) return n.name();
        throw dc.fail(in, "expected a label");
    }

    /** d = op(a [, b [, c]]): sources after the destination; b and c get type t2 where the op says so. */
    private static void alu(Decoder dc, Insn in, int sub, List<Operand> ops, int t) {
        in.op = Insn.ALU;
        in.sub = sub;
        in.type = t;
        in.d = dc.dst(ops.get(0), in.line);
        int n = ops.size() - 1;
        int srcType = t;
        if (n >= 1) dc.src(in, 0, ops.get(1), srcType);
        if (n >= 2) dc.src(in, 1, ops.get(2), sub == Alu.SHL || sub == Alu.SHR || sub == Alu.BFE ? U32 : srcType);
        if (n >= 3)
            dc.src(
                    in,
                    2,
                    ops.get(3),
                    sub == Alu.SELP
                            ? PRED
                            : sub == Alu.SLCT
                                    ? in.type2
                                    : sub == Alu.BFE || sub == Alu.BFI ? U32 : sub == Alu.MAD_WIDE ? wide(t) : srcType);
        if (sub == Alu.MAD_WIDE || sub == Alu.MUL_WIDE) in.type = t;
    }

    private static void carry(
            Decoder dc, Insn in, int sub, boolean carryIn, boolean carryOut, List<Operand> ops, int t) {
        in.op = Insn.CARRY;
        in.sub = sub;
        in.type = t;
        in.mode = (carryIn ? 1 : 0) | (carryOut ? 2 : 0);
        in.d = dc.dst(ops.get(0), in.line);
        dc.src(in, 0, ops.get(1), t);
        dc.src(in, 1, ops.get(2), t);
        if (ops.size() > 3) dc.src(in, 2, ops.get(3), t);
    }

    private static void mov(Decoder dc, Insn in, List<Operand> ops, int type) {
        Operand d = ops.get(0), s = ops.get(1);
        if (d instanceof Operand.Vec v) { // mov.b64 {lo, hi}, x
            in.op = Insn.MOV_UNPACK;
            in.dv = new int[v.items().size()];
            for (int i = 0; i < in.dv.length; i++) in.dv[i] = dc.dst(v.items().get(i), in.line);
            dc.src(in, 0, s, type);
            return;
        }
        in.d = dc.dst(d, in.line);
        if (s instanceof Operand.Vec v) { // mov.b64 x, {lo, hi}
            in.op = Insn.MOV_PACK;
            vectorSources(dc, in, v, B32);
            return;
        }
        in.op = Insn.MOV;
        in.sub = Alu.MOV;
        dc.src(in, 0, s, type);
    }

    private static void vectorSources(Decoder dc, Insn in, Operand.Vec v, int type) {
        int n = v.items().size();
        in.svk = new byte[n];
        in.sv = new int[n];
        in.svi = new long[n];
        for (int i = 0; i < n; i++) {
            Insn t = new Insn();
            t.line = in.line;
            dc.src(t, 0, v.items().get(i), type);
            in.svk[i] = t.ka;
            in.sv[i] = t.a;
            in.svi[i] = t.ia;
        }
    }

    private static int vec(List<String> mods) {
        if (mods.contains("v2")) return 2;
        if (mods.contains("v4")) return 4;
        if (mods.contains("v8")) return 8;
        return 1;
    }

    /** The address operand [base+off]: base into source a (generic symbols as generic addresses). */
    private static void address(Decoder dc, Insn in, Operand o) {
        if (!(o instanceof Operand.Addr a)) {
            if (o instanceof Operand.Name n) {
                dc.srcGeneric(in, 0, n, U64, in.space == Insn.S_GENERIC);
                return;
            }
            throw dc.fail(in, "expected an address");
        }
        in.off = a.offset();
        if (a.base() == null) {
            in.ka = Insn.K_IMM;
            in.ia = 0;
            return;
        }
        dc.srcGeneric(in, 0, a.base(), U64, in.space == Insn.S_GENERIC);
        if (in.ka == Insn.K_IMM) { // a symbol: its address is a constant
            in.ia += in.off;
            in.off = 0;
        }
    }

    private static void load(Decoder dc, Insn in, List<String> mods, List<Operand> ops) {
        in.op = Insn.LD;
        in.space = space(mods);
        in.vec = vec(mods);
        in.isVolatile = mods.contains("volatile") || mods.contains("relaxed") || mods.contains("acquire");
        if (ops.get(0) instanceof Operand.Vec v) {
            in.dv = new int[v.items().size()];
            for (int i = 0; i < in.dv.length; i++) in.dv[i] = dc.dst(v.items().get(i), in.line);
        } else {
            in.d = dc.dst(ops.get(0), in.line);
        }
        address(dc, in, ops.get(1));
    }

    private static void store(Decoder dc, Insn in, List<String> mods, List<Operand> ops, int type) {
        in.op = Insn.ST;
        in.space = space(mods);
        in.vec = vec(mods);
        in.isVolatile = mods.contains("volatile") || mods.contains("relaxed") || mods.contains("release");
        address(dc, in, ops.get(0));
        if (ops.get(1) instanceof Operand.Vec v) vectorSources(dc, in, v, type);
        else dc.src(in, 1, ops.get(1), type);
    }

    // atomic operations
    static final int A_ADD = 0,
            A_MIN = 1,
            A_MAX = 2,
            A_INC = 3,
            A_DEC = 4,
            A_AND = 5,
            A_OR = 6,
            A_XOR = 7,
            A_EXCH = 8,
            A_CAS = 9;

    private static void atom(Decoder dc, Insn in, boolean red, List<String> mods, List<Operand> ops, int type) {
        in.op = Insn.ATOM;
        in.space = space(mods);
        in.sub = -1;
        for (String m : mods) {
            switch (m) {
                case "add" -> in.sub = A_ADD;
                case "min" -> in.sub = A_MIN;
                case "max" -> in.sub = A_MAX;
                case "inc" -> in.sub = A_INC;
                case "dec" -> in.sub = A_DEC;
                case "and" -> in.sub = A_AND;
                case "or" -> in.sub = A_OR;
                case "xor" -> in.sub = A_XOR;
                case "exch" -> in.sub = A_EXCH;
                case "cas" -> in.sub = A_CAS;
                default -> {}
            }
        }
        if (in.sub < 0) throw new Unsupported("atom without an operation");
        if (vec(mods) > 1 || type == F16 || type == BF16 || type == F16X2 || type == BF16X2 || type == B128)
            throw new Unsupported("atom." + PtxType.name(type));
        int i = 0;
        if (!red) in.d = dc.dst(ops.get(i++), in.line);
        address(dc, in, ops.get(i++));
        dc.src(in, 1, ops.get(i++), type);
        if (in.sub == A_CAS) dc.src(in, 2, ops.get(i), type);
    }

    private static void setp(Decoder dc, Insn in, List<String> mods, List<Operand> ops, int type) {
        in.op = Insn.SETP;
        in.sub = Alu.SETP;
        in.mode = cmpOf(mods);
        in.boolOp = boolOp(mods);
        dests(dc, in, ops.get(0));
        dc.src(in, 0, ops.get(1), type);
        dc.src(in, 1, ops.get(2), type);
        if (ops.size() > 3) {
            Operand c = ops.get(3);
            if (c instanceof Operand.Not n) {
                in.negC = true;
                c = n.name();
            }
            dc.src(in, 2, c, PRED);
        }
    }

    /** A destination that may be a pair {@code d|p}. */
    private static void dests(Decoder dc, Insn in, Operand o) {
        if (o instanceof Operand.Pair p) {
            in.d = dc.dst(p.first(), in.line);
            in.d2 = dc.dst(p.second(), in.line);
        } else {
            in.d = dc.dst(o, in.line);
        }
    }

    private static void call(Decoder dc, Insn in, List<Operand> ops) {
        in.op = Insn.CALL;
        int i = 0;
        if (ops.get(0) instanceof Operand.Group g) { // the result
            if (g.items().size() > 1) throw dc.fail(in, "calls with several results are not supported");
            if (!g.items().isEmpty()) in.retOff = paramOffset(dc, in, g.items().get(0));
            i++;
        }
        Operand target = ops.get(i++);
        if (!(target instanceof Operand.Name n)) throw dc.fail(in, "expected a function");
        int reg = dc.regOrMinus(n.name());
        if (reg >= 0) {
            in.ka = Insn.K_REG;
            in.a = reg;
        } else {
            Decoder.Symbol s = dc.symbol(n.name());
            if (s == null || s.function() == null) throw dc.fail(in, "call of unknown function " + n.name());
            in.callee = s.function();
        }
        in.argOff = new int[0];
        if (i < ops.size() && ops.get(i) instanceof Operand.Group args) {
            in.argOff = new int[args.items().size()];
            for (int k = 0; k < in.argOff.length; k++)
                in.argOff[k] = paramOffset(dc, in, args.items().get(k));
        }
    }

    private static int paramOffset(Decoder dc, Insn in, Operand o) {
        if (o instanceof Operand.Name n) {
            Long off = dc.localOffset(n.name());
            if (off != null) return (int) (long) off;
        }
        throw dc.fail(in, "call arguments must be .param variables: " + o);
    }

    private static void barrier(Decoder dc, Insn in, String base, List<String> mods, List<Operand> ops) {
        if (mods.contains("warp")) { // bar.warp.sync mask
            in.op = Insn.BAR_WARP;
            dc.src(in, 0, ops.get(0), B32);
            return;
        }
        in.op = Insn.BAR;
        if (mods.contains("red")) throw new Unsupported("bar.red");
        in.mode = mods.contains("arrive") ? 1 : 0;
        // bar.sync is barrier.sync.aligned: every thread of a warp reaches the same instruction
        in.flags = base.equals("bar") || mods.contains("aligned") ? 1 : 0;
        dc.src(in, 0, ops.isEmpty() ? new Operand.Imm(0, PtxAst.ImmKind.INT) : ops.get(0), U32);
        if (ops.size() > 1) dc.src(in, 1, ops.get(1), U32);
    }

    private static void shfl(Decoder dc, Insn in, List<String> mods, List<Operand> ops) {
        in.op = Insn.SHFL;
        in.mode = mods.contains("up") ? 0 : mods.contains("down") ? 1 : mods.contains("bfly") ? 2 : 3;
        dests(dc, in, ops.get(0));
        dc.src(in, 0, ops.get(1), B32);
        dc.src(in, 1, ops.get(2), B32);
        dc.src(in, 2, ops.get(3), B32);
        if (ops.size() > 4) { // shfl.sync: the member mask
            Insn t = new Insn();
            t.line = in.line;
            dc.src(t, 0, ops.get(4), B32);
            in.svk = new byte[] {t.ka};
            in.sv = new int[] {t.a};
            in.svi = new long[] {t.ia};
        } else {
            in.svk = new byte[] {Insn.K_IMM};
            in.sv = new int[] {0};
            in.svi = new long[] {-1};
        }
    }

    private static void cvta(Decoder dc, Insn in, List<String> mods, List<Operand> ops) {
        in.op = Insn.CVTA;
        in.mode = mods.contains("to") ? 1 : 0;
        in.space = space(mods);
        in.d = dc.dst(ops.get(0), in.line);
        // cvta.shared d, sym: the symbol's address in its space, then made generic
        dc.src(in, 0, ops.get(1), U64);
    }

    private static void isspacep(Decoder dc, Insn in, List<String> mods, List<Operand> ops) {
        in.op = Insn.ISSPACEP;
        in.space = space(mods);
        in.d = dc.dst(ops.get(0), in.line);
        dc.srcGeneric(in, 0, ops.get(1), U64, true);
    }

    private static void cvt(Decoder dc, Insn in, List<String> mods, List<Operand> ops) {
        List<Integer> types = types(mods);
        if (types.size() != 2) throw new Unsupported("cvt needs two types");
        in.op = Insn.ALU;
        in.sub = Alu.CVT;
        in.type = types.get(0);
        in.type2 = types.get(1);
        in.d = dc.dst(ops.get(0), in.line);
        dc.src(in, 0, ops.get(1), in.type2);
    }

    private static void set(Decoder dc, Insn in, List<String> mods, List<Operand> ops) {
        List<Integer> types = types(mods);
        in.op = Insn.ALU;
        in.sub = Alu.SET;
        in.type = types.get(0);
        in.type2 = types.get(1);
        in.mode = cmpOf(mods);
        if (ops.size() > 3 || boolOp(mods) != 0) throw new Unsupported("set with a predicate operand");
        in.d = dc.dst(ops.get(0), in.line);
        dc.src(in, 0, ops.get(1), in.type2);
        dc.src(in, 1, ops.get(2), in.type2);
    }

    private static void addSub(Decoder dc, Insn in, String base, List<String> mods, List<Operand> ops, int type) {
        boolean carry = base.endsWith("c") || mods.contains("cc");
        if (carry && !isFloat(type)) {
            carry(
                    dc,
                    in,
                    base.startsWith("add") ? Alu.ADD : Alu.SUB,
                    base.endsWith("c"),
                    mods.contains("cc"),
                    ops,
                    type);
        } else {
            alu(dc, in, base.startsWith("add") ? Alu.ADD : Alu.SUB, ops, type);
        }
    }

    private static void mad(Decoder dc, Insn in, String base, List<String> mods, List<Operand> ops, int type) {
        boolean carry = base.equals("madc") || mods.contains("cc");
        int sub = isFloat(type)
                ? Alu.FMA
                : mods.contains("hi")
                        ? (mods.contains("sat") ? Alu.MAD_HI_SAT : Alu.MAD_HI)
                        : mods.contains("wide") ? Alu.MAD_WIDE : Alu.MAD_LO;
        if (carry) carry(dc, in, sub, base.equals("madc"), mods.contains("cc"), ops, type);
        else alu(dc, in, sub, ops, type);
    }

    private static void testp(Decoder dc, Insn in, List<String> mods, List<Operand> ops, int type) {
        in.mode = switch (mods.get(0)) {
            case "finite" -> Alu.T_FINITE;
            case "infinite" -> Alu.T_INFINITE;
            case "number" -> Alu.T_NUMBER;
            case "notanumber" -> Alu.T_NOTANUMBER;
            case "normal" -> Alu.T_NORMAL;
            case "subnormal" -> Alu.T_SUBNORMAL;
            default -> throw new Unsupported("testp." + mods.get(0));
        };
        alu(dc, in, Alu.TESTP, ops, type);
    }

    private static void dp4a(Decoder dc, Insn in, List<String> mods, List<Operand> ops) {
        List<Integer> types = types(mods);
        if (isSigned(types.get(0))) in.flags |= Alu.SIGNED_B;
        if (isSigned(types.get(1))) in.flags |= Alu.SIGNED_C;
        alu(dc, in, Alu.DP4A, ops, types.get(0));
    }

    private static void vote(Decoder dc, Insn in, List<String> mods, List<Operand> ops) {
        in.op = Insn.VOTE;
        in.mode = mods.contains("all") ? 0 : mods.contains("any") ? 1 : mods.contains("uni") ? 2 : 3;
        in.d = dc.dst(ops.get(0), in.line);
        dc.src(in, 0, ops.get(1), PRED);
        if (ops.size() > 2) dc.src(in, 1, ops.get(2), B32);
        else dc.src(in, 1, new Operand.Imm(-1, PtxAst.ImmKind.INT), B32);
    }

    private static void match(Decoder dc, Insn in, List<String> mods, List<Operand> ops, int type) {
        in.op = Insn.MATCH;
        in.mode = mods.contains("all") ? 0 : 1;
        dests(dc, in, ops.get(0));
        dc.src(in, 0, ops.get(1), type);
        dc.src(in, 1, ops.get(2), B32);
    }

    private static void alloca(Decoder dc, Insn in, List<Operand> ops) {
        in.op = Insn.ALLOCA;
        in.d = dc.dst(ops.get(0), in.line);
        dc.src(in, 0, ops.get(1), U64);
        in.imm4 = ops.size() > 2 && ops.get(2) instanceof Operand.Imm al ? al.bits() : 8;
    }
}
