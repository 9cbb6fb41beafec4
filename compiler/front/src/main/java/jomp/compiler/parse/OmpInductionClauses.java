package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TreeScanner;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * OpenMP 6.0's inductions and the scan's initialization phase: the declare_induction directive
 * (§7.6.17: an identifier, types or (type, step type) pairs, a required inductor and collector),
 * the induction clause (§7.6.13: a required step modifier, strict or relaxed, a built-in or
 * declared identifier), init_complete (§7.7.3) and the rules for a loop's scan directives (§7.7).
 * A declare induction is visible as a variable declared at the same place would be: it lives in
 * the parser's scope under a key no C identifier can spell.
 */
final class OmpInductionClauses {
    private static final String KEY = "#omp induction ";

    private final Parser p;
    private final OmpParser omp;

    OmpInductionClauses(Parser p, OmpParser omp) {
        this.p = p;
        this.omp = omp;
    }

    // ---- declare_induction ----

    /** A type of the directive's list: the induction variable's type and the step's (the same unless a pair). */
    private record Spec(Type var, Type step, boolean pair, SourceLocation loc) {}

    /**
     * declare_induction(id : type-specifier-list) inductor(e) collector(c), after its name: one
     * {@link OmpClause.UserInduction} per type in the list, its expressions checked anew for each
     * with the special variables declared as that type's.
     */
    void declareInduction(String directive, SourceLocation loc) {
        Token open = p.tok();
        p.expect("(");
        Token id = p.next();
        if (id.kind != Token.Kind.IDENT && !id.is("+") && !id.is("*")) {
            p.diags.error(id.loc, "expected identifier or one of the following operators: '+' or '*'");
            throw new Parser.SyntaxError();
        }
        p.expect(":");
        List<Spec> specs = new ArrayList<>();
        do {
            SourceLocation at = p.tok().loc;
            if (p.at("(")) { // typename-pair: (variable type, step type)
                Token po = p.next();
                Type a = typeName();
                p.expect(",");
                Type b = typeName();
                p.expectClose(")", po);
                specs.add(new Spec(a, b, true, at));
            } else {
                Type a = typeName();
                specs.add(new Spec(a, a, false, at));
            }
        } while (p.consume(","));
        p.expectClose(")", open);
        int inductor = -1, collector = -1;
        while (!p.atEof()) {
            p.consume(",");
            Token c = p.next();
            boolean ind = c.is("inductor"), col = c.is("collector");
            if (!ind && !col) {
                p.diags.error(
                        c.loc,
                        "unexpected OpenMP clause '" + c.text + "' in directive '#pragma omp " + directive + "'");
                throw new Parser.SyntaxError();
            }
            if ((ind ? inductor : collector) >= 0)
                p.diags.error(
                        c.loc,
                        "directive '#pragma omp " + directive + "' cannot contain more than one '" + c.text
                                + "' clause");
            if (!p.at("(")) throw p.errorAt(c.loc, "expected '(' after '" + c.text + "'");
            if (ind) inductor = p.pos;
            else collector = p.pos;
            skipParenthesised();
        }
        int end = p.pos;
        for (String[] clause : new String[][] {{"inductor", "" + inductor}, {"collector", "" + collector}})
            if (Integer.parseInt(clause[1]) < 0)
                p.diags.error(loc, "expected '" + clause[0] + "' clause on '#pragma omp " + directive + "' directive");
        if (inductor < 0 || collector < 0) return;
        boolean report = true; // the expressions are the same text for every type: their errors once
        for (Spec s : specs) {
            if (s.var() == null || s.step() == null) continue;
            p.enterScope();
            Var var = p.declareOmpVariable("omp_var", s.var(), loc);
            Var step = p.declareOmpVariable("omp_step", s.step(), loc);
            Expr inductorExpr = special(inductor, Set.of(var, step), "'omp_var' or 'omp_step'", "inductor", report);
            p.leaveScope();
            p.enterScope();
            Var cstep = p.declareOmpVariable("omp_step", s.step(), loc);
            Var idx = p.declareOmpVariable("omp_idx", Type.LONG, loc);
            Expr collectorExpr = special(collector, Set.of(cstep, idx), "'omp_step' or 'omp_idx'", "collector", report);
            p.leaveScope();
            declare(new OmpClause.UserInduction(
                    id.text, s.var(), s.step(), var, step, inductorExpr, cstep, idx, collectorExpr, s.loc()));
            report = false;
        }
        p.pos = end;
    }

