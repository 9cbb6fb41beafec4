package jomp.compiler.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
import jomp.compiler.ast.Vla;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.type.Type;

/**
 * The default clause (OpenMP 5.2 §5.4.1): the variables a construct references that have neither
 * a predetermined nor an explicit data-sharing attribute. With {@code default(none)} each is
 * clang's error; with {@code default(private)} and {@code default(firstprivate)} each becomes
 * private or firstprivate (the directive gets the clause, so the lowering needs nothing more),
 * except variables of file scope, which must be listed (clang's error again).
 *
 * <p>What counts, as clang's DSAAttrChecker has it: references in the construct's statement and
 * in the clauses of the constructs nested in it (not their private lists), unless a nested
 * construct privatises the variable for its own statement (private, firstprivate, lastprivate,
 * reduction, linear, its loop variables); and of the construct's own clauses only the
 * expressions evaluated inside its region (schedule's chunk, detach, and the clauses of leaves
 * after the first). Variables declared in the construct, threadprivate ones, and the loop
 * variables of its own loops are left out. Each variable is reported once, at its first reference.
 */
final class OmpDefaultSharing {
    private final Set<Var> declared = new HashSet<>();
    private final Set<Var> exempt = new HashSet<>();
    private final Deque<Set<Var>> privatised = new ArrayDeque<>();
    private final Map<Var, SourceLocation> found = new LinkedHashMap<>();

    private OmpDefaultSharing() {}

    /** d (whose statement is body) with the variables its default clause makes private or firstprivate listed; errors to p.diags. */
    static OmpDirective apply(Parser p, OmpDirective d, Stmt body) {
        List<OmpClause.Default> defaults = d.clauses(OmpClause.Default.class);
        if (defaults.isEmpty() || d.leaves().get(0) == Leaf.METADIRECTIVE) return d;
        OmpClause.Default def = defaults.get(defaults.size() - 1);
        if (def.kind() == OmpClause.DefaultKind.SHARED) return d;
        // OpenMP 6.0 default on target (no parallel or teams leaf takes it): as defaultmap with the
        // same attribute and category, so a mapped variable has an attribute, and so does a
        // declare target one; file-scope variables are privatised like the others
        boolean target = d.has(Leaf.TARGET) && !d.has(Leaf.PARALLEL) && !d.has(Leaf.TEAMS);
        OmpDefaultSharing s = new OmpDefaultSharing();
        s.exempt.addAll(explicit(d));
        s.exempt.addAll(loopVariables(d, body));
        if (target) s.exempt.addAll(mapped(d));
        s.ownClauses(d);
        s.walker().scan(body);
        List<OmpDirective.Item> implicit = new ArrayList<>();
        for (Map.Entry<Var, SourceLocation> e : s.found.entrySet()) {
            Var v = e.getKey();
            if (!def.covers(v.type))
                continue; // OpenMP 6.0: a variable of another category keeps its implicit attribute
            boolean fileScope = !v.isLocal || v.storage == Var.Storage.EXTERN;
            if (target && fileScope && jomp.compiler.sema.OmpDeclarations.declaredTarget(p.items, v)) continue;
            if (target && def.kind() == OmpClause.DefaultKind.NONE) {
                p.diags.error(
                        e.getValue(),
                        "variable '" + v.name + "' must have explicitly specified data sharing attributes, data "
                                + "mapping attributes, or in an is_device_ptr clause");
                p.diags.note(
                        def.loc(),
                        "explicit data sharing attribute, data mapping attribute, or is_device_ptr clause requested here");
            } else if (!target && (def.kind() == OmpClause.DefaultKind.NONE || fileScope)) {
                p.diags.error(
                        e.getValue(),
                        "variable '" + v.name + "' must have explicitly specified data sharing attributes");
                p.diags.note(def.loc(), "explicit data sharing attribute requested here");
            } else {
                implicit.add(
                        new OmpDirective.Item(v, new Expr.VarRef(v, v.type, e.getValue()), List.of(), e.getValue()));
            }
        }
        if (implicit.isEmpty()) return d;
        List<OmpClause> cs = new ArrayList<>(d.clauses());
        OmpClause.ListKind kind = def.kind() == OmpClause.DefaultKind.PRIVATE
                ? OmpClause.ListKind.PRIVATE
                : OmpClause.ListKind.FIRSTPRIVATE;
        cs.add(new OmpClause.ListClause(kind, List.copyOf(implicit), def.loc()));
        return new OmpDirective(
                d.name(), d.leaves(), List.copyOf(cs), d.atomic(), d.criticalName(), d.loopDepth(), d.loc());
    }

