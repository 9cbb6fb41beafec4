package jomp.compiler.opt;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Terminator;

/**
 * Removes blocks that cannot be reached from the entry (code after return or goto, arms of
 * branches on constants), sends jumps to empty forwarding blocks straight to their target, and
 * merges a block into its only predecessor when that predecessor jumps to it unconditionally.
 */
public final class SimplifyCfg implements Pass {
    @Override
    public String name() {
        return "simplify-cfg";
    }

    @Override
    public boolean run(Function f) {
        boolean changed = threadJumps(f);
        changed |= mergeBlocks(f);
        changed |= removeUnreachable(f);
        return changed;
    }

    /** Removes unreachable blocks; the essential part, run at every level. */
    public static boolean removeUnreachable(Function f) {
        Set<BasicBlock> seen = new HashSet<>();
        ArrayDeque<BasicBlock> work = new ArrayDeque<>();
        work.add(f.entry());
        seen.add(f.entry());
        while (!work.isEmpty()) {
            BasicBlock b = work.poll();
            if (b.terminator == null) continue;
            for (BasicBlock s : b.terminator.successors()) if (seen.add(s)) work.add(s);
        }
        return f.blocks.retainAll(seen);
    }

    /** Where an empty block that only jumps elsewhere finally leads (stopping at cycles). */
    private static BasicBlock forward(BasicBlock b) {
        BasicBlock t = b;
        for (int hops = 0;
                hops < 64 && t.insns.isEmpty() && t.terminator instanceof Terminator.Br br && br.target() != t;
                hops++) t = br.target();
        return t;
    }

    private static boolean threadJumps(Function f) {
        boolean changed = false;
        for (BasicBlock b : f.blocks) {
            Terminator t = b.terminator;
            Terminator n = switch (t) {
                case null -> null;
                case Terminator.Br br -> new Terminator.Br(forward(br.target()));
                case Terminator.CondBr c -> {
                    BasicBlock x = forward(c.ifTrue()), y = forward(c.ifFalse());
                    yield x == y ? new Terminator.Br(x) : new Terminator.CondBr(c.cond(), x, y);
                }
                case Terminator.Switch s ->
                    new Terminator.Switch(
                            s.value(),
                            forward(s.defaultTarget()),
                            s.cases(),
                            s.targets().stream().map(SimplifyCfg::forward).toList());
                case Terminator.Ret r -> r;
            };
            if (n != null && !n.equals(t)) {
                f.moveLine(t, n);
                b.terminator = n;
                changed = true;
            }
        }
        return changed;
    }

    private static boolean mergeBlocks(Function f) {
        Map<BasicBlock, Integer> preds = new HashMap<>();
        for (BasicBlock b : f.blocks)
            if (b.terminator != null) for (BasicBlock s : b.terminator.successors()) preds.merge(s, 1, Integer::sum);
        boolean changed = false;
        Set<BasicBlock> gone = new HashSet<>();
        for (BasicBlock b : f.blocks) {
            if (gone.contains(b)) continue;
            while (b.terminator instanceof Terminator.Br br) {
                BasicBlock s = br.target();
                if (s == b || s == f.entry() || preds.getOrDefault(s, 0) != 1 || gone.contains(s)) break;
                b.insns.addAll(s.insns);
                b.terminator = s.terminator;
                gone.add(s);
                changed = true;
            }
        }
        if (changed) f.blocks.removeAll(gone);
        return changed;
    }
}
