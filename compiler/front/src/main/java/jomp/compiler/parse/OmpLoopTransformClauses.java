package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;

/**
 * The clauses of the loop transformations (tile's sizes; OpenMP 6.0 interchange's permutation,
 * split's counts, fuse's looprange, and apply): constant loop counts and orders. Separate
 * from {@link OmpClauseParser} because only the loop transformations take them.
 */
final class OmpLoopTransformClauses {
    private final Parser p;
    private final OmpClauseParser clauses;

    OmpLoopTransformClauses(Parser p, OmpClauseParser clauses) {
        this.p = p;
        this.clauses = clauses;
    }

    /** sizes, permutation, counts, looprange and apply, after the clause name. */
    OmpClause clause(String n, SourceLocation loc, String directive) {
        return switch (n) {
            case "sizes" -> sizes(loc);
            case "permutation" -> permutation(loc);
            case "counts" -> counts(loc);
            case "looprange" -> looprange(loc);
            case "apply" -> apply(loc, directive);
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        };
    }

    private OmpClause sizes(SourceLocation loc) {
        Token o = clauses.open("sizes");
        List<Expr> sizes = new ArrayList<>();
        do {
            Expr e = clauses.integral(p.exprs.rvalue(p.exprs.assign()));
            Long v = ConstEval.integer(e);
            if (v == null) p.diags.error(e.loc(), "expression is not an integral constant expression");
            else if (v <= 0)
                p.diags.error(e.loc(), "argument to 'sizes' clause must be a strictly positive integer value");
            sizes.add(new Expr.IntLit(v == null ? 1 : Math.max(1, v), Type.LONG, e.loc()));
        } while (p.consume(","));
        p.expectClose(")", o);
        return new OmpClause.Sizes(sizes, loc);
    }

    /** OpenMP 6.0 interchange: a permutation of 1..n, constants. */
    private OmpClause permutation(SourceLocation loc) {
        Token o = clauses.open("permutation");
        List<Integer> order = new ArrayList<>();
        do {
            Expr e = clauses.integral(p.exprs.rvalue(p.exprs.assign()));
            Long v = ConstEval.integer(e);
            if (v == null) {
                p.diags.error(e.loc(), "expression is not an integral constant expression");
                v = 1L;
            }
            order.add((int) (long) v);
        } while (p.consume(","));
        p.expectClose(")", o);
        List<Integer> sorted = new ArrayList<>(order);
        java.util.Collections.sort(sorted);
        for (int k = 0; k < sorted.size(); k++)
            if (sorted.get(k) != k + 1) {
                p.diags.error(loc, "the arguments of 'permutation' must be a permutation of 1 to " + order.size());
                break;
            }
        if (order.size() < 2) p.diags.error(loc, "'permutation' needs at least two loops");
        return new OmpClause.Permutation(order, loc);
    }

    /** OpenMP 6.0 split: non-negative counts, one of them omp_fill. */
    private OmpClause counts(SourceLocation loc) {
        Token o = clauses.open("counts");
        List<Expr> counts = new ArrayList<>();
        int fills = 0;
        do {
            if (p.at("omp_fill") && (p.peek(1).is(",") || p.peek(1).is(")"))) {
                p.pos++;
                counts.add(null);
                fills++;
                continue;
            }
            Expr e = clauses.integral(p.exprs.rvalue(p.exprs.assign()));
            Long v = ConstEval.integer(e);
            if (v != null && v < 0)
                p.diags.error(e.loc(), "argument to 'counts' clause must be a non-negative integer value");
            counts.add(clauses.convert(e, Type.LONG));
        } while (p.consume(","));
        p.expectClose(")", o);
        if (fills != 1) p.diags.error(loc, "'counts' clause needs exactly one 'omp_fill'");
        return new OmpClause.Counts(counts, loc);
    }

