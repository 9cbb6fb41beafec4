package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.OmpGeneratedLoops;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.Value;

/**
 * fuse (OpenMP 6.0). Its canonical loop sequence holds for loops and the loops that loop
 * transformations generate: one for tile, unroll partial, reverse, interchange and stripe, one
 * per count for split, and for a nested fuse its fused loop with the loops outside its looprange
 * around it. The loops looprange(first, count) names (all of them without the clause) become one
 * loop whose logical iteration k runs iteration k of each of those loops, in their order, while
 * that loop has one (the fused loop runs as many iterations as the longest); the loops outside
 * the range run before and after it as written. Every fused loop's bounds are evaluated once,
 * before the fused loop. A loop construct over a fuse whose range is the whole sequence shares
 * out the fused loop's iterations ({@link #generated}; the parser refuses the other cases).
 */
final class LoopFusion {
    private LoopFusion() {}

    /**
     * One element of a loop sequence: a loop (its nest of one generated loop, computed when
     * asked) or a statement that is no loop; alone runs it as written, all its iterations.
     */
    private record Part(
            Function<FunctionLowering, LoopNest> nest, java.util.function.Consumer<FunctionLowering> alone) {
        boolean loop() {
            return nest != null;
        }
    }

    /** fuse where it stands. */
    static void lower(FunctionLowering f, Stmt.Omp x) {
        lower(
                f,
                x,
                fused -> fused.serial(
                        f, IntConst.i64(0), f.e.bin(Insn.BinOp.SUB, fused.total, IntConst.i64(1)), null, null));
    }

    /**
     * fuse where it stands, its fused loop run by fusedLoop: the loops before the looprange, the
     * fused loop (its bounds evaluated after them), the loops after it. With apply clauses
     * (OpenMP 6.0: the fused loop is the one generated loop the `fused` modifier names, the
     * loops outside the range stay as written) fusedLoop runs the applied directives' loops.
     */
    static void lower(FunctionLowering f, Stmt.Omp x, java.util.function.Consumer<LoopNest> fusedLoop) {
        List<Part> seq = sequence(x);
        int[] range = range(x, seq);
        for (int i = 0; i < range[0] && !f.b.isTerminated(); i++)
            seq.get(i).alone().accept(f);
        if (f.b.isTerminated()) return;
        fusedLoop.accept(fusedNest(f, x, seq.subList(range[0], range[1] + 1)));
        for (int i = range[1] + 1; i < seq.size() && !f.b.isTerminated(); i++)
            seq.get(i).alone().accept(f);
    }

    /** The fused loop of a fuse whose looprange is its whole sequence, as a loop construct collapses it. */
    static GeneratedNest generated(FunctionLowering f, Stmt.Omp x) {
        return fusedNest(f, x, sequence(x)).generated;
    }

    /** The loop fusing the loops among parts (their bounds evaluated now, in order). */
    private static LoopNest fusedNest(FunctionLowering f, Stmt.Omp x, List<Part> parts) {
        List<LoopNest> nests = new ArrayList<>();
        Value total = IntConst.i64(0);
        for (Part p : parts) {
            if (!p.loop()) continue;
            LoopNest n = p.nest().apply(f);
            nests.add(n);
            total = LoopNest.select(f, f.b.cmp(Insn.CmpOp.GT, n.total, total), n.total, total);
        }
        return new LoopNest(x, new GeneratedNest.Fused(nests, total));
    }

    /** The first and last index in seq of the loops looprange names. */
    private static int[] range(Stmt.Omp x, List<Part> seq) {
        List<Integer> loops = new ArrayList<>();
        for (int i = 0; i < seq.size(); i++) if (seq.get(i).loop()) loops.add(i);
        OmpClause.LoopRange range = x.directive().clauses(OmpClause.LoopRange.class).stream()
                .findFirst()
                .orElse(null);
        int first = range == null ? 1 : range.first(), count = range == null ? loops.size() : range.count();
        if (loops.isEmpty() || first + count - 1 > loops.size())
            throw new IllegalStateException(x.loc() + ": looprange(" + first + ", " + count + ") goes past the "
                    + loops.size() + " loops of '#pragma omp fuse'");
        return new int[] {loops.get(first - 1), loops.get(first + count - 2)};
    }

