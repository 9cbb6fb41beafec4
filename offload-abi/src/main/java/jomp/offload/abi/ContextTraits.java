package jomp.offload.abi;

import java.util.ArrayList;
import java.util.List;

/**
 * The OpenMP context's device traits of one target (OpenMP 5.2 §7.1: kind, arch, isa), which
 * {@code declare variant} and {@code metadirective} selectors ask ("kind=gpu,nohost",
 * "arch=nvptx64"). Each target's ToolChain names its traits (a record of the target's own package,
 * jomp.offload.abi.nvptx.NvptxTraits), the code generator gives them to its device runtime, and
 * its plugin answers with the same record for host code asking about a device; the compiler asks
 * {@link #HOST} of code that only the host runs.
 *
 * @param kinds the words the kind selector accepts (any is one of them)
 * @param archs the words the arch selector accepts
 * @param isas the words {@code isa} accepts (jomp claims none)
 */
public record ContextTraits(List<String> kinds, List<String> archs, List<String> isas) {
    public ContextTraits {
        kinds = List.copyOf(kinds);
        archs = List.copyOf(archs);
        isas = List.copyOf(isas);
    }

    /** The host: kind host, cpu and any; arch x86_64 (jomp's C ABI is x86-64's, docs/design/abi.md). */
    public static final ContextTraits HOST =
            new ContextTraits(List.of("host", "cpu", "any"), List.of("x86_64", "x86-64", "amd64"), List.of());

    /** Whether trait {@code trait} ("kind", "arch", "isa") has the word {@code word}; false for other traits. */
    public boolean has(String trait, String word) {
        return switch (trait) {
            case "kind" -> kinds.contains(word);
            case "arch" -> archs.contains(word);
            case "isa" -> isas.contains(word);
            default -> false;
        };
    }

    /** Whether every word of a selector's trait, written {@code trait=word,word}, holds. */
    public boolean matches(String selector) {
        int eq = selector.indexOf('=');
        if (eq < 0) return false;
        String trait = selector.substring(0, eq);
        for (String w : selector.substring(eq + 1).split(",")) if (!has(trait, w)) return false;
        return true;
    }

    /**
     * The traits as one line, {@code kind=a,b;arch=c;isa=}, the form a device runtime reads (the
     * nvptx device runtime's {@code __jomp_context_traits}).
     */
    public String encode() {
        return "kind=" + String.join(",", kinds) + ";arch=" + String.join(",", archs) + ";isa="
                + String.join(",", isas);
    }

    /** The traits of an {@link #encode()}d line. */
    public static ContextTraits decode(String line) {
        List<List<String>> parts = new ArrayList<>(List.of(List.of(), List.of(), List.of()));
        List<String> names = List.of("kind", "arch", "isa");
        for (String part : line.split(";")) {
            int eq = part.indexOf('=');
            int at = eq < 0 ? -1 : names.indexOf(part.substring(0, eq));
            if (at < 0) throw new IllegalArgumentException("not a trait: " + part);
            String words = part.substring(eq + 1);
            parts.set(at, words.isEmpty() ? List.of() : List.of(words.split(",")));
        }
        return new ContextTraits(parts.get(0), parts.get(1), parts.get(2));
    }
}
