package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * Within each block, replaces reads of a register that was last assigned {@code copy v} by v,
 * as long as neither has been assigned since. Local only, so it needs no data-flow analysis.
 */
public final class CopyPropagation implements Pass {
    @Override
    public String name() {
        return "copy-propagation";
    }

    @Override
    public boolean run(Function f) {
        boolean changed = false;
        Map<Reg, Value> copies = new HashMap<>();
        // copy sources → the registers holding a copy of them, to forget those when the source changes
        Map<Reg, List<Reg>> holders = new HashMap<>();
        for (BasicBlock b : f.blocks) {
            copies.clear();
            holders.clear();
            for (ListIterator<Insn> it = b.insns.listIterator(); it.hasNext(); ) {
                Insn insn = it.next();
                Insn r = Operands.map(insn, v -> v instanceof Reg reg ? copies.getOrDefault(reg, v) : v);
                if (r != insn) {
                    f.moveLine(insn, r);
                    it.set(r);
                    changed = true;
                }
                Reg d = r.dst();
                if (d == null) continue;
                copies.remove(d);
                List<Reg> hs = holders.remove(d);
                if (hs != null) for (Reg h : hs) if (copies.get(h) == d) copies.remove(h);
                if (r instanceof Insn.Copy c && c.src() != d) {
                    copies.put(d, c.src());
                    if (c.src() instanceof Reg s)
                        holders.computeIfAbsent(s, k -> new ArrayList<>()).add(d);
                }
            }
            if (b.terminator != null) {
                var t = Operands.map(b.terminator, v -> v instanceof Reg reg ? copies.getOrDefault(reg, v) : v);
                if (!t.equals(b.terminator)) {
                    f.moveLine(b.terminator, t);
                    b.terminator = t;
                    changed = true;
                }
            }
        }
        return changed;
    }
}