    /** The variables a target's map, is_device_ptr and has_device_addr clauses name (they have a data-mapping attribute). */
    private static Set<Var> mapped(OmpDirective d) {
        Set<Var> out = new HashSet<>();
        for (OmpClause c : d.clauses()) {
            List<OmpDirective.Item> items = switch (c) {
                case OmpClause.Map m -> m.items();
                case OmpClause.ListClause l ->
                    switch (l.kind()) {
                        case IS_DEVICE_PTR, HAS_DEVICE_ADDR -> l.items();
                        default -> List.of();
                    };
                default -> List.of();
            };
            for (OmpDirective.Item it : items) if (it.var() != null) out.add(it.var());
        }
        return out;
    }

    /** The variables a directive's data-sharing clauses name. */
    private static Set<Var> explicit(OmpDirective d) {
        Set<Var> out = new HashSet<>();
        for (OmpClause c : d.clauses()) {
            List<OmpDirective.Item> items = switch (c) {
                case OmpClause.ListClause l ->
                    switch (l.kind()) {
                        case PRIVATE, FIRSTPRIVATE, LASTPRIVATE, SHARED -> l.items();
                        default -> List.of();
                    };
                case OmpClause.Reduction r -> r.items();
                case OmpClause.TaskReduction t -> t.reduction().items();
                case OmpClause.Linear l -> l.items();
                default -> List.of();
            };
            for (OmpDirective.Item it : items) if (it.var() != null) out.add(it.var());
        }
        return out;
    }

    /** The variables a nested construct makes its own for its statement (all its data-sharing clauses' but shared). */
    private static Set<Var> privatising(OmpDirective d, Stmt body) {
        Set<Var> out = explicit(d);
        for (OmpClause.ListClause l : d.clauses(OmpClause.ListClause.class))
            if (l.kind() == OmpClause.ListKind.SHARED) for (OmpDirective.Item it : l.items()) out.remove(it.var());
        out.addAll(loopVariables(d, body));
        return out;
    }

    /** The loop variables of a loop construct's associated loops. */
    private static List<Var> loopVariables(OmpDirective d, Stmt body) {
        List<Var> out = new ArrayList<>();
        if (!d.isLoop()) return out;
        Stmt s = body;
        for (int level = 0; level < Math.max(1, d.loopDepth()); level++) {
            while (s instanceof Stmt.Compound c) {
                List<Stmt> fors =
                        c.items().stream().filter(x -> x instanceof Stmt.For).toList();
                if (c.items().size() == 1) s = c.items().get(0);
                else if (fors.size() == 1) s = fors.get(0);
                else return out;
            }
            if (!(s instanceof Stmt.For f)) return out;
            if (f.init() instanceof Stmt.Decl dl && !dl.vars().isEmpty())
                out.add(dl.vars().get(0).var());
            else if (f.init() instanceof Stmt.ExprStmt es
                    && es.expr() instanceof Expr.Assign a
                    && a.target() instanceof Expr.VarRef r) out.add(r.var());
            s = f.body();
        }
        return out;
    }

