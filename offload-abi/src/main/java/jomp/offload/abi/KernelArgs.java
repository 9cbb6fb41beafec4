package jomp.offload.abi;

/**
 * libomptarget's {@code KernelArgsTy} (version 3), the block whose address the lowering passes to
 * {@code __tgt_target_kernel}: 104 bytes, 8-byte aligned (docs/design/offload-abi.md §2). Offsets in bytes.
 */
public final class KernelArgs {
    private KernelArgs() {}

    public static final int VERSION = 3;
    public static final int SIZE = 104;
    public static final int ALIGN = 8;

    /** u32 Version. */
    public static final int OFF_VERSION = 0;
    /** u32 NumArgs. */
    public static final int OFF_NUM_ARGS = 4;
    /** The six pointers to the map arrays. */
    public static final int OFF_BASE_PTRS = 8,
            OFF_PTRS = 16,
            OFF_SIZES = 24,
            OFF_TYPES = 32,
            OFF_NAMES = 40,
            OFF_MAPPERS = 48;
    /** u64 Tripcount (0: unknown). */
    public static final int OFF_TRIPCOUNT = 56;
    /** u64 Flags. */
    public static final int OFF_FLAGS = 64;
    /** u32 NumTeams[3], u32 ThreadLimit[3] (0: the default). */
    public static final int OFF_NUM_TEAMS = 72, OFF_THREAD_LIMIT = 84;
    /** u32 DynCGroupMem. */
    public static final int OFF_DYN_CGROUP_MEM = 96;

    /** Flags bit 0: the construct has nowait. */
    public static final long FLAG_NOWAIT = 1;
}
