package jomp.compiler.lower;

import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.Module;

/**
 * The unit's weak references: functions and objects declared {@code weak} (the attribute or
 * {@code #pragma weak}) that it uses and does not define, and the targets of {@code weakref}s. Their undefined symbols are weak (nm's
 * {@code w}), and the link makes them null when nothing defines them, as GNU ld does.
 */
public final class WeakExterns {
    private WeakExterns() {}

    /**
     * Records tu's weak references in {@link Module#weakExterns}; {@code direct}: the symbols the
     * lowered code refers to by their own names (a weakref's target among them is a strong reference,
     * as gcc makes it; a mention in typeof or sizeof is none).
     */
    static void record(TranslationUnit tu, Module m, java.util.Set<String> direct) {
        for (Var v : tu.globals()) {
            if (!(v.weak || v.weakref) || v.storage == Var.Storage.STATIC || v.storage == Var.Storage.TYPEDEF) continue;
            String name = v.linkName != null ? v.linkName : v.name;
            if (!v.weak && direct.contains(name)) continue;
            if (m.function(name) != null || m.global(name) != null) continue; // a weak definition
            if (m.externFunctions.containsKey(name) || m.externData.contains(name)) m.weakExterns.add(name);
        }
    }
}
