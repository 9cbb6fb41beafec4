package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
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
 * {@code #pragma omp ...}: the directive name (combined constructs as a list of leaves:
 * OmpDirectiveNames), the clauses in structured form with their expressions checked in the
 * current scope, and the associated statement; loop directives get their loop nest checked for
 * canonical form (OmpLoopNest), atomic its statement's form (OmpAtomicForm). The declarative
 * directives do their work in OmpDeclarativeDirectives.
 */
final class OmpParser {
    private final Parser p;

    OmpParser(Parser p) {
        this.p = p;
        this.version = p.ompVersion;
    }

    /** Where the pragma being parsed starts (clang reports some directive errors there). */
    private SourceLocation pragmaLoc;

    static boolean isOmp(Token pragma) {
        List<Token> ts = pragma.pragmaTokens;
        if (ts != null && !ts.isEmpty()) return ts.get(0).text.equals("omp");
        return pragma.text.startsWith("omp ") || pragma.text.equals("omp");
    }

    /**
     * Whether the directive being parsed stands where C requires a statement (an if's or a loop's
     * body, a label's, a construct's): no standalone directive may stand there.
     */
    private boolean substatement;

    /** Standalone executable directives by their name (ordered is one only with depend or doacross). */
    private static final Set<Leaf> STANDALONE = EnumSet.of(
            Leaf.BARRIER,
            Leaf.TASKWAIT,
            Leaf.TASKYIELD,
            Leaf.FLUSH,
            Leaf.DEPOBJ,
            Leaf.SCAN,
            Leaf.CANCEL,
            Leaf.CANCELLATION_POINT,
            Leaf.TARGET_ENTER_DATA,
            Leaf.TARGET_EXIT_DATA,
            Leaf.TARGET_UPDATE,
            Leaf.INTEROP,
            Leaf.ERROR);

    /** The end of the last scan directive's clauses (clang reports a scan without clauses there). */
    private SourceLocation scanEnd;

    /**
     * A directive in a function body: the directive with its associated statement; blockItem when
     * it is an item of a compound statement.
     */
    Stmt statement(Token pragma, boolean blockItem) {
        pragmaLoc = pragma.loc;
        substatement = !blockItem;
        OmpDirective d = p.withTokens(OmpDirectiveNames.tokens(pragma), this::directive);
        if (d == null) return new Stmt.Null(pragma.loc);
        d = identity(d);
        if (substatement && d.leaves().get(0) == Leaf.ORDERED && d.isStandalone())
            p.diags.error(pragma.loc, "'#pragma omp ordered' with 'depend' clause cannot be an immediate substatement");
        Stmt done = declarativeOrUtility(d, pragma, blockItem);
        if (done != null) return done;
        Leaf first = d.leaves().get(0);
        if (first == Leaf.LOOP && d.clauses(OmpClause.Bind.class).isEmpty() && p.ompNesting == 0)
            p.diags.error(
                    pragma.loc, "expected 'bind' clause for 'loop' construct without an enclosing OpenMP construct");
        boolean standalone = d.isStandalone();
        if (first == Leaf.METADIRECTIVE) standalone = metadirectiveStandalone(d);
        if (standalone) {
            if (first == Leaf.SCAN) OmpInductionClauses.scanItems(p, d);
            boolean stands = first != Leaf.METADIRECTIVE && OmpNesting.check(p, d, pragma.loc);
            if (stands && first == Leaf.ORDERED) OmpNesting.checkOrdered(p, d, pragma.loc);
            if (stands && first == Leaf.SCAN) OmpInductionClauses.scanClauses(p, d, scanEnd);
            return new Stmt.Omp(d, null, pragma.loc);
        }
        if (p.atEof() || p.at("}")) {
            p.diags.error(p.tok().loc, "expected statement");
            return new Stmt.Omp(d, new Stmt.Null(p.tok().loc), pragma.loc);
        }
        // tile and unroll make loops, not regions (OpenMP 5.2 §9: clang 19 checks them as regions,
        // so that it refuses simd over tile); a metadirective is one, checked when its variant is
        // chosen (OmpNesting lets what it encloses stand)
        boolean region = !d.isLoopTransformation();
        Stmt body = associatedStatement(d, pragma, region);
        region &= first != Leaf.METADIRECTIVE;
        if (d.isLoop()
                || first == Leaf.METADIRECTIVE
                        && d.clauses(OmpClause.When.class).stream()
                                .anyMatch(
                                        w -> w.variant() != null && w.variant().isLoop()))
            body = OmpLoopNest.ignoreContainers(body);
        return checkConstruct(d, body, pragma, region);
    }

