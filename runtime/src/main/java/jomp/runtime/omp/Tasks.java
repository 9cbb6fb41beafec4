package jomp.runtime.omp;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;

/**
 * The task scheduler (libomp's kmp_tasking): explicit tasks wait in their team's queue, ordered
 * by priority and then creation, until a thread of the team takes them at a task scheduling point
 * (a barrier, taskwait, the end of a taskgroup, taskyield, the creation of a task, the end of the
 * parallel region). Dependences between sibling tasks ({@link Deps}) hold a task back until its
 * predecessors complete. A team of one runs a task at its creation (the creation is a
 * scheduling point), so tasks of the sequential part never outlive it unnoticed.
 *
 * <p>Target tasks (target nowait, and target constructs with depend) run on hidden helper
 * threads, as libomptarget's do, so the thread that created one goes on while the device works.
 *
 * <p>A thread that waits (taskwait, a taskgroup's end, the dependences of an undeferred task) in
 * an explicit tied task runs only that task's descendants meanwhile (OpenMP's task scheduling
 * constraint), so a task never waits behind an unrelated one it interrupted.
 */
final class Tasks {
    private Tasks() {}

    private static final AtomicLong SEQ = new AtomicLong();

    /** Detached tasks by event handle, until omp_fulfill_event. */
    private static final ConcurrentHashMap<Long, Task> EVENTS = new ConcurrentHashMap<>();

    /** The task the calling thread runs (its implicit task when it runs no explicit one). */
    static Task current() {
        OmpThread t = OmpThread.current();
        if (t.task == null) t.task = Task.implicit(t.team);
        return t.task;
    }

    // ---- creation

    /** A new task of the current one with a zeroed argument block of {@code size} bytes (returned). */
    static long alloc(long fn, long size, int flags, int priority) {
        long block = Stdlib.malloc(Math.max(size, 8));
        if (block == 0) throw new OutOfMemoryError("jomp: no memory for an OpenMP task");
        Mem.fill(block, (byte) 0, Math.max(size, 8));
        Task parent = current();
        int p = Math.max(0, Math.min(priority, Icv.maxTaskPriority));
        OmpThread th = OmpThread.current();
        Task t = new Task(Functions.handle(fn), block, flags, p, parent, th.team, SEQ.incrementAndGet());
        t.allocatedBefore = th.allocated; // a dependence's address may call a function that creates a task meanwhile
        th.allocated = t;
        return block;
    }

    /** detach(evt): the handle omp_fulfill_event takes for the task being created. */
    static long event(long block) {
        Task t = allocated(block);
        EVENTS.put(t.id, t);
        return t.id;
    }

    /**
     * Submits the task allocated with this block, with its dependences (deps: n records of
     * {address, size, kind}, 24 bytes each; see Deps' kinds). Deferred tasks wait in the queue;
     * undeferred ones (if(false), final, included) run here once their predecessors are done.
     */
    static void submit(long block, int n, long deps) {
        Task t = allocated(block);
        OmpThread.current().allocated = t.allocatedBefore;
        t.allocatedBefore = null;
        t.undeferred = (t.flags & Task.UNDEFERRED) != 0 || t.parent.isFinal;
        List<long[]> recs = n == 0 ? List.of() : records(n, deps);
        if (OmptHost.ON) OmptHost.taskCreated(t, recs);
        account(t);
        if ((t.flags & (Task.IMPORT | Task.EXPORT)) != 0) transparent(t);
        registerAll(t, recs);
        if (t.exportGate != null && t.parent.exportGate != null) t.parent.openGates.incrementAndGet();
        if (t.exportGate != null)
            synchronized (t.parent) {
                if (t.parent.deps == null) t.parent.deps = new Deps();
                t.parent.deps.addExporter(t);
            }
        launch(t);
    }

    /**
     * OpenMP 6.0's transparent tasks: an importing task's children depend on the sibling tasks
     * created before it (and, when its parent imports, on the parent's earlier siblings), as if
     * they were their siblings: the importing task keeps a copy of those domains as they are now,
     * before its own dependences join them. An exporting task's children's dependences reach the
     * siblings created after it: those with dependences wait for its gate, which opens when it
     * and its children are complete (Deps.addExporter; more waiting than the conflicting
     * dependences alone would ask, never less).
     */
    private static void transparent(Task t) {
        if ((t.flags & Task.IMPORT) == 0) return;
        Task parent = t.parent;
        List<Deps> view = new ArrayList<>();
        synchronized (parent) {
            if (parent.deps != null) view.add(parent.deps.snapshot());
            if (parent.imported != null) for (Deps d : parent.imported) view.add(d.snapshot());
        }
        t.imported = view;
    }

