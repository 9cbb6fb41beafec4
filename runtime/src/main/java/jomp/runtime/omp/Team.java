package jomp.runtime.omp;

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

    // join: workers still running, the master waiting for them, and the first failure among them
    final AtomicInteger running;
    final Thread master;
    volatile Throwable failure;

    Team(int size, int level, int activeLevel, OmpThread parent) {
        this.size = size;
        this.level = level;
        this.activeLevel = activeLevel;
        this.parent = parent;
        this.running = new AtomicInteger(size - 1);
        this.master = Thread.currentThread();
    }

    static Team initial() { return new Team(1, 0, 0, null); }

    /** Waits until every thread of the team has arrived. Spins briefly, then sleeps. */
    void barrier() {
        if (size == 1) return;
        int p = phase;
        if (arrived.incrementAndGet() == size) {
            arrived.set(0);
            synchronized (this) {
                phase = p + 1;
                notifyAll();
            }
            return;
        }
        for (int i = 0; i < 2000; i++) {
            if (phase != p) return;
            Thread.onSpinWait();
        }
        synchronized (this) {
            while (phase == p) {
                if (failure != null) throw new TeamAborted();
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("jomp: OpenMP barrier interrupted", e);
                }
            }
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
        TeamAborted() { super("jomp: another thread of the OpenMP team failed", null, false, false); }
    }

    /** The master waits for every worker to finish the region (the region's closing barrier). */
    void join() {
        for (int i = 0; i < 2000 && running.get() > 0; i++) Thread.onSpinWait();
        while (running.get() > 0) LockSupport.park(this);
    }
}
