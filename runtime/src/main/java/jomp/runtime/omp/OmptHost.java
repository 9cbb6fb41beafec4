package jomp.runtime.omp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import jomp.offload.abi.OmptMarks;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.ompt.Ompt;
import jomp.runtime.ompt.States;

/**
 * The OpenMP runtime's side of the tools interface (docs/design/ompt.md): the host events of
 * OpenMP 5.2 §19.5 as libomp dispatches them, from hooks in the fork/join engine, the barrier,
 * the worksharing, tasking and lock code, each {@code if (OmptHost.ON)} on a static final that
 * is false without a tool. Here the runtime's objects get their tool data: a team's
 * parallel_data and a task's task_data and frame are native cells made when a tool is attached
 * (zeroed: ompt_data_none), freed when the region or task is over.
 */
public final class OmptHost implements Ompt.Host {
    /** Whether a tool is attached; asking starts it (once: discovery and its initialize). */
    public static final boolean ON;

    static {
        ON = Ompt.start(
                new OmptHost(), Integer.parseInt(Icv.OPENMP), "jomp OpenMP runtime (OpenMP " + Icv.OPENMP + ")");
        if (ON)
            Stdlib.onExit(
                    Ompt::finish); // after offloading's exit work when that registered later (it starts the tool first)
    }

    private OmptHost() {}

    // ompt_thread_t, ompt_scope_endpoint_t, task flags and statuses, parallel flags, sync kinds, work kinds, mutex
    // kinds
    static final int INITIAL = 1, WORKER = 2, BEGIN = 1, END = 2;
    private static final int TASK_INITIAL = 1,
            TASK_IMPLICIT = 2,
            TASK_EXPLICIT = 4,
            TASK_TARGET = 8,
            TASK_UNDEFERRED = 0x08000000,
            TASK_UNTIED = 0x10000000,
            TASK_FINAL = 0x20000000,
            TASK_MERGEABLE = 0x40000000;
    private static final int STATUS_COMPLETE = 1,
            STATUS_YIELD = 2,
            STATUS_CANCEL = 3,
            STATUS_DETACH = 4,
            STATUS_EARLY_FULFILL = 5,
            STATUS_LATE_FULFILL = 6,
            STATUS_SWITCH = 7;
    private static final int PARALLEL_TEAM = 0x80000000, PARALLEL_LEAGUE = 0x40000000, INVOKER_RUNTIME = 2;
    private static final int SYNC_EXPLICIT = 3,
            SYNC_TASKWAIT = 5,
            SYNC_TASKGROUP = 6,
            SYNC_WORKSHARE = 8,
            SYNC_PARALLEL = 9,
            SYNC_TEAMS = 10;
    private static final int WORK_SECTIONS = 2,
            WORK_SINGLE_EXECUTOR = 3,
            WORK_SINGLE_OTHER = 4,
            WORK_DISTRIBUTE = 6,
            WORK_TASKLOOP = 7,
            WORK_SCOPE = 8,
            WORK_LOOP_STATIC = 10,
            WORK_LOOP_DYNAMIC = 11,
            WORK_LOOP_GUIDED = 12;
    private static final int DISPATCH_SECTION = 2,
            DISPATCH_LOOP_CHUNK = 3,
            DISPATCH_TASKLOOP_CHUNK = 4,
            DISPATCH_DISTRIBUTE_CHUNK = 5;
    static final int MUTEX_LOCK = 1,
            MUTEX_TEST_LOCK = 2,
            MUTEX_NEST_LOCK = 3,
            MUTEX_TEST_NEST_LOCK = 4,
            MUTEX_CRITICAL = 5,
            MUTEX_ATOMIC = 6,
            MUTEX_ORDERED = 7;

    // ---- the tool data of teams and tasks

    /** A team's parallel_data (made on first use: the implicit teams of initial threads get one when asked). */
    static long parallel(Team team) {
        if (team.ompt == 0) team.ompt = cell(8);
        return team.ompt;
    }

