package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.OmpDirective.Leaf;
import jomp.compiler.ast.Var;
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
 * Map and motion clauses and list items are parsed by {@link OmpParser}.
 */
final class OmpClauseParser {
    private final Parser p;
    private final OmpParser omp;

    /** Clauses one clause expands to beyond itself (omp_all_memory beside other depend items). */
    private final List<OmpClause> extra = new ArrayList<>();

    OmpClauseParser(Parser p, OmpParser omp) { this.p = p; this.omp = omp; }

    /** Every OpenMP 5.2 clause name (and clang's ompx_ extensions); other words end the clause list. */
    static final Set<String> KNOWN = Set.of(
        "absent", "acq_rel", "acquire", "adjust_args", "affinity", "align", "aligned", "allocate", "allocator", "append_args",
        "at", "atomic_default_mem_order", "bind", "capture", "collapse", "compare", "contains", "copyin", "copyprivate",
        "default", "defaultmap", "depend", "destroy", "detach", "device", "device_type", "dist_schedule", "doacross",
        "dynamic_allocators", "enter", "exclusive", "fail", "filter", "final", "firstprivate", "from", "full", "grainsize",
        "has_device_addr", "hint", "holds", "if", "in_reduction", "inbranch", "inclusive", "indirect", "init", "interop", "is_device_ptr",
        "lastprivate", "linear", "link", "map", "match", "mergeable", "message", "no_openmp", "no_openmp_routines",
        "no_parallelism", "nocontext", "nogroup", "nontemporal", "notinbranch", "novariants", "nowait", "num_tasks",
        "num_teams", "num_threads", "order", "ordered", "otherwise", "partial", "priority", "private", "proc_bind", "read",
        "reduction", "relaxed", "release", "reverse_offload", "safelen", "schedule", "seq_cst", "severity", "shared", "simd",
        "simdlen", "sizes", "task_reduction", "thread_limit", "threads", "to", "unified_address", "unified_shared_memory",
        "uniform", "untied", "update", "use", "use_device_addr", "use_device_ptr", "uses_allocators", "weak", "when", "write",
        "ompx_attribute", "ompx_bare", "ompx_dyn_cgroup_mem",
        // OpenMP 6.0
        "graph_id", "graph_reset", "replayable", "transparent", "threadset", "self_maps", "permutation", "looprange", "apply", "counts", "local", "induction");

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
            if ((t.kind != Token.Kind.IDENT && t.kind != Token.Kind.KEYWORD) || !KNOWN.contains(n)
                    || table != null && !table.allowed().contains(n) && !CLANG_CLAUSE.test(n)) {
                p.diags.warning(t.loc, "extra tokens at the end of '#pragma omp " + directive + "' are ignored", "-Wextra-tokens");
                while (!p.atEof()) p.pos++;
                break;
            }
            boolean allowed = table == null || table.allowed().contains(n);
            if (!allowed) p.diags.error(t.loc, "unexpected OpenMP clause '" + n + "' in directive '#pragma omp " + directive + "'");
            else if (table != null && table.once().contains(n) && !n.equals("if") && !seen.add(n))
                p.diags.error(t.loc, "directive '#pragma omp " + directive + "' cannot contain more than one '" + n + "' clause");
            int start = p.pos;
            try {
                OmpClause c = lenient ? skip(n) : clause(directive, leaves);
                if (allowed && n.equals("if") && c instanceof OmpClause.ExprClause e && e.kind() == OmpClause.ExprKind.IF) checkIf(e, directive, leaves, seen, t);
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
        if (mod != null && !(" " + directive + " ").contains(" " + mod + " ") && !(mod.equals("simd") && leaves.contains(Leaf.SIMD))) {
            p.diags.error(modifierLoc, "directive name modifier '" + mod + "' is not allowed for '#pragma omp " + directive + "'");
            return;
        }
        if (!seen.add("if:" + mod)) {
            p.diags.error(t.loc, "directive '#pragma omp " + directive + "' cannot contain more than one 'if' clause"
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
    private static final java.util.function.Predicate<String> CLANG_CLAUSE = n -> (KNOWN.contains(n) || OmpClauseTable.clauseNames().contains(n) || n.equals("default"))
            && !Set.of("absent", "contains", "holds", "no_openmp", "no_openmp_routines", "no_parallelism", "otherwise", "interop",
                       "depobj", "flush", "threadprivate").contains(n);

    /** The assumption clauses of assumes and begin assumes, and clang's "ext_" extension clauses. */
    private static final String ASSUMPTIONS = "'ext_', 'absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism'";

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
            if (word && (n.equals("no_openmp") || n.equals("no_openmp_routines") || n.equals("no_parallelism") || n.startsWith("ext_"))) {
                seen++;
                p.pos++;
                if (!n.startsWith("ext_")) out.add(new OmpClause.Flag(OmpClause.FlagKind.valueOf(n.toUpperCase()), t.loc));
                if (args) {
                    p.diags.warning(p.tok().loc, "'" + n + "' clause should not be followed by arguments; tokens will be ignored", "-Wopenmp-clauses");
                    recover(p.pos - 1);
                }
                continue;
            }
            p.diags.warning(t.loc, "valid " + directive + " clauses start with " + ASSUMPTIONS + "; token" + (args ? "s" : "") + " will be ignored", "-Wopenmp-clauses");
            if (args) recover(p.pos);
            else p.pos++;
        }
        if (seen == 0) p.diags.error(at, "expected at least one " + ASSUMPTIONS + " clause for '#pragma omp " + directive + "'");
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

    private OmpClause clause(String directive, List<Leaf> leaves) {
        Token t = p.next();
        String n = t.text;
        SourceLocation loc = t.loc;
        // the data-mapping clauses (OmpMapParser): motion clauses of target update, interop's, declare target's indirect
        if ((n.equals("to") || n.equals("from")) && leaves.contains(Leaf.TARGET_UPDATE)) return new OmpMapParser(p).motion(n.equals("to"), loc);
        if ((n.equals("init") || n.equals("use") || n.equals("destroy")) && leaves.contains(Leaf.INTEROP)) return new OmpMapParser(p).interop(n, loc);
        if (n.equals("indirect") && leaves.contains(Leaf.DECLARE_TARGET)) return omp.indirect(loc);
        if ((n.equals("novariants") || n.equals("nocontext")) && leaves.contains(Leaf.DISPATCH)) {   // dispatch's: kept as if-like clauses
            Token o = open(n);
            Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
            p.expectClose(")", o);
            return new OmpClause.ExprClause(OmpClause.ExprKind.IF, e, n, loc);
        }
        if (n.equals("interop") && leaves.contains(Leaf.DISPATCH)) return dispatchInterop(loc);
        if (n.equals("device") && p.at("(") && (p.peek(1).is("ancestor") || p.peek(1).is("device_num")) && p.peek(2).is(":")) return omp.deviceModifier(loc);
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
            case "untied", "mergeable", "nogroup", "seq_cst", "acq_rel", "release", "acquire", "relaxed",
                 "inbranch", "notinbranch", "read", "write", "capture", "compare", "weak", "threads", "full",
                 "no_openmp", "no_openmp_routines", "no_parallelism", "dynamic_allocators", "reverse_offload",
                 "unified_address", "unified_shared_memory", "ompx_bare", "simd" -> {
                return new OmpClause.Flag(OmpClause.FlagKind.valueOf(n.toUpperCase()), loc);
            }
            case "update" -> {
                if (!p.at("(")) return new OmpClause.Flag(OmpClause.FlagKind.UPDATE, loc);
                Token o = open(n);   // depobj: update(dependence-type)
                OmpClause.DependType dt = dependType(p.next(), "update");
                p.expectClose(")", o);
                return new OmpClause.DepobjUpdate(dt, loc);
            }
            case "destroy" -> {
                if (p.at("(")) { Token o = open(n); omp.itemList(); p.expectClose(")", o); }
                return new OmpClause.Flag(OmpClause.FlagKind.DESTROY, loc);
            }
            case "indirect" -> {
                if (p.at("(")) { Token o = open(n); p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type"); p.expectClose(")", o); }
                return new OmpClause.Flag(OmpClause.FlagKind.INDIRECT, loc);
            }
            case "ordered" -> {
                if (!p.at("(")) return new OmpClause.Flag(OmpClause.FlagKind.ORDERED, loc);
                return exprClause(OmpClause.ExprKind.ORDERED, n, loc, true);
            }
            case "device" -> {
                Token o = open(n);
                String mod = null;
                if ((p.at("ancestor") || p.at("device_num")) && p.peek(1).is(":")) { mod = p.next().text; p.pos++; }
                Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.DEVICE, convert(e, Type.LONG), mod, loc);
            }
            case "num_threads" -> {
                // OpenMP 6.0: num_threads([strict:] list): the first item is this region's count, the
                // others are for nested regions (nthreads-var's list, which jomp does not keep)
                if (!(p.peek(1).is("strict") && p.peek(2).is(":")) && !hasComma()) return exprClause(OmpClause.ExprKind.NUM_THREADS, n, loc, false);
                Token o = open(n);
                String mod = null;
                if (p.at("strict") && p.peek(1).is(":")) { mod = "strict"; p.pos += 2; }
                Expr first = integral(p.exprs.rvalue(p.exprs.assign()));
                while (p.consume(",")) integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.NUM_THREADS, convert(first, Type.INT), mod, loc);
            }
            case "num_teams", "thread_limit", "priority", "filter", "hint", "ompx_dyn_cgroup_mem" -> {
                return exprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), n, loc, false);
            }
            case "induction" -> {
                Token o = open(n);
                Expr step = null;
                if (p.at("step") && p.peek(1).is("(")) {
                    p.pos++;
                    Token so = open("step");
                    step = p.exprs.rvalue(p.exprs.assign());
                    p.expectClose(")", so);
                    p.expect(",");
                }
                Token op = p.next();
                if (!(op.is("+") || op.is("-") || op.is("*"))) {
                    p.diags.error(op.loc, "jomp supports the induction operators '+', '-' and '*' (no declare induction)");
                    throw new Parser.SyntaxError();
                }
                p.expect(":");
                List<OmpDirective.Item> items = omp.itemList();
                p.expectClose(")", o);
                for (OmpDirective.Item it : items)
                    if (it.var() != null && !it.var().type.isArithmetic()) p.diags.error(it.loc(), "induction variable must have arithmetic type");
                if (step == null) step = new Expr.IntLit(1, Type.INT, loc);
                if (op.is("-")) step = new Expr.Unary(Expr.Unary.Op.NEG, step, step.type(), step.loc());
                return new OmpClause.Induction(op.is("*"), items, step, loc);
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
            case "permutation" -> {   // OpenMP 6.0 interchange: a permutation of 1..n, constants
                Token o = open(n);
                List<Integer> order = new ArrayList<>();
                do {
                    Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                    Long v = ConstEval.integer(e);
                    if (v == null) { p.diags.error(e.loc(), "expression is not an integral constant expression"); v = 1L; }
                    order.add((int) (long) v);
                } while (p.consume(","));
                p.expectClose(")", o);
                List<Integer> sorted = new ArrayList<>(order);
                java.util.Collections.sort(sorted);
                for (int k = 0; k < sorted.size(); k++)
                    if (sorted.get(k) != k + 1) { p.diags.error(loc, "the arguments of 'permutation' must be a permutation of 1 to " + order.size()); break; }
                if (order.size() < 2) p.diags.error(loc, "'permutation' needs at least two loops");
                return new OmpClause.Permutation(order, loc);
            }
            case "counts" -> {   // OpenMP 6.0 split: non-negative counts, one of them omp_fill
                Token o = open(n);
                List<Expr> counts = new ArrayList<>();
                int fills = 0;
                do {
                    if (p.at("omp_fill") && (p.peek(1).is(",") || p.peek(1).is(")"))) { p.pos++; counts.add(null); fills++; continue; }
                    Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                    Long v = ConstEval.integer(e);
                    if (v != null && v < 0) p.diags.error(e.loc(), "argument to 'counts' clause must be a non-negative integer value");
                    counts.add(convert(e, Type.LONG));
                } while (p.consume(","));
                p.expectClose(")", o);
                if (fills != 1) p.diags.error(loc, "'counts' clause needs exactly one 'omp_fill'");
                return new OmpClause.Counts(counts, loc);
            }
            case "looprange" -> {   // OpenMP 6.0 fuse: looprange(first, count), positive constants
                Token o = open(n);
                long[] v = new long[2];
                for (int k = 0; k < 2; k++) {
                    if (k == 1) p.expect(",");
                    Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                    Long c = ConstEval.integer(e);
                    if (c == null) { p.diags.error(e.loc(), "expression is not an integral constant expression"); c = 1L; }
                    else if (c <= 0) p.diags.error(e.loc(), "argument to 'looprange' clause must be a strictly positive integer value");
                    v[k] = Math.max(1, c);
                }
                p.expectClose(")", o);
                return new OmpClause.LoopRange((int) v[0], (int) v[1], loc);
            }
            case "apply" -> {   // OpenMP 6.0: apply([label:] directive[(clauses)], ...) on a loop transformation
                Token o = open(n);
                String label = null;
                if (p.peek(1).is(":") && !p.peek(1).is("::")) { label = p.next().text; p.pos++; }
                List<String> dirs = new ArrayList<>();
                StringBuilder sb = new StringBuilder();
                int depth = 0;
                while (!p.atEof() && !(depth == 0 && p.at(")"))) {
                    Token w = p.next();
                    if (w.is("(")) depth++;
                    else if (w.is(")")) depth--;
                    if (depth == 0 && w.is(",")) { dirs.add(sb.toString().strip()); sb.setLength(0); continue; }
                    sb.append(sb.length() > 0 && !w.is("(") && !w.is(")") ? " " : "").append(w.text);
                }
                if (sb.length() > 0) dirs.add(sb.toString().strip());
                p.expectClose(")", o);
                // unroll (any form) and nothing keep the generated loop's iterations in their order, so
                // applying them changes no result; jomp applies no other transformation this way
                for (String d : dirs)
                    if (!(d.equals("unroll") || d.startsWith("unroll ") || d.startsWith("unroll(") || d.equals("nothing")))
                        p.diags.error(loc, "jomp cannot apply '" + d + "' to the loops of '#pragma omp " + directive + "'");
                return new OmpClause.Apply(label, dirs, loc);
            }
            case "graph_id" -> { return exprClause(OmpClause.ExprKind.GRAPH_ID, n, loc, false); }
            case "graph_reset", "replayable" -> {   // OpenMP 6.0: an optional condition, true when absent
                if (!p.at("(")) return new OmpClause.ExprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), new Expr.IntLit(1, Type.INT, loc), null, loc);
                Token o = open(n);
                Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), e, null, loc);
            }
            case "transparent" -> {   // OpenMP 6.0: transparent[(impex-type)]: omp_not_impex, omp_import, omp_export, omp_impex
                if (!p.at("(")) return new OmpClause.ExprClause(OmpClause.ExprKind.TRANSPARENT, null, null, loc);
                Token o = open(n);
                Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.TRANSPARENT, convert(e, Type.INT), null, loc);
            }
            case "threadset" -> { return word(n, loc, "omp_pool", "omp_team"); }
            case "final", "holds", "novariants", "nocontext" -> {
                Token o = open(n);
                Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), e, null, loc);
            }
            case "collapse", "safelen", "simdlen" -> { return exprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), n, loc, true); }
            case "partial" -> {
                if (!p.at("(")) return new OmpClause.ExprClause(OmpClause.ExprKind.PARTIAL, null, null, loc);
                return exprClause(OmpClause.ExprKind.PARTIAL, n, loc, true);
            }
            case "align" -> { return exprClause(OmpClause.ExprKind.ALIGN, n, loc, true); }
            case "allocator" -> {
                Token o = open(n);
                Expr e = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.ALLOCATOR, e, null, loc);
            }
            case "message" -> {
                Token o = open(n);
                Expr e = p.exprs.rvalue(p.exprs.assign());
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.MESSAGE, e, null, loc);
            }
            case "grainsize", "num_tasks" -> {
                Token o = open(n);
                String modifier = null;
                if (p.at("strict") && p.peek(1).is(":")) { modifier = "strict"; p.pos += 2; }
                Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ExprClause(OmpClause.ExprKind.valueOf(n.toUpperCase()), convert(e, Type.LONG), modifier, loc);
            }
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
            case "private", "firstprivate", "shared", "is_device_ptr", "use_device_ptr", "use_device_addr", "has_device_addr",
                 "link", "enter", "copyin", "copyprivate", "nontemporal", "inclusive", "exclusive", "uniform" -> {
                Token o = open(n);
                List<OmpDirective.Item> items = omp.itemList();
                p.expectClose(")", o);
                return new OmpClause.ListClause(OmpClause.ListKind.valueOf(n.toUpperCase()), items, loc);
            }
            case "lastprivate" -> {
                Token o = open(n);
                boolean conditional = p.at("conditional") && p.peek(1).is(":");
                // distribute and taskloop take no conditional modifier (OpenMP 5.2); clang reads it as a name then
                if (conditional && (leaves.contains(Leaf.DISTRIBUTE) || leaves.contains(Leaf.TASKLOOP))) p.diags.error(p.tok().loc, "use of undeclared identifier 'conditional'");
                if (conditional) p.pos += 2;
                List<OmpDirective.Item> items = omp.itemList();
                p.expectClose(")", o);
                // the modifier follows its clause as a word clause (the lowering pairs them)
                if (conditional) extra.add(new OmpClause.Word("lastprivate", "conditional", loc));
                return new OmpClause.ListClause(OmpClause.ListKind.LASTPRIVATE, items, loc);
            }
            case "to", "from" -> { return omp.motion(n, loc); }
            case "aligned" -> {
                Token o = open(n);
                List<OmpDirective.Item> items = omp.itemList();
                if (p.consume(":")) integral(p.exprs.rvalue(p.exprs.assign()));
                p.expectClose(")", o);
                return new OmpClause.ListClause(OmpClause.ListKind.ALIGNED, items, loc);
            }
            case "linear" -> { return linear(loc); }
            case "affinity" -> {
                Token o = open(n);
                if (p.at("iterator") && p.peek(1).is("(")) {   // checked, then dropped: affinity is a hint jomp does not use
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
                Token o = open(n);
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
            case "map" -> { return omp.map(loc); }
            case "depend" -> { return depend(loc, leaves); }
            case "doacross" -> {
                Token o = open(n);
                OmpClause c = doacrossBody(loc, "doacross");
                p.expectClose(")", o);
                return c;
            }
            case "reduction" -> { return omp.reduction(loc, false, false); }
            case "in_reduction", "task_reduction" -> {
                return new OmpClause.TaskReduction(n.equals("in_reduction"), omp.reduction(loc, true, n.equals("in_reduction")), loc);
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
                catch (IllegalArgumentException e) { throw p.errorAt(k.loc, "expected 'static', 'dynamic', 'guided', 'auto', 'runtime', 'monotonic', 'nonmonotonic' or 'simd' in OpenMP clause 'schedule'"); }
                Expr chunk = p.consume(",") ? convert(integral(p.exprs.rvalue(p.exprs.assign())), Type.INT) : null;
                p.expectClose(")", o);
                return new OmpClause.Schedule(sk, chunk, mods, loc);
            }
            case "dist_schedule" -> {
                Token o = open(n);
                Token k = p.next();
                if (!k.text.equals("static")) throw p.errorAt(k.loc, "expected 'static' in OpenMP clause 'dist_schedule'");
                Expr chunk = p.consume(",") ? convert(integral(p.exprs.rvalue(p.exprs.assign())), Type.INT) : null;
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
                if (leaves.get(0) == Leaf.METADIRECTIVE) return omp.when(loc, true);
                Token o = open(n);
                Token k = p.next();
                OmpClause.DefaultKind dk;
                try { dk = OmpClause.DefaultKind.valueOf(k.text.toUpperCase()); }
                catch (IllegalArgumentException e) { throw p.errorAt(k.loc, "expected 'none', 'shared', 'private' or 'firstprivate' in OpenMP clause 'default'"); }
                p.expectClose(")", o);
                return new OmpClause.Default(dk, loc);
            }
            case "when" -> { return omp.when(loc, false); }
            case "otherwise" -> { return omp.when(loc, true); }
            case "match" -> {
                Token o = open(n);
                OmpClause.Selector s = omp.selector(loc);
                p.expectClose(")", o);
                return new OmpClause.Match(s, loc);
            }
            case "adjust_args" -> { return adjustArgs(loc); }
            case "append_args" -> { return appendArgs(loc); }
            case "init", "use", "ompx_attribute" -> { return skip(n); }
            case "proc_bind" -> { return word(n, loc, "master", "close", "spread", "primary"); }
            case "device_type" -> {
                Token o = open(n);
                String k = p.next().text;
                p.expectClose(")", o);
                return new OmpClause.DeviceType(k, loc);
            }
            case "order" -> {
                Token o = open(n);
                String mod = null;
                if ((p.at("reproducible") || p.at("unconstrained")) && p.peek(1).is(":")) { mod = p.next().text; p.pos++; }
                Token k = p.next();
                if (!k.text.equals("concurrent")) throw p.errorAt(k.loc, "expected 'concurrent' in OpenMP clause 'order'");
                p.expectClose(")", o);
                return new OmpClause.Order(mod, loc);
            }
            case "bind" -> {
                OmpClause.Word w = (OmpClause.Word) word(n, loc, "teams", "parallel", "thread");
                return new OmpClause.Bind(w.value(), loc);
            }
            case "at" -> { return word(n, loc, "compilation", "execution"); }
            case "severity" -> { return word(n, loc, "fatal", "warning"); }
            case "fail" -> { return word(n, loc, "seq_cst", "acquire", "relaxed"); }
            case "atomic_default_mem_order" -> { return word(n, loc, "seq_cst", "acq_rel", "relaxed"); }
            case "absent", "contains" -> {
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
            case "sizes" -> {
                Token o = open(n);
                List<Expr> sizes = new ArrayList<>();
                do {
                    Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
                    Long v = ConstEval.integer(e);
                    if (v == null) p.diags.error(e.loc(), "expression is not an integral constant expression");
                    else if (v <= 0) p.diags.error(e.loc(), "argument to 'sizes' clause must be a strictly positive integer value");
                    sizes.add(new Expr.IntLit(v == null ? 1 : Math.max(1, v), Type.LONG, e.loc()));
                } while (p.consume(","));
                p.expectClose(")", o);
                return new OmpClause.Sizes(sizes, loc);
            }
            case "allocate" -> { return allocate(loc); }
            case "uses_allocators" -> { return usesAllocators(loc); }
            default -> throw new IllegalStateException("clause " + n + " has no parser");
        }
    }

    /**
     * adjust_args(need_device_ptr|nothing: parameter, ...) of declare variant: the parameters are
     * those of the function declared after the pragma, so they are kept as written (a name's
     * token, or where something else starts) and looked up then (OmpVariants).
     */
    private OmpClause adjustArgs(SourceLocation loc) {
        Token o = open("adjust_args");
        Token op = p.next();
        if (!p.at(":")) {
            p.diags.warning(p.tok().loc, "missing ':' after adjust-op - ignoring", "-Wignored-pragmas");
            throw p.errorAt(p.tok().loc, "expected expression");
        }
        p.pos++;
        if (!op.is("need_device_ptr") && !op.is("nothing")) p.diags.error(op.loc, "incorrect adjust_args type, expected 'need_device_ptr' or 'nothing'");
        List<Object> items = new ArrayList<>();
        do {
            Token t = p.tok();
            if (t.kind == Token.Kind.IDENT && (p.peek(1).is(",") || p.peek(1).is(")"))) {
                items.add(p.next());
                continue;
            }
            if (t.is(")") || t.is(",")) throw p.errorAt(t.loc, "expected expression");
            items.add(t.loc);
            for (int depth = 0; !p.atEof() && !(depth == 0 && (p.at(",") || p.at(")"))); ) {   // anything else: not a parameter
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
        Token o = open("append_args");
        List<Object> items = new ArrayList<>();
        while (!p.at(")") && !p.atEof()) {
            Token op = p.next();
            if (!op.is("interop")) throw p.errorAt(op.loc, "unexpected operation specified in 'append_args' clause, expected 'interop'");
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
                    p.diags.warning(t.loc, "interop type '" + t.text + "' cannot be specified more than once", "-Wopenmp-clauses");
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
    private OmpClause dispatchInterop(SourceLocation loc) {
        Token o = open("interop");
        List<Expr> objs = new ArrayList<>();
        do {
            Expr e = p.exprs.assign();
            if (!(e.type().isPointer() || e.type().isInteger())) p.diags.error(e.loc(), "expected a variable of type 'omp_interop_t'");
            objs.add(e);
        } while (p.consume(","));
        p.expectClose(")", o);
        return new OmpClause.DispatchInterop(objs, loc);
    }

    /** A clause whose argument is one of a few words: clause(word); its location is the word's, as clang reports them. */
    private OmpClause word(String n, SourceLocation loc, String... words) {
        Token o = open(n);
        Token k = p.next();
        if (!List.of(words).contains(k.text)) {
            StringBuilder sb = new StringBuilder("expected ");
            for (int i = 0; i < words.length; i++) {
                sb.append(i == 0 ? "" : i == words.length - 1 ? " or " : ", ").append('\'').append(words[i]).append('\'');
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
                case "target", "data", "enter", "exit", "update", "parallel", "teams", "simd", "task", "taskloop", "cancel" -> {}
                default -> { return false; }
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
    private Expr integral(Expr e) {
        if (!Parser.ERROR.equals(e.type()) && !e.type().isInteger())
            p.diags.error(e.loc(), "expression must have integral or unscoped enumeration type, not " + TypePrinter.quoteAka(e.type()));
        return e;
    }

    private Expr convert(Expr e, Type t) {
        return Parser.ERROR.equals(e.type()) || !e.type().isInteger() ? e : p.sema.convert(e, t);
    }

    /** Whether the parenthesised argument list ahead has a comma at its top level. */
    private boolean hasComma() {
        int depth = 0;
        for (int i = 0; ; i++) {
            Token t = p.peek(i);
            if (t.kind == Token.Kind.EOF) return false;
            if (t.is("(") || t.is("[")) depth++;
            else if (t.is(")") || t.is("]")) { if (--depth == 0) return false; }
            else if (t.is(",") && depth == 1) return true;
        }
    }

    private OmpClause exprClause(OmpClause.ExprKind kind, String name, SourceLocation loc, boolean constant) {
        Token o = open(name);
        Expr e = p.exprs.rvalue(p.exprs.assign());
        p.expectClose(")", o);
        if (Parser.ERROR.equals(e.type())) return new OmpClause.ExprClause(kind, e, null, loc);
        if (!e.type().isInteger()) {
            p.diags.error(e.loc(), "expression must have integral or unscoped enumeration type, not " + TypePrinter.quoteAka(e.type()));
            return new OmpClause.ExprClause(kind, e, null, loc);
        }
        if (constant) {
            Long v = ConstEval.integer(e);
            if (v == null) { p.diags.error(e.loc(), "expression is not an integral constant expression"); v = 1L; }
            else if (v <= 0) p.diags.error(e.loc(), "argument to '" + name + "' clause must be a strictly positive integer value");
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
            if (omp.version >= 52) p.diags.error(mod.loc, "old syntax 'linear-modifier(list)' on 'linear' clause was deprecated, use new syntax 'linear(list: [linear-modifier,] step(step-size))'");
            if (!modifier.equals("val")) p.diags.error(mod.loc, "expected 'val' modifier");
        }
        List<OmpDirective.Item> items = omp.itemList();
        if (oldSyntax) p.expect(")");
        Expr step = null;
        if (p.consume(":")) {
            boolean stepSeen = false;
            while (true) {
                Token w = p.tok();
                boolean newMod = omp.version >= 52 && !oldSyntax && (w.is("val") || w.is("ref") || w.is("uval")) && (p.peek(1).is(",") || p.peek(1).is(")"));
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
                        if (omp.version >= 52 && oldSyntax) p.diags.error(w.loc, "step simple modifier is exclusive and can't be use with 'val', 'uval' or 'ref' modifier");
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
                p.diags.error(it.loc(), "argument of a linear clause should be of integral or pointer type, not " + "'" + TypePrinter.print(t) + "'");
                p.diags.note(it.var().loc, "'" + it.var().name + "' defined here");
            }
        }
        return new OmpClause.Linear(items, step == null ? null : convert(step, Type.LONG), modifier, loc);
    }

    private OmpClause.DependType dependType(Token k, String clause) {
        return switch (k.text) {
            case "in" -> OmpClause.DependType.IN;
            case "out" -> OmpClause.DependType.OUT;
            case "inout" -> OmpClause.DependType.INOUT;
            case "mutexinoutset" -> OmpClause.DependType.MUTEXINOUTSET;
            case "inoutset" -> OmpClause.DependType.INOUTSET;
            case "depobj" -> OmpClause.DependType.DEPOBJ;
            default -> throw p.errorAt(k.loc, clause.equals("depend")
                    ? "expected depend modifier(iterator) or 'in', 'out', 'inout', 'mutexinoutset', 'depobj' or 'inoutset' in OpenMP clause 'depend'"
                    : "expected 'in', 'out', 'inout', 'mutexinoutset', 'depobj' or 'inoutset' in OpenMP clause '" + clause + "'");
        };
    }

    /**
     * depend([iterator(...),] type: list) with omp_all_memory as a list item (5.1); on ordered,
     * depend(source) and depend(sink: vector), the doacross clause's older spelling.
     */
    private OmpClause depend(SourceLocation loc, List<Leaf> leaves) {
        Token o = open("depend");
        if (leaves.get(0) == Leaf.ORDERED) {
            OmpClause c = doacrossBody(loc, "depend");
            p.expectClose(")", o);
            return c;
        }
        OmpClause.Iterator iterator = null;
        if (p.at("iterator") && p.peek(1).is("(")) {   // its variables are in scope for the list items only
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
                    p.diags.error(a.loc, "'omp_all_memory' used in depend clause with type other than 'out' or 'inout'");
                all = new OmpClause.AllMemory(dt, a.loc);
                continue;
            }
            OmpDirective.Item it = new OmpMapParser(p).item(false);   // any lvalue (OpenMP 5.0): *p, s.d, a[i]
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
            vec.add(new Expr.IntLit(-1, Type.LONG, one.loc));
            return new OmpClause.Doacross(false, vec, loc);
        }
        do vec.add(convert(integral(p.exprs.rvalue(p.exprs.assign())), Type.LONG)); while (p.consume(","));
        return new OmpClause.Doacross(false, vec, loc);
    }

    /** allocate([allocator(a) | a][, align(n)] : list) or allocate(list). */
    private OmpClause allocate(SourceLocation loc) {
        Token o = open("allocate");
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
                    Expr e = integral(p.exprs.rvalue(p.exprs.assign()));
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
            else if (t.is(")") || t.is("]")) { if (depth == 0) return false; depth--; }
            else if (t.is(":") && depth == 0) return true;
        }
    }

    /** uses_allocators(a[(traits)], ...) (5.0) and uses_allocators([memspace(m)][, traits(t)]: a) (5.2). */
    private OmpClause usesAllocators(SourceLocation loc) {
        Token o = open("uses_allocators");
        List<OmpClause.AllocatorUse> uses = new ArrayList<>();
        do {
            Expr memspace = null, traits = null;
            if ((p.at("memspace") || p.at("traits")) && p.peek(1).is("(")) {
                while ((p.at("memspace") || p.at("traits")) && p.peek(1).is("(")) {
                    boolean ms = p.next().text.equals("memspace");
                    Token mo = p.next();
                    Expr e = p.exprs.rvalue(p.exprs.assign());
                    p.expectClose(")", mo);
                    if (ms) memspace = e; else traits = e;
                    p.consume(",");
                }
                p.expect(":");
            }
            Token a = p.tok();
            Expr alloc;
            Var var = null;
            if (a.kind == Token.Kind.IDENT && p.lookup(a.text) instanceof Var v && !p.peek(1).is("(") ) {
                p.pos++;
                v.used = true;
                var = v;
                alloc = new Expr.VarRef(v, v.type, a.loc);
            } else if (a.kind == Token.Kind.IDENT && p.lookup(a.text) instanceof Var v && p.peek(1).is("(")) {
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

    private static boolean isEventHandle(Type t) { return "omp_event_handle_t".equals(t.typedefName); }
}
