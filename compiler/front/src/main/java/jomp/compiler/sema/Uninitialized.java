package jomp.compiler.sema;

import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics.Pending;
import jomp.compiler.diag.SourceLocation;

/**
 * -Wuninitialized: a read of a local scalar that no path from its declaration has given a
 * value ("variable 'x' is uninitialized when used here"), found by a forward walk over the
 * function that keeps the set of variables that may hold a value (a union where paths join;
 * a loop's entry also gets everything its body assigns, so the walk needs no fixpoint). Taking
 * the address of a variable counts as initializing it, as in clang; {@code x += 1} and
 * {@code x++} do not. What only some paths leave uninitialized (clang's
 * -Wsometimes-uninitialized) is not reported, nor anything in a function with goto. Several
 * warnings come in clang's order: its CFG's blocks last to first, each block's uses first to
 * last, the blocks here being the runs of statements between control statements.
 */
final class Uninitialized {
    private final Warnings warnings;
    private final TranslationUnit.Function fn;
    private final double position;
    private final Set<Var> tracked = new HashSet<>();
    private final Map<Var, Expr.VarRef> firstUse = new IdentityHashMap<>();
    /** Where the block of the statement being walked starts, and that of each first use. */
    private int block;

    private final Map<Var, Integer> useBlock = new IdentityHashMap<>();
    private final Deque<Set<Var>> switchEntries = new ArrayDeque<>();
    private boolean hasGoto;

    Uninitialized(Warnings warnings, TranslationUnit.Function fn, double position) {
        this.warnings = warnings;
        this.fn = fn;
        this.position = position;
    }

    void run() {
        new TreeScanner() { // a function with goto is left alone: its flow is not structured
            @Override
            public void visitGoto(Stmt.Goto g) {
                hasGoto = true;
            }

            @Override
            public void visitIndirectGoto(Stmt.IndirectGoto g) {
                hasGoto = true;
            }

            @Override
            public void visitAsm(Stmt.Asm a) {
                hasGoto |= a.isGoto();
            }
        }.scan(fn.body());
        if (hasGoto) return;
        stmt(fn.body(), new HashSet<>(fn.params()));
        List<Var> vars = new ArrayList<>(firstUse.keySet());
        vars.sort(Comparator.comparingInt((Var v) -> -useBlock.get(v))
                .thenComparingInt(v -> firstUse.get(v).loc().offset()));
        for (Var v : vars) {
            Expr.VarRef use = firstUse.get(v);
            SourceLocation after = new SourceLocation(
                    v.loc.file(), v.loc.offset() + v.name.length(), v.loc.presumedFile(), v.loc.presumedLine());
            warnings.addPending(new Pending(
                    use.loc(),
                    "variable '" + v.name + "' is uninitialized when used here",
                    "-Wuninitialized",
                    position,
                    List.of(new Pending(
                            after, "initialize the variable '" + v.name + "' to silence this warning", null, 0))));
        }
    }

    private static Set<Var> union(Set<Var> a, Set<Var> b) {
        if (a == null) return b;
        if (b == null) return a;
        Set<Var> u = new HashSet<>(a);
        u.addAll(b);
        return u;
    }

    /** The state after s, from the state before it (null: s is not reached, or does not complete). */
    private Set<Var> stmt(Stmt s, Set<Var> st) {
        if (s == null) return st;
        if (st == null
                && !(s instanceof Stmt.Case)
                && !(s instanceof Stmt.Default)
                && !(s instanceof Stmt.Label)
                && !(s instanceof Stmt.Compound)) return null; // unreached, unless a label inside is jumped to
        switch (s) {
            case Stmt.Compound c -> {
                return compound(c, st);
            }
            case Stmt.ExprStmt e -> {
                return expr(e.expr(), st);
            }
            case Stmt.Null n -> {
                return st;
            }
            case Stmt.If i -> {
                return ifStmt(i, st);
            }
            case Stmt.While w -> {
                return whileLoop(w, st);
            }
            case Stmt.DoWhile d -> {
                return doWhileLoop(d, st);
            }
            case Stmt.For f -> {
                return forLoop(f, st);
            }
            case Stmt.Switch sw -> {
                return switchStmt(sw, st);
            }
            case Stmt.Case c -> {
                return switchLabel(c, c.body(), st);
            }
            case Stmt.Default d -> {
                return switchLabel(d, d.body(), st);
            }
            case Stmt.Label l -> {
                block = l.loc().offset();
                return stmt(l.body(), st);
            }
            case Stmt.Break b -> {
                return null;
            }
            case Stmt.Continue c -> {
                return null;
            }
            case Stmt.Goto g -> {
                return null;
            }
            case Stmt.Return r -> {
                expr(r.value(), st);
                return null;
            }
            case Stmt.Decl d -> {
                return declaration(d, st);
            }
            case Stmt.Omp o -> {
                // the directive's clauses name variables (map, private, ...): count them as given values
                st.addAll(assigned(o.directive()));
                st.addAll(named(o.directive()));
                return o.body() == null ? st : stmt(o.body(), st);
            }
            default -> { // a statement this walk does not know: whatever it names may have a value after it
                st.addAll(named(s));
                return st;
            }
        }
    }

