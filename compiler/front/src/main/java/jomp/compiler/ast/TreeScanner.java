package jomp.compiler.ast;

import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.List;
import jomp.compiler.diag.SourceLocation;

/**
 * A visitor over statements and expressions with the default traversal (javac's TreeScanner): one
 * {@code visit} method per node kind, each scanning the node's children in source order. A
 * pass overrides the visits of the nodes it cares about and calls {@code super} (or scans what it
 * chooses) to go on below them; what it does not override is walked through.
 *
 * <p>The children are the statements, expressions and initializers a node holds: a local's
 * initializer, a compound literal's initializer, a statement expression's block and result, an
 * asm statement's operands. Not children: the types a node holds (a VLA's length expressions are
 * scanned where the declaration executes, by {@link #visitLocalVar}, only if a pass asks), and
 * the variables it names. An OpenMP directive's clauses are walked by {@link #scanDirective},
 * which finds the expressions in them whatever the clause kind.
 */
public class TreeScanner {

    // ---- entry points: null-safe ----

    public void scan(Stmt s) {
        if (s == null) return;
        switch (s) {
            case Stmt.Compound c -> visitCompound(c);
            case Stmt.ExprStmt e -> visitExprStmt(e);
            case Stmt.Null n -> visitNull(n);
            case Stmt.If i -> visitIf(i);
            case Stmt.For f -> visitFor(f);
            case Stmt.While w -> visitWhile(w);
            case Stmt.DoWhile d -> visitDoWhile(d);
            case Stmt.Switch sw -> visitSwitch(sw);
            case Stmt.Case c -> visitCase(c);
            case Stmt.Default d -> visitDefault(d);
            case Stmt.Break b -> visitBreak(b);
            case Stmt.Continue c -> visitContinue(c);
            case Stmt.Return r -> visitReturn(r);
            case Stmt.Goto g -> visitGoto(g);
            case Stmt.IndirectGoto g -> visitIndirectGoto(g);
            case Stmt.Label l -> visitLabel(l);
            case Stmt.Decl d -> visitDecl(d);
            case Stmt.Asm a -> visitAsm(a);
            case Stmt.Omp o -> visitOmp(o);
        }
    }

    public void scan(Expr e) {
        if (e == null) return;
        switch (e) {
            case Expr.IntLit l -> visitIntLit(l);
            case Expr.FloatLit l -> visitFloatLit(l);
            case Expr.StrLit l -> visitStrLit(l);
            case Expr.VarRef v -> visitVarRef(v);
            case Expr.Decay d -> visitDecay(d);
            case Expr.Unary u -> visitUnary(u);
            case Expr.Binary b -> visitBinary(b);
            case Expr.Assign a -> visitAssign(a);
            case Expr.CompoundAssign c -> visitCompoundAssign(c);
            case Expr.IncDec i -> visitIncDec(i);
            case Expr.Cond c -> visitCond(c);
            case Expr.Cast c -> visitCast(c);
            case Expr.VectorOp v -> visitVectorOp(v);
            case Expr.Call c -> visitCall(c);
            case Expr.Member m -> visitMember(m);
            case Expr.CompoundLiteral c -> visitCompoundLiteral(c);
            case Expr.VlaSizeof v -> visitVlaSizeof(v);
            case Expr.VaOp v -> visitVaOp(v);
            case Expr.VaArg v -> visitVaArg(v);
            case Expr.StmtExpr s -> visitStmtExpr(s);
            case Expr.LabelAddr l -> visitLabelAddr(l);
        }
    }

    public void scan(Initializer init) {
        if (init == null) return;
        for (Initializer.Item item : init.items()) scan(item.value());
    }

    /** Each statement of a list, in order. */
    public void scanStmts(List<? extends Stmt> stmts) {
        for (Stmt s : stmts) scan(s);
    }

    /** Each expression of a list, in order. */
    public void scanExprs(List<? extends Expr> exprs) {
        for (Expr e : exprs) scan(e);
    }

    // ---- statements ----

    public void visitCompound(Stmt.Compound c) {
        scanStmts(c.items());
    }

    public void visitExprStmt(Stmt.ExprStmt e) {
        scan(e.expr());
    }

    public void visitNull(Stmt.Null n) {}

    public void visitIf(Stmt.If i) {
        scan(i.cond());
        scan(i.then());
        scan(i.otherwise());
    }

    public void visitFor(Stmt.For f) {
        scan(f.init());
        scan(f.cond());
        scan(f.step());
        scan(f.body());
    }

