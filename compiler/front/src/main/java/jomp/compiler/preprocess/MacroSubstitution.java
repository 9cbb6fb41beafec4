package jomp.compiler.preprocess;

import static jomp.compiler.preprocess.Preprocessor.isPunct;
import static jomp.compiler.preprocess.Preprocessor.relocate;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;
import jomp.compiler.lex.Tokenizer;

/**
 * Puts a function-like macro's arguments into its body (C11 6.10.3.1-3): {@code #} stringizes,
 * {@code ##} pastes, other parameters get their fully expanded argument, GNU's
 * {@code , ## __VA_ARGS__} drops the comma when there are no variadic arguments, and
 * {@code __VA_OPT__(x)} (C23, clang 19 in every mode) gives x only when the variadic argument
 * is not empty after expansion.
 */
final class MacroSubstitution {
    private static final Diagnostics QUIET = new Diagnostics(new PrintStream(OutputStream.nullOutputStream()));

    private final Preprocessor pp;
    private final Diagnostics diags;

    MacroSubstitution(Preprocessor pp, Diagnostics diags) {
        this.pp = pp;
        this.diags = diags;
    }

    /** Substitutes arguments into a function-like macro's body (C11 6.10.3.1-3). */
    List<Token> subst(Macro m, List<List<Token>> args, Token site) {
        if (m.hasVaOpt) m = withoutVaOpt(m, args);
        List<Token> body = m.body;
        List<Token> res = new ArrayList<>(body.size() + 8);
        @SuppressWarnings("unchecked")
        List<Token>[] expanded = (List<Token>[]) new List<?>[args.size()];
        int vaIndex = m.variadic ? m.params.size() - 1 : -1;
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i);
            int p = m.paramIndex[i];
            boolean nextIsPaste = i + 1 < body.size() && isPunct(body.get(i + 1), "##");
            // # param: stringize the unexpanded argument
            if (isPunct(t, "#") && i + 1 < body.size() && m.paramIndex[i + 1] >= 0) {
                Token str = new Token(Token.Kind.STRING, stringize(args.get(m.paramIndex[i + 1])), site.loc);
                str.spaceBefore = t.spaceBefore;
                res.add(str);
                i++;
                continue;
            }
            // GNU: , ## __VA_ARGS__ drops the comma when the variadic argument is empty
            if (isPunct(t, ",")
                    && nextIsPaste
                    && i + 2 < body.size()
                    && m.paramIndex[i + 2] == vaIndex
                    && vaIndex >= 0) {
                if (args.get(vaIndex) == Preprocessor.OMITTED) {
                    i += 2;
                    continue;
                }
                res.add(relocate(t, site.loc, Set.of()));
                i++; // the __VA_ARGS__ is substituted next
                continue;
            }
            if (isPunct(t, "##") && i + 1 < body.size()) {
                int q = m.paramIndex[i + 1];
                List<Token> rhs = q >= 0 ? args.get(q) : List.of(body.get(i + 1));
                i++;
                if (rhs.isEmpty()) continue;
                int start = 0;
                if (!res.isEmpty()) {
                    Token lhs = res.remove(res.size() - 1);
                    res.add(paste(lhs, rhs.get(0), site));
                    start = 1;
                }
                for (int k = start; k < rhs.size(); k++) res.add(argCopy(rhs.get(k), site, q >= 0, k == 0 ? t : null));
                continue;
            }
            if (p >= 0) {
                List<Token> arg;
                if (nextIsPaste) {
                    arg = args.get(p); // operand of ##: not expanded
                    if (arg.isEmpty()) {
                        // placemarker: "x ## y" with empty x is just y
                        int q = i + 2 < body.size() ? m.paramIndex[i + 2] : -1;
                        if (q >= 0) {
                            List<Token> rhs = args.get(q);
                            for (int k = 0; k < rhs.size(); k++)
                                res.add(argCopy(rhs.get(k), site, true, k == 0 ? t : null));
                            i += 2;
                        } else {
                            i += 1; // the ## is skipped; its right side is copied normally
                        }
                        continue;
                    }
                } else {
                    if (expanded[p] == null) expanded[p] = pp.expandArg(args.get(p));
                    arg = expanded[p];
                }
                Token spacing = i > 0 && isPunct(body.get(i - 1), "##") ? null : t; // after ", ##": the argument's own
                for (int k = 0; k < arg.size(); k++) res.add(argCopy(arg.get(k), site, true, k == 0 ? spacing : null));
                continue;
            }
            res.add(relocate(t, site.loc, Set.of()));
        }
        return res;
    }

    /**
     * The body with each {@code __VA_OPT__(x)} replaced by x when the variadic argument has tokens
     * after expansion (clang's reading), by nothing otherwise; a {@code ##} next to a group that
     * vanishes goes with it, so {@code a ## __VA_OPT__(b)} is a, as a placemarker would make it.
     */
    private Macro withoutVaOpt(Macro m, List<List<Token>> args) {
        List<Token> va = args.get(m.params.size() - 1);
        boolean present = va != Preprocessor.OMITTED && !pp.expandArg(va).isEmpty();
        List<Token> body = m.body, out = new ArrayList<>(body.size());
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i);
            if (!(t.kind == Token.Kind.IDENT && t.text.equals("__VA_OPT__"))
                    || i + 1 >= body.size()
                    || !isPunct(body.get(i + 1), "(")) {
                out.add(t);
                continue;
            }
            int depth = 0, j = i + 1;
            for (; j < body.size(); j++) {
                if (isPunct(body.get(j), "(")) depth++;
                else if (isPunct(body.get(j), ")") && --depth == 0) break;
            }
            if (j >= body.size()) {
                diags.error(t.loc, "unterminated __VA_OPT__ argument list");
                return m;
            }
            if (!out.isEmpty() && isPunct(out.get(out.size() - 1), "#")) {
                diags.error(t.loc, "jomp does not support '#__VA_OPT__'");
                return m;
            }
            if (present) {
                List<Token> inner = body.subList(i + 2, j);
                for (int k = 0; k < inner.size(); k++) {
                    Token c = inner.get(k);
                    if (k == 0 && c.spaceBefore != t.spaceBefore) {
                        c = c.copy();
                        c.spaceBefore = t.spaceBefore;
                    }
                    out.add(c);
                }
            } else {
                if (!out.isEmpty() && isPunct(out.get(out.size() - 1), "##")) out.remove(out.size() - 1);
                else if (j + 1 < body.size() && isPunct(body.get(j + 1), "##")) j++;
            }
            i = j;
        }
        return new Macro(m.name, true, m.params, true, out, m.loc, Macro.Builtin.NONE);
    }

    /** A copy of an argument token (which keeps its own location) or of a body token. */
    private static Token argCopy(Token a, Token site, boolean fromArg, Token spacingFrom) {
        Token c = fromArg ? a.copy() : relocate(a, site.loc, Set.of());
        if (c.atLineStart) c.spaceBefore = true; // a newline inside the arguments is whitespace
        c.atLineStart = false;
        if (spacingFrom != null) c.spaceBefore = spacingFrom.spaceBefore;
        return c;
    }

    /** C11 6.10.3.2: the spelling of the argument as a string literal. */
    static String stringize(List<Token> arg) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < arg.size(); i++) {
            Token t = arg.get(i);
            if (i > 0 && (t.spaceBefore || t.atLineStart)) sb.append(' ');
            String text = t.kind == Token.Kind.PRAGMA ? "_Pragma(\"" + t.text + "\")" : t.text;
            if (t.kind == Token.Kind.STRING || t.kind == Token.Kind.CHAR) {
                for (int k = 0; k < text.length(); k++) {
                    char c = text.charAt(k);
                    if (c == '"' || c == '\\') sb.append('\\');
                    sb.append(c);
                }
            } else {
                sb.append(text);
            }
        }
        return sb.append('"').toString();
    }

    /** C11 6.10.3.3: glues two tokens; the result must be one token. */
    Token paste(Token lhs, Token rhs, Token site) {
        String text = lhs.text + rhs.text;
        Token.Kind kind = null;
        if ((lhs.kind == Token.Kind.IDENT || lhs.kind == Token.Kind.NUMBER)
                && (rhs.kind == Token.Kind.IDENT || rhs.kind == Token.Kind.NUMBER)
                && isIdentChars(rhs.text)) {
            kind = lhs.kind; // the common case, without re-lexing
        } else {
            List<Token> ts = Tokenizer.tokenize(new SourceFile("<paste>", text), QUIET);
            if (ts.size() == 2
                    && ts.get(0).kind != Token.Kind.EOF
                    && (ts.get(0).text.equals(text) || DIGRAPHS.contains(text))) {
                kind = ts.get(0).kind;
                text = ts.get(0).text;
            } else if (text.isEmpty()) {
                return lhs;
            }
        }
        if (kind == null) {
            diags.error(site.loc, "pasting formed '" + text + "', an invalid preprocessing token");
            kind = Token.Kind.PUNCT;
        }
        Token r = new Token(kind, text, lhs.loc);
        r.spaceBefore = lhs.spaceBefore;
        r.hideSet = lhs.hideSet;
        return r;
    }

    private static final Set<String> DIGRAPHS = Set.of("<:", ":>", "<%", "%>", "%:", "%:%:");

    private static boolean isIdentChars(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '$' || c >= 0x80)) return false;
        }
        return true;
    }
}
