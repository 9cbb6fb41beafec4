package jomp.wrapper.jvm;

/**
 * How C symbol names become JVM member names. Shared by the JVM backend (which emits them) and
 * the host link (which resolves them), so both sides agree. C names may contain '.' (clang-style
 * {@code .str.1}, {@code f.x} for a block-scope static), which the JVM forbids in names: '.'
 * becomes '$', and a '$' of the C name is doubled so no two C names meet.
 */
public final class JvmNames {
    private JvmNames() {}

    public static String field(String symbol) { return mangle(symbol); }

    public static String method(String symbol) { return mangle(symbol); }

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
