package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.ir.Module;

/**
 * {@code __attribute__((alias("target")))}: each alias becomes a {@link Module.Alias} of the
 * function or object whose symbol is target, which this unit must define (through other aliases
 * too), with clang's errors (its CodeGen's: they come with code generation, not -fsyntax-only).
 */
final class Aliases {
    private Aliases() {}

    /**
     * The unit's aliases, added to the module; returns the symbols they lead to, which must be
     * compiled even if nothing else refers to them (a static function).
     */
    static Set<String> lower(Lowering unit, TranslationUnit tu, Set<Var> defined) {
        Map<String, Var> bySymbol = new HashMap<>();
        List<Var> aliases = new ArrayList<>();
        for (Var v : tu.globals()) {
            if (v.alias != null) {
                aliases.add(v);
                bySymbol.putIfAbsent(unit.symbolOf(v), v);
            } else if (defined.contains(v)) bySymbol.put(unit.symbolOf(v), v);
        }
        Set<String> targets = new java.util.HashSet<>();
        for (Var a : aliases) {
            Var t = bySymbol.get(a.alias);
            int hops = 0;
            while (t != null && t.alias != null && t != a && hops++ <= aliases.size()) t = bySymbol.get(t.alias);
            if (t == a || t != null && t.alias != null) {
                unit.diags.error(a.aliasLoc, "alias definition is part of a cycle");
                continue;
            }
            if (t == null) {
                unit.diags.error(a.aliasLoc, "alias must point to a defined variable or function");
                unit.diags.note(
                        a.aliasLoc, "the function or variable specified in an alias must refer to its mangled name");
                continue;
            }
            targets.add(unit.symbolOf(t));
            unit.module.aliases.add(new Module.Alias(
                    unit.symbolOf(a),
                    a.alias,
                    a.storage == Var.Storage.STATIC,
                    a.weak && a.storage != Var.Storage.STATIC));
        }
        // .symver of a name the unit defines: the versioned name is one more alias of it, of its binding
        Set<String> versioned = new java.util.HashSet<>();
        for (String[] sv : symvers(unit, tu, defined)) {
            Var t = bySymbol.get(sv[0]);
            if (t == null || !versioned.add(sv[1])) continue;
            String name = sv[1].replace("@@@", "@@");
            targets.add(sv[0]);
            unit.module.aliases.add(new Module.Alias(
                    name, sv[0], t.storage == Var.Storage.STATIC, t.weak && t.storage != Var.Storage.STATIC));
        }
        return targets;
    }

    /** The unit's {@code .symver} pairs (name, versioned name): file-scope asm's, then gcc's attribute's. */
    private static List<String[]> symvers(Lowering unit, TranslationUnit tu, Set<Var> defined) {
        List<String[]> out = new ArrayList<>();
        for (TranslationUnit.TopLevel t : tu.items())
            if (t instanceof TranslationUnit.Symver s) out.add(new String[] {s.name(), s.versioned()});
        for (Var v : tu.globals())
            if (defined.contains(v)) for (String s : v.symvers) out.add(new String[] {unit.symbolOf(v), s});
        return out;
    }

    /**
     * {@code .symver name, f@VERS_1} where the unit does not define name: GNU as links the unit's
     * references to name to the versioned symbol instead ({@code f@@@V}: to {@code f@V}).
     */
    static void renameVersionedReferences(TranslationUnit tu, Set<Var> defined) {
        Map<String, String> rename = new HashMap<>();
        for (TranslationUnit.TopLevel t : tu.items())
            if (t instanceof TranslationUnit.Symver s)
                rename.putIfAbsent(s.name(), s.versioned().replace("@@@", "@"));
        if (rename.isEmpty()) return;
        Set<String> definedNames = new java.util.HashSet<>();
        for (Var v : defined) definedNames.add(v.linkName != null ? v.linkName : v.name);
        for (Var v : tu.globals()) {
            String name = v.linkName != null ? v.linkName : v.name;
            if (defined.contains(v) || definedNames.contains(name) || v.alias != null) continue;
            String to = rename.get(name);
            if (to != null) v.linkName = to;
        }
    }
}
