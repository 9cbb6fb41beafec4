package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;

/**
 * The clauses of one directive, every OpenMP 5.2 clause with its modifiers, in structured form.
 * A clause the directive does not allow (OmpClauseTable, clang 19's table) is clang's error, and
 * parsing goes on after it, as after a clause with a syntax error, so nothing that follows is
 * lost. Only a word that is no clause at all ends the list, with clang's "extra tokens" warning.
 * Map and motion clauses and list items are parsed by {@link OmpParser}; the dependence, variant,
 * allocator and loop-transformation clauses by classes of their own (OmpDependClauses,
 * OmpVariantClauses, OmpAllocatorClauses, OmpLoopTransformClauses), this class's helpers with them.
 */
final class OmpClauseParser {
    private final Parser p;
    final OmpParser omp;

    /** Clauses one clause expands to beyond itself (omp_all_memory beside other depend items). */
    private final List<OmpClause> extra = new ArrayList<>();

    private final OmpDependClauses dependence;
    private final OmpVariantClauses variants;
    private final OmpAllocatorClauses allocators;
    private final OmpLoopTransformClauses transforms;
    private final OmpSyncClauses sync;

    OmpClauseParser(Parser p, OmpParser omp) {
        this.p = p;
        this.omp = omp;
        dependence = new OmpDependClauses(p, omp, this, extra);
        variants = new OmpVariantClauses(p, omp, this);
        allocators = new OmpAllocatorClauses(p, omp, this);
        transforms = new OmpLoopTransformClauses(p, this);
        sync = new OmpSyncClauses(p, this);
    }

    /** Every OpenMP 5.2 clause name (and clang's ompx_ extensions); other words end the clause list. */
    static final Set<String> KNOWN = Set.of(
            "absent",
            "acq_rel",
            "acquire",
            "adjust_args",
            "affinity",
            "align",
            "aligned",
            "allocate",
            "allocator",
            "append_args",
            "at",
            "atomic_default_mem_order",
            "bind",
            "capture",
            "collapse",
            "compare",
            "contains",
            "copyin",
            "copyprivate",
            "default",
            "defaultmap",
            "depend",
            "destroy",
            "detach",
            "device",
            "device_type",
            "dist_schedule",
            "doacross",
            "dynamic_allocators",
            "enter",
            "exclusive",
            "fail",
            "filter",
            "final",
            "firstprivate",
            "from",
            "full",
            "grainsize",
            "has_device_addr",
            "hint",
            "holds",
            "if",
            "in_reduction",
            "inbranch",
            "inclusive",
            "indirect",
            "init",
            "interop",
            "is_device_ptr",
            "lastprivate",
            "linear",
            "link",
            "map",
            "match",
            "mergeable",
            "message",
            "no_openmp",
            "no_openmp_routines",
            "no_parallelism",
            "nocontext",
            "nogroup",
            "nontemporal",
            "notinbranch",
            "novariants",
            "nowait",
            "num_tasks",
            "num_teams",
            "num_threads",
            "order",
            "ordered",
            "otherwise",
            "partial",
            "priority",
            "private",
            "proc_bind",
            "read",
            "reduction",
            "relaxed",
            "release",
            "reverse_offload",
            "safelen",
            "schedule",
            "seq_cst",
            "severity",
            "shared",
            "simd",
            "simdlen",
            "sizes",
            "task_reduction",
            "thread_limit",
            "threads",
            "to",
            "unified_address",
            "unified_shared_memory",
            "uniform",
            "untied",
            "update",
            "use",
            "use_device_addr",
            "use_device_ptr",
            "uses_allocators",
            "weak",
            "when",
            "write",
            "ompx_attribute",
            "ompx_bare",
            "ompx_dyn_cgroup_mem",
            // OpenMP 6.0
            "graph_id",
            "graph_reset",
            "replayable",
            "transparent",
            "threadset",
            "self_maps",
            "permutation",
            "looprange",
            "apply",
            "counts",
            "local",
            "induction",
            "init_complete",
            "safesync",
            "device_safesync",
            "memscope",
            "no_openmp_constructs");

