package jomp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jomp.compiler.parse.OmpClauseTable;
import org.junit.jupiter.api.Test;

/**
 * jomp's table of which clauses each OpenMP directive allows ({@code jomp/omp/clauses.txt},
 * read by the parser) against clang 19 itself: for every executable directive, a file with one
 * function per clause is given to {@code clang-19 -fopenmp -fopenmp-version=52 -fsyntax-only},
 * and the clauses clang calls "unexpected" must be exactly those the table leaves out; a second
 * file with each allowed clause written twice finds the ones clang takes only once. Entries
 * marked '+' (OpenMP 5.2 allows them, clang 19 does not) are not compared. Declarative
 * directives, whose clauses need declarations around them, are checked by hand (the table's
 * lines for them).
 */
class OmpClauseTableTest {
    /** A clause with an argument clang can parse; clauses that make clang loop on most directives are left out. */
    private static final List<String> CLAUSES = List.of(
            "absent(parallel)",
            "acq_rel",
            "acquire",
            "affinity(x)",
            "align(8)",
            "aligned(p)",
            "allocate(x)",
            "allocator(omp_default_mem_alloc)",
            "at(compilation)",
            "atomic_default_mem_order(seq_cst)",
            "bind(thread)",
            "capture",
            "collapse(1)",
            "compare",
            "contains(parallel)",
            "copyin(tp)",
            "copyprivate(x)",
            "default(shared)",
            "defaultmap(tofrom: scalar)",
            "depend(in: x)",
            "destroy",
            "detach(ev)",
            "device(0)",
            "device_type(any)",
            "dist_schedule(static)",
            "doacross(source:)",
            "dynamic_allocators",
            "exclusive(x)",
            "fail(relaxed)",
            "filter(0)",
            "final(1)",
            "firstprivate(x)",
            "from(x)",
            "full",
            "grainsize(2)",
            "has_device_addr(x)",
            "hint(0)",
            "holds(1)",
            "if(1)",
            "in_reduction(+: x)",
            "inclusive(x)",
            "init(target: io)",
            "is_device_ptr(p)",
            "lastprivate(x)",
            "linear(x)",
            "map(to: x)",
            "mergeable",
            "message(\"m\")",
            "no_openmp",
            "no_openmp_routines",
            "no_parallelism",
            "nocontext(1)",
            "nogroup",
            "nontemporal(x)",
            "novariants(1)",
            "nowait",
            "num_tasks(2)",
            "num_teams(2)",
            "num_threads(2)",
            "order(concurrent)",
            "ordered",
            "partial(2)",
            "priority(1)",
            "private(x)",
            "proc_bind(close)",
            "read",
            "reduction(+: x)",
            "relaxed",
            "release",
            "reverse_offload",
            "safelen(2)",
            "schedule(static)",
            "seq_cst",
            "severity(warning)",
            "shared(x)",
            "simd",
            "simdlen(2)",
            "sizes(2)",
            "task_reduction(+: x)",
            "thread_limit(2)",
            "threads",
            "to(x)",
            "unified_address",
            "unified_shared_memory",
            "uniform(x)",
            "untied",
            "update",
            "use(io)",
            "use_device_addr(x)",
            "use_device_ptr(p)",
            "uses_allocators(omp_default_mem_alloc)",
            "weak",
            "write",
            "ompx_attribute(x)",
            "ompx_bare",
            "ompx_dyn_cgroup_mem(8)");

    private static final String LOOP = "for (i = 0; i < 10; i++) ;";

    /** Directive (as clang names it), how it is written, and its statement. */
    private record Probe(String name, String written, String body) {}

    private static List<Probe> probes() {
        List<Probe> out = new ArrayList<>();
        for (String d : List.of(
                "for",
                "simd",
                "for simd",
                "distribute",
                "distribute simd",
                "distribute parallel for",
                "distribute parallel for simd",
                "loop",
                "taskloop",
                "taskloop simd",
                "parallel for",
                "parallel for simd",
                "parallel loop",
                "master taskloop",
                "master taskloop simd",
                "masked taskloop",
                "masked taskloop simd",
                "parallel master taskloop",
                "parallel master taskloop simd",
                "parallel masked taskloop",
                "parallel masked taskloop simd",
                "teams distribute",
                "teams distribute simd",
                "teams distribute parallel for",
                "teams distribute parallel for simd",
                "teams loop",
                "target parallel for",
                "target parallel for simd",
                "target parallel loop",
                "target simd",
                "target teams distribute",
                "target teams distribute simd",
                "target teams distribute parallel for",
                "target teams distribute parallel for simd",
                "target teams loop",
                "tile",
                "unroll")) out.add(new Probe(d, d, LOOP));
        for (String d : List.of(
                "parallel",
                "teams",
                "single",
                "scope",
                "masked",
                "master",
                "task",
                "taskgroup",
                "critical",
                "ordered",
                "target",
                "target data",
                "target parallel",
                "target teams",
                "parallel master",
                "parallel masked")) out.add(new Probe(d, d, "{}"));
        out.add(new Probe("sections", "sections", "{\n#pragma omp section\n{}\n}"));
        out.add(new Probe("parallel sections", "parallel sections", "{\n#pragma omp section\n{}\n}"));
        out.add(new Probe("atomic", "atomic", "x = x + 1;"));
        out.add(new Probe("dispatch", "dispatch", "base(p);"));
        for (String d : List.of(
                "barrier",
                "taskwait",
                "taskyield",
                "flush",
                "target enter data",
                "target exit data",
                "target update",
                "interop",
                "error")) out.add(new Probe(d, d, ""));
        out.add(new Probe("cancel", "cancel parallel", ""));
        out.add(new Probe("cancellation point", "cancellation point parallel", ""));
        out.add(new Probe("depobj", "depobj(o)", ""));
        return out;
    }

