package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.type.Type;

/**
 * The declarative and informational directives, which make no statement: threadprivate and
 * allocate mark variables, requires and declare reduction record what later code uses, declare
 * variant registers a function's variants. Apart from OmpParser, which reads every directive's
 * name and clauses, because each of these does its own work.
 */
final class OmpDeclarativeDirectives {
    private final Parser p;
    private final OmpParser omp;

    OmpDeclarativeDirectives(Parser p, OmpParser omp) {
        this.p = p;
        this.omp = omp;
    }

    /**
     * declare variant(v) match(...), begin declare variant match(...), end declare variant
     * (OmpVariants does the work); variantLoc: where v is named; hadErrors: whether the pragma had
     * errors (a directive with errors is dropped, as clang does).
     */
    void declareVariant(OmpDirective d, Token pragma, SourceLocation variantLoc, boolean hadErrors) {
        if (p.ompVariants == null) p.ompVariants = new OmpVariants(p);
        OmpClause.Selector sel = d.clauses(OmpClause.Match.class).stream()
                .map(OmpClause.Match::selector)
                .findFirst()
                .orElse(null);
        switch (d.leaves().get(0)) {
            case END_DECLARE_VARIANT -> {
                if (!p.ompVariants.end())
                    p.diags.error(pragma.loc, "unexpected OpenMP directive '#pragma omp end declare variant'");
            }
            case BEGIN_DECLARE_VARIANT -> {
                if (sel == null) {
                    p.diags.error(pragma.loc, "expected 'match' clause on 'omp declare variant' directive");
                    sel = new OmpClause.Selector(List.of(), pragma.loc);
                }
                p.ompVariants.begin(sel);
            }
            default -> {
                if (sel == null) {
                    p.diags.error(pragma.loc, "expected 'match' clause on 'omp declare variant' directive");
                    return;
                }
                Var v = p.lookup(d.criticalName()) instanceof Var x ? x : null;
                if (v != null)
                    p.ompVariants.declareVariant(v, sel, variantLoc, d.clauses(OmpClause.VariantArgs.class), hadErrors);
            }
        }
    }

