package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Checks the corpus itself against outside compilers, so that CI notices a bad test before it
 * blames jomp: every runnable program compiles with {@code -Wall -Werror} under gcc and clang-19
 * and both binaries print the same bytes and exit the same way; every invalid program still gets
 * exactly its CHECK lines from clang-19; and no runnable program has undefined behaviour that
 * gcc's AddressSanitizer or UndefinedBehaviorSanitizer can see (where it has, jomp could differ
 * and be right). A program whose oracle is clang-19 ({@code // ORACLE: clang-19}, C that gcc 12 lacks)
 * must still be one gcc rejects, and its clang-19 builds at -O0 and -O2 must agree instead; clang-19's
 * sanitizers check it. A sanitized build must also exit as the program's own build does (not by a
 * signal: a crash the sanitizers do not report fails too). Skipped where gcc or clang-19 (or the
 * sanitizer runtime) is not installed.
 */
class CorpusOracleTest {
    private static final List<String> STRICT = List.of("-Wall", "-Werror");

    @Test
    void corpusIsLargeEnough() {
        assertThat(Corpus.runPrograms()).hasSizeGreaterThanOrEqualTo(90);
        assertThat(Corpus.invalidPrograms()).hasSizeGreaterThanOrEqualTo(30);
    }

    @Test
    void xfailNamesExistingPrograms() {
        for (String k : Corpus.xfail()) {
            assertThat(Corpus.root().resolve("tests/c").resolve(k))
                    .as("tests/xfail.txt entry %s", k)
                    .isRegularFile();
        }
    }

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> gccAndClangAgree() {
        return Corpus.runPrograms().stream()
                .map(p -> DynamicTest.dynamicTest(Corpus.stem(p), p.toUri(), () -> agree(p)));
    }

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> noUndefinedBehaviour() {
        return Corpus.runPrograms().stream()
                .map(p -> DynamicTest.dynamicTest(Corpus.stem(p), p.toUri(), () -> sanitized(p)));
    }

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> clangPrintsTheCheckLines() {
        return Corpus.invalidPrograms().stream()
                .map(p -> DynamicTest.dynamicTest(Corpus.stem(p), p.toUri(), () -> clangChecks(p)));
    }

    private static void agree(Path program) {
        Exec.require("gcc");
        Exec.require("clang-19");
        if (Corpus.oracle(program).equals("clang-19")) {
            clangOptimisationLevelsAgree(program);
            return;
        }
        String stem = Corpus.stem(program);
        Path gcc = Corpus.work("oracle-gcc").resolve(stem),
                clang = Corpus.work("oracle-clang").resolve(stem);
        Exec.Result g = Reference.compile("gcc", program, STRICT, gcc);
        assertThat(g.status()).as(g.describe("gcc")).isZero();
        String cannot = Corpus.clangCannot(program);
        Exec.Result c = Reference.compile("clang-19", program, STRICT, clang);
        if (cannot != null) { // clang must still reject it, or the line is stale
            assertThat(c.status())
                    .as(
                            "%s says clang-19 cannot compile it (%s), but it can: remove the CLANG-CANNOT line",
                            stem, cannot)
                    .isNotZero();
            assertThat(Reference.runProgram(gcc).status())
                    .as("gcc-built %s", stem)
                    .isBetween(0, 123);
            return;
        }
        assertThat(c.status()).as(c.describe("clang-19")).isZero();
        Exec.Result rg = Reference.runProgram(gcc), rc = Reference.runProgram(clang);
        assertThat(rg.timedOut()).as(rg.describe("gcc-built " + stem)).isFalse();
        assertThat(rg.status())
                .as("gcc-built %s crashed: %s", stem, rg.stderr())
                .isBetween(0, 123);
        assertThat(rg.stdout()).as("%s prints nothing", stem).isNotEmpty();
        String wrong = Corpus.clangWrong(program);
        if (wrong != null) { // clang's output must still differ, or the line is stale
            assertThat(rc.stdoutText())
                    .as(
                            "%s says clang-19 prints something else (%s), but it agrees with gcc: remove the CLANG-WRONG line",
                            stem, wrong)
                    .isNotEqualTo(rg.stdoutText());
            return;
        }
        assertThat(rc.stdoutText())
                .as("stdout of the clang-built %s vs the gcc-built one", stem)
                .isEqualTo(rg.stdoutText());
        assertThat(rc.stdout()).as("stdout bytes of %s", stem).isEqualTo(rg.stdout());
        assertThat(rc.status())
                .as("exit status of the clang-built %s vs the gcc-built one", stem)
                .isEqualTo(rg.status());
        Exec.Result again = Reference.runProgram(gcc);
        assertThat(again.stdout())
                .as("%s is not deterministic: a second run printed something else", stem)
                .isEqualTo(rg.stdout());
    }

    /**
     * A program whose oracle is clang-19: gcc must still reject it (or the ORACLE line is stale), and
     * clang-19's -O0 and -O2 builds, warning-free, must print the same bytes and exit the same way.
     */
    private static void clangOptimisationLevelsAgree(Path program) {
        String stem = Corpus.stem(program);
        Exec.Result g = Reference.compile(
                "gcc", program, STRICT, Corpus.work("oracle-gcc").resolve(stem));
        assertThat(g.status())
                .as("%s names clang-19 as its oracle, but gcc compiles it: remove the ORACLE line", stem)
                .isNotZero();
        Path o0 = Corpus.work("oracle-clang").resolve(stem),
                o2 = Corpus.work("oracle-clang-O2").resolve(stem);
        Exec.Result c0 = Reference.compile("clang-19", program, STRICT, o0);
        assertThat(c0.status()).as(c0.describe("clang-19")).isZero();
        List<String> optimised = new ArrayList<>(STRICT);
        optimised.add("-O2");
        Exec.Result c2 = Reference.compile("clang-19", program, optimised, o2);
        assertThat(c2.status()).as(c2.describe("clang-19 -O2")).isZero();
        Exec.Result r0 = Reference.runProgram(o0), r2 = Reference.runProgram(o2);
        assertThat(r0.timedOut()).as(r0.describe("clang-built " + stem)).isFalse();
        assertThat(r0.status())
                .as("clang-built %s crashed: %s", stem, r0.stderr())
                .isBetween(0, 123);
        assertThat(r0.stdout()).as("%s prints nothing", stem).isNotEmpty();
        assertThat(r2.stdoutText())
                .as("stdout of %s built by clang-19 -O2 vs -O0", stem)
                .isEqualTo(r0.stdoutText());
        assertThat(r2.stdout()).as("stdout bytes of %s", stem).isEqualTo(r0.stdout());
        assertThat(r2.status())
                .as("exit status of %s built by clang-19 -O2 vs -O0", stem)
                .isEqualTo(r0.status());
        assertThat(Reference.runProgram(o0).stdout())
                .as("%s is not deterministic: a second run printed something else", stem)
                .isEqualTo(r0.stdout());
    }

    private static void sanitized(Path program) {
        String oracle = Corpus.oracle(program);
        Exec.require(oracle);
        String stem = Corpus.stem(program);
        Path exe = Corpus.work("oracle-sanitize").resolve(stem);
        Exec.Result b = Reference.compile(
                oracle, program, List.of("-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"), exe);
        assertTrue(
                b.status() == 0 || !b.stderr().contains("cannot find"),
                oracle
                        + "'s sanitizer runtime is not installed (gcc: libasan, libubsan; clang-19: libclang-rt-19-dev)");
        assertThat(b.status()).as(b.describe(oracle + " -fsanitize")).isZero();
        List<String> cmd = new ArrayList<>(List.of(exe.toString()));
        cmd.addAll(Corpus.ARGS);
        Map<String, String> env = new java.util.HashMap<>(Corpus.ENV);
        env.put("ASAN_OPTIONS", "detect_leaks=0");
        Exec.Result r = Exec.run(cmd, exe.getParent(), env, exe.getParent().resolve("tmp"));
        assertThat(r.timedOut()).as(r.describe("sanitized " + stem)).isFalse();
        assertThat(r.stderr())
                .as("%s has undefined behaviour", stem)
                .doesNotContain("runtime error")
                .doesNotContain("AddressSanitizer");
        // a report is not the only failure: a sanitized build that a signal ends, or that exits
        // otherwise than the program's own build, ran into something (a crash the sanitizers do not
        // report, a check that ends it quietly) that the unsanitized build hides
        assertThat(r.status())
                .as("the sanitized %s %s: %s", stem, ended(r.status()), clip(r.stderr()))
                .isLessThan(128);
        Exec.Result want = reference(program, oracle, stem);
        assertThat(r.status())
                .as(
                        "the sanitized %s exited %d, its %s build exits %d: %s",
                        stem, r.status(), oracle, want.status(), clip(r.stderr()))
                .isEqualTo(want.status());
    }

    /** The program's own build by its oracle, as CorpusRunTest builds and runs it (the same binary). */
    private static Exec.Result reference(Path program, String oracle, String stem) {
        Path exe = Corpus.work(oracle).resolve(stem);
        synchronized (Reference.lock(exe)) {
            Exec.Result b = Reference.compile(oracle, program, List.of(), exe);
            assertThat(b.status()).as(b.describe(oracle)).isZero();
            return Reference.runProgram(exe);
        }
    }

    /** How a process with this status ended: Java reports a signal as 128 plus its number. */
    private static String ended(int status) {
        if (status < 0) return "did not finish";
        if (status < 128) return "exited " + status;
        int sig = status - 128;
        String name = switch (sig) {
            case 4 -> " (SIGILL)";
            case 6 -> " (SIGABRT)";
            case 7 -> " (SIGBUS)";
            case 8 -> " (SIGFPE)";
            case 9 -> " (SIGKILL)";
            case 11 -> " (SIGSEGV)";
            default -> "";
        };
        return "was ended by signal " + sig + name;
    }

    private static String clip(String s) {
        String t = s.strip();
        return t.isEmpty() ? "(no stderr)" : t.length() > 2000 ? t.substring(0, 2000) + "\n[...]" : t;
    }

    private static void clangChecks(Path program) {
        Exec.require("clang-19");
        List<Corpus.Check> checks = Corpus.checks(program);
        assertThat(checks).as("%s has no CHECK lines", program.getFileName()).isNotEmpty();
        String file = program.getFileName().toString();
        List<String> cmd = new ArrayList<>(List.of("clang-19", "-fsyntax-only", "-std=gnu11"));
        if (Corpus.wantsWerror(program)) cmd.add("-Werror");
        cmd.addAll(Corpus.flags(program));
        if (Corpus.usesOpenMP(program)) cmd.add("-fopenmp");
        cmd.add(file);
        Exec.Result r = Exec.run(
                cmd, program.getParent(), Map.of(), Corpus.work("oracle-clang").resolve("tmp"));
        List<String> got = r.stderr()
                .lines()
                .filter(l -> l.startsWith(file + ":"))
                .filter(l -> l.matches(".*?:\\d+:\\d+: (error|warning|fatal error): .*"))
                .toList();
        List<String> want = checks.stream().map(c -> c.render(file)).toList();
        String cannot = Corpus.clangCannot(program);
        if (cannot != null) { // clang 19 lacks the feature: the CHECK lines are jomp's, and clang must not print them
            assertThat(got)
                    .as(
                            "%s says clang-19 cannot check it (%s), but clang prints its CHECK lines: remove the CLANG-CANNOT line",
                            file, cannot)
                    .isNotEqualTo(want);
            return;
        }
        assertThat(got)
                .as("clang-19's errors and warnings for %s (update with tests/bin/check-invalid.sh --update)", file)
                .containsExactlyElementsOf(want);
        assertThat(r.status()).as(r.describe("clang-19")).isEqualTo(1);
    }
}
