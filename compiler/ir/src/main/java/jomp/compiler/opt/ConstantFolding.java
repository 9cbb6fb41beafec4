package jomp.compiler.opt;

import java.util.ListIterator;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Folds operations on constants into copies of the result, substitutes registers that are
 * assigned exactly once from a constant (a register read before its only assignment is an
 * uninitialised C variable, whose value C leaves undefined), and turns branches and switches
 * on constants into jumps. Repeats until nothing changes.
 */
public final class ConstantFolding implements Pass {
    @Override
    public String name() {
        return "constant-folding";
    }

    @Override
    public boolean run(Function f) {
        boolean changed = false;
        boolean again = true;
        while (again) {
            again = false;
            int[] defs = new int[f.regCount()];
            Value[] known = constantRegisters(f, defs);
            for (BasicBlock b : f.blocks) {
                for (ListIterator<Insn> it = b.insns.listIterator(); it.hasNext(); ) {
                    Insn insn = it.next();
                    Insn r = Operands.map(insn, v -> v instanceof Reg reg && known[reg.id] != null ? known[reg.id] : v);
                    Value c = fold(r);
                    if (c != null) r = new Insn.Copy(r.dst(), c);
                    // Known at once, so chains of folds settle in one sweep when defined before used.
                    if (c != null && defs[r.dst().id] == 1) known[r.dst().id] = c;
                    if (r != insn) {
                        f.moveLine(insn, r);
                        it.set(r);
                        again = true;
                    }
                }
                if (b.terminator != null) {
                    Terminator t = Operands.map(
                            b.terminator, v -> v instanceof Reg reg && known[reg.id] != null ? known[reg.id] : v);
                    t = foldBranch(t);
                    if (!t.equals(b.terminator)) {
                        f.moveLine(b.terminator, t);
                        b.terminator = t;
                        again = true;
                    }
                }
            }
            changed |= again;
        }
        return changed;
    }

    /** For each register id, its constant if its only assignment is a copy of one. */
    private static Value[] constantRegisters(Function f, int[] defs) {
        int n = f.regCount();
        Value[] value = new Value[n];
        for (Reg p : f.params) defs[p.id]++;
        if (f.vaArea != null) defs[f.vaArea.id]++;
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns) {
                Reg d = i.dst();
                if (d == null) continue;
                defs[d.id]++;
                if (i instanceof Insn.Copy c && !(c.src() instanceof Reg)) value[d.id] = c.src();
            }
        for (int i = 0; i < n; i++) if (defs[i] != 1) value[i] = null;
        return value;
    }

    private static Value fold(Insn i) {
        return switch (i) {
            case Insn.Binary b -> Fold.binary(b.op(), b.a(), b.b());
            case Insn.Unary u -> Fold.unary(u.op(), u.a());
            case Insn.Cmp c -> Fold.cmp(c.op(), c.a(), c.b());
            case Insn.Convert c -> Fold.convert(c.op(), c.src(), c.dst().type());
            default -> null;
        };
    }

    private static Terminator foldBranch(Terminator t) {
        if (t instanceof Terminator.CondBr c && c.cond() instanceof IntConst k)
            return new Terminator.Br(k.value() != 0 ? c.ifTrue() : c.ifFalse());
        if (t instanceof Terminator.Switch s && s.value() instanceof IntConst k) {
            int i = s.cases().indexOf(k.value());
            return new Terminator.Br(i >= 0 ? s.targets().get(i) : s.defaultTarget());
        }
        return t;
    }
}
