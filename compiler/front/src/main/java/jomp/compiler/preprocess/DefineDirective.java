package jomp.compiler.preprocess;

import static jomp.compiler.preprocess.Preprocessor.afterToken;
import static jomp.compiler.preprocess.Preprocessor.isPunct;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.lex.Token;

/**
 * {@code #define} and {@code #undef}: reads a macro's parameter list and body from the directive
 * line, checks them as clang does ({@code ##} at either end, {@code #} not before a parameter,
 * a redefinition that differs), and puts the {@link Macro} in the {@link Preprocessor}'s table.
 * Separate from the other directives because a definition's syntax is a small parser of its own.
 */
final class DefineDirective {
    private final Preprocessor pp;
    private final Diagnostics diags;

    DefineDirective(Preprocessor pp) {
        this.pp = pp;
        this.diags = pp.diags;
    }

    void define(Token d) {
        Token name = pp.macroName(d);
        if (name == null) return;
        List<String> params = new ArrayList<>();
        boolean functionLike = false, variadic = false;
        if (!pp.lineEnded() && isPunct(pp.peekFrame(), "(") && !pp.peekFrame().spaceBefore) {
            functionLike = true;
            pp.frameNext();
            if (!parseParams(params)) {
                pp.skipLine();
                return;
            }
            variadic = !params.isEmpty() && params.get(params.size() - 1).endsWith("...");
            if (variadic) {
                String v = params.remove(params.size() - 1);
                params.add(v.equals("...") ? "__VA_ARGS__" : v.substring(0, v.length() - 3));
            }
        }
        List<Token> body = pp.readLine();
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i).copy();
            t.atLineStart = false;
            if (i == 0) t.spaceBefore = false;
            body.set(i, t);
        }
        if (!body.isEmpty() && isPunct(body.get(0), "##")) {
            diags.error(body.get(0).loc, "'##' cannot appear at start of macro expansion");
            return;
        }
        if (!body.isEmpty() && isPunct(body.get(body.size() - 1), "##")) {
            diags.error(body.get(body.size() - 1).loc, "'##' cannot appear at end of macro expansion");
            return;
        }
        if (functionLike) {
            for (int i = 0; i < body.size(); i++) {
                if (isPunct(body.get(i), "#")) {
                    Token n = i + 1 < body.size() ? body.get(i + 1) : null;
                    if (n == null || n.kind != Token.Kind.IDENT || !params.contains(n.text)) {
                        diags.error(
                                n == null ? afterToken(body.get(i)) : n.loc,
                                "'#' is not followed by a macro parameter");
                        return;
                    }
                }
            }
        }
        Macro m = new Macro(
                name.text,
                functionLike,
                List.copyOf(params),
                variadic,
                List.copyOf(body),
                name.loc,
                Macro.Builtin.NONE);
        Macro old = pp.macros.get(name.text);
        if (old != null && old.loc != null && !old.sameAs(m)) {
            diags.warning(name.loc, "'" + name.text + "' macro redefined", "-Wmacro-redefined");
            diags.note(old.loc, "previous definition is here");
        }
        pp.macros.put(name.text, m);
    }

    /** Parses "a, b, ...)" after '('; variadic parameters come back as "..." or "name...". */
    private boolean parseParams(List<String> params) {
        if (!pp.lineEnded() && isPunct(pp.peekFrame(), ")")) {
            pp.frameNext();
            return true;
        }
        while (true) {
            if (pp.lineEnded()) {
                diags.error(afterToken(pp.lastRead()), "missing ')' in macro parameter list");
                return false;
            }
            Token t = pp.frameNext();
            if (isPunct(t, "...")) {
                params.add("...");
                if (pp.lineEnded() || !isPunct(pp.peekFrame(), ")")) {
                    diags.error(
                            pp.lineEnded() ? afterToken(t) : pp.peekFrame().loc, "missing ')' in macro parameter list");
                    return false;
                }
                pp.frameNext();
                return true;
            }
            if (t.kind != Token.Kind.IDENT) {
                diags.error(
                        t.loc,
                        isPunct(t, ")") || isPunct(t, ",")
                                ? "expected identifier in macro parameter list"
                                : "invalid token in macro parameter list");
                return false;
            }
            if (params.contains(t.text)) {
                diags.error(t.loc, "duplicate macro parameter name '" + t.text + "'");
                return false;
            }
            if (!pp.lineEnded() && isPunct(pp.peekFrame(), "...")) {
                pp.frameNext();
                params.add(t.text + "...");
                if (pp.lineEnded() || !isPunct(pp.peekFrame(), ")")) {
                    diags.error(
                            pp.lineEnded() ? afterToken(pp.lastRead()) : pp.peekFrame().loc,
                            "missing ')' in macro parameter list");
                    return false;
                }
                pp.frameNext();
                return true;
            }
            params.add(t.text);
            if (pp.lineEnded()) {
                diags.error(afterToken(t), "missing ')' in macro parameter list");
                return false;
            }
            Token sep = pp.frameNext();
            if (isPunct(sep, ")")) return true;
            if (!isPunct(sep, ",")) {
                diags.error(sep.loc, "expected comma in macro parameter list");
                return false;
            }
        }
    }

    void undef(Token d) {
        Token name = pp.macroName(d);
        if (name == null) return;
        pp.extraTokens("undef");
        pp.macros.remove(name.text);
    }
}
