package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The OpenMP tools interface (docs/design/ompt.md): the OMPT tool of
 * tests/c/run/support/225-ompt-trace.c, built here by gcc as a shared library (with jomp's
 * {@code <omp-tools.h>}: gcc 12 ships none) and loaded through OMP_TOOL_LIBRARIES, or linked into
 * the program, writes the callbacks it sees in a canonical form; every corpus program with a line
 * {@code // OMPT: <oracle>} is built by jomp and its trace judged:
 * <ul>
 * <li>{@code clang}: against the same tool under clang-19's build with libomp;</li>
 * <li>{@code clang-offload}: against clang-19's offloading to the host (libomptarget's host
 *     plugin), with the older target callbacks and with the EMI ones, on the jvm device and on
 *     nvptx64's PTX simulator;</li>
 * <li>{@code expected}: against {@code NNN-x.ompt}, the sequence OpenMP states where LLVM's
 *     runtimes differ from it (the program's {@code // WHY:} says how).</li>
 * </ul>
 * Where LLVM 19 departs from OpenMP on the way, the comparison says so, one difference at a time
 * ({@link #llvmSide}, {@link #jompSide}), and jomp is held to OpenMP there instead. The tool's
 * search (OMP_TOOL, OMP_TOOL_LIBRARIES, OMP_TOOL_VERBOSE_INIT) is compared with libomp's, and
 * {@code <omp-tools.h>} with LLVM's.
 */
class OmptTest {
    private static Path lib, declining;

    static Path include() {
        return Corpus.root().resolve("compiler/front/src/main/resources/jomp/include");
    }

    static Path toolSource() {
        return Corpus.runDir().resolve("support/225-ompt-trace.c");
    }

    @BeforeAll
    static void buildTool() {
        Exec.require("gcc");
        Path w = Corpus.work("ompt-tool");
        lib = w.resolve("libompt-trace.so");
        declining = w.resolve("libompt-decline.so");
        for (Path out : List.of(lib, declining)) {
            List<String> cmd = new ArrayList<>(List.of(
                    "gcc",
                    "-std=gnu11",
                    "-O2",
                    "-shared",
                    "-fPIC",
                    "-idirafter",
                    include().toString()));
            if (out == lib) cmd.addAll(List.of("-Wall", "-Wextra", "-Werror"));
            else cmd.add("-DOMPT_TRACE_DECLINE");
            cmd.addAll(List.of(toolSource().toString(), "-o", out.toString()));
            Exec.Result r = Exec.run(cmd, w, Map.of(), w.resolve("tmp"));
            assertEquals(0, r.status(), () -> r.describe("gcc"));
        }
    }

    /** The programs of the run, native and offload corpora with an {@code // OMPT:} line. */
    static List<Path> programs() {
        List<Path> out = new ArrayList<>();
        for (String dir : List.of("run", "native", "offload"))
            for (Path p : Corpus.list(Corpus.root().resolve("tests/c/" + dir)))
                if (p.getFileName().toString().matches("\\d{3}-.*\\.c") && directive(p, "// OMPT: ") != null)
                    out.add(p);
        return out;
    }

    static String directive(Path program, String prefix) {
        for (String l : Corpus.read(program).lines().toList())
            if (l.startsWith(prefix)) return l.substring(prefix.length()).strip();
        return null;
    }

    @Test
    void theCorpusHasOmptPrograms() {
        assertThat(programs()).as("programs with // OMPT:").hasSizeGreaterThanOrEqualTo(8);
        for (Path p : programs())
            assertThat(directive(p, "// OMPT: ")).as(p.toString()).isIn("clang", "clang-offload", "expected");
    }

    @TestFactory
    Stream<DynamicTest> traces() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path p : programs()) {
            String name = p.getParent().getFileName() + "/" + Corpus.stem(p);
            switch (directive(p, "// OMPT: ")) {
                case "clang" -> tests.add(DynamicTest.dynamicTest(name, p.toUri(), () -> againstClang(p, null, false)));
                case "clang-offload" -> {
                    for (boolean emi : new boolean[] {false, true}) {
                        tests.add(DynamicTest.dynamicTest(
                                name + " jvm" + (emi ? " emi" : ""), p.toUri(), () -> againstClang(p, "jvm", emi)));
                        tests.add(DynamicTest.dynamicTest(
                                name + " nvptx64" + (emi ? " emi" : ""),
                                p.toUri(),
                                () -> againstClang(p, "nvptx64", emi)));
                    }
                }
                default -> tests.add(DynamicTest.dynamicTest(name, p.toUri(), () -> againstExpected(p)));
            }
        }
        return tests.stream();
    }

    // ---- building and running

    private static boolean linksTheTool(Path p) {
        return Corpus.linkedSources(p).stream().anyMatch(s -> s.endsWith("225-ompt-trace.c"));
    }

    /** Builds p with jomp (target: null, jvm or nvptx64) or clang-19 into w/name. */
    private static Path build(Path p, Path w, String name, boolean clang, String target) {
        List<String> cmd = new ArrayList<>(clang ? List.of("clang-19") : Corpus.jompCommand());
        cmd.addAll(List.of("-std=gnu11", "-O0", "-fopenmp"));
        if (target != null) cmd.add("-fopenmp-targets=" + (clang ? "x86_64-pc-linux-gnu" : target));
        cmd.addAll(Corpus.flags(p));
        cmd.add(p.toString());
        cmd.addAll(Corpus.linkedSources(p));
        Path exe = w.resolve(name);
        cmd.addAll(List.of("-o", exe.toString(), "-lm"));
        Exec.Result r = Exec.run(cmd, p.getParent(), Map.of(), w.resolve("tmp"));
        assertEquals(0, r.status(), () -> r.describe(clang ? "clang-19" : "jomp"));
        return exe;
    }

    /** The environment of a traced run: four threads, the trace's file, the tool (unless linked), the program's OMPT-ENV. */
    private static Map<String, String> env(Path p, Path trace, boolean emi) {
        Map<String, String> env = new HashMap<>(
                Map.of("OMP_NUM_THREADS", "4", "OMPT_TRACE", trace.toString(), "OMPT_TRACE_EMI", emi ? "1" : "0"));
        if (!linksTheTool(p)) env.put("OMP_TOOL_LIBRARIES", lib.toString());
        String extra = directive(p, "// OMPT-ENV: ");
        if (extra != null)
            for (String kv : extra.split("\\s+"))
                env.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        return env;
    }

    private record Traced(Exec.Result run, String trace) {}

    private static Traced run(Path exe, Path p, Map<String, String> env) {
        Path trace = Path.of(env.get("OMPT_TRACE"));
        try {
            Files.deleteIfExists(trace);
            Exec.Result r = Exec.run(
                    List.of(exe.toString()),
                    exe.getParent(),
                    env,
                    exe.getParent().resolve("tmp"));
            assertThat(r.timedOut() || r.status() != 0)
                    .as(
                            "%s: %s",
                            exe.getFileName(), r.describe(exe.getFileName().toString()))
                    .isFalse();
            assertThat(trace)
                    .as("the tool's trace of %s (finalize writes it)", exe.getFileName())
                    .exists();
            return new Traced(r, Files.readString(trace, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void againstClang(Path p, String target, boolean emi) {
        Exec.require("clang-19");
        Path w = Corpus.work("ompt")
                .resolve(Corpus.stem(p) + (target == null ? "" : "-" + target) + (emi ? "-emi" : ""));
        Path mine = build(p, w, "jomp", false, target);
        Path theirs = build(p, w, "clang", true, target);
        Map<String, String> jompEnv = env(p, w.resolve("jomp.trace"), emi),
                clangEnv = env(p, w.resolve("clang.trace"), emi);
        if ("nvptx64".equals(target)) jompEnv.putAll(OffloadCorpusTest.SIMULATOR);
        if (target != null) clangEnv.put("LD_LIBRARY_PATH", OffloadCorpusTest.LLVM_LIB);
        Traced j = run(mine, p, jompEnv), c = run(theirs, p, clangEnv);
        assertThat(j.run().stdoutText())
                .as("stdout, jomp's against clang-19's (both with the tool)")
                .isEqualTo(c.run().stdoutText());
        assertThat(jompSide(j.trace()))
                .as(
                        "the tool's trace under jomp (left) and under clang-19's runtimes (right), LLVM's departures from "
                                + "OpenMP taken out\n--- jomp's trace:\n%s",
                        j.trace())
                .isEqualTo(llvmSide(c.trace()));
    }

    private static void againstExpected(Path p) {
        Path w = Corpus.work("ompt").resolve(Corpus.stem(p));
        boolean offload = p.getParent().getFileName().toString().equals("offload");
        Path mine = build(p, w, "jomp", false, offload ? "jvm" : null);
        Traced j = run(mine, p, env(p, w.resolve("jomp.trace"), false));
        String expected = Corpus.read(p.resolveSibling(Corpus.stem(p) + ".ompt"));
        assertThat(withoutSection(j.trace(), "== target info"))
                .as("the tool's trace under jomp against %s.ompt (OpenMP's sequence)", Corpus.stem(p))
                .isEqualTo(expected);
        jompSide(j.trace()); // jomp's own checks hold here too
    }

    // ---- LLVM's departures from OpenMP, and jomp held to OpenMP where they are

    /**
     * clang's trace: libomp answers ompt_set_never for device_unload and target_map(_emi), which it
     * never dispatches (jomp does: always); and its dispatch callbacks count differently from
     * OpenMP's (one per thread for a sections construct or a static loop), so the dispatch
     * section is left out (jomp's is checked against the work it shares out: {@link #jompSide}).
     */
    static String llvmSide(String trace) {
        String t = trace.replace("\ndevice_unload=never\n", "\ndevice_unload=always\n")
                .replace("\ntarget_map=never\n", "\ntarget_map=always\n")
                .replace("\ntarget_map_emi=never\n", "\ntarget_map_emi=always\n");
        return withoutSection(withoutSection(t, "== dispatch"), "== target info");
    }

    private static final Pattern DISPATCH = Pattern.compile(
            "region \\S+: sections (\\d+) of (\\d+), loop iterations (\\d+) of (\\d+), distribute iterations (\\d+) of (\\d+), taskloop iterations (\\d+) of (\\d+)");
    private static final Pattern TARGET_INFO = Pattern.compile(
            "(?m)^ompt_get_target_info in a target callback: (\\d+) of (\\d+) right\nompt_get_num_devices: (-?\\d+)$");
    private static final Pattern DEVICE =
            Pattern.compile("(?m)^(D\\d+): initialize=(\\d+) load=(\\d+) finalize=(\\d+)$");

    /**
     * jomp's trace, checked and then made comparable: no problem the tool found; every section and
     * chunk dispatched once (the counts equal the work the constructs share out); a target_map
     * for each target construct and an unload for each image loaded (both jomp's, not LLVM's),
     * which are then taken out.
     */
    static String jompSide(String trace) {
        assertThat(trace.lines().filter(l -> l.startsWith("problem:")).toList())
                .as("problems the tool found under jomp")
                .isEmpty();
        String dispatch = section(trace, "== dispatch");
        for (String l : dispatch.lines().skip(1).toList()) {
            Matcher m = DISPATCH.matcher(l);
            assertThat(m.matches()).as("dispatch line %s", l).isTrue();
            for (int g = 1; g <= 8; g += 2)
                assertThat(m.group(g))
                        .as("dispatched against shared out: %s", l)
                        .isEqualTo(m.group(g + 1));
        }
        long maps = trace.lines()
                .filter(l -> l.startsWith("target_map ") || l.equals("target_map"))
                .count();
        long constructs = trace.lines()
                .filter(l -> l.matches("target \\w+ begin device=D\\d+"))
                .count();
        assertThat(maps).as("target_map callbacks, one per target construct").isEqualTo(constructs);
        Matcher d = DEVICE.matcher(trace);
        while (d.find()) {
            assertThat(d.group(2)).as("%s initialized once", d.group(1)).isEqualTo("1");
            assertThat(d.group(4)).as("%s finalized once", d.group(1)).isEqualTo("1");
            String unloads = d.group(1) + ": unload=" + d.group(3);
            assertThat(trace.lines().toList())
                    .as("each image of %s unloaded at exit", d.group(1))
                    .contains(unloads);
        }
        Matcher info = TARGET_INFO.matcher(trace);
        assertThat(info.find()).as("the tool's target info section").isTrue();
        assertThat(info.group(1))
                .as("ompt_get_target_info's answers in target callbacks, right of asked")
                .isEqualTo(info.group(2));
        assertThat(Long.parseLong(info.group(2)))
                .as("ompt_get_target_info asked in each target begin")
                .isEqualTo(constructs);
        long devices =
                trace.lines().filter(l -> l.matches("D\\d+: initialize=.*")).count();
        assertThat(Long.parseLong(info.group(3)))
                .as("ompt_get_num_devices against the devices the target events named")
                .isGreaterThanOrEqualTo(devices);
        StringBuilder out = new StringBuilder();
        for (String l : withoutSection(withoutSection(trace, "== dispatch"), "== target info")
                .lines()
                .toList())
            if (!l.startsWith("target_map ") && !l.equals("target_map") && !l.matches("D\\d+: unload=\\d+"))
                out.append(l).append('\n');
        return out.toString();
    }

    /** The lines of a trace's section (its heading line first), up to the next heading. */
    private static String section(String trace, String heading) {
        StringBuilder out = new StringBuilder();
        boolean in = false;
        for (String l : trace.lines().toList()) {
            if (l.startsWith("== ")) in = l.startsWith(heading);
            if (in) out.append(l).append('\n');
        }
        return out.toString();
    }

    private static String withoutSection(String trace, String heading) {
        StringBuilder out = new StringBuilder();
        boolean in = false;
        for (String l : trace.lines().toList()) {
            if (l.startsWith("== ")) in = l.startsWith(heading);
            if (!in) out.append(l).append('\n');
        }
        return out.toString();
    }

    // ---- the tool's search

    private static Path host031(boolean clang) {
        Path p = Corpus.root().resolve("tests/c/native/031-ompt-worksharing.c");
        return build(p, Corpus.work("ompt-search"), clang ? "clang" : "jomp", clang, null);
    }

    private static Exec.Result plain(Path exe, Map<String, String> env) {
        Exec.Result r = Exec.run(
                List.of(exe.toString()), exe.getParent(), env, exe.getParent().resolve("tmp"));
        assertThat(r.status()).as(r.describe(exe.getFileName().toString())).isZero();
        return r;
    }

    /** The log between libomp's START and END lines. */
    private static String log(String text) {
        int a = text.indexOf("----- START LOGGING"), b = text.indexOf("----- END LOGGING");
        assertThat(a).as("a tool registration log in:\n%s", text).isGreaterThanOrEqualTo(0);
        return text.substring(a, text.indexOf('\n', b) + 1);
    }

    /**
     * OMP_TOOL_LIBRARIES searched in order, as libomp does: a library that cannot be opened and one
     * whose ompt_start_tool answers NULL are passed over, the next one is the tool; and
     * OMP_TOOL_VERBOSE_INIT logs it to stderr, stdout or a file in libomp's words.
     */
    @Test
    void theSearchAndItsLogAreLibomps() throws IOException {
        Exec.require("clang-19");
        Path w = Corpus.work("ompt-search");
        String libs = w.resolve("no-such-tool.so") + ":" + declining + ":" + lib;
        for (String where : List.of("stderr", "stdout", "file")) {
            Map<String, String> got = new HashMap<>();
            for (boolean clang : new boolean[] {false, true}) {
                Path logFile = w.resolve((clang ? "clang" : "jomp") + ".log");
                Files.deleteIfExists(logFile);
                Map<String, String> env = new HashMap<>(Map.of(
                        "OMP_NUM_THREADS",
                        "4",
                        "OMP_TOOL_LIBRARIES",
                        libs,
                        "OMPT_TRACE",
                        w.resolve("search.trace").toString(),
                        "OMP_TOOL_VERBOSE_INIT",
                        where.equals("file") ? logFile.toString() : where));
                Exec.Result r = plain(host031(clang), env);
                String text = switch (where) {
                    case "stderr" -> r.stderr();
                    case "stdout" -> r.stdoutText();
                    default -> Files.readString(logFile);
                };
                got.put(clang ? "clang" : "jomp", log(text));
                assertThat(w.resolve("search.trace"))
                        .as("the tool found after two that were not")
                        .exists();
            }
            assertThat(got.get("jomp"))
                    .as("OMP_TOOL_VERBOSE_INIT=%s, jomp's log against libomp's", where)
                    .isEqualTo(got.get("clang"))
                    .contains("Found but not using the OMPT interface.")
                    .contains("Tool was started and is using the OMPT interface.");
        }
    }

    /** OMP_TOOL=disabled: no tool, however it is named; an invalid value is libomp's warning; an initialize that declines attaches nothing. */
    @Test
    void noToolWhenDisabledOrDeclined() throws IOException {
        Exec.require("clang-19");
        Path w = Corpus.work("ompt-search");
        Path trace = w.resolve("none.trace");
        for (boolean clang : new boolean[] {false, true}) {
            Path exe = host031(clang);
            String who = clang ? "clang-19's build" : "jomp's build";
            Map<String, String> base = Map.of("OMP_TOOL_LIBRARIES", lib.toString(), "OMPT_TRACE", trace.toString());
            Map<String, String> disabled = new HashMap<>(base);
            disabled.put("OMP_TOOL", "DISABLED");
            disabled.put("OMP_TOOL_VERBOSE_INIT", "stderr");
            Files.deleteIfExists(trace);
            assertThat(plain(exe, disabled).stderr()).as(who).startsWith("OMP tool disabled. \n");
            assertThat(trace).as("%s with OMP_TOOL=disabled", who).doesNotExist();
            Map<String, String> declined = new HashMap<>(base);
            declined.put("OMPT_TRACE_INIT", "0");
            plain(exe, declined);
            assertThat(trace)
                    .as("%s: a tool whose initialize returns 0 gets no finalize", who)
                    .doesNotExist();
            Map<String, String> invalid = new HashMap<>(base);
            invalid.put("OMP_TOOL", "sometimes");
            assertThat(plain(exe, invalid).stderr())
                    .as(who)
                    .contains("Warning: OMP_TOOL has invalid value \"sometimes\".\n"
                            + "  legal values are (NULL,\"\",\"disabled\",\"enabled\").\n");
            assertThat(trace).as("%s with an invalid OMP_TOOL", who).doesNotExist();
        }
    }

    // ---- the header

    private static final Pattern ENUMERATOR =
            Pattern.compile("(?m)^\\s*((?:ompt|kmp)_\\w+)\\s*(?:DEPRECATED_51\\s*)?=\\s*[-\\w]+,?");
    private static final Pattern TYPEDEF = Pattern.compile(
            "\\}\\s*(ompt_\\w+_t)\\s*;|typedef\\s+[^;(]*?\\(\\*\\s*(ompt_\\w+_t)\\)|typedef\\s+\\w+\\s+(ompt_\\w+_t)\\s*;");

    /**
     * jomp's omp-tools.h against LLVM 19's: every enumerator with its value, and every type's size
     * and alignment (structs, unions, callbacks, entry points), printed by one program built with
     * each header (clang-19 with LLVM's, jomp with its own); the FOREACH macros name the same
     * entry points and events.
     */
    @Test
    void ompToolsHIsLlvms() throws IOException {
        Exec.require("clang-19");
        String llvm = Files.readString(OmpHeaderTest.LLVM_INCLUDE.resolve("omp-tools.h"))
                .replaceAll("(?s)/\\*.*?\\*/", "");
        llvm = llvm.substring(0, llvm.indexOf("typedef struct ompd_address_t")) // OMPD is not part of jomp's header
                + llvm.substring(llvm.indexOf("typedef struct ompt_record_ompt_t"));
        TreeSet<String> enumerators = new TreeSet<>(), types = new TreeSet<>();
        Matcher e = ENUMERATOR.matcher(llvm);
        while (e.find()) enumerators.add(e.group(1));
        Matcher t = TYPEDEF.matcher(llvm);
        while (t.find()) for (int g = 1; g <= 3; g++) if (t.group(g) != null) types.add(t.group(g));
        types.removeAll(List.of("ompt_device_t", "ompt_buffer_t")); // void
        assertThat(enumerators).as("LLVM's enumerators").hasSizeGreaterThan(150);
        assertThat(types).as("LLVM's types").hasSizeGreaterThan(90);
        StringBuilder c = new StringBuilder(
                "#include <omp-tools.h>\n#include <stdio.h>\n#define PRINT_FN(f) puts(#f);\n"
                        + "#define PRINT_EVENT(e, t, n) printf(\"%s %s %d\\n\", #e, #t, n);\n#define PRINT_STATE(s, v) printf(\"%s %d\\n\", #s, v);\nint main(void) {\n");
        for (String n : enumerators)
            c.append("  printf(\"%s %lld\\n\", \"")
                    .append(n)
                    .append("\", (long long) ")
                    .append(n)
                    .append(");\n");
        for (String n : types)
            c.append("  printf(\"%s %zu %zu\\n\", \"")
                    .append(n)
                    .append("\", sizeof(")
                    .append(n)
                    .append("), _Alignof(")
                    .append(n)
                    .append("));\n");
        c.append(
                "  FOREACH_OMPT_INQUIRY_FN(PRINT_FN)\n  FOREACH_OMPT_EVENT(PRINT_EVENT)\n  FOREACH_OMPT_51_EVENT(PRINT_EVENT)\n  FOREACH_OMPT_STATE(PRINT_STATE)\n");
        c.append("  printf(\"%d %d\\n\", (int) ompt_mutex_impl_none, (int) ompt_wait_id_none);\n  return 0;\n}\n");
        Path w = Corpus.work("ompt-header");
        Path src = w.resolve("all.c");
        Files.writeString(src, c);
        Map<String, String> out = new HashMap<>();
        for (List<String> cc : List.of(List.of("clang-19"), Corpus.jompCommand())) {
            String who = cc.get(0).equals("clang-19") ? "clang" : "jomp";
            List<String> cmd = new ArrayList<>(cc);
            cmd.addAll(List.of(
                    "-std=gnu11",
                    "-Werror",
                    src.toString(),
                    "-o",
                    w.resolve(who).toString()));
            Exec.Result b = Exec.run(cmd, w, Map.of(), w.resolve("tmp"));
            assertEquals(0, b.status(), () -> b.describe(who));
            out.put(who, plain(w.resolve(who), Map.of()).stdoutText());
        }
        assertThat(out.get("jomp"))
                .as("every enumerator and type of omp-tools.h, jomp's header (left) against LLVM's")
                .isEqualTo(out.get("clang"));
    }
}
