package jomp.runtime.omp;

import java.lang.invoke.MethodHandle;
import java.util.concurrent.atomic.AtomicLong;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;

/**
 * The entry points the OpenMP lowering calls (docs/design/offload-abi.md §1), as C functions of
 * the host ABI: thin adapters from C's function pointers, addresses and C strings to
 * {@link Parallel}'s fork/join engine and worksharing helpers.
 */
public final class Kmpc {
    private Kmpc() {}

    // ---- parallel regions and synchronisation

    public static void __jomp_fork(long fn, int numThreads, long args) {
        Parallel.fork(numThreads, Functions.handle(fn), args);
    }

    /** num_threads(n1, n2, ...) (OpenMP 6.0): n2, ... for the next __jomp_fork's team (their nthreads-var). */
    public static void __jomp_num_threads_list(int n, long items) {
        int[] list = new int[n];
        for (int i = 0; i < n; i++) list[i] = jomp.runtime.mem.Mem.getInt(items + 4L * i);
        OmpThread.current().pendingNumThreads = list;
    }

    public static void __jomp_barrier() {
        Parallel.barrier();
    }

    /** The calling thread's copy of a _Thread_local or threadprivate variable (see {@link ThreadPrivate}). */
    public static long __jomp_threadprivate(long original, long init, long size) {
        return ThreadPrivate.address(original, init, size);
    }

    /** The calling thread's contention group's copy of a groupprivate variable (see {@link GroupPrivate}). */
    public static long __jomp_groupprivate(long original, long size, int deviceType) {
        return GroupPrivate.address(original, size, deviceType);
    }

    /**
     * copyin: at the start of a parallel region every thread of the team calls this for each
     * copyin variable; the others copy the primary thread's copy into theirs, and nobody goes on
     * before all have copied.
     */
    public static void __jomp_copyin(long original, long init, long size) {
        OmpThread t = OmpThread.current();
        long mine = ThreadPrivate.address(original, init, size);
        if (t.team.size == 1) return;
        if (t.num == 0) t.team.copyprivate = mine;
        Parallel.barrier();
        if (t.num != 0) Mem.copy(mine, t.team.copyprivate, size);
        Parallel.barrier();
    }

    public static int __jomp_single() {
        return Parallel.single() ? 1 : 0;
    }

    public static int __jomp_master() {
        return Parallel.master() ? 1 : 0;
    }

    public static int __jomp_masked(int filter) {
        return Parallel.masked(filter) ? 1 : 0;
    }

    public static void __jomp_critical_enter(long name) {
        Parallel.criticalEnter(criticalName(name));
    }

    public static void __jomp_critical_exit(long name) {
        Parallel.criticalExit(criticalName(name));
    }

    /** Critical names are string literals, so their addresses stand for them (read once per address). */
    private static final java.util.concurrent.ConcurrentHashMap<Long, String> NAMES =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static String criticalName(long name) {
        return name == 0 ? "" : NAMES.computeIfAbsent(name, Mem::cString);
    }

    private static final java.util.concurrent.locks.ReentrantLock ATOMIC =
            new java.util.concurrent.locks.ReentrantLock();
    private static final java.util.concurrent.locks.ReentrantLock REDUCE =
            new java.util.concurrent.locks.ReentrantLock();

    /** atomic constructs: one program-wide lock (atomic accesses to one location are thus atomic to each other). */
    public static void __jomp_atomic_enter() {
        if (!OmptHost.ON) {
            ATOMIC.lock();
            return;
        }
        int state = OmptHost.acquire(OmptHost.MUTEX_ATOMIC, 0, ATOMIC_ID);
        ATOMIC.lock();
        OmptHost.acquired(OmptHost.MUTEX_ATOMIC, ATOMIC_ID, state);
    }

    public static void __jomp_atomic_exit() {
        ATOMIC.unlock();
        if (OmptHost.ON) OmptHost.released(OmptHost.MUTEX_ATOMIC, ATOMIC_ID);
    }

