package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.Value;

/**
 * The iterations of a kernel's loop nest, computed on the host before the launch for the kernel
 * arguments' {@code Tripcount} (offload-abi KernelArgs), as clang 19 does for a combined
 * {@code target teams distribute ...}: the plugins launch enough blocks for one iteration per
 * thread of an SPMD kernel, or one per team of a generic one (libomptarget's
 * {@code GenericKernelTy::getNumBlocks}, jomp's {@code jomp.runtime.plugin.LaunchGeometry}). The loop's bounds are evaluated once more here, so
 * only bounds whose evaluation has no effect and cannot fault are taken (constants, non-volatile
 * variables, casts and arithmetic without a division by a variable); anything else — a call, a
 * memory read through a pointer, a bound that names an outer loop's variable — gives 0,
 * "unknown", and the plugin's default geometry. The loops a loop transformation generates count
 * as the kernel counts them (LoopNest), when every loop under the transformation is safe so.
 */
final class LaunchTripCount {
    private LaunchTripCount() {}

    /** The nest's total iterations as an i64 in f, or 0 when they cannot be computed here safely. */
    static Value of(FunctionLowering f, OmpDirective d, Stmt body) {
        if (body instanceof Stmt.Omp t && t.directive().isLoopTransformation())
            return generatedSafe(t) ? LoopNest.compute(f, body, d.loopDepth()).total : IntConst.i64(0);
        List<LoopNest.Loop> loops;
        try {
            loops = LoopNest.loops(body, d.loopDepth(), new ArrayList<>(), new ArrayList<>(), new Stmt[1]);
        } catch (ClassCastException | NullPointerException e) {
            return IntConst.i64(0); // not a canonical nest this shape-check knows: the plugin's default
        }
        List<Var> vars = new ArrayList<>();
        for (LoopNest.Loop l : loops) vars.add(l.var());
        for (LoopNest.Loop l : loops) {
            if (!safe(l.init(), vars) || !safe(l.bound(), vars) || !safeStep(l.incr(), vars)) return IntConst.i64(0);
        }
        Value total = IntConst.i64(1);
        for (LoopNest.Loop l : loops)
            total = f.e.bin(Insn.BinOp.MUL, total, LoopNest.level(f, l).count());
        return total;
    }

    /**
     * Whether the loops a transformation generates (tile, unroll partial, stripe, split, fuse,
     * reverse, interchange, nested) can be counted here as the kernel counts them: every loop
     * under it (the transformed ones and, to be simple, any in their bodies) has safe bounds that
     * name no loop's variable (so no non-rectangular nest's table is built), and split's counts
     * are safe.
     */
    private static boolean generatedSafe(Stmt.Omp t) {
        boolean[] safe = {true};
        List<Var> vars = new ArrayList<>();
        List<LoopNest.Loop> loops = new ArrayList<>();
        jomp.compiler.ast.TreeScanner scanner = new jomp.compiler.ast.TreeScanner() {
            @Override
            public void scan(Expr e) {}

            @Override
            public void visitFor(Stmt.For fo) {
                try {
                    loops.add(LoopNest.loops(fo, 1, new ArrayList<>(), new ArrayList<>(), new Stmt[1])
                            .get(0));
                } catch (ClassCastException | NullPointerException e) {
                    safe[0] = false;
                }
                super.visitFor(fo);
            }

            @Override
            public void visitOmp(Stmt.Omp o) {
                for (jomp.compiler.ast.OmpClause.Counts c :
                        o.directive().clauses(jomp.compiler.ast.OmpClause.Counts.class))
                    for (Expr e : c.counts()) if (e != null && !safe(e, List.of())) safe[0] = false;
                super.visitOmp(o);
            }
        };
        scanner.scan(t);
        for (LoopNest.Loop l : loops) vars.add(l.var());
        for (LoopNest.Loop l : loops)
            if (!safe(l.init(), vars) || !safe(l.bound(), vars) || !safeStep(l.incr(), vars)) return false;
        return safe[0];
    }

    /** The increment: i++, i--, ++i, --i, i += e, i -= e, i = i + e, i = e + i, i = i - e with a safe e. */
    private static boolean safeStep(Expr incr, List<Var> loopVars) {
        return switch (incr) {
            case Expr.IncDec x -> true;
            case Expr.CompoundAssign c -> safe(c.value(), loopVars);
            case Expr.Assign a
            when a.value() instanceof Expr.Binary b -> {
                Expr other = refersTo(b.left(), loopVars) ? b.right() : b.left();
                yield safe(other, loopVars);
            }
            default -> false;
        };
    }

    private static boolean refersTo(Expr e, List<Var> vars) {
        Expr s = e;
        while (s instanceof Expr.Cast c) s = c.operand();
        return s instanceof Expr.VarRef r && vars.contains(r.var());
    }

    /** An expression the host may evaluate again: no effect, no memory read through a pointer, no trap. */
    static boolean safe(Expr e, List<Var> loopVars) {
        return switch (e) {
            case Expr.IntLit x -> true;
            case Expr.VarRef r ->
                !loopVars.contains(r.var())
                        && !r.var().type.isVolatile()
                        && (r.var().type.isInteger() || r.var().type.isPointer());
            case Expr.Cast c -> safe(c.operand(), loopVars);
            case Expr.Unary u ->
                switch (u.op()) {
                    case NEG, PLUS, BITNOT, NOT -> safe(u.operand(), loopVars);
                    default -> false;
                };
            case Expr.Binary b ->
                switch (b.op()) {
                    case COMMA -> false;
                    case DIV, MOD -> b.right() instanceof Expr.IntLit k && k.value() != 0 && safe(b.left(), loopVars);
                    default -> safe(b.left(), loopVars) && safe(b.right(), loopVars);
                };
            case Expr.Cond c -> safe(c.cond(), loopVars) && safe(c.then(), loopVars) && safe(c.otherwise(), loopVars);
            default -> false;
        };
    }
}
