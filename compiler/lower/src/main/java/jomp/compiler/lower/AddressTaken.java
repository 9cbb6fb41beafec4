package jomp.compiler.lower;

import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
import jomp.compiler.ast.Vla;

/**
 * Finds the locals of a function whose address is taken ({@code &x}, or an array or function
 * decayed from it), so that only they (and aggregates) are kept in memory; the parser's
 * {@link Var#addressTaken} flag is honoured as well.
 */
final class AddressTaken extends TreeScanner {
    private final Set<Var> out;

    private AddressTaken(Set<Var> out) {
        this.out = out;
    }

    static void scan(Stmt body, Set<Var> out) {
        new AddressTaken(out).scan(body);
    }

    /** An operand whose address is used: the variable it names (through members) is address-taken. */
    private void lvalue(Expr e) {
        switch (e) {
            case Expr.VarRef r -> out.add(r.var());
            case Expr.Member m -> lvalue(m.base());
            default -> scan(e);
        }
    }

    @Override
    public void visitDecay(Expr.Decay d) {
        lvalue(d.operand());
    }

    @Override
    public void visitUnary(Expr.Unary u) {
        if (u.op() == Expr.Unary.Op.ADDR) lvalue(u.operand());
        else super.visitUnary(u);
    }

    /** A VLA's length expressions run where it is declared, and may take addresses too. */
    @Override
    public void visitLocalVar(Stmt.LocalVar lv) {
        super.visitLocalVar(lv);
        if (!lv.var().type.isVariablyModified()) return;
        for (var t = lv.var().type; t != null && t.kind != jomp.compiler.type.Type.Kind.FUNC; t = t.base)
            if (Vla.length(t) != null) scan(Vla.length(t));
    }

    /** The construct's body: the addresses its clauses pass are the lowering's (OmpCaptures.capturedByRegions). */
    @Override
    public void visitOmp(Stmt.Omp o) {
        scan(o.body());
    }

    /** An asm output is assigned as by '=' (AsmLowering): it needs no address. */
    @Override
    public void visitAsm(Stmt.Asm a) {
        scanExprs(a.outputs());
        scanExprs(a.inputs());
    }
}