    private Set<Var> compound(Stmt.Compound c, Set<Var> st) {
        boolean control = false;
        for (Stmt x : c.items()) {
            if (control) block = x.loc().offset(); // what follows a control statement is a block of its own
            st = stmt(x, st);
            control = !(x instanceof Stmt.ExprStmt || x instanceof Stmt.Decl || x instanceof Stmt.Null);
        }
        return st;
    }

    private Set<Var> ifStmt(Stmt.If i, Set<Var> st) {
        st = expr(i.cond(), st);
        block = i.then().loc().offset();
        Set<Var> a = stmt(i.then(), new HashSet<>(st));
        if (i.otherwise() != null) block = i.otherwise().loc().offset();
        Set<Var> b = i.otherwise() == null ? st : stmt(i.otherwise(), new HashSet<>(st));
        return union(a, b);
    }

    private Set<Var> whileLoop(Stmt.While w, Set<Var> st) {
        Set<Var> entry = union(st, assigned(w.cond(), w.body()));
        block = w.cond().loc().offset();
        Set<Var> afterCond = expr(w.cond(), new HashSet<>(entry));
        block = w.body().loc().offset();
        stmt(w.body(), new HashSet<>(afterCond));
        return afterCond;
    }

    private Set<Var> doWhileLoop(Stmt.DoWhile d, Set<Var> st) {
        Set<Var> entry = union(st, assigned(d.body(), d.cond()));
        block = d.body().loc().offset();
        Set<Var> end = stmt(d.body(), new HashSet<>(entry));
        block = d.cond().loc().offset();
        return expr(d.cond(), union(end, entry));
    }

    private Set<Var> switchStmt(Stmt.Switch sw, Set<Var> st) {
        st = expr(sw.cond(), st);
        Set<Var> entry = union(st, assigned(sw.body()));
        switchEntries.push(entry);
        Set<Var> end = stmt(sw.body(), null);
        switchEntries.pop();
        return union(end, entry);
    }

    /** A case or default label: reached from the switch's entry as well as from the statement before it. */
    private Set<Var> switchLabel(Stmt label, Stmt body, Set<Var> st) {
        block = label.loc().offset();
        return stmt(body, union(st, switchEntries.isEmpty() ? null : new HashSet<>(switchEntries.peek())));
    }

    private Set<Var> forLoop(Stmt.For f, Set<Var> st) {
        Set<Var> init = f.init() == null ? st : stmt(f.init(), st);
        if (init == null) return null;
        Set<Var> entry = union(init, assigned(f.cond(), f.step(), f.body()));
        if (f.cond() != null) block = f.cond().loc().offset();
        Set<Var> afterCond = expr(f.cond(), new HashSet<>(entry));
        block = f.body().loc().offset();
        Set<Var> end = stmt(f.body(), new HashSet<>(afterCond));
        if (f.step() != null) block = f.step().loc().offset();
        expr(f.step(), union(end, afterCond));
        return afterCond;
    }

    /** Initialised locals have a value; tracked ones (uninitialised automatic scalars) have none yet. */
    private Set<Var> declaration(Stmt.Decl d, Set<Var> st) {
        for (Stmt.LocalVar lv : d.vars()) {
            Var v = lv.var();
            if (lv.init() != null) {
                for (Initializer.Item item : lv.init().items()) st = expr(item.value(), st);
                st.add(v);
            } else if (!v.synthetic && !v.markedUnused && v.storage == Var.Storage.NONE && v.type.isScalar()) {
                tracked.add(v);
                st.remove(v); // a declaration in a loop starts without a value each time
            } else {
                st.add(v);
            }
        }
        return st;
    }

