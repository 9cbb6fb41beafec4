package jomp.compiler.parse;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;

/**
 * OpenMP 6.0's clauses about progress, memory scope and assumptions, which jomp checks and keeps
 * as hints: safesync([width]) of parallel, device_safesync([condition]) of requires,
 * memscope(all|cgroup|device) of atomic and flush, and the assumption no_openmp_constructs([condition]).
 * Every jomp thread makes progress on its own (host and jvm: JVM threads; nvptx64: the simulator and
 * the GPU run a team's threads with independent scheduling), so any safesync width holds. An
 * atomic's or flush's memscope is its instructions' scope (AtomicLowering; nvptx64: all is .sys,
 * device .gpu, cgroup .cta; the host and the jvm device have one memory). An assumption changes
 * nothing in a conforming program.
 */
final class OmpSyncClauses {
    private final Parser p;
    private final OmpClauseParser clauses;

    OmpSyncClauses(Parser p, OmpClauseParser clauses) {
        this.p = p;
        this.clauses = clauses;
    }

    OmpClause clause(String n, SourceLocation loc) {
        switch (n) {
            case "safesync" -> {
                // safesync[(width)]: width a positive integer expression
                if (p.at("(")) {
                    Token o = clauses.open(n);
                    Expr e = clauses.integral(p.exprs.rvalue(p.exprs.assign()));
                    p.expectClose(")", o);
                    Long v = ConstEval.integer(e);
                    if (v != null && v <= 0)
                        p.diags.error(
                                e.loc(), "argument to 'safesync' clause must be a strictly positive integer value");
                }
                return new OmpClause.Hint(n, loc);
            }
            case "memscope" -> {
                Token o = clauses.open(n);
                Token k = p.next();
                if (!List.of("all", "cgroup", "device").contains(k.text))
                    throw p.errorAt(k.loc, "expected 'all', 'cgroup' or 'device' in OpenMP clause 'memscope'");
                p.expectClose(")", o);
                return new OmpClause.Word(n, k.text, k.loc);
            }
            default -> { // device_safesync, no_openmp_constructs: an optional condition, a constant
                if (!p.at("(")) return new OmpClause.Hint(n, loc);
                Token o = clauses.open(n);
                Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                p.expectClose(")", o);
                if (!Parser.ERROR.equals(e.type()) && ConstEval.integer(e) == null)
                    p.diags.error(e.loc(), "expression is not an integral constant expression");
                return new OmpClause.Hint(n, loc);
            }
        }
    }

    /**
     * OpenMP 6.1's dims(n) modifier of num_teams, thread_limit and num_threads ({@code
     * num_teams(dims(2): 4, 8)}), after the opening parenthesis: n integer expressions, the sizes in
     * each dimension. jomp keeps one dimension, so the count is their product (team and thread
     * numbers are the linear ones).
     */
    Expr dims(String clause) {
        p.pos++; // dims
        Token o = clauses.open("dims");
        Expr n = clauses.integral(p.exprs.rvalue(p.exprs.assign()));
        p.expectClose(")", o);
        p.expect(":");
        Long count = ConstEval.integer(n);
        if (count == null || count <= 0)
            p.diags.error(n.loc(), "argument to 'dims' modifier must be a strictly positive integer constant");
        Expr product = null;
        int items = 0;
        do {
            Expr e = clauses.convert(clauses.integral(p.exprs.rvalue(p.exprs.assign())), Type.INT);
            items++;
            product = product == null ? e : new Expr.Binary(Expr.Binary.Op.MUL, product, e, Type.INT, e.loc());
        } while (p.consume(","));
        if (count != null && count > 0 && items != count)
            p.diags.error(
                    n.loc(),
                    "'" + clause + "' clause with 'dims(" + count + ")' needs " + count + " values, not " + items);
        return product;
    }
}