    /**
     * The clauses up to the end of the pragma. {@code directive} is the name clang's messages use;
     * clauses of directives that take function parameters ahead of the function (declare simd,
     * declare variant's adjust_args) are checked by name and skipped ({@code lenient}).
     */
    List<OmpClause> clauses(String directive, List<Leaf> leaves, boolean lenient) {
        if (leaves.get(0) == Leaf.ASSUMES || leaves.get(0) == Leaf.BEGIN_ASSUMES) return assumes(directive);
        List<OmpClause> out = new ArrayList<>();
        OmpClauseTable.Entry table = OmpClauseTable.of(directive);
        Set<String> seen = new HashSet<>();
        boolean first = true;
        while (!p.atEof()) {
            if (!first && p.at(",")) p.pos++;
            first = false;
            Token t = p.tok();
            String n = t.text;
            if ((t.kind != Token.Kind.IDENT && t.kind != Token.Kind.KEYWORD)
                    || !KNOWN.contains(n)
                    || table != null && !table.allowed().contains(n) && !CLANG_CLAUSE.test(n)) {
                p.diags.warning(
                        t.loc,
                        "extra tokens at the end of '#pragma omp " + directive + "' are ignored",
                        "-Wextra-tokens");
                while (!p.atEof()) p.pos++;
                break;
            }
            boolean allowed = table == null || table.allowed().contains(n);
            if (!allowed)
                p.diags.error(
                        t.loc, "unexpected OpenMP clause '" + n + "' in directive '#pragma omp " + directive + "'");
            else if (table != null && table.once().contains(n) && !n.equals("if") && !seen.add(n))
                p.diags.error(
                        t.loc,
                        "directive '#pragma omp " + directive + "' cannot contain more than one '" + n + "' clause");
            int start = p.pos;
            try {
                OmpClause c = lenient ? skip(n) : clause(directive, leaves);
                if (allowed
                        && n.equals("if")
                        && c instanceof OmpClause.ExprClause e
                        && e.kind() == OmpClause.ExprKind.IF) checkIf(e, directive, leaves, seen, t);
                if (allowed && c != null) out.add(c);
                if (allowed) out.addAll(extra);
                extra.clear();
            } catch (Parser.SyntaxError e) {
                recover(start);
            }
        }
        return out;
    }

    /**
     * if([modifier:] e): the modifier names a leaf of the directive, and each modifier (or none)
     * appears once, as clang checks.
     */
    private void checkIf(OmpClause.ExprClause e, String directive, List<Leaf> leaves, Set<String> seen, Token t) {
        String mod = e.modifier();
        if (mod != null
                && !(" " + directive + " ").contains(" " + mod + " ")
                && !(mod.equals("simd") && leaves.contains(Leaf.SIMD))) {
            p.diags.error(
                    modifierLoc,
                    "directive name modifier '" + mod + "' is not allowed for '#pragma omp " + directive + "'");
            return;
        }
        if (!seen.add("if:" + mod)) {
            p.diags.error(
                    t.loc,
                    "directive '#pragma omp " + directive + "' cannot contain more than one 'if' clause"
                            + (mod == null ? "" : " with '" + mod + "' name modifier"));
        }
    }

    /** Where the last if clause's directive-name modifier was written. */
    private SourceLocation modifierLoc;

    /**
     * Is the word a clause to clang 19 wherever it stands (its getOpenMPClauseKind)? Then a
     * directive that does not take it is clang's error and parsing goes on; any other word ends
     * the clauses with the "extra tokens" warning. The assumption clauses (absent, contains,
     * holds, no_openmp, ...), otherwise, interop and the names clang keeps for its implicit
     * clauses (depobj, flush, threadprivate) are clauses only where a directive takes them.
     */
    private static final java.util.function.Predicate<String> CLANG_CLAUSE =
            n -> (KNOWN.contains(n) || OmpClauseTable.clauseNames().contains(n) || n.equals("default"))
                    && !Set.of(
                                    "absent",
                                    "contains",
                                    "holds",
                                    "no_openmp",
                                    "no_openmp_routines",
                                    "no_parallelism",
                                    "no_openmp_constructs",
                                    "otherwise",
                                    "interop",
                                    "depobj",
                                    "flush",
                                    "threadprivate")
                            .contains(n);

    /** The assumption clauses of assumes and begin assumes, and clang's "ext_" extension clauses. */
    private static final String ASSUMPTIONS =
            "'ext_', 'absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism'";

    /**
     * assumes / begin assumes: clang's own loop over the clauses (ParseOpenMPAssumesDirective): a
     * word that is no assumption clause is a warning and is skipped with its parenthesised
     * arguments (a comma too), as are arguments after a clause that takes none; at least one clause.
     */
    private List<OmpClause> assumes(String directive) {
        List<OmpClause> out = new ArrayList<>();
        SourceLocation at = p.prev().loc;
        int seen = 0;
        while (!p.atEof()) {
            Token t = p.tok();
            String n = t.text;
            boolean word = t.kind == Token.Kind.IDENT || t.kind == Token.Kind.KEYWORD;
            boolean args = p.peek(1).is("(");
            if (word && (n.equals("absent") || n.equals("contains") || n.equals("holds"))) {
                int start = p.pos;
                seen++;
                try {
                    if (n.equals("holds")) {
                        p.pos++;
                        Token o = open(n);
                        Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                        p.expectClose(")", o);
                        out.add(new OmpClause.ExprClause(OmpClause.ExprKind.HOLDS, e, null, t.loc));
                    } else out.add(clause(directive, List.of(Leaf.ASSUMES)));
                } catch (Parser.SyntaxError e) {
                    recover(start);
                }
                continue;
            }
            if (word && n.equals("no_openmp_constructs")) { // OpenMP 6.0, with its optional condition
                seen++;
                p.pos++;
                int start = p.pos - 1;
                try {
                    out.add(sync.clause(n, t.loc));
                } catch (Parser.SyntaxError e) {
                    recover(start);
                }
                continue;
            }
            if (word
                    && (n.equals("no_openmp")
                            || n.equals("no_openmp_routines")
                            || n.equals("no_parallelism")
                            || n.startsWith("ext_"))) {
                seen++;
                p.pos++;
                if (!n.startsWith("ext_"))
                    out.add(new OmpClause.Flag(OmpClause.FlagKind.valueOf(n.toUpperCase(Locale.ROOT)), t.loc));
                if (args) {
                    p.diags.warning(
                            p.tok().loc,
                            "'" + n + "' clause should not be followed by arguments; tokens will be ignored",
                            "-Wopenmp-clauses");
                    recover(p.pos - 1);
                }
                continue;
            }
            p.diags.warning(
                    t.loc,
                    "valid " + directive + " clauses start with " + ASSUMPTIONS + "; token" + (args ? "s" : "")
                            + " will be ignored",
                    "-Wopenmp-clauses");
            if (args) recover(p.pos);
            else p.pos++;
        }
        if (seen == 0)
            p.diags.error(at, "expected at least one " + ASSUMPTIONS + " clause for '#pragma omp " + directive + "'");
        return out;
    }

