package jomp.runtime.omp;

import static jomp.runtime.omp.Regions.parallel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;

class AtomicsLocksTest {
    private static final int THREADS = 4, ITERATIONS = 10_000;

    @Test
    void atomicUpdatesOnNativeMemoryUnderContention() {
        long m = Regions.alloc(64);
        Mem.putInt(m, 0);
        Mem.putLong(m + 8, 1000);
        Mem.putDouble(m + 16, 0.5);
        Mem.putFloat(m + 24, 0);
        Mem.putInt(m + 28, 0);
        Mem.putLong(m + 32, Long.MAX_VALUE);
        Mem.putInt(m + 40, 0);
        parallel(THREADS, (num, args) -> {
            for (int i = 0; i < ITERATIONS; i++) {
                Atomics.addInt(m, 1);
                Atomics.subLong(m + 8, 2);
                Atomics.addDouble(m + 16, 0.25);
                Atomics.addFloat(m + 24, 1);
                Atomics.xorInt(m + 28, 1 << (i % 8));
                Atomics.minLong(m + 32, num * 1000L + i);
                Atomics.maxInt(m + 40, num * 1000 + i % 1000);
            }
        });
        assertThat(Mem.getInt(m)).isEqualTo(THREADS * ITERATIONS);
        assertThat(Mem.getLong(m + 8)).isEqualTo(1000 - 2L * THREADS * ITERATIONS);
        assertThat(Mem.getDouble(m + 16)).isEqualTo(0.5 + 0.25 * THREADS * ITERATIONS);
        assertThat(Mem.getFloat(m + 24)).isEqualTo((float) THREADS * ITERATIONS);
        assertThat(Mem.getInt(m + 28)).isZero(); // every bit flipped an even number of times
        assertThat(Mem.getLong(m + 32)).isZero();
        assertThat(Mem.getInt(m + 40)).isEqualTo((THREADS - 1) * 1000 + 999);
    }

    @Test
    void captureAndCompareAndSwap() {
        long m = Regions.alloc(16);
        Mem.putInt(m, 5);
        assertThat(Atomics.addInt(m, 3)).isEqualTo(8);
        assertThat(Atomics.fetchAddInt(m, 2)).isEqualTo(8);
        assertThat(Atomics.casInt(m, 10, 42)).isEqualTo(10);
        assertThat(Atomics.casInt(m, 10, 7)).isEqualTo(42);
        assertThat(Atomics.readInt(m)).isEqualTo(42);
        assertThat(Atomics.updateInt(m, Reduce.BAND, 0b1010)).isEqualTo(42 & 0b1010);
        Atomics.writeLong(m + 8, -1);
        assertThat(Atomics.casLong(m + 8, -1, 9)).isEqualTo(-1);
        assertThat(Atomics.updateLong(m + 8, Reduce.MUL, 3)).isEqualTo(27);
        // a counter built from CAS alone, under contention: ticket numbers are never handed out twice
        Mem.putInt(m, 0);
        AtomicInteger duplicates = new AtomicInteger();
        boolean[] taken = new boolean[THREADS * 1000];
        parallel(THREADS, (num, args) -> {
            for (int i = 0; i < 1000; i++) {
                int old;
                do old = Atomics.readInt(m);
                while (Atomics.casInt(m, old, old + 1) != old);
                synchronized (taken) {
                    if (taken[old]) duplicates.incrementAndGet();
                    taken[old] = true;
                }
            }
        });
        assertThat(duplicates.get()).isZero();
        assertThat(Mem.getInt(m)).isEqualTo(THREADS * 1000);
    }

    @Test
    void simpleLockGivesMutualExclusion() {
        long lock = Regions.alloc(8); // sizeof(omp_lock_t)
        OmpApi.omp_init_lock(lock);
        int[] counter = {0};
        parallel(THREADS, (num, args) -> {
            for (int i = 0; i < ITERATIONS; i++) {
                if (i % 2 == 0) OmpApi.omp_set_lock(lock);
                else while (OmpApi.omp_test_lock(lock) == 0) Thread.onSpinWait();
                counter[0]++;
                OmpApi.omp_unset_lock(lock);
            }
        });
        assertThat(counter[0]).isEqualTo(THREADS * ITERATIONS);
        OmpApi.omp_set_lock(lock);
        assertThat(OmpApi.omp_test_lock(lock)).isZero(); // held: a simple lock does not nest
        OmpApi.omp_unset_lock(lock);
        assertThat(OmpApi.omp_test_lock(lock)).isEqualTo(1);
        OmpApi.omp_unset_lock(lock);
        OmpApi.omp_destroy_lock(lock);
        assertThatThrownBy(() -> OmpApi.omp_set_lock(lock))
                .hasMessageContaining("omp_set_lock on an uninitialized lock");
    }

    @Test
    void nestLockCountsAndExcludesOtherThreads() {
        long lock = Regions.alloc(8);
        OmpApi.omp_init_nest_lock(lock);
        OmpApi.omp_set_nest_lock(lock);
        assertThat(OmpApi.omp_test_nest_lock(lock)).isEqualTo(2);
        AtomicInteger otherGot = new AtomicInteger(-1);
        parallel(2, (num, args) -> {
            if (num == 1) otherGot.set(OmpApi.omp_test_nest_lock(lock));
        });
        assertThat(otherGot.get()).isZero();
        OmpApi.omp_unset_nest_lock(lock);
        OmpApi.omp_unset_nest_lock(lock);
        int[] counter = {0};
        parallel(THREADS, (num, args) -> {
            for (int i = 0; i < 1000; i++) {
                OmpApi.omp_set_nest_lock(lock);
                OmpApi.omp_set_nest_lock(lock);
                counter[0]++;
                OmpApi.omp_unset_nest_lock(lock);
                OmpApi.omp_unset_nest_lock(lock);
            }
        });
        assertThat(counter[0]).isEqualTo(THREADS * 1000);
        OmpApi.omp_destroy_nest_lock(lock);
    }
}