    /** The atomic lock's wait id for the tools interface. */
    private static final long ATOMIC_ID = 1;

    /** Around the combination of partial reduction results into the original variables (a reduction, to a tool). */
    public static void __jomp_reduce_enter() {
        if (OmptHost.ON) OmptHost.reduction(OmptHost.BEGIN);
        REDUCE.lock();
    }

    public static void __jomp_reduce_exit() {
        REDUCE.unlock();
        if (OmptHost.ON) OmptHost.reduction(OmptHost.END);
    }

    /** What the lowering tells the tools interface (jomp.offload.abi.OmptMarks); nothing without a tool. */
    public static void __jomp_ompt(int what) {
        if (OmptHost.ON) OmptHost.mark(what);
    }

    public static void __jomp_taskwait() {
        Parallel.taskwait();
    }

    // ---- tasks (Tasks): the lowering allocates a task with its argument block, fills the block, submits it

    /** A new task running {@code fn(int, block)}; returns its zeroed argument block of {@code size} bytes. Flags: Task's. */
    public static long __jomp_task_alloc(long fn, long size, int flags, int priority) {
        return Tasks.alloc(fn, size, flags, priority);
    }

    /** detach: the event handle of the task being created (stored in the detach clause's variable). */
    public static long __jomp_task_event(long block) {
        return Tasks.event(block);
    }

    /** Submits the task with {@code n} dependences (records of {address, size, kind} at deps). */
    public static void __jomp_task_submit(long block, int n, long deps) {
        Tasks.submit(block, n, deps);
    }

    public static void __jomp_taskwait_deps(int n, long deps, int nowait) {
        Tasks.taskwaitDeps(n, deps, nowait != 0);
    }

    public static void __jomp_taskgroup_begin() {
        Tasks.taskgroupBegin();
    }

    public static void __jomp_taskgroup_end() {
        Tasks.taskgroupEnd();
    }

    /** A target data region's implicit taskgroup (OpenMP 6.0), which no tool hears of (libomptarget 19 has none). */
    public static void __jomp_target_data_group_begin() {
        Tasks.taskgroupBegin(false);
    }

    public static void __jomp_target_data_group_end() {
        Tasks.taskgroupEnd(false);
    }

    public static void __jomp_taskyield() {
        Tasks.taskyield();
    }

    /** taskloop: tasks over [0, total) (see Tasks.taskloop; loopFlags: 1 nogroup, 2 strict grainsize). */
    public static void __jomp_taskloop(
            long fn,
            long block,
            long size,
            long total,
            long grainsize,
            long numTasks,
            int flags,
            int priority,
            int loopFlags) {
        Tasks.taskloop(fn, block, size, total, grainsize, numTasks, flags, priority, loopFlags);
    }

    /** depobj: a depend object (omp_depend_t, a pointer) made for one dependence. */
    public static void __jomp_depobj_init(long obj, long addr, long size, int kind) {
        long rec = jomp.runtime.libc.Stdlib.malloc(24);
        Mem.putLong(rec, addr);
        Mem.putLong(rec + 8, size);
        Mem.putInt(rec + 16, kind);
        Mem.putLong(obj, rec);
    }

    public static void __jomp_depobj_update(long obj, int kind) {
        long rec = Mem.getLong(obj);
        if (rec != 0) Mem.putInt(rec + 16, kind);
    }

    public static void __jomp_depobj_destroy(long obj) {
        long rec = Mem.getLong(obj);
        if (rec != 0) jomp.runtime.libc.Stdlib.free(rec);
        Mem.putLong(obj, 0);
    }

