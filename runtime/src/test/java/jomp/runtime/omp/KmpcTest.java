package jomp.runtime.omp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.LongConsumer;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;
import jomp.runtime.offload.DeviceApi;
import org.junit.jupiter.api.Test;

/** The C entry points of offload-abi.md §1: fork, worksharing loops, teams and distribute, on the host and in a device kernel. */
class KmpcTest {
    /** A C function pointer to a Java body of type (int, long)void. */
    private static long fn(Regions.Body b) {
        return Functions.register(Regions.body(b));
    }

    /** Runs {@code body} as a device kernel of device 0 (as the jvm plugin does). */
    private static void onDevice(int numTeams, int threadLimit, LongConsumer body) throws Throwable {
        MethodHandle k = MethodHandles.dropArguments(
                MethodHandles.lookup()
                        .findVirtual(LongConsumer.class, "accept", MethodType.methodType(void.class, long.class))
                        .bindTo(body),
                1,
                jomp.runtime.mem.Stack.class);
        Teams.onDevice("test-plugin", 0, numTeams, threadLimit, k, 0);
    }

    @Test
    void forkRunsEveryThreadOnceWithItsArgs() {
        AtomicIntegerArray seen = new AtomicIntegerArray(4);
        AtomicInteger badArgs = new AtomicInteger();
        Kmpc.__jomp_fork(
                fn((num, args) -> {
                    seen.incrementAndGet(num);
                    if (args != 1234 || OmpApi.omp_get_num_threads() != 4) badArgs.incrementAndGet();
                }),
                4,
                1234);
        for (int i = 0; i < 4; i++) assertThat(seen.get(i)).isEqualTo(1);
        assertThat(badArgs.get()).isZero();
    }

    @Test
    void everyScheduleCoversEveryIterationExactlyOnce() {
        long lower = -7, upper = 1000;
        for (int kind = 1; kind <= 5; kind++) {
            for (long chunk : new long[] {0, 1, 3, 64, 5000}) {
                AtomicIntegerArray hits = new AtomicIntegerArray((int) (upper - lower + 1));
                int k = kind;
                Kmpc.__jomp_fork(
                        fn((num, args) -> {
                            Kmpc.__jomp_loop_init(k, lower, upper, chunk);
                            while (Kmpc.__jomp_loop_next() != 0)
                                for (long i = Kmpc.__jomp_loop_lower(); i <= Kmpc.__jomp_loop_upper(); i++)
                                    hits.incrementAndGet((int) (i - lower));
                            Kmpc.__jomp_barrier();
                        }),
                        3,
                        0);
                for (int i = 0; i < hits.length(); i++)
                    assertThat(hits.get(i))
                            .as("kind %d chunk %d iteration %d", kind, chunk, i + lower)
                            .isEqualTo(1);
            }
        }
    }

    @Test
    void anEmptyRangeHandsOutNothing() {
        AtomicInteger chunks = new AtomicInteger();
        Kmpc.__jomp_fork(
                fn((num, args) -> {
                    for (int kind = 1; kind <= 5; kind++) {
                        Kmpc.__jomp_loop_init(kind, 5, 4, 0);
                        while (Kmpc.__jomp_loop_next() != 0) chunks.incrementAndGet();
                    }
                }),
                2,
                0);
        assertThat(chunks.get()).isZero();
    }

    @Test
    void singleMasterMaskedAndCriticalSelectTheRightThreads() {
        AtomicInteger singles = new AtomicInteger(),
                masters = new AtomicInteger(),
                masked = new AtomicInteger(),
                inside = new AtomicInteger();
        AtomicInteger overlap = new AtomicInteger();
        long name = jomp.runtime.libc.Stdlib.malloc(4);
        Mem.putInt(name, 0x006d616e); // "nam"
        Kmpc.__jomp_fork(
                fn((num, args) -> {
                    if (Kmpc.__jomp_single() != 0) singles.incrementAndGet();
                    if (Kmpc.__jomp_master() != 0 && num == 0) masters.incrementAndGet();
                    if (Kmpc.__jomp_masked(2) != 0 && num == 2) masked.incrementAndGet();
                    for (int r = 0; r < 100; r++) {
                        Kmpc.__jomp_critical_enter(name);
                        if (inside.incrementAndGet() != 1) overlap.incrementAndGet();
                        inside.decrementAndGet();
                        Kmpc.__jomp_critical_exit(name);
                    }
                }),
                4,
                0);
        assertThat(singles.get()).isEqualTo(1);
        assertThat(masters.get()).isEqualTo(1);
        assertThat(masked.get()).isEqualTo(1);
        assertThat(overlap.get()).isZero();
        jomp.runtime.libc.Stdlib.free(name);
    }