    /**
     * OpenMP 6.0 §10.7: nothing with an apply clause is a loop-transforming construct whose one
     * generated loop (identity) is the loop it precedes, so it is the directive it applies there
     * (nothing again, without apply: no construct). d itself for other directives and after an error.
     */
    private OmpDirective identity(OmpDirective d) {
        while (d.leaves().get(0) == Leaf.NOTHING
                && !d.clauses(OmpClause.Apply.class).isEmpty()
                && new OmpApplyCheck(p).clauses(d)) {
            List<OmpClause.Apply> applies = d.clauses(OmpClause.Apply.class);
            d = applies.get(0).directives().get(0);
        }
        return d;
    }

    /**
     * In a function body, the directives that are no executable construct: the declarative ones
     * (most may not stand there) and the utility ones (nothing; error, which may be executable
     * with at(execution)). Null for the others.
     */
    private Stmt declarativeOrUtility(OmpDirective d, Token pragma, boolean blockItem) {
        Leaf first = d.leaves().get(0);
        if (first == Leaf.DECLARE_TARGET
                && d.isStandalone()) { // block scope: the list form (OpenMP 5.2), for statics and functions
            p.items.add(new TranslationUnit.OmpDecl(d, pragma.loc));
            return new Stmt.Null(pragma.loc);
        }
        if (first == Leaf.DECLARE_MAPPER) { // registered while parsing; the lowering learns of it for implicit maps
            p.items.add(new TranslationUnit.OmpDecl(d, pragma.loc));
            return new Stmt.Null(pragma.loc);
        }
        switch (first) {
            case DECLARE_TARGET,
                    BEGIN_DECLARE_TARGET,
                    END_DECLARE_TARGET,
                    REQUIRES,
                    DECLARE_SIMD,
                    DECLARE_VARIANT,
                    BEGIN_DECLARE_VARIANT,
                    END_DECLARE_VARIANT -> {
                p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp " + d.name() + "'");
                return new Stmt.Null(pragma.loc);
            }
            case ASSUMES, BEGIN_ASSUMES, END_ASSUMES -> { // clang: only at file scope
                p.diags.error(d.loc(), "expected an OpenMP directive");
                return new Stmt.Null(pragma.loc);
            }
            case THREADPRIVATE -> {
                new OmpDeclarativeDirectives(p, this).threadprivate(d);
                return new Stmt.Null(pragma.loc);
            }
            case GROUPPRIVATE -> {
                new OmpDeclarativeDirectives(p, this).groupprivate(d);
                return new Stmt.Null(pragma.loc);
            }
            case ALLOCATE -> {
                new OmpDeclarativeDirectives(p, this).allocate(d);
                return new Stmt.Null(pragma.loc);
            }
            case DECLARE_REDUCTION, DECLARE_INDUCTION, NOTHING -> {
                return new Stmt.Null(pragma.loc);
            } // declare reduction and declare induction: registered while parsing
            case ERROR -> {
                if (!blockItem)
                    return new Stmt.Null(pragma.loc); // clang drops it after the immediate-substatement error
                if (errorDirective(d, pragma, true)) return new Stmt.Omp(d, null, pragma.loc);
                return new Stmt.Null(pragma.loc);
            }
            default -> {
                return null;
            }
        }
    }

