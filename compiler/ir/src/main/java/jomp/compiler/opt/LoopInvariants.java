package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.ControlFlow;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Loop-invariant code motion for address arithmetic. C's {@code a[i * n + j]} in a loop over j
 * lowers to {@code p + sext(i * n + j) * 8}, recomputed in every iteration; neither this pass
 * nor the JIT can move {@code i * n} out, because the sign extension of a sum is not the sum
 * of the extensions when the 32-bit addition overflows. Where the ranges of the operands (from
 * the counted loops around them) show it cannot overflow, the pass rewrites the address to
 * {@code (p + sext(i * n) * 8) + sext(j) * 8} and moves the invariant part to the loop's
 * preheader, innermost loops first, so that it climbs as far out as it is invariant.
 *
 * <p>Only pure, non-trapping instructions (arithmetic without division, conversions, address
 * constants) whose result is an unnamed temporary assigned once are moved: the lowering defines
 * such a temporary before every use, so computing it earlier changes nothing else. Loads stay.
 *
 * <p>Only instructions that run in every iteration move: those of blocks that dominate every
 * latch of the loop. One moved out of a branch taken now and then saves nothing and keeps its
 * value live across the whole loop: an interpreter's dispatch loop, whose handlers each compute
 * {@code L + 16}, had over a hundred such values live from the function's entry, which method
 * splitting then passed to every part through the frame.
 */
public final class LoopInvariants implements Pass {
    @Override
    public String name() {
        return "loop-invariants";
    }

    /** A natural loop: its header, its blocks, and its counted variable if it has one. */
    private static final class Loop {
        final BasicBlock header;
        final Set<BasicBlock> blocks = new HashSet<>();
        /** The blocks in reverse postorder. */
        List<BasicBlock> ordered;
        /** The blocks that run in every iteration: they dominate each block that jumps back to the header. */
        final Set<BasicBlock> everyIteration = new HashSet<>();
        /** The counted variable {@code v} of {@code for (v = lo; v < K; v += s)}: in [lo, hi] where {@code inRange} holds. */
        Reg iv;

        long lo, hi;
        BasicBlock bodyEntry, ivLatch;
        Insn ivStep;

        Loop(BasicBlock header) {
            this.header = header;
        }
    }

    private Function f;
    private ControlFlow cfg;
    /** Registers assigned by exactly one instruction (parameters excluded) → that instruction. */
    private final Map<Integer, Insn> singleDef = new HashMap<>();

    private final Map<Integer, BasicBlock> defBlock = new HashMap<>();
    private List<Loop> loops;
    /** Every assignment of each register, as (block, instruction) pairs. */
    private final Map<Integer, List<Object[]>> defs = new HashMap<>();
    /** The loops whose counted variable is a register, by register id. */
    private final Map<Integer, List<Loop>> loopsByIv = new HashMap<>();

    @Override
    public boolean run(Function fn) {
        f = fn;
        cfg = new ControlFlow(fn);
        findLoops();
        if (loops.isEmpty()) return false;
        findDefinitions();
        for (Loop l : loops) {
            findCountedVariable(l);
            if (l.iv != null)
                loopsByIv.computeIfAbsent(l.iv.id, k -> new ArrayList<>()).add(l);
        }
        boolean changed = false;
        for (Loop l : loops) changed |= optimise(l);
        return changed;
    }

    // ---- control flow --------------------------------------------------------------------

    /** Natural loops (ControlFlow's), innermost (smallest) first. */
    private void findLoops() {
        loops = new ArrayList<>();
        for (var e : cfg.naturalLoops().entrySet()) {
            Loop l = new Loop(e.getKey());
            l.blocks.addAll(e.getValue());
            l.ordered = new ArrayList<>(e.getValue());
            l.ordered.sort((x, y) -> Integer.compare(cfg.order(x), cfg.order(y)));
            List<BasicBlock> latches = new ArrayList<>();
            for (BasicBlock p : cfg.predecessors(l.header)) if (l.blocks.contains(p)) latches.add(p);
            for (BasicBlock b : l.blocks)
                if (latches.stream().allMatch(x -> cfg.dominates(b, x))) l.everyIteration.add(b);
            loops.add(l);
        }
        loops.sort((x, y) -> Integer.compare(x.blocks.size(), y.blocks.size()));
    }

