package jomp.plugin.ptxsim;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.plugin.ptxsim.PtxAst.*;

/**
 * Turns a function's statements into {@link Insn}s appended to the program's code: registers
 * become frame slots (slot 0 holds the frame's local-memory base; a declared register gets a
 * slot when it is first used, so {@code %r<300>} costs only what the body touches), labels
 * become code indexes, {@code .local} and {@code .param} variables become offsets in the
 * frame's local memory (a nested scope's variables reuse the space of a closed sibling scope),
 * and each opcode's modifiers become the executor's operation, type and flags.
 */
final class Decoder {
    /** Special registers, read through source kind K_SREG. */
    static final int SR_TID_X = 0,
            SR_TID_Y = 1,
            SR_TID_Z = 2,
            SR_NTID_X = 3,
            SR_NTID_Y = 4,
            SR_NTID_Z = 5,
            SR_CTAID_X = 6,
            SR_CTAID_Y = 7,
            SR_CTAID_Z = 8,
            SR_NCTAID_X = 9,
            SR_NCTAID_Y = 10,
            SR_NCTAID_Z = 11,
            SR_LANEID = 12,
            SR_WARPID = 13,
            SR_NWARPID = 14,
            SR_SMID = 15,
            SR_NSMID = 16,
            SR_GRIDID = 17,
            SR_LANEMASK_EQ = 18,
            SR_LANEMASK_LE = 19,
            SR_LANEMASK_LT = 20,
            SR_LANEMASK_GE = 21,
            SR_LANEMASK_GT = 22,
            SR_CLOCK = 23,
            SR_CLOCK64 = 24,
            SR_GLOBALTIMER = 25,
            SR_GLOBALTIMER_LO = 26,
            SR_GLOBALTIMER_HI = 27,
            SR_DYN_SMEM = 28,
            SR_TOTAL_SMEM = 29,
            SR_ZERO = 30,
            SR_COUNT = 31;

    private static final Map<String, Integer> SREGS = new HashMap<>();

    static {
        String[] xyz = {"x", "y", "z"};
        String[] names = {"%tid", "%ntid", "%ctaid", "%nctaid"};
        for (int i = 0; i < names.length; i++)
            for (int k = 0; k < 3; k++) SREGS.put(names[i] + "." + xyz[k], i * 3 + k);
        SREGS.put("%laneid", SR_LANEID);
        SREGS.put("%warpid", SR_WARPID);
        SREGS.put("%nwarpid", SR_NWARPID);
        SREGS.put("%smid", SR_SMID);
        SREGS.put("%nsmid", SR_NSMID);
        SREGS.put("%gridid", SR_GRIDID);
        SREGS.put("%lanemask_eq", SR_LANEMASK_EQ);
        SREGS.put("%lanemask_le", SR_LANEMASK_LE);
        SREGS.put("%lanemask_lt", SR_LANEMASK_LT);
        SREGS.put("%lanemask_ge", SR_LANEMASK_GE);
        SREGS.put("%lanemask_gt", SR_LANEMASK_GT);
        SREGS.put("%clock", SR_CLOCK);
        SREGS.put("%clock64", SR_CLOCK64);
        SREGS.put("%globaltimer", SR_GLOBALTIMER);
        SREGS.put("%globaltimer_lo", SR_GLOBALTIMER_LO);
        SREGS.put("%globaltimer_hi", SR_GLOBALTIMER_HI);
        SREGS.put("%dynamic_smem_size", SR_DYN_SMEM);
        SREGS.put("%total_smem_size", SR_TOTAL_SMEM);
        for (int i = 0; i < 32; i++) SREGS.put("%envreg" + i, SR_ZERO);
        for (int i = 0; i < 8; i++) SREGS.put("%pm" + i, SR_ZERO);
    }

    static String sregName(int id) {
        for (var e : SREGS.entrySet()) if (e.getValue() == id) return e.getKey();
        return "%sreg" + id;
    }

    /** A function of the program: its code range, frame layout, and for externs the built-in that implements it. */
    static final class Function {
        final String name;
        final boolean entry;
        final int index;
        final PtxAst.Func ast;
        final Scope scope;
        int nregs = 1;
        int localSize;
        int entryPc = -1;
        int[] paramOff, paramSize;
        int retOff = -1, retSize;
        Builtins.Kind builtin;
        long address;