    public void visitWhile(Stmt.While w) {
        scan(w.cond());
        scan(w.body());
    }

    public void visitDoWhile(Stmt.DoWhile d) {
        scan(d.body());
        scan(d.cond());
    }
    /** The body only: the case and default labels are statements inside it. */
    public void visitSwitch(Stmt.Switch sw) {
        scan(sw.cond());
        scan(sw.body());
    }

    public void visitCase(Stmt.Case c) {
        scan(c.body());
    }

    public void visitDefault(Stmt.Default d) {
        scan(d.body());
    }

    public void visitBreak(Stmt.Break b) {}

    public void visitContinue(Stmt.Continue c) {}

    public void visitReturn(Stmt.Return r) {
        scan(r.value());
    }

    public void visitGoto(Stmt.Goto g) {}

    public void visitIndirectGoto(Stmt.IndirectGoto g) {
        scan(g.target());
    }

    public void visitLabel(Stmt.Label l) {
        scan(l.body());
    }

    public void visitDecl(Stmt.Decl d) {
        for (Stmt.LocalVar lv : d.vars()) visitLocalVar(lv);
    }

    public void visitLocalVar(Stmt.LocalVar lv) {
        scan(lv.init());
    }

    public void visitAsm(Stmt.Asm a) {
        scanExprs(a.outputs());
        scanExprs(a.inputs());
    }

    public void visitOmp(Stmt.Omp o) {
        scanDirective(o.directive());
        scan(o.body());
    }

    /**
     * The expressions and statements in a directive's clauses, in the order the clauses hold them.
     * Clause kinds are many and still growing, so this finds them by walking the clause records
     * rather than by naming each kind.
     */
    public void scanDirective(OmpDirective d) {
        scanParts(d);
    }

    private void scanParts(Object o) {
        switch (o) {
            case null -> {}
            case Stmt s -> scan(s);
            case Expr e -> scan(e);
            case Initializer i -> scan(i);
            case Collection<?> c -> {
                for (Object x : c) scanParts(x);
            }
            case Record r
            when r.getClass().getPackageName().equals(TreeScanner.class.getPackageName()) -> {
                for (RecordComponent c : r.getClass().getRecordComponents()) {
                    Class<?> t = c.getType();
                    if (t.isPrimitive()
                            || t.isEnum()
                            || t == String.class
                            || t == SourceLocation.class
                            || t == Var.class) continue;
                    try {
                        scanParts(c.getAccessor().invoke(r));
                    } catch (ReflectiveOperationException ex) {
                        throw new IllegalStateException(ex);
                    }
                }
            }
            default -> {}
        }
    }

    // ---- expressions ----

    public void visitIntLit(Expr.IntLit l) {}

    public void visitFloatLit(Expr.FloatLit l) {}

    public void visitStrLit(Expr.StrLit l) {}

    public void visitVarRef(Expr.VarRef v) {}

    public void visitDecay(Expr.Decay d) {
        scan(d.operand());
    }

    public void visitUnary(Expr.Unary u) {
        scan(u.operand());
    }

    public void visitBinary(Expr.Binary b) {
        scan(b.left());
        scan(b.right());
    }

    public void visitAssign(Expr.Assign a) {
        scan(a.target());
        scan(a.value());
    }

    public void visitCompoundAssign(Expr.CompoundAssign c) {
        scan(c.target());
        scan(c.value());
    }

    public void visitIncDec(Expr.IncDec i) {
        scan(i.target());
    }

    public void visitCond(Expr.Cond c) {
        scan(c.cond());
        scan(c.then());
        scan(c.otherwise());
    }

    public void visitCast(Expr.Cast c) {
        scan(c.operand());
    }

    public void visitVectorOp(Expr.VectorOp v) {
        scan(v.left());
        scan(v.right());
    }

    public void visitCall(Expr.Call c) {
        scan(c.callee());
        scanExprs(c.args());
    }

    public void visitMember(Expr.Member m) {
        scan(m.base());
    }

    public void visitCompoundLiteral(Expr.CompoundLiteral c) {
        scan(c.init());
    }

    public void visitVlaSizeof(Expr.VlaSizeof v) {}

    public void visitVaOp(Expr.VaOp v) {
        scanExprs(v.args());
    }

    public void visitVaArg(Expr.VaArg v) {
        scan(v.ap());
    }

    public void visitStmtExpr(Expr.StmtExpr s) {
        scan(s.body());
        scan(s.result());
    }

    public void visitLabelAddr(Expr.LabelAddr l) {}
}
