package jomp.frontend.nvptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jomp.frontend.ir.BasicBlock;
import jomp.frontend.ir.FuncType;
import jomp.frontend.ir.Insn;
import jomp.frontend.ir.IrType;
import jomp.frontend.ir.Operands;
import jomp.frontend.ir.Reg;
import jomp.frontend.ir.Slot;
import jomp.frontend.ir.Terminator;
import jomp.frontend.ir.Value;

/**
 * The regions the OpenMP lowering puts under the runtime's atomic or reduction lock, emitted
 * without the lock where PTX can do the update atomically ({@link #lockedUpdate}), for one
 * {@link PtxFunction}: the instructions of such a region become atomics, warp-combined atomics or
 * compare-and-swap loops, and the {@code ?:} diamonds inside them selects.
 */
final class LockedRegions {
    private final PtxFunction fn;

    LockedRegions(PtxFunction fn) { this.fn = fn; }

    /** The select standing for a diamond's copy, or null. */
    Select select(Insn i) { return selects.get(i); }

    /** The straight line standing for a block and the diamonds joined into it, or null. */
    Linear linear(BasicBlock b) { return linear.get(b); }

    // ---- selects in locked regions -----------------------------------------------------------

    /** A straight line of instructions standing for a block and the ?: diamonds after it, ending in {@code last}'s terminator. */
    record Linear(List<Insn> insns, BasicBlock last) {}

    /** The value a copy standing for a diamond selects: {@code dst = cond ? (the copy's source) : otherwise}. */
    record Select(Value cond, Value otherwise) {}

    private final Map<BasicBlock, Linear> linear = new HashMap<>();
    private final Map<Insn, Select> selects = new java.util.IdentityHashMap<>();

    /**
     * The lowering writes min and max (and any ?:) as a diamond {@code condbr c, T, F; T: d = x;
     * F: d = y; E: ...}. Inside a region under the atomic or reduction lock such diamonds are
     * joined into their block as one select, so that the region is a straight line and
     * {@link #lockedUpdate} can make it lock-free. Returns the blocks joined into others.
     */
    java.util.Set<BasicBlock> mergeSelects() {
        Map<BasicBlock, Integer> preds = new HashMap<>();
        for (BasicBlock b : fn.f.blocks) for (BasicBlock t : successors(b.terminator)) preds.merge(t, 1, Integer::sum);
        java.util.Set<BasicBlock> merged = new java.util.HashSet<>();
        for (BasicBlock b : fn.f.blocks) {
            if (merged.contains(b) || !opensLock(b.insns)) continue;
            List<Insn> line = new java.util.ArrayList<>(b.insns);
            List<BasicBlock> joined = new java.util.ArrayList<>();
            BasicBlock last = b;
            while (opensLock(line) && last.terminator instanceof Terminator.CondBr cb) {
                BasicBlock t = cb.ifTrue(), e = cb.ifFalse();
                if (t == e || t.insns.size() != 1 || e.insns.size() != 1 || !(t.insns.get(0) instanceof Insn.Copy ct)
                        || !(e.insns.get(0) instanceof Insn.Copy cf) || ct.dst().id != cf.dst().id
                        || !(t.terminator instanceof Terminator.Br bt) || !(e.terminator instanceof Terminator.Br bf) || bt.target() != bf.target()) break;
                BasicBlock join = bt.target();
                if (preds.getOrDefault(t, 0) != 1 || preds.getOrDefault(e, 0) != 1 || preds.getOrDefault(join, 0) != 2
                        || join == b || joined.contains(join) || merged.contains(join)) break;
                line.add(ct);
                selects.put(ct, new Select(cb.cond(), cf.src()));
                line.addAll(join.insns);
                joined.addAll(List.of(t, e, join));
                last = join;
            }
            if (joined.isEmpty()) continue;
            merged.addAll(joined);
            linear.put(b, new Linear(line, last));
        }
        return merged;
    }

    /** Whether the instructions call a lock's enter with no exit after it. */
    private static boolean opensLock(List<Insn> insns) {
        boolean open = false;
        for (Insn i : insns) {
            if (!(i instanceof Insn.Call c)) continue;
            if (c.callee().equals("__jomp_atomic_enter") || c.callee().equals("__jomp_reduce_enter")) open = true;
            if (c.callee().equals("__jomp_atomic_exit") || c.callee().equals("__jomp_reduce_exit")) open = false;
        }
        return open;
    }