    /**
     * A type of the list, with the restrictions of §7.6.17 (C): no new type, no function, array or
     * qualified type; null after such an error (the type then declares nothing).
     */
    private Type typeName() {
        int from = p.pos;
        SourceLocation at = p.tok().loc;
        Type t = p.declarators.typeName();
        boolean newType = false;
        for (int i = from; i < p.pos; i++) newType |= p.peek(i - p.pos).is("{");
        String error = newType
                ? "a type in 'declare induction' must not declare a new type"
                : (t.quals & (Type.CONST | Type.VOLATILE | Type.RESTRICT)) != 0
                        ? "induction type cannot be qualified with 'const', 'volatile' or 'restrict'"
                        : t.isFunction()
                                ? "induction type cannot be a function type"
                                : t.isArray()
                                        ? "induction type cannot be an array type"
                                        : t.isVoid() ? "induction type cannot be 'void'" : null;
        if (error == null) return t;
        p.diags.error(at, error);
        return null;
    }

    /** Past a parenthesised argument (the parenthesis at the current position). */
    private void skipParenthesised() {
        Token o = p.tok();
        int depth = 0;
        while (!p.atEof()) {
            Token t = p.next();
            if (t.is("(")) depth++;
            else if (t.is(")") && --depth == 0) return;
        }
        p.expectClose(")", o);
    }

    /**
     * The expression in the parentheses at token {@code at}, checked to name no variable but the
     * special ones (§7.6.2.3, §7.6.2.4); functions and enumeration constants are no variables.
     */
    private Expr special(int at, Set<Var> allowed, String names, String what, boolean report) {
        p.pos = at;
        Token o = p.next();
        Expr e = p.exprs.expr();
        p.expectClose(")", o);
        if (report)
            new TreeScanner() {
                private boolean reported;

                @Override
                public void visitVarRef(Expr.VarRef r) {
                    if (reported || allowed.contains(r.var()) || r.var().isFunction()) return;
                    reported = true;
                    p.diags.error(r.loc(), "only " + names + " variables are allowed in " + what + " expression");
                }
            }.scan(e);
        return e;
    }

    /** Registers a declare induction in the current scope; a second one there for the same types is an error. */
    private void declare(OmpClause.UserInduction u) {
        @SuppressWarnings("unchecked")
        List<OmpClause.UserInduction> known = (List<OmpClause.UserInduction>)
                p.scopes.get(p.scopes.size() - 1).names.computeIfAbsent(KEY + u.name(), x -> new ArrayList<>());
        for (OmpClause.UserInduction old : known) {
            if (Types.compatibleUnqualified(old.varType(), u.varType())
                    && Types.compatibleUnqualified(old.stepType(), u.stepType())) {
                p.diags.error(
                        u.loc(),
                        "redefinition of user-defined induction for type " + TypePrinter.quoteAka(u.varType())
                                + (u.varType() == u.stepType()
                                        ? ""
                                        : " with step type " + TypePrinter.quoteAka(u.stepType())));
                p.diags.note(old.loc(), "previous definition is here");
                return;
            }
        }
        known.add(u);
    }

    /**
     * The visible declare induction named {@code name} for a variable of type t and a step of type
     * s: the innermost scope that declares one for t; there, one whose step type is s, else one
     * whose step an arithmetic s converts to.
     */
    private OmpClause.UserInduction lookup(String name, Type t, Type s) {
        for (int i = p.scopes.size() - 1; i >= 0; i--) {
            if (!(p.scopes.get(i).names.get(KEY + name) instanceof List<?> known)) continue;
            OmpClause.UserInduction convertible = null;
            for (int k = known.size() - 1; k >= 0; k--) {
                OmpClause.UserInduction u = (OmpClause.UserInduction) known.get(k);
                if (!Types.compatibleUnqualified(u.varType(), t)) continue;
                if (Types.compatibleUnqualified(u.stepType(), s)) return u;
                if (convertible == null && u.stepType().isArithmetic() && s.isArithmetic()) convertible = u;
            }
            if (convertible != null) return convertible;
        }
        return null;
    }

    // ---- the induction clause ----

