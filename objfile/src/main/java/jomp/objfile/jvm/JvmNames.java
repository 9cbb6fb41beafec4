package jomp.objfile.jvm;

/**
 * How C symbol names become JVM member names. Shared by the JVM backend (which emits them) and
 * the host link (which resolves them), so both sides agree. C names may contain '.' (clang-style
 * {@code .str.1}, {@code f.x} for a block-scope static), which the JVM forbids in names: '.'
 * becomes '$', and a '$' of the C name is doubled so no two C names meet.
 */
public final class JvmNames {
    private JvmNames() {}

    /**
     * The placeholder owners a compiled unit's code names for what the host link resolves: calls
     * to functions of other units or the runtime ({@code Extern}), addresses of data and of
     * functions ({@code Data}, {@code Fn}).
     */
    public static final String EXTERN = "jomp/link/Extern", DATA = "jomp/link/Data", FN = "jomp/link/Fn";

    /**
     * The thread's native stack, {@code jomp.runtime.mem.Stack}: every C function's method takes
     * it as its last parameter (docs/design/abi.md), so that none looks it up.
     */
    public static final String STACK = "jomp/runtime/mem/Stack";

    private static final String STACK_PARAMETER = "L" + STACK + ";)";

    /** A C function's descriptor without its trailing Stack parameter (the C library's and native stubs' descriptors); as it is when it has none. */
    public static String withoutStack(String descriptor) {
        int i = descriptor.indexOf(STACK_PARAMETER);
        return i < 0 ? descriptor : descriptor.substring(0, i) + descriptor.substring(i + STACK_PARAMETER.length() - 1);
    }

    /** Whether a method descriptor ends its parameters with the Stack. */
    public static boolean takesStack(String descriptor) {
        return descriptor.contains(STACK_PARAMETER);
    }

    /**
     * Separates the symbol from the call's C signature in the name of a call to
     * {@code jomp/link/Extern} ({@code printf-i(p|i)}): '-' is in no C name and no signature's
     * first character, and the JVM allows it in method names.
     */
    public static final String CSIG_SEPARATOR = "-";

    /** The symbol's mangled name in an Extern call's method name (the part before the C signature). */
    public static String externSymbol(String methodName) {
        int i = methodName.indexOf(CSIG_SEPARATOR);
        return i < 0 ? methodName : methodName.substring(0, i);
    }

    /** The C signature in an Extern call's method name, or null. */
    public static String externCsig(String methodName) {
        int i = methodName.indexOf(CSIG_SEPARATOR);
        return i < 0 ? null : methodName.substring(i + 1);
    }

    public static String field(String symbol) {
        return mangle(symbol);
    }

    public static String method(String symbol) {
        return mangle(symbol);
    }

    static String mangle(String s) {
        if (s.indexOf('.') < 0 && s.indexOf('$') < 0) return s;
        StringBuilder sb = new StringBuilder(s.length() + 4);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '.') sb.append('$');
            else if (c == '$') sb.append("$$");
            else sb.append(c);
        }
        return sb.toString();
    }
}
