package jomp.plugin.ptxsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator's instruction semantics against an outside oracle: ops.c (integer and
 * floating-point arithmetic, conversions, bit operations, loops with a per-thread trip count, a
 * switch, recursion, function pointers in initialised data, stack arrays) compiled to PTX by
 * clang-19's NVPTX back end and run by the simulator, one thread per input, must give the bits
 * gcc's build of the same functions gives on the host.
 */
class PtxSemanticsTest {
    @TempDir
    Path dir;

    static final int K = 64, THREADS = 96;

    @Test
    void clangsPtxComputesWhatGccsHostCodeComputes() throws Exception {
        Path c = Sim.resource("ops.c", dir);
        String ptx = Sim.clangPtx(c, dir);
        Sim.run(
                List.of(
                        "gcc",
                        "-O0",
                        "-ffp-contract=off",
                        c.toString(),
                        "-o",
                        dir.resolve("host").toString(),
                        "-lm"),
                dir);
        List<String> want = Sim.run(List.of(dir.resolve("host").toString(), Integer.toString(THREADS)), dir)
                .lines()
                .toList();
        assertThat(want).hasSize(2 * THREADS * K);

        Sim sim = new Sim();
        DevicePlugin.LoadedImage img = sim.load(ptx);
        long out = sim.alloc(8L * K * THREADS);
        // 96 threads in blocks of 64: a full warp, a partial block, threads beyond n idle
        sim.launch(img, "run_ops", 2, 64, out, THREADS);
        compare(sim.longs(out, K * THREADS), want.subList(0, THREADS * K), "ops");
        sim.launch(img, "run_calls", 3, 32, out, THREADS);
        compare(sim.longs(out, K * THREADS), want.subList(THREADS * K, 2 * THREADS * K), "calls");
    }

    private static void compare(long[] got, List<String> want, String what) {
        for (int i = 0; i < got.length; i++) {
            String g = String.format("%016x", got[i]);
            assertThat(g).as("%s: thread %d, result %d", what, i / K, i % K).isEqualTo(want.get(i));
        }
    }
}