    /** A task's task_data; its ompt_frame_t follows it (both zero: jomp has no frame addresses to give). */
    static long task(Task t) {
        if (t == null) return 0;
        if (t.ompt == 0) t.ompt = cell(32);
        return t.ompt;
    }

    private static long frame(Task t) {
        return task(t) + 8;
    }

    private static long cell(long size) {
        long c = Stdlib.malloc(size);
        Mem.fill(c, (byte) 0, size);
        return c;
    }

    private static void free(Task t) {
        if (t == null || t.ompt == 0) return;
        Stdlib.free(t.ompt);
        t.ompt = 0;
    }

    /** The task the thread runs, its implicit one made now if need be (Tasks.current without the thread lookup). */
    private static Task current(OmpThread th) {
        if (th.task == null) th.task = Task.implicit(th.team);
        return th.task;
    }

    // ---- threads

    /**
     * A thread's first OpenMP use: thread_begin (initial) and its initial task's begin, unless it
     * is one of the runtime's threads (which began as a worker).
     */
    static void initialThread(OmpThread t) {
        if (!Ompt.threadBegin(INITIAL)) return;
        t.omptInitial = true;
        t.task = Task.implicit(t.team);
        Ompt.implicitTask(BEGIN, parallel(t.team), task(t.task), 1, 1, TASK_INITIAL);
    }

    /** A thread of the runtime's (a team's pooled thread, a device's, a task helper) starts. */
    static void workerBegins() {
        Ompt.threadBegin(WORKER);
    }

    static void workerEnds() {
        Ompt.threadEnd();
    }

