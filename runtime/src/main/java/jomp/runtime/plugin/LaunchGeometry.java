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
    public static final int DEFAULT_MIN_THREADS = 32;
    /** LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT (a positive number, as libomptarget's plugins read it), else 32. */
    public static final int MIN_THREADS = minThreads(System.getenv("LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT"));

    static int minThreads(String v) {
        if (v == null || v.isBlank()) return DEFAULT_MIN_THREADS;
        try {
            int n = Integer.parseInt(v.trim());
            return n > 0 ? n : DEFAULT_MIN_THREADS;
        } catch (NumberFormatException e) {
            return DEFAULT_MIN_THREADS;
        }
    }

    /** {@code <kernel>_exec_mode}'s values (clang's OMP_TGT_EXEC_MODE_*); a kernel without the global is taken as SPMD. */
    public static final int EXEC_MODE_GENERIC = 1, EXEC_MODE_SPMD = 2, EXEC_MODE_GENERIC_SPMD = 3;

    /** The name libomptarget's launch report gives an execution mode (getExecutionModeName). */
    public static String modeName(int execMode) {
        return switch (execMode) {
            case EXEC_MODE_GENERIC -> "Generic";
            case EXEC_MODE_GENERIC_SPMD -> "Generic-SPMD";
            default -> "SPMD";
        };
    }

    /** The grid for a kernel of {@code execMode} (0: unknown, as SPMD), as {@link #spmd} or {@link #generic}. */
    public static int[] of(int execMode, long tripCount, int threads, long blockLimit) {
        return execMode == EXEC_MODE_GENERIC
                ? generic(tripCount, threads, blockLimit)
                : spmd(tripCount, threads, blockLimit);
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
        return spmd(tripCount, threads, blockLimit, MIN_THREADS);
    }

    /** {@link #spmd(long, int, long)} with LIBOMPTARGET_MIN_THREADS_FOR_LOW_TRIP_COUNT = {@code fewest}. */
    public static int[] spmd(long tripCount, int threads, long blockLimit, int fewest) {
        if (tripCount <= 0) throw new IllegalArgumentException("trip count " + tripCount);
        int minThreads = Math.min(fewest, threads);
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

    private static long powerOfTwoCeil(long v) {
        return v <= 1 ? 1 : Long.highestOneBit(v - 1) << 1;
    }
}
