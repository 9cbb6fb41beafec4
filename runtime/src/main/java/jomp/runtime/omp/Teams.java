package jomp.runtime.omp;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;

/**
 * Teams regions: each team has a number, the number of teams, its thread limit and the range its
 * distribute construct is working on, kept per thread. On the host (libgomp's behaviour) the teams
 * of a region run one after another in the encountering thread; on an offload device
 * ({@link #runParallel}) they run at once on a pool, each team's thread being the initial thread
 * of its own contention group, so a parallel region inside a team gets its own team of threads.
 */
public final class Teams {
    private Teams() {}

    /** The calling thread's teams context. */
    record State(int team, int numTeams, int threadLimit, long[] dist) {
        long lower() { return dist[0]; }
        long upper() { return dist[1]; }
        long chunk() { return dist[2]; }
        void distribute(long lower, long upper, long chunk) { dist[0] = lower; dist[1] = upper; dist[2] = chunk; }
    }

    private static final State NONE = new State(0, 1, 0, new long[3]);

    /** Teams a device kernel gets when num_teams is not given; 0 outside a kernel (the host's one team). */
    private static final ThreadLocal<int[]> DEVICE = ThreadLocal.withInitial(() -> new int[1]);

    /**
     * A device plugin runs a kernel of device {@code device} in this thread: teams regions in it run
     * in parallel, defaultTeams of them by default, and the thread (and the threads of its teams
     * and parallel regions) answers omp_is_initial_device() with 0.
     */
    public static void enterDevice(int device, int defaultTeams) {
        DEVICE.get()[0] = Math.max(1, defaultTeams);
        OmpThread.current().device = device;
    }

    public static void exitDevice() {
        DEVICE.get()[0] = 0;
        OmpThread.current().device = -1;
    }

    /** The device whose kernel the calling thread runs, or -1 on the host. */
    public static int currentDevice() { return OmpThread.current().device; }

    /** 0 on the host, else the default number of teams of the device kernel this thread runs. */
    static int deviceTeams() { return DEVICE.get()[0]; }
    private static final ThreadLocal<State> CURRENT = ThreadLocal.withInitial(() -> NONE);

    static State current() { return CURRENT.get(); }

    /** omp_get_team_num / omp_get_num_teams outside any teams region: team 0 of 1. */
    public static int teamNum() { return current().team(); }

    public static int numTeams() { return current().numTeams(); }

    /** Runs body(team) for every team, one after another in this thread (the host's teams). */
    static void run(int n, int threadLimit, IntConsumer body) {
        State outer = CURRENT.get();
        try {
            for (int t = 0; t < n; t++) {
                CURRENT.set(new State(t, n, threadLimit, new long[3]));
                body.accept(t);
            }
        } finally {
            CURRENT.set(outer);
        }
    }

    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "jomp-team");
        t.setDaemon(true);
        return t;
    });

    /**
     * Runs body(team) for every team at once, each in a thread of its own (a device's teams):
     * returns when all are done and rethrows the first failure.
     */
    public static void runParallel(int n, int threadLimit, IntConsumer body) {
        if (n == 1) { run(1, threadLimit, body); return; }
        Future<?>[] fs = new Future<?>[n];
        int device = OmpThread.current().device;
        // each team's parallel regions get thread_limit threads, or their share of the cores
        int perTeam = threadLimit > 0 ? threadLimit : Math.max(1, Icv.NUM_PROCS / n);
        for (int t = 1; t < n; t++) {
            int team = t;
            fs[t] = POOL.submit(() -> {
                CURRENT.set(new State(team, n, threadLimit, new long[3]));
                OmpThread.set(null);   // a fresh initial thread: its parallel regions get their own teams
                OmpThread.current().device = device;
                OmpThread.current().nthreads = perTeam;
                try {
                    body.accept(team);
                } finally {
                    CURRENT.remove();
                }
            });
        }
        Throwable failure = null;
        State outer = CURRENT.get();
        OmpThread me = OmpThread.current();
        int nthreads = me.nthreads;
        try {
            CURRENT.set(new State(0, n, threadLimit, new long[3]));
            me.nthreads = perTeam;
            body.accept(0);
        } catch (Throwable e) {
            failure = e;
        } finally {
            CURRENT.set(outer);
            me.nthreads = nthreads;
        }
        for (int t = 1; t < n; t++) {
            try {
                fs[t].get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (failure == null) failure = e.getCause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                if (failure == null) failure = e;
            }
        }
        if (failure != null) throw sneaky(failure);
    }

    @SuppressWarnings("unchecked")
    static <E extends Throwable> RuntimeException sneaky(Throwable t) throws E { throw (E) t; }
}
