package jomp.compiler.ir;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One translation unit in IR: functions, globals (variables and string literals), the
 * functions and data it uses but does not define (externs), and its OpenMP offload entries.
 */
public final class Module {
    public final String sourceName;
    public final List<Function> functions = new ArrayList<>();
    public final List<Global> globals = new ArrayList<>();
    /** Functions called or referenced but defined elsewhere, with their ABI signature, in first-use order. */
    public final Map<String, FuncType> externFunctions = new LinkedHashMap<>();
    /** The C prototypes (lower.CSignature) of extern functions, where the source declared one. */
    public final Map<String, String> externCsigs = new LinkedHashMap<>();
    /** Data symbols used but defined elsewhere, in first-use order. */
    public final List<String> externData = new ArrayList<>();

    public final List<OffloadEntry> offloadEntries = new ArrayList<>();
    /** Other names of functions and globals defined here ({@code __attribute__((alias))}), in source order. */
    public final List<Alias> aliases = new ArrayList<>();

    /**
     * {@code name} is another symbol for {@code target}, a function or global defined in this module:
     * the same code or storage in the object file and at link; {@code isStatic}: a local symbol;
     * {@code weak}: another object's strong definition of name replaces it.
     */
    public record Alias(String name, String target, boolean isStatic, boolean weak) {}

    /**
     * The ELF visibility of the unit's external symbols, defined or not, where it is not default
     * ({@code hidden}, {@code internal}, {@code protected}: the attribute, {@code #pragma GCC
     * visibility} or, for definitions, {@code -fvisibility}); the object's symbols carry it.
     */
    public final Map<String, String> visibility = new LinkedHashMap<>();
    /**
     * The extern functions and data the unit declares {@code weak} (attribute or {@code #pragma
     * weak}) and does not define: weak undefined symbols, which the link makes null when nothing
     * defines them.
     */
    public final java.util.Set<String> weakExterns = new java.util.LinkedHashSet<>();
    /**
     * With -g: the C file whose lines the functions' instructions carry (the main source file as
     * its line markers name it: {@code t.c} for {@code t.i}); null without debug information.
     */
    public String debugFile;

    public Module(String sourceName) {
        this.sourceName = sourceName;
    }

    /**
     * A module with the same contents in lists of its own, its functions {@code f(function)}:
     * {@link Function#copy} for a copy passes may change, the identity to share them. Globals,
     * which passes replace rather than change, are shared.
     */
    public Module copy(java.util.function.UnaryOperator<Function> f) {
        Module m = new Module(sourceName);
        m.debugFile = debugFile;
        for (Function x : functions) m.functions.add(f.apply(x));
        m.globals.addAll(globals);
        m.externFunctions.putAll(externFunctions);
        m.externCsigs.putAll(externCsigs);
        m.externData.addAll(externData);
        m.offloadEntries.addAll(offloadEntries);
        m.visibility.putAll(visibility);
        m.weakExterns.addAll(weakExterns);
        m.aliases.addAll(aliases);
        return m;
    }

    // Name indexes for the lookups below, rebuilt when a list has changed size (entries are only
    // ever added or removed, never renamed).
    private Map<String, Function> functionIndex = Map.of();
    private Map<String, Global> globalIndex = Map.of();
    private int functionCount = -1, globalCount = -1;

    /** The function defined here with this name, or null; indexed, so backends may ask per call site. */
    public Function function(String name) {
        if (functionCount != functions.size()) {
            Map<String, Function> index = new java.util.HashMap<>();
            for (Function x : functions) index.putIfAbsent(x.name, x);
            functionIndex = index;
            functionCount = functions.size();
        }
        return functionIndex.get(name);
    }

    /** The global defined here with this name, or null. */
    public Global global(String name) {
        if (globalCount != globals.size()) {
            Map<String, Global> index = new java.util.HashMap<>();
            for (Global x : globals) index.putIfAbsent(x.name, x);
            globalIndex = index;
            globalCount = globals.size();
        }
        return globalIndex.get(name);
    }
}