    /** The construct's statement, parsed inside it (OmpNesting sees it as an enclosing region; break and continue do not leave it). */
    private Stmt associatedStatement(OmpDirective d, Token pragma, boolean region) {
        int[] loops = p.saveLoopState();
        p.ompNesting++;
        if (region) p.ompRegions.add(new OmpNesting.Region(d, pragma.loc));
        try {
            return p.stmts.statement();
        } finally {
            p.ompNesting--;
            if (region) p.ompRegions.remove(p.ompRegions.size() - 1);
            p.restoreLoopState(loops);
        }
    }

    /** The checks at the construct's end, in clang's order: ordered's parameter, nesting, loop nest, atomic's form, default(...). */
    private Stmt checkConstruct(OmpDirective d, Stmt body, Token pragma, boolean region) {
        Leaf first = d.leaves().get(0);
        OmpClause.ExprClause orderedParam = OmpNesting.orderedParameter(d);
        if (orderedParam != null
                && OmpNesting.worksharing(d)
                && d.has(Leaf.SIMD)) { // clang's check at the region's end, before the others
            p.diags.error(
                    orderedParam.loc(),
                    "'ordered' clause with a parameter can not be specified in '#pragma omp " + d.name()
                            + "' directive");
            return new Stmt.Omp(d, body, pragma.loc);
        }
        // as clang: a construct that may not stand here gets no further checks
        if (region && !OmpNesting.check(p, d, pragma.loc)) return new Stmt.Omp(d, body, pragma.loc);
        if (first == Leaf.ORDERED) OmpNesting.checkOrdered(p, d, pragma.loc);
        if (d.isLoopTransformation()) OmpApplyCheck.requiredClauses(p, d, pragma.loc);
        int errors = p.diags.errorCount();
        if (d.isLoop()) new OmpLoopNest(p).check(d, body);
        if (d.isLoop()) OmpInductionClauses.checkScans(p, d, body);
        if (first == Leaf.FUSE) new OmpLoopSequence(p).check(d, body);
        if (d.isLoopTransformation() && p.diags.errorCount() == errors) // its nest's errors first
        new OmpApplyCheck(p).check(new Stmt.Omp(d, body, pragma.loc));
        if (first == Leaf.METADIRECTIVE) {
            for (OmpClause.When w : d.clauses(OmpClause.When.class))
                if (w.variant() != null && w.variant().isLoop()) new OmpLoopNest(p).check(w.variant(), body);
        }
        if (d.atomic() != null) OmpAtomicForm.check(p, d, body);
        d = OmpDefaultSharing.apply(p, d, body);
        return new Stmt.Omp(d, body, pragma.loc);
    }