    /**
     * error at(execution): libomp's message on stderr; severity(fatal) then ends the program with
     * status 1 (libgomp's status; libomp aborts).
     */
    public static void __jomp_error(long format, long message, int fatal) {
        jomp.runtime.libc.Stdio.fflush(0);
        if (OmptHost.ON)
            jomp.runtime.ompt.Ompt.error(
                    fatal != 0 ? 2 : 1, message, message == 0 ? 0 : jomp.runtime.libc.Str.strlen(message));
        String f = Mem.cString(format), m = message == 0 ? "" : Mem.cString(message);
        System.err.print(f.replace("%s", m).replace("%%", "%"));
        System.err.flush();
        if (fatal != 0) jomp.runtime.libc.Stdlib.exit(1);
    }

    // ---- cancellation (OMP_CANCELLATION=true; kinds 1 parallel, 2 for, 3 sections, 4 taskgroup)

    /** cancel: activates cancellation of the innermost construct of that kind; 1 when the thread must leave it now. */
    public static int __jomp_cancel(int kind) {
        if (!Icv.cancellation) return 0;
        OmpThread t = OmpThread.current();
        switch (kind) {
            case 1 -> t.team.cancel();
            case 2, 3 -> {
                t.team.cancelledWorkshare = t.wsSeq;
                t.team.signal();
            }
            default -> {
                Task me = Tasks.current();
                TaskGroup g = me.isImplicit() ? me.taskgroup : me.group;
                if (g == null) return 0;
                g.cancelled = true;
            }
        }
        if (OmptHost.ON) OmptHost.cancel(kind, true);
        return 1;
    }

    /** cancellation point: 1 when the construct of that kind has been cancelled. */
    public static int __jomp_cancellation_point(int kind) {
        if (!Icv.cancellation) return 0;
        OmpThread t = OmpThread.current();
        int r = switch (kind) {
            case 1 -> t.team.cancelled ? 1 : 0;
            case 2, 3 -> t.team.cancelledWorkshare == t.wsSeq || t.team.cancelled ? 1 : 0;
            default -> Tasks.current().cancelled() ? 1 : 0;
        };
        if (OmptHost.ON && r != 0) OmptHost.cancel(kind, false);
        return r;
    }

    /** A barrier in a region that may be cancelled: 1 when the parallel region was (leave it). */
    public static int __jomp_barrier_cancel() {
        return Parallel.cancellableBarrier() ? 1 : 0;
    }

    /** single copyprivate: the thread that ran the single publishes the addresses of its variables... */
    public static void __jomp_copyprivate_publish(long addresses) {
        OmpThread.current().team.copyprivate = addresses;
    }

    /** ...and after the barrier the others read them. */
    public static long __jomp_copyprivate_get() {
        return OmpThread.current().team.copyprivate;
    }

    // ---- worksharing loops over an inclusive, normalised range

    public static void __jomp_loop_init(int kind, long lower, long upper, long chunk) {
        Parallel.dispatchInit(kind, lower, upper, 1, chunk);
    }

    public static int __jomp_loop_next() {
        return Parallel.dispatchNext() ? 1 : 0;
    }

    /** 0: the host's threads take every chunk from the dispatcher (the device runtime returns a static schedule's stride). */
    public static long __jomp_loop_stride() {
        return 0;
    }

    public static long __jomp_loop_lower() {
        return Parallel.chunkLower();
    }

    public static long __jomp_loop_upper() {
        return Parallel.chunkUpper();
    }

    // ---- ordered: iterations pass their ordered regions in logical order

    public static void __jomp_ordered_loop() {
        OmpThread t = OmpThread.current();
        int seq = ++t.orderedSeq;
        t.orderedNext = t.team.ordered.computeIfAbsent(seq, s -> new AtomicLong());
        t.orderedDone = -1;
        t.orderedLoop = t.wsSeq + 1; // the worksharing loop __jomp_loop_init starts next
    }