    // ---- definitions and counted loops -----------------------------------------------------

    private void findDefinitions() {
        Map<Integer, Integer> count = new HashMap<>();
        for (Reg p : f.params) count.put(p.id, 2);
        if (f.vaArea != null) count.put(f.vaArea.id, 2);
        for (BasicBlock b : cfg.rpo) {
            for (Insn i : b.insns) {
                Reg d = i.dst();
                if (d == null) continue;
                count.merge(d.id, 1, Integer::sum);
                defs.computeIfAbsent(d.id, k -> new ArrayList<>()).add(new Object[] {b, i});
                singleDef.put(d.id, i);
                defBlock.put(d.id, b);
            }
        }
        for (var e : count.entrySet())
            if (e.getValue() != 1) {
                singleDef.remove(e.getKey());
                defBlock.remove(e.getKey());
            }
    }

    /**
     * Recognises {@code v = c0; H: if (v < K) body...; latch: t = v + s; v = t; br H} with v an
     * i32 assigned nowhere else: in the loop's blocks that the body entry dominates (but the
     * header and that latch) v lies in [c0, K - 1] (K for {@code <=}), and {@code v + s} cannot overflow.
     */
    private void findCountedVariable(Loop l) {
        BasicBlock h = l.header;
        if (h.insns.isEmpty() || !(h.terminator instanceof Terminator.CondBr cb)) return;
        if (!(h.insns.get(h.insns.size() - 1) instanceof Insn.Cmp c)
                || !(cb.cond() instanceof Reg cr)
                || cr.id != c.dst().id) return;
        if (!(c.a() instanceof Reg v) || v.type() != IrType.I32 || !(c.b() instanceof IntConst k)) return;
        if (c.op() != Insn.CmpOp.LT && c.op() != Insn.CmpOp.LE) return;
        if (!l.blocks.contains(cb.ifTrue()) || l.blocks.contains(cb.ifFalse())) return;
        if (f.params.contains(v)) return;
        long hi = c.op() == Insn.CmpOp.LT ? k.value() - 1 : k.value();
        Insn.Copy init = null, step = null;
        BasicBlock stepBlock = null;
        for (Object[] d : defs.getOrDefault(v.id, List.of())) {
            BasicBlock b = (BasicBlock) d[0];
            if (!(d[1] instanceof Insn.Copy cp)) return;
            if (l.blocks.contains(b)) {
                if (step != null) return;
                step = cp;
                stepBlock = b;
            } else {
                if (init != null) return;
                init = cp;
            }
        }
        if (init == null || step == null || !(init.src() instanceof IntConst c0)) return;
        if (!(stepBlock.terminator instanceof Terminator.Br br) || br.target() != h) return;
        if (!(step.src() instanceof Reg t)
                || !(singleDef.get(t.id) instanceof Insn.Binary add)
                || defBlock.get(t.id) != stepBlock) return;
        if (add.op() != Insn.BinOp.ADD
                || !(add.a() instanceof Reg av)
                || av.id != v.id
                || !(add.b() instanceof IntConst s)) return;
        if (!before(stepBlock, add, step)) return;
        if (s.value() < 1 || hi + s.value() > Integer.MAX_VALUE || c0.value() > hi) return;
        if (!cfg.dominates(cb.ifTrue(), stepBlock)) return;
        l.iv = v;
        l.lo = c0.value();
        l.hi = hi;
        l.bodyEntry = cb.ifTrue();
        l.ivLatch = stepBlock;
        l.ivStep = step;
    }

