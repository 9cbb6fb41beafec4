package jomp.runtime.omp;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Memory spaces (OpenMP 6.0 §8.1, §27.1): the predefined ones (omp.h's 1-4 and 99, LLVM's values;
 * 0 is omp_null_mem_space), LLVM's device memory kinds 100-102, and the target memory spaces the
 * memory-space-retrieving routines return for a set of devices. The offload runtime decides where
 * such a set's storage is (jomp.runtime.offload.MemSpaceApi: one device's own memory, or memory
 * the set shares) and registers it here; the same set and predefined space give the same handle.
 * Each memory space has one storage resource.
 */
public final class MemSpaces {
    private MemSpaces() {}

    public static final long NULL = 0, DEFAULT = 99;

    /**
     * A target memory space: the predefined space it was asked for, the devices it serves (their
     * numbers, the host's as omp_get_initial_device()), and where its blocks come from: memory of
     * {@code kind} (101 shared, 102 device: Allocators.LLVM_TARGET_*) that {@code device} allocates.
     */
    public record Space(long predefined, List<Integer> devices, int device, long kind) {}

    private static final ConcurrentHashMap<Space, Long> HANDLES = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Long, Space> SPACES = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT = new AtomicLong(0x1_0000_0000L);

    public static boolean isPredefined(long memspace) {
        return memspace == DEFAULT || memspace >= 1 && memspace <= 4;
    }

    /** A memory space omp_init_allocator accepts: predefined, one of LLVM's device kinds, or a target space. */
    static boolean valid(long memspace) {
        return isPredefined(memspace) || memspace >= 100 && memspace <= 102 || SPACES.containsKey(memspace);
    }

    /** The handle of {@code s}: the same for the same space, a new one the first time. */
    public static long handle(Space s) {
        return HANDLES.computeIfAbsent(s, k -> {
            long h = NEXT.incrementAndGet();
            SPACES.put(h, k);
            return h;
        });
    }

    /** The target space of a handle; null for the predefined spaces and for anything else. */
    public static Space of(long memspace) {
        return SPACES.get(memspace);
    }

    /** omp_get_memspace_num_resources: one storage resource in each valid space, none in another. */
    public static int numResources(long memspace) {
        return valid(memspace) ? 1 : 0;
    }

    /**
     * omp_get_submemspace: the space itself when the resources name its one resource (0), else
     * omp_null_mem_space (none named, or a number that is not a resource of it).
     */
    public static long submemspace(long memspace, int n, long resources) {
        if (n <= 0 || !valid(memspace)) return NULL;
        for (int i = 0; i < n; i++) if (jomp.runtime.mem.Mem.getInt(resources + 4L * i) != 0) return NULL;
        return memspace;
    }

    /** omp_get_memspace_pagesize: the host's page size (x86-64 Linux's 4 KiB), which jomp's devices' blocks also fit; 0 for an invalid space. */
    public static long pageSize(long memspace) {
        return valid(memspace) ? 4096 : 0;
    }

    /** The predefined allocator of a memory space (omp_get_device_allocator, ...). */
    public static long allocator(long memspace) {
        return Allocators.predefinedOn(memspace);
    }

    /** The predefined allocator of a predefined memory space (omp_default_mem_space: omp_default_mem_alloc, ...). */
    static long predefinedAllocator(long memspace) {
        if (memspace == DEFAULT) return Allocators.DEFAULT_MEM_ALLOC;
        return isPredefined(memspace) ? memspace + 1 : Allocators.NULL_ALLOCATOR;
    }
}
