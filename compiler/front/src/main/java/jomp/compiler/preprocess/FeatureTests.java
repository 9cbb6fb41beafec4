package jomp.compiler.preprocess;

import java.util.List;
import java.util.Set;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.lex.Token;

/**
 * What clang's feature-test operators answer in jomp: {@code __has_attribute},
 * {@code __has_c_attribute}, {@code __has_builtin}, {@code __has_feature}, {@code __has_extension},
 * {@code __has_warning} (and 0 for {@code __has_cpp_attribute} and
 * {@code __has_declspec_attribute}: no C++, no Microsoft extensions). The answers are truthful:
 * yes only for what jomp implements, so a header never takes a path jomp cannot follow. The
 * attribute and builtin sets are the parser's own (GnuAttributes, BuiltinCalls).
 */
final class FeatureTests {
    private FeatureTests() {}

    /** __has_feature: the C language features jomp has (clang's names). */
    static final Set<String> FEATURES = Set.of(
            "c_alignas",
            "c_alignof",
            "c_generic_selections",
            "c_static_assert",
            "c_thread_local",
            "attribute_deprecated_with_message",
            "attribute_unavailable_with_message",
            "enumerator_attributes");

    /** C23 attributes jomp takes in [[...]], with the value clang gives them. */
    private static final java.util.Map<String, Long> C_ATTRIBUTES = java.util.Map.of(
            "deprecated",
            201904L,
            "fallthrough",
            201910L,
            "maybe_unused",
            202106L,
            "nodiscard",
            202003L,
            "noreturn",
            202202L,
            "_Noreturn",
            202202L);

    /** The value of operator b (written as token t) applied to operand arg, as a number token. */
    static Token evaluate(Macro.Builtin b, Token t, List<Token> arg, Preprocessor pp, Diagnostics diags) {
        Token zero = new Token(Token.Kind.NUMBER, "0", t.loc);
        if (arg.isEmpty()) {
            diags.error(
                    t.loc,
                    b == Macro.Builtin.HAS_INCLUDE
                                    || b == Macro.Builtin.HAS_INCLUDE_NEXT
                                    || b == Macro.Builtin.HAS_EMBED
                            ? "expected \"FILENAME\" or <FILENAME>"
                            : "missing identifier after '" + t.text + "'");
            return zero;
        }
        long v;
        switch (b) {
            case HAS_INCLUDE, HAS_INCLUDE_NEXT -> {
                if (!pp.inDirective()) {
                    diags.error(t.loc, "'" + t.text + "' must be used within a preprocessing directive");
                    return zero;
                }
                Token first = arg.get(0);
                boolean quoted = first.kind == Token.Kind.STRING;
                String name;
                if (quoted) name = first.text.substring(1, first.text.length() - 1);
                else if (Preprocessor.isPunct(first, "<")) name = angledName(arg, 1);
                else {
                    diags.error(first.loc, "expected \"FILENAME\" or <FILENAME>");
                    return zero;
                }
                v = pp.headerExists(name, quoted, b == Macro.Builtin.HAS_INCLUDE_NEXT) ? 1 : 0;
            }
            case HAS_EMBED -> {
                if (!pp.inDirective()) {
                    diags.error(t.loc, "'" + t.text + "' must be used within a preprocessing directive");
                    return zero;
                }
                v = pp.embeds.hasEmbed(arg);
            }
            case IS_IDENTIFIER ->
                v = arg.size() == 1 && arg.get(0).kind == Token.Kind.IDENT && !Preprocessor.isKeyword(arg.get(0).text)
                        ? 1
                        : 0;
            case HAS_WARNING -> v = arg.get(0).kind == Token.Kind.STRING ? warning(arg.get(0).text) : 0;
            default -> {
                StringBuilder name = new StringBuilder();
                for (Token a : arg) name.append(a.text);
                v = value(b, name.toString());
            }
        }
        return new Token(Token.Kind.NUMBER, v > 1 ? v + "L" : Long.toString(v), t.loc);
    }

    /** The name between '<' (at index from - 1) and '>' of a header name spelled as tokens. */
    static String angledName(List<Token> toks, int from) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < toks.size() && !Preprocessor.isPunct(toks.get(i), ">"); i++) {
            if (sb.length() > 0 && toks.get(i).spaceBefore) sb.append(' ');
            sb.append(toks.get(i).text);
        }
        return sb.toString();
    }

    static long value(Macro.Builtin b, String name) {
        return switch (b) {
            case HAS_ATTRIBUTE -> Extensions.attribute(normalize(name)) ? 1 : 0;
            case HAS_C_ATTRIBUTE -> {
                String n = name.startsWith("gnu::") || name.startsWith("clang::") ? null : normalize(name);
                if (n == null) yield Extensions.attribute(normalize(name.substring(name.indexOf("::") + 2))) ? 1 : 0;
                yield C_ATTRIBUTES.getOrDefault(n, 0L);
            }
            case HAS_BUILTIN -> Extensions.builtin(name) ? 1 : 0;
            case HAS_FEATURE, HAS_EXTENSION -> FEATURES.contains(normalize(name)) ? 1 : 0;
            default -> 0;
        };
    }

    /** __has_warning("-Wflag"): the warnings jomp can give. */
    static long warning(String literal) {
        String flag = PragmaArgs.unquote(literal);
        return Extensions.warning(flag) ? 1 : 0;
    }

    private static String normalize(String n) {
        return n.length() > 4 && n.startsWith("__") && n.endsWith("__") ? n.substring(2, n.length() - 2) : n;
    }
}