    /**
     * iv < 0: an orphaned ordered region (in a function called from the loop's body): the ordered
     * state is the thread's, so the iteration is the one it runs now, the one after the last it
     * ended if that is in its current chunk, else the chunk's first (the host hands every chunk
     * out through __jomp_loop_next). Outside an ordered loop (another worksharing construct has
     * begun since) there is nothing to order.
     */
    private static long orderedIteration(OmpThread t, long iv) {
        if (iv >= 0) return iv;
        if (t.orderedNext == null || t.wsSeq != t.orderedLoop) return -1;
        long done = t.orderedDone;
        return done >= t.lower && done < t.upper ? done + 1 : t.lower;
    }

    public static void __jomp_ordered_enter(long iv) {
        OmpThread t = OmpThread.current();
        AtomicLong next = t.orderedNext;
        iv = orderedIteration(t, iv);
        if (iv < 0) return;
        if (!OmptHost.ON) {
            awaitTurn(next, iv);
            return;
        }
        long id = System.identityHashCode(next); // the loop's ordering is the mutex
        int state = OmptHost.acquire(OmptHost.MUTEX_ORDERED, 0, id);
        awaitTurn(next, iv);
        OmptHost.acquired(OmptHost.MUTEX_ORDERED, id, state);
    }

    private static void awaitTurn(AtomicLong next, long iv) {
        for (int spins = 0; next.get() < iv; spins++) {
            if (spins < 1000) Thread.onSpinWait();
            else Thread.yield();
        }
    }

    public static void __jomp_ordered_exit(long iv) {
        OmpThread t = OmpThread.current();
        iv = orderedIteration(t, iv);
        if (iv < 0) return;
        t.orderedNext.set(iv + 1);
        if (OmptHost.ON) OmptHost.released(OmptHost.MUTEX_ORDERED, System.identityHashCode(t.orderedNext));
    }

    /** An iteration that did not run its ordered region still waits its turn and lets the next one go. */
    public static void __jomp_ordered_end(long iv) {
        OmpThread t = OmpThread.current();
        t.orderedDone = iv;
        AtomicLong next = t.orderedNext;
        if (next.get() > iv) return;
        awaitTurn(next, iv);
        next.set(iv + 1);
    }

    // ---- doacross loops (ordered(n) with depend(source)/depend(sink)): one flag per logical iteration, shared by the
    // team

    public static void __jomp_doacross_init(long total) {
        OmpThread t = OmpThread.current();
        int seq = ++t.orderedSeq;
        t.doacross = t.team.doacross.computeIfAbsent(seq, s -> new Doacross(total, t.team.size));
        t.doacrossSeq = seq;
    }

    public static void __jomp_doacross_post(long iv) {
        OmpThread.current().doacross.post(iv);
    }

    public static void __jomp_doacross_wait(long iv) {
        OmpThread.current().doacross.await(iv);
    }

    public static void __jomp_doacross_fini() {
        OmpThread t = OmpThread.current();
        Doacross d = t.doacross;
        t.doacross = null;
        if (d != null && d.finished.incrementAndGet() == d.threads) t.team.doacross.remove(t.doacrossSeq, d);
    }

    /** The iterations of a doacross loop that have passed their depend(source). */
    static final class Doacross {
        private final java.util.concurrent.atomic.AtomicLongArray posted;
        final int threads;
        final java.util.concurrent.atomic.AtomicInteger finished = new java.util.concurrent.atomic.AtomicInteger();

        Doacross(long total, int threads) {
            this.posted = new java.util.concurrent.atomic.AtomicLongArray((int) Math.max(1, (total + 63) / 64));
            this.threads = threads;
        }

        void post(long iv) {
            int w = (int) (iv >>> 6);
            long bit = 1L << (iv & 63);
            while (true) {
                long old = posted.get(w);
                if ((old & bit) != 0 || posted.compareAndSet(w, old, old | bit)) return;
            }
        }

        void await(long iv) {
            int w = (int) (iv >>> 6);
            long bit = 1L << (iv & 63);
            for (int spins = 0; (posted.get(w) & bit) == 0; spins++) {
                if (spins < 1000) Thread.onSpinWait();
                else Thread.yield();
            }
        }
    }

