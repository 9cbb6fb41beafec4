package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;

/**
 * The memory allocator clauses (OpenMP 5.2 §6): allocate with its allocator and align
 * modifiers, the allocate directive's allocator, and a target's uses_allocators. Separate from
 * {@link OmpClauseParser} because their modifiers are parsed alike and no other clause has them.
 */
final class OmpAllocatorClauses {
    private final Parser p;
    private final OmpParser omp;
    private final OmpClauseParser clauses;

    OmpAllocatorClauses(Parser p, OmpParser omp, OmpClauseParser clauses) {
        this.p = p;
        this.omp = omp;
        this.clauses = clauses;
    }

    /** allocate, allocator and uses_allocators, after the clause name. */
    OmpClause clause(String n, SourceLocation loc) {
        switch (n) {
            case "allocator" -> {
                Token o = clauses.open(n);
                Expr e = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.ALLOCATOR, e, null, loc);
            }
            case "allocate" -> {
                return allocate(loc);
            }
            case "uses_allocators" -> {
                return usesAllocators(loc);
            }
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        }
    }

    /** allocate([allocator(a) | a][, align(n)] : list) or allocate(list). */
    private OmpClause allocate(SourceLocation loc) {
        Token o = clauses.open("allocate");
        Expr allocator = null, align = null;
        int save = p.pos;
        if (hasColonBeforeClose()) {
            while (!p.at(":")) {
                if (p.at("allocator") && p.peek(1).is("(")) {
                    p.pos++;
                    Token ao = p.next();
                    allocator = p.exprs.rvalue(p.exprs.assign());
                    p.expectClose(")", ao);
                } else if (p.at("align") && p.peek(1).is("(")) {
                    p.pos++;
                    Token ao = p.next();
                    Expr e = clauses.integral(p.exprs.rvalue(p.exprs.assign()));
                    Long v = ConstEval.integer(e);
                    if (v == null) p.diags.error(e.loc(), "expression is not an integral constant expression");
                    else if (v <= 0 || Long.bitCount(v) != 1) p.diags.error(e.loc(), "alignment must be a power of 2");
                    align = v == null ? e : new Expr.IntLit(v, Type.LONG, e.loc());
                    p.expectClose(")", ao);
                } else {
                    allocator = p.exprs.rvalue(p.exprs.assign());
                }
                if (!p.consume(",")) break;
            }
            p.expect(":");
        } else p.pos = save;
        List<OmpDirective.Item> items = omp.itemList();
        p.expectClose(")", o);
        return new OmpClause.Allocate(allocator, align, items, loc);
    }

    /** Is there a ':' at this parenthesis level before the closing ')'? */
    private boolean hasColonBeforeClose() {
        int depth = 0;
        for (int i = 0; ; i++) {
            Token t = p.peek(i);
            if (t.kind == Token.Kind.EOF) return false;
            if (t.is("(") || t.is("[")) depth++;
            else if (t.is(")") || t.is("]")) {
                if (depth == 0) return false;
                depth--;
            } else if (t.is(":") && depth == 0) return true;
        }
    }

    /** uses_allocators(a[(traits)], ...) (5.0) and uses_allocators([memspace(m)][, traits(t)]: a) (5.2). */
    private OmpClause usesAllocators(SourceLocation loc) {
        Token o = clauses.open("uses_allocators");
        List<OmpClause.AllocatorUse> uses = new ArrayList<>();
        do {
            Expr memspace = null, traits = null;
            if ((p.at("memspace") || p.at("traits")) && p.peek(1).is("(")) {
                while ((p.at("memspace") || p.at("traits")) && p.peek(1).is("(")) {
                    boolean ms = p.next().text.equals("memspace");
                    Token mo = p.next();
                    Expr e = p.exprs.rvalue(p.exprs.assign());
                    p.expectClose(")", mo);
                    if (ms) memspace = e;
                    else traits = e;
                    p.consume(",");
                }
                p.expect(":");
            }
            Token a = p.tok();
            Expr alloc;
            Var var = null;
            if (a.kind == Token.Kind.IDENT
                    && p.lookup(a.text) instanceof Var v
                    && !p.peek(1).is("(")) {
                p.pos++;
                v.used = true;
                var = v;
                alloc = new Expr.VarRef(v, v.type, a.loc);
            } else if (a.kind == Token.Kind.IDENT
                    && p.lookup(a.text) instanceof Var v
                    && p.peek(1).is("(")) {
                p.pos++;
                v.used = true;
                var = v;
                alloc = new Expr.VarRef(v, v.type, a.loc);
                Token to = p.next();
                traits = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", to);
            } else {
                alloc = p.exprs.rvalue(p.exprs.assign());
            }
            uses.add(new OmpClause.AllocatorUse(alloc, var, traits, memspace));
        } while (p.consume(","));
        p.expectClose(")", o);
        return new OmpClause.UsesAllocators(uses, loc);
    }
}
