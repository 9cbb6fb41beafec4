package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Source mutation through {@code bin/jomp -c}: corpus programs (tests/c/run, invalid, offload)
 * mutated by {@link SourceMutator}, each compiled with one of a few flag sets. Every input must end as
 * clang ends: success, or exit status 1 with an {@code error:} diagnostic; never a Java stack trace, an
 * internal error, another status (a signal, a JVM crash) or a hang (30 s). A finding is kept, with its
 * command and stderr, in tests/target/corpus/mutation/findings/; (seed, index) reproduces it.
 */
class MutationFuzzTest {
    /** Flag sets a mutant is compiled with (index chosen by the mutant's Random). */
    private static final List<List<String>> FLAGS = List.of(
            List.of(),
            List.of("-Wall"),
            List.of("-O2"),
            List.of("-fopenmp"),
            List.of("-Wall", "-Wextra", "-O2", "-fopenmp"),
            List.of("-std=gnu89"),
            List.of("-g", "-O1"));
    /** What a Java exception, an internal error or a JVM crash prints (source lines echoed in diagnostics excepted). */
    private static final Pattern INTERNAL = Pattern.compile(
            "Exception|java\\.lang\\.|\\bat jomp\\.|StackOverflowError|OutOfMemoryError|internal error|fatal error has been detected|hs_err_pid|failed: ");
    /** A diagnostic line: file:line:col: error: ..., or jomp: error: ... (clang: error: ...). */
    private static final Pattern ERROR = Pattern.compile("(^|: )(fatal )?error: ");

    /** A diagnostic about a place in the source: file:line:col: error|warning|note: ... */
    private static final Pattern DIAGNOSTIC = Pattern.compile("^\\S.*:\\d+:\\d+: (fatal error|error|warning|note): ");

    private static final Pattern SOURCE_ECHO = Pattern.compile("^\\s*\\d*\\s*\\|.*");

    /** The CI slice: a fixed seed, a fixed number of mutants (about a minute on two cores). */
    @Test
    void mutantsEndInDiagnosticsOrSuccess() throws Exception {
        List<String> findings = run(20261206L, 240);
        assertThat(findings)
                .as("mutants that crashed, hung or printed a stack trace")
                .isEmpty();
    }

    /** The long run (tests/fuzz/mutate.sh); -Djomp.fuzz.count and -Djomp.fuzz.seed change it. Excluded by default (tag fuzz-long). */
    @Test
    @Tag("fuzz-long")
    void manyMutants() throws Exception {
        int count = Integer.getInteger("jomp.fuzz.count", 5_000);
        long seed = Long.getLong("jomp.fuzz.seed", 1L);
        long start = System.nanoTime();
        List<String> findings = run(seed, count);
        System.out.printf(
                "mutation fuzz-long: %d mutants, seed %d, %d findings, %.0f s%n",
                count, seed, findings.size(), (System.nanoTime() - start) / 1e9);
        assertThat(findings)
                .as("mutants that crashed, hung or printed a stack trace")
                .isEmpty();
    }

    private static List<String> run(long seed, int count) throws Exception {
        List<Path> sources = new ArrayList<>();
        for (String dir : List.of("run", "invalid", "offload"))
            sources.addAll(Corpus.list(Corpus.root().resolve("tests/c").resolve(dir)));
        Path work = Corpus.work("mutation");
        Path findingsDir = work.resolve("findings");
        Files.createDirectories(findingsDir);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int index = i;
                results.add(pool.submit(() -> one(seed, index, sources, work, findingsDir)));
            }
            List<String> findings = new ArrayList<>();
            for (Future<String> f : results) if (f.get() != null) findings.add(f.get());
            return findings;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Mutant number index of the run with this seed: null when jomp ended it properly, else what went wrong. */
    private static String one(long seed, int index, List<Path> sources, Path work, Path findingsDir) {
        Random r = new Random(seed * 1_000_003L + index);
        Path program = sources.get(r.nextInt(sources.size()));
        List<String> what = new ArrayList<>();
        String mutant = new SourceMutator(r).mutate(Corpus.read(program), what);
        List<String> flags = FLAGS.get(r.nextInt(FLAGS.size()));
        String name = "m" + seed + "-" + index;
        Path src = work.resolve(name + ".c"), obj = work.resolve(name + ".o");
        try {
            Files.writeString(src, mutant, StandardCharsets.ISO_8859_1);
            List<String> cmd = new ArrayList<>(Corpus.jompCommand());
            cmd.addAll(flags);
            // the program's own folder for its local includes ("include/corpus.h")
            cmd.addAll(List.of("-I" + program.getParent(), "-c", src.toString(), "-o", obj.toString()));
            Exec.Result res = Exec.run(cmd, work, Map.of(), work.resolve("tmp"));
            String problem = problem(res);
            if (problem == null) {
                Files.deleteIfExists(src);
                Files.deleteIfExists(obj);
                return null;
            }
            String report = name + " (" + Corpus.key(program) + ": " + String.join(", ", what) + "; flags " + flags
                    + "): " + problem;
            Files.move(src, findingsDir.resolve(name + ".c"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(
                    findingsDir.resolve(name + ".txt"), report + "\n" + String.join(" ", cmd) + "\n\n" + res.stderr());
            return report;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Null when the compile ended as clang's would (0, or 1 with an error diagnostic, and no Java trace). */
    static String problem(Exec.Result res) {
        if (res.timedOut()) return "hang: no answer in " + Exec.TIMEOUT_SECONDS + " s";
        List<String> lines = Stream.of(res.stderr().split("\n"))
                .filter(l -> !SOURCE_ECHO.matcher(l).matches())
                .toList();
        for (String l : lines)
            // a diagnostic about the program quotes the program's own words (a static assertion's
            // message may say "failed: "), so only the other lines are searched for a crash's marks
            if (!DIAGNOSTIC.matcher(l).find() && INTERNAL.matcher(l).find())
                return "internal failure (status " + res.status() + "): " + clip(l);
        boolean error = lines.stream().anyMatch(l -> ERROR.matcher(l).find());
        if (res.status() == 1 && !error) return "status 1 without an error diagnostic: " + clip(res.stderr());
        if (res.status() == 0 && error) return "an error diagnostic, yet status 0";
        if (res.status() != 0 && res.status() != 1) return "status " + res.status() + ": " + clip(res.stderr());
        return null;
    }

    private static String clip(String s) {
        s = s.strip();
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
