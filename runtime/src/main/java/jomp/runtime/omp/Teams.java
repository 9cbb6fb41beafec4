package jomp.runtime.omp;

import java.lang.invoke.MethodHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import jomp.runtime.mem.Stack;

/**
 * Teams regions and device kernels. Each team has a number, the number of teams, its thread limit
 * and the range its distribute construct is working on; a thread keeps them in its
 * {@link OmpThread}, so the threads of a parallel region inside a team know their team too. On the
 * host (libgomp's behaviour) the teams of a region run one after another in the encountering
 * thread; in a device kernel ({@link #onDevice}) they run at once on at most one thread per core
 * ({@link DeviceThreads}). Either way each team's thread is the initial thread of a contention
 * group of its own, so a parallel region inside a team gets a new team of at most thread-limit
 * threads.
 */
public final class Teams {
    private Teams() {}

    /** A thread's teams region: its team, their number, the thread limit, and distribute's {lower, upper, chunk}. */
    record State(int team, int numTeams, int threadLimit, long[] dist) {
        long lower() {
            return dist[0];
        }

        long upper() {
            return dist[1];
        }

        long chunk() {
            return dist[2];
        }

        void distribute(long lower, long upper, long chunk) {
            dist[0] = lower;
            dist[1] = upper;
            dist[2] = chunk;
        }
    }

    /** Outside any teams region: team 0 of 1. */
    static final State NONE = new State(0, 1, 0, new long[3]);

    /**
     * Runs a device kernel {@code kernel(slots)} (type {@code (long, Stack)void}) on the calling thread as
     * the initial thread of device {@code device} of {@code plugin}: the thread, and the threads of
     * its teams and parallel regions, answer omp_is_initial_device() with 0; teams regions in it run
     * in parallel, {@code numTeams} of them by default (0: one per core); {@code threadLimit} (0:
     * none) bounds its parallel regions. The calling thread's own OpenMP state (it may be a member
     * of a host team) is set aside and restored afterwards.
     */
    public static void onDevice(
            Object plugin, int device, int numTeams, int threadLimit, MethodHandle kernel, long slots)
            throws Throwable {
        OmpThread outer = OmpThread.current();
        // the device's ICVs (OMP_NUM_THREADS_DEV_<n>, OMP_THREAD_LIMIT_DEV, ...), as the launching runtime read them
        DeviceIcvs.OfDevice icvs = DeviceIcvs.LAUNCHING.get();
        int limit = threadLimit > 0
                ? threadLimit
                : icvs != null && icvs.threadLimit() > 0 ? icvs.threadLimit() : Icv.THREAD_LIMIT;
        int nthreads = icvs != null && icvs.nthreads() > 0
                ? icvs.nthreads()
                : threadLimit > 0 ? Math.min(threadLimit, Icv.NUM_PROCS) : Icv.NUM_PROCS;
        OmpThread t = new OmpThread(Team.initial(), 0, Math.min(nthreads, limit));
        t.device = device;
        t.devicePlugin = plugin;
        t.deviceTeams = numTeams > 0 ? numTeams : Icv.NUM_PROCS;
        t.deviceMaxTeams = icvs != null && icvs.nteams() > 0
                ? icvs.nteams()
                : Icv.NUM_PROCS; // what a teams construct without num_teams gets
        t.deviceTeamsThreadLimit =
                icvs != null && icvs.teamsThreadLimit() > 0 ? icvs.teamsThreadLimit() : Icv.NUM_PROCS;
        t.deviceNthreadsVar = icvs != null ? icvs.nthreads() : 0;
        t.threadLimit = limit;
        t.groupCopies = GroupPrivate.newGroup(); // the kernel's initial thread starts a contention group
        if (OmptHost.ON) OmptHost.kernelBegins(t, outer);
        OmpThread.set(t);
        try {
            kernel.invokeExact(slots, Stack.current());
        } finally {
            GroupPrivate.release(t.groupCopies);
            OmpThread.set(outer);
            if (OmptHost.ON) OmptHost.kernelEnds(t);
        }
    }

    private static final ThreadLocal<java.util.ArrayDeque<OmpThread>> HOSTED =
            ThreadLocal.withInitial(java.util.ArrayDeque::new);

