package jomp.runtime.omp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import jomp.runtime.mem.Stack;

/**
 * The host fork/join engine that the OpenMP lowering calls (libomp's __kmpc_* entry points).
 *
 * <p>A parallel region is outlined into a body of type {@link #BODY}, {@code (int threadNum, long
 * args, Stack)void} (a C function's, abi.md): {@code args} is the address of the native block the
 * lowering fills with the shared variables' addresses and firstprivate values. {@link #fork} runs the body once per team member;
 * the calling thread is member 0 and the others come from a pool of reused threads. Within the
 * body the lowering calls the construct helpers below; each works on the calling thread's team.
 *
 * <p>Worksharing loops use inclusive bounds and a non-zero stride, as {@code for (i = lower;
 * stride > 0 ? i <= upper : i >= upper; i += stride)}; the chunk a call hands out is read back with
 * {@link #chunkLower()}, {@link #chunkUpper()} and {@link #chunkLast()} (true when the chunk holds
 * the loop's last iteration, for lastprivate). The lowering adds {@link #barrier()} after a loop
 * or single without nowait, as clang's lowering adds __kmpc_barrier.
 */
public final class Parallel {
    private Parallel() {}

    /** omp_pause_resource on the host (jomp.runtime.offload.DeviceApi): idle pooled threads are let go (0: done). */
    public static int pauseIdleThreads() {
        return Worker.pauseIdle();
    }

    /** The type of an outlined parallel region: {@code (int threadNum, long args, Stack)void}, the Stack the running thread's. */
    public static final MethodType BODY = MethodType.methodType(void.class, int.class, long.class, Stack.class);

    /** Schedule kinds, as omp.h's omp_sched_t and OMP_SCHEDULE spell them. */
    public static final int STATIC = Icv.SCHED_STATIC,
            DYNAMIC = Icv.SCHED_DYNAMIC,
            GUIDED = Icv.SCHED_GUIDED,
            AUTO = Icv.SCHED_AUTO,
            RUNTIME = 5;

    private static final ConcurrentHashMap<String, ReentrantLock> CRITICAL = new ConcurrentHashMap<>();

    /**
     * Runs {@code body} on a new team and returns when every member has finished (the region's
     * closing barrier). {@code numThreads} is the num_threads clause, 0 for none; an if(false)
     * clause is {@code numThreads = 1}. Nested regions get one thread unless nesting is enabled
     * (max-active-levels). An exception thrown by any member is rethrown here after the join.
     */
    public static void fork(int numThreads, MethodHandle body, long args) {
        OmpThread me = OmpThread.current();
        Team outer = me.team;
        int n = numThreads > 0 ? numThreads : me.nthreads;
        if (outer.activeLevel >= Icv.maxActiveLevels) n = 1;
        n = Math.min(n, me.threadLimit); // thread-limit-var: OMP_THREAD_LIMIT, or a team's thread_limit
        if (me.device < 0) n = Math.min(n, Icv.STRUCTURED_THREAD_LIMIT); // OMP_THREADS_RESERVE, the host's
        if (Icv.dynamic) n = Math.min(n, Icv.NUM_PROCS); // dyn-var lets the runtime give fewer threads
        int level = outer.level + 1;
        Team team = new Team(n, level, outer.activeLevel + (n > 1 ? 1 : 0), me);
        if (OmptHost.ON) OmptHost.parallelBegin(me, team, numThreads > 0 ? numThreads : me.nthreads);
        // the members' nthreads-var: num_threads(n1, n2, ...)'s n2, else the forker's list's next
        // item, else OMP_NUM_THREADS's for the level; rest: the list after it (null: the environment's)
        int[] list = me.pendingNumThreads != null ? me.pendingNumThreads : me.nestedNthreads, rest;
        me.pendingNumThreads = null;
        int inner;
        if (list == null) {
            inner = level < Icv.NUM_THREADS_LIST.length ? Icv.NUM_THREADS_LIST[level] : me.nthreads;
            rest = null;
        } else if (list.length == 0) { // used up: the members keep the forker's
            inner = me.nthreads;
            rest = list;
        } else {
            inner = list[0];
            rest = java.util.Arrays.copyOfRange(list, 1, list.length);
        }
        Worker[] workers = new Worker[n]; // [0] is the master, the calling thread
        if (virtualMembers(me, n)) {
            for (int i = 1; i < n; i++) Worker.startVirtual(member(team, i, inner, rest, me), body, args);
        } else {
            for (int i = 1; i < n; i++)
                (workers[i] = Worker.obtain()).assign(member(team, i, inner, rest, me), body, args);
        }
        OmpThread primary = member(team, 0, inner, rest, me);
        OmpThread.set(primary);
        if (OmptHost.ON) OmptHost.implicitBegin(primary);
        Affinity.display(primary);
        Throwable failure = null;
        try {
            body.invokeExact(0, args, Stack.current());
            if (OmptHost.ON) OmptHost.regionBarrierBegins(primary);
            team.endRegion(); // the region's closing barrier completes the team's tasks
        } catch (Throwable e) {
            jomp.runtime.start.Signals.dieOf(e); // a C signal ends the program here, as in C
            failure = e;
            team.fail(e);
        }
        team.join();
        if (OmptHost.ON && failure == null) OmptHost.regionBarrierEnds(primary);
        Worker.release(workers);
        OmpThread.set(me);
        if (team.failure != null) failure = team.failure; // the first failure, not a TeamAborted
        if (failure != null) throw Parallel.<RuntimeException>sneaky(failure);
        if (OmptHost.ON) OmptHost.parallelEnd(me, team);
    }

