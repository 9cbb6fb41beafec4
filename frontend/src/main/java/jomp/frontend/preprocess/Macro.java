package jomp.frontend.preprocess;

import java.util.List;
import java.util.Set;

import jomp.frontend.diag.SourceLocation;
import jomp.frontend.lex.Token;

/**
 * A macro definition. For function-like macros, {@code paramIndex[i]} says which parameter body
 * token i names (-1 if none), computed once at #define so expansion does no name look-ups; the
 * variadic parameter (__VA_ARGS__ or GNU's named {@code args...}) has the last index.
 */
final class Macro {
    enum Builtin { NONE, FILE, LINE, COUNTER, INCLUDE_LEVEL, BASE_FILE }

    final String name;
    final boolean functionLike;
    final List<String> params;      // including the variadic one, if any
    final boolean variadic;
    final List<Token> body;
    final int[] paramIndex;
    final SourceLocation loc;
    final Builtin builtin;
    /** The hide set {name}, shared by every expansion of this macro whose input hide set is empty. */
    final Set<String> self;
    /** Whether the body uses ## (object-like macros without it are copied without substitution). */
    final boolean hasPaste;

    Macro(String name, boolean functionLike, List<String> params, boolean variadic, List<Token> body,
          SourceLocation loc, Builtin builtin) {
        this.name = name;
        this.functionLike = functionLike;
        this.params = params;
        this.variadic = variadic;
        this.body = body;
        this.loc = loc;
        this.builtin = builtin;
        this.self = Set.of(name);
        boolean paste = false;
        for (Token t : body) paste |= t.kind == Token.Kind.PUNCT && t.text.equals("##");
        this.hasPaste = paste;
        paramIndex = new int[body.size()];
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i);
            paramIndex[i] = t.kind == Token.Kind.IDENT ? params.indexOf(t.text) : -1;
        }
    }

    /** C11 6.10.3p2: same parameters and same body tokens with the same whitespace separation. */
    boolean sameAs(Macro o) {
        if (functionLike != o.functionLike || variadic != o.variadic || !params.equals(o.params)
            || body.size() != o.body.size()) return false;
        for (int i = 0; i < body.size(); i++) {
            Token a = body.get(i), b = o.body.get(i);
            if (!a.text.equals(b.text) || (i > 0 && a.spaceBefore != b.spaceBefore)) return false;
        }
        return true;
    }
}
