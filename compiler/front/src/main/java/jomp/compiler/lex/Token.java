package jomp.compiler.lex;

import jomp.compiler.diag.SourceLocation;

/**
 * A preprocessing token (C11 6.4), as the tokenizer makes it and the preprocessor hands it to
 * the parser. After preprocessing, identifiers that are keywords have kind KEYWORD, and a
 * {@code #pragma} line (or {@code _Pragma}) arrives as one PRAGMA token whose {@code text} is the
 * pragma's body (e.g. "omp target teams map(to: x[0:n])") and whose {@code pragmaTokens} holds
 * its tokens, so the parser can parse OpenMP directives with the ordinary token machinery.
 */
public final class Token {
    public enum Kind {
        IDENT,
        KEYWORD,
        PUNCT,
        NUMBER,
        CHAR,
        STRING,
        PRAGMA,
        EOF
    }

    public final Kind kind;
    /** The token's spelling as written (for STRING/CHAR: with quotes and prefix; for PRAGMA: its body). */
    public final String text;
    /** Where the token was written; for tokens from a macro expansion, where the expansion is. */
    public final SourceLocation loc;
    /** Whitespace came before this token (for -E and for # stringification). */
    public boolean spaceBefore;
    /** First token on its line (directives start here). */
    public boolean atLineStart;
    /** Macros this token must not expand again (the "hide set" of Prosser's algorithm). */
    public java.util.Set<String> hideSet = java.util.Set.of();
    /** For PRAGMA tokens: the body's tokens, followed by an EOF token. */
    public java.util.List<Token> pragmaTokens;

    public Token(Kind kind, String text, SourceLocation loc) {
        this.kind = kind;
        this.text = text;
        this.loc = loc;
    }

    public boolean is(String s) {
        return (kind == Kind.PUNCT || kind == Kind.KEYWORD || kind == Kind.IDENT) && text.equals(s);
    }

    public Token copy() {
        Token t = new Token(kind, text, loc);
        t.spaceBefore = spaceBefore;
        t.atLineStart = atLineStart;
        t.hideSet = hideSet;
        t.pragmaTokens = pragmaTokens;
        return t;
    }

    @Override
    public String toString() {
        return kind + " '" + text + "' at " + loc;
    }
}