    /**
     * induction([step(s),] [strict|relaxed,] id: list) (the modifiers in any order; step is
     * required): each item resolved to the declare induction visible for its type, or to the
     * built-in + and * for arithmetic types (6.0 §7.6.13 predefines no other: {@code -} is an
     * error, as it is in declare_induction).
     */
    OmpClause induction(SourceLocation loc) {
        Token o = p.tok();
        if (!p.consume("(")) throw p.errorAt(o.loc, "expected '(' after 'induction'");
        Expr step = null;
        boolean strict = false;
        while (true) {
            if (p.at("step") && p.peek(1).is("(")) {
                Token s = p.next();
                if (step != null) p.diags.error(s.loc, "more than one 'step' modifier in 'induction' clause");
                Token so = p.next();
                step = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", so);
                p.expect(",");
            } else if ((p.at("strict") || p.at("relaxed")) && p.peek(1).is(",")) {
                strict = p.next().is("strict");
                p.pos++;
            } else break;
        }
        Token op = p.next();
        boolean builtIn = op.is("+") || op.is("*");
        if (!builtIn && op.kind != Token.Kind.IDENT) {
            p.diags.error(op.loc, "expected '+', '*' or an induction identifier declared by 'declare induction'");
            throw new Parser.SyntaxError();
        }
        p.expect(":");
        List<OmpDirective.Item> items = omp.itemList();
        p.expectClose(")", o);
        if (step == null) {
            p.diags.error(loc, "expected 'step' modifier in 'induction' clause");
            step = new Expr.IntLit(1, Type.INT, loc);
        }
        List<OmpClause.UserInduction> users = new ArrayList<>();
        boolean anyUser = false;
        for (OmpDirective.Item it : items) {
            Type t = it.expr().type();
            OmpClause.UserInduction user = it.sections().isEmpty() ? lookup(op.text, t, step.type()) : null;
            users.add(user);
            anyUser |= user != null;
            if (user != null || Parser.ERROR.equals(t)) continue;
            if (!builtIn)
                p.diags.error(
                        op.loc,
                        "incorrect induction identifier, expected one of '+' or '*' or declare induction for type "
                                + TypePrinter.quoteAka(t));
            else if (it.var() != null && !it.var().type.isArithmetic())
                p.diags.error(it.loc(), "induction variable must have arithmetic type");
        }
        return new OmpClause.Induction(
                op.is("*"),
                items,
                step,
                loc,
                anyUser ? java.util.Collections.unmodifiableList(users) : List.of(),
                strict);
    }

    // ---- scan ----

    /** init_complete[(create_init_phase)]: the argument a constant, true when absent. */
    OmpClause initComplete(SourceLocation loc) {
        if (!p.at("(")) return new OmpClause.InitComplete(true, loc);
        Token o = p.next();
        Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
        p.expectClose(")", o);
        Long v = Parser.ERROR.equals(e.type()) ? null : ConstEval.integer(e);
        if (v == null && !Parser.ERROR.equals(e.type()))
            p.diags.error(e.loc(), "expression is not an integral constant expression");
        return new OmpClause.InitComplete(v == null || v != 0, loc);
    }

    /**
     * A scan's inclusive and exclusive list items, when its clauses are parsed (clang 19's order):
     * each must be an inscan reduction item of the directive that encloses the scan.
     */
    static void scanItems(Parser p, OmpDirective scan) {
        OmpDirective parent = p.ompRegions.isEmpty() ? null : p.ompRegions.get(p.ompRegions.size() - 1).directive;
        Set<Var> inscan = parent == null ? Set.of() : inscanVars(parent);
        for (OmpClause.ListClause l : scanLists(scan))
            for (OmpDirective.Item it : l.items())
                if (it.var() != null && !inscan.contains(it.var()))
                    p.diags.error(
                            it.loc(),
                            "the list item must appear in 'reduction' clause with the 'inscan' modifier of the parent directive");
    }

    /**
     * A scan that stands where it is: exactly one inclusive or exclusive clause, or init_complete
     * alone (OpenMP 6.0 §7.7); clang 19's error is at the second clause, or at the directive's end
     * when there is none.
     */
    static void scanClauses(Parser p, OmpDirective scan, SourceLocation end) {
        List<OmpClause.ListClause> lists = scanLists(scan);
        if (lists.size() > 1)
            p.diags.error(lists.get(1).loc(), "exactly one of 'inclusive' or 'exclusive' clauses is expected");
        else if (lists.isEmpty() && scan.clauses(OmpClause.InitComplete.class).isEmpty())
            p.diags.error(end, "exactly one of 'inclusive' or 'exclusive' clauses is expected");
    }

    /** The inclusive and exclusive clauses of a scan, in their order. */
    private static List<OmpClause.ListClause> scanLists(OmpDirective scan) {
        return scan.clauses(OmpClause.ListClause.class).stream()
                .filter(l -> l.kind() == OmpClause.ListKind.INCLUSIVE || l.kind() == OmpClause.ListKind.EXCLUSIVE)
                .toList();
    }

    /** The variables of a directive's reduction(inscan, ...) clauses. */
    private static Set<Var> inscanVars(OmpDirective d) {
        Set<Var> vars = new java.util.HashSet<>();
        for (OmpClause.Reduction r : d.clauses(OmpClause.Reduction.class))
            if ("inscan".equals(r.modifier()))
                for (OmpDirective.Item it : r.items()) if (it.var() != null) vars.add(it.var());
        return vars;
    }

