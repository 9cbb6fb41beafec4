package jomp.compiler.opt;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * Which pointer parameters of the unit's functions are only read through (LLVM's readonly and
 * nocapture together): the parameter is never assigned, and it and the addresses made from it
 * by constant offsets and copies are only load addresses, memcpy sources, and arguments of
 * read-only parameters of calls (its own position in a call of the function itself included);
 * never stored, returned, compared or passed elsewhere. Answered per function on demand and
 * remembered: a function met again while its own answer is being worked out (mutual recursion)
 * counts as writing, which is safe. The answer is about what a function does, which simplifying
 * it does not change, so an answer stays true.
 */
final class ReadOnlyParams {
    private final Module m;
    private final Map<String, boolean[]> known = new HashMap<>();
    private final Set<String> working = new HashSet<>();

    ReadOnlyParams(Module m) {
        this.m = m;
    }

    /** For each parameter of the function named, whether it is only read through; null for a function not defined here. */
    boolean[] of(String name) {
        boolean[] r = known.get(name);
        if (r != null) return r;
        Function g = m.function(name);
        if (g == null || !working.add(name)) return null;
        r = new boolean[g.params.size()];
        for (int i = 0; i < r.length; i++) r[i] = !g.weak && g.params.get(i).type() == IrType.PTR && onlyRead(g, i);
        working.remove(name);
        known.put(name, r);
        return r;
    }

    /** Whether parameter i of call c only reads through it. */
    boolean reads(Insn.Call c, int i) {
        boolean[] r = of(c.callee());
        return r != null && i < r.length && r[i];
    }

    /** Whether f only reads through p (one of its parameters, or another register: then as f's code treats it). */
    boolean onlyRead(Function f, int param) {
        return onlyRead(f, f.params.get(param), param);
    }

    private boolean onlyRead(Function f, Reg p, int param) {
        Set<Integer> d = derivedAddresses(f, p);
        if (d == null) return false;
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                boolean ok = switch (i) {
                    case Insn.Load l -> true;
                    case Insn.MemCopy c -> !in(d, c.dstAddr()) && !in(d, c.size());
                    case Insn.Copy c -> d.contains(c.dst().id) || !in(d, c.src());
                    case Insn.Binary bin -> d.contains(bin.dst().id) || !in(d, bin.a()) && !in(d, bin.b());
                    case Insn.Call c -> {
                        for (int k = 0; k < c.args().size(); k++)
                            if (in(d, c.args().get(k)) && !(c.callee().equals(f.name) && k == param) && !reads(c, k))
                                yield false;
                        yield true;
                    }
                    default -> {
                        for (Value v : Operands.of(i)) if (in(d, v)) yield false;
                        yield true;
                    }
                };
                if (!ok) return false;
            }
            if (b.terminator != null && in(d, Operands.of(b.terminator))) return false;
        }
        return true;
    }

    static boolean in(Set<Integer> d, Value v) {
        return v instanceof Reg r && d.contains(r.id);
    }

    /**
     * p and the registers assigned once from it by {@code add/sub ptr x, constant} or
     * {@code copy}; null when p itself is assigned.
     */
    static Set<Integer> derivedAddresses(Function f, Reg p) {
        Map<Integer, Integer> defs = new HashMap<>();
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns) if (i.dst() != null) defs.merge(i.dst().id, 1, Integer::sum);
        if (defs.containsKey(p.id)) return null;
        Set<Integer> d = new HashSet<>(Set.of(p.id));
        for (boolean again = true; again; ) {
            again = false;
            for (BasicBlock b : f.blocks)
                for (Insn i : b.insns) {
                    Reg r = i.dst();
                    if (r == null || d.contains(r.id) || defs.get(r.id) != 1) continue;
                    boolean from = switch (i) {
                        case Insn.Copy c -> in(d, c.src());
                        case Insn.Binary bin ->
                            r.type() == IrType.PTR
                                    && (bin.op() == Insn.BinOp.ADD || bin.op() == Insn.BinOp.SUB)
                                    && in(d, bin.a())
                                    && bin.b() instanceof IntConst;
                        default -> false;
                    };
                    if (from) {
                        d.add(r.id);
                        again = true;
                    }
                }
        }
        return d;
    }
}
