package jomp.runtime.omp;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.libc.Stdlib;

/**
 * OpenMP 6.0 groupprivate variables: one copy per contention group. A contention group here is
 * what {@link OmpThread#groupCopies} names: each team of a teams region (host or device) and each
 * device kernel's initial thread start one, and the threads of their parallel regions inherit it.
 * Outside any of them (the host's initial contention group) the variable itself is the copy. A
 * copy is made, uninitialised as the specification says, on the group's first access and freed
 * when the group ends ({@link #release}).
 */
final class GroupPrivate {
    private GroupPrivate() {}

    /** The device types of the directive, as the compiler passes them. */
    private static final int HOST = 1, NOHOST = 2;

    /** A new contention group's copies (none yet). */
    static Map<Long, Long> newGroup() {
        return new ConcurrentHashMap<>();
    }

    /** The calling thread's contention group's copy of the variable at {@code original} ({@code size} bytes). */
    static long address(long original, long size, int deviceType) {
        OmpThread t = OmpThread.current();
        boolean onDevice = t.device >= 0;
        if (deviceType == HOST && onDevice || deviceType == NOHOST && !onDevice) return original;
        Map<Long, Long> copies = t.groupCopies;
        if (copies == null) return original;
        // the group's threads may ask at once: one of them allocates
        return copies.computeIfAbsent(original, k -> Stdlib.aligned_alloc(16, Math.max(size, 1)));
    }

    /** Frees a contention group's copies once its tasks are done. */
    static void release(Map<Long, Long> copies) {
        if (copies == null) return;
        for (long a : copies.values()) Stdlib.free(a);
        copies.clear();
    }
}
