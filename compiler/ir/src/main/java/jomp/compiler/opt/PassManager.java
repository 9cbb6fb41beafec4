package jomp.compiler.opt;

import jomp.compiler.ir.Function;
import jomp.compiler.ir.Module;

import java.util.List;

/**
 * Runs the optimisation passes over every function of a module. At -O0 only unreachable blocks
 * are removed (they may lack terminators); at -O1 and above the passes run in order, twice,
 * since folding exposes dead code and dead code exposes block merges. At -O2 and above,
 * {@link LoopInvariants} then moves invariant address arithmetic out of loops, and copy
 * propagation and dead code elimination clean up behind it (hoisted code may read a variable's
 * copy), so that one run leaves nothing a second would find. A function that calls setjmp is
 * left as at -O0.
 */
public final class PassManager {
    private PassManager() {}

    public static List<Pass> passes(int optLevel) {
        if (optLevel <= 0) return List.of();
        return List.of(new ConstantFolding(), new CopyPropagation(), new DeadCodeElimination(), new SimplifyCfg(), new BlockOrder());
    }

    /** What {@link #run} does at a level, in pass names, for cc1's pass list. */
    public static String describe(int optLevel) {
        if (optLevel <= 0) return "remove unreachable blocks";
        StringBuilder sb = new StringBuilder("per function: remove unreachable blocks; up to 2 rounds of");
        for (Pass p : passes(optLevel)) sb.append(' ').append(p.name());
        if (optLevel >= 2) sb.append("; then ").append(new LoopInvariants().name()).append(", ").append(new CopyPropagation().name()).append(", ").append(new DeadCodeElimination().name());
        return sb.toString();
    }

    private static boolean callsSetjmp(Function f) {
        for (var b : f.blocks) for (var i : b.insns) if (i instanceof jomp.compiler.ir.Insn.Call c && c.returnsTwice()) return true;
        return false;
    }

    public static void run(Module m, int optLevel) {
        List<Pass> passes = passes(optLevel);
        for (Function f : m.functions) {
            SimplifyCfg.removeUnreachable(f);
            // after setjmp's second return the registers hold what the function last assigned,
            // which no pass here models (copy propagation would read a variable's old copy)
            if (callsSetjmp(f)) continue;
            for (int round = 0; round < 2; round++) {
                boolean changed = false;
                for (Pass p : passes) changed |= p.run(f);
                if (!changed) break;
            }
            if (optLevel >= 2 && new LoopInvariants().run(f)) {
                // hoisted code may read copies (a loop bound through its variable): propagate them, then drop the dead
                new CopyPropagation().run(f);
                new DeadCodeElimination().run(f);
            }
        }
    }
}
