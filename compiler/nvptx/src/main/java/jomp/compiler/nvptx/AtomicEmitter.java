package jomp.compiler.nvptx;

import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;

/**
 * The IR's atomic instructions as PTX, for one {@link PtxFunction} (sm_70 and newer, which jomp
 * requires: every access names its semantics and scope). The mapping is the PTX memory model's
 * for C++ (PTX ISA, "Memory Consistency Model"):
 * <ul>
 * <li>monotonic: {@code .relaxed}; acquire, release, acq_rel: the same {@code .sem}; seq_cst:
 *     {@code fence.sc} then the acquire (loads), release (stores) or acq_rel (read-modify-writes)
 *     form;</li>
 * <li>atomicrmw: {@code atom.<op>} (sub as the add of -v, fsub as fadd of -v), or {@code red.<op>}
 *     when nothing reads the old value and the ordering is relaxed or release (red has no acquire);
 *     a relaxed integer add, and, or, xor, min or max whose old value nobody reads is combined
 *     across the warp first when all 32 lanes update one location (one lane then updates memory:
 *     exact for integers), and so is a floating-point add marked {@code reassoc} (a reduction's);</li>
 * <li>cmpxchg: {@code atom.cas.b32/b64} (PTX orders the failure case as the success case);</li>
 * <li>fences: {@code fence.acq_rel} or {@code fence.sc} ({@code membar} on older PTX is the same
 *     instruction).</li>
 * </ul>
 * Every access and fence takes its instruction's scope: {@code .gpu} for device (OpenMP's atomics
 * synchronise a device's threads unless memscope says otherwise), {@code .sys} for system
 * (memscope(all): the host's and other devices' threads too, as LLVM's NVPTX back end writes the
 * system syncscope), {@code .cta} for cgroup (a team's threads, memscope(cgroup)); the fence.sc
 * before a seq_cst access has the access's scope. PTX
 * atomics are undefined on local memory, where the frame of a thread lives: a location known to be
 * in this function's unescaping frame takes plain loads and stores (nobody else can see it), one
 * the compiler cannot place is tested with {@code isspacep.local} at run time.
 */
final class AtomicEmitter {
    private final PtxFunction fn;

    AtomicEmitter(PtxFunction fn) {
        this.fn = fn;
    }

    void rmw(Insn.AtomicRmw a) {
        IrType t = a.dst().type();
        boolean unused = fn.uses.getOrDefault(a.dst().id, 0) == 0;
        local(
                a.addr(),
                () -> {
                    String p = fn.reg(a.addr()), old = fn.reg(a.dst());
                    fn.emit("ld." + PtxText.loadType(t) + " " + old + ", [" + p + "]");
                    String nv = plainOp(a.op(), t, old, fn.reg(a.value()));
                    fn.emit("st." + PtxText.storeType(t) + " [" + p + "], " + nv);
                },
                () -> atomicRmw(a, t, unused));
    }

    private void atomicRmw(Insn.AtomicRmw a, IrType t, boolean unused) {
        String p = fn.reg(a.addr()), v = fn.reg(a.value());
        if (a.op() == Insn.RmwOp.SUB || a.op() == Insn.RmwOp.FSUB) {
            String neg = fn.temp(t);
            fn.emit("neg." + PtxText.signed(t) + " " + neg + ", " + v);
            v = neg;
        }
        String op = switch (a.op()) {
            case XCHG -> "exch.b" + t.bits();
            case ADD, SUB -> "add.u" + t.bits();
            case FADD, FSUB -> "add." + PtxText.signed(t);
            case AND, OR, XOR -> a.op().spelling + ".b" + t.bits();
            case MAX, MIN -> a.op().spelling + ".s" + t.bits();
            case UMAX, UMIN -> a.op().spelling.substring(1) + ".u" + t.bits();
        };
        Insn.Ordering o = a.ordering();
        boolean red =
                unused && (o == Insn.Ordering.MONOTONIC || o == Insn.Ordering.RELEASE) && a.op() != Insn.RmwOp.XCHG;
        if (red && o == Insn.Ordering.MONOTONIC && warpCombinable(a)) {
            warpCombined(a, t, op, p, v);
            return;
        }
        String scope = scope(a.scope());
        if (o == Insn.Ordering.SEQ_CST) fn.emit("fence.sc" + scope);
        String sem = sem(o, true);
        if (red) fn.emit("red" + sem + scope + "." + op + " [" + p + "], " + v);
        else fn.emit("atom" + sem + scope + "." + op + " " + fn.reg(a.dst()) + ", [" + p + "], " + v);
    }

