package jomp.compiler.preprocess;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The GNU/clang extensions jomp implements, for the preprocessor's feature tests
 * ({@code __has_attribute}, {@code __has_builtin}, {@code __has_warning}) and for the parser,
 * which checks attributes and recognises builtins by these same lists: one list each, kept here,
 * below both, so that the answers stay true (clang keeps its Builtins.def and attribute list in
 * Basic for the same reason).
 */
public final class Extensions {
    private Extensions() {}

    /** The attributes whose meaning jomp implements or that are hints (the parser's GnuAttributes). */
    public static final Set<String> ATTRIBUTES = Set.of(
            // meaning jomp implements
            "aligned",
            "packed",
            "mode",
            "transparent_union",
            "gnu_inline",
            "noreturn",
            "unused",
            "used",
            "maybe_unused",
            "constructor",
            "destructor",
            "deprecated",
            "unavailable",
            "fallthrough",
            "warn_unused_result",
            "nodiscard",
            "format",
            "format_arg",
            "cleanup",
            "alias",
            "ifunc",
            "weak",
            "weakref",
            "vector_size",
            // hints: a correct program does the same with or without them
            "const",
            "pure",
            "nothrow",
            "leaf",
            "cold",
            "hot",
            "always_inline",
            "noinline",
            "noipa",
            "noclone",
            "flatten",
            "malloc",
            "alloc_size",
            "alloc_align",
            "assume_aligned",
            "returns_nonnull",
            "nonnull",
            "sentinel",
            "artificial",
            "visibility",
            "externally_visible",
            "no_instrument_function",
            "no_sanitize",
            "no_sanitize_address",
            "no_sanitize_thread",
            "no_sanitize_undefined",
            "no_stack_protector",
            "nonstring",
            "access",
            "may_alias",
            "returns_twice",
            "warning",
            "error",
            "designated_init",
            "optimize",
            "common",
            "nocommon",
            "tls_model",
            "retain",
            "fd_arg",
            "fd_arg_read",
            "fd_arg_write",
            "null_terminated_string_arg",
            "counted_by",
            "flag_enum",
            "enum_extensibility",
            "analyzer_noreturn",
            "no_split_stack",
            "disable_tail_calls",
            "minsize",
            "nodebug",
            "no_profile_instrument_function",
            "preserve_most",
            "preserve_all",
            "noescape",
            "uninitialized",
            "cpu_specific",
            "warn_if_not_aligned",
            "no_reorder",
            "target",
            "simd",
            "pass_object_size",
            "pass_dynamic_object_size");

    /** The builtins with a function-call syntax that jomp implements. */
    public static final Set<String> BUILTINS;

    static {
        Set<String> s = new HashSet<>(List.of(
                "__builtin_va_start",
                "__builtin_va_end",
                "__builtin_va_copy",
                "__builtin_complex",
                "__builtin_expect",
                "__builtin_expect_with_probability",
                "__builtin_constant_p",
                "__builtin_object_size",
                "__builtin_dynamic_object_size",
                "__builtin_classify_type",
                "__builtin_unreachable",
                "__builtin_trap",
                "__builtin_cpu_init",
                "__builtin_cpu_supports",
                "__builtin_cpu_is",
                "__builtin_alloca",
                "__builtin_alloca_with_align",
                "__builtin_assume_aligned",
                "__builtin_prefetch",
                "__builtin_assume",
                "__builtin_LINE",
                "__builtin_FILE",
                "__builtin_FUNCTION",
                "__builtin_bswap16",
                "__builtin_bswap32",
                "__builtin_bswap64",
                "__builtin_isnan",
                "__builtin_isinf",
                "__builtin_isfinite",
                "__builtin_isnormal",
                "__builtin_isinf_sign",
                "__builtin_signbit",
                "__builtin_signbitf",
                "__builtin_signbitl",
                "__builtin_fpclassify",
                "__builtin_isfpclass",
                "__builtin_isgreater",
                "__builtin_isgreaterequal",
                "__builtin_isless",
                "__builtin_islessequal",
                "__builtin_islessgreater",
                "__builtin_isunordered"));
        for (String f : List.of("inf", "huge_val", "nan", "nans"))
            for (String suf : List.of("", "f", "l", "q", "f128")) s.add("__builtin_" + f + suf);
        // __float128's (gcc's q forms, the f128 ones clang has too): BuiltinCalls.quad
        s.addAll(List.of(
                "__builtin_fabsq",
                "__builtin_fabsf128",
                "__builtin_copysignq",
                "__builtin_copysignf128",
                "__builtin_sqrtf128"));
        for (String f : List.of("clz", "ctz", "popcount", "ffs", "parity", "clrsb"))
            for (String suf : List.of("", "l", "ll")) s.add("__builtin_" + f + suf);
        BUILTINS = Set.copyOf(s);
    }

    /** GCC's __sync and __atomic builtins jomp implements (parse.AtomicBuiltins, lower.AtomicLowering). */
    public static final Set<String> ATOMIC_BUILTINS;

