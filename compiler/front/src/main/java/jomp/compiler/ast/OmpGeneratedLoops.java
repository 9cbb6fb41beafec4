package jomp.compiler.ast;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.diag.SourceLocation;

/**
 * The loops that a chain of OpenMP 6.0 loop-transforming constructs generates, as positions in
 * one loop nest: the constructs nested in one another (the innermost replaced first) and the
 * directives their {@code apply} clauses apply to their generated loops (6.0 §9.1: the directive
 * applies to the loop nest whose outermost loop is the generated loop the clause's modifier and
 * index name; applied directives nested deeper in the nest are replaced first, and an applied
 * directive's own apply clauses after it). The plan is plain data: the front end checks it (the
 * restrictions below), the lowering (AppliedLoops) runs it.
 *
 * <p>Each generated loop is modelled by the loops its trip count depends on, so that tile,
 * stripe and interchange can require rectangular loops, and by how deep the nest goes under
 * it: unroll partial's generated loop holds copies of the body, not a loop nest, split
 * generates a sequence, and a fully unrolled loop is gone.
 */
public final class OmpGeneratedLoops {
    private OmpGeneratedLoops() {}

    /** A directive applied at a position (0-based) of the loop nest the earlier steps generated. */
    public record Step(OmpDirective directive, int position) {}

    /**
     * The steps in the order they apply; base: the innermost construct's loop nest (its body) or,
     * for a fuse or split, that construct (its generated loop); baseDepth: how many loops of the
     * base nest the steps use; error and errorLoc: the first restriction broken, or null; nest: how
     * many generated loops a loop construct may collapse; rectangular: how many of the outermost
     * are rectangular (no trip count depends on another of them).
     */
    public record Plan(
            List<Step> steps,
            Stmt base,
            boolean generatedBase,
            int baseDepth,
            String error,
            SourceLocation errorLoc,
            int nest,
            int rectangular) {}

    /** The modifiers of apply that name d's generated loops, one entry per loop, outermost first. */
    public static List<String> kinds(OmpDirective d) {
        List<String> out = new ArrayList<>();
        Leaf l = d.leaves().get(0);
        int n = d.loopDepth();
        switch (l) {
            case TILE -> {
                out.addAll(Collections.nCopies(n, "grid"));
                out.addAll(Collections.nCopies(n, "intratile"));
            }
            case STRIPE -> {
                out.addAll(Collections.nCopies(n, "offsets"));
                out.addAll(Collections.nCopies(n, "grid"));
            }
            case INTERCHANGE -> out.addAll(Collections.nCopies(n, "interchanged"));
            case REVERSE -> out.add("reversed");
            case FUSE -> out.add("fused");
            case SPLIT -> { // one loop per count, in order (6.0's loop modifier `split`)
                for (OmpClause.Counts c : d.clauses(OmpClause.Counts.class))
                    out.addAll(Collections.nCopies(c.counts().size(), "split"));
            }
            case UNROLL -> {
                if (partial(d)) out.add("unrolled");
            }
            case NOTHING -> out.add("identity"); // 6.0 §10.7: a copy of the loop it is associated with
            default -> {}
        }
        return out;
    }

    /** Whether s is a construct whose loops the lowering takes through a plan (AppliedLoops). */
    public static boolean planned(Stmt s) {
        if (!(s instanceof Stmt.Omp o) || !o.directive().isLoopTransformation()) return false;
        if (!o.directive().clauses(OmpClause.Apply.class).isEmpty()) return true;
        Leaf l = o.directive().leaves().get(0);
        if (l == Leaf.FUSE || l == Leaf.SPLIT) return false; // the loops they take are computed as written
        Stmt b = single(o.body());
        if (b instanceof Stmt.Omp in && in.directive().isLoopTransformation()) {
            Leaf il = in.directive().leaves().get(0);
            return il == Leaf.FUSE || il == Leaf.SPLIT || il == Leaf.STRIPE || planned(in);
        }
        return false;
    }

