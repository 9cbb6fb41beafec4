package jomp.compiler.parse;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.OmpGeneratedLoops;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;

/**
 * The loop nest of a loop directive, checked when its statement is complete (OpenMP 5.2 4.4.1):
 * the collapse(n) loops must be perfectly nested for loops in canonical form, or the loops a
 * loop transformation generates. Apart from OmpParser because it looks at the statement, not at
 * the pragma's tokens.
 */
final class OmpLoopNest {
    private final Parser p;

    OmpLoopNest(Parser p) {
        this.p = p;
    }

    /**
     * The loop of a loop-associated directive written inside braces, { for (...) ... }: a compound
     * statement holding one statement stands for that statement, as clang's IgnoreContainers has it.
     */
    static Stmt ignoreContainers(Stmt body) {
        Stmt s = body;
        while (s instanceof Stmt.Compound c && c.items().size() == 1)
            s = c.items().get(0);
        return s instanceof Stmt.For || s instanceof Stmt.Omp ? s : body;
    }

    /** Loop directives: the collapse(n) loops must be perfectly nested for loops in canonical form (OpenMP 5.2 4.4.1). */
    void check(OmpDirective d, Stmt body) {
        if (orderedBelowCollapse(d)) return;
        Stmt s = body;
        if (!d.isLoopTransformation() && OmpGeneratedLoops.planned(s)) {
            p.diags.error(
                    s.loc(),
                    "jomp cannot associate '#pragma omp " + d.name()
                            + "' with the loops of a loop transformation that has an 'apply' clause or"
                            + " transforms the loops of fuse, split or stripe");
            return;
        }
        if (s instanceof Stmt.Omp g
                && (g.directive().has(Leaf.REVERSE)
                        || g.directive().has(Leaf.INTERCHANGE)
                        || g.directive().has(Leaf.FUSE)
                        || g.directive().has(Leaf.SPLIT)
                        || g.directive().has(Leaf.STRIPE))) {
            checkTransformed(d, g);
            return;
        }
        boolean tile = s instanceof Stmt.Omp t && t.directive().has(Leaf.TILE);
        if (tile || isPartialUnroll(s)) {
            checkTiled(d, (Stmt.Omp) s, tile);
            return;
        }
        List<Var> ivs = canonicalLoops(d, s);
        if (ivs != null && d.has(Leaf.LOOP)) checkLoopLastprivate(d, ivs);
    }

    /** ordered(n) below collapse(m): clang's error; the nest is not checked further. */
    private boolean orderedBelowCollapse(OmpDirective d) {
        OmpClause.ExprClause ordered = OmpNesting.orderedParameter(d),
                collapse = OmpNesting.exprClause(d, OmpClause.ExprKind.COLLAPSE);
        if (ordered != null
                && collapse != null
                && ordered.value() instanceof Expr.IntLit o
                && collapse.value() instanceof Expr.IntLit c
                && o.value() < c.value()) {
            p.diags.error(
                    o.loc(),
                    "the parameter of the 'ordered' clause must be greater than or equal to the parameter of the 'collapse' clause");
            p.diags.note(c.loc(), "parameter of the 'collapse' clause");
            return true;
        }
        return false;
    }

    /**
     * The loops reverse (one) and interchange (its nest's) generate; the loops of fuse (one
     * fused loop, when its looprange is its whole sequence), split (one per count) and stripe
     * (offset loops, then grid loops) for a loop construct (OpenMP 6.0); a loop transformation
     * over them is not supported in jomp.
     */
    private void checkTransformed(OmpDirective d, Stmt.Omp g) {
        OmpDirective t = g.directive();
        boolean own = t.has(Leaf.FUSE) || t.has(Leaf.SPLIT) || t.has(Leaf.STRIPE);
        int sequence = own ? OmpLoopSequence.generatedLoops(g) : 1;
        if (sequence != 1) { // a loop construct is associated with a loop nest, not a sequence of loops
            p.diags.error(
                    g.loc(),
                    "'#pragma omp " + d.name() + "' must be associated with a loop nest, but '#pragma omp " + t.name()
                            + "' generates a sequence of " + sequence + " loops");
            return;
        }
        if (t.has(Leaf.SPLIT)) { // its one loop holds the rest of the nest as written
            check(d, ignoreContainers(g.body()));
            return;
        }
        int generated = t.has(Leaf.FUSE) ? 1 : t.has(Leaf.STRIPE) ? 2 * t.loopDepth() : t.loopDepth();
        if (d.loopDepth() > generated)
            p.diags.error(
                    g.loc(),
                    "expected " + d.loopDepth() + " for loops after '#pragma omp " + d.name() + "', but found only "
                            + generated + " loop" + (generated == 1 ? "" : "s") + " generated by '#pragma omp "
                            + t.name() + "'");
        else if (OmpNesting.orderedParameter(d) != null && own)
            p.diags.error(
                    g.loc(),
                    "jomp cannot associate '#pragma omp " + d.name()
                            + "' with an 'ordered' parameter with the loops '#pragma omp " + t.name() + "' generates");
    }

