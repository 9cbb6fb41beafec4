package jomp.compiler.parse;

import java.util.List;
import java.util.Locale;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.diag.SourceLocation;

/**
 * Where a directive may stand among the constructs around it in its function (OpenMP 5.2 §17,
 * "Nesting of Regions", as clang 19's checkNestingOfRegions decides it, with its words): the
 * parent region is the innermost enclosing construct, and what may be closely nested in it
 * follows from a few properties of both (worksharing, tasking, simd, teams, the last leaf of a
 * combined construct). Then the rules of the ordered construct (OpenMP 5.2 §15.10.2).
 */
final class OmpNesting {
    private OmpNesting() {}

    /**
     * An enclosing construct while its statement is parsed: the directive, and where an ordered
     * region without depend/doacross appeared in it (one per iteration of a loop).
     */
    static final class Region {
        final OmpDirective directive;
        final SourceLocation loc;
        SourceLocation ordered;

        Region(OmpDirective directive, SourceLocation loc) {
            this.directive = directive;
            this.loc = loc;
        }
    }

    // ---- properties of a directive (clang's isOpenMP...Directive) --------------------------------

    static boolean worksharing(OmpDirective d) {
        return d.has(Leaf.FOR) || d.has(Leaf.SECTIONS) || d.has(Leaf.SECTION) || d.has(Leaf.SINGLE);
    }

    static boolean tasking(OmpDirective d) {
        return d.has(Leaf.TASK) || d.has(Leaf.TASKLOOP);
    }

    private static boolean first(OmpDirective d, Leaf l) {
        return d.leaves().get(0) == l;
    }

    private static boolean only(OmpDirective d, Leaf l) {
        return d.leaves().size() == 1 && first(d, l);
    }

    private static boolean targetExecution(OmpDirective d) {
        return first(d, Leaf.TARGET);
    }

    private static boolean targetData(OmpDirective d) {
        Leaf l = d.leaves().get(0);
        return l == Leaf.TARGET_DATA
                || l == Leaf.TARGET_ENTER_DATA
                || l == Leaf.TARGET_EXIT_DATA
                || l == Leaf.TARGET_UPDATE;
    }