    /** OpenMP 6.0 fuse: looprange(first, count), positive constants. */
    private OmpClause looprange(SourceLocation loc) {
        Token o = clauses.open("looprange");
        long[] v = new long[2];
        for (int k = 0; k < 2; k++) {
            if (k == 1) p.expect(",");
            Expr e = clauses.integral(p.exprs.rvalue(p.exprs.assign()));
            Long c = ConstEval.integer(e);
            if (c == null) {
                p.diags.error(e.loc(), "expression is not an integral constant expression");
                c = 1L;
            } else if (c <= 0)
                p.diags.error(e.loc(), "argument to 'looprange' clause must be a strictly positive integer value");
            v[k] = Math.max(1, c);
        }
        p.expectClose(")", o);
        return new OmpClause.LoopRange((int) v[0], (int) v[1], loc);
    }

    /** The modifiers of apply: the names the loop-transforming constructs give their generated loops. */
    private static final java.util.Set<String> MODIFIERS = java.util.Set.of(
            "grid", "intratile", "offsets", "fused", "interchanged", "reversed", "unrolled", "split", "identity");

    /**
     * OpenMP 6.0: apply([modifier[(indices)]:] directive[(clauses)], ...) on a loop-transforming
     * construct; each directive is parsed as a directive of its own (with its own apply clauses).
     */
    private OmpClause apply(SourceLocation loc, String directive) {
        Token o = clauses.open("apply");
        String modifier = null;
        List<Integer> indices = null;
        if (MODIFIERS.contains(p.tok().text) && (p.peek(1).is(":") || p.peek(1).is("("))) {
            modifier = p.next().text;
            if (p.at("(")) {
                Token io = p.next();
                indices = new ArrayList<>();
                do {
                    Expr e = clauses.integral(p.exprs.rvalue(p.exprs.assign()));
                    Long v = ConstEval.integer(e);
                    if (v == null) p.diags.error(e.loc(), "expression is not an integral constant expression");
                    else if (v <= 0)
                        p.diags.error(e.loc(), "argument to 'apply' clause must be a strictly positive integer value");
                    indices.add(v == null ? 1 : (int) Math.max(1, v));
                } while (p.consume(","));
                p.expectClose(")", io);
            }
            p.expect(":");
        }
        List<OmpDirective> dirs = new ArrayList<>();
        List<Token> sub = new ArrayList<>();
        int depth = 0;
        while (!p.atEof() && !(depth == 0 && p.at(")"))) {
            Token w = p.next();
            if (w.is("(")) depth++;
            else if (w.is(")")) depth--;
            if (depth == 0 && w.is(",")) {
                dirs.add(applied(sub, directive, w));
                sub.clear();
                continue;
            }
            sub.add(w);
        }
        dirs.add(applied(sub, directive, p.tok()));
        p.expectClose(")", o);
        return new OmpClause.Apply(modifier, indices, List.copyOf(dirs), loc);
    }

    /** One directive of an apply clause: a loop-transforming directive or nothing. */
    private OmpDirective applied(List<Token> sub, String directive, Token after) {
        if (sub.isEmpty()) {
            p.diags.error(after.loc, "expected a loop-transforming directive in 'apply' clause");
            throw new Parser.SyntaxError();
        }
        List<Token> toks = new ArrayList<>(sub);
        toks.add(new Token(Token.Kind.EOF, "", after.loc));
        OmpDirective d = p.withTokens(OmpDirectiveNames.underscoreNames(toks, 0), () -> {
            OmpDirective x = clauses.omp.directiveBody(sub.get(0).loc);
            if (x != null && !p.atEof())
                p.diags.error(p.tok().loc, "unexpected tokens after '" + x.name() + "' in 'apply' clause");
            return x;
        });
        if (d == null) throw new Parser.SyntaxError();
        if (d.isLoopTransformation()) OmpApplyCheck.requiredClauses(p, d, d.loc());
        if (!d.isLoopTransformation() && !d.has(OmpDirective.Leaf.NOTHING))
            p.diags.error(
                    d.loc(),
                    "'" + d.name() + "' in the 'apply' clause of '#pragma omp " + directive
                            + "' is not a loop-transforming directive");
        return d;
    }
}