    /**
     * Does a team of n threads forked here run on virtual threads? On a device (the jvm device's
     * kernels) when its teams running at once (at most one per core, Teams.runParallel) would
     * need more threads than there are cores: 256 teams of 512 threads took an OS thread per
     * OpenMP thread, 512 per core, and slowed down sharply. Virtual threads keep every OpenMP
     * thread of the team (its number, its own stack, the team barrier, which parks) on carrier
     * threads as many as the cores. On the host, and for teams that fit, pooled OS threads.
     */
    static boolean virtualMembers(OmpThread forker, int n) {
        // not with a tool attached: a native tool's thread-local data is its OS thread's, which virtual threads share
        if (forker.device < 0 || n <= 1 || OmptHost.ON) return false;
        int concurrentTeams = Math.min(Math.max(forker.teams.numTeams(), 1), Icv.NUM_PROCS);
        return (long) n * concurrentTeams > Icv.NUM_PROCS;
    }

    /** A new team member: inherits the device and teams region it runs in (a parallel region in a kernel stays on the device). */
    private static OmpThread member(Team team, int num, int nthreads, int[] nestedNthreads, OmpThread forker) {
        OmpThread t = OmpThread.inherit(team, num, nthreads, forker);
        t.nestedNthreads = nestedNthreads;
        int[] p = Places.assign(
                Places.bindAt(team.level), forker.place, forker.partLo, forker.partHi, num, team.size); // OMP_PROC_BIND
        t.place = p[0];
        t.partLo = p[1];
        t.partHi = p[2];
        return t;
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }

    /** The team barrier (#pragma omp barrier, and the implicit ones). */
    public static void barrier() {
        OmpThread t = OmpThread.current();
        if (OmptHost.ON) OmptHost.barrier(t);
        else t.team.barrier();
    }

    /** A barrier that is a cancellation point: true when the parallel region was cancelled. */
    public static boolean cancellableBarrier() {
        OmpThread t = OmpThread.current();
        if (!OmptHost.ON) return t.team.barrier();
        boolean cancelled = OmptHost.barrier(t);
        if (cancelled) OmptHost.cancel(1, false);
        return cancelled;
    }

    /** #pragma omp single: true in exactly one thread of the team (the first to arrive). */
    public static boolean single() {
        OmpThread t = OmpThread.current();
        int n = ++t.singleSeq;
        boolean won = t.team.singles.compareAndSet(n - 1, n) || t.team.size == 1;
        if (OmptHost.ON) OmptHost.single(t, won);
        return won;
    }

    /** #pragma omp master: true in thread 0. */
    public static boolean master() {
        return masked(0);
    }

    /** #pragma omp masked filter(f): true in thread {@code filter}. */
    public static boolean masked(int filter) {
        OmpThread t = OmpThread.current();
        boolean selected = t.num == filter;
        if (OmptHost.ON && selected) OmptHost.maskedBegins(t);
        return selected;
    }

    /** Enters #pragma omp critical(name); the unnamed critical is name "". One lock per name, program-wide. */
    public static void criticalEnter(String name) {
        ReentrantLock l = CRITICAL.computeIfAbsent(name, k -> new ReentrantLock());
        if (!OmptHost.ON) {
            l.lock();
            return;
        }
        long id = OmptHost.criticalId(name);
        int state = OmptHost.acquire(OmptHost.MUTEX_CRITICAL, 0, id);
        l.lock();
        OmptHost.acquired(OmptHost.MUTEX_CRITICAL, id, state);
    }

    public static void criticalExit(String name) {
        CRITICAL.get(name).unlock();
        if (OmptHost.ON) OmptHost.released(OmptHost.MUTEX_CRITICAL, OmptHost.criticalId(name));
    }

    /** #pragma omp taskwait: waits for the current task's children, running tasks meanwhile. */
    public static void taskwait() {
        Tasks.taskwait();
    }

