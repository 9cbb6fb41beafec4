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
import jomp.compiler.type.TypePrinter;

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

    /**
     * uses_allocators: OpenMP 6.0's allocator specifications {@code [memspace(m)][, traits(t)]: a},
     * separated by ';' (or ','), and the deprecated list of {@code a[(traits)]}. A predefined
     * allocator takes no modifiers; a variable must be an omp_allocator_handle_t, its traits a
     * constant-sized array of omp_alloctrait_t (none: an empty array), as clang checks them.
     */
    private OmpClause usesAllocators(SourceLocation loc) {
        Token o = clauses.open("uses_allocators");
        List<OmpClause.AllocatorUse> uses = new ArrayList<>();
        do {
            Expr memspace = null, traits = null;
            boolean modified = false;
            while ((p.at("memspace") || p.at("traits")) && p.peek(1).is("(")) {
                boolean ms = p.next().text.equals("memspace");
                Token mo = p.next();
                Expr e = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", mo);
                if (ms) memspace = e;
                else traits = e;
                modified = true;
                if (!p.consume(",")) break;
            }
            if (modified) p.expect(":");
            OmpClause.AllocatorUse use = allocator(memspace, traits, modified);
            if (use != null) uses.add(use);
        } while (p.consume(";") || p.consume(","));
        p.expectClose(")", o);
        return new OmpClause.UsesAllocators(uses, loc);
    }

    /** One allocator of uses_allocators, with the modifiers before it or (deprecated form) its traits after it. */
    private OmpClause.AllocatorUse allocator(Expr memspace, Expr traits, boolean modified) {
        Token a = p.tok();
        Object named = a.kind == Token.Kind.IDENT ? p.lookup(a.text) : null;
        if (!(named instanceof Var v)) {
            // a predefined allocator (omp_default_mem_alloc, ...): its traits, if any, are an error
            Expr alloc = named instanceof Parser.EnumConst && p.peek(1).is("(")
                    ? enumerator(a)
                    : p.exprs.rvalue(p.exprs.assign());
            if (!modified && p.at("(")) {
                Token to = p.next();
                traits = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", to);
            }
            if (traits != null || memspace != null) {
                Expr bad = traits != null ? traits : memspace;
                p.diags.error(
                        bad.loc(),
                        traits != null
                                ? "predefined allocator cannot have traits specified"
                                : "predefined allocator cannot have a memory space specified");
                p.diags.note(a.loc, "predefined trait '" + a.text + "' used here");
                return null;
            }
            return new OmpClause.AllocatorUse(alloc, null, null, null);
        }
        p.pos++;
        v.used = true;
        Expr alloc = new Expr.VarRef(v, v.type, a.loc);
        if (!modified && p.at("(")) {
            Token to = p.next();
            traits = p.exprs.rvalue(p.exprs.assign());
            p.expectClose(")", to);
        }
        if (!isHandle(v.type, "omp_allocator_handle_t")) {
            p.diags.error(
                    a.loc,
                    "expected variable of the 'omp_allocator_handle_t' type, not '" + TypePrinter.print(v.type) + "'");
            return null;
        }
        if (traits != null) {
            Expr t = traits;
            while (t instanceof Expr.Cast c) t = c.operand();
            if (t instanceof Expr.Decay d) t = d.operand();
            Type tt = t.type();
            if (!tt.isArray() || tt.arrayLen < 0 || !isHandle(tt.base, "omp_alloctrait_t")) {
                p.diags.error(
                        traits.loc(),
                        "expected constant sized array of 'omp_alloctrait_t' elements, not '" + TypePrinter.print(tt)
                                + "'");
                return null;
            }
        }
        return new OmpClause.AllocatorUse(alloc, v, traits, memspace);
    }

    /** A predefined allocator's name where a '(' follows it (the deprecated traits): the name alone. */
    private Expr enumerator(Token a) {
        p.pos++;
        Parser.EnumConst c = (Parser.EnumConst) p.lookup(a.text);
        return new Expr.IntLit(c.value(), c.type(), a.loc);
    }

    /** Is t (qualified or not) omp.h's type of that name? */
    private boolean isHandle(Type t, String name) {
        return p.lookup(name) instanceof Parser.Typedef td
                && t != null
                && (td.type().origin == t.origin || td.type().record != null && td.type().record == t.record);
    }
}
