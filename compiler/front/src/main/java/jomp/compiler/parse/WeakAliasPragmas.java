package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ast.Var;
import jomp.compiler.lex.Token;

/**
 * {@code #pragma weak name = target}: name becomes a weak alias of target, as if declared {@code
 * __attribute__((weak, alias("target")))} with target's type (clang's Sema: the alias is a copy of
 * target's declaration, so name is declared from there on). Target declared already: applied at
 * once; not yet: applied where an external declaration of target comes (clang's "forward-declared"
 * pragma; a later static target does not count), else clang's warning at the end of the unit.
 * The alias itself is then checked and lowered as the attribute's ({@code Aliases} in lowering:
 * target must be defined in the unit).
 */
final class WeakAliasPragmas {
    private final Parser p;
    /**
     * Pragmas waiting for their target's declaration (or name's, for {@code #pragma weak name}), by
     * that name in first-pragma order, as clang's WeakUndeclaredIdentifiers.
     */
    private final Map<String, List<ParserPragmas.WeakAlias>> pending = new LinkedHashMap<>();
    /** The aliases the pragmas made, with their targets. */
    private final Map<Var, Var> made = new HashMap<>();

    WeakAliasPragmas(Parser p) {
        this.p = p;
    }

    /** Applies the weak pragma just read. */
    void read(List<ParserPragmas.WeakAlias> pragmas) {
        for (ParserPragmas.WeakAlias a : pragmas) {
            String key = a.target() != null ? a.target() : a.name().text;
            Object found = p.scopes.get(0).names.get(key);
            if (a.target() == null) {
                if (found == null)
                    pending.computeIfAbsent(key, k -> new ArrayList<>()).add(a);
            } else if (found instanceof Var t && t.storage != Var.Storage.TYPEDEF) {
                if (t.alias == null) apply(a.name(), t); // clang: a target that is an alias itself is left alone
            } else pending.computeIfAbsent(key, k -> new ArrayList<>()).add(a);
        }
        pragmas.clear();
    }

    /** A file-scope declaration: the pragmas waiting for it, if it has external linkage. */
    void declared(Var v) {
        if (pending.isEmpty() || v.isLocal || v.storage == Var.Storage.STATIC || v.alias != null) return;
        List<ParserPragmas.WeakAlias> waiting = pending.remove(v.name);
        if (waiting != null) for (ParserPragmas.WeakAlias a : waiting) if (a.target() != null) apply(a.name(), v);
    }

    /** The end of the unit: clang's warning for each pragma whose name or target was never declared. */
    void end() {
        for (Map.Entry<String, List<ParserPragmas.WeakAlias>> e : pending.entrySet()) {
            Object found = p.scopes.get(0).names.get(e.getKey());
            for (ParserPragmas.WeakAlias a : e.getValue()) {
                if (found != null && !(found instanceof Var v && v.storage != Var.Storage.TYPEDEF))
                    p.diags.warning(
                            a.name().loc,
                            "'weak' attribute only applies to variables and functions",
                            "-Wignored-attributes");
                else p.diags.warning(a.name().loc, "weak identifier '" + e.getKey() + "' never declared");
            }
        }
        pending.clear();
    }

    /**
     * A definition of v (a function body, an initialised or tentative object) after a pragma made v
     * an alias: clang's redefinition error (the alias is a definition), and true; false when no
     * pragma made v an alias.
     */
    boolean redefined(Var v, Token at) {
        Var target = made.get(v);
        if (target == null) return false;
        p.diags.error(at.loc, "redefinition of '" + v.name + "'");
        // clang's copy of a function is declared at the pragma, a copy of an object where the object is
        p.diags.note(v.isFunction() ? v.aliasLoc : target.loc, "previous definition is here");
        v.alias = null;
        return true;
    }

    private void apply(Token name, Var target) {
        Object old = p.scopes.get(0).names.get(name.text);
        Var alias;
        if (old instanceof Var v && v.storage != Var.Storage.TYPEDEF) alias = v;
        else if (old == null) {
            alias = new Var(name.text, target.type, name.loc, false);
            alias.storage = Var.Storage.EXTERN;
            alias.externalDecl = target.isFunction();
            p.scopes.get(0).names.put(name.text, alias);
            p.globals.add(alias);
        } else return; // a typedef or enumerator of that name: clang's lookup of the alias finds no function or object
        if (alias.isDefined || !alias.isFunction() && p.tentative.contains(alias)) {
            p.diags.error(name.loc, "definition '" + name.text + "' cannot also be an alias");
            return;
        }
        alias.alias = target.name;
        alias.aliasLoc = name.loc;
        alias.weak = true;
        made.put(alias, target);
    }
}
