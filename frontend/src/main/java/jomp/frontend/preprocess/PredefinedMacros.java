package jomp.frontend.preprocess;

/**
 * The macros clang predefines that C programs test, for jomp's host ABI (x86-64 Linux, LP64),
 * plus __jomp__ and, with -fopenmp, _OPENMP 201811 (OpenMP 5.0). They are read as a
 * {@code <built-in>} file before {@code -D}/{@code -U} (the {@code <command line>} file).
 */
final class PredefinedMacros {
    private PredefinedMacros() {}

    /** The #define lines of the built-in macros; date and time are __DATE__ and __TIME__'s string literals. */
    static String text(boolean openmp, String date, String time) {
        StringBuilder sb = new StringBuilder(4096);
        String[][] defs = {
            {"__STDC__", "1"}, {"__STDC_VERSION__", "201112L"}, {"__STDC_HOSTED__", "1"},
            {"__STDC_UTF_16__", "1"}, {"__STDC_UTF_32__", "1"},
            {"__jomp__", "1"}, {"__x86_64__", "1"}, {"__x86_64", "1"}, {"__amd64__", "1"}, {"__amd64", "1"},
            {"__linux__", "1"}, {"__linux", "1"}, {"__unix__", "1"}, {"__unix", "1"}, {"__gnu_linux__", "1"},
            {"__ELF__", "1"}, {"__LP64__", "1"}, {"_LP64", "1"},
            {"__CHAR_BIT__", "8"}, {"__SIZEOF_SHORT__", "2"}, {"__SIZEOF_INT__", "4"}, {"__SIZEOF_LONG__", "8"},
            {"__SIZEOF_LONG_LONG__", "8"}, {"__SIZEOF_POINTER__", "8"}, {"__SIZEOF_FLOAT__", "4"},
            {"__SIZEOF_DOUBLE__", "8"}, {"__SIZEOF_LONG_DOUBLE__", "16"}, {"__SIZEOF_SIZE_T__", "8"},
            {"__SIZEOF_WCHAR_T__", "4"}, {"__SIZEOF_WINT_T__", "4"}, {"__SIZEOF_PTRDIFF_T__", "8"},
            {"__SCHAR_MAX__", "127"}, {"__SHRT_MAX__", "32767"}, {"__INT_MAX__", "2147483647"},
            {"__LONG_MAX__", "9223372036854775807L"}, {"__LONG_LONG_MAX__", "9223372036854775807LL"},
            {"__WCHAR_MAX__", "2147483647"}, {"__INTMAX_MAX__", "9223372036854775807L"},
            {"__UINTMAX_MAX__", "18446744073709551615UL"}, {"__SIZE_MAX__", "18446744073709551615UL"},
            {"__PTRDIFF_MAX__", "9223372036854775807L"}, {"__INTPTR_MAX__", "9223372036854775807L"},
            {"__UINTPTR_MAX__", "18446744073709551615UL"},
            {"__SIZE_TYPE__", "long unsigned int"}, {"__PTRDIFF_TYPE__", "long int"}, {"__WCHAR_TYPE__", "int"},
            {"__INTMAX_TYPE__", "long int"}, {"__UINTMAX_TYPE__", "long unsigned int"},
            {"__INTPTR_TYPE__", "long int"}, {"__UINTPTR_TYPE__", "long unsigned int"},
            {"__CHAR16_TYPE__", "unsigned short"}, {"__CHAR32_TYPE__", "unsigned int"},
            {"__ORDER_LITTLE_ENDIAN__", "1234"}, {"__ORDER_BIG_ENDIAN__", "4321"},
            {"__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__"}, {"__LITTLE_ENDIAN__", "1"},
            {"__DATE__", date}, {"__TIME__", time},
        };
        for (String[] d : defs) sb.append("#define ").append(d[0]).append(' ').append(d[1]).append('\n');
        if (openmp) sb.append("#define _OPENMP 201811\n");
        return sb.toString();
    }
}