    /** The range of a counted variable read by instruction at in block b, or null. */
    private long[] ivRange(Reg r, Insn at, BasicBlock b) {
        for (Loop l : loopsByIv.getOrDefault(r.id, List.of())) {
            if (!l.blocks.contains(b) || b == l.header || !cfg.dominates(l.bodyEntry, b)) continue;
            if (b == l.ivLatch && !before(b, at, l.ivStep)) continue;
            return new long[] {l.lo, l.hi};
        }
        return null;
    }

    /** Whether x comes before y in block b (both in it). */
    private static boolean before(BasicBlock b, Insn x, Insn y) {
        for (Insn i : b.insns) {
            if (i == y) return false;
            if (i == x) return true;
        }
        return false;
    }

    /** The range of an i32 value read by instruction at in block b, or null when unknown. */
    private long[] range(Value v, Insn at, BasicBlock b, int depth) {
        if (v instanceof IntConst c) return new long[] {c.value(), c.value()};
        if (!(v instanceof Reg r) || depth > 8) return null;
        long[] iv = ivRange(r, at, b);
        if (iv != null) return iv;
        if (r.name != null || !(singleDef.get(r.id) instanceof Insn.Binary bin) || r.type() != IrType.I32) return null;
        BasicBlock db = defBlock.get(r.id);
        long[] x = range(bin.a(), bin, db, depth + 1), y = range(bin.b(), bin, db, depth + 1);
        if (x == null || y == null) return null;
        long lo, hi;
        switch (bin.op()) {
            case ADD -> {
                lo = x[0] + y[0];
                hi = x[1] + y[1];
            }
            case SUB -> {
                lo = x[0] - y[1];
                hi = x[1] - y[0];
            }
            case MUL -> {
                long a = x[0] * y[0], c = x[0] * y[1], d = x[1] * y[0], e = x[1] * y[1];
                lo = Math.min(Math.min(a, c), Math.min(d, e));
                hi = Math.max(Math.max(a, c), Math.max(d, e));
            }
            default -> {
                return null;
            }
        }
        return fitsInt(lo) && fitsInt(hi) ? new long[] {lo, hi} : null;
    }

    private static boolean fitsInt(long v) {
        return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE;
    }

    // ---- the transformation ---------------------------------------------------------------

    private boolean optimise(Loop l) {
        BasicBlock pre = preheader(l);
        if (pre == null) return false;
        Set<Integer> definedInLoop = new HashSet<>();
        for (BasicBlock b : l.blocks) for (Insn i : b.insns) if (i.dst() != null) definedInLoop.add(i.dst().id);
        // Hoisting makes operands invariant, which lets reassociation split the next level of an
        // address, whose invariant half hoisting then moves: a few rounds reach the fixed point.
        boolean changed = false;
        for (int round = 0; round < 8; round++) {
            boolean moved = hoist(l, pre, definedInLoop);
            boolean split = false;
            for (BasicBlock b : l.ordered) split |= reassociate(b, definedInLoop);
            if (split) moved |= hoist(l, pre, definedInLoop);
            changed |= moved || split;
            if (!split) break;
        }
        return changed;
    }

    private boolean hoist(Loop l, BasicBlock pre, Set<Integer> definedInLoop) {
        boolean changed = false;
        for (boolean again = true; again; ) {
            again = false;
            for (BasicBlock b : l.ordered) {
                if (!l.everyIteration.contains(b)) continue;
                for (int k = 0; k < b.insns.size(); k++) {
                    Insn i = b.insns.get(k);
                    if (!movable(i) || !invariant(i, definedInLoop)) continue;
                    b.insns.remove(k--);
                    pre.insns.add(i);
                    definedInLoop.remove(i.dst().id);
                    defBlock.put(i.dst().id, pre);
                    again = changed = true;
                }
            }
        }
        return changed;
    }

