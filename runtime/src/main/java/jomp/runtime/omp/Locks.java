package jomp.runtime.omp;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import jomp.runtime.ompt.Ompt;

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

    // with a tool attached, each operation dispatches the mutex events libomp's do (the lock's address is the wait id)

    static void init(long lock, int hint) {
        SIMPLE.put(lock, new Semaphore(1));
        if (OmptHost.ON) Ompt.lockInit(OmptHost.MUTEX_LOCK, hint, lock);
    }

    static void destroy(long lock) {
        SIMPLE.remove(lock);
        if (OmptHost.ON) Ompt.lockDestroy(OmptHost.MUTEX_LOCK, lock);
    }

    static void set(long lock) {
        Semaphore s = simple(lock, "omp_set_lock");
        if (!OmptHost.ON) {
            s.acquireUninterruptibly();
            return;
        }
        int state = OmptHost.acquire(OmptHost.MUTEX_LOCK, 0, lock);
        s.acquireUninterruptibly();
        OmptHost.acquired(OmptHost.MUTEX_LOCK, lock, state);
    }

    static void unset(long lock) {
        simple(lock, "omp_unset_lock").release();
        if (OmptHost.ON) OmptHost.released(OmptHost.MUTEX_LOCK, lock);
    }

    static int test(long lock) {
        Semaphore s = simple(lock, "omp_test_lock");
        if (!OmptHost.ON) return s.tryAcquire() ? 1 : 0;
        int state = OmptHost.acquire(OmptHost.MUTEX_TEST_LOCK, 0, lock);
        boolean got = s.tryAcquire();
        if (got) OmptHost.acquired(OmptHost.MUTEX_TEST_LOCK, lock, state);
        else Ompt.state(state, 0);
        return got ? 1 : 0;
    }

    static void initNest(long lock, int hint) {
        NEST.put(lock, new ReentrantLock());
        if (OmptHost.ON) Ompt.lockInit(OmptHost.MUTEX_NEST_LOCK, hint, lock);
    }

    static void destroyNest(long lock) {
        NEST.remove(lock);
        if (OmptHost.ON) Ompt.lockDestroy(OmptHost.MUTEX_NEST_LOCK, lock);
    }

    static void setNest(long lock) {
        ReentrantLock l = nest(lock, "omp_set_nest_lock");
        if (!OmptHost.ON) {
            l.lock();
            return;
        }
        int state = OmptHost.acquire(OmptHost.MUTEX_NEST_LOCK, 0, lock);
        l.lock();
        nestAcquired(l, OmptHost.MUTEX_NEST_LOCK, lock, state);
    }

    /** The first acquisition is mutex_acquired; a nested one begins a nest_lock scope. */
    private static void nestAcquired(ReentrantLock l, int kind, long lock, int state) {
        if (l.getHoldCount() == 1) {
            OmptHost.acquired(kind, lock, state);
        } else {
            Ompt.state(state, 0);
            Ompt.nestLock(OmptHost.BEGIN, lock);
        }
    }

    static void unsetNest(long lock) {
        ReentrantLock l = nest(lock, "omp_unset_nest_lock");
        if (!l.isHeldByCurrentThread())
            throw new IllegalStateException("jomp: omp_unset_nest_lock on a lock this thread does not own");
        l.unlock();
        if (!OmptHost.ON) return;
        if (l.isHeldByCurrentThread()) Ompt.nestLock(OmptHost.END, lock);
        else OmptHost.released(OmptHost.MUTEX_NEST_LOCK, lock);
    }

    /** The new nesting count, or 0 when another thread owns the lock. */
    static int testNest(long lock) {
        ReentrantLock l = nest(lock, "omp_test_nest_lock");
        if (!OmptHost.ON) return l.tryLock() ? l.getHoldCount() : 0;
        int state = OmptHost.acquire(OmptHost.MUTEX_TEST_NEST_LOCK, 0, lock);
        if (!l.tryLock()) {
            Ompt.state(state, 0);
            return 0;
        }
        nestAcquired(l, OmptHost.MUTEX_TEST_NEST_LOCK, lock, state);
        return l.getHoldCount();
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
