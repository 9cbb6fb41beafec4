package jomp.objfile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Mutation fuzzing of all readers from valid seeds: only FormatException may ever escape. */
class ReaderFuzzTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void fiveThousandMutatedInputs() throws Exception {
        Map<String, byte[]> seeds = Corpus.all(dir);
        for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
            assertThat(ReaderFuzzing.feed(e.getValue()))
                    .as("seed " + e.getKey())
                    .isNull();
        }
        ReaderFuzzing.Result result = ReaderFuzzing.run(seeds, 20261122L, 5_000);
        assertThat(result.findings()).isEmpty();
        // the mutations must leave a fair share of inputs valid, or the deep paths go untested
        assertThat(result.accepted()).isBetween(250, 4_750);
    }

    /** The long run for docs/formats.md; excluded by default (tag fuzz-long). -Djomp.fuzz.count / -Djomp.fuzz.seed change it. */
    @Test
    @Tag("fuzz-long")
    void oneMillionMutatedInputs() throws Exception {
        Map<String, byte[]> seeds = Corpus.all(dir);
        int count = Integer.getInteger("jomp.fuzz.count", 1_000_000);
        long seed = Long.getLong("jomp.fuzz.seed", 1L);
        long start = System.nanoTime();
        ReaderFuzzing.Result result = ReaderFuzzing.run(seeds, seed, count);
        System.out.printf(
                "fuzz-long: %d inputs, seed %d, %d accepted whole, %d findings, %.1f s%n",
                count, seed, result.accepted(), result.findings().size(), (System.nanoTime() - start) / 1e9);
        assertThat(result.findings()).isEmpty();
    }
}
