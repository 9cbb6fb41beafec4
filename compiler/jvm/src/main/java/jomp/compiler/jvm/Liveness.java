package jomp.compiler.jvm;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.ControlFlow;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * The registers live on entry to each block (registers are not SSA: classic backward dataflow).
 * Only registers that some block reads before writing them can be live at a block's start, so
 * the sets range over those alone: a function of tens of thousands of registers, most of them
 * temporaries of one statement, has a few hundred such.
 */
final class Liveness {
    private final Map<BasicBlock, BitSet> in = new IdentityHashMap<>();
    /** Dense index → register id, for the registers that can be live across blocks. */
    private final int[] ids;

    private Liveness(List<BasicBlock> blocks) {
        int n = blocks.size();
        Map<BasicBlock, Integer> index = new IdentityHashMap<>();
        for (int i = 0; i < n; i++) index.put(blocks.get(i), i);
        // the registers each block reads before writing them (by register id)
        BitSet[] exposed = new BitSet[n];
        BitSet any = new BitSet();
        for (int i = 0; i < n; i++) {
            exposed[i] = upwardExposed(blocks.get(i));
            any.or(exposed[i]);
        }
        ids = any.stream().toArray();
        Map<Integer, Integer> dense = new HashMap<>();
        for (int k = 0; k < ids.length; k++) dense.put(ids[k], k);
        BitSet[] use = new BitSet[n], def = new BitSet[n], live = new BitSet[n];
        int[][] preds = new int[n][];
        int[] predCount = new int[n];
        for (int i = 0; i < n; i++) {
            use[i] = new BitSet();
            def[i] = new BitSet();
            live[i] = new BitSet();
            for (int r = exposed[i].nextSetBit(0); r >= 0; r = exposed[i].nextSetBit(r + 1)) use[i].set(dense.get(r));
            for (Insn insn : blocks.get(i).insns) {
                Integer d = insn.dst() == null ? null : dense.get(insn.dst().id);
                if (d != null) def[i].set(d);
            }
            for (BasicBlock s : ControlFlow.successors(blocks.get(i))) {
                Integer j = index.get(s);
                if (j != null) predCount[j]++;
            }
        }
        for (int i = 0; i < n; i++) preds[i] = new int[predCount[i]];
        java.util.Arrays.fill(predCount, 0);
        for (int i = 0; i < n; i++) {
            for (BasicBlock s : ControlFlow.successors(blocks.get(i))) {
                Integer j = index.get(s);
                if (j != null) preds[j][predCount[j]++] = i;
            }
        }
        // a worklist: a block is looked at again only when a successor's set grew
        ArrayDeque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        for (int i = n - 1; i >= 0; i--) {
            work.add(i);
            queued[i] = true;
        }
        while (!work.isEmpty()) {
            int i = work.poll();
            queued[i] = false;
            BitSet out = new BitSet();
            for (BasicBlock s : ControlFlow.successors(blocks.get(i))) {
                Integer j = index.get(s);
                if (j != null) out.or(live[j]);
            }
            out.andNot(def[i]);
            out.or(use[i]);
            if (out.equals(live[i])) continue;
            live[i] = out;
            for (int p : preds[i])
                if (!queued[p]) {
                    queued[p] = true;
                    work.add(p);
                }
        }
        for (int i = 0; i < n; i++) in.put(blocks.get(i), live[i]);
    }

    static Liveness of(Function f) {
        return new Liveness(f.blocks);
    }

    /** The registers a block reads before it writes them (its terminator included), by id. */
    static BitSet upwardExposed(BasicBlock b) {
        BitSet use = new BitSet(), def = new BitSet();
        for (Insn insn : b.insns) {
            for (Value v : Operands.of(insn)) if (v instanceof Reg r && !def.get(r.id)) use.set(r.id);
            if (insn.dst() != null) def.set(insn.dst().id);
        }
        if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r && !def.get(r.id)) use.set(r.id);
        return use;
    }

    /** Whether b's live set is known (b was one of the function's blocks when this was computed). */
    boolean knows(BasicBlock b) {
        return in.containsKey(b);
    }

    /** Adds the ids of the registers live on entry to b to {@code into}. */
    void addLiveIn(BasicBlock b, BitSet into) {
        BitSet live = in.get(b);
        if (live == null) throw new IllegalStateException("no liveness for block " + b);
        for (int k = live.nextSetBit(0); k >= 0; k = live.nextSetBit(k + 1)) into.set(ids[k]);
    }
}