    private static final String HEADER = """
        typedef unsigned long omp_allocator_handle_t;
        typedef enum omp_event_handle_t { E_MAX = __UINTPTR_MAX__ } omp_event_handle_t;
        typedef struct omp_depend_t { char x[8]; } omp_depend_t;
        typedef void *omp_interop_t;
        #define omp_default_mem_alloc ((omp_allocator_handle_t)1)
        int g, tp;
        #pragma omp threadprivate(tp)
        void base(int *p);
        """;

    /** One function per clause (twice each with {@code twice}); returns the pragma line of each clause. */
    private static String program(Probe d, List<String> clauses, boolean twice, List<Integer> lines) {
        StringBuilder sb = new StringBuilder(HEADER);
        for (int k = 0; k < clauses.size(); k++) {
            String c = clauses.get(k);
            sb.append("void f")
                    .append(k)
                    .append("(void) {\n")
                    .append(
                            "  int x = 0, *p = &x, i; omp_event_handle_t ev; omp_depend_t o; omp_interop_t io; (void)ev; (void)o; (void)io; (void)i;\n");
            lines.add((int) sb.chars().filter(ch -> ch == '\n').count() + 1);
            sb.append("#pragma omp ")
                    .append(d.written())
                    .append(' ')
                    .append(c)
                    .append(twice ? " " + c : "")
                    .append('\n')
                    .append(d.body())
                    .append("\n}\n");
        }
        return sb.toString();
    }

    /** The clauses (by line) clang reports with the given message fragment ("unexpected" also counts clauses clang does not know at all). */
    private static Set<String> reported(Probe d, List<String> clauses, boolean twice, String what, Path dir)
            throws IOException {
        List<Integer> lines = new ArrayList<>();
        Path file = dir.resolve("probe.c");
        Files.writeString(file, program(d, clauses, twice, lines));
        Exec.Result r = Exec.run(
                List.of("clang-19", "-fopenmp", "-fopenmp-version=52", "-fsyntax-only", "-ferror-limit=0", "probe.c"),
                dir,
                Map.of(),
                dir.resolve("tmp"));
        assertTrue(!r.timedOut(), "clang-19 timed out on " + d.name());
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^probe\\.c:(\\d+):\\d+: (?:error|warning): (.*)$")
                .matcher(r.stderr());
        while (m.find()) {
            if (!m.group(2).contains(what)
                    && !(what.startsWith("unexpected") && m.group(2).startsWith("extra tokens at the end"))) continue;
            int k = lines.indexOf(Integer.parseInt(m.group(1)));
            if (k >= 0) out.add(name(clauses.get(k)));
        }
        return out;
    }

    private static String name(String clause) {
        int p = clause.indexOf('(');
        return p < 0 ? clause : clause.substring(0, p);
    }

    @Test
    void tableMatchesClang19() throws IOException {
        Path dir = Corpus.work("omp-clauses");
        Files.createDirectories(dir.resolve("tmp"));
        List<String> problems = new ArrayList<>();
        for (Probe d : probes()) {
            OmpClauseTable.Entry e = OmpClauseTable.all().get(d.name());
            if (e == null) {
                problems.add(d.name() + ": not in the table");
                continue;
            }
            // a clause that is a word of a longer directive name ("for simd", "target update") cannot be probed
            List<String> clauses = new ArrayList<>();
            for (String c : CLAUSES) {
                String n = name(c);
                boolean composite = n.equals("simd") && !d.name().equals("ordered")
                        || d.name().equals("target") && (n.equals("update") || n.equals("enter"));
                if (!composite) clauses.add(c);
            }
            Set<String> unexpected = reported(d, clauses, false, "unexpected OpenMP clause", dir);
            Set<String> clangAllows = new TreeSet<>();
            for (String c : clauses) if (!unexpected.contains(name(c))) clangAllows.add(name(c));
            if (d.name().equals("nothing")) clangAllows.clear();
            Set<String> ours = new TreeSet<>(e.allowed());
            ours.removeAll(e.beyondClang());
            for (String c : CLAUSES) if (!clauses.contains(c)) ours.remove(name(c));
            if (!ours.equals(clangAllows)) problems.add(d.name() + ": table " + ours + ", clang-19 " + clangAllows);
            List<String> allowed = new ArrayList<>();
            for (String c : clauses) if (clangAllows.contains(name(c))) allowed.add(c);
            Set<String> once = reported(d, allowed, true, "cannot contain more than one", dir);
            Set<String> ourOnce = new TreeSet<>(e.once());
            ourOnce.retainAll(clangAllows);
            if (!ourOnce.equals(once))
                problems.add(d.name() + ": at most once in the table " + ourOnce + ", clang-19 " + once);
        }
        assertEquals(List.of(), problems, "jomp/omp/clauses.txt differs from clang 19");
        assertTrue(new LinkedHashSet<>(OmpClauseTable.all().keySet()).size() > 80);
    }
}
