package jomp.compiler.preprocess;

import jomp.compiler.lex.Token;

/**
 * {@code -dM}: the macros defined at the end of preprocessing as {@code #define NAME(params) body}
 * lines, sorted by name, the way clang prints them; built-in macros (__FILE__, __has_include, ...)
 * are not listed, as in clang.
 */
final class MacroDump {
    private MacroDump() {}

    static String print(java.util.Map<String, Macro> macros) {
        java.util.List<String> names = new java.util.ArrayList<>(macros.keySet());
        java.util.Collections.sort(names);
        StringBuilder sb = new StringBuilder();
        for (String n : names) {
            Macro m = macros.get(n);
            if (m.builtin != Macro.Builtin.NONE) continue;
            sb.append("#define ").append(n);
            if (m.functionLike) {
                sb.append('(');
                for (int i = 0; i < m.params.size(); i++) {
                    String p = m.params.get(i);
                    if (i > 0) sb.append(",");
                    if (m.variadic && i == m.params.size() - 1) sb.append(p.equals("__VA_ARGS__") ? "..." : p + "...");
                    else sb.append(p);
                }
                sb.append(')');
            }
            sb.append(' ');
            for (int i = 0; i < m.body.size(); i++) {
                Token t = m.body.get(i);
                if (i > 0 && t.spaceBefore) sb.append(' ');
                sb.append(t.text);
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