    /**
     * The loops a tile generates: its floor loops, then its element loops; unroll partial
     * generates one loop (the element loop of its tile is unrolled). A loop construct may
     * collapse into element loops (LoopNest computes their non-rectangular space); a tile may not
     * (its loops must be rectangular).
     */
    private void checkTiled(OmpDirective d, Stmt.Omp t, boolean tile) {
        int floors = 0;
        for (OmpClause.Sizes z : t.directive().clauses(OmpClause.Sizes.class))
            floors += z.sizes().size();
        int generated = tile ? 2 * floors : 1;
        int depth = d.loopDepth();
        if (depth > generated) {
            // clang's words, at the statement where the next loop would be: the body of the tile's loops
            Stmt at = t.body();
            for (int k = 0; tile && k < floors; k++) {
                while (at instanceof Stmt.Compound c && c.items().size() == 1)
                    at = c.items().get(0);
                if (at instanceof Stmt.For fo) at = fo.body();
            }
            p.diags.error(
                    tile ? at.loc() : t.loc(),
                    "expected " + depth + " for loops after '#pragma omp " + d.name() + "', but found only " + generated
                            + (tile
                                    ? ""
                                    : " loop generated by '#pragma omp "
                                            + t.directive().name() + "'"));
            noteCollapse(d);
        } else if (tile && depth > floors && (d.has(Leaf.TILE) || d.has(Leaf.UNROLL)))
            p.diags.error(
                    t.loc(),
                    "jomp cannot apply '#pragma omp " + d.name()
                            + "' to the element loops of '#pragma omp tile' (they are not rectangular)");
    }