    static List<BasicBlock> successors(Terminator t) {
        return switch (t) {
            case Terminator.Br br -> List.of(br.target());
            case Terminator.CondBr cb -> List.of(cb.ifTrue(), cb.ifFalse());
            case Terminator.Switch sw -> { var l = new java.util.ArrayList<>(sw.targets()); l.add(sw.defaultTarget()); yield l; }
            case Terminator.Ret r -> List.of();
        };
    }

    /** The registers an instruction reads, a select's condition and alternative included. */
    List<Value> reads(Insn i) {
        Select sel = selects.get(i);
        if (sel == null) return Operands.of(i);
        List<Value> l = new java.util.ArrayList<>(Operands.of(i));
        l.add(sel.cond());
        l.add(sel.otherwise());
        return l;
    }

    // ---- atomic updates ------------------------------------------------------------------------

    /**
     * An {@code atomic} or reduction combination the lowering puts under a runtime lock, in one
     * block, without the lock: each update {@code v = load p; w = v op x; store w, p} becomes one
     * PTX atomic instruction (add, and, or, xor; sub as the add of -x) or, for other
     * register-only updates ({@code w = v * x}, ...), a compare-and-swap loop; an atomic read or
     * write (one aligned access of at most 8 bytes) is that access. A reduction's region may
     * update several variables (each update is atomic on its own, which a reduction needs). The
     * old value stays in v, and the new one in w, for a capture's store after the update. Returns
     * the index of the instruction after the region when it emitted it, else -1 (the lock stays:
     * captures that read the location twice, updates across blocks). A location in the thread's
     * own local memory (PTX atomics are undefined there) takes the plain code: known at compile
     * time for this function's frame, tested with {@code isspacep.local} otherwise.
     */
    int lockedUpdate(List<Insn> insns, int at) {
        if (!(insns.get(at) instanceof Insn.Call enter) || !enter.args().isEmpty()) return -1;
        boolean reduction = enter.callee().equals("__jomp_reduce_enter");
        if (!reduction && !enter.callee().equals("__jomp_atomic_enter")) return -1;
        String exitName = reduction ? "__jomp_reduce_exit" : "__jomp_atomic_exit";
        // the region: segments up to the exit call, each ending in a store
        List<int[]> segments = new java.util.ArrayList<>();   // {first, load of the stored location or -1, store}
        int k = at + 1, exit = -1, trailing = -1;
        while (exit < 0) {
            int first = k;
            while (k < insns.size() && (registerOnly(insns.get(k)) || insns.get(k) instanceof Insn.Load)) k++;
            if (k >= insns.size()) return -1;
            if (insns.get(k) instanceof Insn.Call c && c.callee().equals(exitName) && c.args().isEmpty() && !segments.isEmpty()) {
                for (int j = first; j < k; j++) if (!registerOnly(insns.get(j))) return -1;
                exit = k;
                trailing = first;
            } else if (insns.get(k) instanceof Insn.Store st) {
                int l = -1;
                for (int j = first; j < k; j++) if (insns.get(j) instanceof Insn.Load ld && sameReg(ld.addr(), st.addr())) l = j;
                segments.add(new int[] {first, l, k++});
            } else {
                return -1;
            }
        }
        for (int n = 0; n < segments.size(); n++) {
            int[] sg = segments.get(n);
            int loads = 0;
            for (int j = sg[0]; j < sg[2]; j++) if (insns.get(j) instanceof Insn.Load ld) { loads++; if (ld.dst().type().size > 8) return -1; }
            if (n > 0 && !reduction) {
                // after the update, a capture's store of a value the update read or made (v = x++)
                if (loads > 0 || sg[1] >= 0) return -1;
                continue;
            }
            if (sg[1] < 0) {
                // a write, or a read (load x, store v): one access to the shared location
                if (reduction || loads > 1 || ((Insn.Store) insns.get(sg[2])).value().type().size > 8) return -1;
            } else {
                for (int j = sg[0]; j < sg[1]; j++) if (!reduction && insns.get(j) instanceof Insn.Load) return -1;
                for (int j = sg[1] + 1; j < sg[2]; j++) if (!registerOnly(insns.get(j))) return -1;
                if (!updatable(insns, sg)) return -1;
            }
        }
        for (int[] sg : segments) emitUpdate(insns, sg, reduction);
        for (int j = trailing; j < exit; j++) fn.insn(insns.get(j));
        return exit + 1;
    }

    private static boolean sameReg(Value a, Value b) { return a instanceof Reg x && b instanceof Reg y && x.id == y.id; }