    /**
     * An exporting task whose body and children are complete, and whose exporting children's
     * gates are open (what they export, it exports on), opens its gate.
     */
    private static void exportDone(Task t) {
        if (t.exportGate == null || !t.isComplete() || t.children.get() != 0 || t.openGates.get() != 0) return;
        List<Task> succ = t.exportGate.complete();
        if (succ == null) return; // opened already
        for (Task s : succ) if (s.unresolved.decrementAndGet() == 0) ready(s);
        Task p = t.parent;
        if (p.exportGate != null && p.openGates.decrementAndGet() == 0) exportDone(p);
    }

    /** t's dependences are registered: run it here (undeferred), or let it go once its predecessors are done. */
    private static void launch(Task t) {
        Team team = t.team;
        if (t.undeferred) { // if(false) or included: the encountering thread runs it once its predecessors are done
            Task me = current();
            t.unresolved.decrementAndGet();
            waitUntil(() -> t.unresolved.get() == 0 && (t.mutexes.isEmpty() || Deps.tryAcquire(t)), me);
            execute(t, OmpThread.current());
            return;
        }
        if (t.unresolved.decrementAndGet() == 0) ready(t);
        if (team.size == 1 && !t.isTarget()) runReady(team);
        else if (team.queued() > 64L * team.size) runOne(team, constraint(current()));
    }

    private static final MethodHandle RUN;

