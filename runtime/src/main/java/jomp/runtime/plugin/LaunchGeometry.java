package jomp.runtime.plugin;

/**
 * How many blocks of how many threads a GPU plugin launches for an SPMD kernel whose loop's trip
 * count the host passed (KernelArgs.Tripcount) and that has no {@code num_teams}: libomptarget's
 * rule for a combined {@code target teams distribute parallel for} ({@code
 * GenericKernelTy::getNumBlocks} of LLVM 19's plugins-nextgen), so that jomp and clang launch the
 * same grid. Enough blocks for one iteration per thread, at most {@link #DEFAULT_BLOCKS}; when
 * that leaves fewer than {@link #DEFAULT_BLOCKS} blocks, fewer threads per block (a power of two,
 * at least {@link #MIN_THREADS}) for more blocks.
 */
public final class LaunchGeometry {
    private LaunchGeometry() {}

    /** NVPTX's GV_Default_Num_Teams (llvm/Frontend/OpenMP/OMPGridValues.h): the most blocks a trip count asks for. */
    public static final long DEFAULT_BLOCKS = 3200;
    /** LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT's default: the fewest threads per block a low trip count leaves. */
    public static final int MIN_THREADS = 32;

    /**
     * {blocks, threads} for {@code tripCount} iterations (> 0) and {@code threads} threads per block
     * (the thread limit or the plugin's default); {@code blockLimit} is the device's grid limit.
     */
    public static int[] spmd(long tripCount, int threads, long blockLimit) {
        if (tripCount <= 0) throw new IllegalArgumentException("trip count " + tripCount);
        int minThreads = Math.min(MIN_THREADS, threads);
        if (tripCount >= DEFAULT_BLOCKS * threads) {
            // enough iterations for the default blocks at full size
        } else if (tripCount >= DEFAULT_BLOCKS * minThreads) {
            long perBlock = (tripCount + DEFAULT_BLOCKS - 1) / DEFAULT_BLOCKS;
            threads = (int) Math.min(threads, powerOfTwoCeil(perBlock));
        } else {
            threads = minThreads;
        }
        long blocks = (tripCount - 1) / threads + 1;
        blocks = Math.min(Math.min(blocks, DEFAULT_BLOCKS), blockLimit);
        return new int[] {(int) blocks, threads};
    }

    private static long powerOfTwoCeil(long v) { return v <= 1 ? 1 : Long.highestOneBit(v - 1) << 1; }
}
