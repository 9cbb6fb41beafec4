package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;

/**
 * {@code #pragma omp ...}: the directive name (combined constructs as a list of leaves), the
 * clauses in structured form with their expressions checked in the current scope, and the
 * associated statement; loop directives get their loop nest checked for canonical form.
 */
final class OmpParser {
    private final Parser p;

    OmpParser(Parser p) { this.p = p; this.version = p.ompVersion; }

    /** Where the pragma being parsed starts (clang reports some directive errors there). */
    private SourceLocation pragmaLoc;

    static boolean isOmp(Token pragma) {
        List<Token> ts = pragma.pragmaTokens;
        if (ts != null && !ts.isEmpty()) return ts.get(0).text.equals("omp");
        return pragma.text.startsWith("omp ") || pragma.text.equals("omp");
    }

    private static final Set<String> LEAF_WORDS = Set.of("target", "teams", "distribute", "parallel", "for", "simd", "loop",
        "declare", "begin", "end", "atomic", "critical", "barrier", "single", "master", "masked", "taskwait", "task",
        "taskgroup", "sections", "section", "ordered", "flush", "taskyield", "threadprivate", "taskloop", "scope", "requires",
        "cancel", "cancellation", "scan", "depobj", "error", "nothing", "assume", "assumes", "metadirective", "allocate", "tile", "unroll",
        "interop", "dispatch", "taskgraph", "reverse", "interchange", "fuse", "split", "stripe");

    /**
     * Whether the directive being parsed stands where C requires a statement (an if's or a loop's
     * body, a label's, a construct's): no standalone directive may stand there.
     */
    private boolean substatement;

    /** Standalone executable directives by their name (ordered is one only with depend or doacross). */
    private static final Set<Leaf> STANDALONE = EnumSet.of(Leaf.BARRIER, Leaf.TASKWAIT, Leaf.TASKYIELD, Leaf.FLUSH, Leaf.DEPOBJ,
        Leaf.SCAN, Leaf.CANCEL, Leaf.CANCELLATION_POINT, Leaf.TARGET_ENTER_DATA, Leaf.TARGET_EXIT_DATA, Leaf.TARGET_UPDATE,
        Leaf.INTEROP, Leaf.ERROR);

    /**
     * A directive in a function body: the directive with its associated statement; blockItem when
     * it is an item of a compound statement.
     */
    Stmt statement(Token pragma, boolean blockItem) {
        pragmaLoc = pragma.loc;
        substatement = !blockItem;
        OmpDirective d = p.withTokens(tokens(pragma), this::directive);
        if (d == null) return new Stmt.Null(pragma.loc);
        if (substatement && d.leaves().get(0) == Leaf.ORDERED && d.isStandalone())
            p.diags.error(pragma.loc, "'#pragma omp ordered' with 'depend' clause cannot be an immediate substatement");
        Leaf first = d.leaves().get(0);
        if (first == Leaf.DECLARE_TARGET && d.isStandalone()) {   // block scope: the list form (OpenMP 5.2), for statics and functions
            p.items.add(new TranslationUnit.OmpDecl(d, pragma.loc));
            return new Stmt.Null(pragma.loc);
        }
        if (first == Leaf.DECLARE_MAPPER) {   // registered while parsing; the lowering learns of it for implicit maps
            p.items.add(new TranslationUnit.OmpDecl(d, pragma.loc));
            return new Stmt.Null(pragma.loc);
        }
        switch (first) {
            case DECLARE_TARGET, BEGIN_DECLARE_TARGET, END_DECLARE_TARGET, REQUIRES, DECLARE_SIMD, DECLARE_VARIANT,
                 BEGIN_DECLARE_VARIANT, END_DECLARE_VARIANT -> {
                p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp " + d.name() + "'");
                return new Stmt.Null(pragma.loc);
            }
            case ASSUMES, BEGIN_ASSUMES, END_ASSUMES -> {   // clang: only at file scope
                p.diags.error(d.loc(), "expected an OpenMP directive");
                return new Stmt.Null(pragma.loc);
            }
            case THREADPRIVATE -> { threadprivate(d); return new Stmt.Null(pragma.loc); }
            case ALLOCATE -> { allocate(d); return new Stmt.Null(pragma.loc); }
            case DECLARE_REDUCTION, NOTHING -> { return new Stmt.Null(pragma.loc); }   // declare reduction: registered while parsing
            case ERROR -> {
                if (!blockItem) return new Stmt.Null(pragma.loc);   // clang drops it after the immediate-substatement error
                if (errorDirective(d, pragma, true)) return new Stmt.Omp(d, null, pragma.loc);
                return new Stmt.Null(pragma.loc);
            }
            default -> {}
        }
        if (first == Leaf.LOOP && d.clauses(OmpClause.Bind.class).isEmpty() && p.ompNesting == 0)
            p.diags.error(pragma.loc, "expected 'bind' clause for 'loop' construct without an enclosing OpenMP construct");
        boolean standalone = d.isStandalone();
        if (first == Leaf.METADIRECTIVE) standalone = metadirectiveStandalone(d);
        if (standalone) {
            if (first != Leaf.METADIRECTIVE && OmpNesting.check(p, d, pragma.loc) && first == Leaf.ORDERED) OmpNesting.checkOrdered(p, d, pragma.loc);
            return new Stmt.Omp(d, null, pragma.loc);
        }
        if (p.atEof() || p.at("}")) {
            p.diags.error(p.tok().loc, "expected statement");
            return new Stmt.Omp(d, new Stmt.Null(p.tok().loc), pragma.loc);
        }
        int[] loops = p.saveLoopState();
        Stmt body;
        p.ompNesting++;
        // tile and unroll make loops, not regions (OpenMP 5.2 §9: clang 19 checks them as regions,
        // so that it refuses simd over tile); a metadirective is one, checked when its variant is
        // chosen (OmpNesting lets what it encloses stand)
        boolean region = !d.isLoopTransformation();
        if (region) p.ompRegions.add(new OmpNesting.Region(d, pragma.loc));
        try {
            body = p.stmts.statement();
        } finally {
            p.ompNesting--;
            if (region) p.ompRegions.remove(p.ompRegions.size() - 1);
            p.restoreLoopState(loops);
        }
        region &= first != Leaf.METADIRECTIVE;
        if (d.isLoop() || first == Leaf.METADIRECTIVE && d.clauses(OmpClause.When.class).stream().anyMatch(w -> w.variant() != null && w.variant().isLoop()))
            body = ignoreContainers(body);
        OmpClause.ExprClause orderedParam = OmpNesting.orderedParameter(d);
        if (orderedParam != null && OmpNesting.worksharing(d) && d.has(Leaf.SIMD)) {   // clang's check at the region's end, before the others
            p.diags.error(orderedParam.loc(), "'ordered' clause with a parameter can not be specified in '#pragma omp " + d.name() + "' directive");
            return new Stmt.Omp(d, body, pragma.loc);
        }
        // as clang: a construct that may not stand here gets no further checks
        if (region && !OmpNesting.check(p, d, pragma.loc)) return new Stmt.Omp(d, body, pragma.loc);
        if (first == Leaf.ORDERED) OmpNesting.checkOrdered(p, d, pragma.loc);
        if (d.isLoop()) checkLoopNest(d, body, pragma);
        if (first == Leaf.METADIRECTIVE) {
            for (OmpClause.When w : d.clauses(OmpClause.When.class)) if (w.variant() != null && w.variant().isLoop()) checkLoopNest(w.variant(), body, pragma);
        }
        if (d.atomic() != null) checkAtomic(d, body, pragma);
        d = OmpDefaultSharing.apply(p, d, body);
        return new Stmt.Omp(d, body, pragma.loc);
    }