    @Test
    void hostTeamsRunOneAfterAnotherWithTheirNumbers() {
        List<Integer> order = new CopyOnWriteArrayList<>();
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger bad = new AtomicInteger();
        Kmpc.__jomp_teams(
                fn((team, args) -> {
                    order.add(team);
                    threads.add(Thread.currentThread());
                    if (OmpApi.omp_get_team_num() != team
                            || OmpApi.omp_get_num_teams() != 5
                            || DeviceApi.omp_is_initial_device() != 1) bad.incrementAndGet();
                }),
                5,
                0,
                0);
        assertThat(order).containsExactly(0, 1, 2, 3, 4);
        assertThat(threads).containsExactly(Thread.currentThread());
        assertThat(bad.get()).isZero();
        assertThat(OmpApi.omp_get_num_teams()).isEqualTo(1);
        assertThat(OmpApi.omp_get_team_num()).isZero();
    }

    @Test
    void distributeCoversTheRangeWithOrWithoutChunks() {
        for (int teams : new int[] {1, 3, 7, 200}) {
            for (long chunk : new long[] {0, 1, 4, 33}) {
                AtomicIntegerArray hits = new AtomicIntegerArray(100);
                long bounds = jomp.runtime.libc.Stdlib.malloc(16);
                Kmpc.__jomp_teams(
                        fn((team, args) -> {
                            if (Kmpc.__jomp_distribute(0, 99, chunk, bounds) == 0) return;
                            do {
                                for (long i = Mem.getLong(bounds); i <= Mem.getLong(bounds + 8); i++)
                                    hits.incrementAndGet((int) i);
                            } while (chunk > 0 && Kmpc.__jomp_distribute_next(bounds) != 0);
                        }),
                        teams,
                        0,
                        0);
                for (int i = 0; i < 100; i++)
                    assertThat(hits.get(i))
                            .as("%d teams, chunk %d, iteration %d", teams, chunk, i)
                            .isEqualTo(1);
                jomp.runtime.libc.Stdlib.free(bounds);
            }
        }
    }

    @Test
    void parallelRegionsInsideTeamsKnowTheirTeamAndRespectTheThreadLimit() {
        AtomicIntegerArray hits = new AtomicIntegerArray(3 * 40);
        AtomicInteger bad = new AtomicInteger(), maxThreads = new AtomicInteger();
        Kmpc.__jomp_teams(
                fn((team, args) -> {
                    if (OmpApi.omp_get_thread_limit() != 2) bad.incrementAndGet();
                    Kmpc.__jomp_fork(
                            fn((num, a) -> {
                                maxThreads.accumulateAndGet(OmpApi.omp_get_num_threads(), Math::max);
                                if (OmpApi.omp_get_team_num() != team || OmpApi.omp_get_num_teams() != 3)
                                    bad.incrementAndGet();
                                Kmpc.__jomp_loop_init(Parallel.STATIC, team * 40L, team * 40L + 39, 0);
                                while (Kmpc.__jomp_loop_next() != 0)
                                    for (long i = Kmpc.__jomp_loop_lower(); i <= Kmpc.__jomp_loop_upper(); i++)
                                        hits.incrementAndGet((int) i);
                            }),
                            8,
                            0); // num_threads(8) is cut to thread_limit(2)
                }),
                3,
                2,
                0);
        assertThat(bad.get()).isZero();
        assertThat(maxThreads.get()).isEqualTo(2);
        for (int i = 0; i < hits.length(); i++) assertThat(hits.get(i)).isEqualTo(1);
    }

