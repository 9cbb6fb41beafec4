package jomp.compiler.parse;

import jomp.compiler.preprocess.PreprocessorOptions;

/**
 * What the C standard of a compile ({@code -std=}, {@code -ansi}) and {@code -fgnu89-inline}
 * change in the parser, the part of clang's LangOptions jomp needs: {@code year} is the
 * standard's (1989 for C89 and C94, 1999, 2011, 2017, 2023) and {@code gnuInline} says whether
 * {@code inline} has its GNU89 meaning (an {@code extern inline} definition is for inlining only,
 * a plain {@code inline} one is an external definition).
 */
public record Language(int year, boolean gnuInline) {
    /** clang 19's default, gnu17. */
    public static final Language DEFAULT = new Language(2017, false);

    /** The language of a -std value (null: not given) and -f[no-]gnu89-inline (null: not given). */
    public static Language of(String std, Boolean gnu89Inline) {
        return new Language(PreprocessorOptions.standardYear(std), PreprocessorOptions.gnuInline(std, gnu89Inline));
    }

    /** C99 and later: implicit int and implicit function declarations are errors by default. */
    boolean c99() {
        return year >= 1999;
    }

    /** C23: no implicit int or implicit function declarations at all, and no K&R definitions. */
    boolean c23() {
        return year >= 2023;
    }
}
