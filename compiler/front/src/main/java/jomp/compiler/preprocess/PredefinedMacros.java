package jomp.compiler.preprocess;

/**
 * The macros jomp predefines: clang 19's for x86_64-pc-linux-gnu ({@code clang-19 -dM -E -x c
 * /dev/null}, so headers take the paths they take under clang and build systems see a
 * Clang-compatible compiler: {@code __clang__}, {@code __clang_major__ 19}, {@code __GNUC__ 4.2.1}),
 * plus {@code __jomp__}, adjusted to what jomp honours (docs/user-guide.md lists the differences,
 * {@code PredefinedMacrosTest} checks them against clang):
 * <ul>
 * <li>{@code long double} is double: {@code __SIZEOF_LONG_DOUBLE__ 8} and the {@code __LDBL_*}
 *     macros describe IEEE double;</li>
 * <li>left out, because jomp does not implement what they announce:
 *     {@code #embed} ({@code __STDC_EMBED_*}), SSE/MMX
 *     intrinsics ({@code __SSE__}, {@code __SSE2__}, {@code __SSE_MATH__}, {@code __SSE2_MATH__},
 *     {@code __MMX__}, {@code __FXSR__}), inline assembly ({@code __GCC_ASM_FLAG_OUTPUTS__},
 *     {@code __GCC_HAVE_DWARF2_CFI_ASM}), the scoped atomic builtins
 *     ({@code __MEMORY_SCOPE_*}, {@code __OPENCL_MEMORY_SCOPE_*}), address
 *     spaces ({@code __SEG_FS}, {@code __seg_fs}, ...);</li>
 * <li>{@code __VERSION__} and {@code __clang_version__} name jomp.</li>
 * </ul>
 * What depends on the command line follows clang: {@code __STDC_VERSION__}, {@code __STRICT_ANSI__},
 * {@code linux}/{@code unix} and the inline-semantics macro by {@code -std}; {@code __OPTIMIZE__},
 * {@code __OPTIMIZE_SIZE__} and {@code __NO_INLINE__} by {@code -O}; {@code _REENTRANT} by
 * {@code -pthread}; {@code _OPENMP} (201811, OpenMP 5.0) by {@code -fopenmp}. The macros are read as
 * a {@code <built-in>} file before {@code -D}/{@code -U} (the {@code <command line>} file).
 * {@code __DATE__}, {@code __TIME__}, {@code __FILE__}, {@code __LINE__}, {@code __COUNTER__},
 * {@code __FLT_EVAL_METHOD__} and the {@code __has_*} operators are built in, as in clang, so
 * {@code -dM} does not list them.
 */
final class PredefinedMacros {
    private PredefinedMacros() {}

    /** jomp's version, as __VERSION__ gives it. */
    static final String JOMP_VERSION = "0.1.0";