    static {
        Set<String> s = new HashSet<>(List.of(
                "__sync_val_compare_and_swap",
                "__sync_bool_compare_and_swap",
                "__sync_lock_test_and_set",
                "__sync_lock_release",
                "__sync_synchronize",
                "__atomic_load_n",
                "__atomic_store_n",
                "__atomic_load",
                "__atomic_store",
                "__atomic_exchange",
                "__atomic_compare_exchange",
                "__atomic_test_and_set",
                "__atomic_clear",
                "__atomic_exchange_n",
                "__atomic_compare_exchange_n",
                "__atomic_thread_fence",
                "__atomic_signal_fence",
                "__atomic_always_lock_free",
                "__atomic_is_lock_free"));
        for (String op : List.of("add", "sub", "or", "and", "xor", "nand")) {
            s.add("__sync_fetch_and_" + op);
            s.add("__sync_" + op + "_and_fetch");
        }
        for (String op : List.of("add", "sub", "or", "and", "xor", "nand", "max", "min")) {
            s.add("__atomic_fetch_" + op);
            s.add("__atomic_" + op + "_fetch");
        }
        for (String op : List.of(
                "init",
                "load",
                "store",
                "exchange",
                "compare_exchange_strong",
                "compare_exchange_weak",
                "fetch_add",
                "fetch_sub",
                "fetch_and",
                "fetch_or",
                "fetch_xor",
                "fetch_nand",
                "fetch_max",
                "fetch_min",
                "thread_fence",
                "signal_fence",
                "is_lock_free")) s.add("__c11_atomic_" + op); // clang's, on _Atomic objects
        ATOMIC_BUILTINS = Set.copyOf(s);
    }

    /** Builtins that are keywords, for their operands that are types or that are not evaluated. */
    public static final Set<String> KEYWORD_BUILTINS = Set.of(
            "__builtin_va_arg",
            "__builtin_offsetof",
            "__builtin_types_compatible_p",
            "__builtin_choose_expr",
            "__builtin_shufflevector",
            "__builtin_shuffle",
            "__builtin_convertvector");

    /**
     * The C library functions clang knows as builtins ({@code __builtin_NAME} calls NAME); the
     * parser's LibraryFunction gives each its type and header.
     */
    public static final Set<String> LIBRARY_FUNCTIONS = Set.of(
            "printf",
            "scanf",
            "sprintf",
            "snprintf",
            "malloc",
            "calloc",
            "realloc",
            "free",
            "exit",
            "abort",
            "abs",
            "labs",
            "strlen",
            "strcmp",
            "strncmp",
            "strcpy",
            "strncpy",
            "strcat",
            "memcpy",
            "memmove",
            "memset",
            "memcmp",
            "sqrt",
            "fabs",
            "sin",
            "cos",
            "exp",
            "log",
            "pow",
            "floor",
            "ceil",
            "sqrtf",
            "floorf",
            "ceilf",
            "trunc",
            "truncf",
            "rint",
            "rintf",
            "fma",
            "fmaf");

    /** Is this (normalized) attribute name one jomp honours? */
    public static boolean attribute(String name) {
        return ATTRIBUTES.contains(name);
    }

    /** Is this a builtin function jomp implements? */
    public static boolean builtin(String name) {
        return BUILTINS.contains(name)
                || KEYWORD_BUILTINS.contains(name)
                || ATOMIC_BUILTINS.contains(name)
                || name.startsWith("__builtin_") && LIBRARY_FUNCTIONS.contains(name.substring(10));
    }

    /** The warning flags jomp's diagnostics carry. */
    private static final Set<String> WARNINGS = Set.of(
            "-W#pragma-messages",
            "-W#warnings",
            "-Warray-bounds",
            "-Wcompare-distinct-pointer-types",
            "-Wdivision-by-zero",
            "-Wexcess-initializers",
            "-Wextern-initializer",
            "-Wextra-tokens",
            "-Wformat",
            "-Wformat-extra-args",
            "-Wformat-insufficient-args",
            "-Wformat-invalid-specifier",
            "-Wgnu-pointer-arith",
            "-Wignored-pragmas",
            "-Wimplicitly-unsigned-literal",
            "-Winclude-next-outside-header",
            "-Wincompatible-pointer-types",
            "-Wincompatible-pointer-types-discards-qualifiers",
            "-Winvalid-pp-token",
            "-Wmacro-redefined",
            "-Wmissing-declarations",
            "-Wmultichar",
            "-Wpointer-arith",
            "-Wpointer-integer-compare",
            "-Wpointer-sign",
            "-Wpointer-type-mismatch",
            "-Wpragma-once-outside-header",
            "-Wpredefined-identifier-outside-function",
            "-Wreturn-type",
            "-Wshift-count-negative",
            "-Wshift-count-overflow",
            "-Wunknown-escape-sequence",
            "-Wunknown-pragmas",
            "-Wunused-comparison",
            "-Wunused-value",
            "-Wvarargs",
            "-Wvoid-ptr-dereference",
            "-Wunknown-attributes",
            "-Wimplicit-function-declaration");

    public static boolean warning(String flag) {
        return WARNINGS.contains(flag);
    }
}
