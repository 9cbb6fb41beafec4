package jomp.runtime.omp;

import java.util.HashMap;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;

/**
 * Thread-local C variables: `_Thread_local`/`__thread` and OpenMP's threadprivate. Every thread,
 * the initial one included, works on a copy of its own, made on the thread's first use from the
 * variable's initial value (the read-only twin the compiler emits), as a TLS block is initialised
 * from .tdata (at the original's alignment, so _Alignas holds for every copy); the copies live as long as their thread, and pool threads keep theirs from one
 * parallel region to the next, so values persist between regions as OpenMP specifies.
 */
final class ThreadPrivate {
    private ThreadPrivate() {}

    private static final ThreadLocal<HashMap<Long, Long>> COPIES = ThreadLocal.withInitial(HashMap::new);

    /** This thread's copy of the variable at {@code original} ({@code size} bytes, initial value at {@code init}). */
    static long address(long original, long init, long size) {
        HashMap<Long, Long> mine = COPIES.get();
        Long copy = mine.get(original);
        if (copy != null) return copy;
        // as aligned as the original, whose place the link chose for its _Alignas (up to a page)
        long align = Math.min(Math.max(Long.lowestOneBit(original), 16), 4096);
        long a = align <= 16 ? Stdlib.malloc(Math.max(size, 1)) : Mem.permanentUncleared(Math.max(size, 1), align);
        Mem.copy(a, init, size);
        mine.put(original, a);
        return a;
    }
}