    /**
     * schedule(static[, chunk]) like __kmpc_for_static_init_8: false when this thread gets no
     * iterations. Without a chunk ({@code chunk <= 0}) the thread's one block is [chunkLower,
     * chunkUpper]. With a chunk, that is the thread's first chunk; the next ones start
     * {@link #staticStride()} later (clamp each chunk's end to {@code upper}).
     */
    public static boolean forStaticInit(long lower, long upper, long stride, long chunk) {
        OmpThread t = OmpThread.current();
        long trips = Dispatch.trips(lower, upper, stride);
        int n = t.team.size;
        long first, count;
        if (chunk <= 0) {
            long q = trips / n, r = trips % n; // the first r threads take one extra iteration
            first = t.num * q + Math.min(t.num, r);
            count = q + (t.num < r ? 1 : 0);
            t.staticStride = trips * stride;
        } else {
            first = t.num * chunk;
            count = Math.min(chunk, trips - first);
            t.staticStride = chunk * n * stride;
        }
        if (first >= trips || count <= 0) return false;
        t.lower = lower + first * stride;
        t.upper = lower + (first + count - 1) * stride;
        t.last = chunk <= 0 ? first + count == trips : (trips - 1) / chunk % n == t.num;
        return true;
    }

    /**
     * Starts a loop scheduled by {@code kind} (STATIC with a chunk, DYNAMIC, GUIDED, AUTO, or
     * RUNTIME for OMP_SCHEDULE / omp_set_schedule); {@code chunk <= 0} means none given. Then
     * {@link #dispatchNext()} hands out chunks until it returns false.
     */
    public static void dispatchInit(int kind, long lower, long upper, long stride, long chunk) {
        OmpThread t = OmpThread.current();
        t.wsSeq++;
        if (kind == RUNTIME) {
            kind = Icv.runSchedKind & 0x7fffffff;
            chunk = Icv.runSchedChunk;
        }
        if (kind == AUTO) kind = STATIC;
        if (OmptHost.ON) OmptHost.loopBegins(t, kind, Dispatch.trips(lower, upper, stride));
        if (kind == STATIC) {
            t.dispatch = null;
            t.staticNextChunk = 0;
            t.loopLower = lower;
            t.loopStride = stride;
            t.loopTrips = Dispatch.trips(lower, upper, stride);
            t.loopChunk = chunk;
            return;
        }
        int seq = ++t.loopSeq;
        int k = kind;
        long c = chunk;
        Team team = t.team;
        t.dispatch = team.loops.computeIfAbsent(seq, s -> new Dispatch(lower, upper, stride, k, c, team.size));
    }

    /** The next chunk of the current dispatched loop into chunkLower/chunkUpper/chunkLast; false at the end. */
    public static boolean dispatchNext() {
        OmpThread t = OmpThread.current();
        boolean more = nextChunk(t);
        if (OmptHost.ON) {
            if (more) OmptHost.chunk(t);
            else OmptHost.loopEnds(t);
        }
        return more;
    }

    private static boolean nextChunk(OmpThread t) {
        Dispatch d = t.dispatch;
        boolean cancelled = t.team.cancelledWorkshare == t.wsSeq || t.team.cancelled;
        if (d == null) return !cancelled && staticNext(t);
        if (!cancelled && d.next(t)) return true;
        t.dispatch = null;
        if (d.finished.incrementAndGet() == d.nthreads) t.team.loops.remove(t.loopSeq, d);
        return false;
    }

    /** dispatchNext for static schedules: chunks are fixed per thread, so nothing is shared. */
    private static boolean staticNext(OmpThread t) {
        long k = t.staticNextChunk++;
        long trips = t.loopTrips, chunk = t.loopChunk;
        int n = t.team.size;
        long first, count;
        if (chunk <= 0) {
            if (k > 0) return false;
            long q = trips / n, r = trips % n; // the first r threads take one extra iteration
            first = t.num * q + Math.min(t.num, r);
            count = q + (t.num < r ? 1 : 0);
        } else {
            first = (k * n + t.num) * chunk;
            count = Math.min(chunk, trips - first);
        }
        if (first >= trips || count <= 0) return false;
        t.lower = t.loopLower + first * t.loopStride;
        t.upper = t.loopLower + (first + count - 1) * t.loopStride;
        t.last = first + count == trips;
        return true;
    }

    public static long chunkLower() {
        return OmpThread.current().lower;
    }

    public static long chunkUpper() {
        return OmpThread.current().upper;
    }

    public static boolean chunkLast() {
        return OmpThread.current().last;
    }

    /** forStaticInit's distance between one chunk of a thread and its next. */
    public static long staticStride() {
        return OmpThread.current().staticStride;
    }
}
