package jomp.runtime.omp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A team of threads running one parallel region (libomp's kmp_team_t): its size and nesting
 * level, the thread that forked it, the team barrier, and the shared state of its worksharing
 * constructs. The initial thread of a program runs in an implicit team of one at level 0.
 */
final class Team {
    final int size;
    /** Nesting level: parallel regions enclosing this one, counting itself (0 for the implicit team). */
    final int level;
    /** Active levels: enclosing regions with more than one thread, counting itself. */
    final int activeLevel;
    /** The thread that forked this team (null for an implicit team); ancestor queries walk it. */
    final OmpThread parent;

    // barrier: arrivals in this phase and the phase number; waiters sleep on this object
    private final AtomicInteger arrived = new AtomicInteger();
    private volatile int phase;

    /** Single constructs claimed so far; thread k's n-th single is won by the one that moves it n-1 → n. */
    final AtomicInteger singles = new AtomicInteger();
    /** Dynamically scheduled loops in progress, by construct number (threads may be in different ones with nowait). */
    final ConcurrentHashMap<Integer, Dispatch> loops = new ConcurrentHashMap<>();
    /** single copyprivate: the address list the executing thread published. */
    volatile long copyprivate;
    /** Loops with an ordered clause, by construct number: the next logical iteration allowed into its ordered region. */
    final ConcurrentHashMap<Integer, java.util.concurrent.atomic.AtomicLong> ordered = new ConcurrentHashMap<>();
    /** Doacross loops in progress, by construct number. */
    final ConcurrentHashMap<Integer, Kmpc.Doacross> doacross = new ConcurrentHashMap<>();

    // tasking: whether any explicit task was ever created in the team, the explicit tasks not yet
    // complete, the ready ones (by priority, then creation), and the monitor waiting threads sleep on
    volatile boolean tasking;
    final AtomicInteger incomplete = new AtomicInteger();
    private final java.util.PriorityQueue<Task> ready = new java.util.PriorityQueue<>(
            (a, b) -> a.priority != b.priority ? Integer.compare(b.priority, a.priority) : Long.compare(a.seq, b.seq));
    private final Object taskLock = new Object();
    /** Threads whose share of the region's body is done (the region ends when all are and no task is left). */
    final AtomicInteger bodiesDone = new AtomicInteger();

    // cancellation: parallel cancelled, and the worksharing construct (by the threads' construct count) cancelled
    volatile boolean cancelled;
    volatile int cancelledWorkshare = -1;

    // join: workers still running, the master waiting for them, and the first failure among them
    final AtomicInteger running;
    final Thread master;
    volatile Throwable failure;

    /** The team's ompt_data_t (parallel_data) while a tool is attached: OmptHost's. */
    long ompt;

    Team(int size, int level, int activeLevel, OmpThread parent) {
        this.size = size;
        this.level = level;
        this.activeLevel = activeLevel;
        this.parent = parent;
        this.running = new AtomicInteger(size - 1);
        this.master = Thread.currentThread();
    }

    static Team initial() {
        return new Team(1, 0, 0, null);
    }

    /**
     * Waits until every thread of the team has arrived and, once the team has tasks, every
     * task is complete (the threads run them meanwhile). Spins briefly, then sleeps. Returns
     * true when the parallel region was cancelled (the barrier then waits for nobody).
     */
    boolean barrier() {
        if (size == 1) {
            if (tasking) Tasks.runReady(this);
            if (tasking && incomplete.get() > 0) Tasks.waitUntil(() -> incomplete.get() == 0, Tasks.current());
            return cancelled;
        }
        if (cancelled) return true;
        int p = phase;
        if (arrived.incrementAndGet() == size && !tasking) {
            release(p);
            return false;
        }
        if (Thread.currentThread().isVirtual()) {
            // a virtual thread (a wide device team): let the others of the team run on this carrier
            // until they arrive, instead of spinning on it or waiting on the monitor
            for (int i = 0; i < 4 * size && phase == p; i++) Thread.yield();
            if (phase != p) return cancelled;
        } else {
            for (int i = 0; i < 2000; i++) {
                if (phase != p) return cancelled;
                Thread.onSpinWait();
            }
        }
        while (phase == p) {
            if (cancelled) return true;
            if (tasking) {
                if (Tasks.runOne(this, null)) continue;
                if (arrived.get() == size && incomplete.get() == 0) {
                    synchronized (this) {
                        if (phase == p && arrived.get() == size && incomplete.get() == 0) release(p);
                    }
                    continue;
                }
            }
            synchronized (this) {
                if (phase != p) break;
                if (failure != null) throw new TeamAborted();
                try {
                    wait(tasking ? 1 : 0);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("jomp: OpenMP barrier interrupted", e);
                }
            }
        }
        return cancelled;
    }

    /** Ends barrier phase p: the next one starts with nobody arrived. */
    private void release(int p) {
        arrived.set(0);
        synchronized (this) {
            phase = p + 1;
            notifyAll();
        }
    }

    /** cancel parallel: threads at barriers leave them, the others at their next cancellation point. */
    void cancel() {
        synchronized (this) {
            cancelled = true;
            notifyAll();
        }
        signal();
    }

    // ---- tasks

    void enqueue(Task t) {
        synchronized (taskLock) {
            ready.add(t);
            taskLock.notifyAll();
        }
        synchronized (this) {
            notifyAll();
        }
    }

    int queued() {
        synchronized (taskLock) {
            return ready.size();
        }
    }

    /** A ready task for a thread of this team (descending from constraint when not null), or null. */
    Task take(Task constraint) {
        List<Task> wake = new ArrayList<>();
        Task t;
        synchronized (taskLock) {
            if (ready.isEmpty()) return null;
            t = Tasks.pick(ready, constraint, wake);
            ready.addAll(wake);
        }
        return t;
    }

    /** Something changed for waiting threads (a task became ready or completed). */
    void signal() {
        synchronized (taskLock) {
            taskLock.notifyAll();
        }
        synchronized (this) {
            notifyAll();
        }
    }

    /** Sleeps briefly unless a task is ready or done() already holds. */
    @SuppressWarnings("WaitNotInLoop") // a 1 ms nap; callers loop until their condition holds
    void awaitTasks(java.util.function.BooleanSupplier done) {
        synchronized (taskLock) {
            if (!ready.isEmpty() || done.getAsBoolean()) return;
            try {
                taskLock.wait(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("jomp: OpenMP task wait interrupted", e);
            }
        }
    }

    /**
     * The end of the region for one thread (its implicit barrier): once the team has tasks, the
     * thread helps run them until every thread's body is done and no task is left; the master
     * returns only then.
     */
    void endRegion() {
        bodiesDone.incrementAndGet();
        signal();
        while (tasking) {
            if (bodiesDone.get() == size && incomplete.get() == 0) return;
            if (Tasks.runOne(this, null)) continue;
            if (failure != null) return;
            awaitTasks(() -> bodiesDone.get() == size && incomplete.get() == 0);
        }
    }

    /** A worker finished the region (normally or not); the last one wakes the master. */
    void workerDone(Throwable t) {
        if (t != null) fail(t);
        if (running.decrementAndGet() == 0) LockSupport.unpark(master);
    }

    /**
     * A member failed: the others can no longer meet it at a barrier, so those waiting there (or
     * arriving later) leave the region too, and the fork rethrows the first failure.
     */
    void fail(Throwable t) {
        synchronized (this) {
            if (failure == null && !(t instanceof TeamAborted)) failure = t;
            else if (failure == null) return;
            notifyAll();
        }
    }

    /** Thrown out of a barrier whose team lost a member to a failure. */
    static final class TeamAborted extends RuntimeException {
        TeamAborted() {
            super("jomp: another thread of the OpenMP team failed", null, false, false);
        }
    }

    /** The master waits for every worker to finish the region (the region's closing barrier). */
    void join() {
        for (int i = 0; i < 2000 && running.get() > 0; i++) Thread.onSpinWait();
        while (running.get() > 0) LockSupport.park(this);
    }
}