    /** The plan of the chain of loop-transforming constructs that starts at x. */
    public static Plan plan(Stmt.Omp x) {
        List<Stmt.Omp> chain = new ArrayList<>();
        Stmt s = x;
        while (s instanceof Stmt.Omp o && o.directive().isLoopTransformation()) {
            chain.add(0, o);
            Leaf l = o.directive().leaves().get(0);
            if (l == Leaf.FUSE || l == Leaf.SPLIT) break; // their loops are the base
            s = single(o.body());
        }
        Stmt.Omp innermost = chain.get(0);
        Leaf il = innermost.directive().leaves().get(0);
        boolean generatedBase = il == Leaf.FUSE || il == Leaf.SPLIT;
        // a fused loop holds no loop nest; a split's loop holds the loops below it as written
        boolean fusedBase = il == Leaf.FUSE;
        if (generatedBase && il == Leaf.SPLIT && kinds(innermost.directive()).size() > 1) return splitPlan(innermost);
        List<Step> steps = new ArrayList<>();
        for (Stmt.Omp c : chain) {
            if (generatedBase && c == innermost) applies(c.directive(), 0, steps);
            else steps(c.directive(), 0, steps);
        }
        Stmt base = generatedBase ? innermost : innermost.body();
        // the base loops the steps use: as many as a run of the model needs
        for (int depth = 1; ; depth++) {
            Model m = new Model(fusedBase ? 1 : depth, fusedBase);
            String err = null;
            SourceLocation loc = null;
            boolean more = false;
            for (Step st : steps) {
                String e = m.apply(st);
                if (e == null) continue;
                if (e.equals(MORE)) more = true;
                else {
                    err = e;
                    loc = st.directive().loc();
                }
                break;
            }
            if (more && !fusedBase && depth < 64) continue;
            if (more) {
                err = "not enough loops";
                loc = x.loc();
            }
            return new Plan(
                    List.copyOf(steps), base, generatedBase, fusedBase ? 1 : depth, err, loc, m.nest, m.rectangular());
        }
    }

    /**
     * A split of several loops with apply clauses (where it stands: a loop construct or loop
     * transformation over it takes a sequence, an error): each of its loops is a nest of its own,
     * checked with the steps {@link #partSteps} gives it; the plan has no steps of its own.
     */
    private static Plan splitPlan(Stmt.Omp split) {
        int parts = kinds(split.directive()).size(), baseDepth = 1;
        for (int q = 0; q < parts; q++) {
            for (int depth = baseDepth; ; depth++) {
                Model m = new Model(depth, false);
                String e = null;
                Step at = null;
                for (Step st : partSteps(split.directive(), q)) {
                    e = m.apply(st);
                    at = st;
                    if (e != null) break;
                }
                if (MORE.equals(e) && depth < 64) continue;
                if (e != null) {
                    String error = e.equals(MORE) ? "not enough loops" : e;
                    return new Plan(
                            List.of(), split, true, depth, error, at.directive().loc(), 0, 0);
                }
                baseDepth = depth;
                break;
            }
        }
        return new Plan(List.of(), split, true, baseDepth, null, null, 0, 0);
    }

    /**
     * The steps on loop q (0-based) of a split's sequence, at positions of that loop's nest: the
     * directive its apply clauses name for that loop, then that directive's own applies.
     */
    public static List<Step> partSteps(OmpDirective split, int q) {
        List<Step> out = new ArrayList<>();
        for (OmpClause.Apply a : split.clauses(OmpClause.Apply.class)) {
            int[] at = targets(split, a);
            for (int j = 0; j < at.length; j++)
                if (at[j] == q) steps(a.directives().get(j), 0, out);
        }
        return out;
    }

    /** d at position, then what its apply clauses apply, deeper positions first (nothing's loop is the loop itself). */
    private static void steps(OmpDirective d, int position, List<Step> out) {
        if (!d.has(Leaf.NOTHING)) out.add(new Step(d, position));
        applies(d, position, out);
    }

    private static void applies(OmpDirective d, int position, List<Step> out) {
        List<Step> targets = new ArrayList<>();
        for (OmpClause.Apply a : d.clauses(OmpClause.Apply.class)) {
            int[] at = targets(d, a);
            for (int j = 0; j < a.directives().size(); j++)
                if (at[j] >= 0) targets.add(new Step(a.directives().get(j), position + at[j]));
        }
        targets.sort((p, q) -> Integer.compare(q.position(), p.position()));
        for (Step t : targets) steps(t.directive(), t.position(), out);
    }

    /**
     * The generated loop (0-based, among d's) each of a's directives applies to, -1 where the
     * clause names none (the front end reports it): the modifier's loops in order, or those its
     * indices name; without a modifier, d's first kind of loops.
     */
    public static int[] targets(OmpDirective d, OmpClause.Apply a) {
        List<String> kinds = kinds(d);
        String mod = a.modifier() != null ? a.modifier() : kinds.isEmpty() ? null : kinds.get(0);
        int first = mod == null ? -1 : kinds.indexOf(mod);
        int count = mod == null ? 0 : Collections.frequency(kinds, mod);
        int[] out = new int[a.directives().size()];
        for (int j = 0; j < out.length; j++) {
            int k = a.indices() == null
                    ? j
                    : j < a.indices().size() ? a.indices().get(j) - 1 : -1;
            out[j] = first >= 0 && k >= 0 && k < count ? first + k : -1;
        }
        return out;
    }

