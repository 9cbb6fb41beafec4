package jomp.runtime.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The grid for a kernel with a trip count, by libomptarget's rule (GenericKernelTy::getNumBlocks
 * in LLVM 19's plugins-nextgen, with NVPTX's 3200 default blocks and 32 minimum threads): no GPU or
 * clang run can show it here, so the expected grids are that rule worked by hand, one per branch.
 */
class LaunchGeometryTest {
    @Test
    void enoughIterationsFillTheDefaultBlocksAtFullSize() {
        assertThat(LaunchGeometry.spmd(1_000_000, 128, Integer.MAX_VALUE))
                .containsExactly(3200, 128); // ceil(1e6/128) = 7813, capped
        assertThat(LaunchGeometry.spmd(409_600, 128, Integer.MAX_VALUE))
                .containsExactly(3200, 128); // exactly 3200 x 128
        assertThat(LaunchGeometry.spmd(1 << 25, 256, Integer.MAX_VALUE)).containsExactly(3200, 256);
    }

    @Test
    void fewerIterationsTakeFewerThreadsPerBlockAPowerOfTwo() {
        // 200,000 >= 3200 x 32: ceil(200000 / 3200) = 63 -> 64 threads, ceil(200000 / 64) = 3125 blocks
        assertThat(LaunchGeometry.spmd(200_000, 128, Integer.MAX_VALUE)).containsExactly(3125, 64);
    }

    @Test
    void lowTripCountsTakeTheMinimumThreads() {
        assertThat(LaunchGeometry.spmd(65_536, 128, Integer.MAX_VALUE)).containsExactly(2048, 32);
        assertThat(LaunchGeometry.spmd(1024, 128, Integer.MAX_VALUE)).containsExactly(32, 32);
        assertThat(LaunchGeometry.spmd(1, 128, Integer.MAX_VALUE)).containsExactly(1, 32);
        // a thread limit below the minimum is kept (threads are only ever lowered)
        assertThat(LaunchGeometry.spmd(1000, 16, Integer.MAX_VALUE)).containsExactly(63, 16);
    }

    @Test
    void theMinimumThreadsComeFromTheEnvironment() {
        // LLVM's offload/test/offloading/small_trip_count.c: 128 iterations, 4 x 32 by default, 16 x 8 with the
        // variable at 8
        assertThat(LaunchGeometry.spmd(128, 128, Integer.MAX_VALUE, 32)).containsExactly(4, 32);
        assertThat(LaunchGeometry.spmd(128, 128, Integer.MAX_VALUE, 8)).containsExactly(16, 8);
        assertThat(LaunchGeometry.minThreads("8")).isEqualTo(8);
        assertThat(LaunchGeometry.minThreads(null)).isEqualTo(32);
        assertThat(LaunchGeometry.minThreads("0")).isEqualTo(32);
        assertThat(LaunchGeometry.minThreads("lots")).isEqualTo(32);
    }

    @Test
    void executionModesAreNamedAsLibomptargetsLaunchReport() {
        assertThat(LaunchGeometry.modeName(LaunchGeometry.EXEC_MODE_SPMD)).isEqualTo("SPMD");
        assertThat(LaunchGeometry.modeName(LaunchGeometry.EXEC_MODE_GENERIC)).isEqualTo("Generic");
        assertThat(LaunchGeometry.modeName(LaunchGeometry.EXEC_MODE_GENERIC_SPMD))
                .isEqualTo("Generic-SPMD");
    }

    @Test
    void theDevicesGridLimitCaps() {
        assertThat(LaunchGeometry.spmd(1_000_000, 128, 100)).containsExactly(100, 128);
        assertThatThrownBy(() -> LaunchGeometry.spmd(0, 128, 100)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void genericKernelsGetABlockPerDistributeIteration() {
        // the team shares its iteration's inner loop: the block keeps its threads
        assertThat(LaunchGeometry.generic(500, 128, Integer.MAX_VALUE)).containsExactly(500, 128);
        assertThat(LaunchGeometry.generic(1_000_000, 128, Integer.MAX_VALUE)).containsExactly(3200, 128);
        assertThat(LaunchGeometry.generic(1_000_000, 128, 1000)).containsExactly(1000, 128);
        assertThatThrownBy(() -> LaunchGeometry.generic(0, 128, 100)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theExecModeChoosesTheRuleAndAKernelWithoutOneIsSpmd() {
        assertThat(LaunchGeometry.of(LaunchGeometry.EXEC_MODE_GENERIC, 1000, 128, Integer.MAX_VALUE))
                .containsExactly(1000, 128);
        assertThat(LaunchGeometry.of(LaunchGeometry.EXEC_MODE_SPMD, 1000, 128, Integer.MAX_VALUE))
                .containsExactly(32, 32);
        assertThat(LaunchGeometry.of(0, 1000, 128, Integer.MAX_VALUE)).containsExactly(32, 32);
    }
}
