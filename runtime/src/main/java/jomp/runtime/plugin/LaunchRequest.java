package jomp.runtime.plugin;

/**
 * One kernel launch as the runtime asks a plugin for it (what libomptarget's plugins get of
 * {@code KernelArgsTy}): the kernel, its arguments as 64-bit values in the order the compiler laid
 * them out (device addresses or literal scalars, bit-cast; offload-abi.md §2), the clauses (0 or
 * less: absent), the trip count of the kernel's loop the host passed (0 when unknown), from which a
 * GPU plugin sizes the grid with the kernel's execution mode ({@link LaunchGeometry}), and the
 * dynamic shared memory a block gets ({@code ompx_dyn_cgroup_mem}; jomp's device code uses none).
 */
public record LaunchRequest(
        DevicePlugin.Kernel kernel,
        long[] args,
        int numTeams,
        int threadLimit,
        long tripCount,
        int dynamicSharedMemory) {
    /** A launch without a trip count or dynamic shared memory. */
    public static LaunchRequest of(DevicePlugin.Kernel kernel, long[] args, int numTeams, int threadLimit) {
        return new LaunchRequest(kernel, args, numTeams, threadLimit, 0, 0);
    }
}