    /** The macros that depend on nothing on the command line, in clang's -dM order. */
    private static final String COMMON = """
            #define _LP64 1
            #define __ATOMIC_ACQUIRE 2
            #define __ATOMIC_ACQ_REL 4
            #define __ATOMIC_CONSUME 1
            #define __ATOMIC_RELAXED 0
            #define __ATOMIC_RELEASE 3
            #define __ATOMIC_SEQ_CST 5
            #define __BIGGEST_ALIGNMENT__ 16
            #define __BITINT_MAXWIDTH__ 8388608
            #define __BOOL_WIDTH__ 8
            #define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
            #define __CHAR16_TYPE__ unsigned short
            #define __CHAR32_TYPE__ unsigned int
            #define __CHAR_BIT__ 8
            #define __CLANG_ATOMIC_BOOL_LOCK_FREE 2
            #define __CLANG_ATOMIC_CHAR16_T_LOCK_FREE 2
            #define __CLANG_ATOMIC_CHAR32_T_LOCK_FREE 2
            #define __CLANG_ATOMIC_CHAR_LOCK_FREE 2
            #define __CLANG_ATOMIC_INT_LOCK_FREE 2
            #define __CLANG_ATOMIC_LLONG_LOCK_FREE 2
            #define __CLANG_ATOMIC_LONG_LOCK_FREE 2
            #define __CLANG_ATOMIC_POINTER_LOCK_FREE 2
            #define __CLANG_ATOMIC_SHORT_LOCK_FREE 2
            #define __CLANG_ATOMIC_WCHAR_T_LOCK_FREE 2
            #define __CONSTANT_CFSTRINGS__ 1
            #define __DBL_DECIMAL_DIG__ 17
            #define __DBL_DENORM_MIN__ 4.9406564584124654e-324
            #define __DBL_DIG__ 15
            #define __DBL_EPSILON__ 2.2204460492503131e-16
            #define __DBL_HAS_DENORM__ 1
            #define __DBL_HAS_INFINITY__ 1
            #define __DBL_HAS_QUIET_NAN__ 1
            #define __DBL_MANT_DIG__ 53
            #define __DBL_MAX_10_EXP__ 308
            #define __DBL_MAX_EXP__ 1024
            #define __DBL_MAX__ 1.7976931348623157e+308
            #define __DBL_MIN_10_EXP__ (-307)
            #define __DBL_MIN_EXP__ (-1021)
            #define __DBL_MIN__ 2.2250738585072014e-308
            #define __DBL_NORM_MAX__ 1.7976931348623157e+308
            #define __ELF__ 1
            #define __FINITE_MATH_ONLY__ 0
            #define __FLOAT128__ 1
            #define __FLT16_DECIMAL_DIG__ 5
            #define __FLT16_DENORM_MIN__ 5.9604644775390625e-8F16
            #define __FLT16_DIG__ 3
            #define __FLT16_EPSILON__ 9.765625e-4F16
            #define __FLT16_HAS_DENORM__ 1
            #define __FLT16_HAS_INFINITY__ 1
            #define __FLT16_HAS_QUIET_NAN__ 1
            #define __FLT16_MANT_DIG__ 11
            #define __FLT16_MAX_10_EXP__ 4
            #define __FLT16_MAX_EXP__ 16
            #define __FLT16_MAX__ 6.5504e+4F16
            #define __FLT16_MIN_10_EXP__ (-4)
            #define __FLT16_MIN_EXP__ (-13)
            #define __FLT16_MIN__ 6.103515625e-5F16
            #define __FLT16_NORM_MAX__ 6.5504e+4F16
            #define __FLT_DECIMAL_DIG__ 9
            #define __FLT_DENORM_MIN__ 1.40129846e-45F
            #define __FLT_DIG__ 6
            #define __FLT_EPSILON__ 1.19209290e-7F
            #define __FLT_HAS_DENORM__ 1
            #define __FLT_HAS_INFINITY__ 1
            #define __FLT_HAS_QUIET_NAN__ 1
            #define __FLT_MANT_DIG__ 24
            #define __FLT_MAX_10_EXP__ 38
            #define __FLT_MAX_EXP__ 128
            #define __FLT_MAX__ 3.40282347e+38F
            #define __FLT_MIN_10_EXP__ (-37)
            #define __FLT_MIN_EXP__ (-125)
            #define __FLT_MIN__ 1.17549435e-38F
            #define __FLT_NORM_MAX__ 3.40282347e+38F
            #define __FLT_RADIX__ 2
            #define __FPCLASS_NEGINF 0x0004
            #define __FPCLASS_NEGNORMAL 0x0008
            #define __FPCLASS_NEGSUBNORMAL 0x0010
            #define __FPCLASS_NEGZERO 0x0020
            #define __FPCLASS_POSINF 0x0200
            #define __FPCLASS_POSNORMAL 0x0100
            #define __FPCLASS_POSSUBNORMAL 0x0080
            #define __FPCLASS_POSZERO 0x0040
            #define __FPCLASS_QNAN 0x0002
            #define __FPCLASS_SNAN 0x0001
            #define __GCC_ATOMIC_BOOL_LOCK_FREE 2
            #define __GCC_ATOMIC_CHAR16_T_LOCK_FREE 2
            #define __GCC_ATOMIC_CHAR32_T_LOCK_FREE 2
            #define __GCC_ATOMIC_CHAR_LOCK_FREE 2
            #define __GCC_ATOMIC_INT_LOCK_FREE 2
            #define __GCC_ATOMIC_LLONG_LOCK_FREE 2
            #define __GCC_ATOMIC_LONG_LOCK_FREE 2
            #define __GCC_ATOMIC_POINTER_LOCK_FREE 2
            #define __GCC_ATOMIC_SHORT_LOCK_FREE 2
            #define __GCC_ATOMIC_TEST_AND_SET_TRUEVAL 1
            #define __GCC_ATOMIC_WCHAR_T_LOCK_FREE 2
            #define __GCC_CONSTRUCTIVE_SIZE 64
            #define __GCC_DESTRUCTIVE_SIZE 64
            #define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_1 1
            #define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_2 1
            #define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_4 1
            #define __GCC_HAVE_SYNC_COMPARE_AND_SWAP_8 1
            #define __GNUC_MINOR__ 2
            #define __GNUC_PATCHLEVEL__ 1
            #define __GNUC__ 4
            #define __GXX_ABI_VERSION 1002
            #define __INT16_C_SUFFIX__
            #define __INT16_FMTd__ "hd"
            #define __INT16_FMTi__ "hi"
            #define __INT16_MAX__ 32767
            #define __INT16_TYPE__ short
            #define __INT32_C_SUFFIX__
            #define __INT32_FMTd__ "d"
            #define __INT32_FMTi__ "i"
            #define __INT32_MAX__ 2147483647
            #define __INT32_TYPE__ int
            #define __INT64_C_SUFFIX__ L
            #define __INT64_FMTd__ "ld"
            #define __INT64_FMTi__ "li"
            #define __INT64_MAX__ 9223372036854775807L
            #define __INT64_TYPE__ long int
            #define __INT8_C_SUFFIX__
            #define __INT8_FMTd__ "hhd"
            #define __INT8_FMTi__ "hhi"
            #define __INT8_MAX__ 127
            #define __INT8_TYPE__ signed char
            #define __INTMAX_C_SUFFIX__ L
            #define __INTMAX_FMTd__ "ld"
            #define __INTMAX_FMTi__ "li"
            #define __INTMAX_MAX__ 9223372036854775807L
            #define __INTMAX_TYPE__ long int
            #define __INTMAX_WIDTH__ 64
            #define __INTPTR_FMTd__ "ld"
            #define __INTPTR_FMTi__ "li"
            #define __INTPTR_MAX__ 9223372036854775807L
            #define __INTPTR_TYPE__ long int
            #define __INTPTR_WIDTH__ 64
            #define __INT_FAST16_FMTd__ "hd"
            #define __INT_FAST16_FMTi__ "hi"
            #define __INT_FAST16_MAX__ 32767
            #define __INT_FAST16_TYPE__ short
            #define __INT_FAST16_WIDTH__ 16
            #define __INT_FAST32_FMTd__ "d"
            #define __INT_FAST32_FMTi__ "i"
            #define __INT_FAST32_MAX__ 2147483647
            #define __INT_FAST32_TYPE__ int
            #define __INT_FAST32_WIDTH__ 32
            #define __INT_FAST64_FMTd__ "ld"
            #define __INT_FAST64_FMTi__ "li"
            #define __INT_FAST64_MAX__ 9223372036854775807L
            #define __INT_FAST64_TYPE__ long int
            #define __INT_FAST64_WIDTH__ 64
            #define __INT_FAST8_FMTd__ "hhd"
            #define __INT_FAST8_FMTi__ "hhi"
            #define __INT_FAST8_MAX__ 127
            #define __INT_FAST8_TYPE__ signed char
            #define __INT_FAST8_WIDTH__ 8
            #define __INT_LEAST16_FMTd__ "hd"
            #define __INT_LEAST16_FMTi__ "hi"
            #define __INT_LEAST16_MAX__ 32767
            #define __INT_LEAST16_TYPE__ short
            #define __INT_LEAST16_WIDTH__ 16
            #define __INT_LEAST32_FMTd__ "d"
            #define __INT_LEAST32_FMTi__ "i"
            #define __INT_LEAST32_MAX__ 2147483647
            #define __INT_LEAST32_TYPE__ int
            #define __INT_LEAST32_WIDTH__ 32
            #define __INT_LEAST64_FMTd__ "ld"
            #define __INT_LEAST64_FMTi__ "li"
            #define __INT_LEAST64_MAX__ 9223372036854775807L
            #define __INT_LEAST64_TYPE__ long int
            #define __INT_LEAST64_WIDTH__ 64
            #define __INT_LEAST8_FMTd__ "hhd"
            #define __INT_LEAST8_FMTi__ "hhi"
            #define __INT_LEAST8_MAX__ 127
            #define __INT_LEAST8_TYPE__ signed char
            #define __INT_LEAST8_WIDTH__ 8
            #define __INT_MAX__ 2147483647
            #define __INT_WIDTH__ 32
            #define __LITTLE_ENDIAN__ 1
            #define __LLONG_WIDTH__ 64
            #define __LONG_LONG_MAX__ 9223372036854775807LL
            #define __LONG_MAX__ 9223372036854775807L
            #define __LONG_WIDTH__ 64
            #define __LP64__ 1
            #define __NO_MATH_INLINES 1
            #define __OBJC_BOOL_IS_BOOL 0
            #define __ORDER_BIG_ENDIAN__ 4321
            #define __ORDER_LITTLE_ENDIAN__ 1234
            #define __ORDER_PDP_ENDIAN__ 3412
            #define __PIC__ 2
            #define __PIE__ 2
            #define __POINTER_WIDTH__ 64
            #define __PRAGMA_REDEFINE_EXTNAME 1
            #define __PTRDIFF_FMTd__ "ld"
            #define __PTRDIFF_FMTi__ "li"
            #define __PTRDIFF_MAX__ 9223372036854775807L
            #define __PTRDIFF_TYPE__ long int
            #define __PTRDIFF_WIDTH__ 64
            #define __REGISTER_PREFIX__
            #define __SCHAR_MAX__ 127
            #define __SHRT_MAX__ 32767
            #define __SHRT_WIDTH__ 16
            #define __SIG_ATOMIC_MAX__ 2147483647
            #define __SIG_ATOMIC_WIDTH__ 32
            #define __SIZEOF_DOUBLE__ 8
            #define __SIZEOF_FLOAT128__ 16
            #define __SIZEOF_FLOAT__ 4
            #define __SIZEOF_INT128__ 16
            #define __SIZEOF_INT__ 4
            #define __SIZEOF_LONG_LONG__ 8
            #define __SIZEOF_LONG__ 8
            #define __SIZEOF_POINTER__ 8
            #define __SIZEOF_PTRDIFF_T__ 8
            #define __SIZEOF_SHORT__ 2
            #define __SIZEOF_SIZE_T__ 8
            #define __SIZEOF_WCHAR_T__ 4
            #define __SIZEOF_WINT_T__ 4
            #define __SIZE_FMTX__ "lX"
            #define __SIZE_FMTo__ "lo"
            #define __SIZE_FMTu__ "lu"
            #define __SIZE_FMTx__ "lx"
            #define __SIZE_MAX__ 18446744073709551615UL
            #define __SIZE_TYPE__ long unsigned int
            #define __SIZE_WIDTH__ 64
            #define __STDC_EMBED_EMPTY__ 2
            #define __STDC_EMBED_FOUND__ 1
            #define __STDC_EMBED_NOT_FOUND__ 0
            #define __STDC_HOSTED__ 1
            #define __STDC_UTF_16__ 1
            #define __STDC_UTF_32__ 1
            #define __STDC__ 1
            #define __UINT16_C_SUFFIX__
            #define __UINT16_FMTX__ "hX"
            #define __UINT16_FMTo__ "ho"
            #define __UINT16_FMTu__ "hu"
            #define __UINT16_FMTx__ "hx"
            #define __UINT16_MAX__ 65535
            #define __UINT16_TYPE__ unsigned short
            #define __UINT32_C_SUFFIX__ U
            #define __UINT32_FMTX__ "X"
            #define __UINT32_FMTo__ "o"
            #define __UINT32_FMTu__ "u"
            #define __UINT32_FMTx__ "x"
            #define __UINT32_MAX__ 4294967295U
            #define __UINT32_TYPE__ unsigned int
            #define __UINT64_C_SUFFIX__ UL
            #define __UINT64_FMTX__ "lX"
            #define __UINT64_FMTo__ "lo"
            #define __UINT64_FMTu__ "lu"
            #define __UINT64_FMTx__ "lx"
            #define __UINT64_MAX__ 18446744073709551615UL
            #define __UINT64_TYPE__ long unsigned int
            #define __UINT8_C_SUFFIX__
            #define __UINT8_FMTX__ "hhX"
            #define __UINT8_FMTo__ "hho"
            #define __UINT8_FMTu__ "hhu"
            #define __UINT8_FMTx__ "hhx"
            #define __UINT8_MAX__ 255
            #define __UINT8_TYPE__ unsigned char
            #define __UINTMAX_C_SUFFIX__ UL
            #define __UINTMAX_FMTX__ "lX"
            #define __UINTMAX_FMTo__ "lo"
            #define __UINTMAX_FMTu__ "lu"
            #define __UINTMAX_FMTx__ "lx"
            #define __UINTMAX_MAX__ 18446744073709551615UL
            #define __UINTMAX_TYPE__ long unsigned int
            #define __UINTMAX_WIDTH__ 64
            #define __UINTPTR_FMTX__ "lX"
            #define __UINTPTR_FMTo__ "lo"
            #define __UINTPTR_FMTu__ "lu"
            #define __UINTPTR_FMTx__ "lx"
            #define __UINTPTR_MAX__ 18446744073709551615UL
            #define __UINTPTR_TYPE__ long unsigned int
            #define __UINTPTR_WIDTH__ 64
            #define __UINT_FAST16_FMTX__ "hX"
            #define __UINT_FAST16_FMTo__ "ho"
            #define __UINT_FAST16_FMTu__ "hu"
            #define __UINT_FAST16_FMTx__ "hx"
            #define __UINT_FAST16_MAX__ 65535
            #define __UINT_FAST16_TYPE__ unsigned short
            #define __UINT_FAST32_FMTX__ "X"
            #define __UINT_FAST32_FMTo__ "o"
            #define __UINT_FAST32_FMTu__ "u"
            #define __UINT_FAST32_FMTx__ "x"
            #define __UINT_FAST32_MAX__ 4294967295U
            #define __UINT_FAST32_TYPE__ unsigned int
            #define __UINT_FAST64_FMTX__ "lX"
            #define __UINT_FAST64_FMTo__ "lo"
            #define __UINT_FAST64_FMTu__ "lu"
            #define __UINT_FAST64_FMTx__ "lx"
            #define __UINT_FAST64_MAX__ 18446744073709551615UL
            #define __UINT_FAST64_TYPE__ long unsigned int
            #define __UINT_FAST8_FMTX__ "hhX"
            #define __UINT_FAST8_FMTo__ "hho"
            #define __UINT_FAST8_FMTu__ "hhu"
            #define __UINT_FAST8_FMTx__ "hhx"
            #define __UINT_FAST8_MAX__ 255
            #define __UINT_FAST8_TYPE__ unsigned char
            #define __UINT_LEAST16_FMTX__ "hX"
            #define __UINT_LEAST16_FMTo__ "ho"
            #define __UINT_LEAST16_FMTu__ "hu"
            #define __UINT_LEAST16_FMTx__ "hx"
            #define __UINT_LEAST16_MAX__ 65535
            #define __UINT_LEAST16_TYPE__ unsigned short
            #define __UINT_LEAST32_FMTX__ "X"
            #define __UINT_LEAST32_FMTo__ "o"
            #define __UINT_LEAST32_FMTu__ "u"
            #define __UINT_LEAST32_FMTx__ "x"
            #define __UINT_LEAST32_MAX__ 4294967295U
            #define __UINT_LEAST32_TYPE__ unsigned int
            #define __UINT_LEAST64_FMTX__ "lX"
            #define __UINT_LEAST64_FMTo__ "lo"
            #define __UINT_LEAST64_FMTu__ "lu"
            #define __UINT_LEAST64_FMTx__ "lx"
            #define __UINT_LEAST64_MAX__ 18446744073709551615UL
            #define __UINT_LEAST64_TYPE__ long unsigned int
            #define __UINT_LEAST8_FMTX__ "hhX"
            #define __UINT_LEAST8_FMTo__ "hho"
            #define __UINT_LEAST8_FMTu__ "hhu"
            #define __UINT_LEAST8_FMTx__ "hhx"
            #define __UINT_LEAST8_MAX__ 255
            #define __UINT_LEAST8_TYPE__ unsigned char
            #define __USER_LABEL_PREFIX__
            #define __WCHAR_MAX__ 2147483647
            #define __WCHAR_TYPE__ int
            #define __WCHAR_WIDTH__ 32
            #define __WINT_MAX__ 4294967295U
            #define __WINT_TYPE__ unsigned int
            #define __WINT_UNSIGNED__ 1
            #define __WINT_WIDTH__ 32
            #define __amd64 1
            #define __amd64__ 1
            #define __clang__ 1
            #define __clang_literal_encoding__ "UTF-8"
            #define __clang_major__ 19
            #define __clang_minor__ 1
            #define __clang_patchlevel__ 7
            #define __clang_wide_literal_encoding__ "UTF-32"
            #define __code_model_small__ 1
            #define __gnu_linux__ 1
            #define __k8 1
            #define __k8__ 1
            #define __linux 1
            #define __linux__ 1
            #define __llvm__ 1
            #define __pic__ 2
            #define __pie__ 2
            #define __tune_k8__ 1
            #define __unix 1
            #define __unix__ 1
            #define __x86_64 1
            #define __x86_64__ 1
            #define __jomp__ 1
            """;