        Function(String name, boolean entry, int index, PtxAst.Func ast, Scope scope) {
            this.name = name;
            this.entry = entry;
            this.index = index;
            this.ast = ast;
            this.scope = scope;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** What a module-level name denotes, for one module (its own internal symbols first). */
    interface Scope {
        /** A global/const variable's address, a shared variable's offset, a function; null when unknown. */
        Symbol lookup(String name);
    }

    record Symbol(Space space, long value, Function function) {}

    private final List<Insn> code;
    private final Map<Long, long[]> immediates;
    private final Function fn;

    // per-function state
    private final Deque<Map<String, Integer>> regScopes = new ArrayDeque<>(); // name -> -1 declared, else slot
    private final Deque<Map<String, Long>> localScopes = new ArrayDeque<>(); // name -> frame offset
    private final Deque<Integer> localTops = new ArrayDeque<>();
    private final Map<String, Integer> labels = new HashMap<>();
    private final Map<String, List<String>> tables = new HashMap<>();
    private final List<Object[]> patches = new ArrayList<>(); // {Insn, label} or {Insn, table}
    private int localTop;

    private Decoder(List<Insn> code, Map<Long, long[]> immediates, Function fn) {
        this.code = code;
        this.immediates = immediates;
        this.fn = fn;
    }

    /** Decodes a defined function's body into {@code code}; sets its layout and entry. */
    static void decode(Function f, List<Insn> code, Map<Long, long[]> immediates) {
        new Decoder(code, immediates, f).body();
    }

    private RuntimeException error(int line, String message) {
        return new PtxLexer.PtxSyntaxError(line, fn.name + ": " + message);
    }

    private void body() {
        Func ast = fn.ast;
        regScopes.push(new HashMap<>());
        localScopes.push(new HashMap<>());
        // formal parameters, then the return value, at the bottom of the frame
        fn.paramOff = new int[ast.params().size()];
        fn.paramSize = new int[ast.params().size()];
        for (int i = 0; i < ast.params().size(); i++) {
            Param p = ast.params().get(i);
            fn.paramOff[i] = allocLocal(p.name(), p.size(), Math.max(p.alignment(), 1));
            fn.paramSize[i] = p.size();
        }
        if (!ast.returns().isEmpty()) {
            Param r = ast.returns().get(0);
            fn.retOff = allocLocal(r.name(), r.size(), Math.max(r.alignment(), 1));
            fn.retSize = r.size();
        }
        fn.entryPc = code.size();
        for (Stmt s : ast.body()) {
            switch (s) {
                case Label l -> labels.put(l.name(), code.size());
                case Targets t -> tables.put(t.name(), t.labels());
                case Prototype p -> {}
                case Open o -> {
                    regScopes.push(new HashMap<>());
                    localScopes.push(new HashMap<>());
                    localTops.push(localTop);
                }
                case Close c -> {
                    regScopes.pop();
                    localScopes.pop();
                    localTop = localTops.pop();
                }
                case Decl d -> declare(d);
                case Instr in -> code.add(instruction(in));
            }
        }
        // falling off the end returns
        Insn ret = new Insn();
        ret.op = Insn.RET;
        ret.fn = fn;
        ret.line = ast.line();
        ret.text = "(end of " + fn.name + ")";
        code.add(ret);
        for (Object[] p : patches) {
            Insn in = (Insn) p[0];
            String name = (String) p[1];
            if (p.length == 2) {
                Integer pc = labels.get(name);
                if (pc == null) throw error(in.line, "unknown label " + name);
                in.target = pc;
            } else {
                List<String> t = tables.get(name);
                if (t == null) throw error(in.line, "unknown .branchtargets " + name);
                in.targets = new int[t.size()];
                for (int i = 0; i < t.size(); i++) {
                    Integer pc = labels.get(t.get(i));
                    if (pc == null) throw error(in.line, "unknown label " + t.get(i));
                    in.targets[i] = pc;
                }
            }
        }
        fn.localSize = Math.max(fn.localSize, localTop);
    }

    private int allocLocal(String name, long size, int align) {
        localTop = (localTop + align - 1) / align * align;
        int off = localTop;
        localTop += (int) Math.max(size, 0);
        fn.localSize = Math.max(fn.localSize, localTop);
        localScopes.peek().put(name, (long) off);
        return off;
    }

    private void declare(Decl d) {
        Var v = d.var();
        switch (v.space()) {
            case REG -> {
                for (int i = 0; i < d.names().size(); i++) {
                    String n = d.names().get(i);
                    int range = d.ranges().get(i);
                    if (range < 0) regScopes.peek().put(n, -1);
                    else for (int k = 0; k < range; k++) regScopes.peek().put(n + k, -1);
                }
            }
            case LOCAL, PARAM -> {
                for (String n : d.names()) allocLocal(n, v.size(), Math.max(v.alignment(), 1));
            }
            default -> {} // .shared/.global/.const: static storage the program laid out (Program.staticsOf)
        }
    }

    // ---- names -------------------------------------------------------------------------------

    /** The frame slot of a register name, or -1 when the name is not a register in scope. */
    private int reg(String name) {
        for (Map<String, Integer> m : regScopes) {
            Integer s = m.get(name);
            if (s == null) continue;
            if (s < 0) {
                s = fn.nregs++;
                m.put(name, s);
            }
            return s;
        }
        return -1;
    }

    private Long local(String name) {
        for (Map<String, Long> m : localScopes) {
            Long off = m.get(name);
            if (off != null) return off;
        }
        return null;
    }

    private int destReg(Operand o, int line) {
        if (o instanceof Operand.Sink) return -1;
        if (o instanceof Operand.Name n) {
            int s = reg(n.name());
            if (s >= 0) return s;
            throw error(line, "'" + n.name() + "' is not a register");
        }
        throw error(line, "expected a register destination");
    }

    private long[] imm(long v) {
        return immediates.computeIfAbsent(v, k -> {
            long[] a = new long[32];
            Arrays.fill(a, k);
            return a;
        });
    }

    /** A source operand's kind and value into one of the insn's a/b/c fields (which = 0, 1, 2). */
    private void source(Insn in, int which, Operand o, int type, boolean generic) {
        byte k;
        int slot = 0;
        long value = 0;
        switch (o) {
            case Operand.Imm i -> {
                k = Insn.K_IMM;
                value = immediateBits(i, type);
            }
            case Operand.Name n -> {
                int s = reg(n.name());
                if (s >= 0) {
                    k = Insn.K_REG;
                    slot = s;
                    break;
                }
                Integer sr = SREGS.get(n.name());
                if (sr != null) {
                    k = Insn.K_SREG;
                    slot = sr;
                    break;
                }
                if (n.name().equals("WARP_SZ")) {
                    k = Insn.K_IMM;
                    value = 32;
                    break;
                }
                Long off = local(n.name());
                if (off != null) {
                    k = Insn.K_LOCAL;
                    value = off + (generic ? Memory.LOCAL_WINDOW : 0);
                    break;
                }
                Symbol sym = fn.scope.lookup(n.name());
                if (sym == null) throw error(in.line, "unknown name '" + n.name() + "'");
                k = Insn.K_IMM;
                value = symbolValue(sym, generic);
            }
            case Operand.Addr a -> { // sym+offset as a value
                source(in, which, a.base(), type, generic);
                long add = a.offset();
                switch (which) {
                    case 0 -> {
                        if (in.ka == Insn.K_REG) throw error(in.line, "register+offset is not a value");
                        in.ia += add;
                    }
                    case 1 -> in.ib += add;
                    default -> in.ic += add;
                }
                return;
            }
            default -> throw error(in.line, "unexpected operand " + o);
        }
        switch (which) {
            case 0 -> {
                in.ka = k;
                in.a = slot;
                in.ia = value;
            }
            case 1 -> {
                in.kb = k;
                in.b = slot;
                in.ib = value;
            }
            default -> {
                in.kc = k;
                in.c = slot;
                in.ic = value;
            }
        }
    }

    static long symbolValue(Symbol sym, boolean generic) {
        if (sym.function() != null) return sym.function().address;
        if (sym.space() == Space.SHARED) return sym.value() + (generic ? Memory.SHARED_WINDOW : 0);
        return sym.value();
    }

    /** An immediate's bits as an operand of the type: float literals convert between f32 and f64 as needed. */
    private static long immediateBits(Operand.Imm i, int type) {
        switch (i.kind()) {
            case INT:
                if (type == PtxType.F32) return Float.floatToRawIntBits((float) i.bits()) & 0xFFFFFFFFL;
                if (type == PtxType.F64) return Double.doubleToRawLongBits((double) i.bits());
                return i.bits();
            case F32:
                if (type == PtxType.F64) return Double.doubleToRawLongBits(Float.intBitsToFloat((int) i.bits()));
                return i.bits();
            case F64:
                if (type == PtxType.F32)
                    return Float.floatToRawIntBits((float) Double.longBitsToDouble(i.bits())) & 0xFFFFFFFFL;
                return i.bits();
            default:
                double v = Double.longBitsToDouble(i.bits());
                if (type == PtxType.F32) return Float.floatToRawIntBits((float) v) & 0xFFFFFFFFL;
                if (type == PtxType.F64) return i.bits();
                return (long) v;
        }
    }

    // ---- instructions ------------------------------------------------------------------------

    private Insn instruction(Instr s) {
        Insn in = new Insn();
        in.fn = fn;
        in.line = s.line();
        in.text = s.text();
        if (s.guard() != null) {
            in.guard = reg(s.guard());
            if (in.guard < 0) throw error(s.line(), "'" + s.guard() + "' is not a predicate register");
            in.guardNeg = s.guardNeg();
        }
        String[] parts = s.opcode().split("\\.");
        String base = parts[0];
        List<String> mods = Arrays.asList(parts).subList(1, parts.length);
        List<Operand> ops = s.operands();
        try {
            Opcodes.decode(this, in, base, mods, ops);
        } catch (Opcodes.Unsupported e) {
            in.op = Insn.TRAP;
            in.mode = 1; // unsupported: an error if it ever runs
            in.text = s.text() + "  (" + e.getMessage() + ")";
        }
        if (in.op == Insn.MOV && in.ka == Insn.K_IMM)
            in.ia = PtxType.extend(in.type, in.ia); // moves copy bits: immediates in the type's form
        if (in.op == Insn.ALU || in.op == Insn.MOV) in.fast = FastOps.classify(in);
        if (in.op == Insn.SETP && PtxType.isInt(in.type)) in.fast = FastOps.cmpTable(in.mode);
        if (in.ka == Insn.K_IMM) in.xa = imm(in.ia);
        if (in.kb == Insn.K_IMM) in.xb = imm(in.ib);
        if (in.kc == Insn.K_IMM) in.xc = imm(in.ic);
        if (in.svk != null) {
            in.xv = new long[in.svk.length][];
            for (int i = 0; i < in.svk.length; i++) if (in.svk[i] == Insn.K_IMM) in.xv[i] = imm(in.svi[i]);
        }
        return in;
    }

    // accessors for Opcodes

    void src(Insn in, int which, Operand o, int type) {
        source(in, which, o, type, false);
    }

    void srcGeneric(Insn in, int which, Operand o, int type, boolean generic) {
        source(in, which, o, type, generic);
    }

    int dst(Operand o, int line) {
        return destReg(o, line);
    }

    int regOrFail(String name, int line) {
        int s = reg(name);
        if (s < 0) throw error(line, "'" + name + "' is not a register");
        return s;
    }

    int regOrMinus(String name) {
        return reg(name);
    }

    Long localOffset(String name) {
        return local(name);
    }

    Symbol symbol(String name) {
        return fn.scope.lookup(name);
    }

    void branchTo(Insn in, String label) {
        patches.add(new Object[] {in, label});
    }

    void tableOf(Insn in, String table) {
        patches.add(new Object[] {in, table, null});
    }

    RuntimeException fail(Insn in, String message) {
        return error(in.line, message);
    }

    Function function() {
        return fn;
    }
}
