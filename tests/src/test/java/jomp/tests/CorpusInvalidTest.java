package jomp.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * jomp's diagnostics on tests/c/invalid: {@code bin/jomp -fsyntax-only -std=gnu11 [-Werror] FILE}
 * (with -fopenmp when the program mentions OpenMP; run in the program's folder, so FILE is a bare name) must print every CHECK line of the program
 * as {@code FILE:line:col: severity: message}, in order (other lines, such as notes, source lines
 * and carets, may come between), and exit with status 1; {@code -c -o FILE.o} must fail the same
 * way and leave no FILE.o behind. A "// FLAGS: ..." line adds flags (after -Werror); with
 * "// CHECK-ALL" the CHECK lines must be all the errors and warnings jomp prints for the file.
 * tests/xfail.txt works as in {@link CorpusRunTest}.
 */
class CorpusInvalidTest {
    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> jompPrintsClangsDiagnostics() {
        Set<String> xfail = Corpus.xfail();
        return Corpus.invalidPrograms().stream()
                .map(p -> DynamicTest.dynamicTest(
                        Corpus.stem(p), p.toUri(), () -> check(p, xfail.contains(Corpus.key(p)))));
    }

    private static void check(Path program, boolean expectFailure) {
        String problem = compare(program);
        if (expectFailure && problem == null) {
            fail("XPASS: " + Corpus.key(program)
                    + " now gives the expected diagnostics; remove it from tests/xfail.txt");
        }
        if (!expectFailure && problem != null) fail(problem);
    }

    private static String compare(Path program) {
        String file = program.getFileName().toString();
        List<Corpus.Check> checks = Corpus.checks(program);
        if (checks.isEmpty()) return file + " has no CHECK lines";
        Path scratch = Corpus.work("invalid");

        Exec.Result r =
                Exec.run(command(program, "-fsyntax-only"), program.getParent(), Map.of(), scratch.resolve("tmp"));
        if (r.timedOut()) return r.describe("jomp");
        List<String> lines = r.stderr().lines().toList();
        int at = 0;
        for (Corpus.Check c : checks) {
            String want = c.render(file);
            int found = -1;
            for (int i = at; i < lines.size(); i++) {
                if (lines.get(i).equals(want)) {
                    found = i;
                    break;
                }
            }
            if (found < 0) {
                return "jomp (exit status " + r.status() + ") did not print, in order:\n  " + want
                        + "\nits stderr was:\n" + clip(r.stderr());
            }
            at = found + 1;
        }
        if (r.status() != 1) return "jomp printed the diagnostics but exited " + r.status() + ", not 1";
        if (Corpus.wantsAllChecks(program)) {
            // nothing more: every error and warning of this file is a CHECK line (no spurious warning)
            String prefix = file + ":";
            List<String> wanted = checks.stream().map(c -> c.render(file)).toList();
            List<String> printed = lines.stream()
                    .filter(l -> l.startsWith(prefix)
                            && (l.contains(": error: ") || l.contains(": warning: ") || l.contains(": fatal error: ")))
                    .toList();
            if (!printed.equals(wanted))
                return "jomp printed other errors or warnings than the CHECK lines (CHECK-ALL):\n"
                        + String.join("\n", printed);
        }

        Path object = scratch.resolve(Corpus.stem(program) + ".o");
        try {
            Files.deleteIfExists(object);
        } catch (IOException e) {
            return "cannot delete " + object + ": " + e.getMessage();
        }
        Exec.Result c = Exec.run(
                command(program, "-c", "-o", object.toString()), program.getParent(), Map.of(), scratch.resolve("tmp"));
        if (c.timedOut()) return c.describe("jomp -c");
        if (c.status() != 1)
            return "jomp -c exited " + c.status() + ", not 1" + (c.stderr().isBlank() ? "" : ": " + clip(c.stderr()));
        if (Files.exists(object)) return "jomp -c failed but left " + object + " behind";
        return null;
    }

    private static List<String> command(Path program, String... mode) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(mode));
        cmd.add("-std=gnu11");
        if (Corpus.wantsWerror(program)) cmd.add("-Werror");
        cmd.addAll(Corpus.flags(program));
        if (Corpus.usesOpenMP(program)) cmd.add("-fopenmp");
        cmd.add(program.getFileName().toString());
        return cmd;
    }

    private static String clip(String s) {
        s = s.strip();
        return s.isEmpty() ? "(empty)" : s.length() > 3000 ? s.substring(0, 3000) + "\n[...]" : s;
    }
}
