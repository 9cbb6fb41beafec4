package jomp.compiler.parse;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which clauses each OpenMP directive accepts, and which of them at most once, as clang 19
 * (-fopenmp-version=52) decides: read from {@code jomp/omp/clauses.txt}, which
 * tests/bin/omp-clauses.sh derives from clang-19 itself (OmpClauseTableTest compares the two).
 * A line is {@code directive: clause clause! ...}; {@code !} marks a clause the directive takes at
 * most once. Directive names are as clang's diagnostics spell them ("target teams distribute").
 */
public final class OmpClauseTable {
    private OmpClauseTable() {}

    /** A directive's clauses: allowed (in table order) and the ones allowed once. */
    public record Entry(Set<String> allowed, Set<String> once, Set<String> beyondClang) {}

    private static volatile Map<String, Entry> table;

    /** Every directive in the table, with its clauses. */
    public static Map<String, Entry> all() {
        Map<String, Entry> t = table;
        if (t == null) table = t = load();
        return t;
    }

    /** The clauses of a directive, or null when the table does not list it. */
    static Entry of(String directive) {
        return all().get(directive);
    }

    /** Every clause name the table mentions (clauses of some directive). */
    public static Set<String> clauseNames() {
        Set<String> out = new LinkedHashSet<>();
        for (Entry e : all().values()) out.addAll(e.allowed());
        return out;
    }

    private static Map<String, Entry> load() {
        Map<String, Entry> out = new LinkedHashMap<>();
        try (InputStream in = OmpClauseTable.class.getResourceAsStream("/jomp/omp/clauses.txt")) {
            if (in == null) throw new IllegalStateException("jomp/omp/clauses.txt is missing from the class path");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                line = line.strip();
                if (line.isEmpty() || line.startsWith("#")) continue;
                int colon = line.indexOf(':');
                String dir = line.substring(0, colon).strip();
                Set<String> allowed = new LinkedHashSet<>(),
                        once = new LinkedHashSet<>(),
                        beyond = new LinkedHashSet<>();
                for (String w : line.substring(colon + 1).strip().split("\\s+")) {
                    if (w.isEmpty()) continue;
                    boolean o = w.endsWith("!"), plus = w.startsWith("+");
                    String c = w.substring(plus ? 1 : 0, w.length() - (o ? 1 : 0));
                    allowed.add(c);
                    if (o) once.add(c);
                    if (plus) beyond.add(c);
                }
                out.put(
                        dir,
                        new Entry(
                                java.util.Collections.unmodifiableSet(allowed), Set.copyOf(once), Set.copyOf(beyond)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return java.util.Collections.unmodifiableMap(out);
    }
}
