package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * fuse (OpenMP 6.0) where it stands: the loops of its canonical loop sequence that looprange(first,
 * count) names (all of them without the clause) become one loop whose logical iteration k runs
 * iteration k of each of those loops, in their order, while that loop has one (the fused loop
 * runs as many iterations as the longest); the loops outside the range run before and after it
 * as written. Every fused loop's bounds are evaluated once, before the fused loop.
 */
final class LoopFusion {
    private LoopFusion() {}

    static void lower(FunctionLowering f, Stmt.Omp x) {
        Stmt body = x.body();
        while (body instanceof Stmt.Compound c
                && c.items().size() == 1
                && c.items().get(0) instanceof Stmt.Compound) body = c.items().get(0);
        List<Stmt> items = body instanceof Stmt.Compound c ? c.items() : List.of(body);
        List<Integer> loops = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) if (isLoop(items.get(i))) loops.add(i);
        OmpClause.LoopRange range = x.directive().clauses(OmpClause.LoopRange.class).stream()
                .findFirst()
                .orElse(null);
        int first = range == null ? 1 : range.first(), count = range == null ? loops.size() : range.count();
        if (first + count - 1 > loops.size())
            throw new IllegalStateException(x.loc() + ": looprange(" + first + ", " + count + ") goes past the "
                    + loops.size() + " loops of '#pragma omp fuse'");
        int from = loops.isEmpty() ? items.size() : loops.get(first - 1),
                to = loops.isEmpty() ? items.size() : loops.get(first + count - 2);
        for (int i = 0; i < from; i++) f.stmt(items.get(i));
        if (f.b.isTerminated()) return;
        List<LoopNest> nests = new ArrayList<>();
        for (int i = from; i <= to; i++) nests.add(LoopNest.compute(f, items.get(i), 1));
        fused(f, nests);
        for (int i = to + 1; i < items.size() && !f.b.isTerminated(); i++) f.stmt(items.get(i));
    }

    private static boolean isLoop(Stmt s) {
        return s instanceof Stmt.For || s instanceof Stmt.Omp o && o.directive().isLoopTransformation();
    }

    /** for (k = 0; k < max(counts); k++) for each loop j: if (k < count j) { var j = lb j + k * step j; body j } */
    private static void fused(FunctionLowering f, List<LoopNest> nests) {
        Value total = IntConst.i64(0);
        for (LoopNest n : nests) {
            Value c = n.total;
            total = LoopNest.select(f, f.b.cmp(Insn.CmpOp.GT, c, total), c, total);
        }
        Reg iv = f.fn.newReg(IrType.I64, "omp.fuse.iv");
        f.b.copy(iv, IntConst.i64(0));
        BasicBlock head = f.b.newBlock("omp.fuse.cond"),
                latch = f.b.newBlock("omp.fuse.inc"),
                end = f.b.newBlock("omp.fuse.end");
        f.b.br(head);
        f.b.setBlock(head);
        BasicBlock next = f.b.newBlock("omp.fuse.loop");
        f.b.condBr(f.b.cmp(Insn.CmpOp.LT, iv, total), next, end);
        for (LoopNest n : nests) {
            BasicBlock run = f.b.newBlock("omp.fuse.body"), after = f.b.newBlock("omp.fuse.next");
            f.b.setBlock(next);
            f.b.condBr(f.b.cmp(Insn.CmpOp.LT, iv, n.total), run, after);
            f.b.setBlock(run);
            n.assign(f, iv);
            // break leaves the fused loop; continue goes on with the next loop's iteration
            f.loopBody(n.body, f.b.block(), end, after);
            if (!f.b.isTerminated()) f.b.br(after);
            next = after;
        }
        f.b.setBlock(next);
        f.b.br(latch);
        f.b.setBlock(latch);
        f.b.copy(iv, f.b.binary(Insn.BinOp.ADD, iv, IntConst.i64(1)));
        f.b.br(head);
        f.b.setBlock(end);
    }
}