    /** A metadirective takes a statement when one of its variants does. */
    private static boolean metadirectiveStandalone(OmpDirective d) {
        for (OmpClause.When w : d.clauses(OmpClause.When.class))
            if (w.variant() != null && !w.variant().isStandalone()) return false;
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
            if (c instanceof OmpClause.Word w && w.clause().equals("at")) {
                at = w.value();
                atLoc = w.loc();
            }
            if (c instanceof OmpClause.Word w && w.clause().equals("severity")) {
                severity = w.value();
                sevLoc = w.loc();
            }
            if (c instanceof OmpClause.ExprClause e && e.kind() == OmpClause.ExprKind.MESSAGE) message = e.value();
        }
        if (at.equals("execution")) {
            if (!executable) {
                p.diags.error(
                        atLoc == null ? d.loc() : atLoc, "unexpected 'execution' modifier in non-executable context");
                return false;
            }
            return true;
        }
        String text = severity.equals("warning") ? "WARNING" : "ERROR";
        if (message != null) {
            Expr m = message;
            while (m instanceof Expr.Cast c) m = c.operand();
            while (m instanceof Expr.Decay dc) m = dc.operand();
            if (m instanceof Expr.StrLit sl)
                text = new String(sl.bytes(), java.nio.charset.StandardCharsets.UTF_8)
                        .replace("\0", "")
                        .replaceAll("\u0000$", "");
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
        OmpDirective d = p.withTokens(OmpDirectiveNames.tokens(pragma), this::directive);
        if (d == null) return null;
        Leaf first = d.leaves().get(0);
        OmpDeclarativeDirectives decls = new OmpDeclarativeDirectives(p, this);
        switch (first) {
            case THREADPRIVATE -> {
                decls.threadprivate(d);
                return null;
            }
            case GROUPPRIVATE -> {
                decls.groupprivate(d);
                return null;
            }
            case ALLOCATE -> {
                decls.allocate(d);
                return null;
            }
            case DECLARE_REDUCTION, DECLARE_INDUCTION, DECLARE_SIMD, NOTHING, ASSUMES, BEGIN_ASSUMES, END_ASSUMES -> {
                return null;
            }
            case REQUIRES, DECLARE_MAPPER -> {
                return new TranslationUnit.OmpDecl(d, pragma.loc);
            } // the lowering records them
            case ERROR -> {
                errorDirective(d, pragma, false);
                return null;
            }
            case DECLARE_VARIANT, BEGIN_DECLARE_VARIANT, END_DECLARE_VARIANT -> {
                decls.declareVariant(d, pragma, variantLoc, p.diags.errorCount() > errorsBefore);
                return null;
            }
            case DECLARE_TARGET, BEGIN_DECLARE_TARGET, END_DECLARE_TARGET -> {
                return new TranslationUnit.OmpDecl(d, pragma.loc);
            }
            default -> {
                p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp " + d.name() + "'");
                return null;
            }
        }
    }

    // ---- directives ----

    private OmpDirective directive() {
        Token omp = p.next(); // "omp"
        return directiveBody(omp.loc);
    }

    /** A directive after "omp" (also a metadirective's variant) up to the end of the tokens; null after an error. */
    OmpDirective directiveBody(SourceLocation loc) {
        Token nameTok = p.tok();
        List<Leaf> leaves = new ArrayList<>();
        StringBuilder name = new StringBuilder();
        OmpDirectiveNames names = new OmpDirectiveNames(p);
        try {
            Leaf first = names.firstLeaf(name);
            if (first == null) {
                p.diags.error(nameTok.loc, "expected an OpenMP directive");
                return null;
            }
            leaves.add(first);
            OmpDirective own = ownSyntax(first, name.toString(), loc);
            if (own != null) return own;
            if (!names.combinedLeaves(first, leaves, name)) return null;
            if (substatement
                    && STANDALONE.contains(
                            first)) { // clang reports it at the directive's last word, before its clauses
                p.diags.error(p.prev().loc, "'#pragma omp " + name + "' cannot be an immediate substatement");
            }
            substatement = substatement && first == Leaf.ORDERED; // not for a metadirective's variants
            List<OmpClause> clauses = new ArrayList<>();
            String criticalName = directiveArgument(first, clauses);
            boolean lenient = first == Leaf.DECLARE_SIMD;
            clauses.addAll(new OmpClauseParser(p, this).clauses(name.toString(), leaves, lenient));
            if (first == Leaf.SCAN) scanEnd = p.tok().loc;
            if (first == Leaf.FLUSH && p.at("(")) { // flush acq_rel (list) is not C; the list comes first
                Token o = p.next();
                itemList();
                p.expectClose(")", o);
            }
            OmpDirective.AtomicKind atomic = first == Leaf.ATOMIC ? atomicKind(clauses) : null;
            checkCopyin(clauses);
            if (atomic != null) defaultMemOrder(clauses, loc);
            checkExclusiveClauses(leaves, clauses);
            OmpDirective d0 = new OmpDirective(
                    name.toString(), List.copyOf(leaves), List.copyOf(clauses), atomic, criticalName, 0, loc);
            return d0.isLoop()
                    ? new OmpDirective(
                            d0.name(), d0.leaves(), d0.clauses(), atomic, criticalName, loopDepth(first, clauses), loc)
                    : d0;
        } catch (Parser.SyntaxError e) {
            return null;
        }
    }

