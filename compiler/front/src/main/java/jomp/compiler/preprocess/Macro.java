package jomp.compiler.preprocess;

import java.util.List;
import java.util.Set;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;

/**
 * A macro definition. For function-like macros, {@code paramIndex[i]} says which parameter body
 * token i names (-1 if none), computed once at #define so expansion does no name look-ups; the
 * variadic parameter (__VA_ARGS__ or GNU's named {@code args...}) has the last index.
 */
final class Macro {
    /**
     * Macros the preprocessor computes, as clang's built-in macros: object-like ones, and the
     * feature-test operators, which take a parenthesized operand wherever they appear.
     */
    enum Builtin {
        NONE(null, false),
        FILE("__FILE__", false),
        LINE("__LINE__", false),
        COUNTER("__COUNTER__", false),
        INCLUDE_LEVEL("__INCLUDE_LEVEL__", false),
        BASE_FILE("__BASE_FILE__", false),
        FILE_NAME("__FILE_NAME__", false),
        DATE("__DATE__", false),
        TIME("__TIME__", false),
        FLT_EVAL_METHOD("__FLT_EVAL_METHOD__", false),
        HAS_INCLUDE("__has_include", true),
        HAS_INCLUDE_NEXT("__has_include_next", true),
        HAS_EMBED("__has_embed", true),
        HAS_ATTRIBUTE("__has_attribute", true),
        HAS_C_ATTRIBUTE("__has_c_attribute", true),
        HAS_CPP_ATTRIBUTE("__has_cpp_attribute", true),
        HAS_DECLSPEC_ATTRIBUTE("__has_declspec_attribute", true),
        HAS_BUILTIN("__has_builtin", true),
        HAS_FEATURE("__has_feature", true),
        HAS_EXTENSION("__has_extension", true),
        HAS_WARNING("__has_warning", true),
        IS_IDENTIFIER("__is_identifier", true);

        final String spelling;
        /** Takes "(operand)". */
        final boolean operator;

        Builtin(String spelling, boolean operator) {
            this.spelling = spelling;
            this.operator = operator;
        }
    }

    final String name;
    final boolean functionLike;
    final List<String> params; // including the variadic one, if any
    final boolean variadic;
    final List<Token> body;
    final int[] paramIndex;
    final SourceLocation loc;
    final Builtin builtin;
    /** The hide set {name}, shared by every expansion of this macro whose input hide set is empty. */
    final Set<String> self;
    /** Whether the body uses ## (object-like macros without it are copied without substitution). */
    final boolean hasPaste;
    /** A variadic macro whose body uses __VA_OPT__. */
    final boolean hasVaOpt;

    Macro(
            String name,
            boolean functionLike,
            List<String> params,
            boolean variadic,
            List<Token> body,
            SourceLocation loc,
            Builtin builtin) {
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
        boolean vaOpt = false;
        for (Token t : body) vaOpt |= variadic && t.kind == Token.Kind.IDENT && t.text.equals("__VA_OPT__");
        this.hasVaOpt = vaOpt;
        paramIndex = new int[body.size()];
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i);
            paramIndex[i] = t.kind == Token.Kind.IDENT ? params.indexOf(t.text) : -1;
        }
    }

    /** C11 6.10.3p2: same parameters and same body tokens with the same whitespace separation. */
    boolean sameAs(Macro o) {
        if (functionLike != o.functionLike
                || variadic != o.variadic
                || !params.equals(o.params)
                || body.size() != o.body.size()) return false;
        for (int i = 0; i < body.size(); i++) {
            Token a = body.get(i), b = o.body.get(i);
            if (!a.text.equals(b.text) || (i > 0 && a.spaceBefore != b.spaceBefore)) return false;
        }
        return true;
    }
}
