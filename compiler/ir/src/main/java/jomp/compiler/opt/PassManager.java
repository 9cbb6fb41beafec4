package jomp.compiler.opt;

import java.util.List;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Module;

/**
 * Runs the optimisation passes over a module. At -O0 only unreachable blocks are removed (they
 * may lack terminators). At -O1 each function is simplified: the scalar passes run in order,
 * twice, since folding exposes dead code and dead code exposes block merges. At -O2 and above
 * the {@link Inliner} first visits the functions callees first, inlining into each and then
 * simplifying it with, besides the scalar passes, {@link LibCalls} (small memcpy and memset calls
 * to instructions), {@link ByvalCopyElision} (struct argument copies the callee only reads, and
 * chains of copies, onto their original), {@link ScalarReplacement} and {@link PromoteSlots} (struct copies and
 * address-taken locals to registers; {@link ConstantSlots}: loads of slots only constants were
 * stored to at the entry, the union-punning idiom, to constants; then folding, copy propagation and dead code over the
 * copies they leave), and {@link LoopInvariants}, which moves invariant address
 * arithmetic out of loops, with copy propagation and dead code elimination behind it (hoisted
 * code may read a variable's copy), so that one run leaves nothing a second would find. A
 * function that calls setjmp is left as at -O0: neither simplified nor inlined into.
 */
public final class PassManager {
    private PassManager() {}

    public static List<Pass> passes(int optLevel) {
        if (optLevel <= 0) return List.of();
        return List.of(
                new ConstantFolding(),
                new CopyPropagation(),
                new DeadCodeElimination(),
                new JumpThreading(),
                new SimplifyCfg(),
                new BlockOrder());
    }

    /** What {@link #run} does at a level, in pass names, for cc1's pass list. */
    public static String describe(int optLevel) {
        if (optLevel <= 0) return "remove unreachable blocks";
        StringBuilder sb = new StringBuilder();
        if (optLevel >= 2) sb.append(Inliner.NAME).append(" (callees first), then ");
        sb.append("per function: remove unreachable blocks; up to 2 rounds of");
        for (Pass p : passes(optLevel)) sb.append(' ').append(p.name());
        if (optLevel >= 2) {
            sb.append("; ")
                    .append(LibCalls.NAME)
                    .append(", ")
                    .append(ByvalCopyElision.NAME)
                    .append(", ")
                    .append(new ScalarReplacement().name())
                    .append(", ")
                    .append(new PromoteSlots().name())
                    .append(", ")
                    .append(new ConstantSlots().name())
                    .append(
                            " and after them constant-folding, copy-propagation, dead-code-elimination, jump-threading, simplify-cfg, block-order; then ")
                    .append(new LoopInvariants().name())
                    .append(", ")
                    .append(new CopyPropagation().name())
                    .append(", ")
                    .append(new DeadCodeElimination().name());
        }
        return sb.toString();
    }

    private static boolean callsSetjmp(Function f) {
        for (var b : f.blocks)
            for (var i : b.insns) if (i instanceof jomp.compiler.ir.Insn.Call c && c.returnsTwice()) return true;
        return false;
    }

    public static void run(Module m, int optLevel) {
        for (Function f : m.functions) SimplifyCfg.removeUnreachable(f);
        if (optLevel <= 0) return;
        // after setjmp's second return the registers hold what the function last assigned,
        // which no pass here models (copy propagation would read a variable's old copy)
        List<Pass> memory = List.of(
                new LibCalls(m),
                new ByvalCopyElision(new ReadOnlyParams(m)),
                new ScalarReplacement(),
                new PromoteSlots(),
                new ConstantSlots());
        if (optLevel >= 2) Inliner.run(m, optLevel, f -> simplify(f, optLevel, memory), PassManager::callsSetjmp);
        else for (Function f : m.functions) if (!callsSetjmp(f)) simplify(f, optLevel, memory);
    }

    /** The function passes, on one function (memory: the -O2 passes over frame slots, in order). */
    static void simplify(Function f, int optLevel, List<Pass> memory) {
        List<Pass> passes = passes(optLevel);
        rounds(f, passes);
        if (optLevel < 2) return;
        boolean changed = false;
        for (Pass p : memory) changed |= p.run(f);
        if (changed) {
            // the loads and stores became copies: propagate and fold them; a branch on what was a
            // slot may fold, so the blocks are simplified again (the back end's loop outlining
            // takes the blocks as reachable)
            new ConstantFolding().run(f);
            new CopyPropagation().run(f);
            new DeadCodeElimination().run(f);
            new JumpThreading().run(f);
            new SimplifyCfg().run(f);
            new BlockOrder().run(f);
        }
        if (new LoopInvariants().run(f)) {
            // hoisted code may read copies (a loop bound through its variable): propagate them, then drop the dead
            new CopyPropagation().run(f);
            new DeadCodeElimination().run(f);
        }
    }

    private static void rounds(Function f, List<Pass> passes) {
        for (int round = 0; round < 2; round++) {
            boolean changed = false;
            for (Pass p : passes) changed |= p.run(f);
            if (!changed) break;
        }
    }
}