    /** declare reduction, requires and declare mapper: a syntax of their own rather than clauses; null for the others. */
    private OmpDirective ownSyntax(Leaf first, String name, SourceLocation loc) {
        if (first == Leaf.DECLARE_REDUCTION) {
            new OmpDeclarativeDirectives(p, this).declareReduction();
            return new OmpDirective(name, List.of(first), List.of(), null, null, 0, loc);
        }
        if (first == Leaf.DECLARE_INDUCTION) {
            new OmpInductionClauses(p, this).declareInduction(name, loc);
            return new OmpDirective(name, List.of(first), List.of(), null, null, 0, loc);
        }
        if (first == Leaf.REQUIRES) {
            OmpClause.Requires r = new OmpDeclarativeDirectives(p, this).requires();
            return new OmpDirective(name, List.of(first), List.of(r), null, null, 0, loc);
        }
        if (first == Leaf.DECLARE_MAPPER) {
            OmpClause.UserMapper m = new OmpMapParser(p).declareMapper();
            List<OmpClause> cs = m == null ? List.of() : List.of(new OmpClause.DeclareMapper(m, loc));
            return new OmpDirective(name, List.of(first), cs, null, null, 0, loc);
        }
        return null;
    }

    /**
     * What some directives take in parentheses after their name, before any clause: a list
     * (threadprivate, declare target, flush, allocate, depobj, added to clauses), the construct
     * cancel names (a clause too), critical's name and declare variant's function (returned).
     */
    private String directiveArgument(Leaf first, List<OmpClause> clauses) {
        switch (first) {
            case CRITICAL -> {
                if (!p.at("(")) return null;
                Token o = p.next();
                String criticalName = p.expectIdent().text;
                p.expectClose(")", o);
                return criticalName;
            }
            case THREADPRIVATE, GROUPPRIVATE, DECLARE_TARGET, FLUSH, ALLOCATE, DEPOBJ -> {
                if (first == Leaf.DECLARE_TARGET || first == Leaf.FLUSH) {
                    if (!p.at("(")) return null;
                }
                Token o = p.tok();
                p.expect("(");
                // a depend object is any lvalue of type omp_depend_t (depobj(*po), depobj(s->d))
                List<OmpDirective.Item> items = first == Leaf.DEPOBJ ? new OmpMapParser(p).itemList(false) : itemList();
                p.expectClose(")", o);
                OmpClause.ListKind k = switch (first) {
                    case THREADPRIVATE -> OmpClause.ListKind.THREADPRIVATE;
                    case GROUPPRIVATE -> OmpClause.ListKind.GROUPPRIVATE;
                    case DECLARE_TARGET -> OmpClause.ListKind.TO;
                    case FLUSH -> OmpClause.ListKind.FLUSH;
                    case ALLOCATE -> OmpClause.ListKind.ALLOCATE;
                    default -> OmpClause.ListKind.DEPOBJ;
                };
                clauses.add(new OmpClause.ListClause(k, items, o.loc));
                return null;
            }
            case CANCEL, CANCELLATION_POINT -> {
                Token k = p.tok();
                if (!(k.is("parallel") || k.is("for") || k.is("sections") || k.is("taskgroup"))) {
                    p.diags.error(
                            pragmaLoc == null ? k.loc : pragmaLoc,
                            "one of 'for', 'parallel', 'sections' or 'taskgroup' is expected");
                    throw new Parser.SyntaxError();
                }
                p.pos++;
                clauses.add(new OmpClause.Word("construct", k.text, k.loc));
                return null;
            }
            case DECLARE_VARIANT -> {
                Token o = p.tok();
                p.expect("(");
                Token fn = p.expectIdent();
                p.expectClose(")", o);
                if (!(p.lookup(fn.text) instanceof Var v && v.isFunction())) {
                    p.diags.error(fn.loc, "use of undeclared identifier '" + fn.text + "'");
                    throw new Parser.SyntaxError();
                }
                variantLoc = fn.loc;
                return fn.text; // the variant function's name
            }
            default -> {
                return null;
            }
        }
    }

