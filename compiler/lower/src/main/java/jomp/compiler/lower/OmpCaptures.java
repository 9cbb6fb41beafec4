package jomp.compiler.lower;

import java.util.LinkedHashSet;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
import jomp.compiler.ast.Vla;
import jomp.compiler.type.Type;

/**
 * What an OpenMP region's body refers to: the variables it reads or writes, the ones it declares,
 * and the ones it assigns. The outlining of parallel, teams and target regions is driven by
 * these sets (a variable referenced but not declared inside is captured from the enclosing
 * function).
 */
final class OmpCaptures extends TreeScanner {
    private final Set<Var> refs = newSet(), decls = newSet(), writes = newSet();

    private OmpCaptures() {}

    /**
     * A set of AST objects (which compare by identity) that iterates in insertion order: captures
     * become kernel arguments in this order, and an order from identity hash codes would differ
     * from one JVM (or one compile-server command) to the next.
     */
    static <T> Set<T> newSet() {
        return new LinkedHashSet<>();
    }

    /** Whether the directive's body runs in a function of its own. */
    static boolean outlines(OmpDirective d) {
        for (OmpClause.When w : d.clauses(OmpClause.When.class))
            if (w.variant() != null && outlines(w.variant())) return true;
        return d.has(OmpDirective.Leaf.PARALLEL)
                || d.has(OmpDirective.Leaf.TEAMS)
                || d.has(OmpDirective.Leaf.TARGET)
                || d.has(OmpDirective.Leaf.TASK)
                || d.has(OmpDirective.Leaf.TASKLOOP);
    }

    /** Variables a construct refers to (body and clauses) in source order, those declared inside excepted. */
    static Set<Var> free(Stmt.Omp o) {
        OmpCaptures c = new OmpCaptures();
        c.stmt(o.body());
        c.directive(o.directive());
        Set<Var> out = new LinkedHashSet<>();
        for (Var v : c.refs) if (!c.decls.contains(v) && !v.isFunction()) out.add(v);
        return out;
    }

    /** The variables these expressions refer to (nulls skipped), in order. */
    static Set<Var> refs(java.util.List<Expr> exprs) {
        OmpCaptures c = new OmpCaptures();
        for (Expr e : exprs) c.expr(e);
        return c.refs;
    }

    /** Is v an automatic variable of the enclosing function (as opposed to static storage)? */
    static boolean isAutomatic(Var v) {
        return v.isLocal && !v.isStatic() && !v.isFunction();
    }

    /**
     * The variables captured by the outlined regions nested anywhere in s (and copyprivate ones):
     * they need an address. Globals too: a region may have rebound one (is_device_ptr or
     * firstprivate of a global in a kernel, private in a parallel region), and then a region
     * inside must get the rebound storage's address, not the global's.
     */
    static Set<Var> capturedByRegions(Stmt s) {
        Set<Var> out = newSet();
        forEachOmp(s, o -> {
            if (outlines(o.directive())) for (Var v : free(o)) if (!v.isFunction()) out.add(v);
            // data constructs pass their list items' addresses to the runtime (and to mapper functions)
            if (mapsData(o.directive())) {
                OmpCaptures c = new OmpCaptures();
                c.directive(o.directive());
                for (Var v : c.refs) if (isAutomatic(v) && !c.decls.contains(v)) out.add(v);
            }
            // copyprivate publishes the variables' addresses; dependences are addresses; depobj objects are written by
            // the runtime
            for (OmpClause.ListClause c : o.directive().clauses(OmpClause.ListClause.class))
                if (c.kind() == OmpClause.ListKind.COPYPRIVATE || c.kind() == OmpClause.ListKind.DEPOBJ)
                    for (OmpDirective.Item it : c.items()) if (it.var() != null) out.add(it.var());
            for (OmpClause.Depend c : o.directive().clauses(OmpClause.Depend.class))
                for (OmpDirective.Item it : c.items()) if (it.var() != null) out.add(it.var());
        });
        return out;
    }

    /** The variables an expression refers to. */
    static Set<Var> refs(jomp.compiler.ast.Expr e) {
        OmpCaptures c = new OmpCaptures();
        if (e != null) c.expr(e);
        return c.refs;
    }

    /** target data, enter/exit data, update, interop: constructs whose clauses give the runtime addresses. */
    static boolean mapsData(OmpDirective d) {
        return d.has(OmpDirective.Leaf.TARGET_DATA)
                || d.has(OmpDirective.Leaf.TARGET_ENTER_DATA)
                || d.has(OmpDirective.Leaf.TARGET_EXIT_DATA)
                || d.has(OmpDirective.Leaf.TARGET_UPDATE)
                || d.has(OmpDirective.Leaf.INTEROP);
    }

    /** Locals declared (by declarations) inside s. */
    static Set<Var> declared(Stmt s) {
        OmpCaptures c = new OmpCaptures();
        c.stmt(s);
        return c.decls;
    }

    /** Variables s assigns, increments or takes the address of. */
    static Set<Var> written(Stmt s) {
        OmpCaptures c = new OmpCaptures();
        c.stmt(s);
        Set<Var> out = newSet();
        out.addAll(c.writes);
        AddressTaken.scan(s, out);
        return out;
    }

