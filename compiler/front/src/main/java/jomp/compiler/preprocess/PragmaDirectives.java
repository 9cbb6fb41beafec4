package jomp.compiler.preprocess;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;
import jomp.compiler.lex.Tokenizer;

/**
 * The preprocessor's #pragma lines and _Pragma operators (C11 6.10.6, 6.10.9). Its own pragmas are
 * done here: once, GCC system_header, push_macro/pop_macro, GCC poison, GCC warning/error and
 * message, and GCC (or clang) diagnostic, which also goes on to the parser to govern its warnings.
 * The others become PRAGMA tokens for the parser (OpenMP's with their macros expanded, as in clang).
 * Part of the {@link Preprocessor}: reads its frames and macros, writes its output.
 */
final class PragmaDirectives {
    private final Preprocessor pp;
    private final Diagnostics diags;

    PragmaDirectives(Preprocessor pp) {
        this.pp = pp;
        this.diags = pp.diags;
    }

    /**
     * A #pragma line or _Pragma operator. The preprocessor's own pragmas are done here: once,
     * GCC system_header, push_macro/pop_macro, GCC poison, GCC warning/error and message, and GCC
     * (or clang) diagnostic, which also goes on to the parser to govern its warnings. The others
     * become PRAGMA tokens (OpenMP's with their macros expanded, as in clang).
     */
    void pragma(Token at, List<Token> body) {
        if (body.isEmpty()) return;
        Token first = body.get(0);
        Token second = body.size() > 1 ? body.get(1) : null;
        boolean gcc = first.is("GCC") || first.is("clang");
        if (first.is("once")) {
            once(first);
            return;
        }
        if (first.is("GCC") && second != null && second.is("system_header")) {
            systemHeader(at, second);
            return;
        }
        if (first.is("push_macro") || first.is("pop_macro")) {
            pushOrPopMacro(first, body);
            return;
        }
        if (gcc && second != null && second.is("poison")) {
            poison(body);
            return;
        }
        if (first.is("message") || gcc && second != null && (second.is("warning") || second.is("error"))) {
            message(first, second, gcc, body);
            return;
        }
        if (gcc && second != null && second.is("diagnostic")) PragmaArgs.diagnostic(body, diags);
        if (first.is("omp")) {
            List<Token> rest = pp.expandArg(body.subList(1, body.size()));
            List<Token> all = new ArrayList<>(rest.size() + 1);
            all.add(first);
            all.addAll(rest);
            body = all;
        }
        if (!pp.top().macrosOnly) pp.out.add(pragmaToken(at, body));
    }

    /** #pragma once (first: once). */
    private void once(Token first) {
        if (pp.frames.size() <= 3 && pp.top() == pp.frames.get(0)) {
            diags.warning(first.loc, "#pragma once in main file", "-Wpragma-once-outside-header");
        } else {
            pp.pragmaOnce.add(pp.top().key);
        }
    }

    /** #pragma GCC system_header (at: the pragma, second: system_header): the rest of the file is a system header's. */
    private void systemHeader(Token at, Token second) {
        Preprocessor.Frame f = pp.top();
        if (f == pp.frames.get(0)) {
            diags.warning(
                    second.loc, "#pragma system_header ignored in main file", "-Wpragma-system-header-outside-header");
        } else if (!f.system()) {
            f.flavor = HeaderSearch.Flavor.SYSTEM;
            f.file.markSystem();
            pp.markers.add(new Preprocessor.LineMarker(
                    pp.out.size(), f.presumedName, f.file.line(at.loc.offset()) + 1 + f.lineDelta, 0, true));
        }
    }

    /** #pragma push_macro("name") or pop_macro("name") (first: push_macro or pop_macro). */
    private void pushOrPopMacro(Token first, List<Token> body) {
        String name = PragmaArgs.parenString(body, diags, first);
        if (name == null) return;
        if (first.is("push_macro"))
            pushedMacros.computeIfAbsent(name, k -> new ArrayList<>()).add(pp.macros.get(name));
        else {
            List<Macro> stack = pushedMacros.get(name);
            if (stack == null || stack.isEmpty()) {
                diags.warning(
                        first.loc,
                        "pragma pop_macro could not pop '" + name + "', no matching push_macro",
                        "-Wignored-pragmas");
                return;
            }
            Macro m = stack.remove(stack.size() - 1);
            if (m == null) pp.macros.remove(name);
            else pp.macros.put(name, m);
        }
    }