    /**
     * The loop of a loop-associated directive written inside braces, { for (...) ... }: a compound
     * statement holding one statement stands for that statement, as clang's IgnoreContainers has it.
     */
    private static Stmt ignoreContainers(Stmt body) {
        Stmt s = body;
        while (s instanceof Stmt.Compound c && c.items().size() == 1) s = c.items().get(0);
        return s instanceof Stmt.For || s instanceof Stmt.Omp ? s : body;
    }

    /** A metadirective takes a statement when one of its variants does. */
    private static boolean metadirectiveStandalone(OmpDirective d) {
        for (OmpClause.When w : d.clauses(OmpClause.When.class)) if (w.variant() != null && !w.variant().isStandalone()) return false;
        return true;
    }

    /**
     * error: at(compilation) (the default) reports its message now, as an error or, with
     * severity(warning), a warning; at(execution) is left to the program, which prints it and
     * with severity(fatal) stops. Returns whether the directive does something at run time.
     */
    private boolean errorDirective(OmpDirective d, Token pragma, boolean executable) {
        String at = "compilation", severity = "fatal";
        SourceLocation sevLoc = null, atLoc = null;
        Expr message = null;
        for (OmpClause c : d.clauses()) {
            if (c instanceof OmpClause.Word w && w.clause().equals("at")) { at = w.value(); atLoc = w.loc(); }
            if (c instanceof OmpClause.Word w && w.clause().equals("severity")) { severity = w.value(); sevLoc = w.loc(); }
            if (c instanceof OmpClause.ExprClause e && e.kind() == OmpClause.ExprKind.MESSAGE) message = e.value();
        }
        if (at.equals("execution")) {
            if (!executable) {
                p.diags.error(atLoc == null ? d.loc() : atLoc, "unexpected 'execution' modifier in non-executable context");
                return false;
            }
            return true;
        }
        String text = severity.equals("warning") ? "WARNING" : "ERROR";
        if (message != null) {
            Expr m = message;
            while (m instanceof Expr.Cast c) m = c.operand();
            while (m instanceof Expr.Decay dc) m = dc.operand();
            if (m instanceof Expr.StrLit sl) text = new String(sl.bytes(), java.nio.charset.StandardCharsets.UTF_8).replace("\0", "").replaceAll("\u0000$", "");
        }
        if (severity.equals("warning")) p.diags.warning(sevLoc, text, "-Wuser-defined-warnings");
        else p.diags.error(pragma.loc, text);
        return false;
    }