    /**
     * Whether the lanes' operands may be combined before one update: integer add, and, or, xor,
     * min and max give the same result in any grouping (wrapping arithmetic is associative), so
     * any atomic may; floating-point adds only where the IR says the grouping is free
     * ({@code reassoc}: a reduction's combination), since (x + a) + b and x + (a + b) round
     * differently.
     */
    private static boolean warpCombinable(Insn.AtomicRmw a) {
        return switch (a.op()) {
            case ADD, SUB, AND, OR, XOR, MAX, MIN, UMAX, UMIN -> true;
            case FADD, FSUB -> a.reassoc();
            case XCHG -> false;
        };
    }

    /**
     * All 32 lanes here and all at one location ({@code h[i % 16] += 1} is not): the lanes combine
     * their operands with butterfly shuffles and lane 0 updates memory once; otherwise each lane
     * updates on its own.
     */
    private void warpCombined(Insn.AtomicRmw a, IrType t, String op, String p, String v) {
        String single = fn.newLabel(),
                end = fn.newLabel(),
                mask = fn.temp(IrType.I32),
                notFull = fn.pred(),
                notFirst = fn.pred();
        fn.emit("activemask.b32 " + mask);
        fn.emit("setp.ne.b32 " + notFull + ", " + mask + ", -1");
        fn.emit("@" + notFull + " bra " + single);
        String same = fn.pred(), ignored = fn.temp(IrType.I32);
        fn.emit("match.all.sync.b64 " + ignored + "|" + same + ", " + p + ", -1");
        fn.emit("@!" + same + " bra " + single);
        String acc = fn.temp(t);
        fn.emit("mov.b" + t.bits() + " " + acc + ", " + v);
        String combine = switch (a.op()) {
            case ADD, SUB -> "add.s" + t.bits();
            case FADD, FSUB -> "add.rn." + PtxText.signed(t); // v is already negated for fsub
            case MAX, MIN -> a.op().spelling + ".s" + t.bits();
            case UMAX, UMIN -> a.op().spelling.substring(1) + ".u" + t.bits();
            default -> a.op().spelling + ".b" + t.bits();
        };
        for (int off = 16; off >= 1; off /= 2) fn.emit(combine + " " + acc + ", " + acc + ", " + shuffle(acc, t, off));
        String lane = fn.temp(IrType.I32);
        fn.emit("mov.u32 " + lane + ", %laneid");
        fn.emit("setp.ne.u32 " + notFirst + ", " + lane + ", 0");
        fn.emit("@" + notFirst + " bra " + end);
        String scope = scope(a.scope());
        fn.emit("red.relaxed" + scope + "." + op + " [" + p + "], " + acc);
        fn.emit("bra.uni " + end);
        fn.emitLabel(single);
        fn.emit("red.relaxed" + scope + "." + op + " [" + p + "], " + v);
        fn.emitLabel(end);
    }

    /** The value of {@code v} in the lane {@code off} away (butterfly), all lanes taking part. */
    private String shuffle(String v, IrType t, int off) {
        String out = fn.temp(t);
        if (t.size == 4) {
            fn.emit("shfl.sync.bfly.b32 " + out + ", " + v + ", " + off + ", 31, -1");
            return out;
        }
        String lo = fn.temp(IrType.I32), hi = fn.temp(IrType.I32);
        fn.emit("mov.b64 {" + lo + ", " + hi + "}, " + v);
        fn.emit("shfl.sync.bfly.b32 " + lo + ", " + lo + ", " + off + ", 31, -1");
        fn.emit("shfl.sync.bfly.b32 " + hi + ", " + hi + ", " + off + ", 31, -1");
        fn.emit("mov.b64 " + out + ", {" + lo + ", " + hi + "}");
        return out;
    }

