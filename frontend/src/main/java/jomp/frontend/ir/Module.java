package jomp.frontend.ir;

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
    /** Data symbols used but defined elsewhere, in first-use order. */
    public final List<String> externData = new ArrayList<>();
    public final List<OffloadEntry> offloadEntries = new ArrayList<>();

    public Module(String sourceName) { this.sourceName = sourceName; }

    public Function function(String name) {
        for (Function f : functions) if (f.name.equals(name)) return f;
        return null;
    }

    public Global global(String name) {
        for (Global g : globals) if (g.name.equals(name)) return g;
        return null;
    }
}
