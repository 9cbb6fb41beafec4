package jomp.runtime.omp;

/**
 * The kernel-language extensions of LLVM's ompx.h on the host and the jvm device, as its
 * host variants define them (clang's `declare variant match(device = {kind(cpu)})`): a thread is
 * its ancestor's thread number at the dimension's level, a block is the team of that level, the
 * grid one block; the block barrier is the team's barrier; warp votes and shuffles have no
 * meaning on a CPU and trap, as there. nvptx64 code gets the GPU's versions from the device
 * runtime (devrt.c).
 */
public final class Ompx {
    private Ompx() {}

    public static int ompx_thread_id(int dim) {
        return OmpApi.omp_get_ancestor_thread_num(dim + 1);
    }

    public static int ompx_block_dim(int dim) {
        return OmpApi.omp_get_team_size(dim + 1);
    }

    public static int ompx_block_id(int dim) {
        return 0;
    }

    public static int ompx_grid_dim(int dim) {
        return 1;
    }

    public static void ompx_sync_block(int ordering) {
        Kmpc.__jomp_barrier();
    }

    public static void ompx_sync_block_acq_rel() {
        Kmpc.__jomp_barrier();
    }

    public static void ompx_sync_block_divergent(int ordering) {
        Kmpc.__jomp_barrier();
    }

    public static long ompx_ballot_sync(long mask, int pred) {
        return trap();
    }

    public static int ompx_shfl_down_sync_i(long mask, int var, int delta, int width) {
        return (int) trap();
    }

    public static float ompx_shfl_down_sync_f(long mask, float var, int delta, int width) {
        return trap();
    }

    public static long ompx_shfl_down_sync_l(long mask, long var, int delta, int width) {
        return trap();
    }

    public static double ompx_shfl_down_sync_d(long mask, double var, int delta, int width) {
        return trap();
    }

    private static long trap() {
        jomp.runtime.libc.Stdlib.__builtin_trap();
        return 0;
    }
}
