package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.OmpGeneratedLoops;
import jomp.compiler.ast.Stmt;

/**
 * The restrictions of OpenMP 6.0's apply clause (§9.1) and of loop-transforming constructs over
 * the loops other loop transformations generate, checked on the construct's plan
 * (OmpGeneratedLoops): a modifier the construct defines, no more directives than it generates
 * loops of that kind (or indices naming them), each generated loop named once, and each applied
 * directive fitting the nest at its loop. clang 19 does not implement apply, so the messages are
 * jomp's, in clang's style.
 */
final class OmpApplyCheck {
    private final Parser p;

    OmpApplyCheck(Parser p) {
        this.p = p;
    }

    /** tile and stripe need sizes, split needs counts (clang's error for tile; jomp's for the others). */
    static void requiredClauses(Parser p, OmpDirective d, jomp.compiler.diag.SourceLocation loc) {
        Leaf l = d.leaves().get(0);
        boolean sizes = !d.clauses(OmpClause.Sizes.class).isEmpty();
        if ((l == Leaf.TILE || l == Leaf.STRIPE) && !sizes)
            p.diags.error(loc, "directive '#pragma omp " + d.name() + "' requires the 'sizes' clause");
        if (l == Leaf.SPLIT && d.clauses(OmpClause.Counts.class).isEmpty())
            p.diags.error(loc, "directive '#pragma omp " + d.name() + "' requires the 'counts' clause");
    }

    /** x: a loop-transforming construct as parsed. */
    void check(Stmt.Omp x) {
        OmpDirective d = x.directive();
        if (!clauses(d)) return;
        if (!OmpGeneratedLoops.planned(x)) return;
        OmpGeneratedLoops.Plan plan = OmpGeneratedLoops.plan(x);
        if (plan.error() != null) {
            p.diags.error(plan.errorLoc(), plan.error());
            return;
        }
        if (!(plan.base() instanceof Stmt s)) return;
        if (plan.generatedBase()) {
            // a split's loops hold the loops below it: the applied directives may use them
            if (plan.baseDepth() > 1
                    && s instanceof Stmt.Omp split
                    && split.directive().has(Leaf.SPLIT)) nest(split, plan.baseDepth(), split.body());
            return;
        }
        Stmt.Omp innermost = innermost(x);
        if (plan.baseDepth() > innermost.directive().loopDepth()) nest(innermost, plan.baseDepth(), s);
    }

    /**
     * The applied directives use depth loops of body, the nest below the construct's own: they
     * must be there, perfectly nested, canonical and rectangular (as tile requires).
     */
    private void nest(Stmt.Omp innermost, int depth, Stmt body) {
        OmpDirective in = innermost.directive();
        new OmpLoopNest(p)
                .check(new OmpDirective(in.name(), List.of(Leaf.TILE), List.of(), null, null, depth, in.loc()), body);
    }

    private static Stmt.Omp innermost(Stmt.Omp x) {
        Stmt.Omp o = x;
        while (true) {
            Leaf l = o.directive().leaves().get(0);
            if (l == Leaf.FUSE || l == Leaf.SPLIT) return o;
            Stmt b = o.body();
            while (b instanceof Stmt.Compound c && c.items().size() == 1)
                b = c.items().get(0);
            if (b instanceof Stmt.Omp in && in.directive().isLoopTransformation()) o = in;
            else return o;
        }
    }

    /** The apply clauses of d and of the directives they apply; false after an error. */
    boolean clauses(OmpDirective d) {
        List<String> kinds = OmpGeneratedLoops.kinds(d);
        Set<Integer> named = new HashSet<>();
        boolean ok = true;
        for (OmpClause.Apply a : d.clauses(OmpClause.Apply.class)) {
            String what = "'#pragma omp " + d.name() + "'";
            if (kinds.isEmpty()) {
                // a split without counts has its own error
                if (!d.has(Leaf.SPLIT)) p.diags.error(a.loc(), what + " generates no loop to apply directives to");
                ok = false;
                continue;
            }
            if (a.modifier() != null && !kinds.contains(a.modifier())) {
                p.diags.error(
                        a.loc(),
                        "'" + a.modifier() + "' is not a loop modifier of " + what + " (expected "
                                + String.join(
                                        " or ",
                                        new java.util.LinkedHashSet<>(kinds)
                                                .stream()
                                                        .map(k -> "'" + k + "'")
                                                        .toList())
                                + ")");
                ok = false;
                continue;
            }
            String mod = a.modifier() == null ? kinds.get(0) : a.modifier();
            int count = Collections.frequency(kinds, mod);
            if (a.indices() != null && a.indices().size() != a.directives().size()) {
                p.diags.error(
                        a.loc(),
                        "'apply' clause names " + a.indices().size() + " generated loop"
                                + (a.indices().size() == 1 ? "" : "s") + " for "
                                + a.directives().size()
                                + " directive" + (a.directives().size() == 1 ? "" : "s"));
                ok = false;
                continue;
            }
            if (a.indices() == null && a.directives().size() > count
                    || a.indices() != null && a.indices().stream().anyMatch(k -> k > count)) {
                p.diags.error(
                        a.loc(),
                        "'apply' clause names more '" + mod + "' loops than the " + count + " " + what + " generates");
                ok = false;
                continue;
            }
            int[] at = OmpGeneratedLoops.targets(d, a);
            List<OmpDirective> dirs = new ArrayList<>(a.directives());
            for (int j = 0; j < at.length; j++) {
                if (!named.add(at[j])) {
                    p.diags.error(
                            a.loc(),
                            "generated loop '" + mod + "(" + (at[j] - kinds.indexOf(mod) + 1) + ")' of " + what
                                    + " is named in more than one 'apply' clause");
                    ok = false;
                }
                if (!clauses(dirs.get(j))) ok = false;
            }
        }
        return ok;
    }
}
