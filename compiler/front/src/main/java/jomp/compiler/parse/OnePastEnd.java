package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Expr;

/**
 * -Warray-bounds and the one-past-the-end subscript, as clang 19 decides it: {@code a[N]} of a
 * {@code T[N]} warns, except on the lvalue path of an operand of unary {@code &} ({@code &a[N]},
 * {@code &(a[N])}, {@code &a[N].x}, {@code &a[N][0]}), which only forms the one-past-the-end
 * pointer C allows ({@code #define endof(a) (&(a)[sizeof(a) / sizeof *(a)])}). The parser meets
 * the subscript before it knows the {@code &}'s whole operand, so such warnings wait here until the
 * operand is complete.
 */
final class OnePastEnd {
    private record Pending(Expr subscript, Runnable warn) {}

    private int depth; // operands of '&' being parsed
    private final List<Pending> pending = new ArrayList<>();
    private final Map<Expr, Expr> baseOf = new IdentityHashMap<>(); // a subscript's result -> its base, under '&'

    /** Parsing an operand of unary '&' starts; returns the mark to give {@link #leave}. */
    int enter() {
        depth++;
        return pending.size();
    }

    /** A subscript {@code base[i]} giving {@code result} was parsed: its base, for the operand's path. */
    void subscript(Expr result, Expr base) {
        if (depth > 0) baseOf.put(result, base);
    }

    /** A one-past-the-end subscript: warns now, or once the enclosing '&' operand shows whether it is on its path. */
    void onePastEnd(Expr result, Runnable warn) {
        if (depth > 0) pending.add(new Pending(result, warn));
        else warn.run();
    }

    /**
     * The operand of '&' started at {@code mark} is {@code operand} (null when its parse failed):
     * the waiting warnings of subscripts on its path are dropped, the others are given (or wait on for
     * an enclosing '&').
     */
    void leave(int mark, Expr operand) {
        depth--;
        List<Pending> mine = new ArrayList<>(pending.subList(mark, pending.size()));
        pending.subList(mark, pending.size()).clear();
        Set<Expr> path = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Expr x = operand; x != null; x = x instanceof Expr.Member m ? m.base() : baseOf.get(x)) path.add(x);
        for (Pending w : mine) {
            if (path.contains(w.subscript())) continue;
            if (depth > 0) pending.add(w);
            else w.warn().run();
        }
        if (depth == 0) baseOf.clear();
    }
}