    /** atomic's kind: update unless a clause names another. */
    private static OmpDirective.AtomicKind atomicKind(List<OmpClause> clauses) {
        OmpDirective.AtomicKind atomic = OmpDirective.AtomicKind.UPDATE;
        for (OmpClause.Flag f : OmpDirective.clausesOf(clauses, OmpClause.Flag.class)) {
            switch (f.kind()) {
                case READ -> atomic = OmpDirective.AtomicKind.READ;
                case WRITE -> atomic = OmpDirective.AtomicKind.WRITE;
                case UPDATE -> atomic = OmpDirective.AtomicKind.UPDATE;
                case CAPTURE -> atomic = OmpDirective.AtomicKind.CAPTURE;
                case COMPARE -> atomic = OmpDirective.AtomicKind.COMPARE;
                default -> {}
            }
        }
        return atomic;
    }

    private void checkCopyin(List<OmpClause> clauses) {
        for (OmpClause.ListClause l : OmpDirective.clausesOf(clauses, OmpClause.ListClause.class)) {
            if (l.kind() != OmpClause.ListKind.COPYIN) continue;
            for (OmpDirective.Item it : l.items()) {
                if (it.var() != null && !it.var().threadLocal)
                    p.diags.error(it.loc(), "copyin variable must be threadprivate");
            }
        }
    }

    /**
     * An atomic without a memory-order clause takes the unit's atomic_default_mem_order (the
     * requires directive must come first, OpenMP 5.2 §10.5.1.1); relaxed is the default anyway.
     */
    private void defaultMemOrder(List<OmpClause> clauses, SourceLocation loc) {
        if (p.atomicDefaultMemOrder == null || clauses.stream().anyMatch(OmpParser::isMemoryOrder)) return;
        OmpClause.FlagKind k = switch (p.atomicDefaultMemOrder) {
            case "seq_cst" -> OmpClause.FlagKind.SEQ_CST;
            case "acq_rel" -> OmpClause.FlagKind.ACQ_REL;
            default -> OmpClause.FlagKind.RELAXED;
        };
        clauses.add(new OmpClause.Flag(k, loc));
    }

    private static boolean isMemoryOrder(OmpClause c) {
        return c instanceof OmpClause.Flag f
                && switch (f.kind()) {
                    case SEQ_CST, ACQ_REL, RELEASE, ACQUIRE, RELAXED -> true;
                    default -> false;
                };
    }

    /** Clauses that exclude each other: num_tasks and grainsize; taskloop's nogroup and reduction. */
    private void checkExclusiveClauses(List<Leaf> leaves, List<OmpClause> clauses) {
        OmpClause.ExprClause grain = null;
        for (OmpClause.ExprClause e : OmpDirective.clausesOf(clauses, OmpClause.ExprClause.class)) {
            if (e.kind() == OmpClause.ExprKind.GRAINSIZE && grain == null) grain = e;
            if (e.kind() == OmpClause.ExprKind.NUM_TASKS && grain != null) {
                p.diags.error(
                        e.loc(),
                        "'num_tasks' and 'grainsize' clause are mutually exclusive and may not appear on the same directive");
                p.diags.note(grain.loc(), "'grainsize' clause is specified here");
            }
        }
        if (leaves.contains(Leaf.TASKLOOP)
                && clauses.stream()
                        .anyMatch(c -> c instanceof OmpClause.Flag fl && fl.kind() == OmpClause.FlagKind.NOGROUP))
            for (OmpClause.Reduction r : OmpDirective.clausesOf(clauses, OmpClause.Reduction.class))
                p.diags.error(r.loc(), "'reduction' clause cannot be used with 'nogroup' clause");
    }