    /** The loops an applied (or standing) directive is associated with. */
    public static int associated(OmpDirective d) {
        Leaf l = d.leaves().get(0);
        return l == Leaf.TILE || l == Leaf.STRIPE || l == Leaf.INTERCHANGE ? d.loopDepth() : 1;
    }

    public static boolean partial(OmpDirective d) {
        return d.has(Leaf.UNROLL)
                && d.clauses(OmpClause.ExprClause.class).stream().anyMatch(c -> c.kind() == OmpClause.ExprKind.PARTIAL);
    }

    private static Stmt single(Stmt s) {
        while (s instanceof Stmt.Compound c && c.items().size() == 1)
            s = c.items().get(0);
        return s;
    }

    private static final String MORE = "";

    /** The generated loops as the steps leave them: each loop's id and the ids its count depends on. */
    private static final class Model {
        private record Loop(int id, Set<Integer> deps) {}

        private final List<Loop> loops = new ArrayList<>();
        /** How many of the loops form a nest under the outermost (the rest sit in copies, a sequence or nowhere). */
        private int nest;

        private final boolean fixed;
        private int ids;

        Model(int depth, boolean fixed) {
            for (int k = 0; k < depth; k++) loops.add(new Loop(ids++, Set.of()));
            this.nest = depth;
            this.fixed = fixed;
        }

        /** Applies st; null when it fits, MORE when the base nest needs more loops, else the error. */
        String apply(Step st) {
            OmpDirective d = st.directive();
            Leaf l = d.leaves().get(0);
            int p = st.position(), n = associated(d);
            String name = "'#pragma omp " + d.name() + "'";
            if (l == Leaf.FUSE) return name + " takes a loop sequence, not the generated loop it is applied to";
            if (p + n > nest)
                return nest == loops.size() && !fixed
                        ? MORE
                        : name + " needs " + n + " nested loop" + (n == 1 ? "" : "s")
                                + " at the generated loop it is applied to, but the loop nest there has only "
                                + Math.max(nest - p, 0);
            List<Loop> span = loops.subList(p, p + n);
            if ((l == Leaf.TILE || l == Leaf.STRIPE || l == Leaf.INTERCHANGE) && !rectangular(span))
                return name + " is applied to loops that are not rectangular (a loop's trip count depends on"
                        + " another of them)";
            List<Loop> gen = new ArrayList<>();
            switch (l) {
                case TILE, STRIPE -> {
                    List<Loop> outer = new ArrayList<>(), inner = new ArrayList<>();
                    for (Loop s : span) {
                        Loop o = new Loop(ids++, l == Leaf.TILE ? s.deps() : Set.of());
                        Set<Integer> deps = new HashSet<>(s.deps());
                        deps.add(o.id());
                        outer.add(o);
                        inner.add(new Loop(ids++, deps));
                    }
                    gen.addAll(outer);
                    gen.addAll(inner);
                }
                case INTERCHANGE -> {
                    List<Integer> perm = permutation(d);
                    for (int k = 0; k < n; k++) gen.add(span.get(perm.get(k) - 1));
                }
                case UNROLL -> {
                    if (partial(d)) gen.add(span.get(0));
                }
                // reverse, split: the loops whose counts depend on it depend on the loop they make
                default -> gen.add(span.get(0));
            }
            int grown = gen.size() - n;
            span.clear();
            loops.addAll(p, gen);
            nest += grown;
            if (l == Leaf.UNROLL) nest = Math.min(nest, p + gen.size()); // the copies hold no loop nest
            if (l == Leaf.SPLIT) nest = Math.min(nest, p); // a sequence, not a nest
            return null;
        }

        /** How many of the outermost loops of the nest are rectangular. */
        int rectangular() {
            int c = 0;
            while (c < nest && rectangular(loops.subList(0, c + 1))) c++;
            return c;
        }

        private static boolean rectangular(List<Loop> span) {
            for (Loop a : span) for (Loop b : span) if (a.deps().contains(b.id())) return false;
            return true;
        }
    }

    /** interchange's permutation (1-based), the two outermost loops swapped without the clause. */
    public static List<Integer> permutation(OmpDirective d) {
        for (OmpClause.Permutation p : d.clauses(OmpClause.Permutation.class)) return p.order();
        return List.of(2, 1);
    }
}