    /** After a syntax error in a clause: past its parenthesised arguments, to the next clause. */
    private void recover(int start) {
        p.pos = start + 1;
        if (!p.at("(")) return;
        int depth = 0;
        while (!p.atEof()) {
            Token t = p.next();
            if (t.is("(")) depth++;
            else if (t.is(")") && --depth == 0) return;
        }
    }

    /** A clause checked only by name: its parenthesised arguments are skipped. */
    private OmpClause skip(String n) {
        Token t = p.next();
        if (p.at("(")) recover(p.pos - 1);
        return new OmpClause.Hint(n, t.loc);
    }

    // ---- one clause ----

    /**
     * One clause: first the forms a directive gives a name of its own (target update's motion
     * clauses, interop's, declare target's indirect, dispatch's), then the clause's group.
     */
    private OmpClause clause(String directive, List<Leaf> leaves) {
        Token t = p.next();
        String n = t.text;
        SourceLocation loc = t.loc;
        // the data-mapping clauses (OmpMapParser): motion clauses of target update, interop's, declare target's
        // indirect
        if ((n.equals("to") || n.equals("from")) && leaves.contains(Leaf.TARGET_UPDATE))
            return new OmpMapParser(p).motion(n.equals("to"), loc);
        if ((n.equals("init") || n.equals("use") || n.equals("destroy")) && leaves.contains(Leaf.INTEROP))
            return new OmpMapParser(p).interop(n, loc);
        if (n.equals("indirect") && leaves.contains(Leaf.DECLARE_TARGET)) return omp.indirect(loc);
        if ((n.equals("novariants") || n.equals("nocontext")) && leaves.contains(Leaf.DISPATCH))
            return variants.dispatchCondition(n, loc);
        if (n.equals("interop") && leaves.contains(Leaf.DISPATCH)) return variants.dispatchInterop(loc);
        if (n.equals("device")
                && p.at("(")
                && (p.peek(1).is("ancestor") || p.peek(1).is("device_num"))
                && p.peek(2).is(":")) return omp.deviceModifier(loc);
        return switch (n) {
            case "nowait", "update", "destroy", "indirect", "ordered", "untied", "mergeable", "nogroup" -> flag(n, loc);
            case "inbranch", "notinbranch", "threads", "full", "simd", "ompx_bare" -> flag(n, loc);
            case "seq_cst", "acq_rel", "release", "acquire", "relaxed" -> flag(n, loc);
            case "read", "write", "capture", "compare", "weak" -> flag(n, loc);
            case "no_openmp", "no_openmp_routines", "no_parallelism", "dynamic_allocators" -> flag(n, loc);
            case "reverse_offload", "unified_address", "unified_shared_memory" -> flag(n, loc);
            case "if", "final", "holds", "novariants", "nocontext", "graph_reset", "replayable" -> condition(n, loc);
            case "device", "num_teams", "thread_limit", "priority", "filter", "hint", "ompx_dyn_cgroup_mem" ->
                expression(n, loc);
            case "collapse", "safelen", "simdlen", "partial", "align", "message", "graph_id", "transparent" ->
                expression(n, loc);
            case "num_threads", "grainsize", "num_tasks", "schedule", "dist_schedule", "order" -> scheduling(n, loc);
            case "private", "firstprivate", "lastprivate", "shared", "copyin", "copyprivate" ->
                dataSharing(n, loc, leaves);
            case "is_device_ptr", "use_device_ptr", "use_device_addr", "has_device_addr", "link", "enter", "local" ->
                dataSharing(n, loc, leaves);
            case "nontemporal", "inclusive", "exclusive", "uniform", "aligned", "linear", "induction" ->
                dataSharing(n, loc, leaves);
            case "default", "defaultmap" -> dataSharing(n, loc, leaves);
            case "to", "from" -> omp.motion(n, loc);
            case "map" -> omp.map(loc);
            case "reduction", "in_reduction", "task_reduction" -> reduction(n, loc);
            case "init_complete" -> new OmpInductionClauses(p, omp).initComplete(loc);
            case "depend", "doacross", "detach", "affinity" -> dependence.clause(n, loc, leaves);
            case "proc_bind", "device_type", "bind", "threadset" -> keyword(n, loc);
            case "at", "severity", "fail", "atomic_default_mem_order" -> keyword(n, loc);
            case "when", "otherwise", "match", "adjust_args", "append_args" -> variants.clause(n, loc);
            case "sizes", "permutation", "counts", "looprange", "apply" -> transforms.clause(n, loc, directive);
            case "allocate", "allocator", "uses_allocators" -> allocators.clause(n, loc);
            case "absent", "contains" -> directiveNames(n, loc);
            case "safesync", "device_safesync", "memscope", "no_openmp_constructs" -> sync.clause(n, loc);
            case "init", "use", "ompx_attribute" -> skip(n);
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        };
    }