    void cmpxchg(Insn.CmpXchg x) {
        IrType t = x.dst().type();
        String p = fn.reg(x.addr()), old = fn.reg(x.dst()), e = fn.reg(x.expected()), d = fn.reg(x.desired());
        local(
                x.addr(),
                () -> {
                    String eq = fn.pred();
                    fn.emit("ld." + PtxText.loadType(t) + " " + old + ", [" + p + "]");
                    fn.emit("setp.eq." + PtxText.bits(t) + " " + eq + ", " + old + ", " + e);
                    fn.emit("@" + eq + " st." + PtxText.storeType(t) + " [" + p + "], " + d);
                },
                () -> {
                    String scope = scope(x.scope());
                    if (x.success() == Insn.Ordering.SEQ_CST) fn.emit("fence.sc" + scope);
                    String sem = sem(x.success(), true) + scope;
                    switch (t) {
                        case I8 -> byteCas(sem, scope, p, old, e, d);
                        case I16 -> { // a 16-bit exchange (sm_70), through 16-bit registers of a scope of its own
                            fn.code.append("\t{\n");
                            fn.emit(".reg .b16 %hx<3>");
                            fn.emit("cvt.u16.u32 %hx0, " + e);
                            fn.emit("cvt.u16.u32 %hx1, " + d);
                            fn.emit("atom" + sem + ".cas.b16 %hx2, [" + p + "], %hx0, %hx1");
                            fn.emit("cvt.s32.s16 " + old + ", %hx2");
                            fn.code.append("\t}\n");
                        }
                        default ->
                            fn.emit("atom" + sem + ".cas.b" + t.bits() + " " + old + ", [" + p + "], " + e + ", " + d);
                    }
                });
    }

    /**
     * A byte's exchange: PTX has no 8-bit atomics, so a 32-bit exchange of the aligned word around
     * it, retried while the other bytes change (LLVM's partword expansion). The word lies in the
     * allocation's granule (a GPU allocates in 256-byte steps), never in another's.
     */
    private void byteCas(String sem, String scope, String p, String old, String e, String d) {
        String w = fn.temp(IrType.PTR),
                sh = fn.temp(IrType.I32),
                cur = fn.temp(IrType.I32),
                nw = fn.temp(IrType.I32),
                seen = fn.temp(IrType.I32);
        String differs = fn.pred(), again = fn.pred(), top = fn.newLabel(), done = fn.newLabel();
        fn.emit("and.b64 " + w + ", " + p + ", -4");
        fn.emit("cvt.u32.u64 " + sh + ", " + p);
        fn.emit("and.b32 " + sh + ", " + sh + ", 3");
        fn.emit("shl.b32 " + sh + ", " + sh + ", 3");
        fn.emit("atom.relaxed" + scope + ".or.b32 " + cur + ", [" + w
                + "], 0"); // the word's value (an atomic: see the simulator's partWord)
        fn.emitLabel(top);
        fn.emit("bfe.s32 " + old + ", " + cur + ", " + sh + ", 8");
        fn.emit("setp.ne.s32 " + differs + ", " + old + ", " + e);
        fn.emit("@" + differs + " bra " + done);
        fn.emit("bfi.b32 " + nw + ", " + d + ", " + cur + ", " + sh + ", 8");
        fn.emit("atom" + sem + ".cas.b32 " + seen + ", [" + w + "], " + cur + ", " + nw);
        fn.emit("setp.ne.b32 " + again + ", " + seen + ", " + cur);
        fn.emit("mov.b32 " + cur + ", " + seen);
        fn.emit("@" + again + " bra " + top);
        fn.emitLabel(done);
    }

