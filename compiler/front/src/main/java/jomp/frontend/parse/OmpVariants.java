package jomp.frontend.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import jomp.frontend.ast.OmpClause;
import jomp.frontend.ast.Var;
import jomp.frontend.lex.Token;
import jomp.frontend.type.Type;
import jomp.frontend.type.TypePrinter;
import jomp.frontend.type.Types;

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
    /** Declare variants waiting for the function they are variants of (several directives may precede it). */
    private final List<OmpClause.DeclaredVariant> pending = new ArrayList<>();
    private final List<Token> pendingAt = new ArrayList<>();
    /** The selectors of the enclosing begin declare variant regions, innermost last. */
    private final Deque<OmpClause.Selector> regions = new ArrayDeque<>();
    private int count;

    OmpVariants(Parser p) { this.p = p; }

    void declareVariant(Var variant, OmpClause.Selector selector, Token at) {
        pending.add(new OmpClause.DeclaredVariant(variant, selector));
        pendingAt.add(at);
    }

    void begin(OmpClause.Selector s) { regions.push(s); }

    boolean end() {
        if (regions.isEmpty()) return false;
        regions.pop();
        return true;
    }

    /**
     * A function is being declared at file scope: attaches a pending declare variant to it, or,
     * inside begin/end declare variant, returns the variant's own Var (null: declare as usual).
     */
    Var declared(Token name, Type type, Object old) {
        if (!pending.isEmpty()) {
            for (int i = 0; i < pending.size(); i++) {
                OmpClause.DeclaredVariant v = pending.get(i);
                if (!Types.compatibleUnqualified(v.function().type, type)) {
                    p.diags.error(pendingAt.get(i).loc, "variant in '#pragma omp declare variant' with type " + TypePrinter.quoteAka(v.function().type)
                            + " is incompatible with type " + TypePrinter.quoteAka(type));
                    continue;
                }
                after.add(v);
            }
            pending.clear();
            pendingAt.clear();
            return null;
        }
        if (regions.isEmpty() || !(old instanceof Var base) || !base.isFunction()) return null;
        OmpClause.Selector sel = regions.peek();
        Var v = new Var(name.text + ".ompvariant." + (++count), type, name.loc, false);
        v.storage = Var.Storage.STATIC;
        v.used = true;   // calls to the base function reach it: never an unused function
        List<OmpClause.DeclaredVariant> vs = new ArrayList<>(base.ompVariants);
        vs.add(new OmpClause.DeclaredVariant(v, sel));
        base.ompVariants = List.copyOf(vs);
        return v;
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