    /** The clauses without arguments, and those whose argument is optional (nowait, depobj's update and destroy, ordered). */
    private OmpClause flag(String n, SourceLocation loc) {
        switch (n) {
            case "nowait" -> {
                // OpenMP 6.0: nowait(do_not_synchronize): a false argument makes the construct wait as without nowait
                if (!p.at("(")) return new OmpClause.Flag(OmpClause.FlagKind.NOWAIT, loc);
                Token o = open(n);
                Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                p.expectClose(")", o);
                Long v = ConstEval.integer(e);
                if (v != null) return v != 0 ? new OmpClause.Flag(OmpClause.FlagKind.NOWAIT, loc) : null;
                return new OmpClause.ExprClause(OmpClause.ExprKind.NOWAIT, e, null, loc);
            }
            case "update" -> {
                if (!p.at("(")) return new OmpClause.Flag(OmpClause.FlagKind.UPDATE, loc);
                return dependence.depobjUpdate(n, loc);
            }
            case "destroy" -> {
                if (p.at("(")) {
                    Token o = open(n);
                    omp.itemList();
                    p.expectClose(")", o);
                }
                return new OmpClause.Flag(OmpClause.FlagKind.DESTROY, loc);
            }
            case "indirect" -> {
                if (p.at("(")) {
                    Token o = open(n);
                    p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                    p.expectClose(")", o);
                }
                return new OmpClause.Flag(OmpClause.FlagKind.INDIRECT, loc);
            }
            case "ordered" -> {
                if (!p.at("(")) return new OmpClause.Flag(OmpClause.FlagKind.ORDERED, loc);
                return exprClause(OmpClause.ExprKind.ORDERED, n, loc, true);
            }
            default -> {
                return new OmpClause.Flag(OmpClause.FlagKind.valueOf(n.toUpperCase(Locale.ROOT)), loc);
            }
        }
    }