    /** The one block outside the loop that enters it, when it goes nowhere else. */
    private BasicBlock preheader(Loop l) {
        BasicBlock pre = null;
        for (BasicBlock b : cfg.predecessors(l.header)) {
            if (l.blocks.contains(b) || b == pre) continue;
            if (pre != null) return null;
            pre = b;
        }
        return pre != null && pre.terminator instanceof Terminator.Br ? pre : null;
    }

    private boolean movable(Insn i) {
        Reg d = i.dst();
        if (d == null || d.name != null || singleDef.get(d.id) != i) return false;
        return switch (i) {
            case Insn.Binary b -> !Operands.isDivision(b.op());
            case Insn.Unary u -> true;
            case Insn.Convert c -> true;
            case Insn.GlobalAddr g -> true;
            case Insn.SlotAddr s -> true;
            case Insn.FuncAddr fa -> true;
            default -> false; // loads, stores, calls, compares (kept next to their branch), copies
        };
    }

    private static boolean invariant(Insn i, Set<Integer> definedInLoop) {
        for (Value v : Operands.of(i)) if (v instanceof Reg r && definedInLoop.contains(r.id)) return false;
        return true;
    }

    private static boolean invariant(Value v, Set<Integer> definedInLoop) {
        return !(v instanceof Reg r) || !definedInLoop.contains(r.id);
    }

    /**
     * Splits the invariant part off address computations in block b:
     * {@code sext(x + y)} with x invariant and no overflow → {@code sext(x) + sext(y)};
     * {@code (x + y) * c} → {@code x * c + y * c}; {@code p + (x + y)} → {@code (p + x) + y}.
     * The last two are exact in 64-bit wrapping arithmetic.
     */
    private boolean reassociate(BasicBlock b, Set<Integer> inLoop) {
        boolean changed = false;
        for (int k = 0; k < b.insns.size(); k++) {
            Insn i = b.insns.get(k);
            Reg d = i.dst();
            if (d == null || singleDef.get(d.id) != i) continue;
            List<Insn> before = new ArrayList<>(2);
            Insn replacement = null;
            if (i instanceof Insn.Convert c
                    && c.op() == Insn.ConvOp.SEXT
                    && c.src().type() == IrType.I32
                    && d.type() == IrType.I64) {
                Insn.Binary add = splittable(c.src(), inLoop, b, i);
                if (add != null && range(add.dst(), c, b, 0) != null) { // no overflow
                    Reg x = f.newReg(IrType.I64), y = f.newReg(IrType.I64);
                    before.add(new Insn.Convert(Insn.ConvOp.SEXT, x, add.a()));
                    before.add(new Insn.Convert(Insn.ConvOp.SEXT, y, add.b()));
                    replacement = new Insn.Binary(Insn.BinOp.ADD, d, x, y);
                }
            } else if (i instanceof Insn.Binary m
                    && m.op() == Insn.BinOp.MUL
                    && d.type() == IrType.I64
                    && m.b() instanceof IntConst) {
                Insn.Binary add = splittable(m.a(), inLoop, b, i);
                if (add != null) {
                    Reg x = f.newReg(IrType.I64), y = f.newReg(IrType.I64);
                    before.add(new Insn.Binary(Insn.BinOp.MUL, x, add.a(), m.b()));
                    before.add(new Insn.Binary(Insn.BinOp.MUL, y, add.b(), m.b()));
                    replacement = new Insn.Binary(Insn.BinOp.ADD, d, x, y);
                }
            } else if (i instanceof Insn.Binary p
                    && p.op() == Insn.BinOp.ADD
                    && d.type() == IrType.PTR
                    && invariant(p.a(), inLoop)
                    && p.b().type() == IrType.I64) {
                Insn.Binary add = splittable(p.b(), inLoop, b, i);
                if (add != null) {
                    Reg x = f.newReg(IrType.PTR);
                    before.add(new Insn.Binary(Insn.BinOp.ADD, x, p.a(), add.a()));
                    replacement = new Insn.Binary(Insn.BinOp.ADD, d, x, add.b());
                }
            }
            if (replacement == null) continue;
            for (Insn n : before) {
                singleDef.put(n.dst().id, n);
                defBlock.put(n.dst().id, b);
                inLoop.add(n.dst().id);
            }
            singleDef.put(d.id, replacement);
            for (Insn n : before) f.moveLine(i, n);
            f.moveLine(i, replacement);
            b.insns.set(k, replacement);
            b.insns.addAll(k, before);
            k += before.size();
            changed = true;
        }
        return changed;
    }

