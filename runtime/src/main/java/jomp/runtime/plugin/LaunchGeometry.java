package jomp.runtime.plugin;

/**
 * How many blocks of how many threads a GPU plugin launches for a kernel whose loop's trip count
 * the host passed (KernelArgs.Tripcount) and that has no {@code num_teams}: libomptarget's rule
 * ({@code GenericKernelTy::getNumBlocks} of LLVM 19's plugins-nextgen), so that jomp and clang
 * launch the same grid. The kernel's {@code <name>_exec_mode} global says which loop the count
 * is of:
 * <ul>
 * <li>SPMD (a combined {@code target teams distribute parallel for}): enough blocks for one
 *     iteration per thread, at most {@link #DEFAULT_BLOCKS}; when that leaves fewer than
 *     {@link #DEFAULT_BLOCKS} blocks, fewer threads per block (a power of two, at least
 *     {@link #MIN_THREADS}) for more blocks;</li>
 * <li>generic ({@code target teams distribute} with a nested {@code parallel}, or none): one
 *     block per iteration of the distribute loop, at most {@link #DEFAULT_BLOCKS}, whose team
 *     shares its iteration's inner loop.</li>
 * </ul>
 */
public final class LaunchGeometry {
    private LaunchGeometry() {}

    /** NVPTX's GV_Default_Num_Teams (llvm/Frontend/OpenMP/OMPGridValues.h): the most blocks a trip count asks for. */
    public static final long DEFAULT_BLOCKS = 3200;
    /** LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT's default: the fewest threads per block a low trip count leaves. */
    public static final int MIN_THREADS = 32;

    /** {@code <kernel>_exec_mode}'s values (clang's OMP_TGT_EXEC_MODE_*); a kernel without the global is taken as SPMD. */
    public static final int EXEC_MODE_GENERIC = 1, EXEC_MODE_SPMD = 2;

    /** The grid for a kernel of {@code execMode} (0: unknown, as SPMD), as {@link #spmd} or {@link #generic}. */
    public static int[] of(int execMode, long tripCount, int threads, long blockLimit) {
        return execMode == EXEC_MODE_GENERIC ? generic(tripCount, threads, blockLimit) : spmd(tripCount, threads, blockLimit);
    }

    /** {blocks, threads} for a generic kernel: a team per distribute iteration, at most {@link #DEFAULT_BLOCKS}. */
    public static int[] generic(long tripCount, int threads, long blockLimit) {
        if (tripCount <= 0) throw new IllegalArgumentException("trip count " + tripCount);
        return new int[] {(int) Math.min(Math.min(tripCount, DEFAULT_BLOCKS), blockLimit), threads};
    }

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