    /** The canonical loop sequence of fuse x, its generated loops expanded. */
    private static List<Part> sequence(Stmt.Omp x) {
        Stmt body = x.body();
        while (body instanceof Stmt.Compound c
                && c.items().size() == 1
                && c.items().get(0) instanceof Stmt.Compound) body = c.items().get(0);
        List<Stmt> items = body instanceof Stmt.Compound c ? c.items() : List.of(body);
        List<Part> seq = new ArrayList<>();
        for (Stmt s : items) {
            if (s instanceof Stmt.Omp o && o.directive().has(Leaf.SPLIT)) seq.addAll(splitParts(o));
            else if (s instanceof Stmt.Omp o && o.directive().has(Leaf.FUSE)) seq.addAll(fuseParts(o));
            else if (s instanceof Stmt.For
                    || s instanceof Stmt.Omp o && o.directive().isLoopTransformation())
                seq.add(new Part(g -> LoopNest.compute(g, s, 1), g -> g.stmt(s)));
            else seq.add(new Part(null, g -> g.stmt(s)));
        }
        return seq;
    }

    /**
     * The loops of a split, one per count; the split's bounds and counts are evaluated at the
     * first one. With apply clauses each is the outermost loop its applied directives generate.
     */
    private static List<Part> splitParts(Stmt.Omp split) {
        int n = split.directive()
                .clauses(OmpClause.Counts.class)
                .get(0)
                .counts()
                .size();
        boolean applied = !split.directive().clauses(OmpClause.Apply.class).isEmpty();
        OmpGeneratedLoops.Plan plan = applied ? OmpGeneratedLoops.plan(split) : null;
        int depth = applied ? plan.baseDepth() : 1;
        List<List<GeneratedNest.Range>> ranges = new ArrayList<>(List.of(List.of()));
        List<Part> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int k = i;
            Function<FunctionLowering, LoopNest> nest = g -> {
                if (ranges.get(0).isEmpty()) ranges.set(0, LoopStripes.splitLoops(g, split, depth));
                GeneratedNest.Range r = ranges.get(0).get(k);
                if (!applied) return new LoopNest(split, r);
                List<OmpGeneratedLoops.Step> steps =
                        n == 1 ? plan.steps() : OmpGeneratedLoops.partSteps(split.directive(), k);
                return new LoopNest(split, AppliedLoops.splitOutermost(g, steps, r, depth));
            };
            out.add(new Part(nest, g -> {
                LoopNest l = nest.apply(g);
                l.serial(g, IntConst.i64(0), g.e.bin(Insn.BinOp.SUB, l.total, IntConst.i64(1)), null, null);
            }));
        }
        return out;
    }

    /** A nested fuse: the loops before its range, its fused loop, the loops after its range. */
    private static List<Part> fuseParts(Stmt.Omp fuse) {
        List<Part> seq = sequence(fuse);
        int[] range = range(fuse, seq);
        List<Part> out = new ArrayList<>(seq.subList(0, range[0]));
        List<Part> in = seq.subList(range[0], range[1] + 1);
        boolean applied = !fuse.directive().clauses(OmpClause.Apply.class).isEmpty();
        Function<FunctionLowering, LoopNest> nest = g -> {
            LoopNest fused = fusedNest(g, fuse, in);
            if (!applied) return fused; // with apply clauses: the outermost loop they generate from it
            return new LoopNest(
                    fuse,
                    AppliedLoops.fusedOutermost(g, OmpGeneratedLoops.plan(fuse).steps(), fused.generated));
        };
        out.add(new Part(nest, g -> {
            LoopNest l = nest.apply(g);
            l.serial(g, IntConst.i64(0), g.e.bin(Insn.BinOp.SUB, l.total, IntConst.i64(1)), null, null);
        }));
        out.addAll(seq.subList(range[1] + 1, seq.size()));
        return out;
    }
}
