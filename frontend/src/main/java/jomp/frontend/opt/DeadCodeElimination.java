package jomp.frontend.opt;

import jomp.frontend.ir.BasicBlock;
import jomp.frontend.ir.Function;
import jomp.frontend.ir.Insn;
import jomp.frontend.ir.Reg;
import jomp.frontend.ir.Value;

/**
 * Removes instructions without side effects whose result register is never read, repeating
 * while removals make more registers unread. A call whose result is unread keeps the call and
 * drops the result.
 */
public final class DeadCodeElimination implements Pass {
    @Override public String name() { return "dead-code-elimination"; }

    @Override public boolean run(Function f) {
        boolean changed = false;
        boolean again = true;
        while (again) {
            again = false;
            int[] uses = new int[f.regCount()];
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns)
                    for (Value v : Operands.of(i)) if (v instanceof Reg r) uses[r.id]++;
                if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r) uses[r.id]++;
            }
            for (BasicBlock b : f.blocks) {
                again |= b.insns.removeIf(i -> i.dst() != null && uses[i.dst().id] == 0 && Operands.isPure(i)
                    || i instanceof Insn.Copy c && c.src() == c.dst());
                b.insns.replaceAll(i -> switch (i) {
                    case Insn.Call c when c.dst() != null && uses[c.dst().id] == 0 -> new Insn.Call(null, c.callee(), c.type(), c.args());
                    case Insn.CallIndirect c when c.dst() != null && uses[c.dst().id] == 0 -> new Insn.CallIndirect(null, c.target(), c.type(), c.args());
                    default -> i;
                });
            }
            changed |= again;
        }
        return changed;
    }
}
