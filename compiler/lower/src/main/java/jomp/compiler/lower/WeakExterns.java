package jomp.compiler.lower;

import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.Module;

/**
 * The unit's weak references: functions and objects declared {@code weak} (the attribute or
 * {@code #pragma weak}) that it uses and does not define. Their undefined symbols are weak (nm's
 * {@code w}), and the link makes them null when nothing defines them, as GNU ld does.
 */
public final class WeakExterns {
    private WeakExterns() {}

    /** Records tu's weak references in {@link Module#weakExterns}. */
    public static void record(TranslationUnit tu, Module m) {
        for (Var v : tu.globals()) {
            if (!v.weak || v.storage == Var.Storage.STATIC || v.storage == Var.Storage.TYPEDEF) continue;
            String name = v.linkName != null ? v.linkName : v.name;
            if (m.function(name) != null || m.global(name) != null) continue; // a weak definition
            if (m.externFunctions.containsKey(name) || m.externData.contains(name)) m.weakExterns.add(name);
        }
    }
}