    /** long double is IEEE double in jomp (docs/user-guide.md). */
    private static final String LONG_DOUBLE = """
            #define __SIZEOF_LONG_DOUBLE__ 8
            #define __DECIMAL_DIG__ __LDBL_DECIMAL_DIG__
            #define __LDBL_DECIMAL_DIG__ 17
            #define __LDBL_DENORM_MIN__ 4.9406564584124654e-324L
            #define __LDBL_DIG__ 15
            #define __LDBL_EPSILON__ 2.2204460492503131e-16L
            #define __LDBL_HAS_DENORM__ 1
            #define __LDBL_HAS_INFINITY__ 1
            #define __LDBL_HAS_QUIET_NAN__ 1
            #define __LDBL_MANT_DIG__ 53
            #define __LDBL_MAX_10_EXP__ 308
            #define __LDBL_MAX_EXP__ 1024
            #define __LDBL_MAX__ 1.7976931348623157e+308L
            #define __LDBL_MIN_10_EXP__ (-307)
            #define __LDBL_MIN_EXP__ (-1021)
            #define __LDBL_MIN__ 2.2250738585072014e-308L
            #define __LDBL_NORM_MAX__ 1.7976931348623157e+308L
            """;

    /** The #define lines of the built-in macros for these options. */
    static String text(PreprocessorOptions o) {
        StringBuilder sb = new StringBuilder(COMMON.length() + 1024);
        sb.append(COMMON).append(LONG_DOUBLE);
        sb.append("#define __VERSION__ \"jomp ").append(JOMP_VERSION).append(" (Clang 19.1.7 compatible)\"\n");
        sb.append("#define __clang_version__ \"19.1.7 (jomp ")
                .append(JOMP_VERSION)
                .append(")\"\n");
        Std std = Std.of(o.std());
        if (std.version() != null)
            sb.append("#define __STDC_VERSION__ ").append(std.version()).append('\n');
        if (std.strict()) sb.append("#define __STRICT_ANSI__ 1\n");
        else sb.append("#define linux 1\n#define unix 1\n");
        sb.append(o.gnuInline() ? "#define __GNUC_GNU_INLINE__ 1\n" : "#define __GNUC_STDC_INLINE__ 1\n");
        if (o.optLevel() > 0) {
            sb.append("#define __OPTIMIZE__ 1\n");
            if (o.optimizeSize()) sb.append("#define __OPTIMIZE_SIZE__ 1\n");
        } else {
            sb.append("#define __NO_INLINE__ 1\n");
        }
        if (o.pthread()) sb.append("#define _REENTRANT 1\n");
        if (o.openmp()) sb.append("#define _OPENMP 201811\n");
        return sb.toString();
    }