    /** #pragma GCC poison identifiers. */
    private void poison(List<Token> body) {
        for (Token t : body.subList(2, body.size())) {
            if (t.kind != Token.Kind.IDENT) {
                diags.error(t.loc, "invalid #pragma GCC poison directive");
                return;
            }
            if (pp.macros.containsKey(t.text))
                diags.warning(t.loc, "poisoning existing macro '" + t.text + "'", "-Wpoison-system-directories");
            poisoned.add(t.text);
        }
    }

    /** #pragma message("text"), #pragma GCC warning "text" or GCC error "text" (gcc: GCC or clang first). */
    private void message(Token first, Token second, boolean gcc, List<Token> body) {
        boolean error = second != null && second.is("error") && gcc;
        List<Token> rest = pp.expandArg(body.subList(first.is("message") ? 1 : 2, body.size()));
        String msg = PragmaArgs.message(rest);
        if (msg == null) {
            diags.warning(
                    first.loc,
                    "pragma " + (first.is("message") ? "message" : first.text + " " + second.text)
                            + " requires parenthesized string",
                    "-Wignored-pragmas");
        } else if (error) {
            diags.error(first.loc, msg);
        } else {
            diags.warning(first.loc, msg, "-W#pragma-messages");
        }
    }

    /** Definitions saved by #pragma push_macro, by name (null: the name was not defined). */
    private final Map<String, List<Macro>> pushedMacros = new HashMap<>();

    /** Identifiers named by #pragma GCC poison. */
    final Set<String> poisoned = new HashSet<>();

    private static Token pragmaToken(Token at, List<Token> body) {
        StringBuilder sb = new StringBuilder();
        List<Token> toks = new ArrayList<>(body.size() + 1);
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i);
            if (i > 0 && t.spaceBefore) sb.append(' ');
            sb.append(t.text);
            Token c = t.copy();
            c.atLineStart = false;
            c.hideSet = Set.of();
            toks.add(c);
        }
        Token eof = new Token(
                Token.Kind.EOF, "", body.isEmpty() ? at.loc : Preprocessor.afterToken(body.get(body.size() - 1)));
        toks.add(eof);
        Token p = new Token(Token.Kind.PRAGMA, sb.toString(), at.loc);
        p.atLineStart = true;
        p.spaceBefore = at.spaceBefore;
        p.pragmaTokens = toks;
        return p;
    }

    /** _Pragma ( string-literal ): destringized and handled like a #pragma line (C11 6.10.9). */
    boolean pragmaOperator(Token t, Preprocessor.Stream s) {
        Token lp = pp.peek(s);
        if (!Preprocessor.isPunct(lp, "(")) return false;
        pp.next(s);
        Token str = pp.next(s);
        Token rp = str.kind == Token.Kind.STRING ? pp.next(s) : str;
        if (str.kind != Token.Kind.STRING || !Preprocessor.isPunct(rp, ")")) {
            diags.error(t.loc, "_Pragma takes a parenthesized string literal");
            if (!Preprocessor.isPunct(rp, ")") && Preprocessor.isPunct(pp.peek(s), ")")) pp.next(s);
            return true;
        }
        String text = str.text.substring(str.text.indexOf('"') + 1, str.text.length() - 1);
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && (text.charAt(i + 1) == '"' || text.charAt(i + 1) == '\\'))
                c = text.charAt(++i);
            sb.append(c);
        }
        List<Token> raw = Tokenizer.tokenize(new SourceFile(t.loc.presumedFile(), sb.toString()), diags);
        List<Token> body = new ArrayList<>(raw.size());
        for (Token r : raw) {
            if (r.kind == Token.Kind.EOF) break;
            Token c = new Token(r.kind, r.text, t.loc);
            c.spaceBefore = r.spaceBefore;
            body.add(c);
        }
        pragma(t, body);
        return true;
    }
}
