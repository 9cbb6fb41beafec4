package jomp.runtime.omp;

import static jomp.runtime.omp.Regions.parallel;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelTest {
    @Test
    void apiOutsideAnyRegion() {
        assertThat(OmpApi.omp_get_thread_num()).isZero();
        assertThat(OmpApi.omp_get_num_threads()).isEqualTo(1);
        assertThat(OmpApi.omp_in_parallel()).isZero();
        assertThat(OmpApi.omp_get_level()).isZero();
        assertThat(OmpApi.omp_get_active_level()).isZero();
        assertThat(OmpApi.omp_get_max_threads()).isPositive();
        assertThat(OmpApi.omp_get_num_procs()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(OmpApi.omp_get_ancestor_thread_num(0)).isZero();
        assertThat(OmpApi.omp_get_ancestor_thread_num(1)).isEqualTo(-1);
        assertThat(OmpApi.omp_get_team_size(0)).isEqualTo(1);
        assertThat(OmpApi.omp_get_num_teams()).isEqualTo(1);
        assertThat(OmpApi.omp_get_team_num()).isZero();
        assertThat(jomp.runtime.offload.DeviceApi.omp_is_initial_device()).isEqualTo(1);
        assertThat(jomp.runtime.offload.DeviceApi.omp_get_num_devices()).isZero();
        assertThat(jomp.runtime.offload.DeviceApi.omp_get_initial_device())
                .isEqualTo(jomp.runtime.offload.DeviceApi.omp_get_num_devices());
        double t0 = OmpApi.omp_get_wtime();
        assertThat(OmpApi.omp_get_wtime()).isGreaterThanOrEqualTo(t0);
        assertThat(OmpApi.omp_get_wtick()).isPositive().isLessThan(1e-3);
    }

    @Test
    void apiInsideARegion() {
        int n = 4;
        AtomicIntegerArray seen = new AtomicIntegerArray(n);
        AtomicInteger bad = new AtomicInteger();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        parallel(n, (num, args) -> {
            threads.add(Thread.currentThread());
            seen.incrementAndGet(OmpApi.omp_get_thread_num());
            if (num != OmpApi.omp_get_thread_num()
                    || OmpApi.omp_get_num_threads() != n
                    || OmpApi.omp_in_parallel() != 1
                    || OmpApi.omp_get_level() != 1
                    || OmpApi.omp_get_active_level() != 1
                    || OmpApi.omp_get_team_size(1) != n
                    || OmpApi.omp_get_ancestor_thread_num(1) != num
                    || OmpApi.omp_get_ancestor_thread_num(0) != 0) bad.incrementAndGet();
        });
        assertThat(bad.get()).isZero();
        for (int i = 0; i < n; i++)
            assertThat(seen.get(i)).as("thread %d ran once", i).isEqualTo(1);
        assertThat(threads).hasSize(n).contains(Thread.currentThread());
        assertThat(OmpApi.omp_in_parallel()).isZero(); // restored after the join
        assertThat(OmpApi.omp_get_num_threads()).isEqualTo(1);
    }

    @Test
    void threadsAreReusedAcrossRegions() {
        Set<Thread> first = ConcurrentHashMap.newKeySet(), second = ConcurrentHashMap.newKeySet();
        parallel(3, (num, args) -> first.add(Thread.currentThread()));
        parallel(3, (num, args) -> second.add(Thread.currentThread()));
        first.retainAll(second);
        assertThat(first).hasSizeGreaterThanOrEqualTo(2); // the master and at least one pooled worker
    }

    @Test
    void barrierSeparatesPhases() {
        int n = 4, rounds = 50;
        AtomicInteger arrived = new AtomicInteger();
        AtomicInteger violations = new AtomicInteger();
        parallel(n, (num, args) -> {
            for (int r = 1; r <= rounds; r++) {
                arrived.incrementAndGet();
                Parallel.barrier();
                if (arrived.get() != r * n) violations.incrementAndGet(); // everyone arrived in round r, nobody in r+1
                Parallel.barrier();
            }
        });
        assertThat(violations.get()).isZero();
        assertThat(arrived.get()).isEqualTo(n * rounds);
    }

    @Test
    void criticalIsMutuallyExclusive() {
        int n = 4, iterations = 20_000;
        int[] counter = {0}; // a plain, unsynchronised field: only the critical section protects it
        parallel(n, (num, args) -> {
            for (int i = 0; i < iterations; i++) {
                Parallel.criticalEnter("counter");
                counter[0]++;
                Parallel.criticalExit("counter");
            }
        });
        assertThat(counter[0]).isEqualTo(n * iterations);
    }

    @Test
    void singleRunsOnceAndMasterOnThreadZero() {
        int n = 4, singles = 100;
        AtomicIntegerArray runs = new AtomicIntegerArray(singles);
        AtomicInteger masters = new AtomicInteger(), wrongMaster = new AtomicInteger();
        parallel(n, (num, args) -> {
            for (int s = 0; s < singles; s++) {
                if (Parallel.single()) runs.incrementAndGet(s);
                if (s % 2 == 0) Parallel.barrier(); // half of them nowait
            }
            if (Parallel.master()) {
                masters.incrementAndGet();
                if (num != 0) wrongMaster.incrementAndGet();
            }
        });
        for (int s = 0; s < singles; s++)
            assertThat(runs.get(s)).as("single %d", s).isEqualTo(1);
        assertThat(masters.get()).isEqualTo(1);
        assertThat(wrongMaster.get()).isZero();
    }

    @Test
    void nestedRegionsAreSerialisedUnlessNestingIsOn() {
        int saved = OmpApi.omp_get_max_active_levels();
        try {
            OmpApi.omp_set_nested(0);
            AtomicInteger inner = new AtomicInteger(), innerSize = new AtomicInteger();
            parallel(
                    2,
                    (num, args) -> parallel(3, (m, a) -> {
                        inner.incrementAndGet();
                        innerSize.set(OmpApi.omp_get_num_threads());
                    }));
            assertThat(inner.get()).isEqualTo(2);
            assertThat(innerSize.get()).isEqualTo(1);

            OmpApi.omp_set_nested(1);
            AtomicInteger count = new AtomicInteger(), bad = new AtomicInteger();
            parallel(
                    2,
                    (outer, args) -> parallel(3, (m, a) -> {
                        count.incrementAndGet();
                        if (OmpApi.omp_get_level() != 2
                                || OmpApi.omp_get_active_level() != 2
                                || OmpApi.omp_get_num_threads() != 3
                                || OmpApi.omp_get_ancestor_thread_num(1) != outer
                                || OmpApi.omp_get_ancestor_thread_num(2) != m
                                || OmpApi.omp_get_team_size(1) != 2) bad.incrementAndGet();
                    }));
            assertThat(count.get()).isEqualTo(6);
            assertThat(bad.get()).isZero();
        } finally {
            OmpApi.omp_set_max_active_levels(saved);
        }
    }

    @Test
    void numThreadsIcvIsPerThreadAndOneThreadTeamIsInactive() {
        int saved = OmpApi.omp_get_max_threads();
        OmpApi.omp_set_num_threads(3);
        AtomicInteger size = new AtomicInteger();
        parallel(0, (num, args) -> size.set(OmpApi.omp_get_num_threads()));
        assertThat(size.get()).isEqualTo(3);
        AtomicInteger inParallel = new AtomicInteger(-1);
        parallel(1, (num, args) -> inParallel.set(OmpApi.omp_in_parallel() * 10 + OmpApi.omp_get_level()));
        assertThat(inParallel.get()).isEqualTo(1); // if(false)-like team: level 1, not active
        OmpApi.omp_set_num_threads(saved);
    }

    @Test
    void aFailingMemberFailsTheFork() {
        assertThatThrownBy(() -> parallel(3, (num, args) -> {
                    if (num == 2) throw new IllegalStateException("boom in 2");
                }))
                .hasMessage("boom in 2");
        AtomicInteger ran = new AtomicInteger();
        parallel(3, (num, args) -> ran.incrementAndGet()); // the pool still works
        assertThat(ran.get()).isEqualTo(3);
    }

    @Test
    @org.junit.jupiter.api.Timeout(60) // guards against a hang, the failure this test is about
    void aMemberFailingBeforeABarrierDoesNotHangTheOthers() {
        AtomicInteger passed = new AtomicInteger();
        assertThatThrownBy(() -> parallel(4, (num, args) -> {
                    if (num == 1) throw new ArithmeticException("division by zero in 1");
                    Parallel.barrier();
                    passed.incrementAndGet();
                }))
                .isInstanceOf(ArithmeticException.class)
                .hasMessage("division by zero in 1");
        assertThat(passed.get()).isZero();
        // nested: the inner failure fails the outer region too
        OmpApi.omp_set_nested(1);
        try {
            assertThatThrownBy(() -> parallel(2, (o, a) -> {
                        parallel(2, (i, b) -> {
                            if (o == 0 && i == 1) throw new IllegalStateException("inner");
                        });
                        Parallel.barrier();
                    }))
                    .hasMessage("inner");
        } finally {
            OmpApi.omp_set_nested(0);
        }
    }
}
