package jomp.compiler.parse;

import java.util.Locale;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Stmt;

/**
 * atomic: the statement must be an expression statement of the form the kind allows, checked
 * when the statement is complete (apart from OmpParser, which reads the pragma's tokens).
 */
final class OmpAtomicForm {
    private OmpAtomicForm() {}

    static void check(Parser p, OmpDirective d, Stmt body) {
        Stmt s = body;
        if (d.atomic() == OmpDirective.AtomicKind.CAPTURE && s instanceof Stmt.Compound) return;
        if (d.atomic() == OmpDirective.AtomicKind.COMPARE) {
            // OpenMP 5.1's conditional updates (and their capture forms, a compound statement); the
            // lowering makes them atomic instructions (AtomicLowering), or runs a shape it does not
            // know under the atomic lock
            boolean ok = s instanceof Stmt.If
                    || s instanceof Stmt.Compound
                    || s instanceof Stmt.ExprStmt es
                            && es.expr() instanceof Expr.Assign a
                            && stripCasts(a.value()) instanceof Expr.Cond;
            if (!ok)
                p.diags.error(
                        s.loc(),
                        "the statement for 'atomic compare' must be a conditional update of the form "
                                + "'x = expr ordop x ? expr : x;', 'x = x == e ? d : x;' or 'if (expr ordop x) { x = expr; }'");
            return;
        }
        if (!(s instanceof Stmt.ExprStmt es)) {
            p.diags.error(s.loc(), formError(d.atomic()));
            return;
        }
        Expr e = es.expr();
        boolean ok = switch (d.atomic()) {
            case READ, WRITE -> e instanceof Expr.Assign;
            case UPDATE -> e instanceof Expr.IncDec || e instanceof Expr.CompoundAssign || e instanceof Expr.Assign;
            default -> true;
        };
        if (!ok) p.diags.error(e.loc(), formError(d.atomic()));
    }

    /** clang's words for a statement not of the kind's form. */
    private static String formError(OmpDirective.AtomicKind kind) {
        return "the statement for 'atomic"
                + (kind == OmpDirective.AtomicKind.UPDATE
                        ? ""
                        : " " + kind.name().toLowerCase(Locale.ROOT)) + "' must be an expression statement of form "
                + switch (kind) {
                    case READ -> "'v = x;', where v and x are both lvalue expressions with scalar type";
                    case WRITE -> "'x = expr', where x is a lvalue expression with scalar type";
                    default ->
                        "'++x;', '--x;', 'x++;', 'x--;', 'x binop= expr;', 'x = x binop expr' or 'x = expr binop x', where x is an lvalue expression with scalar type";
                };
    }

    private static Expr stripCasts(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e;
    }
}
