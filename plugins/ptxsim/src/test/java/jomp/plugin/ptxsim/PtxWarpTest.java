package jomp.plugin.ptxsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warp- and block-level behaviour (warp.c, compiled by clang-19): shuffles with clamps and
 * segments, votes, match, activemask in divergent code, atomics of several kinds, a shared-memory
 * reduction between bar.syncs, a spin lock that the 32 threads of a warp take in turn (which only
 * works with independent thread scheduling), and recursion. No compiler runs these on the host,
 * so the expected values come from the PTX ISA's definitions (computed here, the shfl ones with
 * its pseudocode).
 */
class PtxWarpTest {
    @TempDir
    Path dir;

    Sim sim;
    DevicePlugin.LoadedImage img;

    @BeforeEach
    void load() throws Exception {
        sim = new Sim();
        img = sim.load(Sim.clangPtx(Sim.resource("warp.c", dir), dir));
    }

    private int[] ints(long device, int n) {
        return sim.ints(device, n);
    }

    @Test
    void shufflesFollowTheIsaPseudocode() {
        long out = sim.alloc(4L * 6 * 64);
        sim.launch(img, "shuffles", 1, 64, out);
        int[] r = ints(out, 6 * 64);
        for (int t = 0; t < 64; t++) {
            int l = t & 31;
            int[] v = new int[32];
            for (int k = 0; k < 32; k++) v[k] = 3 * k + 1;
            assertThat(r[t * 6])
                    .as("bfly sum, thread %d", t)
                    .isEqualTo(Arrays.stream(v).sum());
            assertThat(r[t * 6 + 1]).as("up 3").isEqualTo(l >= 3 ? v[l - 3] : v[l]);
            assertThat(r[t * 6 + 2]).as("down 5").isEqualTo(l + 5 <= 31 ? v[l + 5] : v[l]);
            assertThat(r[t * 6 + 3]).as("idx 7").isEqualTo(v[7]);
            assertThat(r[t * 6 + 4]).as("idx lane^1 in segments of 8").isEqualTo(v[l ^ 1]);
            assertThat(r[t * 6 + 5])
                    .as("down 2 clamped to segments of 8")
                    .isEqualTo((l & 7) + 2 <= 7 ? v[l + 2] : v[l]);
        }
    }

    @Test
    void votesMatchAndActivemask() {
        long out = sim.alloc(4L * 6 * 32);
        sim.launch(img, "votes", 1, 32, out);
        int[] r = ints(out, 6 * 32);
        for (int l = 0; l < 32; l++) {
            int same = 0;
            for (int k = 0; k < 32; k++) if (k % 3 == l % 3) same |= 1 << k;
            assertThat(r[l * 6]).as("ballot of odd lanes").isEqualTo(0xAAAAAAAA);
            assertThat(r[l * 6 + 1]).as("all").isEqualTo(1);
            assertThat(r[l * 6 + 2]).as("any").isEqualTo(1);
            assertThat(r[l * 6 + 3]).as("match.any of lane %% 3, lane %d", l).isEqualTo(same);
            assertThat(r[l * 6 + 4])
                    .as("activemask inside a branch, lane %d", l)
                    .isEqualTo(l % 4 == 0 ? 0x11111111 : 7);
            assertThat(r[l * 6 + 5]).as("uni").isEqualTo(1);
        }
    }

    @Test
    void atomicsOfManyThreadsAddUp() {
        long counter = sim.alloc(16), wide = sim.alloc(8), minmax = sim.alloc(8), inc = sim.alloc(8);
        sim.put(counter, new long[] {5L << 32, 0});
        sim.put(wide, new long[] {0});
        sim.put(minmax, new long[] {2000L & 0xFFFFFFFFL});
        sim.put(inc, new long[] {0});
        sim.launch(img, "atomics", 2, 64, counter, wide, minmax, inc);
        int n = 128;
        int[] c = ints(counter, 3);
        assertThat(c[0]).isEqualTo(n * (n - 1) / 2);
        assertThat(c[1]).as("cas to 0").isZero();
        assertThat(c[2]).as("a chain of cas: at least the first step").isBetween(1, n);
        assertThat(sim.longs(wide, 1)[0]).isEqualTo(((long) n * (n - 1) / 2) << 33);
        int max = 0;
        for (int t = 0; t < n; t++) max = Math.max(max, t * 7 % 1001);
        assertThat(ints(minmax, 2)).containsExactly(1000 - (n - 1), max);
        assertThat(ints(inc, 1)[0]).as("atom.inc wraps after 50").isEqualTo(n % 51);
    }

    @Test
    void sharedMemoryReductionBetweenBarriers() {
        int blocks = 3, threads = 256;
        long in = sim.alloc(4L * blocks * threads), out = sim.alloc(4L * blocks);
        long[] vals = new long[blocks * threads / 2];
        int[] want = new int[blocks];
        for (int i = 0; i < blocks * threads; i++) {
            int v = (i * 37) % 101 - 50;
            vals[i / 2] |= (v & 0xFFFFFFFFL) << (32 * (i & 1));
            want[i / threads] += v;
        }
        sim.put(in, vals);
        sim.launch(img, "blocksum", blocks, threads, in, out);
        assertThat(ints(out, blocks)).containsExactly(want);
    }

    @Test
    void everyThreadOfAWarpTakesASpinLockInTurn() {
        long lock = sim.alloc(8), count = sim.alloc(8), order = sim.alloc(4L * 64);
        sim.put(lock, new long[] {0});
        sim.put(count, new long[] {0});
        sim.launch(img, "lock", 1, 64, lock, count, order);
        assertThat(ints(count, 1)[0]).isEqualTo(64);
        int[] o = ints(order, 64);
        Arrays.sort(o);
        for (int i = 0; i < 64; i++) assertThat(o[i]).isEqualTo(i);
    }

    @Test
    void recursionGetsAFramePerCall() {
        long out = sim.alloc(4L * 80);
        sim.launch(img, "recurse", 1, 32, out, 50);
        int[] r = ints(out, 32);
        for (int t = 0; t < 32; t++) assertThat(r[t]).isEqualTo(50 + t);
    }
}