    /**
     * The construct a region ends with: its last leaf, or the composite construct it ends with
     * ("for simd", "distribute parallel for", "distribute simd", "taskloop simd"), as clang's
     * getLeafOrCompositeConstructs(...).back().
     */
    static String enclosing(OmpDirective d) {
        if (d == null) return "unknown";
        List<Leaf> ls = d.leaves();
        int n = ls.size();
        Leaf last = ls.get(n - 1);
        if (last == Leaf.SIMD && n >= 2) {
            Leaf before = ls.get(n - 2);
            if (before == Leaf.FOR)
                return n >= 4 && ls.get(n - 3) == Leaf.PARALLEL && ls.get(n - 4) == Leaf.DISTRIBUTE
                        ? "distribute parallel for simd"
                        : "for simd";
            if (before == Leaf.DISTRIBUTE) return "distribute simd";
            if (before == Leaf.TASKLOOP) return "taskloop simd";
        }
        if (last == Leaf.FOR && n >= 3 && ls.get(n - 2) == Leaf.PARALLEL && ls.get(n - 3) == Leaf.DISTRIBUTE)
            return "distribute parallel for";
        return last.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    // ---- the check ------------------------------------------------------------------------------

    /** clang's suggestions after "region cannot be nested inside ..." (by number, as its diagnostic selects them). */
    private static final String[] RECOMMEND = {
        "",
        "; perhaps you forget to enclose 'omp %s' directive into a parallel region?",
        "; perhaps you forget to enclose 'omp %s' directive into a for or a parallel for region with 'ordered' clause?",
        "; perhaps you forget to enclose 'omp %s' directive into a target region?",
        "; perhaps you forget to enclose 'omp %s' directive into a teams region?",
        "; perhaps you forget to enclose 'omp %s' directive into a for, simd, for simd, parallel for, or parallel for simd region?",
    };

    private static final String[] ORPHAN = {
        "", "", "", "target ", "teams ", "for, simd, for simd, parallel for, or parallel for simd "
    };

    /**
     * Checks directive d (at start, its pragma) against the constructs enclosing it, reporting
     * clang's error; false when it may not stand there.
     */
    static boolean check(Parser p, OmpDirective d, SourceLocation start) {
        List<Region> stack = p.ompRegions;
        Region parentRegion = stack.isEmpty() ? null : stack.get(stack.size() - 1);
        OmpDirective parent = parentRegion == null ? null : parentRegion.directive;
        if (parent != null && parent.leaves().get(0) == Leaf.METADIRECTIVE) return true; // its variant is chosen later
        String enclosing = enclosing(parent);
        String name = d.name();
        if (!regionAdmits(p, d, parent, enclosing, start)) return false;
        if (only(d, Leaf.SECTION)) return checkSection(p, parent, enclosing, start);
        boolean cancel = only(d, Leaf.CANCEL) || only(d, Leaf.CANCELLATION_POINT);
        boolean teams = first(d, Leaf.TEAMS);
        if (parent == null && !teams && !cancel && !only(d, Leaf.SCAN))
            return true; // orphaned: may be called from a region
        String bind = d.clauses(OmpClause.Bind.class).stream()
                .map(OmpClause.Bind::kind)
                .findFirst()
                .orElse(null);
        if (only(d, Leaf.LOOP)
                && ("parallel".equals(bind) || "teams".equals(bind))
                && (worksharing(parent) || enclosing.equals("loop"))) {
            prohibited(p, start, true, parent.name(), bind.equals("parallel") ? 1 : 4, name);
            return false;
        }
        if (only(d, Leaf.CRITICAL) && d.criticalName() != null && sameNameCritical(p, d, start)) return false;
        Verdict v = closelyNested(d, parent, enclosing);
        if (!v.prohibited()) v = strictlyNested(d, enclosing, bind, v);
        if (v.prohibited()) {
            if (v.orphan())
                p.diags.error(
                        start,
                        "orphaned 'omp " + name
                                + "' directives are prohibited; perhaps you forget to enclose the directive into a "
                                + ORPHAN[v.recommend()] + "region?");
            else prohibited(p, start, true, parent == null ? null : parent.name(), v.recommend(), name);
            return false;
        }
        OmpDirective target = enclosingTarget(stack, d);
        if (target == null) return true;
        prohibited(p, start, false, target.name(), 0, name);
        return false;
    }

    /**
     * Whether d may be nested in its parent region at all: not in a region with an order clause
     * (but for a few constructs), a simd region (but for ordered simd, simd, scan and atomic) or
     * an atomic region. Reports clang's error when not.
     */
    private static boolean regionAdmits(
            Parser p, OmpDirective d, OmpDirective parent, String enclosing, SourceLocation start) {
        String name = d.name();
        if (parent != null
                && !parent.clauses(OmpClause.Order.class).isEmpty()
                && !(only(d, Leaf.ATOMIC) || only(d, Leaf.LOOP) || only(d, Leaf.SIMD) || only(d, Leaf.PARALLEL))) {
            p.diags.error(
                    start,
                    "construct '" + name + "' not allowed in a region associated with a directive with 'order' clause");
            return false;
        }
        if (parent != null
                && parent.has(Leaf.SIMD)
                && !(only(d, Leaf.ORDERED) || only(d, Leaf.SIMD) || only(d, Leaf.ATOMIC) || only(d, Leaf.SCAN))) {
            p.diags.error(
                    start,
                    "OpenMP constructs may not be nested inside a simd region except for ordered simd, simd, scan, or atomic directive");
            return false;
        }
        if (enclosing.equals("atomic")) {
            p.diags.error(start, "OpenMP constructs may not be nested inside an atomic region");
            return false;
        }
        return true;
    }

    /** A section directive: closely nested in a sections region only. */
    private static boolean checkSection(Parser p, OmpDirective parent, String enclosing, SourceLocation start) {
        if (enclosing.equals("sections")) return true;
        p.diags.error(
                start,
                parent == null
                        ? "orphaned 'omp section' directives are prohibited, it must be closely nested to a sections region"
                        : "'omp section' directive must be closely nested to a sections region, not a " + parent.name()
                                + " region");
        return false;
    }

    /** A named critical region inside one of the same name: reported, true. */
    private static boolean sameNameCritical(Parser p, OmpDirective d, SourceLocation start) {
        List<Region> stack = p.ompRegions;
        for (int k = stack.size() - 1; k >= 0; k--) {
            Region r = stack.get(k);
            if (only(r.directive, Leaf.CRITICAL) && d.criticalName().equals(r.directive.criticalName())) {
                p.diags.error(start, "cannot nest 'critical' regions having the same name '" + d.criticalName() + "'");
                p.diags.note(r.loc, "previous 'critical' region starts here");
                return true;
            }
        }
        return false;
    }

    /**
     * What the rules found: whether d may not stand where it is, whether for want of an enclosing
     * region (orphan), and the suggestion clang's error makes (an index of RECOMMEND and ORPHAN).
     */
    private record Verdict(boolean prohibited, boolean orphan, int recommend) {}

    /** The rules for what may be closely nested in the parent region, by the kind of d. */
    private static Verdict closelyNested(OmpDirective d, OmpDirective parent, String enclosing) {
        boolean prohibited = false, orphan = false;
        int recommend = 0;
        if (only(d, Leaf.CANCEL) || only(d, Leaf.CANCELLATION_POINT)) {
            prohibited = cancelProhibited(d, parent, enclosing);
            orphan = parent == null;
        } else if (only(d, Leaf.MASTER) || only(d, Leaf.MASKED)) {
            prohibited = worksharing(parent) || parent.has(Leaf.LOOP) || tasking(parent);
        } else if (only(d, Leaf.BARRIER) || only(d, Leaf.SCOPE)) {
            prohibited = closelyNestedLimits(parent, enclosing);
        } else if (worksharing(d) && !d.has(Leaf.PARALLEL) && !first(d, Leaf.TEAMS)) {
            prohibited = closelyNestedLimits(parent, enclosing);
            recommend = 1;
        } else if (first(d, Leaf.ORDERED)) {
            prohibited = enclosing.equals("critical")
                    || tasking(parent)
                    || !(parent.has(Leaf.SIMD) || hasOrderedClause(parent));
            recommend = 2;
        } else if (first(d, Leaf.TEAMS)) {
            prohibited = parent != null && !enclosing.equals("target");
            orphan = parent == null;
            recommend = 3;
        } else if (only(d, Leaf.SCAN)) {
            prohibited = !(enclosing.equals("for") || enclosing.equals("simd") || enclosing.equals("for simd"));
            orphan = parent == null;
            recommend = 5;
        }
        return new Verdict(prohibited, orphan, recommend);
    }

    /** cancel and cancellation point: in the innermost region of the kind their construct clause names. */
    private static boolean cancelProhibited(OmpDirective d, OmpDirective parent, String enclosing) {
        String kind = d.clauses(OmpClause.Word.class).stream()
                .filter(w -> w.clause().equals("construct"))
                .map(OmpClause.Word::value)
                .findFirst()
                .orElse("");
        return switch (kind) {
            case "taskgroup" -> !enclosing.equals("task") && !enclosing.equals("taskloop");
            case "sections" -> !enclosing.equals("section") && !enclosing.equals("sections");
            default ->
                parent == null
                        || !parent.leaves()
                                .get(parent.leaves().size() - 1)
                                .name()
                                .equalsIgnoreCase(kind);
        };
    }

    /** The rules of teams regions (what is strictly nested in one, and what must be); v: allowed so far. */
    private static Verdict strictlyNested(OmpDirective d, String enclosing, String bind, Verdict v) {
        if (!targetExecution(d) && !targetData(d) && enclosing.equals("teams")) {
            // distribute, parallel and loop regions (and atomic, clang's extension) only, strictly nested in teams
            if (!d.has(Leaf.PARALLEL) && !d.has(Leaf.DISTRIBUTE) && !only(d, Leaf.LOOP) && !only(d, Leaf.ATOMIC))
                return new Verdict(true, v.orphan(), 1);
        }
        if (only(d, Leaf.LOOP) && "teams".equals(bind) && !enclosing.equals("teams"))
            return new Verdict(true, v.orphan(), 4);
        if (first(d, Leaf.DISTRIBUTE) && !enclosing.equals("teams")) return new Verdict(true, v.orphan(), 4);
        return v;
    }

    /**
     * The innermost target region a target or target data construct d stands in (unspecified
     * there), or null. A target region in a target region is reverse offload with device(ancestor:
     * 1) (OpenMP 5.2 §13.8), allowed.
     */
    private static OmpDirective enclosingTarget(List<Region> stack, OmpDirective d) {
        boolean ancestor = d.clauses(OmpClause.ExprClause.class).stream()
                .anyMatch(c -> c.kind() == OmpClause.ExprKind.DEVICE && "ancestor".equals(c.modifier()));
        if (ancestor || !(targetExecution(d) || targetData(d))) return null;
        for (int k = stack.size() - 1; k >= 0; k--)
            if (targetExecution(stack.get(k).directive)) return stack.get(k).directive;
        return null;
    }

    /** Worksharing constructs and barriers may not be closely nested in worksharing, loop, task, critical, ordered, master or masked regions. */
    private static boolean closelyNestedLimits(OmpDirective parent, String enclosing) {
        return worksharing(parent)
                || parent.has(Leaf.LOOP)
                || tasking(parent)
                || enclosing.equals("masked")
                || enclosing.equals("master")
                || enclosing.equals("critical")
                || enclosing.equals("ordered");
    }

    private static void prohibited(
            Parser p, SourceLocation at, boolean closely, String region, int recommend, String name) {
        p.diags.error(
                at,
                "region cannot be" + (closely ? " closely" : "") + " nested inside '" + region + "' region"
                        + String.format(RECOMMEND[recommend], name));
    }

    private static boolean hasOrderedClause(OmpDirective d) {
        return d.hasFlag(OmpClause.FlagKind.ORDERED) || orderedParameter(d) != null;
    }

    /** ordered(n)'s n, or null. */
    static OmpClause.ExprClause orderedParameter(OmpDirective d) {
        return d == null ? null : exprClause(d, OmpClause.ExprKind.ORDERED);
    }

    /** The first clause of this kind with a value, or null. */
    static OmpClause.ExprClause exprClause(OmpDirective d, OmpClause.ExprKind k) {
        for (OmpClause.ExprClause e : d.clauses(OmpClause.ExprClause.class))
            if (e.kind() == k && e.value() != null) return e;
        return null;
    }

    // ---- ordered ------------------------------------------------------------------------------

    /**
     * The ordered construct's own rules, after its nesting was found right (clang's
     * ActOnOpenMPOrderedDirective): depend/doacross clauses (source once, not with sink, not with
     * threads or simd) only under a loop with ordered(n); a region without them not under such a
     * loop, and one per iteration.
     */
    static void checkOrdered(Parser p, OmpDirective d, SourceLocation start) {
        List<Region> stack = p.ompRegions;
        Region parentRegion = stack.isEmpty() ? null : stack.get(stack.size() - 1);
        OmpDirective parent = parentRegion == null ? null : parentRegion.directive;
        if (parent != null && parent.leaves().get(0) == Leaf.METADIRECTIVE) return;
        OmpClause depend = null, source = null, sink = null, threads = null, simd = null;
        boolean error = false;
        for (OmpClause c : d.clauses()) {
            if (c instanceof OmpClause.Doacross x) {
                depend = c;
                if (x.source()) {
                    if (source != null) {
                        p.diags.error(
                                c.loc(),
                                "directive '#pragma omp ordered' cannot contain more than one 'depend' clause with 'source' dependence");
                        error = true;
                    } else source = c;
                    if (sink != null) {
                        p.diags.error(
                                c.loc(), "'depend(source)' clause cannot be mixed with 'depend(sink:vec)' clauses");
                        error = true;
                    }
                } else {
                    if (source != null) {
                        p.diags.error(
                                c.loc(), "'depend(sink:vec)' clauses cannot be mixed with 'depend(source)' clause");
                        error = true;
                    }
                    sink = c;
                }
            } else if (c instanceof OmpClause.Flag f && f.kind() == OmpClause.FlagKind.THREADS) threads = c;
            else if (c instanceof OmpClause.Flag f && f.kind() == OmpClause.FlagKind.SIMD) simd = c;
        }
        OmpClause.ExprClause param = orderedParameter(parent);
        if (!error && simd == null && parent != null && parent.has(Leaf.SIMD)) {
            p.diags.error(
                    start,
                    "OpenMP constructs may not be nested inside a simd region except for ordered simd, simd, scan, or atomic directive");
            return;
        }
        if (error) return;
        if (depend != null && (threads != null || simd != null)) {
            p.diags.error(
                    depend.loc(),
                    "'depend' clauses cannot be mixed with '" + (threads != null ? "threads" : "simd") + "' clause");
            return;
        }
        if (depend != null && param == null) {
            p.diags.error(
                    depend.loc(),
                    "'ordered' directive with 'depend' clause cannot be closely nested inside ordered region without specified parameter");
            return;
        }
        if ((threads != null || d.clauses().isEmpty()) && param != null) {
            p.diags.error(
                    threads != null ? threads.loc() : start,
                    "'ordered' directive " + (threads != null ? "with 'threads' clause" : "without any clauses")
                            + " cannot be closely nested inside ordered region with specified parameter");
            p.diags.note(param.value().loc(), "'ordered' clause with specified parameter");
            return;
        }
        if (depend == null && parentRegion != null) {
            if (parentRegion.ordered != null) {
                p.diags.error(
                        start,
                        "exactly one 'ordered' directive must appear in the loop body of an enclosing directive");
                p.diags.note(parentRegion.ordered, "previous 'ordered' directive used here");
                return;
            }
            parentRegion.ordered = start;
        }
    }
}
