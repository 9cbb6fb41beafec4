package jomp.compiler.jvm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.ControlFlow;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Moves every innermost loop that sits inside another loop into a static method of its own,
 * called where the loop was. This is for HotSpot, not for C: a loop nest that runs once (C's
 * {@code main} typically) is compiled by on-stack replacement, entered at the hottest backedge,
 * the innermost loop's, with the loop counter read from the interpreter's frame. C2 then knows
 * nothing of the counter's range and cannot fold {@code p + sext(j) * 8} into an addressing
 * mode: every unrolled iteration recomputes its address (matmul 0.52 s against 0.42 s with
 * the inner loop in a function). As a method of its own the inner loop is compiled the normal
 * way, from its real start, and is usually inlined back into the caller's compiled code, whose
 * on-stack replacement now enters one loop further out.
 *
 * <p>A loop is moved when it is small (see {@link #MAX_INSNS}) and can be called like a
 * function: one entry (its header) and no frame allocation inside ({@code alloca}, stack
 * save/restore). Registers live at the header become parameters; frame-slot addresses the loop
 * takes are computed by the caller and passed in. A loop with one exit target and one register
 * it assigns still live there returns that register; otherwise such registers are stored in a
 * slot of the caller's frame whose address the caller passes, and a loop with several exit
 * targets returns which one it took.
 */
final class LoopOutliner {
    /** More parameters than this and the call would cost more than it saves. */
    private static final int MAX_PARAMS = 24;
    /**
     * Larger loops stay: C2 inlines a hot method of up to 325 bytes of bytecode (FreqInlineSize),
     * about 40 IR instructions, so a small outlined loop costs nothing where its function is
     * compiled the normal way; a large one would become a real call per outer iteration.
     */
    private static final int MAX_INSNS = 40;
    /** Registers live after the loop beyond one go through memory; more than this and the loop stays. */
    private static final int MAX_RESULTS = 8;

    private final Function f;
    private final Set<String> taken;
    private final List<Function> created = new ArrayList<>();

    private List<BasicBlock> blocks;
    private Map<BasicBlock, Integer> index;
    private List<List<Integer>> succ, pred;

    private LoopOutliner(Function f, Set<String> taken) {
        this.f = f;
        this.taken = taken;
    }

    /**
     * Outlines f's nested innermost loops; returns the new functions (f is rewritten in place).
     * {@code taken} holds the names in use and receives the new ones.
     */
    static List<Function> run(Function f, Set<String> taken) {
        LoopOutliner o = new LoopOutliner(f, taken);
        while (o.outlineRound()) {
            /* loops that now have no inner loop: analyse again */
        }
        return o.created;
    }

    // ---- control flow -------------------------------------------------------------------

    /** Blocks by index in f.blocks, with successor and predecessor indices (for the liveness bit sets). */
    private void buildCfg() {
        blocks = f.blocks;
        index = new HashMap<>();
        for (int i = 0; i < blocks.size(); i++) index.put(blocks.get(i), i);
        succ = new ArrayList<>();
        pred = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            succ.add(new ArrayList<>());
            pred.add(new ArrayList<>());
        }
        for (int i = 0; i < blocks.size(); i++) {
            for (BasicBlock t : ControlFlow.successors(blocks.get(i))) {
                Integer j = index.get(t);
                if (j == null) continue;
                if (!succ.get(i).contains(j)) {
                    succ.get(i).add(j);
                    pred.get(j).add(i);
                }
            }
        }
    }

    /** ControlFlow's natural loops, as header index → the indices of its blocks. */
    private Map<Integer, BitSet> naturalLoops() {
        Map<Integer, BitSet> loops = new LinkedHashMap<>();
        for (var e : new ControlFlow(f).naturalLoops().entrySet()) {
            BitSet body = new BitSet();
            for (BasicBlock b : e.getValue()) body.set(index.get(b));
            loops.put(index.get(e.getKey()), body);
        }
        return loops;
    }

    // ---- the transformation -------------------------------------------------------------

    /**
     * Outlines every candidate the analysis at the round's start finds. The candidates are
     * disjoint, and outlining one leaves the others' blocks, and the liveness at their headers
     * and exits, as they were (at most a superset of the truth, which costs an unneeded
     * parameter or result, never a wrong value), so one analysis serves the whole round: a
     * function with thousands of loops is analysed once per nesting level, not once per loop.
     */
    private boolean outlineRound() {
        buildCfg();
        if (blocks.isEmpty()) return false;
        Map<Integer, BitSet> loops = naturalLoops();
        Liveness live = null;
        boolean any = false;
        for (Map.Entry<Integer, BitSet> e : loops.entrySet()) {
            int h = e.getKey();
            BitSet body = e.getValue();
            boolean innermost = true, nested = false;
            for (Map.Entry<Integer, BitSet> o : loops.entrySet()) {
                if (o.getKey() == h) continue;
                if (body.get(o.getKey())) innermost = false;
                if (o.getValue().get(h)) nested = true;
            }
            if (!innermost || !nested) continue;
            if (live == null) live = Liveness.of(f);
            any |= outline(h, body, live);
        }
        if (any) f.blocks.removeIf(removed::contains);
        removed.clear();
        return any;
    }

    /** Blocks of loops outlined in this round, removed from f at its end (until then indices hold). */
    private final java.util.Set<BasicBlock> removed = new java.util.HashSet<>();

    private boolean outline(int h, BitSet body, Liveness live) {
        Loop loop = loop(h, body, live);
        if (loop == null) return false;
        Function g = function(h, body, loop);
        call(h, body, loop, g);
        created.add(g);
        return true;
    }

    /**
     * A loop that can be a call: the frame slots whose addresses it takes (by parameter number),
     * its registers by id, those live at its header that it reads (its parameters), its exit
     * targets, and the register it returns or those it leaves in the caller's results slot.
     */
    private record Loop(
            Map<Slot, Integer> slots,
            Map<Integer, Reg> regs,
            BitSet params,
            List<BasicBlock> exits,
            Reg result,
            List<Reg> results) {}

    /** What the loop at h touches, or null when it cannot be a call (or is not worth one). */
    private Loop loop(int h, BitSet body, Liveness live) {
        BitSet referenced = new BitSet(), assigned = new BitSet();
        Map<Slot, Integer> slots = new LinkedHashMap<>();
        Map<Integer, Reg> regs = new HashMap<>();
        int size = 0;
        for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) {
            BasicBlock bb = blocks.get(b);
            size += bb.insns.size() + 1;
            if (size > MAX_INSNS) return null;
            for (Insn insn : bb.insns) {
                switch (insn) {
                    case Insn.Alloca a -> {
                        return null;
                    }
                    case Insn.StackSave s -> {
                        return null;
                    }
                    case Insn.StackRestore s -> {
                        return null;
                    }
                    // a longjmp may come back after the loop: the setjmp's frame must be the function's
                    case Insn.Call c
                    when c.returnsTwice() -> {
                        return null;
                    }
                    case Insn.SlotAddr s -> slots.putIfAbsent(s.slot(), slots.size());
                    default -> {}
                }
                for (Value v : Operands.of(insn))
                    if (v instanceof Reg r) {
                        referenced.set(r.id);
                        regs.put(r.id, r);
                    }
                if (insn.dst() != null) {
                    referenced.set(insn.dst().id);
                    assigned.set(insn.dst().id);
                    regs.put(insn.dst().id, insn.dst());
                }
            }
            if (!(bb.terminator instanceof Terminator.Br
                    || bb.terminator instanceof Terminator.CondBr
                    || bb.terminator instanceof Terminator.Switch)) return null;
            if (Operands.of(bb.terminator) instanceof Reg r) {
                referenced.set(r.id);
                regs.put(r.id, r);
            }
        }
        List<BasicBlock> exits = new ArrayList<>();
        for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) {
            for (BasicBlock t : ControlFlow.successors(blocks.get(b))) {
                Integer ti = index.get(t);
                if (ti == null) return null;
                if (!body.get(ti) && !exits.contains(t)) exits.add(t);
            }
        }
        if (exits.isEmpty()) return null; // an endless loop: leave it
        BitSet liveOut = new BitSet();
        for (BasicBlock t : exits) live.addLiveIn(t, liveOut);
        liveOut.and(assigned);
        if (liveOut.cardinality() > MAX_RESULTS) return null;
        BitSet params = new BitSet();
        live.addLiveIn(blocks.get(h), params);
        params.and(referenced);
        // one result with one exit is returned; otherwise results go through a slot of f's frame
        Reg result = liveOut.cardinality() == 1 && exits.size() == 1 ? regs.get(liveOut.nextSetBit(0)) : null;
        List<Reg> results = new ArrayList<>();
        if (result == null)
            for (int r = liveOut.nextSetBit(0); r >= 0; r = liveOut.nextSetBit(r + 1)) results.add(regs.get(r));
        if (params.cardinality() + slots.size() + (results.isEmpty() ? 0 : 1) > MAX_PARAMS) return null;
        return new Loop(slots, regs, params, exits, result, results);
    }

    /** The new function: the loop's blocks, entered at its header, returning at each exit. */
    private Function function(int h, BitSet body, Loop loop) {
        Map<Slot, Integer> slots = loop.slots();
        Map<Integer, Reg> regs = loop.regs();
        BitSet params = loop.params();
        List<BasicBlock> exits = loop.exits();
        Reg result = loop.result();
        List<Reg> results = loop.results();
        IrType ret = result != null ? result.type() : exits.size() > 1 ? IrType.I32 : IrType.VOID;
        List<IrType> paramTypes = new ArrayList<>();
        for (int r = params.nextSetBit(0); r >= 0; r = params.nextSetBit(r + 1))
            paramTypes.add(regs.get(r).type());
        for (int i = 0; i < slots.size(); i++) paramTypes.add(IrType.PTR);
        if (!results.isEmpty()) paramTypes.add(IrType.PTR);
        String name;
        int k = 1;
        do name = f.name + ".loop." + k++;
        while (!taken.add(name));
        Function g = new Function(name, new FuncType(ret, paramTypes, false), true);
        g.declareTarget = f.declareTarget;
        Map<Integer, Reg> map = new HashMap<>();
        for (int r = params.nextSetBit(0); r >= 0; r = params.nextSetBit(r + 1)) {
            Reg p = g.newReg(regs.get(r).type(), regs.get(r).name);
            g.params.add(p);
            map.put(r, p);
        }
        List<Reg> slotParams = new ArrayList<>();
        for (Slot s : slots.keySet()) {
            Reg p = g.newReg(IrType.PTR, s.name);
            g.params.add(p);
            slotParams.add(p);
        }
        Reg resultArea = results.isEmpty() ? null : g.newReg(IrType.PTR, "results");
        if (resultArea != null) g.params.add(resultArea);
        java.util.function.Function<Reg, Reg> regOf = r -> map.computeIfAbsent(r.id, id -> g.newReg(r.type(), r.name));
        java.util.function.UnaryOperator<Value> valueOf = v -> v instanceof Reg r ? regOf.apply(r) : v;

        BasicBlock gEntry = g.newBlock("entry");
        Map<BasicBlock, BasicBlock> blockMap = new HashMap<>();
        for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) {
            BasicBlock bb = blocks.get(b);
            blockMap.put(bb, g.newBlock(hint(bb.name)));
        }
        Map<BasicBlock, BasicBlock> exitMap = new HashMap<>();
        for (int i = 0; i < exits.size(); i++) {
            BasicBlock x = g.newBlock("exit");
            for (int k2 = 0; k2 < results.size(); k2++) {
                Reg at = g.newReg(IrType.PTR);
                x.insns.add(new Insn.Binary(Insn.BinOp.ADD, at, resultArea, IntConst.i64(8L * k2)));
                x.insns.add(new Insn.Store(regOf.apply(results.get(k2)), at));
            }
            Value v = result != null ? regOf.apply(result) : exits.size() > 1 ? IntConst.i32(i) : null;
            x.terminator = new Terminator.Ret(v);
            exitMap.put(exits.get(i), x);
        }
        gEntry.terminator = new Terminator.Br(blockMap.get(blocks.get(h)));
        for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) {
            BasicBlock from = blocks.get(b), to = blockMap.get(from);
            for (Insn insn : from.insns) {
                Insn m;
                if (insn instanceof Insn.SlotAddr s)
                    m = new Insn.Copy(regOf.apply(s.dst()), slotParams.get(slots.get(s.slot())));
                else {
                    m = Operands.map(insn, valueOf);
                    if (m.dst() != null) m = Operands.withDst(m, regOf.apply(m.dst()));
                }
                to.insns.add(m);
                g.setLine(m, f.line(insn)); // -g: the loop's lines go with it
            }
            to.terminator = retarget(Operands.map(from.terminator, valueOf), blockMap, exitMap);
            g.setLine(to.terminator, f.line(from.terminator));
        }
        return g;
    }

    /** The call where the loop was: the header becomes it, the other blocks go. */
    private void call(int h, BitSet body, Loop loop, Function g) {
        Map<Slot, Integer> slots = loop.slots();
        List<BasicBlock> exits = loop.exits();
        Reg result = loop.result();
        List<Reg> results = loop.results();
        List<Value> args = new ArrayList<>();
        BitSet params = loop.params();
        for (int r = params.nextSetBit(0); r >= 0; r = params.nextSetBit(r + 1))
            args.add(loop.regs().get(r));
        BasicBlock header = blocks.get(h);
        int line = f.line(header.insns.isEmpty() ? header.terminator : header.insns.get(0));
        header.insns.clear();
        for (Slot s : slots.keySet()) {
            Reg a = f.newReg(IrType.PTR);
            header.insns.add(new Insn.SlotAddr(a, s));
            args.add(a);
        }
        Reg area = null;
        if (!results.isEmpty()) {
            area = f.newReg(IrType.PTR);
            header.insns.add(new Insn.SlotAddr(area, f.newSlot("results", 8L * results.size(), 8)));
            args.add(area);
        }
        Reg which = exits.size() > 1 ? f.newReg(IrType.I32) : null;
        header.insns.add(new Insn.Call(which != null ? which : result, g.name, g.type, args));
        f.setLine(header.insns.get(header.insns.size() - 1), line);
        for (int k2 = 0; k2 < results.size(); k2++) {
            Reg at = f.newReg(IrType.PTR);
            header.insns.add(new Insn.Binary(Insn.BinOp.ADD, at, area, IntConst.i64(8L * k2)));
            header.insns.add(new Insn.Load(results.get(k2), at));
        }
        if (which != null) {
            List<Long> cases = new ArrayList<>();
            for (int i = 0; i < exits.size() - 1; i++) cases.add((long) i);
            header.terminator = new Terminator.Switch(
                    which, exits.get(exits.size() - 1), cases, List.copyOf(exits.subList(0, exits.size() - 1)));
        } else {
            header.terminator = new Terminator.Br(exits.get(0));
        }
        f.setLine(header.terminator, line);
        for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) if (b != h) removed.add(blocks.get(b));
    }

    private static Terminator retarget(
            Terminator t, Map<BasicBlock, BasicBlock> inside, Map<BasicBlock, BasicBlock> exits) {
        java.util.function.UnaryOperator<BasicBlock> to = b -> inside.containsKey(b) ? inside.get(b) : exits.get(b);
        return switch (t) {
            case Terminator.Br b -> new Terminator.Br(to.apply(b.target()));
            case Terminator.CondBr c -> new Terminator.CondBr(c.cond(), to.apply(c.ifTrue()), to.apply(c.ifFalse()));
            case Terminator.Switch s ->
                new Terminator.Switch(
                        s.value(),
                        to.apply(s.defaultTarget()),
                        s.cases(),
                        s.targets().stream().map(to).toList());
            case Terminator.Ret r -> r;
        };
    }

    /** A block name without its ".N" suffix, so the new function's names stay readable. */
    private static String hint(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 && name.substring(dot + 1).chars().allMatch(Character::isDigit) ? name.substring(0, dot) : name;
    }
}