    void load(Insn.AtomicLoad l) {
        IrType t = l.dst().type();
        String p = fn.reg(l.addr()), d = fn.reg(l.dst());
        local(l.addr(), () -> fn.emit("ld." + PtxText.loadType(t) + " " + d + ", [" + p + "]"), () -> {
            boolean sc = l.ordering() == Insn.Ordering.SEQ_CST;
            String scope = scope(l.scope());
            if (sc) fn.emit("fence.sc" + scope);
            fn.emit("ld" + sem(sc ? Insn.Ordering.ACQUIRE : l.ordering(), false) + scope + "." + PtxText.loadType(t)
                    + " " + d + ", [" + p + "]");
        });
    }

    void store(Insn.AtomicStore s) {
        IrType t = s.value().type();
        String p = fn.reg(s.addr()), v = fn.reg(s.value());
        local(s.addr(), () -> fn.emit("st." + PtxText.storeType(t) + " [" + p + "], " + v), () -> {
            boolean sc = s.ordering() == Insn.Ordering.SEQ_CST;
            String scope = scope(s.scope());
            if (sc) fn.emit("fence.sc" + scope);
            fn.emit("st" + sem(sc ? Insn.Ordering.RELEASE : s.ordering(), false) + scope + "." + PtxText.storeType(t)
                    + " [" + p + "], " + v);
        });
    }

    void fence(Insn.Fence f) {
        fn.emit((f.ordering() == Insn.Ordering.SEQ_CST ? "fence.sc" : "fence.acq_rel") + scope(f.scope()));
    }

    /** PTX's scope qualifier for an instruction's scope. */
    private static String scope(Insn.Scope s) {
        return switch (s) {
            case CGROUP -> ".cta";
            case DEVICE -> ".gpu";
            case SYSTEM -> ".sys";
        };
    }

    /**
     * The {@code .sem} of an access: for a read-modify-write seq_cst is acq_rel after a fence.sc;
     * for a load or store seq_cst is acquire or release after it (the fence is the caller's).
     */
    private static String sem(Insn.Ordering o, boolean rmw) {
        return switch (o) {
            case MONOTONIC -> ".relaxed";
            case ACQUIRE -> ".acquire";
            case RELEASE -> ".release";
            case ACQ_REL -> ".acq_rel";
            case SEQ_CST -> {
                if (!rmw)
                    throw new IllegalStateException("seq_cst load or store: the caller passes acquire or release");
                yield ".acq_rel";
            }
        };
    }

    /** The new value of a plain read-modify-write on local memory. */
    private String plainOp(Insn.RmwOp op, IrType t, String old, String v) {
        if (op == Insn.RmwOp.XCHG) return v;
        String nv = fn.temp(t);
        String b = "b" + t.bits(), s = "s" + t.bits(), u = "u" + t.bits();
        fn.emit(switch (op) {
                    case ADD -> "add." + s;
                    case SUB -> "sub." + s;
                    case AND, OR, XOR -> op.spelling + "." + b;
                    case MAX, MIN -> op.spelling + "." + s;
                    case UMAX, UMIN -> op.spelling.substring(1) + "." + u;
                    case FADD -> "add.rn." + PtxText.signed(t);
                    case FSUB -> "sub.rn." + PtxText.signed(t);
                    case XCHG -> throw new IllegalStateException();
                }
                + " " + nv + ", " + old + ", " + v);
        return nv;
    }

    /** Emits {@code plain} where the address is in this thread's local memory, {@code atomic} elsewhere. */
    private void local(Value addr, Runnable plain, Runnable atomic) {
        if (addr instanceof Reg r && privateAddress(r)) {
            plain.run();
            return;
        }
        String isLocal = fn.pred(), shared = fn.newLabel(), done = fn.newLabel();
        fn.emit("isspacep.local " + isLocal + ", " + fn.reg(addr));
        fn.emit("@!" + isLocal + " bra " + shared);
        plain.run();
        fn.emit("bra.uni " + done);
        fn.emitLabel(shared);
        atomic.run();
        fn.emitLabel(done);
    }

    /** Whether an address may point into this thread's own frame (a slot that does not escape). */
    private boolean privateAddress(Reg p) {
        java.util.Set<Slot> slots = fn.slotsBehind.get(p.id);
        if (slots == null) return false;
        for (Slot sl : slots) if (!fn.escaping.contains(sl)) return true;
        return false;
    }
}
