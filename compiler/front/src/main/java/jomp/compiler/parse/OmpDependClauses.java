package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;

/**
 * The task dependence clauses: depend with its iterator and omp_all_memory, doacross and an
 * ordered's depend, depobj's update, a task's detach and affinity. Separate from
 * {@link OmpClauseParser} because they are one concern, what a task or iteration waits for,
 * and share the dependence types.
 */
final class OmpDependClauses {
    private final Parser p;
    private final OmpParser omp;
    private final OmpClauseParser clauses;
    /** The clause list's clauses beyond the one being parsed (omp_all_memory beside other depend items). */
    private final List<OmpClause> extra;

    OmpDependClauses(Parser p, OmpParser omp, OmpClauseParser clauses, List<OmpClause> extra) {
        this.p = p;
        this.omp = omp;
        this.clauses = clauses;
        this.extra = extra;
    }

    /** depend, doacross, detach and affinity, after the clause name. */
    OmpClause clause(String n, SourceLocation loc, List<Leaf> leaves) {
        switch (n) {
            case "affinity" -> {
                Token o = clauses.open(n);
                if (p.at("iterator")
                        && p.peek(1).is("(")) { // checked, then dropped: affinity is a hint jomp does not use
                    p.pos++;
                    p.enterScope();
                    try {
                        new OmpMapParser(p).iterator();
                        p.expect(":");
                        omp.itemList();
                        p.expectClose(")", o);
                        return new OmpClause.ListClause(OmpClause.ListKind.AFFINITY, List.of(), loc);
                    } finally {
                        p.leaveScope();
                    }
                }
                List<OmpDirective.Item> items = omp.itemList();
                p.expectClose(")", o);
                return new OmpClause.ListClause(OmpClause.ListKind.AFFINITY, items, loc);
            }
            case "detach" -> {
                Token o = clauses.open(n);
                Token v = p.expectIdent();
                Object x = p.lookup(v.text);
                p.expectClose(")", o);
                if (!(x instanceof Var var) || !isEventHandle(var.type)) {
                    String type = x instanceof Var var ? "'" + TypePrinter.print(var.type) + "'" : "'int'";
                    p.diags.error(v.loc, "expected variable of the 'omp_event_handle_t' type, not " + type);
                    return null;
                }
                var.used = true;
                return new OmpClause.Detach(var, loc);
            }
            case "depend" -> {
                return depend(loc, leaves);
            }
            case "doacross" -> {
                Token o = clauses.open(n);
                OmpClause c = doacrossBody(loc, "doacross");
                p.expectClose(")", o);
                return c;
            }
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        }
    }

    /** depobj's update(dependence-type), after the clause name. */
    OmpClause depobjUpdate(String n, SourceLocation loc) {
        Token o = clauses.open(n); // depobj: update(dependence-type)
        OmpClause.DependType dt = dependType(p.next(), "update");
        p.expectClose(")", o);
        return new OmpClause.DepobjUpdate(dt, loc);
    }

    private OmpClause.DependType dependType(Token k, String clause) {
        return switch (k.text) {
            case "in" -> OmpClause.DependType.IN;
            case "out" -> OmpClause.DependType.OUT;
            case "inout" -> OmpClause.DependType.INOUT;
            case "mutexinoutset" -> OmpClause.DependType.MUTEXINOUTSET;
            case "inoutset" -> OmpClause.DependType.INOUTSET;
            case "depobj" -> OmpClause.DependType.DEPOBJ;
            default ->
                throw p.errorAt(
                        k.loc,
                        clause.equals("depend")
                                ? "expected depend modifier(iterator) or 'in', 'out', 'inout', 'mutexinoutset', 'depobj' or 'inoutset' in OpenMP clause 'depend'"
                                : "expected 'in', 'out', 'inout', 'mutexinoutset', 'depobj' or 'inoutset' in OpenMP clause '"
                                        + clause + "'");
        };
    }

    /**
     * depend([iterator(...),] type: list) with omp_all_memory as a list item (5.1); on ordered,
     * depend(source) and depend(sink: vector), the doacross clause's older spelling.
     */
    private OmpClause depend(SourceLocation loc, List<Leaf> leaves) {
        Token o = clauses.open("depend");
        if (leaves.get(0) == Leaf.ORDERED) {
            OmpClause c = doacrossBody(loc, "depend");
            p.expectClose(")", o);
            return c;
        }
        OmpClause.Iterator iterator = null;
        if (p.at("iterator") && p.peek(1).is("(")) { // its variables are in scope for the list items only
            p.pos++;
            p.enterScope();
            try {
                iterator = new OmpMapParser(p).iterator();
                p.expect(",");
                return dependItems(loc, o, iterator);
            } finally {
                p.leaveScope();
            }
        }
        return dependItems(loc, o, iterator);
    }

    private OmpClause dependItems(SourceLocation loc, Token o, OmpClause.Iterator iterator) {
        OmpClause.DependType dt = dependType(p.next(), "depend");
        p.expect(":");
        List<OmpDirective.Item> items = new ArrayList<>();
        OmpClause all = null;
        do {
            if (p.at("omp_all_memory") && p.lookup("omp_all_memory") == null) {
                Token a = p.next();
                if (dt != OmpClause.DependType.OUT && dt != OmpClause.DependType.INOUT)
                    p.diags.error(
                            a.loc, "'omp_all_memory' used in depend clause with type other than 'out' or 'inout'");
                all = new OmpClause.AllMemory(dt, a.loc);
                continue;
            }
            OmpDirective.Item it = new OmpMapParser(p).item(false); // any lvalue (OpenMP 5.0): *p, s.d, a[i]
            if (it != null) items.add(it);
        } while (p.consume(","));
        p.expectClose(")", o);
        if (all != null && items.isEmpty()) return all;
        if (all != null) extra.add(all);
        return new OmpClause.Depend(dt, items, loc, iterator);
    }

    /** source[:] / sink: vector, the body of doacross( ) and of an ordered's depend( ). */
    private OmpClause doacrossBody(SourceLocation loc, String clause) {
        Token k = p.next();
        if (k.is("source")) {
            p.consume(":");
            if (p.at("omp_cur_iteration")) p.pos++;
            return new OmpClause.Doacross(true, List.of(), loc);
        }
        if (!k.is("sink")) throw p.errorAt(k.loc, "expected 'source' or 'sink' in OpenMP clause '" + clause + "'");
        p.expect(":");
        List<Expr> vec = new ArrayList<>();
        if (p.at("omp_cur_iteration")) {
            p.pos++;
            p.expect("-");
            Token one = p.next();
            if (!one.text.equals("1")) p.diags.error(one.loc, "expected '1' after 'omp_cur_iteration -'");
            return new OmpClause.Doacross(false, List.of(), loc); // the logical iteration before this one
        }
        do vec.add(clauses.convert(clauses.integral(p.exprs.rvalue(p.exprs.assign())), Type.LONG));
        while (p.consume(","));
        return new OmpClause.Doacross(false, vec, loc);
    }

    private static boolean isEventHandle(Type t) {
        return "omp_event_handle_t".equals(t.typedefName);
    }
}
