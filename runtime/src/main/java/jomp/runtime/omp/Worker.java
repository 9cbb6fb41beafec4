package jomp.runtime.omp;

import java.lang.invoke.MethodHandle;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import jomp.runtime.mem.Stack;

/**
 * A pooled thread that runs one team member's share of parallel regions, one region after
 * another. Idle workers wait in {@link #IDLE}; a fork takes what it needs and starts new workers
 * only when the pool is short, so threads are reused across regions (and nested regions).
 */
final class Worker extends Thread {
    private static final ConcurrentLinkedDeque<Worker> IDLE = new ConcurrentLinkedDeque<>();
    private static final AtomicInteger COUNT = new AtomicInteger();

    static { // the child of a fork has none of the parent's threads: its regions start their own
        jomp.runtime.ffi.ForkedJvm.whenForked(IDLE::clear);
    }

    /** The next assignment, published by {@link #assign}; null while idle. */
    private volatile OmpThread self;

    private MethodHandle body;
    private long args;

    private Worker() {
        super("jomp-omp-" + COUNT.incrementAndGet());
        setDaemon(true);
    }

    /** An idle worker, or a new one. */
    static Worker obtain() {
        Worker w = IDLE.pollFirst();
        if (w == null) {
            w = new Worker();
            w.start();
        }
        return w;
    }

    /**
     * Runs a team member's share of a region on a new virtual thread, which ends with it (device
     * teams wider than the cores: {@link Parallel#virtualMembers}). Worker's pool and the virtual
     * threads share {@link #runMember}.
     */
    static void startVirtual(OmpThread t, MethodHandle body, long args) {
        VIRTUAL.start(() -> {
            if (OmptHost.ON) OmptHost.workerBegins();
            runMember(t, body, args, Stack.current());
            if (OmptHost.ON) OmptHost.workerEnds();
        });
    }

    private static final Thread.Builder VIRTUAL = Thread.ofVirtual().name("jomp-omp-virtual-", 1);

    /** One member's share of a region on the calling thread (stack: its C stack): the body, the region's end, the join. */
    private static void runMember(OmpThread t, MethodHandle b, long a, Stack stack) {
        Throwable failure = null;
        OmpThread.set(t);
        try {
            if (OmptHost.ON) OmptHost.implicitBegin(t);
            Affinity.display(t);
            b.invokeExact(t.num, a, stack);
            if (OmptHost.ON) OmptHost.regionBarrierBegins(t);
            t.team.endRegion();
            if (OmptHost.ON) OmptHost.regionBarrierEnds(t);
        } catch (Throwable e) {
            jomp.runtime.start.Signals.dieOf(e); // a C signal ends the program here, as in C
            failure = e;
        }
        Team team = t.team;
        OmpThread.set(null);
        team.workerDone(failure); // the master returns a pooled thread to the pool after the join
    }

    /**
     * Returns workers to the pool once their team has joined: a worker that finished early must
     * not be taken again by the same fork, or the team could wait for it at a barrier forever.
     */
    static void release(Worker[] ws) {
        for (int i = ws.length - 1; i > 0; i--) if (ws[i] != null) IDLE.addFirst(ws[i]);
    }

    /** omp_pause_resource on the host: idle pooled threads are let go (0: done). */
    static int pauseIdle() {
        retireIdle();
        return 0;
    }

    /** Lets the idle pooled threads go and returns them (the tools interface waits for their thread_end at exit). */
    static java.util.List<Thread> retireIdle() {
        java.util.List<Thread> gone = new java.util.ArrayList<>();
        Worker w;
        while ((w = IDLE.pollFirst()) != null) {
            w.retire();
            gone.add(w);
        }
        return gone;
    }

    private volatile boolean retired;

    private void retire() {
        retired = true;
        LockSupport.unpark(this);
    }

    /** Gives this (idle) worker its part of a region and wakes it. */
    void assign(OmpThread t, MethodHandle body, long args) {
        this.body = body;
        this.args = args;
        this.self = t; // volatile write publishes body and args
        LockSupport.unpark(this);
    }

    @Override
    public void run() {
        Stack stack = Stack.current(); // this thread's, for every region it runs
        if (OmptHost.ON) OmptHost.workerBegins();
        while (true) {
            OmpThread t;
            while ((t = self) == null) {
                if (retired) {
                    if (OmptHost.ON) OmptHost.workerEnds();
                    return;
                }
                LockSupport.park(this);
            }
            MethodHandle b = body;
            long a = args;
            self = null;
            body = null;
            runMember(t, b, a, stack);
            if (OmptHost.ON) OmptHost.idle();
        }
    }
}
