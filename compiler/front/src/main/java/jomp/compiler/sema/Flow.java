package jomp.compiler.sema;

import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;

/**
 * Flow checks on a function body once it is parsed (javac's Flow): clang's -Wreturn-type for a
 * non-void function whose end can be reached.
 */
public final class Flow {
    private Flow() {}

    /**
     * Warns, as clang does, when control can reach the end of the non-void function fn (not main);
     * at is the closing brace of its body.
     */
    public static void checkReturn(Diagnostics diags, Var fn, Stmt body, SourceLocation at) {
        if (fn.type.base.isVoid() || fn.name.equals("main") || !mayFallThrough(body)) return;
        diags.warning(at, hasReturn(body) ? "non-void function does not return a value in all control paths"
                                          : "non-void function does not return a value", "-Wreturn-type");
    }

    /**
     * Can control reach the end of s? A conservative approximation of clang's CFG check: where the
     * answer is unclear (switch, loops left by break) it says no, so the warning is never spurious.
     */
    private static boolean mayFallThrough(Stmt s) {
        return switch (s) {
            case Stmt.Return r -> false;
            case Stmt.Goto g -> false;
            case Stmt.Compound c -> c.items().isEmpty() || mayFallThrough(c.items().get(c.items().size() - 1));
            case Stmt.If i -> i.otherwise() == null || mayFallThrough(i.then()) || mayFallThrough(i.otherwise());
            case Stmt.Label l -> mayFallThrough(l.body());
            case Stmt.ExprStmt e -> !(e.expr() instanceof Expr.Call c && c.direct() != null
                && (c.direct().noreturn || c.direct().name.equals("exit") || c.direct().name.equals("abort")
                    || c.direct().name.equals("_Exit") || c.direct().name.equals("__builtin_unreachable")
                    || c.direct().name.equals("__builtin_trap")));
            case Stmt.Null n -> true;
            case Stmt.Decl d -> true;
            case Stmt.Omp o -> o.body() == null || mayFallThrough(o.body());
            default -> false;
        };
    }

    private static boolean hasReturn(Stmt s) {
        return switch (s) {
            case Stmt.Return r -> true;
            case Stmt.Compound c -> c.items().stream().anyMatch(Flow::hasReturn);
            case Stmt.If i -> hasReturn(i.then()) || i.otherwise() != null && hasReturn(i.otherwise());
            case Stmt.Label l -> hasReturn(l.body());
            case Stmt.For f -> hasReturn(f.body());
            case Stmt.While w -> hasReturn(w.body());
            case Stmt.DoWhile d -> hasReturn(d.body());
            case Stmt.Switch w -> hasReturn(w.body());
            case Stmt.Case c -> hasReturn(c.body());
            case Stmt.Default d -> hasReturn(d.body());
            case Stmt.Omp o -> o.body() != null && hasReturn(o.body());
            default -> false;
        };
    }
}
