package jomp.frontend.parse;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import jomp.frontend.ast.Expr;
import jomp.frontend.ast.OmpClause;
import jomp.frontend.ast.OmpDirective;
import jomp.frontend.ast.OmpDirective.Leaf;
import jomp.frontend.ast.Stmt;
import jomp.frontend.ast.TranslationUnit;
import jomp.frontend.ast.Var;
import jomp.frontend.diag.SourceLocation;
import jomp.frontend.lex.Token;
import jomp.frontend.sema.ConstEval;
import jomp.frontend.type.Type;

/**
 * {@code #pragma omp ...}: the directive name (combined constructs as a list of leaves), the
 * clauses in structured form with their expressions checked in the current scope, and the
 * associated statement; loop directives get their loop nest checked for canonical form.
 */
final class OmpParser {
    private final Parser p;

    OmpParser(Parser p) { this.p = p; }

    static boolean isOmp(Token pragma) {
        List<Token> ts = pragma.pragmaTokens;
        if (ts != null && !ts.isEmpty()) return ts.get(0).text.equals("omp");
        return pragma.text.startsWith("omp ") || pragma.text.equals("omp");
    }

    private static final Set<String> LEAF_WORDS = Set.of("target", "teams", "distribute", "parallel", "for", "simd", "loop",
        "declare", "begin", "end", "atomic", "critical", "barrier", "single", "master", "masked", "taskwait", "task",
        "taskgroup", "sections", "section", "ordered", "flush", "taskyield", "threadprivate", "taskloop", "scope", "requires",
        "interop", "dispatch");

    /** A directive in a function body: the directive with its associated statement. */
    Stmt statement(Token pragma) {
        OmpDirective d = p.withTokens(tokens(pragma), this::directive);
        if (d == null) return new Stmt.Null(pragma.loc);
        Leaf first = d.leaves().get(0);
        if (first == Leaf.DECLARE_TARGET && d.isStandalone()) {   // block scope: the list form (OpenMP 5.2), for statics and functions
            p.items.add(new TranslationUnit.OmpDecl(d, pragma.loc));
            return new Stmt.Null(pragma.loc);
        }
        if (first == Leaf.DECLARE_TARGET || first == Leaf.BEGIN_DECLARE_TARGET || first == Leaf.END_DECLARE_TARGET) {
            p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp " + d.name() + "'");
            return new Stmt.Null(pragma.loc);
        }
        if (first == Leaf.DECLARE_MAPPER) {   // registered while parsing; the lowering learns of it for implicit maps
            p.items.add(new TranslationUnit.OmpDecl(d, pragma.loc));
            return new Stmt.Null(pragma.loc);
        }
        if (first == Leaf.THREADPRIVATE) { threadprivate(d); return new Stmt.Null(pragma.loc); }
        if (first == Leaf.DECLARE_REDUCTION) return new Stmt.Null(pragma.loc);   // registered while parsing
        if (first == Leaf.REQUIRES || first == Leaf.DECLARE_SIMD) {
            p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp " + d.name() + "'");
            return new Stmt.Null(pragma.loc);
        }
        if (d.isStandalone()) return new Stmt.Omp(d, null, pragma.loc);
        if (p.atEof() || p.at("}")) {
            p.diags.error(p.tok().loc, "expected statement");
            return new Stmt.Omp(d, new Stmt.Null(p.tok().loc), pragma.loc);
        }
        int[] loops = p.saveLoopState();
        Stmt body;
        try {
            body = p.stmts.statement();
        } finally {
            p.restoreLoopState(loops);
        }
        if (d.isLoop()) checkLoopNest(d, body, pragma);
        if (d.atomic() != null) checkAtomic(d, body, pragma);
        return new Stmt.Omp(d, body, pragma.loc);
    }

    /** A directive at file scope (declare target and friends). */
    TranslationUnit.OmpDecl declarative(Token pragma) {
        OmpDirective d = p.withTokens(tokens(pragma), this::directive);
        if (d == null) return null;
        Leaf first = d.leaves().get(0);
        if (first == Leaf.THREADPRIVATE) { threadprivate(d); return null; }
        if (first == Leaf.DECLARE_REDUCTION || first == Leaf.DECLARE_SIMD) return null;
        if (first == Leaf.REQUIRES || first == Leaf.DECLARE_MAPPER) return new TranslationUnit.OmpDecl(d, pragma.loc);   // the lowering records them
        if (first != Leaf.DECLARE_TARGET && first != Leaf.BEGIN_DECLARE_TARGET && first != Leaf.END_DECLARE_TARGET) {
            p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp " + d.name() + "'");
            return null;
        }
        return new TranslationUnit.OmpDecl(d, pragma.loc);
    }

