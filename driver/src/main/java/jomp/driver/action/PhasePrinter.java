package jomp.driver.action;

import java.io.PrintStream;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints the action graph as clang's -ccc-print-phases does (PrintActions1): post-order, shared
 * actions printed once and referred to by id, "+- " before a first input, "|- " before later
 * ones, and the indentation each child inherits.
 */
public final class PhasePrinter {
    private enum Kind {
        TOP,
        HEAD_SIB,
        OTHER_SIB
    }

    private final PrintStream out;
    private final Map<Action, Integer> ids = new IdentityHashMap<>();

    private PhasePrinter(PrintStream out) {
        this.out = out;
    }

    public static void print(List<Action> topLevel, PrintStream out) {
        PhasePrinter p = new PhasePrinter(out);
        for (Action a : topLevel) p.print(a, "", Kind.TOP);
    }

    private int print(Action a, String indent, Kind kind) {
        Integer known = ids.get(a);
        if (known != null) return known;
        String sibIndent = indent
                + switch (kind) {
                    case HEAD_SIB -> "   ";
                    case OTHER_SIB -> "|  ";
                    case TOP -> "";
                };
        Kind sibKind = Kind.HEAD_SIB;
        StringBuilder sb = new StringBuilder(a.className()).append(", ");
        switch (a) {
            case Action.Input in -> sb.append('"').append(in.file()).append('"');
            case Action.Offload off -> {
                boolean first = true;
                List<Action.Dependence> deps = new java.util.ArrayList<>();
                if (off.host() != null) deps.add(off.host());
                deps.addAll(off.devices());
                for (Action.Dependence d : deps) {
                    if (!first) sb.append(", ");
                    sb.append('"').append(d.label()).append('"');
                    sb.append(" {")
                            .append(print(d.action(), sibIndent, sibKind))
                            .append('}');
                    first = false;
                    sibKind = Kind.OTHER_SIB;
                }
            }
            default -> {
                String prefix = "{";
                for (Action in : a.inputs()) {
                    sb.append(prefix).append(print(in, sibIndent, sibKind));
                    prefix = ", ";
                    sibKind = Kind.OTHER_SIB;
                }
                sb.append(a.inputs().isEmpty() ? "{}" : "}");
            }
        }
        String offloadInfo = "";
        if (!(a instanceof Action.Offload) && !a.offloadKind().isEmpty()) {
            offloadInfo = ", (" + a.offloadKind() + (a.arch() != null ? ", " + a.arch() : "") + ")";
        }
        int id = ids.size();
        ids.put(a, id);
        String self = switch (kind) {
            case HEAD_SIB -> "+- ";
            case OTHER_SIB -> "|- ";
            case TOP -> "";
        };
        out.println(indent + self + id + ": " + sb + ", " + a.type().dumpName + offloadInfo);
        return id;
    }
}
