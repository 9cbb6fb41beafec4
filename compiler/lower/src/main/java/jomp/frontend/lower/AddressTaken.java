package jomp.frontend.lower;

import jomp.frontend.ast.Expr;
import jomp.frontend.ast.Initializer;
import jomp.frontend.ast.Stmt;
import jomp.frontend.ast.Var;
import jomp.frontend.ast.Vla;

import java.util.Set;

/**
 * Finds the locals of a function whose address is taken ({@code &x}, or an array or function
 * decayed from it), so that only they (and aggregates) are kept in memory; the parser's
 * {@link Var#addressTaken} flag is honoured as well.
 */
final class AddressTaken {
    private final Set<Var> out;

    private AddressTaken(Set<Var> out) { this.out = out; }

    static void scan(Stmt body, Set<Var> out) { new AddressTaken(out).stmt(body); }

    private void stmt(Stmt s) {
        if (s == null) return;
        switch (s) {
            case Stmt.Compound c -> c.items().forEach(this::stmt);
            case Stmt.ExprStmt x -> expr(x.expr());
            case Stmt.Null n -> {}
            case Stmt.If i -> { expr(i.cond()); stmt(i.then()); stmt(i.otherwise()); }
            case Stmt.For f -> { stmt(f.init()); expr(f.cond()); expr(f.step()); stmt(f.body()); }
            case Stmt.While w -> { expr(w.cond()); stmt(w.body()); }
            case Stmt.DoWhile d -> { stmt(d.body()); expr(d.cond()); }
            case Stmt.Switch sw -> { expr(sw.cond()); stmt(sw.body()); }
            case Stmt.Case c -> stmt(c.body());
            case Stmt.Default d -> stmt(d.body());
            case Stmt.Break b -> {}
            case Stmt.Continue c -> {}
            case Stmt.Return r -> expr(r.value());
            case Stmt.Goto g -> {}
            case Stmt.Label l -> stmt(l.body());
            case Stmt.Decl d -> {
                for (Stmt.LocalVar lv : d.vars()) {
                    init(lv.init());
                    if (lv.var().type.isVariablyModified()) vla(lv.var().type);
                }
            }
            case Stmt.Omp o -> stmt(o.body());
            case Stmt.Asm a -> { a.outputs().forEach(this::lvalue); a.inputs().forEach(this::expr); }
        }
    }

    private void vla(jomp.frontend.type.Type t) {
        for (; t != null && t.kind != jomp.frontend.type.Type.Kind.FUNC; t = t.base) if (Vla.length(t) != null) expr(Vla.length(t));
    }

    private void init(Initializer init) {
        if (init != null) for (Initializer.Item it : init.items()) expr(it.value());
    }

    private void lvalue(Expr e) {
        switch (e) {
            case Expr.VarRef r -> out.add(r.var());
            case Expr.Member m -> lvalue(m.base());
            default -> expr(e);
        }
    }

    private void expr(Expr e) {
        if (e == null) return;
        switch (e) {
            case Expr.IntLit i -> {}
            case Expr.FloatLit f -> {}
            case Expr.StrLit s -> {}
            case Expr.VarRef r -> {}
            case Expr.Decay d -> lvalue(d.operand());
            case Expr.Unary u -> { if (u.op() == Expr.Unary.Op.ADDR) lvalue(u.operand()); else expr(u.operand()); }
            case Expr.Binary b -> { expr(b.left()); expr(b.right()); }
            case Expr.Assign a -> { expr(a.target()); expr(a.value()); }
            case Expr.CompoundAssign c -> { expr(c.target()); expr(c.value()); }
            case Expr.IncDec i -> expr(i.target());
            case Expr.Cond c -> { expr(c.cond()); expr(c.then()); expr(c.otherwise()); }
            case Expr.Cast c -> expr(c.operand());
            case Expr.Call c -> { expr(c.callee()); c.args().forEach(this::expr); }
            case Expr.Member m -> expr(m.base());
            case Expr.CompoundLiteral c -> init(c.init());
            case Expr.VlaSizeof s -> {}
            case Expr.VaOp v -> v.args().forEach(this::expr);
            case Expr.VaArg v -> expr(v.ap());
            case Expr.StmtExpr x -> { stmt(x.body()); expr(x.result()); }
        }
    }
}