    /**
     * threadprivate(list): each thread gets its own copy of these variables of static storage,
     * as if they were declared _Thread_local (the lowering gives both the same treatment).
     */
    private void threadprivate(OmpDirective d) {
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class)) {
            for (OmpDirective.Item it : c.items()) {
                Var v = it.var();
                if (v == null) continue;
                if (!it.sections().isEmpty() || v.isFunction() || (v.isLocal && v.storage != Var.Storage.STATIC)) {
                    p.diags.error(it.loc(), "arguments of '#pragma omp threadprivate' must have static storage duration");
                    continue;
                }
                v.threadLocal = true;
            }
        }
    }

    /**
     * requires: what the program needs of the implementation. jomp provides all of it: unified
     * addresses and shared memory on devices that share the host's memory (the jvm device; GPUs
     * with managed memory), reverse offload, dynamic allocators, memory orders. The clauses are
     * recorded per translation unit (the lowering emits them like clang 19).
     */
    private OmpClause.Requires requires() {
        java.util.Set<String> clauses = new java.util.LinkedHashSet<>();
        SourceLocation loc = p.tok().loc;
        while (!p.atEof()) {
            if (p.consume(",")) continue;
            Token c = p.next();
            switch (c.text) {
                case "reverse_offload", "dynamic_allocators", "unified_address", "unified_shared_memory" -> clauses.add(c.text);
                case "atomic_default_mem_order" -> {
                    Token o = open(c.text);
                    Token k = p.next();
                    if (!Set.of("seq_cst", "acq_rel", "relaxed").contains(k.text)) {
                        p.diags.error(k.loc, "expected 'seq_cst', 'acq_rel' or 'relaxed' in OpenMP clause 'atomic_default_mem_order'");
                    }
                    p.expectClose(")", o);
                    clauses.add(c.text);
                }
                default -> {
                    p.diags.error(c.loc, "expected at least one clause on '#pragma omp requires' directive");
                    while (!p.atEof()) p.pos++;
                }
            }
        }
        if (clauses.isEmpty()) p.diags.error(p.tok().loc, "expected at least one clause on '#pragma omp requires' directive");
        if (clauses.contains("reverse_offload")) p.requiresReverseOffload = true;
        return new OmpClause.Requires(Set.copyOf(clauses), loc);
    }

    private static final Set<String> REDUCTION_OPERATORS = Set.of("+", "*", "-", "&", "|", "^", "&&", "||");

    /**
     * declare reduction(name : type[, type...] : combiner) [initializer(expr)]: one
     * {@link OmpClause.UserReduction} per type, the combiner and initializer checked anew for each
     * type with omp_out/omp_in and omp_priv/omp_orig declared as variables of that type.
     */
    private void declareReduction() {
        Token open = p.tok();
        p.expect("(");
        Token id = p.next();
        if (id.kind != Token.Kind.IDENT && !REDUCTION_OPERATORS.contains(id.text)) {
            p.diags.error(id.loc, "expected identifier or one of the following operators: '+', '-', '*', '&', '|', '^', '&&', or '||'");
            throw new Parser.SyntaxError();
        }
        p.expect(":");
        List<Type> types = new ArrayList<>();
        List<SourceLocation> typeLocs = new ArrayList<>();
        do { typeLocs.add(p.tok().loc); types.add(p.declarators.typeName()); } while (p.consume(","));
        p.expect(":");
        List<Var[]> outIn = new ArrayList<>();
        List<Expr> combiners = perType(types, "omp_out", "omp_in", id.loc, outIn);
        p.expectClose(")", open);
        List<Var[]> privOrig = new ArrayList<>();
        List<Expr> inits = new ArrayList<>();
        if (p.at("initializer")) {
            p.pos++;
            Token io = p.tok();
            p.expect("(");
            inits = perType(types, "omp_priv", "omp_orig", io.loc, privOrig);
            p.expectClose(")", io);
        }
        for (int k = 0; k < types.size(); k++) {
            Type t = types.get(k);
            List<OmpClause.UserReduction> known = p.userReductions.computeIfAbsent(id.text, x -> new ArrayList<>());
            OmpClause.UserReduction previous = known.stream().filter(u -> jomp.frontend.type.Types.compatibleUnqualified(u.type(), t)).findFirst().orElse(null);
            if (previous != null) {
                p.diags.error(typeLocs.get(k), "redefinition of user-defined reduction for type " + jomp.frontend.type.TypePrinter.quoteAka(t));
                p.diags.note(previous.loc(), "previous definition is here");
                continue;
            }
            Var[] pi = privOrig.isEmpty() ? new Var[2] : privOrig.get(k);
            known.add(new OmpClause.UserReduction(id.text, t, outIn.get(k)[0], outIn.get(k)[1], combiners.get(k),
                    pi[0], pi[1], inits.isEmpty() ? null : inits.get(k), typeLocs.get(k)));
        }
    }

    /**
     * The expression at the current position, parsed once per type with two variables of that
     * type in scope (omp_out/omp_in, or omp_priv/omp_orig), which are added to {@code vars}.
     */
    private List<Expr> perType(List<Type> types, String a, String b, SourceLocation loc, List<Var[]> vars) {
        int at = p.pos;
        List<Expr> out = new ArrayList<>();
        for (Type t : types) {
            p.pos = at;
            p.enterScope();
            vars.add(new Var[] {p.declareOmpVariable(a, t, loc), p.declareOmpVariable(b, t, loc)});
            out.add(p.exprs.expr());
            p.leaveScope();
        }
        return out;
    }

    /** The declare reduction named {@code name} for values of type t, or null. */
    private OmpClause.UserReduction userReduction(String name, Type t) {
        List<OmpClause.UserReduction> known = p.userReductions.get(name);
        if (known == null) return null;
        for (int k = known.size() - 1; k >= 0; k--) {
            if (jomp.frontend.type.Types.compatibleUnqualified(known.get(k).type(), t)) return known.get(k);
        }
        return null;
    }

    private static List<Token> tokens(Token pragma) {
        if (pragma.pragmaTokens != null) return pragma.pragmaTokens;
        throw new IllegalStateException("PRAGMA token without its tokens");
    }

    // ---- directive names ----

    private OmpDirective directive() {
        Token omp = p.next();                // "omp"
        Token nameTok = p.tok();
        List<Leaf> leaves = new ArrayList<>();
        StringBuilder name = new StringBuilder();
        try {
            Leaf first = firstLeaf(name);
            if (first == null) {
                p.diags.error(nameTok.loc, p.atEof() ? "expected an OpenMP directive" : "expected an OpenMP directive");
                return null;
            }
            leaves.add(first);
            if (first == Leaf.DECLARE_REDUCTION) {
                declareReduction();
                return new OmpDirective(name.toString(), List.of(first), List.of(), null, null, 0, omp.loc);
            }
            if (first == Leaf.DECLARE_SIMD) {   // a vectorisation hint for the function that follows: nothing to do
                while (!p.atEof()) p.pos++;
                return new OmpDirective(name.toString(), List.of(first), List.of(), null, null, 0, omp.loc);
            }
            if (first == Leaf.REQUIRES) {
                OmpClause.Requires r = requires();
                return new OmpDirective(name.toString(), List.of(first), List.of(r), null, null, 0, omp.loc);
            }
            if (first == Leaf.DECLARE_MAPPER) {
                OmpClause.UserMapper m = new OmpMapParser(p).declareMapper();
                List<OmpClause> cs = m == null ? List.of() : List.of(new OmpClause.DeclareMapper(m, omp.loc));
                return new OmpDirective(name.toString(), List.of(first), cs, null, null, 0, omp.loc);
            }
            Leaf last = first;
            while (true) {
                Leaf next = combinable(last);
                if (next == null) break;
                p.pos++;
                name.append(' ').append(p.prev().text);
                leaves.add(next);
                last = next;
                if (next == Leaf.FOR && p.at("simd")) continue;
            }
            OmpDirective.AtomicKind atomic = first == Leaf.ATOMIC ? OmpDirective.AtomicKind.UPDATE : null;
            String criticalName = null;
            if (first == Leaf.CRITICAL && p.at("(")) {
                Token o = p.next();
                criticalName = p.expectIdent().text;
                p.expectClose(")", o);
            }
            List<OmpClause> clauses = new ArrayList<>();
            if (first == Leaf.THREADPRIVATE) {
                Token o = p.tok();
                p.expect("(");
                List<OmpDirective.Item> items = itemList();
                p.expectClose(")", o);
                clauses.add(new OmpClause.ListClause(OmpClause.ListKind.THREADPRIVATE, items, o.loc));
            }
            if (first == Leaf.FLUSH && p.at("(")) {
                Token o = p.next();
                List<OmpDirective.Item> items = itemList();
                p.expectClose(")", o);
                clauses.add(new OmpClause.ListClause(OmpClause.ListKind.FLUSH, items, o.loc));
            }
            if (first == Leaf.DECLARE_TARGET && p.at("(")) {
                Token o = p.next();
                List<OmpDirective.Item> items = itemList();
                p.expectClose(")", o);
                clauses.add(new OmpClause.ListClause(OmpClause.ListKind.TO, items, o.loc));
            }
            while (!p.atEof()) {
                if (p.consume(",")) continue;
                OmpClause c = clause(name.toString(), leaves);
                if (c instanceof OmpClause.Flag f && atomic != null) {
                    switch (f.kind()) {
                        case READ -> atomic = OmpDirective.AtomicKind.READ;
                        case WRITE -> atomic = OmpDirective.AtomicKind.WRITE;
                        case UPDATE -> atomic = OmpDirective.AtomicKind.UPDATE;
                        case CAPTURE -> atomic = OmpDirective.AtomicKind.CAPTURE;
                        case COMPARE -> atomic = OmpDirective.AtomicKind.COMPARE;
                        default -> {}
                    }
                }
                if (c != null) clauses.add(c);
            }
            for (OmpClause c : clauses) {
                if (c instanceof OmpClause.ListClause l && l.kind() == OmpClause.ListKind.COPYIN) {
                    for (OmpDirective.Item it : l.items()) {
                        if (it.var() != null && !it.var().threadLocal) p.diags.error(it.loc(), "copyin variable must be threadprivate");
                    }
                }
            }
            int depth = 1;
            for (OmpClause c : clauses) {
                if (c instanceof OmpClause.ExprClause e && e.kind() == OmpClause.ExprKind.COLLAPSE && e.value() instanceof Expr.IntLit n) depth = (int) n.value();
                if (c instanceof OmpClause.ExprClause e && e.kind() == OmpClause.ExprKind.ORDERED && e.value() instanceof Expr.IntLit n) depth = Math.max(depth, (int) n.value());
            }
            boolean loop = leaves.contains(Leaf.FOR) || leaves.contains(Leaf.SIMD) || leaves.contains(Leaf.DISTRIBUTE) || leaves.contains(Leaf.LOOP)
                    || leaves.contains(Leaf.TASKLOOP);
            return new OmpDirective(name.toString(), List.copyOf(leaves), List.copyOf(clauses), atomic, criticalName, loop ? depth : 0, omp.loc);
        } catch (Parser.SyntaxError e) {
            return null;
        }
    }

    private Leaf firstLeaf(StringBuilder name) {
        Token t = p.tok();
        String w = t.text;
        if (!LEAF_WORDS.contains(w)) return null;
        p.pos++;
        name.append(w);
        switch (w) {
            case "target" -> {
                if (word("data", name)) return Leaf.TARGET_DATA;
                if (word("enter", name)) { expectWord("data", name); return Leaf.TARGET_ENTER_DATA; }
                if (word("exit", name)) { expectWord("data", name); return Leaf.TARGET_EXIT_DATA; }
                if (word("update", name)) return Leaf.TARGET_UPDATE;
                return Leaf.TARGET;
            }
            case "declare" -> {
                if (word("target", name)) return Leaf.DECLARE_TARGET;
                if (word("reduction", name)) return Leaf.DECLARE_REDUCTION;
                if (word("simd", name)) return Leaf.DECLARE_SIMD;
                if (word("mapper", name)) return Leaf.DECLARE_MAPPER;
                p.diags.error(p.tok().loc, "expected an OpenMP directive");
                throw new Parser.SyntaxError();
            }
            case "begin" -> { expectWord("declare", name); expectWord("target", name); return Leaf.BEGIN_DECLARE_TARGET; }
            case "end" -> { expectWord("declare", name); expectWord("target", name); return Leaf.END_DECLARE_TARGET; }
            default -> { return Leaf.valueOf(w.toUpperCase()); }
        }
    }

    private boolean word(String w, StringBuilder name) {
        if (!p.at(w) || p.tok().kind == Token.Kind.PUNCT) return false;
        p.pos++;
        name.append(' ').append(w);
        return true;
    }

    private void expectWord(String w, StringBuilder name) {
        if (!word(w, name)) { p.diags.error(p.tok().loc, "expected an OpenMP directive"); throw new Parser.SyntaxError(); }
    }

    /** The leaf that may follow in a combined construct here, or null. */
    private Leaf combinable(Leaf last) {
        String w = p.tok().text;
        if (p.tok().kind == Token.Kind.PUNCT) return null;
        return switch (last) {
            case TARGET -> switch (w) { case "teams" -> Leaf.TEAMS; case "parallel" -> Leaf.PARALLEL; case "simd" -> Leaf.SIMD; default -> null; };
            case TEAMS -> switch (w) { case "distribute" -> Leaf.DISTRIBUTE; case "loop" -> Leaf.LOOP; default -> null; };
            case DISTRIBUTE -> switch (w) { case "parallel" -> Leaf.PARALLEL; case "simd" -> Leaf.SIMD; default -> null; };
            case PARALLEL -> switch (w) { case "for" -> Leaf.FOR; case "sections" -> Leaf.SECTIONS; case "loop" -> Leaf.LOOP; case "masked" -> Leaf.MASKED; case "master" -> Leaf.MASTER; default -> null; };
            case FOR, TASKLOOP -> w.equals("simd") ? Leaf.SIMD : null;
            case MASTER, MASKED -> w.equals("taskloop") ? Leaf.TASKLOOP : null;
            default -> null;
        };
    }

    // ---- clauses ----

    private OmpClause clause(String directive, List<Leaf> leaves) {
        Token t = p.tok();
        if (t.kind != Token.Kind.IDENT && t.kind != Token.Kind.KEYWORD) {
            p.diags.error(t.loc, "expected an OpenMP clause");   // not clang's exact text for every case
            throw new Parser.SyntaxError();
        }
        String n = t.text;
        p.pos++;
        SourceLocation loc = t.loc;
        // the data-mapping clauses (OmpMapParser): motion clauses of target update, interop's, declare target's indirect
        if ((n.equals("to") || n.equals("from")) && leaves.contains(Leaf.TARGET_UPDATE)) return new OmpMapParser(p).motion(n.equals("to"), loc);
        if ((n.equals("init") || n.equals("use") || n.equals("destroy")) && leaves.contains(Leaf.INTEROP)) return new OmpMapParser(p).interop(n, loc);
        if (n.equals("indirect") && leaves.contains(Leaf.DECLARE_TARGET)) return indirect(loc);
        if ((n.equals("novariants") || n.equals("nocontext")) && leaves.contains(Leaf.DISPATCH)) {   // dispatch's: kept as if-like clauses
            Token o = open(n);
            Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
            p.expectClose(")", o);
            return new OmpClause.ExprClause(OmpClause.ExprKind.IF, e, n, loc);
        }
        if (n.equals("device") && p.at("(") && (p.peek(1).is("ancestor") || p.peek(1).is("device_num")) && p.peek(2).is(":")) return deviceModifier(loc);
        switch (n) {
            case "nowait", "untied", "mergeable", "nogroup", "seq_cst", "acq_rel", "release", "acquire", "relaxed",
                 "inbranch", "notinbranch", "read", "write", "update", "capture", "compare" -> {
                if (n.equals("ordered") || !p.at("(")) return new OmpClause.Flag(OmpClause.FlagKind.valueOf(n.toUpperCase()), loc);
            }
            case "ordered" -> {
                if (!p.at("(")) return new OmpClause.Flag(OmpClause.FlagKind.ORDERED, loc);
                return exprClause(OmpClause.ExprKind.ORDERED, loc, true);
            }
            case "device", "num_teams", "thread_limit", "num_threads", "final", "priority", "filter", "hint" -> {
                return exprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), loc, false);
            }
            case "collapse", "safelen", "simdlen" -> { return exprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), loc, true); }
            case "grainsize", "num_tasks" -> {   // taskloop's: tasks run at once in jomp, so they size nothing
                Token o = open(n);
                String modifier = null;
                if (p.at("strict") && p.peek(1).is(":")) { modifier = "strict"; p.pos += 2; }
                Expr e = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), e, modifier, loc);
            }
            case "if" -> {
                Token o = open(n);
                String mod = null;
                if (isIfModifier()) {
                    StringBuilder sb = new StringBuilder();
                    while (!p.at(":")) sb.append(sb.length() > 0 ? " " : "").append(p.next().text);
                    p.pos++;
                    mod = sb.toString();
                }
                Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.IF, e, mod, loc);
            }
            case "private", "firstprivate", "lastprivate", "shared", "is_device_ptr", "use_device_ptr", "use_device_addr",
                 "has_device_addr", "to", "from", "link", "enter", "copyin", "copyprivate", "nontemporal" -> {
                Token o = open(n);
                if (n.equals("lastprivate") && p.at("conditional") && p.peek(1).is(":")) p.pos += 2;
                List<OmpDirective.Item> items = itemList();
                p.expectClose(")", o);
                return new OmpClause.ListClause(OmpClause.ListKind.valueOf(n.toUpperCase()), items, loc);
            }
            case "aligned", "linear" -> {
                Token o = open(n);
                List<OmpDirective.Item> items = itemList();
                if (p.consume(":")) p.exprs.assign();
                p.expectClose(")", o);
                return new OmpClause.ListClause(OmpClause.ListKind.valueOf(n.toUpperCase()), items, loc);
            }
            case "map" -> { return map(loc); }
            case "depend" -> {
                Token o = open(n);
                Token k = p.next();
                OmpClause.DependType dt = switch (k.text) {
                    case "in" -> OmpClause.DependType.IN; case "out" -> OmpClause.DependType.OUT; case "inout" -> OmpClause.DependType.INOUT;
                    case "mutexinoutset" -> OmpClause.DependType.MUTEXINOUTSET; case "inoutset" -> OmpClause.DependType.INOUTSET;
                    default -> { p.diags.error(k.loc, "expected 'in', 'out', 'inout' or 'mutexinoutset' in OpenMP clause 'depend'"); throw new Parser.SyntaxError(); }
                };
                p.expect(":");
                List<OmpDirective.Item> items = itemList();
                p.expectClose(")", o);
                return new OmpClause.Depend(dt, items, loc);
            }
            case "reduction", "in_reduction", "task_reduction" -> {
                Token o = open(n);
                String modifier = null;
                if ((p.at("inscan") || p.at("task") || p.at("default")) && p.peek(1).is(",")) { modifier = p.next().text; p.pos++; }
                Token opTok = p.next();
                OmpClause.ReductionOp op = switch (opTok.text) {
                    case "+" -> OmpClause.ReductionOp.ADD; case "*" -> OmpClause.ReductionOp.MUL; case "-" -> OmpClause.ReductionOp.SUB;
                    case "&" -> OmpClause.ReductionOp.BITAND; case "|" -> OmpClause.ReductionOp.BITOR; case "^" -> OmpClause.ReductionOp.BITXOR;
                    case "&&" -> OmpClause.ReductionOp.LOGAND; case "||" -> OmpClause.ReductionOp.LOGOR;
                    case "min" -> OmpClause.ReductionOp.MIN; case "max" -> OmpClause.ReductionOp.MAX;
                    default -> opTok.kind == Token.Kind.IDENT ? OmpClause.ReductionOp.USER : null;
                };
                if (op == null) {
                    p.diags.error(opTok.loc, "incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type");
                    throw new Parser.SyntaxError();
                }
                p.expect(":");
                List<OmpDirective.Item> items = itemList();
                p.expectClose(")", o);
                List<OmpClause.UserReduction> users = new ArrayList<>();
                boolean anyUser = false;
                for (OmpDirective.Item it : items) {
                    Type ty = it.expr().type();
                    OmpClause.UserReduction user = it.sections().isEmpty() && !ty.isArray() ? userReduction(opTok.text, ty) : null;
                    users.add(user);
                    anyUser |= user != null;
                    while (it.sections().isEmpty() && ty.isArray()) ty = ty.base;   // arrays reduce element by element
                    if (user != null || Parser.ERROR.equals(ty)) continue;
                    if (op == OmpClause.ReductionOp.USER) {
                        p.diags.error(opTok.loc, "incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type " + jomp.frontend.type.TypePrinter.quoteAka(ty));
                    } else if (it.sections().isEmpty() && !ty.isArithmetic()) {
                        p.diags.error(it.loc(), "list item of type " + jomp.frontend.type.TypePrinter.quoteAka(ty) + " is not valid for specified reduction operation: unable to provide default initialization value");
                    }
                }
                return new OmpClause.Reduction(op, op == OmpClause.ReductionOp.USER ? opTok.text : null, items, modifier, loc,
                        anyUser ? java.util.Collections.unmodifiableList(users) : List.of());
            }
            case "schedule" -> {
                Token o = open(n);
                List<String> mods = new ArrayList<>();
                while ((p.at("monotonic") || p.at("nonmonotonic") || p.at("simd")) && (p.peek(1).is(",") || p.peek(1).is(":"))) {
                    mods.add(p.next().text);
                    p.pos++;
                }
                Token k = p.next();
                OmpClause.ScheduleKind sk;
                try { sk = OmpClause.ScheduleKind.valueOf(k.text.toUpperCase()); }
                catch (IllegalArgumentException e) { p.diags.error(k.loc, "expected 'static', 'dynamic', 'guided', 'auto', 'runtime', 'monotonic', 'nonmonotonic' or 'simd' in OpenMP clause 'schedule'"); throw new Parser.SyntaxError(); }
                Expr chunk = p.consume(",") ? p.sema.convert(p.exprs.rvalue(p.exprs.assign()), Type.INT) : null;
                p.expectClose(")", o);
                return new OmpClause.Schedule(sk, chunk, mods, loc);
            }
            case "dist_schedule" -> {
                Token o = open(n);
                Token k = p.next();
                if (!k.text.equals("static")) { p.diags.error(k.loc, "expected 'static' in OpenMP clause 'dist_schedule'"); throw new Parser.SyntaxError(); }
                Expr chunk = p.consume(",") ? p.sema.convert(p.exprs.rvalue(p.exprs.assign()), Type.INT) : null;
                p.expectClose(")", o);
                return new OmpClause.DistSchedule(chunk, loc);
            }
            case "defaultmap" -> {
                Token o = open(n);
                String behavior = p.next().text;
                String category = p.consume(":") ? p.next().text : null;
                p.expectClose(")", o);
                return new OmpClause.Defaultmap(behavior, category, loc);
            }
            case "default" -> {
                Token o = open(n);
                Token k = p.next();
                OmpClause.DefaultKind dk;
                try { dk = OmpClause.DefaultKind.valueOf(k.text.toUpperCase()); }
                catch (IllegalArgumentException e) { p.diags.error(k.loc, "expected 'none', 'shared', 'private' or 'firstprivate' in OpenMP clause 'default'"); throw new Parser.SyntaxError(); }
                p.expectClose(")", o);
                return new OmpClause.Default(dk, loc);
            }
            case "proc_bind" -> {
                Token o = open(n);
                String k = p.next().text;
                p.expectClose(")", o);
                return new OmpClause.Proc(k, loc);
            }
            case "device_type" -> {
                Token o = open(n);
                String k = p.next().text;
                p.expectClose(")", o);
                return new OmpClause.DeviceType(k, loc);
            }
            default -> {}
        }
        p.diags.warning(loc, "extra tokens at the end of '#pragma omp " + directive + "' are ignored", "-Wextra-tokens");
        while (!p.atEof()) p.pos++;
        return null;
    }

    /** declare target's indirect[(bool)]. */
    private OmpClause indirect(SourceLocation loc) {
        boolean on = true;
        if (p.at("(")) {
            Token o = p.next();
            Expr e = p.exprs.rvalue(p.exprs.assign());
            p.expectClose(")", o);
            Long v = ConstEval.integer(e);
            if (v == null) p.diags.error(e.loc(), "expression is not an integral constant expression");
            else on = v != 0;
        }
        return new OmpClause.Indirect(on, loc);
    }

    /** device(ancestor: 1) (reverse offload, which needs requires reverse_offload) and device(device_num: n). */
    private OmpClause deviceModifier(SourceLocation loc) {
        Token o = p.next();
        String mod = p.next().text;
        p.pos++;   // ':'
        Expr e = p.exprs.rvalue(p.exprs.assign());
        p.expectClose(")", o);
        if (mod.equals("ancestor")) {
            Long v = ConstEval.integer(e);
            if (v == null || v != 1) p.diags.error(e.loc(), "the value of the 'ancestor' modifier of the 'device' clause must be 1");
            if (!p.requiresReverseOffload) p.diags.error(o.loc, "Device clause with ancestor device-modifier used without specifying 'requires reverse_offload'");
        }
        return new OmpClause.ExprClause(OmpClause.ExprKind.DEVICE, p.sema.convert(e, Type.LONG), mod, loc);
    }

    private boolean isIfModifier() {
        for (int i = 0; i < 4; i++) {
            Token t = p.peek(i);
            if (t.is(":")) return i > 0;
            if (t.kind == Token.Kind.PUNCT || t.kind == Token.Kind.EOF) return false;
            switch (t.text) {
                case "target", "data", "enter", "exit", "update", "parallel", "teams", "simd", "task", "taskloop", "cancel" -> {}
                default -> { return false; }
            }
        }
        return false;
    }

    private Token open(String clause) {
        Token o = p.tok();
        if (!p.consume("(")) {
            p.diags.error(o.loc, "expected '(' after '" + clause + "'");
            throw new Parser.SyntaxError();
        }
        return o;
    }

    private OmpClause exprClause(OmpClause.ExprKind kind, SourceLocation loc, boolean constant) {
        Token o = open(kind.name().toLowerCase());
        Expr e = p.exprs.rvalue(p.exprs.assign());
        p.expectClose(")", o);
        if (Parser.ERROR.equals(e.type())) return new OmpClause.ExprClause(kind, e, null, loc);
        if (!e.type().isInteger()) {
            p.diags.error(e.loc(), "expression must have integral or unscoped enumeration type, not " + jomp.frontend.type.TypePrinter.quoteAka(e.type()));
            return new OmpClause.ExprClause(kind, e, null, loc);
        }
        if (constant) {
            Long v = ConstEval.integer(e);
            if (v == null) { p.diags.error(e.loc(), "expression is not an integral constant expression"); v = 1L; }
            else if (v <= 0) p.diags.error(e.loc(), "argument to '" + kind.name().toLowerCase() + "' clause must be a strictly positive integer value");
            return new OmpClause.ExprClause(kind, new Expr.IntLit(Math.max(1, v), Type.INT, e.loc()), null, loc);
        }
        Type t = kind == OmpClause.ExprKind.DEVICE ? Type.LONG : Type.INT;
        return new OmpClause.ExprClause(kind, p.sema.convert(e, t), null, loc);
    }

    private OmpClause map(SourceLocation loc) { return new OmpMapParser(p).map(loc); }

    /** A list of variables, member accesses and array sections. */
    private List<OmpDirective.Item> itemList() {
        List<OmpDirective.Item> items = new ArrayList<>();
        do {
            OmpDirective.Item it = item();
            if (it != null) items.add(it);
        } while (p.consume(","));
        return items;
    }

    private OmpDirective.Item item() {
        Token name = p.expectIdent();
        Object o = p.lookup(name.text);
        if (!(o instanceof Var v)) {
            p.diags.error(name.loc, "use of undeclared identifier '" + name.text + "'");
            while (!p.at(",") && !p.at(")") && !p.atEof()) p.pos++;
            return null;
        }
        v.used = true;
        Expr e = new Expr.VarRef(v, v.type, name.loc);
        List<OmpDirective.Section> sections = new ArrayList<>();
        while (true) {
            if (p.at("[")) {
                Token open = p.next();
                Expr lower = p.at(":") ? null : p.sema.convert(p.exprs.rvalue(p.exprs.expr()), Type.LONG);
                Expr length = null;
                boolean single = true;
                if (p.consume(":")) {
                    single = false;
                    length = p.at("]") ? null : p.sema.convert(p.exprs.rvalue(p.exprs.expr()), Type.LONG);
                }
                p.expectClose("]", open);
                Type t = e.type();
                if (!t.isArray() && !t.isPointer()) {
                    p.diags.error(open.loc, "subscripted value is not an array or pointer");
                    return null;
                }
                if (length == null && !single && t.isPointer()) {
                    p.diags.error(open.loc, "section length is unspecified and cannot be inferred because subscripted value is not an array");
                    return null;
                }
                sections.add(new OmpDirective.Section(lower, length, single));
                e = p.exprs.subscript(e, lower != null ? lower : new Expr.IntLit(0, Type.LONG, open.loc), open);
            } else if (p.at(".") || p.at("->")) {
                Token op = p.next();
                Token m = p.expectIdent();
                e = p.exprs.member(e, m, op, op.text.equals("->"));
                if (Parser.ERROR.equals(e.type())) return null;
            } else break;
        }
        return new OmpDirective.Item(v, e, List.copyOf(sections), name.loc);
    }

    // ---- associated statements ----

    /** Loop directives: the collapse(n) loops must be perfectly nested for loops in canonical form (OpenMP 5.2 4.4.1). */
    private void checkLoopNest(OmpDirective d, Stmt body, Token pragma) {
        Stmt s = body;
        for (int level = 0; level < d.loopDepth(); level++) {
            while (s instanceof Stmt.Compound c && c.items().size() == 1 && level > 0) s = c.items().get(0);
            if (!(s instanceof Stmt.For f)) {
                if (level == 0) p.diags.error(s.loc(), "statement after '#pragma omp " + d.name() + "' must be a for loop");
                else {
                    p.diags.error(s.loc(), "expected " + d.loopDepth() + " for loops after '#pragma omp " + d.name() + "', but found only " + level);
                    for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class))
                        if (c.kind() == OmpClause.ExprKind.COLLAPSE) p.diags.note(c.value().loc(), "as specified in 'collapse' clause");
                }
                return;
            }
            Var iv = loopVariable(f, d);
            if (iv == null) return;
            if (!checkCond(f, iv, d)) return;
            if (!checkIncr(f, iv, d)) return;
            s = f.body();
        }
    }

    private Var loopVariable(Stmt.For f, OmpDirective d) {
        Stmt init = f.init();
        Var v = null;
        if (init instanceof Stmt.Decl decl && decl.vars().size() == 1 && decl.vars().get(0).init() != null) v = decl.vars().get(0).var();
        else if (init instanceof Stmt.ExprStmt es && es.expr() instanceof Expr.Assign a && a.target() instanceof Expr.VarRef r) v = r.var();
        if (v == null) {
            p.diags.error(init == null ? f.loc() : init.loc(), "initialization clause of OpenMP for loop is not in canonical form ('var = init' or 'T var = init')");
            return null;
        }
        if (!v.type.isInteger() && !v.type.isPointer()) {
            p.diags.error(v.loc, "variable must be of integer or pointer type");
            return null;
        }
        return v;
    }

    private static boolean refers(Expr e, Var v) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e instanceof Expr.VarRef r && r.var() == v;
    }

    private boolean checkCond(Stmt.For f, Var v, OmpDirective d) {
        Expr c = f.cond();
        if (c instanceof Expr.Binary b) {
            switch (b.op()) {
                case LT, LE, GT, GE, NE -> { if (refers(b.left(), v) || refers(b.right(), v)) return true; }
                default -> {}
            }
        }
        p.diags.error(c == null ? f.loc() : startOf(c), "condition of OpenMP for loop must be a relational comparison ('<', '<=', '>', '>=', or '!=') of loop variable '" + v.name + "'");
        return false;
    }

    private boolean checkIncr(Stmt.For f, Var v, OmpDirective d) {
        Expr s = f.step();
        boolean ok = switch (s) {
            case Expr.IncDec i -> refers(i.target(), v);
            case Expr.CompoundAssign ca -> refers(ca.target(), v) && (ca.op() == Expr.Binary.Op.ADD || ca.op() == Expr.Binary.Op.SUB);
            case Expr.Assign a -> refers(a.target(), v) && stripCasts(a.value()) instanceof Expr.Binary b
                && (b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB) && (refers(b.left(), v) || refers(b.right(), v));
            case null -> false;
            default -> false;
        };
        if (!ok) p.diags.error(s == null ? f.loc() : startOf(s), "increment clause of OpenMP for loop must perform simple addition or subtraction on loop variable '" + v.name + "'");
        return ok;
    }

    /** Where an expression starts (clang's caret for loop-form errors). */
    private static SourceLocation startOf(Expr e) {
        return switch (e) {
            case Expr.Assign a -> startOf(a.target());
            case Expr.CompoundAssign a -> startOf(a.target());
            case Expr.IncDec i -> i.prefix() ? i.loc() : startOf(i.target());
            case Expr.Binary b -> startOf(b.left());
            case Expr.Cast c when c.implicit() -> startOf(c.operand());
            default -> e.loc();
        };
    }

    private static Expr stripCasts(Expr e) {
        while (e instanceof Expr.Cast c) e = c.operand();
        return e;
    }

    /** atomic: the statement must be an expression statement of the form the kind allows. */
    private void checkAtomic(OmpDirective d, Stmt body, Token pragma) {
        Stmt s = body;
        if (d.atomic() == OmpDirective.AtomicKind.CAPTURE && s instanceof Stmt.Compound) return;
        if (d.atomic() == OmpDirective.AtomicKind.COMPARE) {
            // OpenMP 5.1's conditional updates (and their capture forms, a compound statement); the
            // lowering runs the statement under the atomic lock, so any of these shapes is exact
            boolean ok = s instanceof Stmt.If || s instanceof Stmt.Compound
                    || s instanceof Stmt.ExprStmt es && es.expr() instanceof Expr.Assign a && a.value() instanceof Expr.Cond;
            if (!ok) p.diags.error(s.loc(), "the statement for 'atomic compare' must be a conditional update of the form "
                    + "'x = expr ordop x ? expr : x;', 'x = x == e ? d : x;' or 'if (expr ordop x) { x = expr; }'");
            return;
        }
        if (!(s instanceof Stmt.ExprStmt es)) {
            p.diags.error(s.loc(), "the statement for 'atomic" + (d.atomic() == OmpDirective.AtomicKind.UPDATE ? "" : " " + d.atomic().name().toLowerCase()) + "' must be an expression statement of form " + switch (d.atomic()) {
                case READ -> "'v = x;', where v and x are both lvalue expressions with scalar type";
                case WRITE -> "'x = expr', where x is a lvalue expression with scalar type";
                default -> "'++x;', '--x;', 'x++;', 'x--;', 'x binop= expr;', 'x = x binop expr' or 'x = expr binop x', where x is an lvalue expression with scalar type";
            });
            return;
        }
        Expr e = es.expr();
        boolean ok = switch (d.atomic()) {
            case READ, WRITE -> e instanceof Expr.Assign;
            case UPDATE -> e instanceof Expr.IncDec || e instanceof Expr.CompoundAssign || e instanceof Expr.Assign;
            default -> true;
        };
        if (!ok) p.diags.error(e.loc(), "the statement for 'atomic" + (d.atomic() == OmpDirective.AtomicKind.UPDATE ? "" : " " + d.atomic().name().toLowerCase()) + "' must be an expression statement of form " + switch (d.atomic()) {
            case READ -> "'v = x;', where v and x are both lvalue expressions with scalar type";
            case WRITE -> "'x = expr', where x is a lvalue expression with scalar type";
            default -> "'++x;', '--x;', 'x++;', 'x--;', 'x binop= expr;', 'x = x binop expr' or 'x = expr binop x', where x is an lvalue expression with scalar type";
        });
    }
}
