package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.ControlFlow;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Jump threading: a block that jumps to a short chain of blocks ending in a branch or switch on
 * a value the jumping block has just set to a constant goes straight to the successor that
 * constant picks, with a copy of the chain's few instructions. C's {@code &&}, {@code ||} and
 * {@code ?:} used as values lower to {@code t = 1} / {@code t = 0} in each arm, a join and a
 * branch on t; threaded, each arm branches where it leads. Besides the branch saved, a variable
 * assigned in an arm that the branch's true side reads ({@code if (get(o, &n) && ...) use(n)})
 * is no longer read on a path that skipped its assignment: it stops being live from the
 * function's entry, which the JVM back end's method splitting and register zeroing follow.
 * Registers are not SSA, so the copied instructions assign what the chain would have. Loop
 * headers are never threaded through, so every loop keeps its one entry.
 */
public final class JumpThreading implements Pass {
    /** Instructions copied per threaded edge at most, and blocks followed. */
    private static final int MAX_INSNS = 8, MAX_BLOCKS = 4;

    @Override
    public String name() {
        return "jump-threading";
    }

    @Override
    public boolean run(Function f) {
        boolean changed = false;
        ControlFlow cfg = new ControlFlow(f);
        Set<BasicBlock> headers = cfg.naturalLoops().keySet();
        for (BasicBlock p : f.blocks) {
            if (!(p.terminator instanceof Terminator.Br) || cfg.order(p) < 0) continue;
            Map<Integer, Value> known = new HashMap<>();
            for (Insn i : p.insns) simulate(i, known);
            List<Insn> copies = new ArrayList<>();
            BasicBlock target = thread(f, p, headers, known, copies);
            if (target == null) continue;
            for (Insn i : copies) p.insns.add(i);
            Terminator n = new Terminator.Br(target);
            f.moveLine(p.terminator, n);
            p.terminator = n;
            changed = true;
        }
        return changed;
    }

    /**
     * Where p's jump finally leads when the chain it enters decides a branch on a constant, with
     * the chain's instructions (copies, in order) added to copies; null when it does not.
     */
    private static BasicBlock thread(
            Function f, BasicBlock p, Set<BasicBlock> headers, Map<Integer, Value> known, List<Insn> copies) {
        BasicBlock cur = ((Terminator.Br) p.terminator).target();
        for (int blocks = 0; blocks < MAX_BLOCKS; blocks++) {
            // a loop's header is never passed: the jump would enter the loop a second way (irreducible)
            if (cur == p || cur == f.entry() || cur.terminator == null || headers.contains(cur)) return null;
            if (copies.size() + cur.insns.size() > MAX_INSNS) return null;
            for (Insn i : cur.insns) {
                Insn c = copy(i);
                if (c == null) return null;
                copies.add(c);
                simulate(i, known);
            }
            switch (cur.terminator) {
                case Terminator.Br br -> cur = br.target();
                case Terminator.CondBr c -> {
                    Value v = valueOf(c.cond(), known);
                    return v instanceof IntConst k ? (k.value() != 0 ? c.ifTrue() : c.ifFalse()) : null;
                }
                case Terminator.Switch s -> {
                    if (!(valueOf(s.value(), known) instanceof IntConst k)) return null;
                    int i = s.cases().indexOf(k.value());
                    return i >= 0 ? s.targets().get(i) : s.defaultTarget();
                }
                default -> {
                    return null;
                }
            }
        }
        return null;
    }

    private static Value valueOf(Value v, Map<Integer, Value> known) {
        return v instanceof Reg r ? known.get(r.id) : v;
    }

    /** Tracks the constants registers hold after instruction i. */
    private static void simulate(Insn i, Map<Integer, Value> known) {
        Reg d = i.dst();
        if (d == null) return;
        Insn r = Operands.map(i, v -> v instanceof Reg reg && known.containsKey(reg.id) ? known.get(reg.id) : v);
        Value c = switch (r) {
            case Insn.Copy cp -> cp.src() instanceof Reg ? null : cp.src();
            case Insn.Binary b -> Fold.binary(b.op(), b.a(), b.b());
            case Insn.Unary u -> Fold.unary(u.op(), u.a());
            case Insn.Cmp cm -> Fold.cmp(cm.op(), cm.a(), cm.b());
            case Insn.Convert cv -> Fold.convert(cv.op(), cv.src(), cv.dst().type());
            default -> null;
        };
        if (c instanceof Reg) c = null;
        if (c != null) known.put(d.id, c);
        else known.remove(d.id);
    }

    /** A new instruction doing what i does, for the instructions that may be copied (no memory, no calls, no traps). */
    private static Insn copy(Insn i) {
        return switch (i) {
            case Insn.Copy c -> new Insn.Copy(c.dst(), c.src());
            case Insn.Cmp c -> new Insn.Cmp(c.op(), c.dst(), c.a(), c.b());
            case Insn.Unary u -> new Insn.Unary(u.op(), u.dst(), u.a());
            case Insn.Convert c -> new Insn.Convert(c.op(), c.dst(), c.src());
            case Insn.Binary b ->
                switch (b.op()) {
                    case DIV, UDIV, REM, UREM -> null;
                    default -> new Insn.Binary(b.op(), b.dst(), b.a(), b.b());
                };
            default -> null;
        };
    }
}