    /** The state after evaluating e (never null). */
    private Set<Var> expr(Expr e, Set<Var> st) {
        if (e == null) return st;
        switch (e) {
            case Expr.VarRef v -> use(v, st);
            case Expr.Assign a -> {
                st = expr(a.value(), st);
                if (Warnings.stripImplicit(a.target()) instanceof Expr.VarRef v) st.add(v.var());
                else st = expr(a.target(), st);
            }
            // x += e and x++ read x: what they store is no value when x had none (clang reports them and
            // keeps x uninitialized), so they give x a value only where it had one
            case Expr.CompoundAssign c -> {
                st = expr(c.target(), st);
                st = expr(c.value(), st);
            }
            case Expr.IncDec i -> st = expr(i.target(), st);
            case Expr.Unary u
            when u.op() == Expr.Unary.Op.ADDR -> {
                if (Warnings.stripImplicit(u.operand()) instanceof Expr.VarRef v) st.add(v.var());
                else st.addAll(named(u.operand())); // &s.m, &a[i]: the object escapes
            }
            case Expr.Unary u -> st = expr(u.operand(), st);
            case Expr.Binary b
            when b.op() == Expr.Binary.Op.LOGAND || b.op() == Expr.Binary.Op.LOGOR -> {
                Set<Var> l = expr(b.left(), st);
                Set<Var> r = expr(b.right(), new HashSet<>(l));
                st = union(l, r);
            }
            case Expr.Binary b -> {
                st = expr(b.left(), st);
                st = expr(b.right(), st);
            }
            case Expr.Cond c -> {
                st = expr(c.cond(), st);
                Set<Var> a = expr(c.then(), new HashSet<>(st));
                Set<Var> b = expr(c.otherwise(), new HashSet<>(st));
                st = union(a, b);
            }
            case Expr.Cast c -> st = expr(c.operand(), st);
            case Expr.Decay d -> {
                if (!(d.operand() instanceof Expr.VarRef)) st = expr(d.operand(), st);
            }
            case Expr.Call c -> {
                st = expr(c.callee(), st);
                for (Expr a : c.args()) st = expr(a, st);
            }
            case Expr.Member m -> {
                if (!(m.base() instanceof Expr.VarRef)) st = expr(m.base(), st);
            }
            case Expr.IntLit l -> {}
            case Expr.FloatLit l -> {}
            case Expr.StrLit l -> {}
            default -> st.addAll(named(e)); // anything else: what it names may get a value
        }
        return st;
    }

    private void use(Expr.VarRef ref, Set<Var> st) {
        Var v = ref.var();
        if (tracked.contains(v) && !st.contains(v) && !firstUse.containsKey(v)) {
            firstUse.put(v, ref);
            useBlock.put(v, block);
        }
    }

    /** Every variable an assignment, ++/--, & or an initialized declaration in these subtrees may give a value. */
    private static Set<Var> assigned(Object... roots) {
        Set<Var> out = new HashSet<>();
        new Object() {
            void walk(Object o) {
                switch (o) {
                    case null -> {}
                    case Expr.Assign a
                    when Warnings.stripImplicit(a.target()) instanceof Expr.VarRef v -> {
                        out.add(v.var());
                        walk(a.value());
                    }
                    case Expr.Unary u when u.op() == Expr.Unary.Op.ADDR -> out.addAll(named(u.operand()));
                    case Stmt.LocalVar lv -> {
                        if (lv.init() != null) out.add(lv.var());
                        walk(lv.init());
                    }
                    case List<?> l -> {
                        for (Object x : l) walk(x);
                    }
                    case Record r -> components(r, this::walk);
                    default -> {}
                }
            }
        }.walk(java.util.Arrays.asList(roots)); // a for's condition and step may be absent (null)
        return out;
    }

    /** Gives each component of a syntax record that may hold variables or subtrees (not names, places or types) to walk. */
    private static void components(Record r, java.util.function.Consumer<Object> walk) {
        for (RecordComponent c : r.getClass().getRecordComponents()) {
            Class<?> t = c.getType();
            if (t.isPrimitive()
                    || t == String.class
                    || t == SourceLocation.class
                    || t.isEnum()
                    || t.getPackageName().equals("jomp.compiler.type")) continue;
            try {
                walk.accept(c.getAccessor().invoke(r));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Every variable named anywhere in a subtree. */
    private static Set<Var> named(Object root) {
        Set<Var> out = new HashSet<>();
        new Object() {
            void walk(Object o) {
                switch (o) {
                    case null -> {}
                    case Var v -> out.add(v);
                    case List<?> l -> {
                        for (Object x : l) walk(x);
                    }
                    case java.util.Set<?> s -> {
                        for (Object x : s) walk(x);
                    }
                    case Record r -> components(r, this::walk);
                    default -> {}
                }
            }
        }.walk(root);
        return out;
    }
}