    /**
     * Calls f on every OpenMP construct in s, outermost first: in its statements, not in the
     * statement expressions of its expressions (the lowering meets those as it lowers them).
     */
    static void forEachOmp(Stmt s, java.util.function.Consumer<Stmt.Omp> f) {
        new TreeScanner() {
            @Override
            public void scan(Expr e) {}

            @Override
            public void visitOmp(Stmt.Omp o) {
                f.accept(o);
                scan(o.body());
            }

            @Override
            public void visitDecl(Stmt.Decl d) {}
        }.scan(s);
    }

    private void directive(OmpDirective d) {
        for (OmpClause c : d.clauses()) {
            switch (c) {
                case OmpClause.ExprClause e -> expr(e.value());
                case OmpClause.ListClause l -> items(l.items());
                case OmpClause.Map m -> {
                    iterator(m.iterator());
                    items(m.items());
                }
                case OmpClause.Motion m -> {
                    iterator(m.iterator());
                    items(m.items());
                }
                case OmpClause.Interop x -> {
                    if (x.item() != null) items(java.util.List.of(x.item()));
                }
                case OmpClause.Reduction r -> items(r.items());
                case OmpClause.Schedule s -> expr(s.chunk());
                case OmpClause.DistSchedule s -> expr(s.chunk());
                case OmpClause.Depend dep -> {
                    iterator(dep.iterator());
                    items(dep.items());
                }
                case OmpClause.TaskReduction r -> items(r.reduction().items());
                case OmpClause.Linear l -> {
                    items(l.items());
                    expr(l.step());
                }
                case OmpClause.Induction i -> {
                    items(i.items());
                    expr(i.step());
                }
                case OmpClause.Allocate a -> {
                    expr(a.allocator());
                    expr(a.align());
                    items(a.items());
                }
                case OmpClause.Detach dt -> ref(dt.event());
                case OmpClause.Doacross da -> da.sink().forEach(this::expr);
                case OmpClause.UsesAllocators u ->
                    u.uses().forEach(x -> {
                        expr(x.allocator());
                        expr(x.traits());
                        expr(x.memspace());
                    });
                case OmpClause.When w -> {
                    if (w.variant() != null) directive(w.variant());
                }
                default -> {}
            }
        }
    }

    /** An iterator modifier: its variables are its own (declared), its ranges references. */
    private void iterator(OmpClause.Iterator it) {
        if (it == null) return;
        decls.addAll(it.vars());
        it.begins().forEach(this::expr);
        it.ends().forEach(this::expr);
        it.steps().forEach(this::expr);
    }

    private void items(java.util.List<OmpDirective.Item> items) {
        for (OmpDirective.Item it : items) {
            if (it.var() != null) ref(it.var());
            expr(it.expr());
            if (it.sections() != null)
                for (OmpDirective.Section s : it.sections()) {
                    expr(s.lower());
                    expr(s.length());
                    expr(s.stride());
                }
        }
    }

    private void ref(Var v) {
        if (refs.add(v)) typeRefs(v.type);
    }

    /** The hidden size variables (or length expressions) of a variably modified type. */
    private void typeRefs(Type t) {
        for (; t != null && t.kind != Type.Kind.FUNC; t = t.base) {
            if (t.kind == Type.Kind.VLA) {
                if (Vla.sizeVar(t) != null) ref(Vla.sizeVar(t));
                else expr(Vla.length(t));
            }
        }
    }

    // ---- the scan: references, declarations and writes ----

    private void stmt(Stmt s) {
        scan(s);
    }

    private void expr(Expr e) {
        scan(e);
    }

    @Override
    public void visitLocalVar(Stmt.LocalVar lv) {
        decls.add(lv.var());
        declTypeRefs(lv.var());
        if (lv.var().ompAllocator != null)
            expr(lv.var().ompAllocator); // omp allocate(v) allocator(a): a is read at the declaration
        super.visitLocalVar(lv);
    }

    /** The clauses as OpenMP captures them (list items name variables, which the scanner does not visit), then the body. */
    @Override
    public void visitOmp(Stmt.Omp o) {
        directive(o.directive());
        scan(o.body());
    }

    @Override
    public void visitAsm(Stmt.Asm a) {
        for (Expr x : a.outputs()) {
            target(x);
            scan(x);
        }
        scanExprs(a.inputs());
    }

    /** A VLA declared inside: its size variables are declared inside too, its length expressions are references. */
    private void declTypeRefs(Var v) {
        for (Type t = v.type; t != null && t.kind != Type.Kind.FUNC; t = t.base) {
            if (t.kind == Type.Kind.VLA) {
                if (Vla.sizeVar(t) != null) decls.add(Vla.sizeVar(t));
                expr(Vla.length(t));
            }
        }
    }

    private void target(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        if (e instanceof Expr.VarRef r) writes.add(r.var());
        else if (e instanceof Expr.Member m) target(m.base());
    }

    @Override
    public void visitVarRef(Expr.VarRef r) {
        ref(r.var());
    }

    @Override
    public void visitAssign(Expr.Assign a) {
        target(a.target());
        super.visitAssign(a);
    }

    @Override
    public void visitCompoundAssign(Expr.CompoundAssign c) {
        target(c.target());
        super.visitCompoundAssign(c);
    }

    @Override
    public void visitIncDec(Expr.IncDec i) {
        target(i.target());
        super.visitIncDec(i);
    }

    @Override
    public void visitCompoundLiteral(Expr.CompoundLiteral c) {
        decls.add(c.var());
        super.visitCompoundLiteral(c);
    }

    @Override
    public void visitVlaSizeof(Expr.VlaSizeof s) {
        typeRefs(s.vlaType());
    }
}