    private void noteCollapse(OmpDirective d) {
        for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class))
            if (c.kind() == OmpClause.ExprKind.COLLAPSE)
                p.diags.note(c.value().loc(), "as specified in 'collapse' clause");
    }

    /** The directive's loops as written: their loop variables, outermost first, or null after an error. */
    private List<Var> canonicalLoops(OmpDirective d, Stmt s) {
        List<Var> ivs = new java.util.ArrayList<>();
        for (int level = 0; level < d.loopDepth(); level++) {
            while (s instanceof Stmt.Compound c && level > 0) {
                // OpenMP 5.1: an inner loop may have intervening code around it (exactly one loop among the statements)
                List<Stmt> fors = c.items().stream()
                        .filter(x -> x instanceof Stmt.For || x instanceof Stmt.Compound)
                        .toList();
                if (c.items().size() == 1) s = c.items().get(0);
                else if (fors.size() == 1 && fors.get(0) instanceof Stmt.For) s = fors.get(0);
                else break;
            }
            if (!(s instanceof Stmt.For f)) {
                if (level == 0)
                    p.diags.error(s.loc(), "statement after '#pragma omp " + d.name() + "' must be a for loop");
                else {
                    p.diags.error(
                            s.loc(),
                            "expected " + d.loopDepth() + " for loops after '#pragma omp " + d.name()
                                    + "', but found only " + level);
                    noteCollapse(d);
                }
                return null;
            }
            Var iv = loopVariable(f);
            if (iv == null) return null;
            if (!checkCond(f, iv)) return null;
            if (!checkIncr(f, iv)) return null;
            if (!checkRectangular(d, f, iv, ivs)) return null;
            ivs.add(iv);
            s = f.body();
        }
        return ivs;
    }

    /** A tile's nest and a doacross nest (ordered(n)) must not have an inner loop's bounds or step use an outer loop's variable. */
    private boolean checkRectangular(OmpDirective d, Stmt.For f, Var iv, List<Var> ivs) {
        OmpClause.ExprClause doacross = d.clauses(OmpClause.ExprClause.class).stream()
                .filter(c -> c.kind() == OmpClause.ExprKind.ORDERED && c.value() != null)
                .findFirst()
                .orElse(null);
        if ((d.has(Leaf.TILE) || doacross != null) && !ivs.isEmpty()) {
            Expr init = f.init() instanceof Stmt.Decl dl
                    ? dl.vars().get(0).init().items().get(0).value()
                    : ((Expr.Assign) ((Stmt.ExprStmt) f.init()).expr()).value();
            Expr.Binary cond = (Expr.Binary) f.cond();
            for (Expr e : List.of(init, refers(cond.left(), iv) ? cond.right() : cond.left(), f.step())) {
                if (!usesAny(e, ivs, iv)) continue;
                // tile's loops are rectangular (OpenMP 5.1), as clang checks; a doacross nest's
                // iteration vectors name iterations of a rectangular space (gcc's check; clang
                // accepts such a loop and its program crashes)
                if (d.has(Leaf.TILE)) p.diags.error(startOf(e), "expected loop invariant expression");
                else
                    p.diags.error(
                            doacross.loc(),
                            "'ordered' clause with a parameter may not be used with a non-rectangular loop nest");
                return false;
            }
        }
        return true;
    }

    /** loop's lastprivate takes only its loop variables (OpenMP 5.2), as clang checks. */
    private void checkLoopLastprivate(OmpDirective d, List<Var> ivs) {
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
            if (c.kind() == OmpClause.ListKind.LASTPRIVATE)
                for (OmpDirective.Item it : c.items())
                    if (it.var() != null && !ivs.contains(it.var()))
                        p.diags.error(
                                it.loc(),
                                "only loop iteration variables are allowed in 'lastprivate' clause in 'omp " + d.name()
                                        + "' directives");
    }

    /** unroll with the partial clause: it generates one loop, which a loop construct may be associated with. */
    static boolean isPartialUnroll(Stmt s) {
        return s instanceof Stmt.Omp o
                && o.directive().has(Leaf.UNROLL)
                && o.directive().clauses(OmpClause.ExprClause.class).stream()
                        .anyMatch(c -> c.kind() == OmpClause.ExprKind.PARTIAL);
    }

    /** Does e use one of the outer loop variables (not the loop's own)? */
    private static boolean usesAny(Expr e, List<Var> outer, Var own) {
        boolean[] found = new boolean[1];
        new jomp.compiler.ast.TreeScanner() {
            @Override
            public void visitVarRef(Expr.VarRef r) {
                if (r.var() != own && outer.contains(r.var())) found[0] = true;
            }
        }.scan(e);
        return found[0];
    }

    private Var loopVariable(Stmt.For f) {
        Stmt init = f.init();
        Var v = null;
        if (init instanceof Stmt.Decl decl
                && decl.vars().size() == 1
                && decl.vars().get(0).init() != null) v = decl.vars().get(0).var();
        else if (init instanceof Stmt.ExprStmt es
                && es.expr() instanceof Expr.Assign a
                && a.target() instanceof Expr.VarRef r) v = r.var();
        if (v == null) {
            p.diags.error(
                    init == null ? f.loc() : init.loc(),
                    "initialization clause of OpenMP for loop is not in canonical form ('var = init' or 'T var = init')");
            return null;
        }
        if (!v.type.isInteger() && !v.type.isPointer()) {
            p.diags.error(v.loc, "variable must be of integer or pointer type");
            return null;
        }
        return v;
    }

    private static boolean refers(Expr e, Var v) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e instanceof Expr.VarRef r && r.var() == v;
    }

    private boolean checkCond(Stmt.For f, Var v) {
        Expr c = f.cond();
        if (c instanceof Expr.Binary b) {
            switch (b.op()) {
                case LT, LE, GT, GE, NE -> {
                    if (refers(b.left(), v) || refers(b.right(), v)) return true;
                }
                default -> {}
            }
        }
        p.diags.error(
                c == null ? f.loc() : startOf(c),
                "condition of OpenMP for loop must be a relational comparison ('<', '<=', '>', '>=', or '!=') of loop variable '"
                        + v.name + "'");
        return false;
    }

    private boolean checkIncr(Stmt.For f, Var v) {
        Expr s = f.step();
        boolean ok = switch (s) {
            case Expr.IncDec i -> refers(i.target(), v);
            case Expr.CompoundAssign ca ->
                refers(ca.target(), v) && (ca.op() == Expr.Binary.Op.ADD || ca.op() == Expr.Binary.Op.SUB);
            case Expr.Assign a ->
                refers(a.target(), v)
                        && stripCasts(a.value()) instanceof Expr.Binary b
                        && (b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB)
                        && (refers(b.left(), v) || refers(b.right(), v));
            case null -> false;
            default -> false;
        };
        if (!ok)
            p.diags.error(
                    s == null ? f.loc() : startOf(s),
                    "increment clause of OpenMP for loop must perform simple addition or subtraction on loop variable '"
                            + v.name + "'");
        return ok;
    }

    /** Where an expression starts (clang's caret for loop-form errors). */
    private static SourceLocation startOf(Expr e) {
        return switch (e) {
            case Expr.Assign a -> startOf(a.target());
            case Expr.CompoundAssign a -> startOf(a.target());
            case Expr.IncDec i -> i.prefix() ? i.loc() : startOf(i.target());
            case Expr.Binary b -> startOf(b.left());
            case Expr.Cast c when c.implicit() -> startOf(c.operand());
            default -> e.loc();
        };
    }

    private static Expr stripCasts(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e;
    }
}
