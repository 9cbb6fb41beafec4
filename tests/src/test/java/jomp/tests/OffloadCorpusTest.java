package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The offload corpus (tests/c/offload) through jomp with the jvm device: each program is compiled by
 * {@code bin/jomp -std=gnu11 -O0 -fopenmp -fopenmp-targets=jvm} and by its oracle, both run with
 * OMP_NUM_THREADS=4 and LIBOMPTARGET_INFO=16, and jomp's binary must print the same stdout bytes and
 * exit the same way as the oracle's, and launch exactly {@code // KERNELS: n} kernels (n stderr lines
 * containing "info: Launching kernel"), so a region that quietly ran on the host fails.
 *
 * <p>The oracle is named in the program: {@code // ORACLE: gcc} (the default; {@code gcc -fopenmp} runs
 * target regions on the host in shared memory, so these programs print the same either way) or
 * {@code // ORACLE: clang-offload} ({@code clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu}, whose
 * libomptarget host plugin keeps separate device memory, so map semantics show). {@code // FLAGS:} and
 * {@code // LINK:} work as in tests/c/run; {@code // CLANG-FLAGS:} goes to clang-19 only (e.g.
 * -fopenmp-version=52 for {@code declare target enter}). Everything is built afresh in a temporary
 * folder on every run. tests/bin/check-offload.sh validates the corpus against both oracles.
 *
 * <p>The same programs compiled for nvptx64 run on the PTX simulator (JOMP_PTXSIM, plugins/ptxsim)
 * and are judged the same way, at -O0 and -O2: the GPU half of the corpus executed, not only
 * assembled. Each oracle runs once per test run; every comparison reuses its output.
 *
 * <p>A few programs are also built the way a user builds in steps (each source {@code -c}, then a link
 * of the objects), one through a static library made by GNU ar, and docs/examples/zaxpy.src with the
 * user's commands verbatim.
 */
class OffloadCorpusTest {
    static final String KERNEL_LINE = "info: Launching kernel";
    /** Where clang-19's libomptarget and its host plugin live (Debian/Ubuntu's llvm-19 packages). */
    static final String LLVM_LIB = System.getProperty("jomp.tests.llvmlib", "/usr/lib/llvm-19/lib");
    /** Programs also built in separate steps: -c for each source, then a link of the objects. */
    static final List<String> SEPARATE_STEPS =
            List.of("001-map-tofrom-basic", "006-enter-exit-data", "084-zaxpy", "085-declare-target-two-files");
    /** Built with its LINK sources in a static library made by GNU ar. */
    static final String ARCHIVED = "085-declare-target-two-files";

    static Path dir() {
        return Corpus.root().resolve("tests/c/offload");
    }

    static List<Path> programs() {
        try (Stream<Path> s = Files.list(dir())) {
            return s.filter(p -> p.getFileName().toString().endsWith(".c"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir(), e);
        }
    }

    @Test
    void corpusIsLargeEnoughAndDeclaresKernels() {
        assertThat(programs()).hasSizeGreaterThanOrEqualTo(85);
        for (Path p : programs()) {
            assertThat(directive(p, "// KERNELS: "))
                    .as("%s: // KERNELS: n", p.getFileName())
                    .singleElement()
                    .matches(s -> s.matches("\\d+"), "a number");
            assertThat(oracle(p)).as("%s: // ORACLE:", p.getFileName()).isIn("gcc", "clang-offload", "expected");
            if (oracle(p).equals("expected")) {
                assertThat(expectedFile(p))
                        .as("%s: ORACLE: expected needs its .expected file", p.getFileName())
                        .isRegularFile();
                assertThat(directive(p, "// WHY: "))
                        .as(
                                "%s: ORACLE: expected must say why neither gcc nor clang is the oracle (// WHY:)",
                                p.getFileName())
                        .isNotEmpty();
            }
        }
        for (String s : SEPARATE_STEPS) assertThat(dir().resolve(s + ".c")).isRegularFile();
    }

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> jompMatchesOracle() {
        return matchesOracle("-O0");
    }

    /** The corpus again at -O2: host and jvm-device code through the optimiser and the loop outlining. */
    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> optimisedJompMatchesOracle() {
        return matchesOracle("-O2");
    }

    private Stream<DynamicTest> matchesOracle(String opt) {
        return programs().stream()
                .map(p -> DynamicTest.dynamicTest(
                        Corpus.stem(p) + (opt.equals("-O0") ? "" : " " + opt),
                        p.toUri(),
                        () -> inScratch(p, w -> {
                            List<String> cmd = jomp(p, opt);
                            cmd.add(p.toString());
                            cmd.addAll(Corpus.linkedSources(p));
                            cmd.addAll(List.of("-o", w.resolve("prog").toString()));
                            build(cmd, p.getParent(), w, "jomp");
                            compare(p, w);
                        })));
    }

    /**
     * The nvptx64 half for real: every program compiled for nvptx64 (portable PTX where there is
     * no GPU; a fat binary of cubin and PTX where there is one, and for programs of several files)
     * and run on the PTX simulator (JOMP_PLUGINS=ptxsim, OMP_TARGET_OFFLOAD=MANDATORY: no region may
     * fall back to the host), judged as on the jvm device: the oracle's stdout and status, and the
     * program's KERNELS launches. The simulator's checks (bounds, alignment, barriers,
     * uninitialised registers) are on, so a kernel that would misbehave on a GPU fails here.
     * A program marked {@code // NVPTX-FALLS-BACK: <requires clause>} requires what nvptx devices
     * cannot do: it must run entirely on the host (the oracle's output, no launch) and stop under
     * MANDATORY with the requirement named.
     */
    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> nvptxOnTheSimulatorMatchesOracle() {
        return onTheSimulator("-O0");
    }

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> optimisedNvptxOnTheSimulatorMatchesOracle() {
        return onTheSimulator("-O2");
    }

    static final Map<String, String> SIMULATOR =
            Map.of("JOMP_PLUGINS", "ptxsim", "JOMP_PTXSIM", "1", "OMP_TARGET_OFFLOAD", "MANDATORY");

    private Stream<DynamicTest> onTheSimulator(String opt) {
        return programs().stream()
                .map(p -> DynamicTest.dynamicTest(
                        Corpus.stem(p) + " nvptx64" + (opt.equals("-O0") ? "" : " " + opt),
                        p.toUri(),
                        () -> inScratch(p, w -> {
                            List<String> cmd = new ArrayList<>(Corpus.jompCommand());
                            cmd.addAll(List.of("-std=gnu11", opt, "-fopenmp", "-fopenmp-targets=nvptx64"));
                            cmd.addAll(Corpus.flags(p));
                            cmd.add(p.toString());
                            cmd.addAll(Corpus.linkedSources(p));
                            cmd.addAll(List.of("-o", w.resolve("prog").toString()));
                            build(cmd, p.getParent(), w, "jomp -fopenmp-targets=nvptx64");
                            List<String> unmet = directive(p, "// NVPTX-FALLS-BACK: ");
                            if (unmet.isEmpty()) {
                                compare(p, w, null, SIMULATOR);
                            } else {
                                // a requirement nvptx devices cannot meet: the device is not used; every region
                                // runs on the host (the oracle's output, no launch), and MANDATORY stops with why
                                Map<String, String> fallback = new HashMap<>(SIMULATOR);
                                fallback.put("OMP_TARGET_OFFLOAD", "DEFAULT");
                                compare(p, w, 0, fallback);
                                Exec.Result mandatory = run(w.resolve("prog"), SIMULATOR);
                                assertThat(mandatory.status())
                                        .as("under MANDATORY, abort() as libomptarget: %s", mandatory.describe("prog"))
                                        .isEqualTo(134);
                                assertThat(mandatory.stderr())
                                        .as("under MANDATORY")
                                        .contains("omptarget error: OMP_TARGET_OFFLOAD=MANDATORY but")
                                        .contains("'requires " + unmet.get(0) + "' asks");
                            }
                        })));
    }

    /** A jvm device image for programs built without device code (its object is linked in by {@link #hostFallbackMatchesOracle}). */
    static final String JVM_IMAGE = "support/198-jvm-image.c";

    /**
     * The programs whose output does not depend on separate device memory (ORACLE: gcc), built
     * without device code (`-fopenmp` alone) and linked with an object that carries a jvm image,
     * so the jvm device exists (a program without any image has no device, as with libomptarget):
     * every region falls back to the host while the data constructs still map to the jvm device,
     * so the fallback must bring the device's copies to the host and back; the output must still
     * be gcc's, with no kernel launched. (The others show separate memory on purpose, and a
     * region run on the host may legitimately show shared memory instead.)
     */
    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> hostFallbackMatchesOracle() {
        return programs().stream()
                .filter(p -> oracle(p).equals("gcc"))
                .map(p -> DynamicTest.dynamicTest(
                        Corpus.stem(p),
                        p.toUri(),
                        () -> inScratch(p, w -> {
                            List<String> image = new ArrayList<>(Corpus.jompCommand());
                            image.addAll(List.of(
                                    "-fopenmp",
                                    "-fopenmp-targets=jvm",
                                    "-c",
                                    dir().resolve(JVM_IMAGE).toString(),
                                    "-o",
                                    w.resolve("image.o").toString()));
                            build(image, p.getParent(), w, "jomp -fopenmp-targets=jvm -c " + JVM_IMAGE);
                            List<String> cmd = new ArrayList<>(Corpus.jompCommand());
                            cmd.addAll(List.of("-std=gnu11", "-O0", "-fopenmp"));
                            cmd.addAll(Corpus.flags(p));
                            cmd.add(p.toString());
                            cmd.add(w.resolve("image.o").toString());
                            cmd.addAll(Corpus.linkedSources(p));
                            cmd.addAll(List.of("-o", w.resolve("prog").toString()));
                            build(cmd, p.getParent(), w, "jomp -fopenmp");
                            compare(p, w, 0);
                        })));
    }

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> separateSteps() {
        return SEPARATE_STEPS.stream()
                .map(s -> dir().resolve(s + ".c"))
                .map(p -> DynamicTest.dynamicTest(
                        Corpus.stem(p),
                        p.toUri(),
                        () -> inScratch(p, w -> {
                            List<String> objects = new ArrayList<>();
                            List<String> sources = new ArrayList<>(List.of(p.toString()));
                            sources.addAll(Corpus.linkedSources(p));
                            for (int i = 0; i < sources.size(); i++) {
                                String o = w.resolve("part" + i + ".o").toString();
                                List<String> cmd = jomp(p);
                                cmd.addAll(List.of("-c", sources.get(i), "-o", o));
                                build(cmd, p.getParent(), w, "jomp -c");
                                objects.add(o);
                            }
                            List<String> link = jomp(p);
                            link.addAll(objects);
                            link.addAll(List.of("-o", w.resolve("prog").toString()));
                            build(link, w, w, "jomp (link)");
                            compare(p, w);
                        })));
    }

    @Test
    void staticLibraryFromGnuAr() throws IOException {
        Path p = dir().resolve(ARCHIVED + ".c");
        assertThat(Corpus.linkedSources(p))
                .as("%s has LINK sources for the library", p.getFileName())
                .isNotEmpty();
        inScratch(p, w -> {
            List<String> members = new ArrayList<>();
            List<String> link = Corpus.linkedSources(p);
            for (int i = 0; i < link.size(); i++) {
                String o = w.resolve("member" + i + ".o").toString();
                List<String> cmd = jomp(p);
                cmd.addAll(List.of("-c", link.get(i), "-o", o));
                build(cmd, p.getParent(), w, "jomp -c");
                members.add(o);
            }
            List<String> ar = new ArrayList<>(
                    List.of("ar", "rcs", w.resolve("libcorpus.a").toString()));
            ar.addAll(members);
            build(ar, w, w, "ar");
            List<String> main = jomp(p);
            main.addAll(List.of("-c", p.toString(), "-o", w.resolve("main.o").toString()));
            build(main, p.getParent(), w, "jomp -c");
            List<String> cmd = jomp(p);
            cmd.addAll(List.of(
                    w.resolve("main.o").toString(),
                    "-L" + w,
                    "-lcorpus",
                    "-o",
                    w.resolve("prog").toString()));
            build(cmd, w, w, "jomp (link with -lcorpus)");
            compare(p, w);
        });
    }

    /**
     * The user's commands of the README on docs/examples/zaxpy.src, in separate steps (with -fopenmp,
     * which jomp, like clang, requires next to -fopenmp-targets): output as gcc -fopenmp's, one kernel.
     */
    @Test
    void zaxpyUserCommands() throws IOException {
        Path src = Corpus.root().resolve("docs/examples/zaxpy.src");
        inScratch(src, w -> {
            Files.copy(src, w.resolve("zaxpy.src"));
            List<String> c = new ArrayList<>(Corpus.jompCommand());
            c.addAll(List.of("-fopenmp", "-fopenmp-targets=jvm", "zaxpy.src", "-c"));
            build(c, w, w, "jomp -fopenmp -fopenmp-targets=jvm zaxpy.src -c");
            assertThat(w.resolve("zaxpy.o"))
                    .as("jomp -c zaxpy.src writes zaxpy.o")
                    .isRegularFile();
            List<String> l = new ArrayList<>(Corpus.jompCommand());
            l.addAll(List.of("-fopenmp", "-fopenmp-targets=jvm", "zaxpy.o", "-o", "zaxpy"));
            build(l, w, w, "jomp -fopenmp -fopenmp-targets=jvm zaxpy.o -o zaxpy");
            build(List.of("gcc", "-fopenmp", "-x", "c", "zaxpy.src", "-o", "oracle", "-lm"), w, w, "gcc");
            Exec.Result want = run(w.resolve("oracle"), Map.of()), got = run(w.resolve("zaxpy"), Map.of());
            assertThat(got.timedOut()).as(got.describe("./zaxpy")).isFalse();
            assertThat(got.stdoutText())
                    .as("./zaxpy vs gcc's build (stderr: %s)", got.stderr())
                    .isEqualTo(want.stdoutText());
            assertThat(got.status()).as("exit status of ./zaxpy").isEqualTo(want.status());
            assertThat(launches(got))
                    .as("kernel launches of ./zaxpy (stderr: %s)", got.stderr())
                    .isEqualTo(1);
        });
    }

    /** Builds the oracle's binary in {@code w}, runs it and jomp's w/prog, and compares them. */
    private static void compare(Path program, Path w) {
        compare(program, w, null);
    }

    /** Compares the jomp-built w/prog with the oracle; kernels: the launches expected (null: the program's KERNELS). */
    private static void compare(Path program, Path w, Integer expectedKernels) {
        compare(program, w, expectedKernels, Map.of());
    }

    /** The oracle's run of each program, made once per test run (every factory compares with it). */
    private static final Map<Path, Exec.Result> ORACLE_RUNS = new java.util.concurrent.ConcurrentHashMap<>();

    private static void compare(Path program, Path w, Integer expectedKernels, Map<String, String> extraEnv) {
        Map<String, String> env = new HashMap<>(programEnv(program));
        env.putAll(extraEnv);
        String oracle = oracle(program);
        if (oracle.equals("expected")) {
            compareExpected(program, w, expectedKernels, env);
            return;
        }
        boolean clang = oracle.equals("clang-offload");
        Exec.Result want;
        synchronized (Reference.lock(program)) { // tests of one program run side by side: the first runs the oracle
            want = ORACLE_RUNS.get(program);
            if (want == null) {
                want = runOracle(program, w, oracle, clang);
                ORACLE_RUNS.put(program, want);
            }
        }
        int kernels = Integer.parseInt(directive(program, "// KERNELS: ").get(0));
        if (clang) {
            assertThat(clangLaunches(want))
                    .as("corpus error: clang-offload's launches vs // KERNELS: (tests/bin/check-offload.sh)")
                    .isEqualTo(kernels);
        }

        Exec.Result got = run(w.resolve("prog"), env);
        if (got.timedOut()) fail(got.describe("the jomp-built " + Corpus.stem(program)));
        if (!Arrays.equals(got.stdout(), want.stdout())) {
            fail("stdout differs from " + oracle + "'s (exit status jomp " + got.status() + ", " + oracle + " "
                    + want.status() + ")\n" + firstDifference(oracle, want.stdoutText(), got.stdoutText())
                    + stderrNote(got));
        }
        if (got.status() != want.status()) {
            fail("exit status " + got.status() + ", " + oracle + "'s binary exits " + want.status() + stderrNote(got));
        }
        if (expectedKernels != null) kernels = expectedKernels;
        if (launches(got) != kernels) {
            fail("launched " + launches(got) + " kernels (stderr lines with '" + KERNEL_LINE
                    + "'), the program performs " + kernels + stderrNote(got));
        }
    }

    /** Builds the oracle's binary in {@code w} and runs it. */
    private static Exec.Result runOracle(Path program, Path w, String oracle, boolean clang) {
        List<String> cmd = new ArrayList<>(
                clang
                        ? List.of("clang-19", "-std=gnu11", "-O0", "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu")
                        : List.of("gcc", "-std=gnu11", "-O0", "-fopenmp"));
        cmd.addAll(Corpus.flags(program));
        if (clang) cmd.addAll(directive(program, "// CLANG-FLAGS: "));
        cmd.add(program.toString());
        cmd.addAll(Corpus.linkedSources(program));
        cmd.addAll(List.of("-o", w.resolve("oracle").toString(), "-lm"));
        Exec.require(cmd.get(0));
        build(cmd, program.getParent(), w, oracle);
        Map<String, String> oracleEnv = new HashMap<>(programEnv(program));
        if (clang) oracleEnv.put("LD_LIBRARY_PATH", LLVM_LIB);
        Exec.Result want = run(w.resolve("oracle"), oracleEnv);
        List<String> status = directive(program, "// STATUS: ");
        if (status.isEmpty())
            assertThat(want.timedOut() || want.status() >= 124)
                    .as("the %s oracle: %s", oracle, want.describe(oracle))
                    .isFalse();
        else
            assertThat(want.status())
                    .as("the %s oracle ends as // STATUS: says: %s", oracle, want.describe(oracle))
                    .isEqualTo(Integer.parseInt(status.get(0)));
        return want;
    }

    /** The hand-written output of an {@code ORACLE: expected} program (neither gcc nor clang implements what it shows). */
    static Path expectedFile(Path program) {
        return program.resolveSibling(Corpus.stem(program) + ".expected");
    }

    private static void compareExpected(Path program, Path w, Integer expectedKernels, Map<String, String> env) {
        byte[] want;
        try {
            want = Files.readAllBytes(expectedFile(program));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Exec.Result got = run(w.resolve("prog"), env);
        if (got.timedOut()) fail(got.describe("the jomp-built " + Corpus.stem(program)));
        if (!Arrays.equals(got.stdout(), want)) {
            fail("stdout differs from the expected output ("
                    + expectedFile(program).getFileName() + ")\n"
                    + firstDifference(
                            "expected", new String(want, java.nio.charset.StandardCharsets.UTF_8), got.stdoutText())
                    + stderrNote(got));
        }
        if (got.status() != 0) fail("exit status " + got.status() + ", expected 0" + stderrNote(got));
        int kernels = expectedKernels != null
                ? expectedKernels
                : Integer.parseInt(directive(program, "// KERNELS: ").get(0));
        if (launches(got) != kernels) {
            fail("launched " + launches(got) + " kernels (stderr lines with '" + KERNEL_LINE
                    + "'), the program performs " + kernels + stderrNote(got));
        }
    }

    /** jomp's launch reports: stderr lines containing "info: Launching kernel", one line per launch. */
    static long launches(Exec.Result r) {
        return r.stderr().lines().filter(l -> l.contains(KERNEL_LINE)).count();
    }

    /**
     * clang's launch reports, counted as occurrences of "Launching kernel": libomptarget writes its
     * "... info: " prefix and the message separately, so reports of launches from several host threads
     * can be torn apart and interleaved (067).
     */
    static long clangLaunches(Exec.Result r) {
        String err = r.stderr(), what = "Launching kernel";
        long n = 0;
        for (int i = err.indexOf(what); i >= 0; i = err.indexOf(what, i + what.length())) n++;
        return n;
    }

    /** jomp's command up to the inputs: the compile flags every offload program gets, and its FLAGS. */
    private static List<String> jomp(Path program) {
        return jomp(program, "-O0");
    }

    private static List<String> jomp(Path program, String opt) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-std=gnu11", opt, "-fopenmp", "-fopenmp-targets=jvm"));
        cmd.addAll(Corpus.flags(program));
        return cmd;
    }

    private static void build(List<String> cmd, Path cwd, Path w, String who) {
        Exec.Result r = Exec.run(cmd, cwd, Map.of(), w.resolve("tmp"));
        if (r.timedOut() || r.status() != 0) fail(r.describe(who) + "\ncommand: " + String.join(" ", cmd));
    }

    private static Exec.Result run(Path exe, Map<String, String> extra) {
        Map<String, String> env = new HashMap<>(Map.of("OMP_NUM_THREADS", "4", "LIBOMPTARGET_INFO", "16"));
        env.putAll(extra);
        return Exec.run(
                List.of(exe.toString()), exe.getParent(), env, exe.getParent().resolve("tmp"));
    }

    /** The environment a program's "// ENV: NAME=value ..." line adds to its runs (OMP_CANCELLATION=true, ...). */
    static Map<String, String> programEnv(Path program) {
        Map<String, String> env = new HashMap<>();
        for (String kv : directive(program, "// ENV: ")) {
            int eq = kv.indexOf('=');
            if (eq > 0) env.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return env;
    }

    static String oracle(Path program) {
        List<String> o = directive(program, "// ORACLE: ");
        return o.isEmpty() ? "gcc" : o.get(0);
    }

    private static List<String> directive(Path program, String prefix) {
        for (String l : Corpus.read(program).lines().toList()) {
            if (l.startsWith(prefix))
                return List.of(l.substring(prefix.length()).strip().split("\\s+"));
        }
        return List.of();
    }

    private interface Body {
        void in(Path scratch) throws IOException;
    }

    /** Runs {@code body} in a fresh temporary folder, removed afterwards: nothing is reused between runs. */
    private static void inScratch(Path program, Body body) throws IOException {
        Path base = Corpus.root().resolve("tests/target");
        Files.createDirectories(base);
        Path w = Files.createTempDirectory(base, "offload-" + Corpus.stem(program) + "-");
        try {
            body.in(w);
        } finally {
            try (Stream<Path> s = Files.walk(w)) {
                for (Path f : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
            }
        }
    }

    private static String firstDifference(String oracle, String want, String got) {
        List<String> w = want.lines().toList(), g = got.lines().toList();
        for (int i = 0; i < Math.max(w.size(), g.size()); i++) {
            String a = i < w.size() ? w.get(i) : "<end of output>", b = i < g.size() ? g.get(i) : "<end of output>";
            if (!a.equals(b)) return "line " + (i + 1) + ":\n  " + oracle + ":  " + a + "\n  jomp: " + b;
        }
        return "the outputs differ only in line endings or a final newline";
    }

    private static String stderrNote(Exec.Result r) {
        String s = r.stderr()
                .lines()
                .filter(l -> !l.contains("info:"))
                .reduce("", (a, b) -> a + b + "\n")
                .strip();
        if (s.isEmpty()) return "";
        return "\nstderr (info lines left out): " + (s.length() > 2000 ? s.substring(0, 2000) + "\n[...]" : s);
    }
}
