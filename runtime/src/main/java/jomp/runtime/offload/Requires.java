package jomp.runtime.offload;

import jomp.offload.abi.OffloadEntries;

/**
 * The program's {@code requires} clauses, as the offload entries of its translation units record
 * them (an entry with flag {@link #REGISTER}; clang 19 puts the clauses in the entry's reserved
 * word, jomp in its size word): unified_address, unified_shared_memory, reverse_offload, dynamic_allocators. Translation
 * units that disagree are a link error (the linker-wrapper checks) and, should such a program be
 * registered anyway, a fatal error here as in libomptarget.
 */
public final class Requires {
    private Requires() {}

    /** HostEntry flag of a requires record (OMP_REGISTER_REQUIRES). */
    public static final int REGISTER = OffloadEntries.FLAG_REQUIRES;
    /** Clause bits of the record's data word (libomptarget's OMP_REQ_*). */
    public static final long NONE = OffloadEntries.REQ_NONE,
            REVERSE_OFFLOAD = OffloadEntries.REQ_REVERSE_OFFLOAD,
            UNIFIED_ADDRESS = OffloadEntries.REQ_UNIFIED_ADDRESS,
            UNIFIED_SHARED_MEMORY = OffloadEntries.REQ_UNIFIED_SHARED_MEMORY,
            DYNAMIC_ALLOCATORS = OffloadEntries.REQ_DYNAMIC_ALLOCATORS;

    private static volatile long flags; // 0: nothing registered yet

    /** Adds one translation unit's record; disagreement on a clause is fatal. */
    static synchronized void add(long f) {
        if (flags == 0) {
            flags = f;
            Info.debug("New requires flags %d", f);
            return;
        }
        check(f, REVERSE_OFFLOAD, "reverse_offload");
        check(f, UNIFIED_ADDRESS, "unified_address");
        check(f, UNIFIED_SHARED_MEMORY, "unified_shared_memory");
        check(f, DYNAMIC_ALLOCATORS, "dynamic_allocators");
    }

    private static void check(long f, long bit, String clause) {
        if ((flags & bit) != (f & bit)) {
            Tgt.fatalError(1, "'#pragma omp requires " + clause + "' not used consistently!");
        }
    }

    /** Tests: forget the registered clauses (or set them). */
    static synchronized void reset(long f) {
        flags = f;
    }

    static long flags() {
        return flags;
    }

    /** Host memory is device memory: maps use host addresses and copy nothing. */
    public static boolean unifiedSharedMemory() {
        return (flags & UNIFIED_SHARED_MEMORY) != 0;
    }

    /** Whether a map with OpenMP 6.0's self modifier gave a device the host's storage (its kernels then read host memory). */
    private static volatile boolean selfMapped;

    static void noteSelfMap() {
        selfMapped = true;
    }

    /** Whether kernels may use host addresses: unified_shared_memory, or self maps made so far. */
    public static boolean hostAddressesInKernels() {
        return unifiedSharedMemory() || selfMapped;
    }

    public static boolean unifiedAddress() {
        return (flags & (UNIFIED_ADDRESS | UNIFIED_SHARED_MEMORY)) != 0;
    }

    public static boolean reverseOffload() {
        return (flags & REVERSE_OFFLOAD) != 0;
    }
}