    // ---- teams

    /**
     * A target region that runs on the host: its thread_limit (n > 0) caps the threads of the teams
     * and parallel regions inside, as on a device. Returns the previous limit, which the caller
     * passes back when the region is done.
     */
    public static int __jomp_set_thread_limit(int n) {
        OmpThread t = OmpThread.current();
        int old = t.threadLimit;
        if (n > 0) t.threadLimit = n;
        return old;
    }

    /**
     * Runs {@code fn(teamNumber, args)} once per team. On the host the teams run one after another
     * in the calling thread, as libgomp runs host teams; in a device kernel they run in parallel.
     */
    public static void __jomp_teams(long fn, int numTeams, int threadLimit, long args) {
        MethodHandle h = Functions.handle(fn);
        int device = Teams.deviceTeams();
        // num_teams, else the device kernel's default, else nteams-var (OMP_NUM_TEAMS, omp_set_num_teams), else one
        int n = numTeams > 0 ? numTeams : device > 0 ? device : Icv.nteams > 0 ? Icv.nteams : 1;
        if (threadLimit <= 0 && Icv.teamsThreadLimit > 0 && device <= 0) threadLimit = Icv.teamsThreadLimit;
        long league = OmptHost.ON ? OmptHost.teamsBegin(n) : 0; // the tool sees a league of n initial tasks
        int teams = n;
        java.util.function.IntConsumer body = team -> {
            try {
                if (OmptHost.ON) OmptHost.teamBegins(league, teams, team);
                h.invokeExact(team, args, Stack.current());
                if (OmptHost.ON) OmptHost.teamEnds(league, team);
            } catch (Throwable e) {
                jomp.runtime.start.Signals.dieOf(e); // a C signal ends the program here, as in C
                throw Teams.sneaky(e);
            }
        };
        if (device > 0) Teams.runParallel(n, threadLimit, body);
        else Teams.run(n, threadLimit, body);
        if (OmptHost.ON) OmptHost.teamsEnd(league, n);
    }

    /** The calling team's block of [lower, upper] (or first chunk when chunk > 0) into bounds[0..1]; 0 when empty. */
    public static int __jomp_distribute(long lower, long upper, long chunk, long bounds) {
        Teams.State s = Teams.current();
        long trips = upper - lower + 1;
        if (OmptHost.ON)
            return OmptHost.distributed(
                    distributeBlock(s, lower, upper, chunk, bounds), Math.max(trips, 0), bounds, true);
        return distributeBlock(s, lower, upper, chunk, bounds);
    }

    private static int distributeBlock(Teams.State s, long lower, long upper, long chunk, long bounds) {
        long trips = upper - lower + 1;
        if (trips <= 0) return 0;
        long first, count;
        if (chunk <= 0) {
            long q = trips / s.numTeams(), r = trips % s.numTeams();
            first = s.team() * q + Math.min(s.team(), r);
            count = q + (s.team() < r ? 1 : 0);
        } else {
            first = s.team() * chunk;
            count = Math.min(chunk, trips - first);
        }
        if (count <= 0 || first >= trips) return 0;
        Mem.putLong(bounds, lower + first);
        Mem.putLong(bounds + 8, lower + first + count - 1);
        s.distribute(lower, upper, chunk);
        return 1;
    }

    /** The next chunk of a chunked dist_schedule for the calling team; 0 when there is none. */
    public static int __jomp_distribute_next(long bounds) {
        Teams.State s = Teams.current();
        if (s.chunk() <= 0) return 0;
        long first = Mem.getLong(bounds) + (long) s.numTeams() * s.chunk();
        if (first > s.upper()) return 0;
        Mem.putLong(bounds, first);
        Mem.putLong(bounds + 8, Math.min(first + s.chunk() - 1, s.upper()));
        if (OmptHost.ON) OmptHost.distributed(1, 0, bounds, false);
        return 1;
    }
}
