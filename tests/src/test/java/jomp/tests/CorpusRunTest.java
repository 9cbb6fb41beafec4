package jomp.tests;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Differential test of jomp against gcc: each program in tests/c/run is compiled by
 * {@code gcc -std=gnu11 -O0} (or by the compiler its {@code // ORACLE:} line names, {@link Corpus#oracle})
 * and by {@code bin/jomp -std=gnu11 -O0} (both with -fopenmp when the
 * program uses OpenMP), both binaries run with argv "one two three" and JOMP_TEST_ENV=hello, and
 * their stdout bytes and exit status must be identical. Programs listed in tests/xfail.txt must
 * still differ (or fail to build); one that starts passing fails the run until it leaves the list.
 * The whole corpus runs a second time built with {@code jomp -O2}, against the same gcc (oracle) -O0
 * binary, so that every optimisation (and the JVM backend's loop outlining) meets every program.
 * Programs run side by side (junit-platform.properties), the two builds of one program sharing the oracle's.
 */
class CorpusRunTest {
    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> jompMatchesGcc() {
        Set<String> xfail = Corpus.xfail();
        return Corpus.runPrograms().stream()
                .map(p -> DynamicTest.dynamicTest(
                        Corpus.stem(p), p.toUri(), () -> check(p, "-O0", xfail.contains(Corpus.key(p)))));
    }

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> optimisedJompMatchesGcc() {
        Set<String> xfail = Corpus.xfail();
        return Corpus.runPrograms().stream()
                .map(p -> DynamicTest.dynamicTest(
                        Corpus.stem(p) + " -O2", p.toUri(), () -> check(p, "-O2", xfail.contains(Corpus.key(p)))));
    }

    private static void check(Path program, String opt, boolean expectFailure) {
        String problem = compare(program, opt);
        if (expectFailure && problem == null) {
            fail("XPASS: " + Corpus.key(program) + " now matches " + Corpus.oracle(program)
                    + "; remove it from tests/xfail.txt");
        }
        if (!expectFailure && problem != null) fail(problem);
    }

    /** Returns null when jomp's binary behaves exactly like the oracle's (gcc's), else what went wrong. */
    private static String compare(Path program, String opt) {
        String oracle = Corpus.oracle(program);
        Exec.require(oracle);
        String stem = Corpus.stem(program);
        Path refExe = Corpus.work(oracle).resolve(stem);
        Exec.Result want;
        synchronized (Reference.lock(refExe)) { // the -O0 and -O2 tests of the program build and run the same binary
            Exec.Result g = Reference.compile(oracle, program, List.of(), refExe);
            assumeTrue(
                    g.status() == 0, () -> "the reference build failed, see CorpusOracleTest: " + g.describe(oracle));
            want = Reference.runProgram(refExe);
        }

        Path jompExe = Corpus.work("jomp" + opt).resolve(stem);
        try {
            Files.deleteIfExists(jompExe);
        } catch (java.io.IOException e) {
            return "cannot delete " + jompExe + ": " + e.getMessage();
        }
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-std=gnu11", opt));
        if (Corpus.usesOpenMP(program)) cmd.add("-fopenmp");
        cmd.addAll(Corpus.flags(program));
        cmd.add(program.toString());
        cmd.addAll(Corpus.linkedSources(program));
        cmd.addAll(List.of("-o", jompExe.toString()));
        Exec.Result j =
                Exec.run(cmd, program.getParent(), Map.of(), jompExe.getParent().resolve("tmp"));
        if (j.timedOut() || j.status() != 0) return j.describe("jomp");
        if (!Files.isExecutable(jompExe)) return "jomp exited 0 but wrote no executable " + jompExe;

        Exec.Result got = Reference.runProgram(jompExe);
        if (got.timedOut()) return got.describe("the jomp-built " + stem);
        if (!Arrays.equals(got.stdout(), want.stdout())) {
            return "stdout differs from " + oracle + "'s (exit status jomp " + got.status() + ", " + oracle + " "
                    + want.status() + ")\n"
                    + firstDifference(oracle, want.stdoutText(), got.stdoutText())
                    + (got.stderr().isBlank() ? "" : "\njomp-built program's stderr: " + clip(got.stderr()));
        }
        if (got.status() != want.status()) {
            return "exit status " + got.status() + ", " + oracle + "'s binary exits " + want.status()
                    + (got.stderr().isBlank() ? "" : "\nstderr: " + clip(got.stderr()));
        }
        return null;
    }

    /** The first differing line, numbered, so that a failure reads like a one-line diff. */
    private static String firstDifference(String oracle, String want, String got) {
        List<String> w = want.lines().toList(), g = got.lines().toList();
        for (int i = 0; i < Math.max(w.size(), g.size()); i++) {
            String a = i < w.size() ? w.get(i) : "<end of output>", b = i < g.size() ? g.get(i) : "<end of output>";
            if (!a.equals(b)) return "line " + (i + 1) + ":\n  " + oracle + ":  " + a + "\n  jomp: " + b;
        }
        return "the outputs differ only in line endings or a final newline";
    }

    private static String clip(String s) {
        s = s.strip();
        return s.length() > 2000 ? s.substring(0, 2000) + "\n[...]" : s;
    }
}