    static {
        try {
            RUN = java.lang.invoke.MethodHandles.publicLookup()
                    .findVirtual(Runnable.class, "run", java.lang.invoke.MethodType.methodType(void.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * A target task whose body is the runtime's own (omp_target_memcpy_async, its _rect form,
     * omp_target_memset_async; libomptarget's helper tasks): a child of the current task that a
     * helper thread runs once the tasks the depend objects of {@code depobjList} ({@code
     * depobjCount} omp_depend_t) name are complete. taskwait, taskgroups and barriers wait for it.
     */
    static void targetTask(Runnable body, int depobjCount, long depobjList) {
        Task parent = current();
        MethodHandle fn =
                java.lang.invoke.MethodHandles.dropArguments(RUN.bindTo(body), 0, int.class, long.class, Stack.class);
        Task t = new Task(fn, 0, Task.TARGET, 0, parent, OmpThread.current().team, SEQ.incrementAndGet());
        t.undeferred = parent.isFinal; // included in a final task: runs here
        account(t);
        List<long[]> recs = new ArrayList<>();
        for (int i = 0; i < depobjCount && depobjList != 0; i++) {
            long obj = Mem.getLong(depobjList + 8L * i); // an omp_depend_t: the record depobj made
            if (obj != 0) recs.add(new long[] {Mem.getLong(obj), Mem.getInt(obj + 16)});
        }
        if (OmptHost.ON) OmptHost.taskCreated(t, recs);
        registerAll(t, recs);
        launch(t);
    }

    /** The task the calling thread allocated with this block (alloc and submit are one construct, in one thread). */
    private static Task allocated(long block) {
        Task t = OmpThread.current().allocated;
        while (t != null && t.block != block) t = t.allocatedBefore;
        if (t == null)
            throw new IllegalStateException("jomp: OpenMP task block " + block + " was not allocated by this thread");
        return t;
    }

    /** t is pending: its parent, taskgroup and team wait for it. */
    private static void account(Task t) {
        if (!endWaits) {
            endWaits = true;
            Stdlib.beforeExit(Tasks::programEnd);
        }
        t.team.tasking = true;
        t.parent.children.incrementAndGet();
        if (t.group != null) t.group.pending.incrementAndGet();
        t.team.incomplete.incrementAndGet();
    }

    /** Registers t's dependences with its parent (the guard count of t.unresolved stays). */
    private static void register(Task t, int n, long deps) {
        registerAll(t, records(n, deps));
    }

    /** The dependences of n records at deps as {address, kind}, depend objects read. */
    private static List<long[]> records(int n, long deps) {
        List<long[]> recs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long rec = deps + 24L * i;
            long addr = Mem.getLong(rec);
            int kind = Mem.getInt(rec + 16);
            if (kind == Deps.DEPOBJ) { // a depend object: a record of the same shape made by depobj
                if (addr == 0) continue;
                long obj = Mem.getLong(addr);
                if (obj == 0) continue;
                addr = Mem.getLong(obj);
                kind = Mem.getInt(obj + 16);
            }
            recs.add(new long[] {addr, kind});
        }
        return recs;
    }

    /** Registers t's dependences ({address, kind} each) with its parent. */
    private static void registerAll(Task t, List<long[]> recs) {
        if (recs.isEmpty()) return;
        long[] a = new long[recs.size()];
        int[] k = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = recs.get(i)[0];
            k[i] = (int) recs.get(i)[1];
        }
        Task parent = t.parent;
        synchronized (parent) {
            if (parent.deps == null) parent.deps = new Deps();
            parent.deps.register(t, a, k);
            if (parent.imported != null) for (Deps d : parent.imported) d.register(t, a, k);
        }
    }

    /** A task whose predecessors are complete: to the helpers (target tasks) or the team's queue. */
    private static void ready(Task t) {
        if (t.undeferred) return; // its creator is waiting to run it
        if (t.isEmpty()) finish(t);
        else if (t.isTarget()) Helpers.submit(t);
        else t.team.enqueue(t);
    }

    // ---- running

    private static Task constraint(Task current) {
        return current.isImplicit() ? null : current;
    }

    /** Runs one queued task (a descendant of {@code constraint} when not null); false when there was none. */
    static boolean runOne(Team team, Task constraint) {
        Task t = team.take(constraint);
        if (t == null) return false;
        execute(t, OmpThread.current());
        return true;
    }

    /** Runs queued tasks until none is ready. */
    static void runReady(Team team) {
        Task c = constraint(current());
        while (runOne(team, c)) {}
    }

    /** Runs t's body on thread th (unless its taskgroup was cancelled), then completes it. */
    static void execute(Task t, OmpThread th) {
        Task prev = th.task;
        boolean discarded = t.cancelled();
        if (OmptHost.ON) {
            if (prev == null) prev = th.task = Task.implicit(th.team);
            OmptHost.taskStarts(th, prev, t, discarded);
        }
        th.task = t;
        t.taskgroup = t.group;
        Throwable failure = null;
        try {
            if (!discarded) t.fn.invokeExact(th.num, t.block, Stack.current());
        } catch (Throwable e) {
            failure = e;
        } finally {
            th.task = prev;
        }
        if (OmptHost.ON) OmptHost.taskBodyEnds(t, prev, discarded, t.parts.get() == 1);
        partDone(t); // even after a failure, so that nobody waits for the task forever
        if (failure != null) throw Tasks.<RuntimeException>sneaky(failure);
    }

    @SuppressWarnings("unchecked")
    static <E extends Throwable> E sneaky(Throwable t) throws E {
        throw (E) t;
    }

    /** The body finished or the event was fulfilled; the task completes when both have happened. */
    private static void partDone(Task t) {
        if (t.parts.decrementAndGet() == 0) finish(t);
    }

    private static void finish(Task t) {
        List<Task> succ = t.complete();
        List<Task> wake = new ArrayList<>();
        for (Deps.Mutex m : t.mutexes) wake.addAll(Deps.release(m));
        for (Task w : wake) t.team.enqueue(w);
        for (Task s : succ) if (s.unresolved.decrementAndGet() == 0) ready(s);
        if (t.group != null) t.group.pending.decrementAndGet();
        t.parent.children.decrementAndGet();
        exportDone(t);
        exportDone(t.parent);
        if (t.block != 0) Stdlib.free(t.block);
        t.team.incomplete.decrementAndGet();
        t.team.signal();
        if (OmptHost.ON) OmptHost.taskCompleted(t);
    }

    /** omp_fulfill_event: the detached task's completion event happened. */
    static void fulfill(long event) {
        Task t = EVENTS.remove(event);
        if (t == null) return; // OpenMP: fulfilling an event twice is non-conforming; ignore it
        if (OmptHost.ON && t.parts.get() == 1) OmptHost.lateFulfill(t); // its body has ended
        partDone(t);
    }

    /**
     * Waits until done() holds, running tasks of the team meanwhile (only descendants of the
     * waiting task when it is an explicit one).
     */
    static void waitUntil(java.util.function.BooleanSupplier done, Task me) {
        Team team = OmpThread.current().team;
        Task c = constraint(me);
        while (!done.getAsBoolean()) {
            if (runOne(team, c)) continue;
            team.awaitTasks(done);
        }
    }

    private static volatile boolean endWaits;

    /**
     * exit, or main's return, in a thread's implicit task outside any parallel region with other
     * threads: the implicit parallel region ends, so the tasks bound to it (deferred target tasks,
     * target nowait regions and asynchronous device copies among them) complete first (OpenMP
     * 5.2), the waiting thread running queued ones meanwhile. Inside an explicit task (a helper
     * thread's included) or a team of several threads it waits for nothing: the pending tasks may
     * be the caller itself or wait for its team.
     */
    static void programEnd() {
        OmpThread th = OmpThread.current();
        Task me = current();
        if (!me.isImplicit() || th.team.size != 1 || th.team.incomplete.get() == 0) return;
        Team team = th.team;
        waitUntil(() -> team.incomplete.get() == 0, me);
    }

    // ---- synchronisation

    static void taskwait() {
        if (OmptHost.ON) OmptHost.taskwait(OmptHost.BEGIN);
        Task me = current();
        if (me.children.get() > 0) waitUntil(() -> me.children.get() == 0, me);
        if (OmptHost.ON) OmptHost.taskwait(OmptHost.END);
    }

    /**
     * taskwait depend(...): waits for the sibling tasks those dependences name, as a task with
     * an empty body and if(false) would; with nowait, that empty task is deferred instead and
     * later dependences wait for it.
     */
    static void taskwaitDeps(int n, long deps, boolean nowait) {
        Task me = current();
        Team team = OmpThread.current().team;
        Task t = new Task(null, 0, Task.EMPTY, 0, me, team, SEQ.incrementAndGet());
        account(t);
        register(t, n, deps);
        if (nowait) {
            if (t.unresolved.decrementAndGet() == 0) finish(t);
            return;
        }
        waitUntil(() -> t.unresolved.get() <= 1, me);
        finish(t);
    }

    static void taskgroupBegin() {
        taskgroupBegin(true);
    }

    /** reported: a tool hears of it (not of a target data region's implicit one). */
    static void taskgroupBegin(boolean reported) {
        Task me = current();
        me.taskgroup = new TaskGroup(me.taskgroup);
        if (OmptHost.ON && reported) OmptHost.taskgroup(OmptHost.BEGIN);
    }

    static void taskgroupEnd() {
        taskgroupEnd(true);
    }

    static void taskgroupEnd(boolean reported) {
        Task me = current();
        TaskGroup g = me.taskgroup;
        if (g == null) return;
        if (OmptHost.ON && reported) OmptHost.taskgroupWaits();
        if (g.pending.get() > 0) waitUntil(() -> g.pending.get() == 0, me);
        me.taskgroup = g.parent;
        if (OmptHost.ON && reported) OmptHost.taskgroup(OmptHost.END);
    }

    static void taskyield() {
        OmpThread th = OmpThread.current();
        if (!th.team.tasking) return;
        th.omptYield = OmptHost.ON; // the task switch a taskyield makes is a yield to the tool
        runOne(th.team, constraint(current()));
        th.omptYield = false;
    }

    static boolean inFinal() {
        OmpThread t = OmpThread.current();
        return t.task != null && t.task.isFinal;
    }

    /** omp_in_explicit_task (OpenMP 5.2): is the calling thread running a task of a task construct (or taskloop)? */
    static boolean inExplicit() {
        OmpThread t = OmpThread.current();
        return t.task != null && !t.task.isImplicit();
    }

    // ---- taskloop

    /**
     * taskloop: {@code total} logical iterations in tasks of about {@code grainsize} iterations
     * (or {@code numTasks} tasks; neither: one per thread of the team), each task's argument
     * block a copy of {@code block} ({@code size} bytes) followed by its first and last iteration
     * (inclusive, i64). Unless nogroup, waits for them as a taskgroup.
     */
    static void taskloop(
            long fn,
            long block,
            long size,
            long total,
            long grainsize,
            long numTasks,
            int flags,
            int priority,
            int loopFlags) {
        boolean nogroup = (loopFlags & 1) != 0, strictGrain = (loopFlags & 2) != 0;
        if (!nogroup) taskgroupBegin();
        if (OmptHost.ON) OmptHost.taskloop(OmptHost.BEGIN, total);
        if (total > 0) {
            long tasks, per, extra;
            if (grainsize > 0) {
                if (strictGrain) {
                    tasks = (total + grainsize - 1) / grainsize;
                    per = grainsize;
                    extra = 0;
                } else {
                    tasks = Math.max(1, total / grainsize);
                    per = total / tasks;
                    extra = total % tasks;
                }
            } else {
                tasks = numTasks > 0
                        ? Math.min(numTasks, total)
                        : Math.min(total, Math.max(1, OmpThread.current().team.size));
                per = total / tasks;
                extra = total % tasks;
            }
            long lo = 0;
            for (long k = 0; k < tasks; k++) {
                long n = strictGrain ? Math.min(per, total - lo) : per + (k < extra ? 1 : 0);
                long b = alloc(fn, size + 16, flags, priority);
                Mem.copy(b, block, size);
                Mem.putLong(b + size, lo);
                Mem.putLong(b + size + 8, lo + n - 1);
                if (OmptHost.ON) OmptHost.taskloopChunk(allocated(b), lo, n);
                submit(b, 0, 0);
                lo += n;
            }
        }
        if (OmptHost.ON) OmptHost.taskloop(OmptHost.END, total);
        if (!nogroup) taskgroupEnd();
    }

    // ---- the end of a parallel region and barriers (Team)

    /** Helper threads for target tasks, libomptarget's "hidden helper" threads. */
    static final class Helpers {
        private static final LinkedBlockingQueue<Task> QUEUE = new LinkedBlockingQueue<>();
        private static final AtomicInteger STARTED = new AtomicInteger();
        private static final int MAX = Math.max(4, Icv.NUM_PROCS);
        private static final AtomicInteger IDLE = new AtomicInteger();

        static { // the child of a fork has none of the parent's helpers: it starts its own
            jomp.runtime.ffi.ForkedJvm.whenForked(() -> {
                STARTED.set(0);
                IDLE.set(0);
            });
        }

        static void submit(Task t) {
            QUEUE.add(t);
            if (IDLE.get() == 0 && STARTED.get() < MAX) start();
        }

        private static synchronized void start() {
            if (STARTED.get() >= MAX) return;
            int n = STARTED.incrementAndGet();
            Thread th = new Thread(Helpers::loop, "jomp-helper-" + n);
            th.setDaemon(true);
            THREADS.add(th);
            th.start();
        }

        private static void loop() {
            if (OmptHost.ON) OmptHost.workerBegins();
            OmpThread me = new OmpThread(Team.initial(), 0, Icv.NUM_THREADS_LIST[0]);
            OmpThread.set(me);
            while (true) {
                Task t;
                try {
                    IDLE.incrementAndGet();
                    t = QUEUE.take();
                } catch (InterruptedException e) {
                    return;
                } finally {
                    IDLE.decrementAndGet();
                }
                if (t == RETIRE) {
                    if (OmptHost.ON) OmptHost.workerEnds();
                    return;
                }
                execute(t, me); // a failure ends this helper (its stack trace is printed); the task is complete
            }
        }

        /** Hands every helper a task that ends it and returns them (the tools interface waits for their thread_end at exit). */
        static synchronized List<Thread> retire() {
            for (int i = 0; i < THREADS.size(); i++) QUEUE.add(RETIRE);
            List<Thread> gone = new ArrayList<>(THREADS);
            THREADS.clear();
            return gone;
        }

        private static final Task RETIRE = new Task(null, 0, Task.EMPTY, 0, null, null, 0);
        private static final List<Thread> THREADS = new ArrayList<>();
    }

    /** Removes and returns the first task of q that descends from c (any task when c is null) and can take its mutexes. */
    static Task pick(PriorityQueue<Task> q, Task c, List<Task> wake) {
        for (Iterator<Task> it = q.iterator(); c != null && it.hasNext(); ) {
            Task t = it.next();
            if (!t.descendsFrom(c)) continue;
            it.remove();
            if (t.mutexes.isEmpty() || Deps.acquire(t, wake)) return t;
        }
        if (c != null) return null;
        while (!q.isEmpty()) {
            Task t = q.poll();
            if (t.mutexes.isEmpty() || Deps.acquire(t, wake)) return t;
        }
        return null;
    }
}