    /** declare variant: where the variant function is named, and the error count before the pragma (a directive with errors is dropped, as clang does). */
    private SourceLocation variantLoc;
    private int errorsBefore;

    /** A directive at file scope (declare target and friends). */
    TranslationUnit.OmpDecl declarative(Token pragma) {
        pragmaLoc = pragma.loc;
        errorsBefore = p.diags.errorCount();
        OmpDirective d = p.withTokens(tokens(pragma), this::directive);
        if (d == null) return null;
        Leaf first = d.leaves().get(0);
        switch (first) {
            case THREADPRIVATE -> { threadprivate(d); return null; }
            case ALLOCATE -> { allocate(d); return null; }
            case DECLARE_REDUCTION, DECLARE_SIMD, NOTHING, ASSUMES, BEGIN_ASSUMES, END_ASSUMES -> { return null; }
            case REQUIRES, DECLARE_MAPPER -> { return new TranslationUnit.OmpDecl(d, pragma.loc); }   // the lowering records them
            case ERROR -> { errorDirective(d, pragma, false); return null; }
            case DECLARE_VARIANT, BEGIN_DECLARE_VARIANT, END_DECLARE_VARIANT -> { declareVariant(d, pragma); return null; }
            case DECLARE_TARGET, BEGIN_DECLARE_TARGET, END_DECLARE_TARGET -> { return new TranslationUnit.OmpDecl(d, pragma.loc); }
            default -> {
                p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp " + d.name() + "'");
                return null;
            }
        }
    }

    /** declare variant(v) match(...), begin declare variant match(...), end declare variant (OmpVariants does the work). */
    private void declareVariant(OmpDirective d, Token pragma) {
        if (p.ompVariants == null) p.ompVariants = new OmpVariants(p);
        OmpClause.Selector sel = d.clauses(OmpClause.Match.class).stream().map(OmpClause.Match::selector).findFirst().orElse(null);
        switch (d.leaves().get(0)) {
            case END_DECLARE_VARIANT -> {
                if (!p.ompVariants.end()) p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp end declare variant'");
            }
            case BEGIN_DECLARE_VARIANT -> {
                if (sel == null) { p.diags.error(pragma.loc, "expected 'match' clause on 'omp declare variant' directive"); sel = new OmpClause.Selector(List.of(), pragma.loc); }
                p.ompVariants.begin(sel);
            }
            default -> {
                if (sel == null) { p.diags.error(pragma.loc, "expected 'match' clause on 'omp declare variant' directive"); return; }
                Var v = p.lookup(d.criticalName()) instanceof Var x ? x : null;
                if (v != null) p.ompVariants.declareVariant(v, sel, variantLoc, d.clauses(OmpClause.VariantArgs.class), p.diags.errorCount() > errorsBefore);
            }
        }
    }

