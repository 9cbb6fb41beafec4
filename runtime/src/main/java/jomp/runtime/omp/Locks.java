package jomp.runtime.omp;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;

/**
 * omp_lock_t and omp_nest_lock_t: the C object (one pointer, see omp.h) stays untouched; the Java
 * lock lives in a table keyed by the object's address. A simple lock is a one-permit semaphore (no
 * owner, as OpenMP's simple locks need none); a nestable lock is a reentrant lock owned by a thread.
 * Using a lock that was never initialised (or was destroyed) is reported, not ignored.
 */
final class Locks {
    private Locks() {}

    private static final ConcurrentHashMap<Long, Semaphore> SIMPLE = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<Long, ReentrantLock> NEST = new ConcurrentHashMap<>();

    static void init(long lock) { SIMPLE.put(lock, new Semaphore(1)); }

    static void destroy(long lock) { SIMPLE.remove(lock); }

    static void set(long lock) { simple(lock, "omp_set_lock").acquireUninterruptibly(); }

    static void unset(long lock) { simple(lock, "omp_unset_lock").release(); }

    static int test(long lock) { return simple(lock, "omp_test_lock").tryAcquire() ? 1 : 0; }

    static void initNest(long lock) { NEST.put(lock, new ReentrantLock()); }

    static void destroyNest(long lock) { NEST.remove(lock); }

    static void setNest(long lock) { nest(lock, "omp_set_nest_lock").lock(); }

    static void unsetNest(long lock) {
        ReentrantLock l = nest(lock, "omp_unset_nest_lock");
        if (!l.isHeldByCurrentThread()) throw new IllegalStateException("jomp: omp_unset_nest_lock on a lock this thread does not own");
        l.unlock();
    }

    /** The new nesting count, or 0 when another thread owns the lock. */
    static int testNest(long lock) {
        ReentrantLock l = nest(lock, "omp_test_nest_lock");
        return l.tryLock() ? l.getHoldCount() : 0;
    }

    private static Semaphore simple(long lock, String fn) {
        Semaphore s = SIMPLE.get(lock);
        if (s == null) throw uninitialised(fn, lock);
        return s;
    }

    private static ReentrantLock nest(long lock, String fn) {
        ReentrantLock l = NEST.get(lock);
        if (l == null) throw uninitialised(fn, lock);
        return l;
    }

    private static IllegalStateException uninitialised(String fn, long lock) {
        return new IllegalStateException(String.format("jomp: %s on an uninitialized lock at 0x%x", fn, lock));
    }
}