    @Test
    void deviceTeamsRunInParallelOnAtMostOneThreadPerCore() throws Throwable {
        int cores = Runtime.getRuntime().availableProcessors();
        AtomicIntegerArray seen = new AtomicIntegerArray(50);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger bad = new AtomicInteger();
        onDevice(0, 0, slots -> {
            if (DeviceApi.omp_is_initial_device() != 0 || OmpApi.omp_get_num_teams() != 1) bad.incrementAndGet();
            Kmpc.__jomp_teams(
                    fn((team, args) -> {
                        seen.incrementAndGet(team);
                        threads.add(Thread.currentThread());
                        if (OmpApi.omp_get_num_teams() != 50
                                || OmpApi.omp_get_team_num() != team
                                || DeviceApi.omp_is_initial_device() != 0) bad.incrementAndGet();
                        // each team's thread is an initial thread with its share of the cores
                        if (OmpApi.omp_get_thread_num() != 0
                                || OmpApi.omp_in_parallel() != 0
                                || OmpApi.omp_get_max_threads() != Math.max(1, cores / 50)) bad.incrementAndGet();
                    }),
                    50,
                    0,
                    0);
        });
        assertThat(bad.get()).isZero();
        for (int i = 0; i < 50; i++) assertThat(seen.get(i)).isEqualTo(1);
        assertThat(threads.size()).isBetween(1, cores);
        assertThat(DeviceApi.omp_is_initial_device()).isOne();
    }

    @Test
    void deviceTeamsDefaultToOnePerCore() throws Throwable {
        AtomicInteger numTeams = new AtomicInteger();
        onDevice(
                0,
                0,
                slots -> Kmpc.__jomp_teams(fn((team, args) -> numTeams.set(OmpApi.omp_get_num_teams())), 0, 0, 0));
        assertThat(numTeams.get()).isEqualTo(Runtime.getRuntime().availableProcessors());
        onDevice(
                6,
                0,
                slots -> Kmpc.__jomp_teams(fn((team, args) -> numTeams.set(OmpApi.omp_get_num_teams())), 0, 0, 0));
        assertThat(numTeams.get()).as("the launch's num_teams is the default").isEqualTo(6);
    }

    @Test
    void aKernelLaunchedByAHostTeamMemberStartsAsAnInitialThread() {
        AtomicInteger bad = new AtomicInteger();
        AtomicIntegerArray innerThreads = new AtomicIntegerArray(2);
        Kmpc.__jomp_fork(
                fn((num, args) -> {
                    try {
                        onDevice(0, 0, slots -> {
                            if (OmpApi.omp_get_thread_num() != 0
                                    || OmpApi.omp_get_num_threads() != 1
                                    || OmpApi.omp_get_level() != 0) bad.incrementAndGet();
                            Kmpc.__jomp_fork(
                                    fn((n, a) -> {
                                        if (DeviceApi.omp_is_initial_device() != 0) bad.incrementAndGet();
                                    }),
                                    2,
                                    0);
                            // a parallel region in the kernel is active: the host team does not count as a level
                            Kmpc.__jomp_fork(fn((n, a) -> innerThreads.set(num, OmpApi.omp_get_num_threads())), 2, 0);
                        });
                    } catch (Throwable e) {
                        bad.incrementAndGet();
                    }
                    if (OmpApi.omp_get_thread_num() != num || DeviceApi.omp_is_initial_device() != 1)
                        bad.incrementAndGet();
                }),
                2,
                0);
        assertThat(bad.get()).isZero();
        assertThat(innerThreads.get(0)).isEqualTo(2);
        assertThat(innerThreads.get(1)).isEqualTo(2);
    }

    @Test
    void aFailingTeamFailsTheTeamsRegion() {
        assertThatThrownBy(() -> onDevice(
                        0,
                        0,
                        slots -> Kmpc.__jomp_teams(
                                fn((team, args) -> {
                                    if (team == 3) throw new IllegalStateException("team 3 failed");
                                }),
                                8,
                                0,
                                0)))
                .hasMessage("team 3 failed");
    }
}