    /** How many loops a loop directive is associated with: collapse's, ordered's, the sizes' or the permutation's. */
    private static int loopDepth(Leaf first, List<OmpClause> clauses) {
        int depth = 1;
        for (OmpClause c : clauses) {
            if (c instanceof OmpClause.ExprClause e
                    && e.kind() == OmpClause.ExprKind.COLLAPSE
                    && e.value() instanceof Expr.IntLit n) depth = (int) n.value();
            if (c instanceof OmpClause.ExprClause e
                    && e.kind() == OmpClause.ExprKind.ORDERED
                    && e.value() instanceof Expr.IntLit n) depth = Math.max(depth, (int) n.value());
            if (c instanceof OmpClause.Sizes z)
                depth = Math.max(depth, z.sizes().size());
            if (c instanceof OmpClause.Permutation z)
                depth = Math.max(depth, z.order().size());
        }
        if (first == Leaf.INTERCHANGE && clauses.stream().noneMatch(c -> c instanceof OmpClause.Permutation))
            depth = 2; // the two outermost loops
        return depth;
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
        if (!taskKind
                && (p.at("inscan") || p.at("task") || p.at("default"))
                && p.peek(1).is(",")) {
            modifier = p.next().text;
            p.pos++;
        }
        Token opTok = p.next();
        OmpClause.ReductionOp op = switch (opTok.text) {
            case "+" -> OmpClause.ReductionOp.ADD;
            case "*" -> OmpClause.ReductionOp.MUL;
            case "-" -> OmpClause.ReductionOp.SUB;
            case "&" -> OmpClause.ReductionOp.BITAND;
            case "|" -> OmpClause.ReductionOp.BITOR;
            case "^" -> OmpClause.ReductionOp.BITXOR;
            case "&&" -> OmpClause.ReductionOp.LOGAND;
            case "||" -> OmpClause.ReductionOp.LOGOR;
            case "min" -> OmpClause.ReductionOp.MIN;
            case "max" -> OmpClause.ReductionOp.MAX;
            default -> opTok.kind == Token.Kind.IDENT ? OmpClause.ReductionOp.USER : null;
        };
        if (op == null) {
            p.diags.error(
                    opTok.loc,
                    "incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type");
            throw new Parser.SyntaxError();
        }
        p.expect(":");
        List<OmpDirective.Item> items = itemList();
        p.expectClose(")", o);
        List<OmpClause.UserReduction> users = new ArrayList<>();
        boolean anyUser = false;
        for (OmpDirective.Item it : items) {
            Type ty = it.expr().type();
            OmpClause.UserReduction user =
                    it.sections().isEmpty() && !ty.isArray() ? userReduction(opTok.text, ty) : null;
            users.add(user);
            anyUser |= user != null;
            while (it.sections().isEmpty() && ty.isArray()) ty = ty.base; // arrays reduce element by element
            if (user != null || Parser.ERROR.equals(ty)) continue;
            if (op == OmpClause.ReductionOp.USER) {
                p.diags.error(
                        opTok.loc,
                        "incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type "
                                + jomp.compiler.type.TypePrinter.quoteAka(ty));
            } else if (it.sections().isEmpty() && !ty.isArithmetic()) {
                p.diags.error(
                        it.loc(),
                        "list item of type " + jomp.compiler.type.TypePrinter.quoteAka(ty)
                                + " is not valid for specified reduction operation: unable to provide default initialization value");
            }
        }
        return new OmpClause.Reduction(
                op,
                op == OmpClause.ReductionOp.USER ? opTok.text : null,
                items,
                modifier,
                loc,
                anyUser ? java.util.Collections.unmodifiableList(users) : List.of());
    }

