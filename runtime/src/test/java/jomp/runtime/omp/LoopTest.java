package jomp.runtime.omp;

import static jomp.runtime.omp.Regions.parallel;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Worksharing loops: every schedule hands out each iteration exactly once, and chunkLast marks the last one. */
class LoopTest {
    /** Runs {@code for (i = lower; ...; i += stride)} as a worksharing loop of the calling thread's team. */
    static void loop(String schedule, long chunk, long lower, long upper, long stride, LongConsumer iteration) {
        if (schedule.equals("for_static")) {
            if (!Parallel.forStaticInit(lower, upper, stride, chunk)) return;
            long lo = Parallel.chunkLower(), hi = Parallel.chunkUpper(), step = Parallel.staticStride();
            while (stride > 0 ? lo <= upper : lo >= upper) {
                for (long i = lo; stride > 0 ? i <= Math.min(hi, upper) : i >= Math.max(hi, upper); i += stride)
                    iteration.accept(i);
                if (chunk <= 0) break;
                lo += step;
                hi += step;
            }
            return;
        }
        int kind = switch (schedule) {
            case "static" -> Parallel.STATIC;
            case "dynamic" -> Parallel.DYNAMIC;
            case "guided" -> Parallel.GUIDED;
            case "auto" -> Parallel.AUTO;
            default -> Parallel.RUNTIME;
        };
        Parallel.dispatchInit(kind, lower, upper, stride, chunk);
        while (Parallel.dispatchNext()) {
            long lo = Parallel.chunkLower(), hi = Parallel.chunkUpper();
            for (long i = lo; stride > 0 ? i <= hi : i >= hi; i += stride) iteration.accept(i);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "for_static, 0, 0, 99, 1",
        "for_static, 0, 0, 2, 1",
        "for_static, 3, 0, 99, 1",
        "for_static, 5, 100, -7, -3",
        "static, 0, 0, 99, 1",
        "static, 4, 0, 99, 1",
        "static, 4, 10, -50, -2",
        "dynamic, 1, 0, 999, 1",
        "dynamic, 7, 5, 1000, 3",
        "dynamic, 2, 100, 0, -1",
        "guided, 0, 0, 999, 1",
        "guided, 5, -20, 300, 2",
        "guided, 3, 50, -50, -5",
        "auto, 0, 0, 99, 1",
        "runtime, 0, 0, 500, 1",
        "dynamic, 1, 5, 4, 1",
        "static, 0, 9, 0, 1",
    })
    void everyIterationRunsOnceAndLastIsMarked(String schedule, long chunk, long lower, long upper, long stride) {
        long trips = Dispatch.trips(lower, upper, stride);
        long lastIteration = lower + (trips - 1) * stride;
        AtomicIntegerArray runs = new AtomicIntegerArray((int) Math.max(trips, 1));
        AtomicInteger outOfSpace = new AtomicInteger(), lastMarks = new AtomicInteger();
        AtomicLong lastSeen = new AtomicLong(Long.MIN_VALUE);
        parallel(4, (num, args) -> {
            for (int rep = 0; rep < 3; rep++) { // the same loop again: construct counters must stay matched
                boolean[] mine = {false};
                loop(schedule, chunk, lower, upper, stride, i -> {
                    long k = (i - lower) / stride;
                    if (k < 0 || k >= trips || (i - lower) % stride != 0) outOfSpace.incrementAndGet();
                    else runs.incrementAndGet((int) k);
                    if (i == lastIteration) mine[0] = true;
                });
                boolean last = schedule.equals("for_static") ? Parallel.chunkLast() : mine[0];
                if (mine[0] && rep == 0) {
                    lastMarks.incrementAndGet();
                    lastSeen.set(lastIteration);
                }
                if (last != mine[0] && trips > 0 && schedule.equals("for_static") && hasIterations(num, trips, chunk))
                    outOfSpace.addAndGet(1000);
                Parallel.barrier();
            }
        });
        assertThat(outOfSpace.get()).isZero();
        for (int k = 0; k < trips; k++)
            assertThat(runs.get(k)).as("iteration %d", k).isEqualTo(3);
        assertThat(lastMarks.get()).isEqualTo(trips > 0 ? 1 : 0);
    }

    private static boolean hasIterations(int num, long trips, long chunk) {
        return chunk <= 0 ? num < trips : num * chunk < trips;
    }

    @ParameterizedTest
    @CsvSource({"dynamic, 1", "dynamic, 16", "guided, 1", "guided, 8", "static, 5"})
    void dispatchedChunksReportLastIteration(String schedule, long chunk) {
        AtomicInteger lastChunks = new AtomicInteger(), wrong = new AtomicInteger();
        parallel(3, (num, args) -> {
            Parallel.dispatchInit(
                    schedule.equals("static")
                            ? Parallel.STATIC
                            : schedule.equals("dynamic") ? Parallel.DYNAMIC : Parallel.GUIDED,
                    0,
                    999,
                    1,
                    chunk);
            while (Parallel.dispatchNext()) {
                boolean holdsLast = Parallel.chunkUpper() == 999;
                if (Parallel.chunkLast()) lastChunks.incrementAndGet();
                if (Parallel.chunkLast() != holdsLast) wrong.incrementAndGet();
            }
        });
        assertThat(lastChunks.get()).isEqualTo(1);
        assertThat(wrong.get()).isZero();
    }
}
