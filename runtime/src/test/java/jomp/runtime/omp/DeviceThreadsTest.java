package jomp.runtime.omp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;
import jomp.runtime.mem.Functions;
import org.junit.jupiter.api.Test;

/**
 * A device kernel's teams run at once, one thread per core, on threads kept from one kernel to
 * the next (DeviceThreads); OMP_WAIT_POLICY sets how long those threads spin between kernels.
 */
class DeviceThreadsTest {
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    private static long fn(Regions.Body b) {
        return Functions.register(Regions.body(b));
    }

    private static void onDevice(LongConsumer body) throws Throwable {
        MethodHandle k = MethodHandles.dropArguments(
                MethodHandles.lookup()
                        .findVirtual(LongConsumer.class, "accept", MethodType.methodType(void.class, long.class))
                        .bindTo(body),
                1,
                jomp.runtime.mem.Stack.class);
        Teams.onDevice("test-plugin", 0, 0, 0, k, 0);
    }

    /**
     * Every team waits at a barrier for all the others: teams that ran one after another would
     * leave the first alone there until the timeout. Repeated, so kernels that follow one another
     * (with the pool's threads spinning or asleep in between) run their teams at once too.
     */
    @Test
    void aKernelsTeamsRunAtTheSameTime() throws Throwable {
        assertThat(CORES).as("this test needs a machine of 2 cores or more").isGreaterThanOrEqualTo(2);
        int teams = Math.min(CORES, 4);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        for (int kernel = 0; kernel < 20; kernel++) {
            if (kernel == 10) Thread.sleep(200); // long enough for the pool's threads to have gone to sleep
            CyclicBarrier all = new CyclicBarrier(teams);
            AtomicInteger met = new AtomicInteger();
            onDevice(slots -> Kmpc.__jomp_teams(
                    fn((team, args) -> {
                        threads.add(Thread.currentThread());
                        try {
                            all.await(30, TimeUnit.SECONDS);
                            met.incrementAndGet();
                        } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
                            throw new AssertionError(
                                    "team " + team + " of " + teams + " waited alone: the teams did not run at once",
                                    e);
                        }
                    }),
                    teams,
                    0,
                    0));
            assertThat(met.get()).as("kernel %d", kernel).isEqualTo(teams);
        }
        assertThat(threads)
                .as("the pool's threads are kept from one kernel to the next")
                .hasSize(teams);
    }

    @Test
    void aFailedTeamLeavesThePoolWhole() throws Throwable {
        assertThat(CORES).as("this test needs a machine of 2 cores or more").isGreaterThanOrEqualTo(2);
        assertThatThrownBy(() -> onDevice(slots -> Kmpc.__jomp_teams(
                        fn((team, args) -> {
                            if (team == 1) throw new IllegalStateException("team 1 failed");
                        }),
                        2,
                        0,
                        0)))
                .hasMessage("team 1 failed");
        CyclicBarrier both = new CyclicBarrier(2);
        AtomicInteger met = new AtomicInteger();
        onDevice(slots -> Kmpc.__jomp_teams(
                fn((team, args) -> {
                    try {
                        both.await(30, TimeUnit.SECONDS);
                        met.incrementAndGet();
                    } catch (Exception e) {
                        throw new AssertionError("the teams did not run at once after a failure", e);
                    }
                }),
                2,
                0,
                0));
        assertThat(met.get()).isEqualTo(2);
    }

    @Test
    void moreTeamsThanCoresShareTheCoresThreads() throws Throwable {
        AtomicInteger ran = new AtomicInteger();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        onDevice(slots -> Kmpc.__jomp_teams(
                fn((team, args) -> {
                    threads.add(Thread.currentThread());
                    ran.incrementAndGet();
                }),
                3 * CORES + 1,
                0,
                0));
        assertThat(ran.get()).isEqualTo(3 * CORES + 1);
        assertThat(threads.size()).isBetween(1, CORES);
    }

    /**
     * After a kernel the pool's threads stay awake for the next one (a thread that had to be
     * woken, on a busy machine, took its launcher's core), and then go to sleep.
     */
    @Test
    void betweenKernelsThePoolsThreadsSpinAndThenSleep() throws Throwable {
        assertThat(CORES).as("this test needs a machine of 2 cores or more").isGreaterThanOrEqualTo(2);
        assertThat(DeviceThreads.SPIN)
                .as("the test JVM runs with OMP_WAIT_POLICY unset")
                .isEqualTo(DeviceThreads.DEFAULT_SPIN);
        Set<Thread> helpers = ConcurrentHashMap.newKeySet();
        int awake = 0;
        for (int kernel = 0; kernel < 5; kernel++) {
            Thread me = Thread.currentThread();
            CyclicBarrier both = new CyclicBarrier(2); // so that a pool thread takes one of the two teams
            onDevice(slots -> Kmpc.__jomp_teams(
                    fn((team, args) -> {
                        if (Thread.currentThread() != me) helpers.add(Thread.currentThread());
                        try {
                            both.await(30, TimeUnit.SECONDS);
                        } catch (Exception e) {
                            throw new AssertionError("the two teams did not run at once", e);
                        }
                    }),
                    2,
                    0,
                    0));
            for (Thread h : helpers) if (h.getState() == Thread.State.RUNNABLE) awake++;
        }
        assertThat(helpers).isNotEmpty();
        assertThat(awake).as("pool threads found spinning right after a kernel").isPositive();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (helpers.stream().anyMatch(h -> h.getState() != Thread.State.WAITING) && System.nanoTime() < deadline)
            Thread.sleep(10);
        assertThat(helpers).as("idle pool threads end up asleep").allMatch(h -> h.getState() == Thread.State.WAITING);
    }

    @Test
    void waitPolicyChoosesTheSpin() {
        assertThat(DeviceThreads.spin(null)).isEqualTo(DeviceThreads.DEFAULT_SPIN);
        assertThat(DeviceThreads.spin("passive")).isZero();
        assertThat(DeviceThreads.spin(" PASSIVE ")).isZero();
        assertThat(DeviceThreads.spin("active")).isEqualTo(Long.MAX_VALUE);
        assertThat(DeviceThreads.spin("sometimes")).isEqualTo(DeviceThreads.DEFAULT_SPIN);
    }

    /**
     * Teams wider than the cores (as 256 teams of 512 threads) run their parallel regions on
     * virtual threads: each team still has all its threads, numbered 0..n-1, meeting at barriers,
     * while the host's teams and narrow device teams keep pooled OS threads.
     */
    @Test
    void wideDeviceTeamsRunOnVirtualThreadsWithTheirNumbersAndBarriers() throws Throwable {
        int teams = 2 * CORES, width = 64;
        AtomicInteger virtualThreads = new AtomicInteger(),
                members = new AtomicInteger(),
                badBarriers = new AtomicInteger();
        Set<Integer> numbers = ConcurrentHashMap.newKeySet();
        onDevice(slots -> Kmpc.__jomp_teams(
                fn((team, args) -> {
                    AtomicInteger arrived = new AtomicInteger();
                    Kmpc.__jomp_fork(
                            fn((tid, a) -> {
                                if (Thread.currentThread().isVirtual()) virtualThreads.incrementAndGet();
                                members.incrementAndGet();
                                numbers.add(team * 1000 + tid);
                                arrived.incrementAndGet();
                                Kmpc.__jomp_barrier();
                                if (arrived.get() != OmpApi.omp_get_num_threads())
                                    badBarriers.incrementAndGet(); // everybody arrived before anybody left
                                Kmpc.__jomp_barrier();
                            }),
                            width,
                            0);
                }),
                teams,
                width,
                0));
        assertThat(members.get()).isEqualTo(teams * width);
        assertThat(numbers).hasSize(teams * width);
        assertThat(badBarriers.get()).isZero();
        assertThat(virtualThreads.get())
                .as("every member but each team's first")
                .isEqualTo(teams * (width - 1));
        OmpThread host = OmpThread.current();
        assertThat(Parallel.virtualMembers(host, 512)).as("the host's teams").isFalse();
    }
}