    /**
     * The tool's end (Ompt.Host): the exiting thread's initial task and the thread end, then the
     * runtime's idle threads leave, each dispatching its own thread_end (as libomp's reaped
     * workers do); a thread still busy at exit does not.
     */
    @Override
    public void end() {
        OmpThread me = OmpThread.current();
        if (me.omptInitial) {
            Ompt.implicitTask(END, parallel(me.team), task(me.task), 0, 1, TASK_INITIAL);
            Ompt.threadEnd();
        }
        List<Thread> leaving = new ArrayList<>();
        leaving.addAll(Worker.retireIdle());
        leaving.addAll(DeviceThreads.retireIdle());
        leaving.addAll(Tasks.Helpers.retire());
        long deadline = System.nanoTime() + 2_000_000_000L;
        for (Thread t : leaving) {
            try {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    // ---- parallel regions

    /** fork: parallel_begin in the encountering thread, requested = the num_threads clause or nthreads-var. */
    static void parallelBegin(OmpThread enc, Team team, int requested) {
        Task t = current(enc);
        Ompt.parallelBegin(task(t), frame(t), parallel(team), requested, PARALLEL_TEAM | INVOKER_RUNTIME);
    }

    /** A team member starts its share: its implicit task (made here, so it has tool data) begins. */
    static void implicitBegin(OmpThread t) {
        t.task = Task.implicit(t.team);
        Ompt.state(t.team.size > 1 ? States.WORK_PARALLEL : States.WORK_SERIAL, 0);
        Ompt.implicitTask(BEGIN, parallel(t.team), task(t.task), t.team.size, t.num, TASK_IMPLICIT);
    }

    /**
     * The member's body is done: the region's implicit barrier begins (its wait is the region's
     * end). A team of one has none to the tool, as libomp's serialized regions have none.
     */
    static void regionBarrierBegins(OmpThread t) {
        if (t.team.size == 1) return;
        long p = parallel(t.team), k = task(t.task);
        Ompt.syncRegion(SYNC_PARALLEL, BEGIN, p, k);
        Ompt.syncRegionWait(SYNC_PARALLEL, BEGIN, p, k);
        Ompt.state(States.WAIT_BARRIER_IMPLICIT_PARALLEL, p);
    }

    /** ...and ends, and with it the implicit task (libomp passes no parallel_data at these ends: the team may be gone). */
    static void regionBarrierEnds(OmpThread t) {
        long k = task(t.task);
        if (t.team.size > 1) {
            Ompt.syncRegionWait(SYNC_PARALLEL, END, 0, k);
            Ompt.syncRegion(SYNC_PARALLEL, END, 0, k);
        }
        Ompt.implicitTask(END, 0, k, t.team.size, t.num, TASK_IMPLICIT);
        free(t.task);
    }

    /** After the join: parallel_end in the encountering thread; the team's data goes. */
    static void parallelEnd(OmpThread enc, Team team) {
        Ompt.state(enc.team.size > 1 ? States.WORK_PARALLEL : States.WORK_SERIAL, 0);
        Ompt.parallelEnd(parallel(team), task(current(enc)), PARALLEL_TEAM | INVOKER_RUNTIME);
        Stdlib.free(team.ompt);
        team.ompt = 0;
    }

    /** A pooled thread between regions waits for work. */
    static void idle() {
        Ompt.state(States.IDLE, 0);
    }

    // ---- teams: a league of initial tasks

    /** A teams region begins in the encountering thread: parallel_begin of the league; returns its parallel_data. */
    static long teamsBegin(int n) {
        OmpThread enc = OmpThread.current();
        Task t = current(enc);
        long league = cell(8);
        Ompt.parallelBegin(task(t), frame(t), league, n, PARALLEL_LEAGUE | INVOKER_RUNTIME);
        return league;
    }

    /** A team starts: its initial task, in the league. */
    static void teamBegins(long league, int n, int team) {
        OmpThread t = OmpThread.current();
        t.team.ompt = league;
        t.task = Task.implicit(t.team);
        Ompt.implicitTask(BEGIN, league, task(t.task), n, team, TASK_INITIAL);
    }

    /** A team ends: the league's barrier, then its initial task. */
    static void teamEnds(long league, int team) {
        OmpThread t = OmpThread.current();
        long k = task(t.task);
        Ompt.syncRegion(SYNC_TEAMS, BEGIN, league, k);
        Ompt.syncRegionWait(SYNC_TEAMS, BEGIN, league, k);
        Ompt.syncRegionWait(SYNC_TEAMS, END, 0, k);
        Ompt.syncRegion(SYNC_TEAMS, END, 0, k);
        Ompt.implicitTask(END, 0, k, 0, team, TASK_INITIAL);
        free(t.task);
        t.team.ompt = 0; // the league's, freed by teamsEnd
    }

    static void teamsEnd(long league, int n) {
        OmpThread enc = OmpThread.current();
        Ompt.parallelEnd(league, task(current(enc)), PARALLEL_LEAGUE | INVOKER_RUNTIME);
        Stdlib.free(league);
    }

    /**
     * A jvm-device kernel starts on the launching thread: the tool sees it run in the encountering
     * task (as LLVM's host plugin runs a kernel in the host's), whose data it shares.
     */
    static void kernelBegins(OmpThread t, OmpThread launching) {
        t.task = Task.implicit(t.team);
        t.task.ompt = task(current(launching));
        t.team.ompt = parallel(launching.team);
    }

    /** ...and ends: the shared data stays the encountering task's. */
    static void kernelEnds(OmpThread t) {
        if (t.task != null) t.task.ompt = 0;
        t.team.ompt = 0;
    }

    // ---- marks from the lowering (__jomp_ompt)

    private static final int MARK_EXPLICIT = 1, MARK_SECTIONS = 2;

    static void mark(int what) {
        OmpThread t = OmpThread.current();
        switch (what) {
            case OmptMarks.BARRIER_EXPLICIT -> t.omptMark |= MARK_EXPLICIT;
            case OmptMarks.SECTIONS -> t.omptMark |= MARK_SECTIONS;
            case OmptMarks.SINGLE_END -> Ompt.work(WORK_SINGLE_EXECUTOR, END, parallel(t.team), task(current(t)), 1);
            case OmptMarks.MASKED_END -> Ompt.masked(END, parallel(t.team), task(current(t)));
            case OmptMarks.DISTRIBUTE_END -> Ompt.work(WORK_DISTRIBUTE, END, parallel(t.team), task(current(t)), 0);
            case OmptMarks.SCOPE_BEGIN -> Ompt.work(WORK_SCOPE, BEGIN, parallel(t.team), task(current(t)), 1);
            case OmptMarks.SCOPE_END -> Ompt.work(WORK_SCOPE, END, parallel(t.team), task(current(t)), 1);
            case OmptMarks.FLUSH -> Ompt.flush();
            default -> {}
        }
    }

    // ---- barriers

    /** A barrier of the team (explicit when the lowering marked it so); true when the region was cancelled. */
    static boolean barrier(OmpThread t) {
        int kind = (t.omptMark & MARK_EXPLICIT) != 0 ? SYNC_EXPLICIT : SYNC_WORKSHARE;
        t.omptMark &= ~MARK_EXPLICIT;
        long p = parallel(t.team), k = task(current(t));
        Ompt.syncRegion(kind, BEGIN, p, k);
        Ompt.syncRegionWait(kind, BEGIN, p, k);
        int old = Ompt.state(
                kind == SYNC_EXPLICIT ? States.WAIT_BARRIER_EXPLICIT : States.WAIT_BARRIER_IMPLICIT_WORKSHARE, p);
        boolean cancelled = t.team.barrier();
        Ompt.state(old, 0);
        Ompt.syncRegionWait(kind, END, p, k);
        Ompt.syncRegion(kind, END, p, k);
        return cancelled;
    }

    // ---- worksharing

    /** A worksharing loop (or a sections construct, as marked) begins in this thread: work begin with its iteration count. */
    static void loopBegins(OmpThread t, int kind, long trips) {
        int type;
        if ((t.omptMark & MARK_SECTIONS) != 0) type = WORK_SECTIONS;
        else
            type = kind == Icv.SCHED_DYNAMIC
                    ? WORK_LOOP_DYNAMIC
                    : kind == Icv.SCHED_GUIDED ? WORK_LOOP_GUIDED : WORK_LOOP_STATIC;
        t.omptMark &= ~MARK_SECTIONS;
        t.omptWork = type;
        Ompt.work(type, BEGIN, parallel(t.team), task(current(t)), trips);
    }

    /** A chunk (a section, in a sections construct) of the loop starts: its first logical iteration and size. */
    static void chunk(OmpThread t) {
        if (!Ompt.hasDispatch() || t.omptWork == 0) return;
        if (t.omptWork == WORK_SECTIONS) {
            for (long s = t.lower; s <= t.upper; s++)
                Ompt.dispatch(parallel(t.team), task(current(t)), DISPATCH_SECTION, s, 1);
        } else {
            Ompt.dispatch(parallel(t.team), task(current(t)), DISPATCH_LOOP_CHUNK, t.lower, t.upper - t.lower + 1);
        }
    }

    /** The thread leaves the loop (its last chunk was handed out, or it was cancelled). */
    static void loopEnds(OmpThread t) {
        if (t.omptWork == 0) return;
        int type = t.omptWork;
        t.omptWork = 0;
        Ompt.work(type, END, parallel(t.team), task(current(t)), 0);
    }

    /** single: work begin in the executing thread (its end is marked), begin and end at once in the others. */
    static void single(OmpThread t, boolean executes) {
        long p = parallel(t.team), k = task(current(t));
        if (executes) {
            Ompt.work(WORK_SINGLE_EXECUTOR, BEGIN, p, k, 1);
        } else {
            Ompt.work(WORK_SINGLE_OTHER, BEGIN, p, k, 1);
            Ompt.work(WORK_SINGLE_OTHER, END, p, k, 1);
        }
    }

    static void maskedBegins(OmpThread t) {
        Ompt.masked(BEGIN, parallel(t.team), task(current(t)));
    }

    /**
     * distribute: the team's work begins (with the loop's iteration count), then each chunk it
     * got ({@code got} 1: bounds holds its inclusive first and last iteration); returns got.
     */
    static int distributed(int got, long trips, long bounds, boolean begins) {
        OmpThread t = OmpThread.current();
        long p = parallel(t.team), k = task(current(t));
        if (begins) Ompt.work(WORK_DISTRIBUTE, BEGIN, p, k, trips);
        if (got != 0 && Ompt.hasDispatch()) {
            long first = Mem.getLong(bounds);
            Ompt.dispatch(p, k, DISPATCH_DISTRIBUTE_CHUNK, first, Mem.getLong(bounds + 8) - first + 1);
        }
        return got;
    }

    /** A taskloop's task: the chunk of iterations it will run, dispatched when it starts. */
    static void taskloopChunk(Task t, long first, long iterations) {
        t.chunkFirst = first;
        t.chunkIterations = iterations;
    }

    static void taskloop(int endpoint, long total) {
        OmpThread t = OmpThread.current();
        Ompt.work(WORK_TASKLOOP, endpoint, parallel(t.team), task(current(t)), total);
    }

    // ---- mutual exclusion

    private static final ConcurrentHashMap<String, Long> CRITICAL_IDS = new ConcurrentHashMap<>();

    /** A critical construct's wait id: one per name, the same from every translation unit. */
    static long criticalId(String name) {
        return CRITICAL_IDS.computeIfAbsent(name, n -> Ompt.uniqueId());
    }

    /** Before a thread waits for a mutex: acquire, and its wait state. */
    static int acquire(int kind, int hint, long waitId) {
        Ompt.mutexAcquire(kind, hint, waitId);
        int state = switch (kind) {
            case MUTEX_CRITICAL -> States.WAIT_CRITICAL;
            case MUTEX_ATOMIC -> States.WAIT_ATOMIC;
            case MUTEX_ORDERED -> States.WAIT_ORDERED;
            default -> States.WAIT_LOCK;
        };
        return Ompt.state(state, waitId);
    }

    /** ...it holds it now. */
    static void acquired(int kind, long waitId, int oldState) {
        Ompt.state(oldState, 0);
        Ompt.mutexAcquired(kind, waitId);
    }

    static void released(int kind, long waitId) {
        Ompt.mutexReleased(kind, waitId);
    }

    static void reduction(int endpoint) {
        OmpThread t = OmpThread.current();
        Ompt.state(
                endpoint == BEGIN ? States.WORK_REDUCTION : t.team.size > 1 ? States.WORK_PARALLEL : States.WORK_SERIAL,
                0);
        Ompt.reduction(endpoint, parallel(t.team), task(current(t)));
    }

    // ---- cancellation

    /** cancel (activated) or a cancellation point or cancellable barrier that saw it (detected); kinds 1 parallel, 2 for, 3 sections, 4 taskgroup. */
    static void cancel(int kind, boolean activated) {
        OmpThread t = OmpThread.current();
        int flags = (kind == 1 ? 0x01 : kind == 2 ? 0x04 : kind == 3 ? 0x02 : 0x08) | (activated ? 0x10 : 0x20);
        Ompt.cancel(task(current(t)), flags);
        if (kind == 2 || kind == 3) loopEnds(t); // the thread leaves the loop or sections without asking for more
    }

    // ---- tasks

    /** A task's ompt_task_flag_t. */
    private static int flags(Task t) {
        int f = TASK_EXPLICIT;
        if (t.isTarget()) f |= TASK_TARGET;
        if (t.undeferred || t.team.size == 1 && !t.isTarget())
            f |= TASK_UNDEFERRED; // a team of one runs it at once, as libomp's serial teams
        if ((t.flags & Task.UNTIED) != 0) f |= TASK_UNTIED;
        if (t.isFinal) f |= TASK_FINAL;
        if ((t.flags & Task.MERGEABLE) != 0) f |= TASK_MERGEABLE;
        return f;
    }

    /** task_create (then its dependences: {address, kind} pairs in jomp's kinds) in the encountering thread. */
    static void taskCreated(Task t, List<long[]> deps) {
        Task parent = t.parent;
        Ompt.taskCreate(task(parent), frame(parent), task(t), flags(t), deps.isEmpty() ? 0 : 1);
        if (deps.isEmpty() || !Ompt.hasDependences()) return;
        long recs = Stdlib.malloc(16L * deps.size());
        for (int i = 0; i < deps.size(); i++) {
            long[] d = deps.get(i);
            Mem.putLong(recs + 16L * i, d[0]);
            Mem.putInt(recs + 16L * i + 8, dependenceType((int) d[1]));
            Mem.putInt(recs + 16L * i + 12, 0);
        }
        Ompt.dependences(task(t), recs, deps.size());
        Stdlib.free(recs);
    }

    /** ompt_dependence_type_t of jomp's kinds (Deps): omp_all_memory is inout_all_memory. */
    private static int dependenceType(int kind) {
        return switch (kind) {
            case Deps.IN -> 1;
            case Deps.OUT -> 2;
            case Deps.INOUT -> 3;
            case Deps.MUTEXINOUTSET -> 4;
            case Deps.INOUTSET -> 7;
            default -> 35;
        };
    }

    static void taskDependence(Task source, Task sink) {
        if (Ompt.hasTaskDependence()) Ompt.taskDependence(task(source), task(sink));
    }

    /** A thread starts running t, leaving prior (switch, or yield after taskyield); a task of a cancelled taskgroup is discarded. */
    static void taskStarts(OmpThread th, Task prior, Task t, boolean discarded) {
        int status = th.omptYield ? STATUS_YIELD : STATUS_SWITCH;
        th.omptYield = false;
        Ompt.taskSchedule(task(prior), status, task(t));
        if (discarded) Ompt.cancel(task(t), 0x40);
        else if (t.chunkIterations > 0 && Ompt.hasDispatch())
            Ompt.dispatch(parallel(t.team), task(t), DISPATCH_TASKLOOP_CHUNK, t.chunkFirst, t.chunkIterations);
    }

    /**
     * t's body is done and the thread resumes prior: complete, or cancel for a discarded task, or
     * detach while its event is pending (early_fulfill when it came before the body ended).
     */
    static void taskBodyEnds(Task t, Task prior, boolean discarded, boolean fulfilled) {
        int status = discarded
                ? STATUS_CANCEL
                : (t.flags & Task.DETACH) == 0 ? STATUS_COMPLETE : fulfilled ? STATUS_EARLY_FULFILL : STATUS_DETACH;
        Ompt.taskSchedule(task(t), status, task(prior));
    }

    /** A detached task's event came after its body ended. */
    static void lateFulfill(Task t) {
        Ompt.taskSchedule(task(t), STATUS_LATE_FULFILL, 0);
    }

    /** The task is complete: its tool data goes. */
    static void taskCompleted(Task t) {
        free(t);
    }

    /** taskwait: its region and its wait, around the wait. */
    static void taskwait(int endpoint) {
        if (endpoint == BEGIN) {
            syncRegion(SYNC_TASKWAIT, BEGIN);
            syncWait(SYNC_TASKWAIT, BEGIN, States.WAIT_TASKWAIT);
        } else {
            syncWait(SYNC_TASKWAIT, END, 0);
            syncRegion(SYNC_TASKWAIT, END);
        }
    }

    /** taskgroup: the region begins at the construct (as libomp's does) and ends after the wait for its tasks. */
    static void taskgroup(int endpoint) {
        if (endpoint == END) syncWait(SYNC_TASKGROUP, END, 0);
        syncRegion(SYNC_TASKGROUP, endpoint);
    }

    /** The end of a taskgroup: the wait for its tasks begins. */
    static void taskgroupWaits() {
        syncWait(SYNC_TASKGROUP, BEGIN, States.WAIT_TASKGROUP);
    }

    private static void syncRegion(int kind, int endpoint) {
        OmpThread t = OmpThread.current();
        Ompt.syncRegion(kind, endpoint, parallel(t.team), task(current(t)));
    }

    private static void syncWait(int kind, int endpoint, int state) {
        OmpThread t = OmpThread.current();
        Ompt.syncRegionWait(kind, endpoint, parallel(t.team), task(current(t)));
        Ompt.state(endpoint == BEGIN ? state : t.team.size > 1 ? States.WORK_PARALLEL : States.WORK_SERIAL, 0);
    }

    // ---- what the tool asks (Ompt.Host)

    @Override
    public int parallelInfo(int level, long parallelData, long teamSize) {
        OmpThread th = OmpThread.current();
        for (int i = 0; i < level; i++) {
            if (th.team.parent == null) return 0;
            th = th.team.parent;
        }
        // a team's initial thread is in the league: its size is the number of teams
        int size = th.team.parent == null && th.teams != Teams.NONE ? th.teams.numTeams() : th.team.size;
        if (parallelData != 0) Mem.putLong(parallelData, parallel(th.team));
        if (teamSize != 0) Mem.putInt(teamSize, size);
        return 2;
    }

    @Override
    public int taskInfo(int level, long flags, long taskData, long taskFrame, long parallelData, long threadNum) {
        OmpThread th = OmpThread.current();
        Task t = current(th);
        for (int i = 0; i < level; i++) {
            if (!t.isImplicit()) {
                t = t.parent;
            } else {
                if (th.team.parent == null) return 0; // the initial task: no ancestor
                th = th.team.parent;
                t = current(th);
            }
        }
        int f = t.isImplicit() ? (th.team.parent == null ? TASK_INITIAL : TASK_IMPLICIT) : flags(t);
        if (flags != 0) Mem.putInt(flags, f);
        if (taskData != 0) Mem.putLong(taskData, task(t));
        if (taskFrame != 0) Mem.putLong(taskFrame, frame(t));
        if (parallelData != 0) Mem.putLong(parallelData, parallel(t.team));
        if (threadNum != 0) Mem.putInt(threadNum, th.num);
        return 2;
    }

    @Override
    public int numProcs() {
        return Icv.NUM_PROCS;
    }

    @Override
    public int numPlaces() {
        return Places.PLACES.size();
    }

    @Override
    public int placeProcIds(int place, int size, long ids) {
        if (place < 0 || place >= Places.PLACES.size()) return 0;
        int[] procs = Places.PLACES.get(place);
        if (size >= procs.length) for (int i = 0; i < procs.length; i++) Mem.putInt(ids + 4L * i, procs[i]);
        return procs.length;
    }

    @Override
    public int placeNum() {
        return OmpThread.current().place;
    }

    @Override
    public int partitionPlaceNums(int size, long nums) {
        OmpThread t = OmpThread.current();
        if (t.place < 0) return 0;
        int n = t.partHi - t.partLo;
        if (size >= n) for (int i = 0; i < n; i++) Mem.putInt(nums + 4L * i, t.partLo + i);
        return n;
    }

    /** The task data and, when the thread runs a target task, that task's data (libomptarget's target callbacks pass both). */
    public static long currentTaskData() {
        return task(current(OmpThread.current()));
    }

    public static long currentTargetTaskData() {
        Task t = OmpThread.current().task;
        return t != null && t.isTarget() ? task(t) : 0;
    }
}