    /** The directive's own clauses that clang checks: the expressions evaluated in the region. */
    private void ownClauses(OmpDirective d) {
        TreeScanner w = walker();
        boolean teams = d.leaves().get(0) == Leaf.TEAMS, parallel = d.has(Leaf.PARALLEL);
        for (OmpClause c : d.clauses()) {
            switch (c) {
                case OmpClause.Schedule s -> w.scan(s.chunk());
                case OmpClause.Detach x -> reference(x.event(), x.loc());
                case OmpClause.DistSchedule s -> {
                    if (teams) w.scan(s.chunk());
                }
                case OmpClause.ExprClause e -> {
                    boolean checked = switch (e.kind()) {
                        case NUM_THREADS -> teams;
                        case IF ->
                            teams && !"target".equals(e.modifier())
                                    || parallel && d.has(Leaf.TASKLOOP) && !"parallel".equals(e.modifier());
                        case GRAINSIZE, NUM_TASKS, FINAL, PRIORITY -> parallel;
                        default -> false;
                    };
                    if (checked) w.scan(e.value());
                }
                default -> {}
            }
        }
    }

    private void reference(Var v, SourceLocation at) {
        if (v == null || v.isFunction() || v.storage == Var.Storage.TYPEDEF || v.synthetic || v.threadLocal) return;
        if (declared.contains(v) || exempt.contains(v)) return;
        for (Set<Var> ps : privatised) if (ps.contains(v)) return;
        found.putIfAbsent(v, at);
    }

    private TreeScanner walker() {
        return new TreeScanner() {
            @Override
            public void visitVarRef(Expr.VarRef r) {
                reference(r.var(), r.loc());
            }

            @Override
            public void visitLocalVar(Stmt.LocalVar lv) {
                declared.add(lv.var());
                for (Type t = lv.var().type; t != null && t.isArray(); t = t.base)
                    if (t.vlaLength() != null) scan(Vla.length(t));
                super.visitLocalVar(lv);
            }

            @Override
            public void visitOmp(Stmt.Omp o) {
                OmpDirective n = o.directive();
                for (OmpClause c : n.clauses()) clause(c, this);
                privatised.push(privatising(n, o.body()));
                try {
                    scan(o.body());
                } finally {
                    privatised.pop();
                }
            }
        };
    }

    /** A nested construct's clause: its expressions and list items (not a private list's), its iterators' variables declared. */
    private void clause(OmpClause c, TreeScanner w) {
        if (c instanceof OmpClause.ListClause l && l.kind() == OmpClause.ListKind.PRIVATE) return;
        OmpClause.Iterator iterator = switch (c) {
            case OmpClause.Map m -> m.iterator();
            case OmpClause.Motion m -> m.iterator();
            case OmpClause.Depend x -> x.iterator();
            default -> null;
        };
        if (iterator != null) {
            declared.addAll(iterator.vars());
            w.scanExprs(iterator.begins());
            w.scanExprs(iterator.ends());
            for (Expr e : iterator.steps()) w.scan(e);
        }
        for (OmpDirective.Item it : items(c)) {
            if (it.expr() != null) w.scan(it.expr());
            else if (it.var() != null) reference(it.var(), it.loc());
            for (OmpDirective.Section s : it.sections()) {
                w.scan(s.lower());
                w.scan(s.length());
                w.scan(s.stride());
            }
        }
        switch (c) {
            case OmpClause.ExprClause e -> w.scan(e.value());
            case OmpClause.Schedule s -> w.scan(s.chunk());
            case OmpClause.DistSchedule s -> w.scan(s.chunk());
            case OmpClause.Linear l -> w.scan(l.step());
            case OmpClause.Detach x -> reference(x.event(), x.loc());
            case OmpClause.Doacross x -> w.scanExprs(x.sink());
            case OmpClause.Allocate a -> {
                w.scan(a.allocator());
                w.scan(a.align());
            }
            default -> {}
        }
    }

    /** The list items of a clause. */
    private static List<OmpDirective.Item> items(OmpClause c) {
        return switch (c) {
            case OmpClause.ListClause l -> l.items();
            case OmpClause.Map m -> m.items();
            case OmpClause.Motion m -> m.items();
            case OmpClause.Depend x -> x.items();
            case OmpClause.Reduction r -> r.items();
            case OmpClause.TaskReduction t -> t.reduction().items();
            case OmpClause.Linear l -> l.items();
            case OmpClause.Allocate a -> a.items();
            default -> List.of();
        };
    }
}
