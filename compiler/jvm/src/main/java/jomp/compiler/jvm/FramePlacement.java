package jomp.compiler.jvm;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.ControlFlow;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;

/**
 * Where a method allocates its frame slots' block on the native stack: the block nearest the
 * entry that dominates every slot address, when that block lies on no cycle (so it runs at most
 * once per call); else the entry. A slot used only on a rare path ({@code TValue aux} for a
 * table miss, a key boxed for a slow lookup) then costs the common path nothing but the saved
 * stack pointer its return restores.
 *
 * <p>The stack pointer at that block is the entry's: callees restore it, and a function that
 * moves it itself ({@code alloca}, a VLA's save and restore) or calls setjmp keeps its frame at
 * the entry (the caller checks that).
 */
final class FramePlacement {
    private FramePlacement() {}

    /** The block at whose start f's frame is allocated. */
    static BasicBlock of(Function f) {
        ControlFlow cfg = new ControlFlow(f);
        BasicBlock at = null;
        for (BasicBlock b : cfg.rpo) {
            if (b.insns.stream().noneMatch(i -> i instanceof Insn.SlotAddr)) continue;
            at = at == null ? b : commonDominator(cfg, at, b);
        }
        if (at == null || onCycle(at)) return f.entry();
        return at;
    }

    private static BasicBlock commonDominator(ControlFlow cfg, BasicBlock a, BasicBlock b) {
        BasicBlock d = a;
        while (!cfg.dominates(d, b)) d = cfg.idom(d);
        return d;
    }

    /** Whether a path leads from b back to b. */
    private static boolean onCycle(BasicBlock b) {
        Set<BasicBlock> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<BasicBlock> work = new ArrayDeque<>(ControlFlow.successors(b));
        while (!work.isEmpty()) {
            BasicBlock n = work.pop();
            if (n == b) return true;
            if (seen.add(n)) work.addAll(ControlFlow.successors(n));
        }
        return false;
    }
}