    /**
     * The declare reduction named {@code name} for values of type t, or null: the innermost scope
     * that declares the name hides the outer ones' declarations of it, whatever their types (as
     * clang 19 looks it up).
     */
    private OmpClause.UserReduction userReduction(String name, Type t) {
        for (int i = p.scopes.size() - 1; i >= 0; i--) {
            if (!(p.scopes.get(i).names.get(OmpDeclarativeDirectives.REDUCTION_KEY + name) instanceof List<?> known))
                continue;
            for (Object o : known)
                if (o instanceof OmpClause.UserReduction u
                        && jomp.compiler.type.Types.compatibleUnqualified(u.type(), t)) return u;
            return null;
        }
        return null;
    }

    /** to(list) / from(list) of target update and declare target (motion modifiers: ompmap). */
    OmpClause motion(String n, SourceLocation loc) {
        Token o = open(n);
        List<OmpDirective.Item> items = itemList();
        p.expectClose(")", o);
        return new OmpClause.ListClause(OmpClause.ListKind.valueOf(n.toUpperCase(Locale.ROOT)), items, loc);
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
        OmpDirective variant = p.withTokens(OmpDirectiveNames.underscoreNames(sub, 0), () -> {
            OmpDirective d = directiveBody(sub.get(0).loc);
            if (d != null && !p.atEof())
                p.diags.warning(
                        p.tok().loc,
                        "extra tokens at the end of '#pragma omp " + d.name() + "' are ignored",
                        "-Wextra-tokens");
            return d;
        });
        if (variant == null) throw new Parser.SyntaxError();
        if (variant.leaves().get(0) == Leaf.NOTHING) variant = null;
        return new OmpClause.When(sel, variant, loc);
    }

    private static final Set<String> TRAIT_SETS =
            Set.of("device", "target_device", "implementation", "construct", "user");

    /** A context selector: set={trait[([score(s):] properties)], ...}, ... (OpenMP 5.2 7.1). */
    OmpClause.Selector selector(SourceLocation loc) {
        List<OmpClause.TraitSet> sets = new ArrayList<>();
        do {
            Token set = p.next();
            if (!TRAIT_SETS.contains(set.text)) {
                throw p.errorAt(
                        set.loc,
                        "expected 'device', 'target_device', 'implementation', 'construct' or 'user' as a context selector set");
            }
            p.expect("=");
            Token brace = p.tok();
            p.expect("{");
            List<OmpClause.Trait> traits = new ArrayList<>();
            do {
                Token tn = p.next();
                if (tn.kind != Token.Kind.IDENT && tn.kind != Token.Kind.KEYWORD)
                    throw p.errorAt(tn.loc, "expected a context selector");
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
                        expr = tn.text.equals("condition")
                                ? p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type")
                                : p.exprs.rvalue(p.exprs.assign());
                    } else {
                        do {
                            Token w = p.next();
                            String text = w.kind == Token.Kind.STRING
                                    ? w.text.substring(w.text.indexOf('"') + 1, w.text.length() - 1)
                                    : w.text;
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

    OmpClause map(SourceLocation loc) {
        return new OmpMapParser(p).map(loc);
    }

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
        p.pos++; // ':'
        Expr e = p.exprs.rvalue(p.exprs.assign());
        p.expectClose(")", o);
        if (mod.equals("ancestor")) {
            Long v = ConstEval.integer(e);
            if (v == null || v != 1)
                p.diags.error(e.loc(), "the value of the 'ancestor' modifier of the 'device' clause must be 1");
            if (!p.requiresReverseOffload)
                p.diags.error(
                        o.loc,
                        "Device clause with ancestor device-modifier used without specifying 'requires reverse_offload'");
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
                    p.diags.error(
                            open.loc,
                            "section length is unspecified and cannot be inferred because subscripted value is not an array");
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
}
