package jomp.compiler.ir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;

/**
 * Links the IR of several translation units into one module, as an LTO link does before code
 * generation (-foffload-lto: the device halves of several objects become one device module).
 * External symbols resolve across units; a symbol defined by two units is an error naming both;
 * a static symbol whose name another unit also uses is renamed ({@code name.lto<k>}, k the
 * unit's position), so each unit keeps its own. Renaming works on the IR text before parsing,
 * skipping string data and comments, where an {@code @name} is not a reference.
 */
public final class IrLinker {
    private IrLinker() {}

    /** One unit's IR text and the name to report it by (the object it came from). */
    public record Unit(String name, String irText) {}

    public static final class LinkException extends RuntimeException {
        public LinkException(String message) {
            super(message);
        }
    }

    public static Module link(List<Unit> units) {
        List<Module> parsed = new ArrayList<>();
        for (Unit u : units) parsed.add(parse(u.name(), u.irText()));
        // every name a unit defines, to find the statics that clash with another unit's names
        Map<String, Integer> definers = new HashMap<>();
        for (Module m : parsed) {
            Set<String> own = new HashSet<>();
            for (Function f : m.functions) own.add(f.name);
            for (Global g : m.globals) own.add(g.name);
            for (String n : own) definers.merge(n, 1, Integer::sum);
        }
        List<Module> renamed = new ArrayList<>();
        for (int k = 0; k < parsed.size(); k++) {
            Module m = parsed.get(k);
            Map<String, String> rename = new HashMap<>();
            for (Function f : m.functions)
                if (f.isStatic && definers.get(f.name) > 1) rename.put(f.name, f.name + ".lto" + k);
            for (Global g : m.globals)
                if (g.isStatic && definers.get(g.name) > 1) rename.put(g.name, g.name + ".lto" + k);
            renamed.add(
                    rename.isEmpty()
                            ? m
                            : parse(
                                    units.get(k).name(),
                                    renameSymbols(units.get(k).irText(), rename)));
        }
        Module out = new Module(units.isEmpty() ? "" : units.get(0).name());
        Map<String, String> definedBy = new HashMap<>();
        Map<String, FuncType> externs = new LinkedHashMap<>();
        List<String> externData = new ArrayList<>();
        for (int k = 0; k < renamed.size(); k++) {
            Module m = renamed.get(k);
            String unit = units.get(k).name();
            for (Function f : m.functions) define(definedBy, f.name, unit);
            for (Global g : m.globals) define(definedBy, g.name, unit);
            out.functions.addAll(m.functions);
            out.globals.addAll(m.globals);
            out.offloadEntries.addAll(m.offloadEntries);
            m.externFunctions.forEach(externs::putIfAbsent);
            m.externCsigs.forEach(out.externCsigs::putIfAbsent);
            for (String d : m.externData) if (!externData.contains(d)) externData.add(d);
        }
        externs.keySet().removeIf(definedBy::containsKey);
        externData.removeIf(definedBy::containsKey);
        out.externFunctions.putAll(externs);
        out.externCsigs.keySet().retainAll(externs.keySet());
        out.externData.addAll(externData);
        return out;
    }

    private static void define(Map<String, String> definedBy, String name, String unit) {
        String first = definedBy.putIfAbsent(name, unit);
        if (first != null)
            throw new LinkException("multiple definition of '" + name + "' (in " + first + " and " + unit + ")");
    }

    private static Module parse(String name, String text) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true, StandardCharsets.UTF_8));
        Module m;
        try {
            m = IrParser.parse(new SourceFile(name, text), diags);
        } catch (RuntimeException e) {
            throw new LinkException(name + ": device IR does not parse: " + e.getMessage());
        }
        if (diags.hasErrors())
            throw new LinkException(name + ": device IR does not parse: "
                    + err.toString(StandardCharsets.UTF_8).strip());
        return m;
    }

    /** Replaces every {@code @old} symbol token by {@code @new}, outside quoted data and comments. */
    static String renameSymbols(String text, Map<String, String> rename) {
        StringBuilder out = new StringBuilder(text.length() + 64);
        int i = 0, n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '"') { // string data: copied as it is (quotes inside are escaped)
                int e = i + 1;
                while (e < n && text.charAt(e) != '"') e += text.charAt(e) == '\\' ? 2 : 1;
                e = Math.min(e + 1, n);
                out.append(text, i, e);
                i = e;
            } else if (c == ';') { // a comment to the end of the line
                int e = text.indexOf('\n', i);
                e = e < 0 ? n : e;
                out.append(text, i, e);
                i = e;
            } else if (c == '@') {
                int e = i + 1;
                while (e < n && identChar(text.charAt(e))) e++;
                String name = text.substring(i + 1, e);
                out.append('@').append(rename.getOrDefault(name, name));
                i = e;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static boolean identChar(char c) {
        return Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '$' || c == '.';
    }
}
