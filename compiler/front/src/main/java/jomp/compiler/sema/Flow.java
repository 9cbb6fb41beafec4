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
        diags.warning(
                at,
                hasReturn(body)
                        ? "non-void function does not return a value in all control paths"
                        : "non-void function does not return a value",
                "-Wreturn-type");
    }

    /**
     * Can control reach the end of s? A conservative approximation of clang's CFG check: where the
     * answer is unclear (switch, loops left by break) it says no, so the warning is never spurious.
     */
    private static boolean mayFallThrough(Stmt s) {
        return switch (s) {
            case Stmt.Return r -> false;
            case Stmt.Goto g -> false;
            case Stmt.Compound c ->
                c.items().isEmpty()
                        || !endsUnreachable(c)
                                && mayFallThrough(c.items().get(c.items().size() - 1));
            case Stmt.If i -> i.otherwise() == null || mayFallThrough(i.then()) || mayFallThrough(i.otherwise());
            case Stmt.Label l -> mayFallThrough(l.body());
            case Stmt.ExprStmt e -> !callsNoreturn(e);
            case Stmt.Null n -> true;
            case Stmt.Decl d -> true;
            case Stmt.Omp o -> o.body() == null || mayFallThrough(o.body());
            default -> false;
        };
    }

    private static boolean callsNoreturn(Stmt.ExprStmt e) {
        return noreturnCall(e.expr());
    }

    /** A call of a function that never returns: declared noreturn (_Noreturn, __attribute__((noreturn))) or one of C's. */
    static boolean noreturnCall(Expr e) {
        return e instanceof Expr.Call c
                && c.direct() != null
                && (c.direct().noreturn
                        || c.direct().name.equals("exit")
                        || c.direct().name.equals("abort")
                        || c.direct().name.equals("_Exit")
                        || c.direct().name.equals("__builtin_unreachable")
                        || c.direct().name.equals("__builtin_trap"));
    }

    /**
     * Is the end of c unreachable: some item cannot complete and no label, case or default comes
     * after it to enter again (what follows a switch whose every case returns, or a return, is dead:
     * {@code switch (c) { case 0: return a; default: return b; } assert(0); }).
     */
    private static boolean endsUnreachable(Stmt.Compound c) {
        boolean dead = false;
        for (Stmt item : c.items()) {
            if (item instanceof Stmt.Label || item instanceof Stmt.Case || item instanceof Stmt.Default) dead = false;
            if (cannotComplete(item)) dead = true;
        }
        return dead;
    }

    /** Surely never completes normally (where unsure, no: it only ever silences the warning). */
    private static boolean cannotComplete(Stmt s) {
        return switch (s) {
            case Stmt.Return r -> true;
            case Stmt.Goto g -> true;
            case Stmt.Break b -> true;
            case Stmt.Continue k -> true;
            case Stmt.ExprStmt e -> callsNoreturn(e);
            case Stmt.Compound c -> endsUnreachable(c);
            case Stmt.If i -> i.otherwise() != null && cannotComplete(i.then()) && cannotComplete(i.otherwise());
            case Stmt.Label l -> cannotComplete(l.body());
            case Stmt.Case k -> cannotComplete(k.body());
            case Stmt.Default d -> cannotComplete(d.body());
            case Stmt.Switch w ->
                w.defaultCase() != null
                        && !breaks(w.body())
                        && (w.body() instanceof Stmt.Compound c ? endsUnreachable(c) : cannotComplete(w.body()));
            case Stmt.For f -> f.cond() == null && !breaks(f.body());
            case Stmt.While w -> ConstEval.integer(w.cond()) instanceof Long v && v != 0 && !breaks(w.body());
            default -> false;
        };
    }

    /** Does a break in s leave s's own loop or switch (one not inside a nested loop or switch)? */
    private static boolean breaks(Stmt s) {
        return switch (s) {
            case Stmt.Break b -> true;
            case Stmt.Compound c -> c.items().stream().anyMatch(Flow::breaks);
            case Stmt.If i -> breaks(i.then()) || i.otherwise() != null && breaks(i.otherwise());
            case Stmt.Label l -> breaks(l.body());
            case Stmt.Case k -> breaks(k.body());
            case Stmt.Default d -> breaks(d.body());
            case Stmt.Omp o -> o.body() != null && breaks(o.body());
            default -> false; // loops and switches take their own breaks; other statements hold none
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
