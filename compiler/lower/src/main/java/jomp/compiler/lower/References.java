package jomp.compiler.lower;

import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;

/** The symbols a compiled function refers to: what it calls and whose address it takes. */
final class References {
    private References() {}

    static void of(Function f, Set<String> out) {
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                switch (i) {
                    case Insn.Call c -> out.add(c.callee());
                    case Insn.FuncAddr a -> out.add(a.symbol());
                    case Insn.GlobalAddr a -> out.add(a.symbol());
                    default -> {}
                }
            }
        }
    }
}
