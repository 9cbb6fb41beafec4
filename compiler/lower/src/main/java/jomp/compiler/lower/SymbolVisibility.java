package jomp.compiler.lower;

import java.util.List;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.Module;

/**
 * The ELF visibility of a unit's external symbols, as gcc and clang give it: a declaration's
 * {@code visibility} attribute, else the {@code #pragma GCC visibility} in effect where it was
 * declared, else, for a symbol the unit defines, {@code -fvisibility} (an extern declaration keeps
 * default visibility). What is not default goes to {@link Module#visibility}, which the object's
 * symbols carry (docs/formats.md).
 */
public final class SymbolVisibility {
    /** The values, indexed by their ELF STV_* number. */
    public static final List<String> NAMES = List.of("default", "internal", "hidden", "protected");

    private SymbolVisibility() {}

    /** Records the visibility of tu's external symbols in m; {@code fvisibility}: -fvisibility's value. */
    public static void record(TranslationUnit tu, Module m, String fvisibility) {
        for (Var v : tu.globals()) {
            if (v.storage == Var.Storage.STATIC || v.storage == Var.Storage.TYPEDEF) continue;
            String name = v.linkName != null ? v.linkName : v.name;
            boolean defined = m.function(name) != null && !m.function(name).isStatic
                    || m.global(name) != null && !m.global(name).isStatic;
            boolean used = defined || m.externFunctions.containsKey(name) || m.externData.contains(name);
            if (!used) continue;
            String vis = v.visibility >= 0
                    ? NAMES.get(v.visibility)
                    : v.pragmaVisibility >= 0 ? NAMES.get(v.pragmaVisibility) : defined ? fvisibility : "default";
            if (!vis.equals("default")) m.visibility.put(name, vis);
        }
    }
}
