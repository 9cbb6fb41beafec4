package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The CI slice of differential random testing (tests/README.md "Random testing"): a fixed set
 * of Csmith seeds (tests/fuzz/ci-seeds.txt) run through tests/fuzz/csmith.sh, the script of the long
 * run: each program built by gcc and by jomp at -O0 and -O2, run, and its checksum and exit status
 * compared. Every seed must come out 'same' at both levels; one test a seed. The seeds were chosen
 * among those jomp gets right, for variety (packed structs, bit-fields, floating point, sizes from 120
 * to 2,300 lines), so a failure is a regression; the script keeps its folder under
 * tests/target/corpus/csmith/keep/SEED.
 */
class CsmithTest {
    @TestFactory
    Stream<DynamicTest> fixedSeedsMatchGcc() throws IOException {
        Exec.require("csmith");
        Path inc = Path.of(System.getenv().getOrDefault("CSMITH_INC", "/usr/include/csmith"), "csmith.h");
        assertThat(inc).as("csmith.h not found: apt-get install libcsmith-dev").exists();
        Path root = Corpus.root();
        Path out = Corpus.work("csmith");
        // a fresh run each time: results.tsv would otherwise let the script skip seeds it has seen
        Files.deleteIfExists(out.resolve("results.tsv"));
        List<String> cmd = List.of(
                "bash",
                root.resolve("tests/fuzz/csmith.sh").toString(),
                "--seeds",
                root.resolve("tests/fuzz/ci-seeds.txt").toString(),
                "-o",
                out.toString(),
                "-j",
                "2");
        Exec.Result r = Exec.runLong(
                cmd, root, Map.of("JOMP", String.join(" ", Corpus.jompCommand())), out.resolve("tmp"), 1500);
        assertThat(r.timedOut()).as(r.describe("csmith.sh")).isFalse();
        assertThat(r.status()).as(r.describe("csmith.sh")).isZero();
        Map<String, String> results = new LinkedHashMap<>();
        for (String line : Files.readAllLines(out.resolve("results.tsv"))) results.put(line.split("\t")[0], line);
        List<String> seeds = Files.readAllLines(root.resolve("tests/fuzz/ci-seeds.txt")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#"))
                .map(String::strip)
                .toList();
        return seeds.stream()
                .map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> check(seed, results.get(seed), out)));
    }

    private static void check(String seed, String line, Path out) {
        if (line == null) fail("csmith.sh wrote no result for seed " + seed);
        List<String> fields = List.of(line.split("\t"));
        // the outcome per -O level (O0=..., O2=...); the line's other fields are the kind, gcc's time and jomp's CPU
        // times
        List<String> levels = fields.stream().filter(l -> l.matches("O\\d=.*")).toList();
        if (levels.size() != 2 || !levels.stream().allMatch(l -> l.endsWith("=same"))) {
            Path keep = out.resolve("keep").resolve(seed);
            fail("seed " + seed + ": " + String.join(" ", fields.subList(1, fields.size())) + "\n" + details(keep));
        }
    }

    /** jomp's stderr and the outputs that differ, from the folder the script kept. */
    private static String details(Path keep) {
        if (!Files.isDirectory(keep)) return "(no folder " + keep + ")";
        try (Stream<Path> s = Files.list(keep)) {
            List<String> parts = new ArrayList<>();
            for (Path p : s.sorted().toList()) {
                String n = p.getFileName().toString();
                if (n.endsWith(".err") || n.endsWith(".out") || n.endsWith(".rerr")) {
                    String text = Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1)
                            .strip();
                    if (!text.isEmpty())
                        parts.add(n + ":\n" + (text.length() > 1500 ? text.substring(0, 1500) + "\n[...]" : text));
                }
            }
            return "kept in " + keep + "\n" + parts.stream().collect(Collectors.joining("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
