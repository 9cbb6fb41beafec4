package jomp.plugin.ptxsim;

import java.util.HashSet;
import java.util.Set;
import jomp.runtime.mem.Mem;

/**
 * One simulated GPU: its device memory, the scratch memory blocks run in (shared memory, the
 * threads' local memory), its device heap, and the settings read from the environment.
 */
final class SimDevice extends jomp.runtime.plugin.GpuDevice {
    static final int WARPS_PER_SM = 64;
    static final jomp.offload.abi.nvptx.CudaArch ARCH = jomp.offload.abi.nvptx.CudaArch.of(90);

    final int id;
    final Memory memory;
    final int multiprocessors;
    final long stackBytes;
    final boolean racecheck;
    /** Thread-instructions a block may run without progress before it is a livelock. */
    long spinLimit = 1L << 31;
    /** JOMP_PTXSIM_STATS: a line per launch with its thread-instructions and speed. */
    boolean stats;
    /**
     * Kernels may reach the host's memory (a GPU with HMM or ATS, as an H100 on a recent Linux):
     * set for the launches of a program that requires unified_shared_memory, when the device
     * models such a GPU. Global accesses outside the device's reservation then go to host memory
     * unchecked, as on the GPU; accesses inside it are still checked against the allocations.
     */
    boolean hostMemory;

    private final Set<Long> heap = new HashSet<>();
    private long shared, sharedCap, local, localCap;
    private final long t0 = System.nanoTime(), epoch = System.currentTimeMillis() * 1_000_000L;
    long launches;
    /** Thread-instructions executed by all launches so far (benchmarks read it: JOMP_PTXSIM_STATS prints each launch's). */
    long threadInstructions;

    SimDevice(int id, long memoryBytes, int multiprocessors, long stackBytes, boolean racecheck) {
        super(id);
        this.id = id;
        this.memory = new Memory(memoryBytes);
        this.multiprocessors = multiprocessors;
        this.stackBytes = stackBytes;
        this.racecheck = racecheck;
    }

    @Override
    public int multiprocessors() {
        return multiprocessors;
    }

    /** CUDA's limit of threads per block. */
    @Override
    public int maxThreadsPerBlock() {
        return PtxSimPlugin.MAX_THREADS;
    }

    /** Shared memory for the blocks of a launch (reused). */
    long sharedMemory(long size) {
        if (size > sharedCap) {
            if (shared != 0) Mem.rawFree(shared);
            sharedCap = Math.max(size, 64 * 1024);
            shared = Mem.rawAllocate(sharedCap);
        }
        return shared;
    }

    /** The threads' local memory (reused; untouched pages are never backed). */
    long localMemory(long size) {
        if (size > localCap) {
            long a = Memory.map(size);
            if (a == -1 || a == 0) throw new OutOfMemoryError("ptxsim: cannot map " + size + " bytes of local memory");
            local = a; // the old mapping stays (a launch may still refer to it; this happens once per larger block
            // size)
            localCap = size;
        }
        return local;
    }

    long deviceMalloc(long size) {
        long a = memory.alloc(size);
        if (a != 0) heap.add(a);
        return a;
    }

    boolean deviceFree(long a) {
        if (!heap.remove(a)) return false;
        memory.free(a);
        return true;
    }

    /** Nanoseconds, as %globaltimer counts them (since the epoch, advancing with the host's clock). */
    long globalTimer() {
        return epoch + (System.nanoTime() - t0);
    }
}
