package jomp.frontend.opt;

import jomp.frontend.ir.Function;
import jomp.frontend.ir.Module;

import java.util.List;

/**
 * Runs the optimisation passes over every function of a module. At -O0 only unreachable blocks
 * are removed (they may lack terminators); at -O1 and above the passes run in order, twice,
 * since folding exposes dead code and dead code exposes block merges. At -O2 and above,
 * {@link LoopInvariants} then moves invariant address arithmetic out of loops, and dead code
 * elimination removes what it left behind.
 */
public final class PassManager {
    private PassManager() {}

    public static List<Pass> passes(int optLevel) {
        if (optLevel <= 0) return List.of();
        return List.of(new ConstantFolding(), new CopyPropagation(), new DeadCodeElimination(), new SimplifyCfg(), new BlockOrder());
    }

    public static void run(Module m, int optLevel) {
        List<Pass> passes = passes(optLevel);
        for (Function f : m.functions) {
            SimplifyCfg.removeUnreachable(f);
            for (int round = 0; round < 2; round++) {
                boolean changed = false;
                for (Pass p : passes) changed |= p.run(f);
                if (!changed) break;
            }
            if (optLevel >= 2 && new LoopInvariants().run(f)) new DeadCodeElimination().run(f);
        }
    }
}