    /**
     * allocate(list) [allocator(a)] [align(n)]: where the variables' storage comes from. Every
     * memory space is the C heap or the stack in jomp, so what a program can see is the
     * alignment: the variables get the align clause's (OpenMP 5.1).
     */
    void allocate(OmpDirective d) {
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
                if (allocator != null && it.var().isLocal && !it.var().isStatic()) it.var().ompAllocator = allocator;
            }
        }
    }

    /**
     * threadprivate(list): each thread gets its own copy of these variables of static storage,
     * as if they were declared _Thread_local (the lowering gives both the same treatment).
     */
    void threadprivate(OmpDirective d) {
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class)) {
            for (OmpDirective.Item it : c.items()) {
                Var v = it.var();
                if (v == null) continue;
                if (!it.sections().isEmpty() || v.isFunction() || (v.isLocal && v.storage != Var.Storage.STATIC)) {
                    p.diags.error(
                            it.loc(), "arguments of '#pragma omp threadprivate' must have static storage duration");
                    continue;
                }
                v.threadLocal = true;
            }
        }
    }

    /**
     * groupprivate(list) [device_type(host|nohost|any)] (OpenMP 6.0): one copy of each variable per
     * contention group, uninitialised, living as long as the group. The variables are file-scope or
     * block-scope ones without an initialiser; a block-scope automatic one gets static storage (its
     * copies outlive a call, as the group's do). The lowering gives each access the group's copy.
     */
    void groupprivate(OmpDirective d) {
        String deviceType = "any";
        for (OmpClause.DeviceType t : d.clauses(OmpClause.DeviceType.class)) {
            if (!Set.of("host", "nohost", "any").contains(t.kind())) {
                p.diags.error(t.loc(), "expected 'host', 'nohost' or 'any' in OpenMP clause 'device_type'");
                return;
            }
            deviceType = t.kind();
        }
        for (OmpClause.ListClause c : d.clauses(OmpClause.ListClause.class)) {
            for (OmpDirective.Item it : c.items()) {
                Var v = it.var();
                if (v == null) continue;
                if (!it.sections().isEmpty() || v.isFunction() || v.storage == Var.Storage.TYPEDEF) {
                    p.diags.error(it.loc(), "arguments of '#pragma omp groupprivate' must be variables");
                    continue;
                }
                if (v.threadLocal) {
                    p.diags.error(it.loc(), "a threadprivate variable cannot be groupprivate");
                    continue;
                }
                if (v.isDefined && !v.isLocal || p.initializedLocals.contains(v)) {
                    p.diags.error(it.loc(), "a groupprivate variable must not have an initializer");
                    continue;
                }
                if (v.isLocal && v.storage != Var.Storage.STATIC && v.storage != Var.Storage.EXTERN)
                    v.storage = Var.Storage.STATIC;
                v.groupPrivate = deviceType;
            }
        }
    }

    /**
     * requires: what the program needs of the implementation. jomp provides all of it: unified
     * addresses and shared memory on devices that share the host's memory (the jvm device; GPUs
     * with managed memory), reverse offload, dynamic allocators, memory orders. The clauses are
     * recorded per translation unit (the lowering emits them like clang 19).
     */
    OmpClause.Requires requires() {
        java.util.Set<String> clauses = new java.util.LinkedHashSet<>();
        SourceLocation loc = p.tok().loc;
        while (!p.atEof()) {
            if (p.consume(",")) continue;
            Token c = p.next();
            switch (c.text) {
                case "reverse_offload", "dynamic_allocators", "unified_address", "unified_shared_memory" ->
                    clauses.add(c.text);
                // OpenMP 6.0: every map is a self map; it implies unified_shared_memory, under which jomp's maps use
                // host storage
                case "self_maps" -> {
                    clauses.add(c.text);
                    clauses.add("unified_shared_memory");
                }
                // OpenMP 6.0: the threads of a device's parallel regions may synchronize with each other; jomp's
                // threads make progress each on its own (OmpSyncClauses), so it holds; an optional condition
                case "device_safesync" -> {
                    if (p.at("(")) {
                        Token o = omp.open(c.text);
                        Expr e = p.stmts.condition(p.exprs.assign(), "statement requires expression of scalar type");
                        p.expectClose(")", o);
                        Long v = jomp.compiler.sema.ConstEval.integer(e);
                        if (v == null && !Parser.ERROR.equals(e.type()))
                            p.diags.error(e.loc(), "expression is not an integral constant expression");
                        if (v != null && v == 0) continue;
                    }
                    clauses.add(c.text);
                }
                case "atomic_default_mem_order" -> {
                    Token o = omp.open(c.text);
                    Token k = p.next();
                    if (!Set.of("seq_cst", "acq_rel", "relaxed").contains(k.text)) {
                        p.diags.error(
                                k.loc,
                                "expected 'seq_cst', 'acq_rel' or 'relaxed' in OpenMP clause 'atomic_default_mem_order'");
                    } else p.atomicDefaultMemOrder = k.text;
                    p.expectClose(")", o);
                    clauses.add(c.text);
                }
                default -> {
                    p.diags.error(c.loc, "expected at least one clause on '#pragma omp requires' directive");
                    while (!p.atEof()) p.pos++;
                }
            }
        }
        if (clauses.isEmpty())
            p.diags.error(p.tok().loc, "expected at least one clause on '#pragma omp requires' directive");
        if (clauses.contains("reverse_offload")) p.requiresReverseOffload = true;
        return new OmpClause.Requires(Set.copyOf(clauses), loc);
    }

    /**
     * A declare reduction lives in the scope it is declared in (a block's ends with the block, as
     * clang 19 has it) under this key and its name, which no C identifier can spell.
     */
    static final String REDUCTION_KEY = "#omp reduction ";

    private static final Set<String> REDUCTION_OPERATORS = Set.of("+", "*", "-", "&", "|", "^", "&&", "||");

    /**
     * declare reduction(name : type[, type...] : combiner) [initializer(expr)]: one
     * {@link OmpClause.UserReduction} per type, the combiner and initializer checked anew for each
     * type with omp_out/omp_in and omp_priv/omp_orig declared as variables of that type.
     */
    void declareReduction() {
        Token open = p.tok();
        p.expect("(");
        Token id = p.next();
        if (id.kind != Token.Kind.IDENT && !REDUCTION_OPERATORS.contains(id.text)) {
            p.diags.error(
                    id.loc,
                    "expected identifier or one of the following operators: '+', '-', '*', '&', '|', '^', '&&', or '||'");
            throw new Parser.SyntaxError();
        }
        p.expect(":");
        List<Type> types = new ArrayList<>();
        List<SourceLocation> typeLocs = new ArrayList<>();
        do {
            typeLocs.add(p.tok().loc);
            types.add(p.declarators.typeName());
        } while (p.consume(","));
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
            @SuppressWarnings("unchecked")
            List<OmpClause.UserReduction> known = (List<OmpClause.UserReduction>) p.scopes
                    .get(p.scopes.size() - 1)
                    .names
                    .computeIfAbsent(REDUCTION_KEY + id.text, x -> new ArrayList<>());
            OmpClause.UserReduction previous = known.stream()
                    .filter(u -> jomp.compiler.type.Types.compatibleUnqualified(u.type(), t))
                    .findFirst()
                    .orElse(null);
            if (previous != null) {
                p.diags.error(
                        typeLocs.get(k),
                        "redefinition of user-defined reduction for type "
                                + jomp.compiler.type.TypePrinter.quoteAka(t));
                p.diags.note(previous.loc(), "previous definition is here");
                continue;
            }
            Var[] pi = privOrig.isEmpty() ? new Var[2] : privOrig.get(k);
            known.add(new OmpClause.UserReduction(
                    id.text,
                    t,
                    outIn.get(k)[0],
                    outIn.get(k)[1],
                    combiners.get(k),
                    pi[0],
                    pi[1],
                    inits.isEmpty() ? null : inits.get(k),
                    typeLocs.get(k)));
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
}
