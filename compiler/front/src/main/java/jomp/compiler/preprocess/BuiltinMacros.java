package jomp.compiler.preprocess;

import static jomp.compiler.preprocess.Preprocessor.isPunct;
import static jomp.compiler.preprocess.Preprocessor.quote;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.lex.Token;

/**
 * The built-in macros ({@link Macro.Builtin}): {@code __FILE__}, {@code __LINE__},
 * {@code __COUNTER__}, {@code __DATE__}, ... become one token each, computed where they are
 * used; the feature-test operators ({@code __has_include(...)}, ...) read their operand and
 * are answered by {@link FeatureTests}. Separate from the {@link Preprocessor} because their
 * values come from state of their own (the counter, the date and time the run began).
 */
final class BuiltinMacros {
    private final Preprocessor pp;
    private final Diagnostics diags;
    /** The main file of the current run, for __BASE_FILE__. */
    String baseFile;

    private int counter;
    private final String date, time;

    BuiltinMacros(Preprocessor pp) {
        this.pp = pp;
        this.diags = pp.diags;
        LocalDateTime now = LocalDateTime.now(java.time.ZoneId.systemDefault());
        String[] months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
        date = "\"" + months[now.getMonthValue() - 1] + " " + (now.getDayOfMonth() < 10 ? " " : "")
                + now.getDayOfMonth() + " " + now.getYear() + "\"";
        time = String.format("\"%02d:%02d:%02d\"", now.getHour(), now.getMinute(), now.getSecond());
    }

    /** Defines every built-in macro that has a spelling. */
    static void defineAll(Map<String, Macro> macros) {
        for (Macro.Builtin b : Macro.Builtin.values()) {
            if (b.spelling != null)
                macros.put(b.spelling, new Macro(b.spelling, false, List.of(), false, List.of(), null, b));
        }
    }

    /** The token a built-in macro use t stands for, reading a feature-test operator's operand from s. */
    Token expand(Macro m, Token t, Preprocessor.Stream s) {
        return m.builtin.operator ? operator(m.builtin, t, s) : token(m, t);
    }

    private Token token(Macro m, Token t) {
        return switch (m.builtin) {
            case FILE -> new Token(Token.Kind.STRING, quote(t.loc.presumedFile()), t.loc);
            case LINE -> new Token(Token.Kind.NUMBER, Integer.toString(t.loc.presumedLine()), t.loc);
            case COUNTER -> new Token(Token.Kind.NUMBER, Integer.toString(counter++), t.loc);
            case INCLUDE_LEVEL ->
                new Token(Token.Kind.NUMBER, Integer.toString(Math.max(0, pp.visibleDepth() - 1)), t.loc);
            case BASE_FILE -> new Token(Token.Kind.STRING, quote(baseFile), t.loc);
            case FILE_NAME -> {
                String f = t.loc.presumedFile();
                yield new Token(Token.Kind.STRING, quote(f.substring(f.lastIndexOf('/') + 1)), t.loc);
            }
            case DATE -> new Token(Token.Kind.STRING, date, t.loc);
            case TIME -> new Token(Token.Kind.STRING, time, t.loc);
            case FLT_EVAL_METHOD -> new Token(Token.Kind.NUMBER, "0", t.loc);
            default -> throw new IllegalStateException(m.builtin.name());
        };
    }

    /**
     * A feature-test operator and its parenthesized operand, read from the stream (clang's
     * {@code __has_include(<x.h>)}, {@code __has_attribute(packed)}, ...), replaced by its value.
     * A header name is taken as written; an identifier operand that names a macro is expanded.
     */
    private Token operator(Macro.Builtin b, Token t, Preprocessor.Stream s) {
        Token zero = new Token(Token.Kind.NUMBER, "0", t.loc);
        if (!isPunct(pp.peek(s), "(")) {
            diags.error(t.loc, "missing '(' after '" + t.text + "'");
            return zero;
        }
        pp.next(s);
        List<Token> arg = new ArrayList<>();
        int depth = 0;
        while (true) {
            Token a = pp.next(s);
            if (a.kind == Token.Kind.EOF) {
                diags.error(t.loc, "missing ')' after '" + t.text + "'");
                if (s.main) s.stack.add(a);
                return zero;
            }
            if (isPunct(a, "(")) depth++;
            else if (isPunct(a, ")") && depth-- == 0) break;
            arg.add(a);
        }
        if (!arg.isEmpty() && arg.get(0).kind == Token.Kind.IDENT && pp.macros.containsKey(arg.get(0).text))
            arg = pp.expandArg(arg);
        return FeatureTests.evaluate(b, t, arg, pp, diags);
    }
}