    /**
     * The scan directives of a loop construct's body (§7.7): one of inclusive, exclusive and
     * init_complete on each; at most one with init_complete, before the one with exclusive, and
     * one with inclusive or exclusive; the initialization phase neither reads nor writes the
     * exclusive scan's list items; each inscan reduction item of the construct is in a scan's
     * inclusive or exclusive clause.
     */
    static void checkScans(Parser p, OmpDirective loop, Stmt body) {
        List<Stmt.Omp> scans = new ArrayList<>();
        new TreeScanner() {
            @Override
            public void scan(Expr e) {}

            @Override
            public void visitOmp(Stmt.Omp o) {
                if (o.directive().has(Leaf.SCAN)) scans.add(o);
                else if (!o.directive().isLoop()) super.visitOmp(o); // a nested loop construct checks its own
            }
        }.scan(body);
        Stmt.Omp scan = null; // clang reports a second scan where it stands, before the loop's errors
        for (Stmt.Omp s : scans) {
            if (scanLists(s.directive()).isEmpty()) continue;
            if (scan != null) {
                p.diags.error(
                        s.loc(), "exactly one 'scan' directive must appear in the loop body of an enclosing directive");
                p.diags.note(scan.loc(), "previous 'scan' directive used here");
                return;
            }
            scan = s;
        }
        Set<Var> listed = new java.util.HashSet<>();
        for (Stmt.Omp s : scans)
            for (OmpClause.ListClause l : scanLists(s.directive()))
                for (OmpDirective.Item it : l.items()) listed.add(it.var());
        for (OmpClause.Reduction r : loop.clauses(OmpClause.Reduction.class))
            if ("inscan".equals(r.modifier()))
                for (OmpDirective.Item it : r.items())
                    if (it.var() != null && !listed.contains(it.var()))
                        p.diags.error(
                                it.loc(),
                                "the inscan reduction list item must appear as a list item in an 'inclusive' or 'exclusive' clause on an inner 'omp scan' directive");
        Stmt.Omp init = null;
        boolean exclusiveAfter = false;
        for (Stmt.Omp s : scans) {
            OmpDirective d = s.directive();
            boolean ic = !d.clauses(OmpClause.InitComplete.class).isEmpty();
            boolean exclusive = d.clauses(OmpClause.ListClause.class).stream()
                    .anyMatch(l -> l.kind() == OmpClause.ListKind.EXCLUSIVE);
            boolean inclusive = d.clauses(OmpClause.ListClause.class).stream()
                    .anyMatch(l -> l.kind() == OmpClause.ListKind.INCLUSIVE);
            if (ic && (exclusive || inclusive)) {
                p.diags.error(
                        s.loc(), "exactly one of 'inclusive', 'exclusive' or 'init_complete' clauses is expected");
                return;
            }
            if (ic && init != null) {
                p.diags.error(
                        s.loc(),
                        "at most one 'scan' directive with an 'init_complete' clause may appear in a loop body");
                return;
            }
            if (ic) init = s;
            if (exclusive && init != null) {
                exclusiveAfter = true;
                initPhaseUses(p, body, init, d);
            }
        }
        if (init != null
                && !exclusiveAfter
                && init.directive().clauses(OmpClause.InitComplete.class).get(0).create())
            p.diags.error(
                    init.loc(),
                    "a 'scan' directive with an 'init_complete' clause must precede a 'scan' directive with an 'exclusive' clause");
    }

    /** The exclusive scan's list items must not be read or written in the initialization phase (the statements before init). */
    private static void initPhaseUses(Parser p, Stmt body, Stmt.Omp init, OmpDirective exclusive) {
        Set<Var> items = new java.util.HashSet<>();
        for (OmpClause.ListClause l : exclusive.clauses(OmpClause.ListClause.class))
            for (OmpDirective.Item it : l.items()) if (it.var() != null) items.add(it.var());
        Stmt.Compound seq = enclosing(body, init);
        if (seq == null) return;
        TreeScanner uses = new TreeScanner() {
            private boolean reported;

            @Override
            public void visitVarRef(Expr.VarRef r) {
                if (reported || !items.contains(r.var())) return;
                reported = true;
                p.diags.error(
                        r.loc(),
                        "list item '" + r.var().name
                                + "' of an 'exclusive' clause must not be used in the initialization phase of the scan");
            }
        };
        for (Stmt st : seq.items()) {
            if (st == init) return;
            uses.scan(st);
        }
    }

    /** The compound statement whose items hold s, searched in body. */
    private static Stmt.Compound enclosing(Stmt body, Stmt s) {
        Stmt.Compound[] found = new Stmt.Compound[1];
        new TreeScanner() {
            @Override
            public void scan(Expr e) {}

            @Override
            public void visitCompound(Stmt.Compound c) {
                if (c.items().contains(s)) found[0] = c;
                else super.visitCompound(c);
            }
        }.scan(body);
        return found[0];
    }
}
