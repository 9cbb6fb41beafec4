package jomp.runtime.omp;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The shared state of one dynamically or guided scheduled loop (libomp's dispatch buffer): the
 * iteration space as a trip count, and the index of the next unassigned iteration, which threads
 * advance with atomic adds (dynamic) or compare-and-set (guided).
 */
final class Dispatch {
    final long lower, stride, trips;
    final int kind;
    final long chunk;
    final int nthreads;
    private final AtomicLong next = new AtomicLong();
    /** Threads that have seen the loop end; the last one retires the buffer. */
    final AtomicInteger finished = new AtomicInteger();

    Dispatch(long lower, long upper, long stride, int kind, long chunk, int nthreads) {
        this.lower = lower;
        this.stride = stride;
        this.trips = trips(lower, upper, stride);
        this.kind = kind;
        this.chunk = Math.max(chunk, 1);
        this.nthreads = nthreads;
    }

    /** Iterations of {@code for (i = lower; stride > 0 ? i <= upper : i >= upper; i += stride)}. */
    static long trips(long lower, long upper, long stride) {
        if (stride == 0) throw new IllegalArgumentException("jomp: OpenMP loop with zero stride");
        if (stride > 0) return lower > upper ? 0 : Long.divideUnsigned(upper - lower, stride) + 1;
        return lower < upper ? 0 : Long.divideUnsigned(lower - upper, -stride) + 1;
    }

    /** Claims the next chunk into {@code t.lower/upper/last}; false when no iterations are left. */
    boolean next(OmpThread t) {
        long first, count;
        if (kind == Icv.SCHED_GUIDED) {
            while (true) {
                first = next.get();
                long left = trips - first;
                if (left <= 0) return false;
                count = Math.min(left, Math.max(chunk, (left + nthreads - 1) / nthreads));
                if (next.compareAndSet(first, first + count)) break;
            }
        } else {
            first = next.getAndAdd(chunk);
            if (first >= trips) return false;
            count = Math.min(chunk, trips - first);
        }
        t.lower = lower + first * stride;
        t.upper = lower + (first + count - 1) * stride;
        t.last = first + count == trips;
        return true;
    }
}