    /**
     * allocate(list) [allocator(a)] [align(n)]: where the variables' storage comes from. Every
     * memory space is the C heap or the stack in jomp, so what a program can see is the
     * alignment: the variables get the align clause's (OpenMP 5.1).
     */
    private void allocate(OmpDirective d) {
        int align = 0;
        Expr allocator = null;
        for (OmpClause.ExprClause e : d.clauses(OmpClause.ExprClause.class)) {
            if (e.kind() == OmpClause.ExprKind.ALIGN && e.value() instanceof Expr.IntLit n) align = (int) n.value();
            if (e.kind() == OmpClause.ExprKind.ALLOCATOR) allocator = e.value();
        }
        if (align != 0 && Integer.bitCount(align) != 1) {
            p.diags.error(d.loc(), "alignment must be a power of 2");
            return;
        }
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class)) {
            for (OmpDirective.Item it : c.items()) {
                if (it.var() == null || it.var().isFunction()) continue;
                it.var().align = Math.max(it.var().align, align);
                // a local's storage then takes the allocator's alignment trait (FunctionLowering.declare)
                if (allocator != null && it.var().isLocal && !it.var().isStatic() && it.var().type.kind != jomp.compiler.type.Type.Kind.VLA)
                    it.var().ompAllocator = allocator;
            }
        }
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
                // OpenMP 6.0: every map is a self map; it implies unified_shared_memory, under which jomp's maps use host storage
                case "self_maps" -> { clauses.add(c.text); clauses.add("unified_shared_memory"); }
                case "atomic_default_mem_order" -> {
                    Token o = open(c.text);
                    Token k = p.next();
                    if (!Set.of("seq_cst", "acq_rel", "relaxed").contains(k.text)) {
                        p.diags.error(k.loc, "expected 'seq_cst', 'acq_rel' or 'relaxed' in OpenMP clause 'atomic_default_mem_order'");
                    }
                    else p.atomicDefaultMemOrder = k.text;
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

    private static boolean isMemoryOrder(OmpClause c) {
        return c instanceof OmpClause.Flag f && switch (f.kind()) {
            case SEQ_CST, ACQ_REL, RELEASE, ACQUIRE, RELAXED -> true;
            default -> false;
        };
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
            OmpClause.UserReduction previous = known.stream().filter(u -> jomp.compiler.type.Types.compatibleUnqualified(u.type(), t)).findFirst().orElse(null);
            if (previous != null) {
                p.diags.error(typeLocs.get(k), "redefinition of user-defined reduction for type " + jomp.compiler.type.TypePrinter.quoteAka(t));
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
            if (jomp.compiler.type.Types.compatibleUnqualified(known.get(k).type(), t)) return known.get(k);
        }
        return null;
    }

    private static List<Token> tokens(Token pragma) {
        if (pragma.pragmaTokens != null) return underscoreNames(pragma.pragmaTokens, 1);
        throw new IllegalStateException("PRAGMA token without its tokens");
    }

    /** The words of directive names: an underscore may join them (OpenMP 6.0 §4.1: target_data, target_teams_distribute). */
    private static final Set<String> NAME_WORDS = new java.util.HashSet<>(LEAF_WORDS);
    static { NAME_WORDS.addAll(Set.of("data", "enter", "exit", "update", "point", "reduction", "mapper", "variant", "induction")); }

    /**
     * The tokens with the directive name's underscore-joined words (from {@code from}) split into
     * words, as OpenMP 6.0 allows (`target_data`, `begin_declare_target`); clause names that hold
     * underscores (thread_limit) are not directive words and end the name.
     */
    static List<Token> underscoreNames(List<Token> ts, int from) {
        List<Token> out = new ArrayList<>(ts.subList(0, Math.min(from, ts.size())));
        boolean split = false;
        int i = from;
        for (; i < ts.size(); i++) {
            Token t = ts.get(i);
            if (t.kind != Token.Kind.IDENT && t.kind != Token.Kind.KEYWORD) break;
            if (NAME_WORDS.contains(t.text)) { out.add(t); continue; }
            String[] parts = t.text.split("_", -1);
            if (parts.length < 2 || !java.util.Arrays.stream(parts).allMatch(NAME_WORDS::contains)) break;
            for (String w : parts) out.add(new Token(w.equals("for") ? Token.Kind.KEYWORD : Token.Kind.IDENT, w, t.loc));
            split = true;
        }
        if (!split) return ts;
        out.addAll(ts.subList(i, ts.size()));
        return out;
    }

    // ---- directive names ----

    private OmpDirective directive() {
        Token omp = p.next();                // "omp"
        return directiveBody(omp.loc);
    }

    /** A directive after "omp" (also a metadirective's variant) up to the end of the tokens; null after an error. */
    OmpDirective directiveBody(SourceLocation loc) {
        Token nameTok = p.tok();
        List<Leaf> leaves = new ArrayList<>();
        StringBuilder name = new StringBuilder();
        try {
            Leaf first = firstLeaf(name);
            if (first == null) {
                p.diags.error(nameTok.loc, "expected an OpenMP directive");
                return null;
            }
            leaves.add(first);
            if (first == Leaf.DECLARE_REDUCTION) {
                declareReduction();
                return new OmpDirective(name.toString(), List.of(first), List.of(), null, null, 0, loc);
            }
            if (first == Leaf.REQUIRES) {
                OmpClause.Requires r = requires();
                return new OmpDirective(name.toString(), List.of(first), List.of(r), null, null, 0, loc);
            }
            if (first == Leaf.DECLARE_MAPPER) {
                OmpClause.UserMapper m = new OmpMapParser(p).declareMapper();
                List<OmpClause> cs = m == null ? List.of() : List.of(new OmpClause.DeclareMapper(m, loc));
                return new OmpDirective(name.toString(), List.of(first), cs, null, null, 0, loc);
            }
            Leaf last = first;
            List<Token> words = new ArrayList<>();   // the words that combined leaves, for the error below
            while (true) {
                Leaf next = combinable(last);
                if (next == null) break;
                words.add(p.next());
                name.append(' ').append(p.prev().text);
                leaves.add(next);
                last = next;
                if (next == Leaf.FOR && p.at("simd")) continue;
            }
            if (!words.isEmpty() && OmpClauseTable.of(name.toString()) == null) {
                // a chain that names no construct ("distribute parallel" without "for"): clang stops at the
                // first word past the longest prefix that does
                String prefix = name.toString();
                int bad = words.size() - 1;
                for (int i = words.size() - 1; i >= 0; i--) {
                    prefix = prefix.substring(0, prefix.length() - words.get(i).text.length() - 1);
                    if (OmpClauseTable.of(prefix) != null) { bad = i; break; }
                    bad = i;
                }
                p.diags.error(words.get(bad).loc, "expected an OpenMP directive");
                return null;
            }
            if (substatement && STANDALONE.contains(first)) {   // clang reports it at the directive's last word, before its clauses
                p.diags.error(p.prev().loc, "'#pragma omp " + name + "' cannot be an immediate substatement");
            }
            substatement = substatement && first == Leaf.ORDERED;   // not for a metadirective's variants
            OmpDirective.AtomicKind atomic = first == Leaf.ATOMIC ? OmpDirective.AtomicKind.UPDATE : null;
            String criticalName = null;
            if (first == Leaf.CRITICAL && p.at("(")) {
                Token o = p.next();
                criticalName = p.expectIdent().text;
                p.expectClose(")", o);
            }
            List<OmpClause> clauses = new ArrayList<>();
            String clangName = name.toString();
            switch (first) {
                case THREADPRIVATE, DECLARE_TARGET, FLUSH, ALLOCATE, DEPOBJ -> {
                    if (first == Leaf.DECLARE_TARGET || first == Leaf.FLUSH) { if (!p.at("(")) break; }
                    Token o = p.tok();
                    p.expect("(");
                    // a depend object is any lvalue of type omp_depend_t (depobj(*po), depobj(s->d))
                    List<OmpDirective.Item> items = first == Leaf.DEPOBJ ? new OmpMapParser(p).itemList(false) : itemList();
                    p.expectClose(")", o);
                    OmpClause.ListKind k = switch (first) {
                        case THREADPRIVATE -> OmpClause.ListKind.THREADPRIVATE;
                        case DECLARE_TARGET -> OmpClause.ListKind.TO;
                        case FLUSH -> OmpClause.ListKind.FLUSH;
                        case ALLOCATE -> OmpClause.ListKind.ALLOCATE;
                        default -> OmpClause.ListKind.DEPOBJ;
                    };
                    clauses.add(new OmpClause.ListClause(k, items, o.loc));
                }
                case CANCEL, CANCELLATION_POINT -> {
                    Token k = p.tok();
                    if (!(k.is("parallel") || k.is("for") || k.is("sections") || k.is("taskgroup"))) {
                        p.diags.error(pragmaLoc == null ? k.loc : pragmaLoc, "one of 'for', 'parallel', 'sections' or 'taskgroup' is expected");
                        return null;
                    }
                    p.pos++;
                    clauses.add(new OmpClause.Word("construct", k.text, k.loc));
                }
                case DECLARE_VARIANT -> {
                    Token o = p.tok();
                    p.expect("(");
                    Token fn = p.expectIdent();
                    p.expectClose(")", o);
                    if (!(p.lookup(fn.text) instanceof Var v && v.isFunction())) {
                        p.diags.error(fn.loc, "use of undeclared identifier '" + fn.text + "'");
                        return null;
                    }
                    criticalName = fn.text;   // the variant function's name
                    variantLoc = fn.loc;
                }
                default -> {}
            }
            boolean lenient = first == Leaf.DECLARE_SIMD;
            clauses.addAll(new OmpClauseParser(p, this).clauses(clangName, leaves, lenient));
            if (first == Leaf.FLUSH && p.at("(")) {   // flush acq_rel (list) is not C; the list comes first
                Token o = p.next();
                itemList();
                p.expectClose(")", o);
            }
            for (OmpClause c : clauses) {
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
                if (c instanceof OmpClause.ListClause l && l.kind() == OmpClause.ListKind.COPYIN) {
                    for (OmpDirective.Item it : l.items()) {
                        if (it.var() != null && !it.var().threadLocal) p.diags.error(it.loc(), "copyin variable must be threadprivate");
                    }
                }
            }
            if (atomic != null && p.atomicDefaultMemOrder != null && clauses.stream().noneMatch(OmpParser::isMemoryOrder)) {
                // an atomic without a memory-order clause takes the unit's atomic_default_mem_order
                // (the requires directive must come first, OpenMP 5.2 §10.5.1.1); relaxed is the default anyway
                OmpClause.FlagKind k = switch (p.atomicDefaultMemOrder) {
                    case "seq_cst" -> OmpClause.FlagKind.SEQ_CST;
                    case "acq_rel" -> OmpClause.FlagKind.ACQ_REL;
                    default -> OmpClause.FlagKind.RELAXED;
                };
                clauses.add(new OmpClause.Flag(k, loc));
            }
            OmpClause.ExprClause grain = null;
            for (OmpClause.ExprClause e : OmpDirective.clausesOf(clauses, OmpClause.ExprClause.class)) {
                if (e.kind() == OmpClause.ExprKind.GRAINSIZE && grain == null) grain = e;
                if (e.kind() == OmpClause.ExprKind.NUM_TASKS && grain != null) {
                    p.diags.error(e.loc(), "'num_tasks' and 'grainsize' clause are mutually exclusive and may not appear on the same directive");
                    p.diags.note(grain.loc(), "'grainsize' clause is specified here");
                }
            }
            if (leaves.contains(Leaf.TASKLOOP) && clauses.stream().anyMatch(c -> c instanceof OmpClause.Flag fl && fl.kind() == OmpClause.FlagKind.NOGROUP))
                for (OmpClause.Reduction r : OmpDirective.clausesOf(clauses, OmpClause.Reduction.class))
                    p.diags.error(r.loc(), "'reduction' clause cannot be used with 'nogroup' clause");
            int depth = 1;
            for (OmpClause c : clauses) {
                if (c instanceof OmpClause.ExprClause e && e.kind() == OmpClause.ExprKind.COLLAPSE && e.value() instanceof Expr.IntLit n) depth = (int) n.value();
                if (c instanceof OmpClause.ExprClause e && e.kind() == OmpClause.ExprKind.ORDERED && e.value() instanceof Expr.IntLit n) depth = Math.max(depth, (int) n.value());
                if (c instanceof OmpClause.Sizes z) depth = Math.max(depth, z.sizes().size());
                if (c instanceof OmpClause.Permutation z) depth = Math.max(depth, z.order().size());
            }
            if (first == Leaf.INTERCHANGE && clauses.stream().noneMatch(c -> c instanceof OmpClause.Permutation)) depth = 2;   // the two outermost loops
            OmpDirective d0 = new OmpDirective(name.toString(), List.copyOf(leaves), List.copyOf(clauses), atomic, criticalName, 0, loc);
            return d0.isLoop() ? new OmpDirective(d0.name(), d0.leaves(), d0.clauses(), atomic, criticalName, depth, loc) : d0;
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
                if (word("variant", name)) return Leaf.DECLARE_VARIANT;
                if (word("mapper", name)) return Leaf.DECLARE_MAPPER;
                p.diags.error(p.tok().loc, "expected an OpenMP directive");
                throw new Parser.SyntaxError();
            }
            case "begin" -> {
                if (word("assumes", name)) return Leaf.BEGIN_ASSUMES;
                expectWord("declare", name);
                if (word("variant", name)) return Leaf.BEGIN_DECLARE_VARIANT;
                expectWord("target", name);
                return Leaf.BEGIN_DECLARE_TARGET;
            }
            case "end" -> {
                if (word("assumes", name)) return Leaf.END_ASSUMES;
                expectWord("declare", name);
                if (word("variant", name)) return Leaf.END_DECLARE_VARIANT;
                expectWord("target", name);
                return Leaf.END_DECLARE_TARGET;
            }
            case "cancellation" -> { expectWord("point", name); return Leaf.CANCELLATION_POINT; }
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

    // ---- clauses (OmpClauseParser parses them; these are the shapes shared with other directives) ----

    /** The OpenMP version the program asks for (-fopenmp-version, 51 by default as in clang 19): it changes what linear accepts. */
    final int version;

    /**
     * reduction([modifier,] op: list), and the same shape of in_reduction and task_reduction
     * ({@code taskKind}: no modifier), each item resolved to a declare reduction where one applies.
     */
    OmpClause.Reduction reduction(SourceLocation loc, boolean taskKind, boolean in) {
        String name = taskKind ? (in ? "in_reduction" : "task_reduction") : "reduction";
        Token o = open(name);
        String modifier = null;
        if (!taskKind && (p.at("inscan") || p.at("task") || p.at("default")) && p.peek(1).is(",")) { modifier = p.next().text; p.pos++; }
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
                p.diags.error(opTok.loc, "incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type " + jomp.compiler.type.TypePrinter.quoteAka(ty));
            } else if (it.sections().isEmpty() && !ty.isArithmetic()) {
                p.diags.error(it.loc(), "list item of type " + jomp.compiler.type.TypePrinter.quoteAka(ty) + " is not valid for specified reduction operation: unable to provide default initialization value");
            }
        }
        return new OmpClause.Reduction(op, op == OmpClause.ReductionOp.USER ? opTok.text : null, items, modifier, loc,
                anyUser ? java.util.Collections.unmodifiableList(users) : List.of());
    }

    /** to(list) / from(list) of target update and declare target (motion modifiers: ompmap). */
    OmpClause motion(String n, SourceLocation loc) {
        Token o = open(n);
        List<OmpDirective.Item> items = itemList();
        p.expectClose(")", o);
        return new OmpClause.ListClause(OmpClause.ListKind.valueOf(n.toUpperCase()), items, loc);
    }

    /**
     * when(context-selector: [directive-variant]) of metadirective, or otherwise/default
     * ([directive-variant]) ({@code otherwise}). The variant is parsed as a directive of its own
     * over the tokens inside the parentheses.
     */
    OmpClause.When when(SourceLocation loc, boolean otherwise) {
        Token o = open(otherwise ? p.tok().text : "when");
        OmpClause.Selector sel = null;
        if (!otherwise) {
            sel = selector(loc);
            p.expect(":");
        }
        List<Token> sub = new ArrayList<>();
        int depth = 0;
        while (!p.atEof() && !(depth == 0 && p.at(")"))) {
            Token t = p.next();
            if (t.is("(")) depth++;
            else if (t.is(")")) depth--;
            sub.add(t);
        }
        p.expectClose(")", o);
        if (sub.isEmpty()) return new OmpClause.When(sel, null, loc);
        sub.add(new Token(Token.Kind.EOF, "", p.prev().loc));
        OmpDirective variant = p.withTokens(underscoreNames(sub, 0), () -> {
            OmpDirective d = directiveBody(sub.get(0).loc);
            if (d != null && !p.atEof()) p.diags.warning(p.tok().loc, "extra tokens at the end of '#pragma omp " + d.name() + "' are ignored", "-Wextra-tokens");
            return d;
        });
        if (variant == null) throw new Parser.SyntaxError();
        if (variant.leaves().get(0) == Leaf.NOTHING) variant = null;
        return new OmpClause.When(sel, variant, loc);
    }

    private static final Set<String> TRAIT_SETS = Set.of("device", "target_device", "implementation", "construct", "user");

    /** A context selector: set={trait[([score(s):] properties)], ...}, ... (OpenMP 5.2 7.1). */
    OmpClause.Selector selector(SourceLocation loc) {
        List<OmpClause.TraitSet> sets = new ArrayList<>();
        do {
            Token set = p.next();
            if (!TRAIT_SETS.contains(set.text)) {
                throw p.errorAt(set.loc, "expected 'device', 'target_device', 'implementation', 'construct' or 'user' as a context selector set");
            }
            p.expect("=");
            Token brace = p.tok();
            p.expect("{");
            List<OmpClause.Trait> traits = new ArrayList<>();
            do {
                Token tn = p.next();
                if (tn.kind != Token.Kind.IDENT && tn.kind != Token.Kind.KEYWORD) throw p.errorAt(tn.loc, "expected a context selector");
                List<String> words = new ArrayList<>();
                Expr expr = null, score = null;
                if (p.at("(")) {
                    Token po = p.next();
                    if (p.at("score") && p.peek(1).is("(")) {
                        p.pos++;
                        Token so = p.next();
                        score = p.exprs.rvalue(p.exprs.assign());
                        p.expectClose(")", so);
                        p.expect(":");
                    }
                    if (tn.text.equals("condition") || tn.text.equals("device_num")) {
                        expr = tn.text.equals("condition") ? p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type") : p.exprs.rvalue(p.exprs.assign());
                    } else {
                        do {
                            Token w = p.next();
                            String text = w.kind == Token.Kind.STRING ? w.text.substring(w.text.indexOf('"') + 1, w.text.length() - 1) : w.text;
                            words.add(text);
                        } while (p.consume(","));
                    }
                    p.expectClose(")", po);
                }
                traits.add(new OmpClause.Trait(tn.text, List.copyOf(words), expr, score, tn.loc));
            } while (p.consume(","));
            p.expectClose("}", brace);
            sets.add(new OmpClause.TraitSet(set.text, List.copyOf(traits)));
        } while (p.consume(","));
        return new OmpClause.Selector(List.copyOf(sets), loc);
    }

    Token open(String clause) {
        Token o = p.tok();
        if (!p.consume("(")) {
            p.diags.error(o.loc, "expected '(' after '" + clause + "'");
            throw new Parser.SyntaxError();
        }
        return o;
    }

    OmpClause map(SourceLocation loc) { return new OmpMapParser(p).map(loc); }

    /** declare target's indirect[(bool)]. */
    OmpClause indirect(SourceLocation loc) {
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
    OmpClause deviceModifier(SourceLocation loc) {
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

    /** A list of variables, member accesses and array sections. */
    List<OmpDirective.Item> itemList() {
        List<OmpDirective.Item> items = new ArrayList<>();
        do {
            OmpDirective.Item it = item();
            if (it != null) items.add(it);
        } while (p.consume(","));
        return items;
    }

    OmpDirective.Item item() {
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
        OmpClause.ExprClause ordered = OmpNesting.orderedParameter(d), collapse = OmpNesting.exprClause(d, OmpClause.ExprKind.COLLAPSE);
        if (ordered != null && collapse != null && ordered.value() instanceof Expr.IntLit o && collapse.value() instanceof Expr.IntLit c && o.value() < c.value()) {
            p.diags.error(o.loc(), "the parameter of the 'ordered' clause must be greater than or equal to the parameter of the 'collapse' clause");
            p.diags.note(c.loc(), "parameter of the 'collapse' clause");
            return;
        }
        Stmt s = body;
        if (s instanceof Stmt.Omp g && (g.directive().has(Leaf.REVERSE) || g.directive().has(Leaf.INTERCHANGE) || g.directive().has(Leaf.FUSE)
                || g.directive().has(Leaf.SPLIT) || g.directive().has(Leaf.STRIPE))) {
            // the loops reverse (one) and interchange (its nest's) generate; the loops of fuse,
            // split and stripe are not loops a construct can be associated with in jomp
            boolean own = g.directive().has(Leaf.FUSE) || g.directive().has(Leaf.SPLIT) || g.directive().has(Leaf.STRIPE);
            int generated = own ? 0 : g.directive().loopDepth();
            if (own)
                p.diags.error(g.loc(), "jomp cannot associate '#pragma omp " + d.name() + "' with the loops '#pragma omp " + g.directive().name() + "' generates");
            else if (d.loopDepth() > generated)
                p.diags.error(g.loc(), "expected " + d.loopDepth() + " for loops after '#pragma omp " + d.name() + "', but found only " + generated
                        + " loop" + (generated == 1 ? "" : "s") + " generated by '#pragma omp " + g.directive().name() + "'");
            return;
        }
        boolean tile = s instanceof Stmt.Omp t && t.directive().has(Leaf.TILE);
        if (tile || isPartialUnroll(s)) {
            // the loops a tile generates: its floor loops, then its element loops; unroll partial
            // generates one loop (the element loop of its tile is unrolled). A loop construct may
            // collapse into element loops (LoopNest computes their non-rectangular space); a tile
            // may not (its loops must be rectangular).
            Stmt.Omp t = (Stmt.Omp) s;
            int floors = 0;
            for (OmpClause.Sizes z : t.directive().clauses(OmpClause.Sizes.class)) floors += z.sizes().size();
            int generated = tile ? 2 * floors : 1;
            int depth = d.loopDepth();
            if (depth > generated) {
                // clang's words, at the statement where the next loop would be: the body of the tile's loops
                Stmt at = t.body();
                for (int k = 0; tile && k < floors; k++) {
                    while (at instanceof Stmt.Compound c && c.items().size() == 1) at = c.items().get(0);
                    if (at instanceof Stmt.For fo) at = fo.body();
                }
                p.diags.error(tile ? at.loc() : t.loc(), "expected " + depth + " for loops after '#pragma omp " + d.name() + "', but found only " + generated
                        + (tile ? "" : " loop generated by '#pragma omp " + t.directive().name() + "'"));
                for (OmpClause.ExprClause c : d.clauses(OmpClause.ExprClause.class))
                    if (c.kind() == OmpClause.ExprKind.COLLAPSE) p.diags.note(c.value().loc(), "as specified in 'collapse' clause");
            } else if (tile && depth > floors && (d.has(Leaf.TILE) || d.has(Leaf.UNROLL)))
                p.diags.error(t.loc(), "jomp cannot apply '#pragma omp " + d.name() + "' to the element loops of '#pragma omp tile' (they are not rectangular)");
            return;
        }
        List<Var> ivs = new java.util.ArrayList<>();
        for (int level = 0; level < d.loopDepth(); level++) {
            while (s instanceof Stmt.Compound c && level > 0) {
                // OpenMP 5.1: an inner loop may have intervening code around it (exactly one loop among the statements)
                List<Stmt> fors = c.items().stream().filter(x -> x instanceof Stmt.For || x instanceof Stmt.Compound).toList();
                if (c.items().size() == 1) s = c.items().get(0);
                else if (fors.size() == 1 && fors.get(0) instanceof Stmt.For) s = fors.get(0);
                else break;
            }
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
            OmpClause.ExprClause doacross = d.clauses(OmpClause.ExprClause.class).stream()
                    .filter(c -> c.kind() == OmpClause.ExprKind.ORDERED && c.value() != null).findFirst().orElse(null);
            if ((d.has(Leaf.TILE) || doacross != null) && !ivs.isEmpty()) {
                Expr init = f.init() instanceof Stmt.Decl dl ? dl.vars().get(0).init().items().get(0).value()
                        : ((Expr.Assign) ((Stmt.ExprStmt) f.init()).expr()).value();
                Expr.Binary cond = (Expr.Binary) f.cond();
                for (Expr e : List.of(init, refers(cond.left(), iv) ? cond.right() : cond.left(), f.step())) {
                    if (!usesAny(e, ivs, iv)) continue;
                    // tile's loops are rectangular (OpenMP 5.1), as clang checks; a doacross nest's
                    // iteration vectors name iterations of a rectangular space (gcc's check; clang
                    // accepts such a loop and its program crashes)
                    if (d.has(Leaf.TILE)) p.diags.error(startOf(e), "expected loop invariant expression");
                    else p.diags.error(doacross.loc(), "'ordered' clause with a parameter may not be used with a non-rectangular loop nest");
                    return;
                }
            }
            ivs.add(iv);
            s = f.body();
        }
        if (d.has(Leaf.LOOP))   // loop's lastprivate takes only its loop variables (OpenMP 5.2), as clang checks
            for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class))
                if (c.kind() == OmpClause.ListKind.LASTPRIVATE)
                    for (OmpDirective.Item it : c.items())
                        if (it.var() != null && !ivs.contains(it.var()))
                            p.diags.error(it.loc(), "only loop iteration variables are allowed in 'lastprivate' clause in 'omp " + d.name() + "' directives");
    }

    /** unroll with the partial clause: it generates one loop, which a loop construct may be associated with. */
    static boolean isPartialUnroll(Stmt s) {
        return s instanceof Stmt.Omp o && o.directive().has(Leaf.UNROLL)
                && o.directive().clauses(OmpClause.ExprClause.class).stream().anyMatch(c -> c.kind() == OmpClause.ExprKind.PARTIAL);
    }

    /** Does e use one of the outer loop variables (not the loop's own)? */
    private static boolean usesAny(Expr e, List<Var> outer, Var own) {
        boolean[] found = new boolean[1];
        new jomp.compiler.ast.TreeScanner() {
            @Override public void visitVarRef(Expr.VarRef r) { if (r.var() != own && outer.contains(r.var())) found[0] = true; }
        }.scan(e);
        return found[0];
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
            // lowering makes them atomic instructions (AtomicLowering), or runs a shape it does not
            // know under the atomic lock
            boolean ok = s instanceof Stmt.If || s instanceof Stmt.Compound
                    || s instanceof Stmt.ExprStmt es && es.expr() instanceof Expr.Assign a && stripCasts(a.value()) instanceof Expr.Cond;
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
