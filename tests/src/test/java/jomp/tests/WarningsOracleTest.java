package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The warnings of jomp's warnings pass (jomp.compiler.sema.Warnings) on every program of the run
 * and offload corpora, with -Wall -Wextra -Wshadow -Wimplicit-fallthrough -Wmissing-prototypes:
 * exactly the ones clang-19 gives for those groups, in the same order, no more (a spurious
 * warning on real code fails here) and no fewer. Shadowing a typedef (clang's "declaration
 * shadows a typedef") is the one kind jomp does not report.
 */
class WarningsOracleTest {
    private static final List<String> FLAGS = List.of(
            "-fsyntax-only",
            "-std=gnu11",
            "-Wall",
            "-Wextra",
            "-Wshadow",
            "-Wimplicit-fallthrough",
            "-Wmissing-prototypes");
    private static final Pattern OURS =
            Pattern.compile(".*: warning: .*\\[-W(unused-variable|unused-but-set-variable|unused-but-set-parameter"
                    + "|unused-parameter|unused-label|unused-function|unused-const-variable|shadow|parentheses|sign-compare|missing-prototypes"
                    + "|uninitialized|implicit-fallthrough)\\]$");

    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> sameWarningsAsClang() {
        List<Path> programs = new ArrayList<>(Corpus.runPrograms());
        programs.addAll(Corpus.list(Corpus.root().resolve("tests/c/offload")));
        return programs.stream()
                .map(p -> DynamicTest.dynamicTest(
                        p.getParent().getFileName() + "/" + Corpus.stem(p), p.toUri(), () -> check(p)));
    }

    private static List<String> warnings(List<String> cmd, Path program) {
        List<String> c = new ArrayList<>(cmd);
        c.addAll(FLAGS);
        c.addAll(Corpus.flags(program));
        if (Corpus.usesOpenMP(program)
                || program.getParent().getFileName().toString().equals("offload")) c.add("-fopenmp");
        c.add(program.getFileName().toString());
        Exec.Result r = Exec.run(
                c, program.getParent(), Map.of(), Corpus.work("warnings").resolve("tmp"));
        assertThat(r.timedOut()).as(r.describe(cmd.get(0))).isFalse();
        return r.stderr()
                .lines()
                .filter(l -> OURS.matcher(l).matches())
                .filter(l -> !l.contains("shadows a typedef"))
                .toList();
    }

    private static void check(Path program) {
        Exec.require("clang-19");
        List<String> clang = warnings(List.of("clang-19"), program);
        List<String> jomp = warnings(Corpus.jompCommand(), program);
        assertThat(jomp)
                .as("jomp's warnings for %s, against clang-19's", program.getFileName())
                .isEqualTo(clang);
    }
}
