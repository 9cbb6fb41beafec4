package jomp.runtime.omp;

/**
 * One thread's place in the current team (libomp's kmp_info_t, slimmed): its number, its team, its
 * own nthreads-var, the counters that match it to the team's worksharing constructs, and the
 * bounds of the loop chunk it is running, which the loop helpers of {@link Parallel} hand out.
 */
final class OmpThread {
    private static final ThreadLocal<OmpThread> CURRENT = ThreadLocal.withInitial(OmpThread::initial);

    final Team team;
    final int num;
    /** nthreads-var: the team size a parallel region this thread encounters asks for by default. */
    int nthreads;
    /** How many single constructs and dynamically scheduled loops this thread has started in its team. */
    int singleSeq, loopSeq, orderedSeq;
    /** Worksharing constructs (loops, sections) this thread has started in its team: cancel for/sections names one. */
    int wsSeq;
    /** The task this thread runs: its implicit task (made on first use) or an explicit one (Tasks). */
    Task task;
    /** The task between __jomp_task_alloc and __jomp_task_submit (the encountering thread fills its block in between). */
    Task allocated;
    /** The doacross loop this thread is in, and its construct number. */
    Kmpc.Doacross doacross;

    int doacrossSeq;
    /** The current ordered loop's turn counter (see Kmpc.__jomp_ordered_enter). */
    java.util.concurrent.atomic.AtomicLong orderedNext;
    /** The last iteration of the thread's ordered loop that ended (__jomp_ordered_end), for orphaned ordered regions. */
    long orderedDone = -1;
    /** The worksharing construct (wsSeq) of the thread's ordered loop. */
    int orderedLoop = -1;
    /** The dynamic loop this thread is in, or null. */
    Dispatch dispatch;
    /** The current chunk: inclusive bounds, whether it holds the last iteration, and static's stride. */
    long lower, upper, staticStride;

    boolean last;
    /** A static schedule run through dispatchNext: the loop, and this thread's next chunk number. */
    long loopLower, loopStride, loopTrips, loopChunk, staticNextChunk;

    /**
     * The contention group this thread belongs to, inherited by the members of the teams it forks:
     * the offload device whose kernel it runs (the plugin and its device number there; -1 and null
     * on the host), that kernel's default number of teams (0 on the host), the teams region it is
     * in, and thread-limit-var.
     */
    int device = -1;

    Object devicePlugin;
    int deviceTeams;
    /** In a device kernel: the device's nteams-var (omp_get_max_teams), 0 on the host. */
    int deviceMaxTeams;
    /** In a device kernel: the device's teams-thread-limit-var (omp_get_teams_thread_limit), 0 on the host. */
    int deviceTeamsThreadLimit;
    /** In a device kernel: the device's nthreads-var from the environment (OMP_NUM_THREADS_DEV...), 0 when unset. */
    int deviceNthreadsVar;

    /**
     * OpenMP 6.0's num_threads(n1, n2, ...): nthreads-var's items after this thread's own (null:
     * OMP_NUM_THREADS's, by level), and the items after n1 that the next fork's members take.
     */
    int[] nestedNthreads, pendingNumThreads;

    Teams.State teams = Teams.NONE;
    /** The contention group's groupprivate copies (GroupPrivate); null in the host's initial contention group. */
    java.util.Map<Long, Long> groupCopies;

    int threadLimit = Icv.THREAD_LIMIT;
    /** The place this thread is assigned to (-1: unbound) and its place partition [partLo, partHi) (Places). */
    int place = -1, partLo = 0, partHi = Places.PLACES.size();

    /**
     * The tools interface's (OmptHost): the worksharing loop's ompt_work_t while the thread is in
     * one (0: none), what the lowering marked for the next barrier or loop, whether the thread
     * began as an initial thread for the tool, and whether a taskyield is switching tasks.
     */
    int omptWork, omptMark;

    boolean omptInitial, omptYield;

    OmpThread(Team team, int num, int nthreads) {
        this.team = team;
        this.num = num;
        this.nthreads = nthreads;
    }

    private static OmpThread initial() {
        OmpThread t = new OmpThread(Team.initial(), 0, Icv.NUM_THREADS_LIST[0]);
        if (Places.BIND[0] != Places.FALSE && !Places.PLACES.isEmpty()) t.place = 0; // the initial thread's place
        if (OmptHost.ON) OmptHost.initialThread(t);
        return t;
    }

    static OmpThread current() {
        return CURRENT.get();
    }

    /** A new thread of the same contention group: same device, teams region and thread limit. */
    static OmpThread inherit(Team team, int num, int nthreads, OmpThread from) {
        OmpThread t = new OmpThread(team, num, nthreads);
        t.device = from.device;
        t.devicePlugin = from.devicePlugin;
        t.deviceTeams = from.deviceTeams;
        t.deviceMaxTeams = from.deviceMaxTeams;
        t.deviceTeamsThreadLimit = from.deviceTeamsThreadLimit;
        t.deviceNthreadsVar = from.deviceNthreadsVar;
        t.teams = from.teams;
        t.groupCopies = from.groupCopies;
        t.threadLimit = from.threadLimit;
        t.place = from.place;
        t.partLo = from.partLo;
        t.partHi = from.partHi;
        return t;
    }

    /** Makes {@code t} the calling thread's place; null forgets it. */
    static void set(OmpThread t) {
        if (t == null) CURRENT.remove();
        else CURRENT.set(t);
    }
}
