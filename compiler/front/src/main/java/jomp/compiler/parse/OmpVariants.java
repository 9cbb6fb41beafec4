package jomp.compiler.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * declare variant (OpenMP 5.2 §7.5): {@code #pragma omp declare variant(v) match(selector)}
 * makes v a variant of the function declared next; a function declared between {@code begin
 * declare variant match(selector)} and {@code end declare variant} whose name is already a
 * function becomes a variant of that one, under a name of its own (clang mangles it too), so
 * both definitions coexist. Which one a call runs is decided where the call is (lowering,
 * OmpContext). The parser asks {@link #declared} at every file-scope function declaration.
 */
final class OmpVariants {
    private final Parser p;
    /** A declare variant waiting for the function it is a variant of (several directives may precede it). */
    private record Pending(
            Var variant,
            OmpClause.Selector selector,
            SourceLocation at,
            List<OmpClause.VariantArgs> args,
            boolean broken) {}

    private final List<Pending> pending = new ArrayList<>();
    /** The selectors of the enclosing begin declare variant regions, innermost last. */
    private final Deque<OmpClause.Selector> regions = new ArrayDeque<>();

    private int count;

    OmpVariants(Parser p) {
        this.p = p;
    }

    /**
     * declare variant(v) match(sel) [adjust_args(...)] [append_args(...)]: what can be checked
     * before the function is declared is (append_args at most once, both only with a dispatch
     * construct selector, as clang checks).
     */
    void declareVariant(
            Var variant,
            OmpClause.Selector selector,
            SourceLocation at,
            List<OmpClause.VariantArgs> args,
            boolean broken) {
        int errors = p.diags.errorCount();
        OmpClause.VariantArgs appended = null;
        for (OmpClause.VariantArgs a : args) {
            if (a.clause().equals("append_args")) { // clang names the first one
                if (appended != null)
                    p.diags.error(
                            appended.loc(),
                            "directive '#pragma omp declare variant' cannot contain more than one 'append_args' clause");
                appended = a;
            }
            if (!dispatchSelector(selector))
                p.diags.error(a.loc(), "'" + a.clause() + "' clause requires 'dispatch' context selector");
        }
        pending.add(new Pending(variant, selector, at, args, broken || p.diags.errorCount() > errors));
    }

    /** The index of the parameter named t, or -1. */
    private static int param(List<Parser.ParamDecl> params, Token t) {
        for (int i = 0; params != null && i < params.size(); i++)
            if (params.get(i).name() != null && params.get(i).name().text.equals(t.text)) return i;
        return -1;
    }

    private static boolean dispatchSelector(OmpClause.Selector s) {
        for (OmpClause.TraitSet set : s.sets())
            if (set.name().equals("construct"))
                for (OmpClause.Trait t : set.traits()) if (t.name().equals("dispatch")) return true;
        return false;
    }

    void begin(OmpClause.Selector s) {
        regions.push(s);
    }

    boolean end() {
        if (regions.isEmpty()) return false;
        regions.pop();
        return true;
    }

    /**
     * A function is being declared at file scope: attaches a pending declare variant to it, or,
     * inside begin/end declare variant, returns the variant's own Var (null: declare as usual).
     * params are the declarator's parameters (null when it has none), which adjust_args names.
     */
    Var declared(Token name, Type type, Object old, List<Parser.ParamDecl> params) {
        if (!pending.isEmpty()) {
            for (Pending v : pending) {
                OmpClause.DeclaredVariant dv = variantArgs(v, name, type, params);
                if (dv != null) after.add(dv);
            }
            pending.clear();
            return null;
        }
        if (regions.isEmpty() || !(old instanceof Var base) || !base.isFunction()) return null;
        OmpClause.Selector sel = regions.peek();
        Var v = new Var(name.text + ".ompvariant." + (++count), type, name.loc, false);
        v.storage = Var.Storage.STATIC;
        v.used = true; // calls to the base function reach it: never an unused function
        List<OmpClause.DeclaredVariant> vs = new ArrayList<>(base.ompVariants);
        vs.add(new OmpClause.DeclaredVariant(v, sel));
        base.ompVariants = List.copyOf(vs);
        return v;
    }

    /**
     * The variant with its adjust_args and append_args resolved against the base function's
     * declaration (clang's checks and messages), or null when it cannot be one: its type must be
     * the base function's with an omp_interop_t parameter appended per append_args item.
     */
    private OmpClause.DeclaredVariant variantArgs(Pending v, Token name, Type type, List<Parser.ParamDecl> params) {
        List<Integer> needDevicePtr = new ArrayList<>();
        List<OmpClause.AppendInterop> appended = new ArrayList<>();
        boolean bad = false;
        for (OmpClause.VariantArgs a : v.args()) { // names are looked up as written (clang's parser)
            if (a.clause().equals("append_args")) {
                for (Object o : a.args()) appended.add((OmpClause.AppendInterop) o);
                continue;
            }
            for (Object o : a.args()) {
                if (o instanceof Token t && param(params, t) < 0 && p.lookup(t.text) == null) {
                    p.diags.error(t.loc, "use of undeclared identifier '" + t.text + "'");
                    bad = true;
                }
            }
        }
        Type want = type;
        if (!appended.isEmpty()) {
            if (type.oldStyle && (type.params == null || type.params.isEmpty())) {
                p.diags.error(
                        name.loc,
                        "function with '#pragma omp declare variant' must have a prototype when 'append_args' is used");
                return null;
            }
            if (type.variadic) {
                p.diags.error(name.loc, "'append_args' is not allowed with varargs functions");
                return null;
            }
            Type interop =
                    p.lookup("omp_interop_t") instanceof Parser.Typedef td ? td.type() : Type.pointerTo(Type.VOID);
            List<Type> ps = new ArrayList<>(type.params);
            for (int i = 0; i < appended.size(); i++) ps.add(interop);
            want = Type.func(type.base, ps, false, false);
        }
        if (bad || v.broken()) return null; // clang drops a directive with errors
        if (!Types.compatibleUnqualified(v.variant().type, want)) {
            p.diags.error(
                    v.at(),
                    "variant in '#pragma omp declare variant' with type " + TypePrinter.quoteAka(v.variant().type)
                            + " is incompatible with type " + TypePrinter.quoteAka(type)
                            + (appended.isEmpty() ? "" : " with appended arguments"));
            return null;
        }
        // then checked as clang's Sema does: the nothing lists first, then need_device_ptr's, then
        // (OpenMP 6.0) need_device_addr's, whose parameters must be references, which C lacks
        Set<Integer> adjusted = new HashSet<>();
        for (String modifier : List.of("nothing", "need_device_ptr", "need_device_addr")) {
            for (OmpClause.VariantArgs a : v.args()) {
                if (!a.clause().equals("adjust_args") || !modifier.equals(a.modifier())) continue;
                for (Object o : a.args()) {
                    int index = o instanceof Token t ? param(params, t) : -1;
                    if (o instanceof Token t && index < 0 && p.lookup(t.text) == null) continue; // reported above
                    if (index < 0) {
                        p.diags.error(
                                o instanceof Token t ? t.loc : (SourceLocation) o,
                                "expected reference to one of the parameters of function '" + name.text + "'");
                        bad = true;
                    } else if (!adjusted.add(index)) {
                        p.diags.error(
                                ((Token) o).loc,
                                "'adjust_arg' argument '" + ((Token) o).text + "' used in multiple clauses");
                        bad = true;
                    } else if (modifier.equals("need_device_ptr")) needDevicePtr.add(index);
                    else if (modifier.equals("need_device_addr")) {
                        p.diags.error(
                                ((Token) o).loc,
                                "expected reference type argument on 'adjust_args' clause with 'need_device_addr' modifier");
                        bad = true;
                    }
                }
            }
        }
        if (bad || v.broken()) return null; // clang drops a directive with errors
        return new OmpClause.DeclaredVariant(
                v.variant(), v.selector(), List.copyOf(needDevicePtr), List.copyOf(appended));
    }

    /** Variants waiting for declareGlobal to make the base function's Var (attached by {@link #attach}). */
    private final List<OmpClause.DeclaredVariant> after = new ArrayList<>();

    void attach(Var base) {
        if (after.isEmpty() || base == null) return;
        List<OmpClause.DeclaredVariant> vs = new ArrayList<>(base.ompVariants);
        vs.addAll(after);
        after.clear();
        base.ompVariants = List.copyOf(vs);
    }
}
