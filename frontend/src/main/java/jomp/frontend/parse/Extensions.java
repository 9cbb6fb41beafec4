package jomp.frontend.parse;

import java.util.Set;

/**
 * The GNU/clang extensions the parser implements, for the preprocessor's feature tests
 * ({@code __has_attribute}, {@code __has_builtin}, {@code __has_warning}): one list, the one the
 * parser itself uses, so the answers stay true.
 */
public final class Extensions {
    private Extensions() {}

    /** Is this (normalized) attribute name one jomp honours? */
    public static boolean attribute(String name) { return GnuAttributes.SUPPORTED.contains(name); }

    /** Is this a builtin function jomp implements? */
    public static boolean builtin(String name) { return BuiltinCalls.isBuiltin(name) || Parser.KEYWORD_BUILTINS.contains(name); }

    /** The warning flags jomp's diagnostics carry. */
    private static final Set<String> WARNINGS = Set.of("-W#pragma-messages", "-W#warnings", "-Warray-bounds",
        "-Wcompare-distinct-pointer-types", "-Wdivision-by-zero", "-Wexcess-initializers", "-Wextern-initializer",
        "-Wextra-tokens", "-Wformat", "-Wformat-extra-args", "-Wformat-insufficient-args", "-Wformat-invalid-specifier",
        "-Wgnu-pointer-arith", "-Wignored-pragmas", "-Wimplicitly-unsigned-literal", "-Winclude-next-outside-header",
        "-Wincompatible-pointer-types", "-Wincompatible-pointer-types-discards-qualifiers", "-Winvalid-pp-token",
        "-Wmacro-redefined", "-Wmissing-declarations", "-Wmultichar", "-Wpointer-arith", "-Wpointer-integer-compare",
        "-Wpointer-sign", "-Wpointer-type-mismatch", "-Wpragma-once-outside-header", "-Wpredefined-identifier-outside-function",
        "-Wreturn-type", "-Wshift-count-negative", "-Wshift-count-overflow", "-Wunknown-escape-sequence",
        "-Wunknown-pragmas", "-Wunused-comparison", "-Wunused-value", "-Wvarargs", "-Wvoid-ptr-dereference",
        "-Wunknown-attributes", "-Wimplicit-function-declaration");

    public static boolean warning(String flag) { return WARNINGS.contains(flag); }
}