    /**
     * v when it is a single-assignment {@code add x, y} of which exactly one operand is loop
     * invariant, with the operands ordered (invariant, variant); else null. The split puts x and
     * y where v is read (instruction use in block ub), so the variant operand must hold there
     * what it held when the add read it: {@code i = i + 1; p[i]} reads the old i in the add and
     * the new one after it.
     */
    private Insn.Binary splittable(Value v, Set<Integer> inLoop, BasicBlock ub, Insn use) {
        if (!(v instanceof Reg r) || !(singleDef.get(r.id) instanceof Insn.Binary add) || add.op() != Insn.BinOp.ADD)
            return null;
        if (add.a().type() == IrType.PTR || !inLoop.contains(r.id)) return null;
        boolean ia = invariant(add.a(), inLoop), ib = invariant(add.b(), inLoop);
        if (ia == ib) return null;
        Value variant = ia ? add.b() : add.a();
        if (variant instanceof Reg x && !unchangedBetween(x, defBlock.get(r.id), add, ub, use)) return null;
        return ia ? add : new Insn.Binary(Insn.BinOp.ADD, add.dst(), add.b(), add.a());
    }

    /**
     * Whether no assignment of x lies on a path from instruction def (in block db) to instruction
     * use (in block ub) that does not pass def again: then x holds at use what def read.
     */
    private boolean unchangedBetween(Reg x, BasicBlock db, Insn def, BasicBlock ub, Insn use) {
        int d = indexOf(db, def), u = indexOf(ub, use);
        if (d < 0 || u < 0 || def.dst().id == x.id) return false;
        if (db == ub && d < u) return !assigns(db.insns.subList(d + 1, u), x);
        if (assigns(db.insns.subList(d + 1, db.insns.size()), x) || assigns(ub.insns.subList(0, u), x)) return false;
        // the blocks strictly between: reached from db's successors and reaching ub's
        // predecessors, neither search going through db (entering db runs def again)
        Set<BasicBlock> from = reach(ControlFlow.successors(db), db, true);
        for (BasicBlock b : reach(cfg.predecessors(ub), db, false))
            if (from.contains(b) && assigns(b.insns, x)) return false;
        return true;
    }

    private static int indexOf(BasicBlock b, Insn i) {
        for (int k = 0; k < b.insns.size(); k++) if (b.insns.get(k) == i) return k;
        return -1;
    }

    private static boolean assigns(List<Insn> insns, Reg x) {
        for (Insn i : insns) if (i.dst() != null && i.dst().id == x.id) return true;
        return false;
    }

    /** The blocks reached from start, forwards or backwards, without going through stop. */
    private Set<BasicBlock> reach(List<BasicBlock> start, BasicBlock stop, boolean forwards) {
        Set<BasicBlock> seen = new HashSet<>();
        java.util.ArrayDeque<BasicBlock> work = new java.util.ArrayDeque<>();
        for (BasicBlock s : start) if (s != stop && seen.add(s)) work.add(s);
        while (!work.isEmpty()) {
            BasicBlock b = work.poll();
            for (BasicBlock n : forwards ? ControlFlow.successors(b) : cfg.predecessors(b))
                if (n != stop && seen.add(n)) work.add(n);
        }
        return seen;
    }
}
