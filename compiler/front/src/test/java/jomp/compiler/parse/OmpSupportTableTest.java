package jomp.compiler.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * docs/user-guide.md's OpenMP 5.2 support tables against the parser: one row per directive the
 * parser knows (jomp/omp/clauses.txt lists them) and per clause it parses
 * ({@link OmpClauseParser#KNOWN}), nothing else; every directive a row calls supported parses
 * without an error in a small program.
 */
class OmpSupportTableTest {
    static final Path GUIDE = Path.of("..", "..", "docs", "user-guide.md");
    private static final Set<String> STATUS = Set.of("yes", "partial", "no");

    /** The rows of the table whose header starts with {@code | first |}: name -> status. */
    private static Map<String, String> table(String first) throws IOException {
        List<String> lines = Files.readAllLines(GUIDE);
        int at = lines.indexOf("### OpenMP 5.2 support");
        assertThat(at).as("the support section of docs/user-guide.md").isGreaterThan(0);
        Map<String, String> rows = new LinkedHashMap<>();
        boolean in = false;
        for (int i = at; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.startsWith("| " + first + " |")) {
                in = true;
                continue;
            }
            if (in && l.startsWith("| ---")) continue;
            if (in && !l.startsWith("| `")) break;
            if (!in) continue;
            String[] cells = l.split(" \\| ");
            rows.put(cells[0].substring(3, cells[0].length() - 1), cells[1].strip());
        }
        return rows;
    }

    @Test
    void directivesTableNamesEveryDirectiveOnce() throws IOException {
        Map<String, String> rows = table("directive");
        assertThat(new TreeSet<>(rows.keySet()))
                .isEqualTo(new TreeSet<>(OmpClauseTable.all().keySet()));
        for (var e : rows.entrySet())
            assertThat(STATUS).as("status of " + e.getKey()).contains(e.getValue());
    }

    @Test
    void clausesTableNamesEveryClauseOnce() throws IOException {
        Map<String, String> rows = table("clause");
        assertThat(new TreeSet<>(rows.keySet())).isEqualTo(new TreeSet<>(OmpClauseParser.KNOWN));
        for (var e : rows.entrySet())
            assertThat(STATUS).as("status of " + e.getKey()).contains(e.getValue());
        // a clause the table calls supported is one the parser also allows on some directive
        Set<String> allowedSomewhere = OmpClauseTable.clauseNames();
        for (var e : rows.entrySet()) {
            if (e.getValue().equals("yes"))
                assertThat(allowedSomewhere)
                        .as(e.getKey() + " is allowed on some directive")
                        .contains(e.getKey());
        }
    }

    @Test
    void everySupportedDirectiveParses() throws IOException {
        List<String> failures = new ArrayList<>();
        for (var e : table("directive").entrySet()) {
            if (!e.getValue().equals("yes") && !e.getValue().equals("partial")) continue;
            String src = program(e.getKey());
            ParseHelper h = ParseHelper.parse(src);
            if (h.messages().contains("error")) failures.add(e.getKey() + ":\n" + h.messages() + src);
        }
        assertThat(failures).isEmpty();
    }

    /** A small program using the directive where it belongs. */
    private static String program(String d) {
        String head = """
            typedef unsigned long omp_allocator_handle_t;
            typedef void *omp_depend_t;
            typedef void *omp_interop_t;
            int g, tp, h;
            #pragma omp threadprivate(tp)
            int base(int x);
            int var(int x) { return x; }
            """;
        String decl = switch (d) {
            case "declare simd" -> "#pragma omp declare simd\nint fs(int x);\n";
            case "declare reduction" -> "#pragma omp declare reduction(mr: int: omp_out += omp_in)\n";
            case "declare variant" ->
                "#pragma omp declare variant(var) match(user={condition(1)})\nint base2(int x);\n";
            case "begin declare variant", "end declare variant" ->
                "#pragma omp begin declare variant match(implementation={vendor(llvm)})\nint base(int x) { return x; }\n#pragma omp end declare variant\n";
            case "requires" -> "#pragma omp requires dynamic_allocators\n";
            case "allocate" -> "#pragma omp allocate(h) align(16)\n";
            case "assumes" -> "#pragma omp assumes no_openmp_routines\n";
            case "begin assumes", "end assumes" ->
                "#pragma omp begin assumes no_parallelism\n#pragma omp end assumes\n";
            case "threadprivate" -> "#pragma omp threadprivate(g)\n";
            case "groupprivate" -> "#pragma omp groupprivate(h) device_type(nohost)\n";
            case "declare target" -> "#pragma omp declare target enter(g) device_type(any)\n";
            case "begin declare target", "end declare target" ->
                "#pragma omp begin declare target\nint dt;\n#pragma omp end declare target\n";
            case "declare mapper" ->
                "struct S { int n; int *p; };\n#pragma omp declare mapper(struct S s) map(s, s.p[0:s.n])\n";
            default -> null;
        };
        if (decl != null) return head + decl;
        String loop = "for (i = 0; i < 10; i++) a[i] = i;";
        String stmt = switch (d) {
            case "sections", "parallel sections" -> "#pragma omp " + d + "\n{\n#pragma omp section\nx++;\n}";
            case "section" -> "#pragma omp sections\n{\n#pragma omp section\nx++;\n}";
            case "atomic" -> "#pragma omp atomic\nx++;";
            case "barrier", "taskwait", "taskyield", "flush", "nothing" -> "#pragma omp " + d + "\n";
            case "target enter data", "target exit data" ->
                "#pragma omp " + d + " map(" + (d.contains("enter") ? "to" : "from") + ": x)\n";
            case "target update" -> "#pragma omp target update to(x)\n";
            case "cancel", "cancellation point" -> "#pragma omp parallel\n{\n#pragma omp " + d + " parallel\n}";
            case "depobj" -> "omp_depend_t o;\n#pragma omp depobj(o) depend(in: x)\n";
            case "error" -> "#pragma omp error at(execution) severity(warning)\n";
            case "scan" ->
                "#pragma omp for reduction(inscan, +: x)\nfor (i = 0; i < 10; i++) {\nx += a[i];\n#pragma omp scan inclusive(x)\na[i] = x;\n}";
            case "metadirective" ->
                "#pragma omp metadirective when(user={condition(x > 0)}: parallel) otherwise(nothing)\nx++;";
            case "tile" -> "#pragma omp tile sizes(2)\n" + loop;
            case "reverse", "interchange" ->
                "#pragma omp " + d + "\nfor (i = 0; i < 10; i++)\nfor (int j = 0; j < 10; j++) a[i] = j;";
            case "fuse" -> "#pragma omp fuse looprange(1, 2)\n{\n" + loop + "\n" + loop + "\n}";
            case "split" -> "#pragma omp split counts(2, omp_fill)\n" + loop;
            case "stripe" -> "#pragma omp stripe sizes(2)\n" + loop;
            case "ordered" -> "#pragma omp for ordered\nfor (i = 0; i < 10; i++) {\n#pragma omp ordered\nx++;\n}";
            case "loop" -> "#pragma omp loop bind(thread)\n" + loop;
            case "interop" ->
                "omp_interop_t io = 0;\n#pragma omp interop init(targetsync: io) depend(inout: x)\n#pragma omp interop destroy(io)\n";
            case "dispatch" -> "#pragma omp dispatch device(0) depend(in: x)\nx = base(x);";
            default -> {
                boolean isLoop = List.of(d.split(" ")).stream()
                        .anyMatch(w -> Set.of("for", "simd", "distribute", "loop", "taskloop", "unroll")
                                .contains(w));
                boolean inTeams = d.startsWith("distribute");
                String s = "#pragma omp " + d + "\n" + (isLoop ? loop : "{ x++; }");
                yield inTeams ? "#pragma omp teams\n{\n" + s + "\n}" : s;
            }
        };
        return head + "void f(void) {\n  int x = 0, i, a[10];\n" + stmt + "\n}\n";
    }
}
