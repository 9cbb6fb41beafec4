package jomp.compiler.parse;

import java.util.List;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;

/**
 * The canonical loop sequence of a fuse construct (OpenMP 6.0), checked when its statement is
 * complete: each statement of it a for loop in canonical form or a construct that generates
 * loops (split: one per count; a fuse: its fused loop and the loops outside its looprange; the
 * other loop transformations but a full unroll: one), and looprange within it, in newer clang's
 * words. Apart from OmpLoopNest, which checks loop nests.
 */
final class OmpLoopSequence {
    private final Parser p;

    OmpLoopSequence(Parser p) {
        this.p = p;
    }

    /** fuse d over body. */
    void check(OmpDirective d, Stmt body) {
        List<Stmt> items = items(body);
        if (items.isEmpty()) {
            p.diags.error(
                    body.loc(),
                    "loop sequence after '#pragma omp fuse' must contain at least 1 canonical loop or loop-generating construct");
            return;
        }
        int loops = 0;
        // each for loop of the sequence is checked as a loop nest of depth 1
        OmpDirective one = new OmpDirective(d.name(), d.leaves(), d.clauses(), null, null, 1, d.loc());
        for (Stmt s : items) {
            if (s instanceof Stmt.For) new OmpLoopNest(p).check(one, s);
            else if (!(s instanceof Stmt.Omp o && o.directive().isLoopTransformation() && !fullUnroll(o.directive()))) {
                p.diags.error(s.loc(), "statement after '#pragma omp fuse' must be a for loop");
                return;
            }
            loops += s instanceof Stmt.Omp o ? generatedLoops(o) : 1;
        }
        for (OmpClause.LoopRange r : d.clauses(OmpClause.LoopRange.class))
            if (r.first() + r.count() - 1 > loops)
                p.diags.error(
                        r.loc(),
                        "looprange clause selects loops from " + r.first() + " to " + (r.first() + r.count() - 1)
                                + " but this exceeds the number of loops (" + loops + ") in the loop sequence");
    }

    /** The top-level loops a loop transformation generates (a fuse's checked sequence, or 1). */
    static int generatedLoops(Stmt.Omp g) {
        OmpDirective t = g.directive();
        if (t.has(Leaf.SPLIT))
            return t.clauses(OmpClause.Counts.class).stream()
                    .mapToInt(c -> c.counts().size())
                    .sum();
        if (!t.has(Leaf.FUSE)) return 1;
        int loops = 0;
        for (Stmt s : items(g.body())) loops += s instanceof Stmt.Omp o ? generatedLoops(o) : 1;
        int fused = t.clauses(OmpClause.LoopRange.class).stream()
                .mapToInt(OmpClause.LoopRange::count)
                .findFirst()
                .orElse(loops);
        return Math.max(loops - fused + 1, 1);
    }

    /** The statements of a sequence: a compound statement's (braces around it alone are ignored), or the one statement. */
    private static List<Stmt> items(Stmt body) {
        Stmt s = body;
        while (s instanceof Stmt.Compound c
                && c.items().size() == 1
                && c.items().get(0) instanceof Stmt.Compound) s = c.items().get(0);
        return s instanceof Stmt.Compound c ? c.items() : List.of(s);
    }

    private static boolean fullUnroll(OmpDirective d) {
        return d.has(Leaf.UNROLL)
                && d.clauses(OmpClause.ExprClause.class).stream()
                        .noneMatch(c -> c.kind() == OmpClause.ExprKind.PARTIAL);
    }
}
