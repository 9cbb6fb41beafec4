package jomp.runtime.omp;

import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The threads that run a device kernel's teams at once ({@link Teams#runParallel}): started on
 * first use, kept for the next kernels, and lent to one launch at a time.
 *
 * <p>A thread that has finished its teams, and a launch waiting for its threads to finish, spin
 * before they sleep, as libgomp's and libomp's threads do: first pausing, then giving the core to
 * any other runnable thread at each turn (sched_yield), then parked. Kernels that follow one
 * another find their threads awake and each on a core of its own. Threads that sleep between
 * kernels (as this pool's did) are woken by the launch, and where the other cores are busy the
 * scheduler puts the woken thread on the launching thread's core: on a loaded machine the teams
 * of every kernel ran one after the other, at one thread's bandwidth (docs/PERFORMANCE.md §4).
 * OMP_WAIT_POLICY chooses: PASSIVE sleeps at once, ACTIVE never sleeps, unset spins as long as
 * libgomp does by default.
 */
final class DeviceThreads {
    private DeviceThreads() {}

    /** libgomp's default spin count (GOMP_SPINCOUNT), in pauses: 7-15 ms of a core when nothing else runs on it. */
    static final long DEFAULT_SPIN = 300_000;
    /** Pauses before a waiting thread yields its core at every turn (about 25 µs). */
    static final int PAUSES = 1000;
    /** What a yield costs of the spin, in pauses (a sched_yield with nothing else to run takes about 0.5 µs). */
    static final int YIELD_COST = 20;
    /**
     * The longest a spin lasts, in wall time: on a loaded machine each yield can give the core away
     * for a time slice, and a spin counted in turns alone went on for seconds there, taking a share
     * of the cores from other processes while the program did no device work.
     */
    static final long SPIN_NANOS = 50_000_000;

    /** The spin of an idle thread, or of a launch waiting for its threads, in pauses. */
    static final long SPIN = spin(System.getenv("OMP_WAIT_POLICY"));

    static long spin(String policy) {
        if (policy == null) return DEFAULT_SPIN;
        return switch (policy.trim().toUpperCase(Locale.ROOT)) {
            case "ACTIVE" -> Long.MAX_VALUE;
            case "PASSIVE" -> 0;
            default -> DEFAULT_SPIN;
        };
    }

    private static final ConcurrentLinkedDeque<Helper> IDLE = new ConcurrentLinkedDeque<>();
    private static final AtomicInteger COUNT = new AtomicInteger();

    static { // the child of a fork has none of the parent's threads: its kernels start their own
        jomp.runtime.ffi.ForkedJvm.whenForked(IDLE::clear);
    }

    /**
     * Runs {@code work} on the calling thread and on {@code helpers} pool threads at once, and
     * returns when every one has finished. {@code work} must not throw (it records its own
     * failures); an Error that escapes it anyway is rethrown here after the others are done.
     */
    static void run(int helpers, Runnable work) {
        Launch launch = new Launch(work, helpers);
        for (int i = 0; i < helpers; i++) obtain().assign(launch);
        try {
            work.run();
        } finally {
            launch.await();
        }
        if (launch.escaped != null) throw Teams.sneaky(launch.escaped);
    }

    /** Lets the idle threads go and returns them (the tools interface waits for their thread_end at exit). */
    static java.util.List<Thread> retireIdle() {
        java.util.List<Thread> gone = new java.util.ArrayList<>();
        Helper h;
        while ((h = IDLE.pollFirst()) != null) {
            h.retired = true;
            LockSupport.unpark(h);
            gone.add(h);
        }
        return gone;
    }

    private static Helper obtain() {
        Helper h = IDLE.pollFirst();
        if (h == null) {
            h = new Helper();
            h.start();
        }
        return h;
    }

    /** One kernel's teams region being run: its work and the helpers that have not finished it yet. */
    private static final class Launch {
        final Runnable work;
        final AtomicInteger pending;
        final Thread waiter = Thread.currentThread();
        volatile Throwable escaped;

        Launch(Runnable work, int helpers) {
            this.work = work;
            this.pending = new AtomicInteger(helpers);
        }

        void done(Throwable t) {
            if (t != null && escaped == null) escaped = t;
            if (pending.decrementAndGet() == 0) LockSupport.unpark(waiter);
        }

        void await() {
            Spin spin = new Spin();
            while (pending.get() > 0) spin.pause(this);
        }
    }

    /**
     * One wait: pauses, then yields, then sleeps until unparked. Turns are counted, so a thread
     * that the scheduler has descheduled still spins when it runs again, but the yields stop after
     * {@link #SPIN_NANOS} (unless OMP_WAIT_POLICY is ACTIVE).
     */
    private static final class Spin {
        private long spent, yieldingSince;

        void pause(Object blocker) {
            if (spent >= SPIN) {
                LockSupport.park(blocker);
            } else if (spent < PAUSES) {
                Thread.onSpinWait();
                spent++;
            } else {
                long now = System.nanoTime();
                if (spent == PAUSES) yieldingSince = now;
                else if (SPIN != Long.MAX_VALUE && now - yieldingSince > SPIN_NANOS)
                    spent = SPIN; // park from the next turn on
                Thread.yield();
                spent += YIELD_COST;
            }
        }
    }

    private static final class Helper extends Thread {
        /** The launch given to this thread and not yet taken up by it; null while idle. */
        private volatile Launch next;

        private volatile boolean retired;

        Helper() {
            super("jomp-team-" + COUNT.incrementAndGet());
            setDaemon(true);
        }

        void assign(Launch l) {
            next = l;
            LockSupport.unpark(this);
        }

        @Override
        public void run() {
            if (OmptHost.ON) OmptHost.workerBegins();
            while (true) {
                Launch l = take();
                if (l == null) { // retired at exit
                    if (OmptHost.ON) OmptHost.workerEnds();
                    return;
                }
                Throwable failure = null;
                try {
                    l.work.run();
                } catch (Throwable e) {
                    failure = e;
                }
                IDLE.addFirst(this); // before done: the launcher's next kernel finds this thread again
                l.done(failure);
            }
        }

        private Launch take() {
            Spin spin = new Spin();
            Launch l;
            while ((l = next) == null) {
                if (retired) return null;
                spin.pause(this);
            }
            next = null;
            return l;
        }
    }
}
