package jomp.compiler.opt;

import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * Removes instructions without side effects whose result register is never read, repeating
 * while removals make more registers unread. A call whose result is unread keeps the call and
 * drops the result. Frame slots whose address no instruction takes any more go too.
 */
public final class DeadCodeElimination implements Pass {
    @Override
    public String name() {
        return "dead-code-elimination";
    }

    @Override
    public boolean run(Function f) {
        boolean changed = false;
        boolean again = true;
        while (again) {
            again = false;
            int[] uses = new int[f.regCount()];
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns) for (Value v : Operands.of(i)) if (v instanceof Reg r) uses[r.id]++;
                if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r) uses[r.id]++;
            }
            // Backwards, so that a chain of dead instructions goes in one sweep.
            for (int bi = f.blocks.size() - 1; bi >= 0; bi--) {
                BasicBlock b = f.blocks.get(bi);
                for (int k = b.insns.size() - 1; k >= 0; k--) {
                    Insn i = b.insns.get(k);
                    Reg d = i.dst();
                    boolean dead = d != null && uses[d.id] == 0;
                    if (dead && Operands.isPure(i) || i instanceof Insn.Copy c && c.src() == c.dst()) {
                        for (Value v : Operands.of(i)) if (v instanceof Reg r) uses[r.id]--;
                        b.insns.set(k, null);
                        again = true;
                    } else if (dead && i instanceof Insn.Call c) {
                        b.insns.set(k, c.withArgs(null, c.args()));
                        f.moveLine(i, b.insns.get(k));
                    } else if (dead && i instanceof Insn.CallIndirect c) {
                        b.insns.set(k, c.withArgs(null, c.target(), c.args()));
                        f.moveLine(i, b.insns.get(k));
                    }
                }
                b.insns.removeIf(java.util.Objects::isNull);
            }
            changed |= again;
        }
        if (!f.slots.isEmpty()) {
            java.util.Set<jomp.compiler.ir.Slot> named =
                    java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            for (BasicBlock b : f.blocks) for (Insn i : b.insns) if (i instanceof Insn.SlotAddr s) named.add(s.slot());
            changed |= f.slots.retainAll(named);
        }
        return changed;
    }
}
