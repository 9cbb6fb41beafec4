package jomp.compiler.preprocess;

import java.util.List;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.lex.Token;

/**
 * Reads the operands of the pragmas the preprocessor (and, for {@code diagnostic}, the parser)
 * acts on: {@code push_macro("X")}, {@code message("text")} / {@code GCC warning "text"}, and
 * {@code GCC diagnostic push|pop|ignored|warning|error "-Wflag"}.
 */
public final class PragmaArgs {
    private PragmaArgs() {}

    /** The string of {@code NAME ( "string" )}; null after reporting clang's warning when malformed. */
    static String parenString(List<Token> body, Diagnostics diags, Token name) {
        if (body.size() != 4
                || !body.get(1).is("(")
                || body.get(2).kind != Token.Kind.STRING
                || !body.get(3).is(")")) {
            diags.warning(name.loc, "pragma " + name.text + " requires a parenthesized string", "-Wignored-pragmas");
            return null;
        }
        return unquote(body.get(2).text);
    }

    /** The text of {@code ( "a" "b" )} or {@code "a" "b"} (adjacent strings joined); null if it is neither. */
    static String message(List<Token> toks) {
        int from = 0, to = toks.size();
        if (to >= 2 && toks.get(0).is("(") && toks.get(to - 1).is(")")) {
            from = 1;
            to--;
        }
        if (from >= to) return null;
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            if (toks.get(i).kind != Token.Kind.STRING) return null;
            sb.append(unquote(toks.get(i).text));
        }
        return sb.toString();
    }

    /**
     * {@code GCC diagnostic ...} (or {@code clang diagnostic ...}): applies it to diags' warning
     * state. Malformed or unknown forms are ignored with clang's warning.
     */
    public static void diagnostic(List<Token> body, Diagnostics diags) {
        if (body.size() < 3) {
            diags.warning(
                    body.get(body.size() - 1).loc,
                    "pragma diagnostic expected 'error', 'warning', 'ignored', 'fatal', 'push', or 'pop'",
                    "-Wunknown-pragmas");
            return;
        }
        Token action = body.get(2);
        switch (action.text) {
            case "push", "pop" -> diags.pragmaDiagnostic(action.text, null);
            case "ignored", "warning", "error", "fatal" -> {
                if (body.size() < 4 || body.get(3).kind != Token.Kind.STRING) {
                    diags.warning(
                            action.loc,
                            "pragma diagnostic expected option name (e.g. \"-Wundef\")",
                            "-Wunknown-pragmas");
                    return;
                }
                diags.pragmaDiagnostic(action.text, unquote(body.get(3).text));
            }
            default ->
                diags.warning(
                        action.loc,
                        "pragma diagnostic expected 'error', 'warning', 'ignored', 'fatal', 'push', or 'pop'",
                        "-Wunknown-pragmas");
        }
    }

    /** A plain string literal's characters, with \" and \\ undone. */
    static String unquote(String lit) {
        String s = lit.substring(lit.indexOf('"') + 1, lit.length() - 1);
        if (s.indexOf('\\') < 0) return s;
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) c = s.charAt(++i);
            sb.append(c);
        }
        return sb.toString();
    }
}