    /** Whether one segment {first, load, store} can go lock-free (see {@link #emitUpdate}). */
    private boolean updatable(List<Insn> insns, int[] sg) {
        int l = sg[1], s = sg[2];
        if (!(((Insn.Store) insns.get(s)).addr() instanceof Reg p)) return false;
        IrType t = ((Insn.Store) insns.get(s)).value().type();
        Insn.Load load = (Insn.Load) insns.get(l);
        if (!(load.addr() instanceof Reg lp) || lp.id != p.id) return false;
        if (t != IrType.I32 && t != IrType.I64 && t != IrType.F32 && t != IrType.F64 || load.dst().type() != t) return false;
        if (s == l + 1) return false;
        // the part between load and store is repeatable in a loop: it reads v, constants, registers
        // it set before, or ones it never sets
        java.util.Set<Integer> written = new java.util.HashSet<>();
        for (int k = l + 1; k < s; k++) {
            for (Value v : reads(insns.get(k))) {
                if (v instanceof Reg r && r.id != load.dst().id && !written.contains(r.id) && writtenIn(insns, l + 1, s, r)) return false;
            }
            Reg d = insns.get(k).dst();
            if (d.id == load.dst().id || d.id == p.id) return false;
            written.add(d.id);
        }
        // the loads before it read other locations
        for (int k = sg[0]; k < l; k++) if (insns.get(k) instanceof Insn.Load o && o.addr() instanceof Reg r && r.id == p.id) return false;
        return true;
    }

    /** One segment without the lock: a plain access, one atomic instruction, or a compare-and-swap loop. */
    private void emitUpdate(List<Insn> insns, int[] sg, boolean reduction) {
        int l = sg[1], s = sg[2];
        if (l < 0) {   // one plain access is indivisible
            for (int k = sg[0]; k <= s; k++) fn.insn(insns.get(k));
            return;
        }
        for (int k = sg[0]; k < l; k++) fn.insn(insns.get(k));
        Insn.Load load = (Insn.Load) insns.get(l);
        String p = fn.reg(load.addr());
        if (privateAddress((Reg) load.addr())) {   // this thread's frame: nobody else sees it
            for (int k = l; k <= s; k++) fn.insn(insns.get(k));
            return;
        }
        // a location in this thread's local memory (a private copy reached through a pointer) takes
        // the plain code: PTX atomics are undefined there, and no other thread can reach it
        String local = fn.pred(), shared = fn.newLabel(), done = fn.newLabel();
        fn.emit("isspacep.local " + local + ", " + p);
        fn.emit("@!" + local + " bra " + shared);
        for (int k = l; k <= s; k++) fn.insn(insns.get(k));
        fn.emit("bra.uni " + done);
        fn.emitLabel(shared);
        atomicUpdate(insns, l, s, reduction);
        fn.emitLabel(done);
    }