    /**
     * A -std value: its __STDC_VERSION__ (null: none, C89), whether it is strict ISO C (no GNU
     * extensions announced: __STRICT_ANSI__, no {@code linux}/{@code unix}), and whether inline has
     * GNU89 meaning. jomp accepts C11 with GNU extensions whatever the standard named.
     */
    record Std(String version, boolean strict, boolean gnuInline) {
        static Std of(String std) {
            if (std == null) return new Std("201710L", false, false); // clang 19's default, gnu17
            return switch (std) {
                case "c89", "c90", "iso9899:1990" -> new Std(null, true, true);
                case "gnu89", "gnu90" -> new Std(null, false, true);
                case "iso9899:199409" -> new Std("199409L", true, true);
                case "c99", "iso9899:1999", "c9x", "iso9899:199x" -> new Std("199901L", true, false);
                case "gnu99", "gnu9x" -> new Std("199901L", false, false);
                case "c11", "iso9899:2011", "c1x", "iso9899:201x" -> new Std("201112L", true, false);
                case "gnu11", "gnu1x" -> new Std("201112L", false, false);
                case "c17", "c18", "iso9899:2017", "iso9899:2018" -> new Std("201710L", true, false);
                case "gnu17", "gnu18" -> new Std("201710L", false, false);
                case "c2x", "c23", "iso9899:2024" -> new Std("202311L", true, false);
                case "gnu2x", "gnu23" -> new Std("202311L", false, false);
                default -> null;
            };
        }
    }
}
