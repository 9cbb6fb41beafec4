package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;

/**
 * The clauses that choose a variant (OpenMP 5.2 §7): metadirective's when and otherwise,
 * declare variant's match, adjust_args and append_args, and dispatch's novariants, nocontext
 * and interop. Separate from {@link OmpClauseParser} because they describe the function or
 * directive chosen rather than the construct they stand on.
 */
final class OmpVariantClauses {
    private final Parser p;
    private final OmpParser omp;
    private final OmpClauseParser clauses;

    OmpVariantClauses(Parser p, OmpParser omp, OmpClauseParser clauses) {
        this.p = p;
        this.omp = omp;
        this.clauses = clauses;
    }

    /** when, otherwise, match, adjust_args and append_args, after the clause name. */
    OmpClause clause(String n, SourceLocation loc) {
        switch (n) {
            case "when" -> {
                return omp.when(loc, false);
            }
            case "otherwise" -> {
                return omp.when(loc, true);
            }
            case "match" -> {
                Token o = clauses.open(n);
                OmpClause.Selector s = omp.selector(loc);
                p.expectClose(")", o);
                return new OmpClause.Match(s, loc);
            }
            case "adjust_args" -> {
                return adjustArgs(loc);
            }
            case "append_args" -> {
                return appendArgs(loc);
            }
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        }
    }

    /** dispatch's novariants(e) and nocontext(e): kept as if-like clauses. */
    OmpClause dispatchCondition(String n, SourceLocation loc) {
        Token o = clauses.open(n);
        Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
        p.expectClose(")", o);
        return new OmpClause.ExprClause(OmpClause.ExprKind.IF, e, n, loc);
    }

    /**
     * adjust_args(need_device_ptr|need_device_addr|nothing: parameter, ...) of declare variant
     * (need_device_addr: OpenMP 6.0, for C++ references, so in C every parameter is an error,
     * reported by OmpVariants as clang reports a non-reference one): the parameters are
     * those of the function declared after the pragma, so they are kept as written (a name's
     * token, or where something else starts) and looked up then (OmpVariants).
     */
    private OmpClause adjustArgs(SourceLocation loc) {
        Token o = clauses.open("adjust_args");
        Token op = p.next();
        if (!p.at(":")) {
            p.diags.warning(p.tok().loc, "missing ':' after adjust-op - ignoring", "-Wignored-pragmas");
            throw p.errorAt(p.tok().loc, "expected expression");
        }
        p.pos++;
        if (!op.is("need_device_ptr") && !op.is("need_device_addr") && !op.is("nothing"))
            p.diags.error(op.loc, "incorrect adjust_args type, expected 'need_device_ptr' or 'nothing'");
        List<Object> items = new ArrayList<>();
        do {
            Token t = p.tok();
            if (t.kind == Token.Kind.IDENT && (p.peek(1).is(",") || p.peek(1).is(")"))) {
                items.add(p.next());
                continue;
            }
            if (t.is(")") || t.is(",")) throw p.errorAt(t.loc, "expected expression");
            items.add(t.loc);
            for (int depth = 0;
                    !p.atEof() && !(depth == 0 && (p.at(",") || p.at(")"))); ) { // anything else: not a parameter
                Token x = p.next();
                if (x.is("(") || x.is("[")) depth++;
                else if (x.is(")") || x.is("]")) depth--;
            }
        } while (p.consume(","));
        p.expectClose(")", o);
        return new OmpClause.VariantArgs("adjust_args", op.text, items, loc);
    }

    /** append_args(interop(target|targetsync, ...), ...) of declare variant: the interop objects a dispatch appends to the call. */
    private OmpClause appendArgs(SourceLocation loc) {
        Token o = clauses.open("append_args");
        List<Object> items = new ArrayList<>();
        while (!p.at(")") && !p.atEof()) {
            Token op = p.next();
            if (!op.is("interop"))
                throw p.errorAt(op.loc, "unexpected operation specified in 'append_args' clause, expected 'interop'");
            Token io = p.tok();
            p.expect("(");
            boolean target = false, targetsync = false;
            do {
                Token t = p.next();
                boolean isTarget = t.is("target"), isSync = t.is("targetsync");
                if (!isTarget && !isSync) {
                    p.diags.error(t.loc, "expected interop type: 'target' and/or 'targetsync'");
                    if (!p.at(")") && !p.at(",")) throw p.errorAt(p.tok().loc, "expected ')'");
                    throw new Parser.SyntaxError();
                }
                if (isTarget ? target : targetsync)
                    p.diags.warning(
                            t.loc,
                            "interop type '" + t.text + "' cannot be specified more than once",
                            "-Wopenmp-clauses");
                if (isTarget) target = true;
                else targetsync = true;
            } while (p.consume(","));
            p.expectClose(")", io);
            items.add(new OmpClause.AppendInterop(target, targetsync, op.loc));
            if (!p.consume(",")) break;
        }
        p.expectClose(")", o);
        return new OmpClause.VariantArgs("append_args", null, items, loc);
    }

    /** dispatch's interop(obj, ...): omp_interop_t variables for the called variant's append_args. */
    OmpClause dispatchInterop(SourceLocation loc) {
        Token o = clauses.open("interop");
        List<Expr> objs = new ArrayList<>();
        do {
            Expr e = p.exprs.assign();
            if (!(e.type().isPointer() || e.type().isInteger()))
                p.diags.error(e.loc(), "expected a variable of type 'omp_interop_t'");
            objs.add(e);
        } while (p.consume(","));
        p.expectClose(")", o);
        return new OmpClause.DispatchInterop(objs, loc);
    }
}