    /**
     * Reverse offload: the calling thread (which runs device code) runs a region as the host, a
     * thread of the host's initial team, until {@link #leaveHost}.
     */
    public static void enterHost() {
        OmpThread me = OmpThread.current();
        HOSTED.get().push(me);
        OmpThread.set(new OmpThread(Team.initial(), 0, Icv.NUM_THREADS_LIST[0]));
    }

    public static void leaveHost() {
        java.util.ArrayDeque<OmpThread> s = HOSTED.get();
        if (!s.isEmpty()) OmpThread.set(s.pop());
    }

    /** The device (the plugin's number) whose kernel the calling thread runs, or -1 on the host. */
    public static int currentDevice() {
        return OmpThread.current().device;
    }

    /** The plugin whose device runs the calling thread's kernel, or null on the host. */
    public static Object currentDevicePlugin() {
        return OmpThread.current().devicePlugin;
    }

    /** 0 on the host, else the default number of teams of the device kernel this thread runs. */
    static int deviceTeams() {
        return OmpThread.current().deviceTeams;
    }

    static State current() {
        return OmpThread.current().teams;
    }

    public static int teamNum() {
        return current().team();
    }

    public static int numTeams() {
        return current().numTeams();
    }

    /**
     * Runs body(team) for every team, one after another in this thread (the host's teams). A
     * team's parallel regions get the encountering thread's nthreads-var, at most thread_limit.
     */
    static void run(int n, int threadLimit, IntConsumer body) {
        OmpThread me = OmpThread.current();
        int limit = threadLimit > 0 ? threadLimit : me.threadLimit;
        try {
            for (int t = 0; t < n; t++) {
                OmpThread team = initial(me, t, n, limit, Math.min(me.nthreads, limit));
                OmpThread.set(team);
                try {
                    body.accept(t);
                } finally {
                    GroupPrivate.release(team.groupCopies);
                }
            }
        } finally {
            OmpThread.set(me);
        }
    }

    /** The initial thread of a team: a team of one at level 0, in the encountering thread's device. */
    private static OmpThread initial(OmpThread from, int team, int n, int threadLimit, int nthreads) {
        OmpThread t = OmpThread.inherit(Team.initial(), 0, nthreads, from);
        t.teams = new State(team, n, threadLimit, new long[3]);
        t.groupCopies = GroupPrivate.newGroup(); // each team is a contention group of its own
        t.threadLimit = threadLimit;
        return t;
    }

    /**
     * Runs body(team) for every team in parallel (a device's teams): min(n, cores) threads, the
     * calling one and {@link DeviceThreads}' ones, take team numbers in order until none is left. A
     * team's parallel regions get thread_limit threads, or its share of the cores. Returns when all
     * teams are done and rethrows the first failure.
     */
    static void runParallel(int n, int threadLimit, IntConsumer body) {
        OmpThread me = OmpThread.current();
        // without thread_limit on teams, the target region's (the kernel's thread-limit-var), else a share of the cores
        int perTeam = threadLimit > 0
                ? threadLimit
                : me.threadLimit < Icv.THREAD_LIMIT ? me.threadLimit : Math.max(1, Icv.NUM_PROCS / n);
        // a team's parallel regions: the device's nthreads-var where the environment sets it (OMP_NUM_THREADS_DEV),
        // else the team's limit
        int nthreads = me.deviceNthreadsVar > 0 ? Math.min(perTeam, me.deviceNthreadsVar) : perTeam;
        if (n == 1) {
            run(1, perTeam, body);
            return;
        }
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        DeviceThreads.run(Math.min(n, Icv.NUM_PROCS) - 1, () -> {
            OmpThread outer = OmpThread.current();
            try {
                for (int t; (t = next.getAndIncrement()) < n; ) {
                    OmpThread team = initial(me, t, n, perTeam, nthreads);
                    OmpThread.set(team);
                    try {
                        body.accept(t);
                    } finally {
                        GroupPrivate.release(team.groupCopies);
                    }
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
                next.set(n); // the other threads take no new teams
            } finally {
                OmpThread.set(outer);
            }
        });
        if (failure.get() != null) throw sneaky(failure.get());
    }

    @SuppressWarnings("unchecked")
    static <E extends Throwable> RuntimeException sneaky(Throwable t) throws E {
        throw (E) t;
    }
}