    /** The update of a shared location: one atomic instruction (a warp's combined operand where allowed) or a CAS loop. */
    private void atomicUpdate(List<Insn> insns, int l, int s, boolean reduction) {
        Insn.Load load = (Insn.Load) insns.get(l);
        Insn.Store store = (Insn.Store) insns.get(s);
        IrType t = load.dst().type();
        String p = fn.reg(load.addr());
        String atomOp = s == l + 2 ? atomicOp(insns.get(l + 1), load.dst(), store.value()) : null;
        if (atomOp != null) {
            Insn.Binary bin = (Insn.Binary) insns.get(l + 1);
            Value x = bin.a() instanceof Reg r && r.id == load.dst().id ? bin.b() : bin.a();
            String operand = fn.reg(x);
            if (bin.op() == Insn.BinOp.SUB) {
                String neg = fn.temp(t);
                fn.emit("neg." + PtxText.signed(t) + " " + neg + ", " + operand);
                operand = neg;
            }
            // Neither the old nor the new value is read afterwards: when the whole warp is here and
            // updates one location, the lanes combine their operands (shuffles) and one updates memory. Integers always
            // (exact); floating point only for reductions, whose order OpenMP leaves open.
            boolean combine = fn.uses.getOrDefault(load.dst().id, 0) == 1 && fn.uses.getOrDefault(bin.dst().id, 0) == 1
                    && (reduction || !t.isFloat());
            if (combine) {
                String single = fn.newLabel(), end = fn.newLabel(), mask = fn.temp(IrType.I32), notFull = fn.pred(), notFirst = fn.pred();
                fn.emit("activemask.b32 " + mask);
                fn.emit("setp.ne.b32 " + notFull + ", " + mask + ", -1");
                fn.emit("@" + notFull + " bra " + single);
                // all 32 lanes here, and all at one location (h[i % 16] += 1 is not)
                String same = fn.pred(), ignored = fn.temp(IrType.I32);
                fn.emit("match.all.sync.b64 " + ignored + "|" + same + ", " + p + ", -1");
                fn.emit("@!" + same + " bra " + single);
                String acc = fn.temp(t);
                fn.emit("mov." + PtxText.bits(t) + " " + acc + ", " + operand);
                for (int off = 16; off >= 1; off /= 2) {
                    String other = shuffle(acc, t, off);
                    String combineOp = switch (bin.op()) {
                        case ADD, SUB -> t.isFloat() ? "add.rn." + PtxText.signed(t) : "add." + PtxText.signed(t);
                        default -> bin.op().spelling + "." + PtxText.bits(t);
                    };
                    fn.emit(combineOp + " " + acc + ", " + acc + ", " + other);
                }
                String lane = fn.temp(IrType.I32);
                fn.emit("mov.u32 " + lane + ", %laneid");
                fn.emit("setp.ne.u32 " + notFirst + ", " + lane + ", 0");
                fn.emit("@" + notFirst + " bra " + end);
                fn.emit("atom." + atomOp + " " + fn.reg(load.dst()) + ", [" + p + "], " + acc);
                fn.emit("bra.uni " + end);
                fn.emitLabel(single);
                fn.emit("atom." + atomOp + " " + fn.reg(load.dst()) + ", [" + p + "], " + operand);
                fn.emitLabel(end);
                return;   // v and w are read by nobody
            }
            fn.emit("atom." + atomOp + " " + fn.reg(load.dst()) + ", [" + p + "], " + operand);
            fn.insn(bin);   // the new value, for a capture
            return;
        }
        // compare-and-swap on the bits
        IrType bits = t.size == 8 ? IrType.I64 : IrType.I32;
        String b = "b" + (t.size * 8), top = fn.newLabel(), again = fn.pred();
        fn.insn(load);
        fn.emitLabel(top);
        for (int k = l + 1; k < s; k++) fn.insn(insns.get(k));
        String expected = fn.temp(bits), desired = fn.temp(bits), old = fn.temp(bits);
        fn.emit("mov." + b + " " + expected + ", " + fn.reg(load.dst()));
        fn.emit("mov." + b + " " + desired + ", " + fn.reg(store.value()));
        fn.emit("atom.cas." + b + " " + old + ", [" + p + "], " + expected + ", " + desired);
        fn.emit("setp.ne." + b + " " + again + ", " + old + ", " + expected);
        fn.emit("mov." + b + " " + fn.reg(load.dst()) + ", " + old);
        fn.emit("@" + again + " bra " + top);
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

    /** The PTX atomic for {@code w = v op x} (or {@code x op v}), or null. */
    private static String atomicOp(Insn i, Reg v, Value w) {
        if (!(i instanceof Insn.Binary bin) || !(w instanceof Reg wr) || bin.dst().id != wr.id) return null;
        boolean left = bin.a() instanceof Reg a && a.id == v.id, right = bin.b() instanceof Reg b && b.id == v.id;
        if (left == right) return null;   // v on neither side, or both
        IrType t = bin.dst().type();
        String ty = switch (t) { case I32 -> "u32"; case I64 -> "u64"; case F32 -> "f32"; case F64 -> "f64"; default -> null; };
        return switch (bin.op()) {
            case ADD -> "add." + ty;
            case SUB -> left ? "add." + ty : null;
            case AND, OR, XOR -> t.isFloat() ? null : bin.op().spelling + ".b" + (t.size * 8);
            default -> null;
        };
    }

    private static boolean registerOnly(Insn i) {
        return i instanceof Insn.Binary || i instanceof Insn.Unary || i instanceof Insn.Cmp || i instanceof Insn.Convert || i instanceof Insn.Copy
                || i instanceof Insn.SlotAddr || i instanceof Insn.GlobalAddr;
    }

    private static boolean writtenIn(List<Insn> insns, int from, int to, Reg r) {
        for (int k = from; k < to; k++) if (insns.get(k).dst() != null && insns.get(k).dst().id == r.id) return true;
        return false;
    }

    /** Whether an address may point into this thread's own frame (a slot that does not escape). */
    private boolean privateAddress(Reg p) {
        java.util.Set<Slot> slots = fn.slotsBehind.get(p.id);
        if (slots == null) return false;
        for (Slot sl : slots) if (!fn.escaping.contains(sl)) return true;
        return false;
    }
}
