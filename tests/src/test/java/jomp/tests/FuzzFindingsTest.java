package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * What random testing found in the front end (tests/README.md "Random testing"), each as a
 * small input compiled by clang-19 and jomp with {@code -fsyntax-only}: the same exit status and the
 * same errors and warnings (file:line:col: severity: message, in order), within Exec's time limit.
 * Miscompiles found the same way are run programs (tests/c/run/160-179).
 */
class FuzzFindingsTest {
    record Finding(String name, String source, List<String> flags) {}

    static List<Finding> findings() {
        return List.of(
                // each level of a parenthesized declarator was parsed twice: 2^depth
                new Finding(
                        "nested-declarator-parens",
                        "int " + "(".repeat(40) + "x" + ")".repeat(40) + ";\n" + "int " + "(*".repeat(40) + "fp"
                                + ")".repeat(40) + "(void);\n",
                        List.of()),
                new Finding(
                        "nested-abstract-declarator",
                        "unsigned long n = sizeof(int " + "(*".repeat(40) + ")".repeat(40) + "[3]);\n",
                        List.of()),
                // sizeof asked its element's size twice a dimension: 2^dimensions
                new Finding(
                        "array-of-80-dimensions",
                        "int a" + "[1]".repeat(80) + ";\nunsigned long n = sizeof a;\n",
                        List.of()),
                // clang's -fbracket-depth (256): deeper nesting exhausted the parser's stack
                new Finding(
                        "bracket-depth-parens",
                        "int f(int x) { return " + "(".repeat(300) + "x" + ")".repeat(300) + "; }\n",
                        List.of()),
                new Finding(
                        "bracket-depth-braces",
                        "void f(void) {\n" + "{".repeat(300) + "}".repeat(300) + "\n}\n",
                        List.of()),
                new Finding(
                        "bracket-depth-squares",
                        "int a[1];\nint f(void) { return " + "a[".repeat(300) + "0" + "]".repeat(300) + "; }\n",
                        List.of()),
                new Finding("bracket-depth-unclosed", "int f(int x) { return " + "(".repeat(5000) + "x;\n", List.of()),
                new Finding(
                        "bracket-depth-option",
                        "int f(int x) { return " + "(".repeat(300) + "x" + ")".repeat(300) + "; }\n",
                        List.of("-fbracket-depth=400")),
                // a diagnostic on a line past 4096 characters shows no source (clang's limit); jomp printed the
                // line, 200 MB of stderr for a 40 MB generated line
                new Finding("long-source-line", "int x = " + "1+".repeat(2100) + ";\n", List.of()),
                // a chain of combinable leaves that names no construct: jomp crashed looking up its clauses
                new Finding("omp-incomplete-combined-directive", """
                        void f(void) {
                          int s = 0;
                        #pragma omp target teams distribute parallel reduction(+ : s)
                          for (int i = 0; i < 4; i++) s++;
                        #pragma omp distribute parallel
                          for (int i = 0; i < 4; i++) s++;
                        #pragma omp parallel master taskloop foo
                          for (int i = 0; i < 4; i++) s++;
                        }
                        """, List.of("-fopenmp")));
    }

    @TestFactory
    Stream<DynamicTest> jompEndsAsClangEnds() {
        Exec.require("clang-19");
        return findings().stream().map(f -> DynamicTest.dynamicTest(f.name(), () -> check(f)));
    }

    private static void check(Finding f) {
        Path dir = Corpus.work("fuzz-findings");
        String file = f.name() + ".c";
        try {
            Files.writeString(dir.resolve(file), f.source());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> clang = new ArrayList<>(List.of("clang-19", "-fsyntax-only"));
        clang.addAll(f.flags());
        clang.add(file);
        List<String> jomp = new ArrayList<>(Corpus.jompCommand());
        jomp.add("-fsyntax-only");
        jomp.addAll(f.flags());
        jomp.add(file);
        Exec.Result want = Exec.run(clang, dir, Map.of(), dir.resolve("tmp"));
        Exec.Result got = Exec.run(jomp, dir, Map.of(), dir.resolve("tmp"));
        assertThat(got.timedOut()).as(got.describe("jomp")).isFalse();
        assertThat(MutationFuzzTest.problem(got)).as("jomp ended badly").isNull();
        assertThat(diagnostics(got.stderr(), file))
                .as("jomp's diagnostics (stderr:\n%s)", got.stderr())
                .isEqualTo(diagnostics(want.stderr(), file));
        assertThat(got.status()).as("exit status").isEqualTo(want.status());
        assertThat(got.stderr().lines().count())
                .as("stderr's lines (source lines and carets included)")
                .isEqualTo(want.stderr().lines().count());
    }

    /** The "file:line:col: severity: message" lines (notes left out), long lines cut (they echo the source). */
    private static List<String> diagnostics(String stderr, String file) {
        return stderr.lines()
                .filter(l -> l.startsWith(file + ":") && !l.contains(": note: "))
                .map(l -> l.length() > 200 ? l.substring(0, 200) : l)
                .toList();
    }
}