    /** The clauses of one scalar condition: if with its directive-name modifier, final, holds, OpenMP 6.0's graph ones. */
    private OmpClause condition(String n, SourceLocation loc) {
        switch (n) {
            case "if" -> {
                Token o = open(n);
                String mod = null;
                if (isIfModifier()) {
                    modifierLoc = p.tok().loc;
                    StringBuilder sb = new StringBuilder();
                    while (!p.at(":")) sb.append(sb.length() > 0 ? " " : "").append(p.next().text);
                    p.pos++;
                    mod = sb.toString();
                }
                Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.IF, e, mod, loc);
            }
            case "graph_reset", "replayable" -> { // OpenMP 6.0: an optional condition, true when absent
                if (!p.at("("))
                    return new OmpClause.ExprClause(
                            OmpClause.ExprKind.valueOf(n.toUpperCase(Locale.ROOT)),
                            new Expr.IntLit(1, Type.INT, loc),
                            null,
                            loc);
                Token o = open(n);
                Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.valueOf(n.toUpperCase(Locale.ROOT)), e, null, loc);
            }
            default -> { // final, holds, novariants, nocontext
                Token o = open(n);
                Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.valueOf(n.toUpperCase(Locale.ROOT)), e, null, loc);
            }
        }
    }

    /** The clauses of one expression: a device number, a count or limit, a constant, a message. */
    private OmpClause expression(String n, SourceLocation loc) {
        switch (n) {
            case "device" -> {
                Token o = open(n);
                String mod = null;
                if ((p.at("ancestor") || p.at("device_num")) && p.peek(1).is(":")) {
                    mod = p.next().text;
                    p.pos++;
                }
                Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.DEVICE, convert(e, Type.LONG), mod, loc);
            }
            case "num_teams", "thread_limit", "priority", "filter", "hint", "ompx_dyn_cgroup_mem" -> {
                if (!n.equals("priority") && !n.equals("filter") && !n.equals("hint") && atDims())
                    return dimsClause(n, loc);
                return exprClause(OmpClause.ExprKind.valueOf(n.toUpperCase(Locale.ROOT)), n, loc, false);
            }
            case "graph_id" -> {
                return exprClause(OmpClause.ExprKind.GRAPH_ID, n, loc, false);
            }
            case "transparent" -> { // OpenMP 6.0: transparent[(impex-type)]: omp_not_impex, omp_import, omp_export,
                // omp_impex
                if (!p.at("(")) return new OmpClause.ExprClause(OmpClause.ExprKind.TRANSPARENT, null, null, loc);
                Token o = open(n);
                Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.TRANSPARENT, convert(e, Type.INT), null, loc);
            }
            case "collapse", "safelen", "simdlen" -> {
                return exprClause(OmpClause.ExprKind.valueOf(n.toUpperCase(Locale.ROOT)), n, loc, true);
            }
            case "partial" -> {
                if (!p.at("(")) return new OmpClause.ExprClause(OmpClause.ExprKind.PARTIAL, null, null, loc);
                return exprClause(OmpClause.ExprKind.PARTIAL, n, loc, true);
            }
            case "align" -> {
                return exprClause(OmpClause.ExprKind.ALIGN, n, loc, true);
            }
            case "message" -> {
                Token o = open(n);
                Expr e = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.MESSAGE, e, null, loc);
            }
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        }
    }

    /** How threads, tasks and iterations are divided: num_threads, grainsize, num_tasks, schedule, dist_schedule, order. */
    private OmpClause scheduling(String n, SourceLocation loc) {
        switch (n) {
            case "num_threads" -> {
                // OpenMP 6.0: num_threads([strict:] list): the first item is this region's count, the
                // others the nthreads-var list of its implicit tasks (an extra NumThreadsList clause)
                if (atDims()) return dimsClause(n, loc);
                if (!(p.peek(1).is("strict") && p.peek(2).is(":")) && !hasComma())
                    return exprClause(OmpClause.ExprKind.NUM_THREADS, n, loc, false);
                Token o = open(n);
                String mod = null;
                if (p.at("strict") && p.peek(1).is(":")) {
                    mod = "strict";
                    p.pos += 2;
                }
                Expr first = integral(p.exprs.rvalue(p.exprs.assign()));
                List<Expr> nested = new ArrayList<>();
                while (p.consume(",")) nested.add(convert(integral(p.exprs.rvalue(p.exprs.assign())), Type.INT));
                p.expectClose(")", o);
                if (!nested.isEmpty()) extra.add(new OmpClause.NumThreadsList(nested, loc));
                return new OmpClause.ExprClause(OmpClause.ExprKind.NUM_THREADS, convert(first, Type.INT), mod, loc);
            }
            case "grainsize", "num_tasks" -> {
                Token o = open(n);
                String modifier = null;
                if (p.at("strict") && p.peek(1).is(":")) {
                    modifier = "strict";
                    p.pos += 2;
                }
                Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ExprClause(
                        OmpClause.ExprKind.valueOf(n.toUpperCase(Locale.ROOT)), convert(e, Type.LONG), modifier, loc);
            }
            case "schedule" -> {
                Token o = open(n);
                List<String> mods = new ArrayList<>();
                while ((p.at("monotonic") || p.at("nonmonotonic") || p.at("simd"))
                        && (p.peek(1).is(",") || p.peek(1).is(":"))) {
                    mods.add(p.next().text);
                    p.pos++;
                }
                Token k = p.next();
                OmpClause.ScheduleKind sk;
                try {
                    sk = OmpClause.ScheduleKind.valueOf(k.text.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw p.errorAt(
                            k.loc,
                            "expected 'static', 'dynamic', 'guided', 'auto', 'runtime', 'monotonic', 'nonmonotonic' or 'simd' in OpenMP clause 'schedule'");
                }
                Expr chunk = p.consume(",") ? convert(integral(p.exprs.rvalue(p.exprs.assign())), Type.INT) : null;
                p.expectClose(")", o);
                return new OmpClause.Schedule(sk, chunk, mods, loc);
            }
            case "dist_schedule" -> {
                Token o = open(n);
                Token k = p.next();
                if (!k.text.equals("static"))
                    throw p.errorAt(k.loc, "expected 'static' in OpenMP clause 'dist_schedule'");
                Expr chunk = p.consume(",") ? convert(integral(p.exprs.rvalue(p.exprs.assign())), Type.INT) : null;
                p.expectClose(")", o);
                return new OmpClause.DistSchedule(chunk, loc);
            }
            case "order" -> {
                Token o = open(n);
                String mod = null;
                if ((p.at("reproducible") || p.at("unconstrained")) && p.peek(1).is(":")) {
                    mod = p.next().text;
                    p.pos++;
                }
                Token k = p.next();
                if (!k.text.equals("concurrent"))
                    throw p.errorAt(k.loc, "expected 'concurrent' in OpenMP clause 'order'");
                p.expectClose(")", o);
                return new OmpClause.Order(mod, loc);
            }
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        }
    }

    /** The data-sharing and data-environment clauses: the list clauses, lastprivate, aligned, linear, induction, local, default, defaultmap. */
    private OmpClause dataSharing(String n, SourceLocation loc, List<Leaf> leaves) {
        switch (n) {
            case "lastprivate" -> {
                Token o = open(n);
                boolean conditional = p.at("conditional") && p.peek(1).is(":");
                // distribute and taskloop take no conditional modifier (OpenMP 5.2); clang reads it as a name then
                if (conditional && (leaves.contains(Leaf.DISTRIBUTE) || leaves.contains(Leaf.TASKLOOP)))
                    p.diags.error(p.tok().loc, "use of undeclared identifier 'conditional'");
                if (conditional) p.pos += 2;
                String leaf = conditional ? null : leafModifier(n, leaves);
                List<OmpDirective.Item> items = omp.itemList();
                p.expectClose(")", o);
                // the modifier follows its clause as a word clause (the lowering pairs them)
                if (conditional) extra.add(new OmpClause.Word("lastprivate", "conditional", loc));
                return new OmpClause.ListClause(OmpClause.ListKind.LASTPRIVATE, items, loc, leaf);
            }
            case "aligned" -> {
                Token o = open(n);
                List<OmpDirective.Item> items = omp.itemList();
                if (p.consume(":")) integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ListClause(OmpClause.ListKind.ALIGNED, items, loc);
            }
            case "linear" -> {
                return linear(loc);
            }
            case "induction" -> {
                return new OmpInductionClauses(p, omp).induction(loc);
            }
            case "local" -> {
                // OpenMP 6.0 declare target local(list): each device has a copy of its own, which its
                // initializer starts and target regions keep; jomp makes it an enter item (the device
                // copy is registered with the host variable's address, which only a map or update of
                // the variable, not allowed for a local one, would show)
                Token o = open(n);
                List<OmpDirective.Item> items = omp.itemList();
                p.expectClose(")", o);
                return new OmpClause.ListClause(OmpClause.ListKind.ENTER, items, loc);
            }
            case "default" -> {
                if (leaves.get(0) == Leaf.METADIRECTIVE) return omp.when(loc, true);
                Token o = open(n);
                Token k = p.next();
                OmpClause.DefaultKind dk;
                try {
                    dk = OmpClause.DefaultKind.valueOf(k.text.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw p.errorAt(
                            k.loc, "expected 'none', 'shared', 'private' or 'firstprivate' in OpenMP clause 'default'");
                }
                String category = p.at(":") ? defaultCategory() : null;
                p.expectClose(")", o);
                return new OmpClause.Default(dk, loc, category);
            }
            case "defaultmap" -> {
                Token o = open(n);
                String behavior = p.next().text;
                String category = p.consume(":") ? p.next().text : null;
                p.expectClose(")", o);
                return new OmpClause.Defaultmap(behavior, category, loc);
            }
            default -> { // private, firstprivate, shared, ..., uniform: a plain list
                Token o = open(n);
                String leaf = Set.of("private", "firstprivate", "shared").contains(n) ? leafModifier(n, leaves) : null;
                if (n.equals("enter")) automap();
                List<OmpDirective.Item> items = omp.itemList();
                p.expectClose(")", o);
                return new OmpClause.ListClause(
                        OmpClause.ListKind.valueOf(n.toUpperCase(Locale.ROOT)), items, loc, leaf);
            }
        }
    }

    /**
     * OpenMP 6.0's automap modifier of declare target's enter clause ({@code enter(automap: x)}):
     * it maps a Fortran allocatable variable when it is allocated and unmaps it when it is
     * deallocated; C has no allocatable variables, so its items are entered as without it.
     */
    private void automap() {
        if (p.at("automap") && p.peek(1).is(":")) p.pos += 2;
    }

    /**
     * OpenMP 6.0's directive-name modifier of a data-sharing clause ({@code firstprivate(target: x)}):
     * the clause applies to that leaf of the compound directive only, which must be one of the
     * directive's leaves and take the clause; null when none is written.
     */
    private String leafModifier(String clause, List<Leaf> leaves) {
        int k = 0;
        while (p.peek(k).kind == Token.Kind.IDENT || p.peek(k).kind == Token.Kind.KEYWORD) k++;
        if (k == 0 || !p.peek(k).is(":") || p.peek(k + 1).is(":")) return null;
        SourceLocation at = p.tok().loc;
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < k; j++)
            sb.append(j == 0 ? "" : " ").append(p.next().text.replace('_', ' '));
        p.pos++;
        String name = sb.toString();
        boolean isLeaf = leaves.stream()
                .anyMatch(
                        l -> l.name().toLowerCase(Locale.ROOT).replace('_', ' ').equals(name));
        OmpClauseTable.Entry leafTable = OmpClauseTable.of(name);
        if (!isLeaf || leafTable == null || !leafTable.allowed().contains(clause))
            p.diags.error(
                    at,
                    "directive name modifier '" + name + "' on '" + clause + "' names no leaf of this directive that "
                            + "takes the clause");
        return name;
    }

    /** OpenMP 6.0's variable category of default(attribute: category): scalar, pointer, aggregate or all (allocatable is Fortran's). */
    private String defaultCategory() {
        p.pos++;
        Token c = p.next();
        if (!Set.of("scalar", "pointer", "aggregate", "all").contains(c.text))
            throw p.errorAt(c.loc, "expected 'scalar', 'pointer', 'aggregate' or 'all' in OpenMP clause 'default'");
        return c.text;
    }

    /** reduction, and the task reductions in_reduction and task_reduction (OmpParser parses their items). */
    private OmpClause reduction(String n, SourceLocation loc) {
        if (n.equals("reduction")) return omp.reduction(loc, false, false);
        return new OmpClause.TaskReduction(
                n.equals("in_reduction"), omp.reduction(loc, true, n.equals("in_reduction")), loc);
    }

    /** The clauses whose argument is one of a few words (bind and device_type become clauses of their own). */
    private OmpClause keyword(String n, SourceLocation loc) {
        switch (n) {
            case "threadset" -> {
                return word(n, "omp_pool", "omp_team");
            }
            case "proc_bind" -> {
                return word(n, "master", "close", "spread", "primary");
            }
            case "device_type" -> {
                Token o = open(n);
                String k = p.next().text;
                p.expectClose(")", o);
                return new OmpClause.DeviceType(k, loc);
            }
            case "bind" -> {
                OmpClause.Word w = (OmpClause.Word) word(n, "teams", "parallel", "thread");
                return new OmpClause.Bind(w.value(), loc);
            }
            case "at" -> {
                return word(n, "compilation", "execution");
            }
            case "severity" -> {
                return word(n, "fatal", "warning");
            }
            case "fail" -> {
                return word(n, "seq_cst", "acquire", "relaxed");
            }
            case "atomic_default_mem_order" -> {
                return word(n, "seq_cst", "acq_rel", "relaxed");
            }
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        }
    }

    /** absent(directive-name, ...) and contains(...) of the assumption directives. */
    private OmpClause directiveNames(String n, SourceLocation loc) {
        Token o = open(n);
        List<String> names = new ArrayList<>();
        do {
            StringBuilder sb = new StringBuilder(p.next().text);
            while (!p.at(",") && !p.at(")") && !p.atEof()) sb.append(' ').append(p.next().text);
            names.add(sb.toString());
        } while (p.consume(","));
        p.expectClose(")", o);
        return new OmpClause.DirectiveNames(n, names, loc);
    }

    /** A clause whose argument is one of a few words: clause(word); its location is the word's, as clang reports them. */
    private OmpClause word(String n, String... words) {
        Token o = open(n);
        Token k = p.next();
        if (!List.of(words).contains(k.text)) {
            StringBuilder sb = new StringBuilder("expected ");
            for (int i = 0; i < words.length; i++) {
                sb.append(i == 0 ? "" : i == words.length - 1 ? " or " : ", ")
                        .append('\'')
                        .append(words[i])
                        .append('\'');
            }
            throw p.errorAt(k.loc, sb + " in OpenMP clause '" + n + "'");
        }
        p.expectClose(")", o);
        return new OmpClause.Word(n, k.text, k.loc);
    }

    private boolean isIfModifier() {
        for (int i = 0; i < 4; i++) {
            Token t = p.peek(i);
            if (t.is(":")) return i > 0;
            if (t.kind == Token.Kind.PUNCT || t.kind == Token.Kind.EOF) return false;
            switch (t.text) {
                case "target",
                        "data",
                        "enter",
                        "exit",
                        "update",
                        "parallel",
                        "teams",
                        "simd",
                        "task",
                        "taskloop",
                        "cancel" -> {}
                default -> {
                    return false;
                }
            }
        }
        return false;
    }

    Token open(String clause) {
        Token o = p.tok();
        if (!p.consume("(")) throw p.errorAt(o.loc, "expected '(' after '" + clause + "'");
        return o;
    }

    /** An expression of integer type (clang's error otherwise; the expression is kept so parsing goes on). */
    Expr integral(Expr e) {
        if (!Parser.ERROR.equals(e.type()) && !e.type().isInteger())
            p.diags.error(
                    e.loc(),
                    "expression must have integral or unscoped enumeration type, not "
                            + TypePrinter.quoteAka(e.type()));
        return e;
    }

    Expr convert(Expr e, Type t) {
        return Parser.ERROR.equals(e.type()) || !e.type().isInteger() ? e : p.sema.convert(e, t);
    }

    /** Whether the clause's argument starts with OpenMP 6.1's dims(n) modifier. */
    private boolean atDims() {
        return p.at("(") && p.peek(1).is("dims") && p.peek(2).is("(");
    }

    /** num_teams, thread_limit or num_threads with the dims modifier: the product of its values (OmpSyncClauses.dims). */
    private OmpClause dimsClause(String n, SourceLocation loc) {
        Token o = open(n);
        Expr e = sync.dims(n);
        p.expectClose(")", o);
        return new OmpClause.ExprClause(OmpClause.ExprKind.valueOf(n.toUpperCase(Locale.ROOT)), e, null, loc);
    }

    /** Whether the parenthesised argument list ahead has a comma at its top level. */
    private boolean hasComma() {
        int depth = 0;
        for (int i = 0; ; i++) {
            Token t = p.peek(i);
            if (t.kind == Token.Kind.EOF) return false;
            if (t.is("(") || t.is("[")) depth++;
            else if (t.is(")") || t.is("]")) {
                if (--depth == 0) return false;
            } else if (t.is(",") && depth == 1) return true;
        }
    }

    private OmpClause exprClause(OmpClause.ExprKind kind, String name, SourceLocation loc, boolean constant) {
        Token o = open(name);
        Expr e = p.exprs.rvalue(p.exprs.assign());
        p.expectClose(")", o);
        if (Parser.ERROR.equals(e.type())) return new OmpClause.ExprClause(kind, e, null, loc);
        if (!e.type().isInteger()) {
            p.diags.error(
                    e.loc(),
                    "expression must have integral or unscoped enumeration type, not "
                            + TypePrinter.quoteAka(e.type()));
            return new OmpClause.ExprClause(kind, e, null, loc);
        }
        if (constant) {
            Long v = ConstEval.integer(e);
            if (v == null) {
                p.diags.error(e.loc(), "expression is not an integral constant expression");
                v = 1L;
            } else if (v <= 0)
                p.diags.error(e.loc(), "argument to '" + name + "' clause must be a strictly positive integer value");
            return new OmpClause.ExprClause(kind, new Expr.IntLit(Math.max(1, v), Type.INT, e.loc()), null, loc);
        }
        Type t = kind == OmpClause.ExprKind.DEVICE ? Type.LONG : Type.INT;
        return new OmpClause.ExprClause(kind, p.sema.convert(e, t), null, loc);
    }

    /**
     * linear(list[: step]), linear(list: [val|ref|uval,] step(s)) (OpenMP 5.2), and the older
     * linear(val(list)[: step]). C allows only val.
     */
    private OmpClause linear(SourceLocation loc) {
        Token o = open("linear");
        String modifier = null;
        boolean oldSyntax = false;
        Token mod = p.tok();
        if ((p.at("val") || p.at("ref") || p.at("uval")) && p.peek(1).is("(")) {
            oldSyntax = true;
            modifier = p.next().text;
            p.pos++;
            if (omp.version >= 52)
                p.diags.error(
                        mod.loc,
                        "old syntax 'linear-modifier(list)' on 'linear' clause was deprecated, use new syntax 'linear(list: [linear-modifier,] step(step-size))'");
            if (!modifier.equals("val")) p.diags.error(mod.loc, "expected 'val' modifier");
        }
        List<OmpDirective.Item> items = omp.itemList();
        if (oldSyntax) p.expect(")");
        Expr step = null;
        if (p.consume(":")) {
            boolean stepSeen = false;
            while (true) {
                Token w = p.tok();
                boolean newMod = omp.version >= 52
                        && !oldSyntax
                        && (w.is("val") || w.is("ref") || w.is("uval"))
                        && (p.peek(1).is(",") || p.peek(1).is(")"));
                boolean stepFn = omp.version >= 52 && w.is("step") && p.peek(1).is("(");
                if (newMod) {
                    p.pos++;
                    if (!w.text.equals("val")) p.diags.error(w.loc, "expected 'val' modifier");
                    modifier = w.text;
                } else if (stepFn) {
                    p.pos++;
                    Token so = p.next();
                    step = integral(p.exprs.rvalue(p.exprs.assign()));
                    p.expectClose(")", so);
                    stepSeen = true;
                } else {
                    if (oldSyntax || modifier != null || stepSeen) {
                        if (omp.version >= 52 && oldSyntax)
                            p.diags.error(
                                    w.loc,
                                    "step simple modifier is exclusive and can't be use with 'val', 'uval' or 'ref' modifier");
                    }
                    step = integral(p.exprs.rvalue(p.exprs.assign()));
                }
                if (!p.consume(",")) break;
            }
        }
        p.expectClose(")", o);
        for (OmpDirective.Item it : items) {
            Type t = it.var() == null ? null : it.var().type;
            if (t != null && !t.isInteger() && !t.isPointer() && !Parser.ERROR.equals(t)) {
                p.diags.error(
                        it.loc(),
                        "argument of a linear clause should be of integral or pointer type, not " + "'"
                                + TypePrinter.print(t) + "'");
                p.diags.note(it.var().loc, "'" + it.var().name + "' defined here");
            }
        }
        return new OmpClause.Linear(items, step == null ? null : convert(step, Type.LONG), modifier, loc);
    }
}
