package jomp.runtime.omp;

import jomp.runtime.mem.Mem;

/**
 * omp.h's thread, team, schedule, lock, timing and memory routines on the host runtime, named and
 * typed as the host ABI says (docs/design/abi.md). The device routines (omp_pause_resource among them) are in
 * jomp.runtime.offload.DeviceApi.
 */
public final class OmpApi {
    private OmpApi() {}

    // ---- threads and teams

    public static void omp_set_num_threads(int n) {
        if (n > 0) OmpThread.current().nthreads = n;
    }

    public static int omp_get_num_threads() {
        return OmpThread.current().team.size;
    }

    public static int omp_get_max_threads() {
        return OmpThread.current().nthreads;
    }

    public static int omp_get_thread_num() {
        return OmpThread.current().num;
    }

    public static int omp_get_num_procs() {
        return Icv.NUM_PROCS;
    }

    public static int omp_in_parallel() {
        return OmpThread.current().team.activeLevel > 0 ? 1 : 0;
    }

    public static void omp_set_dynamic(int flag) {
        Icv.dynamic = flag != 0;
    }

    public static int omp_get_dynamic() {
        return Icv.dynamic ? 1 : 0;
    }
    /** Deprecated in OpenMP 5.0 but common: on means max-active-levels at its limit, off means 1. */
    public static void omp_set_nested(int flag) {
        Icv.maxActiveLevels = flag != 0 ? Icv.MAX_ACTIVE_LEVELS_LIMIT : 1;
    }

    public static int omp_get_nested() {
        return Icv.maxActiveLevels > 1 ? 1 : 0;
    }

    public static void omp_set_schedule(int kind, int chunk) {
        int k = kind & 0x7fffffff;
        if (k < Icv.SCHED_STATIC || k > Icv.SCHED_AUTO) return;
        Icv.runSchedKind = kind;
        Icv.runSchedChunk = chunk > 0 && k != Icv.SCHED_AUTO ? chunk : 0;
    }

    public static void omp_get_schedule(long kind, long chunk) {
        Mem.putInt(kind, Icv.runSchedKind);
        Mem.putInt(chunk, Icv.runSchedChunk);
    }

    public static int omp_get_thread_limit() {
        return OmpThread.current().threadLimit;
    }

    public static void omp_set_max_active_levels(int n) {
        if (n >= 0) Icv.maxActiveLevels = Math.min(n, Icv.MAX_ACTIVE_LEVELS_LIMIT);
    }

    public static int omp_get_max_active_levels() {
        return Icv.maxActiveLevels;
    }

    public static int omp_get_level() {
        return OmpThread.current().team.level;
    }

    public static int omp_get_active_level() {
        return OmpThread.current().team.activeLevel;
    }

    /** The thread number of this thread's ancestor at {@code level}; -1 when there is no such level. */
    public static int omp_get_ancestor_thread_num(int level) {
        OmpThread t = ancestor(level);
        return t == null ? -1 : t.num;
    }

    public static int omp_get_team_size(int level) {
        OmpThread t = ancestor(level);
        return t == null ? -1 : t.team.size;
    }

    private static OmpThread ancestor(int level) {
        OmpThread t = OmpThread.current();
        if (level < 0 || level > t.team.level) return null;
        while (t.team.level > level) t = t.team.parent;
        return t;
    }

    public static int omp_in_final() {
        return Tasks.inFinal() ? 1 : 0;
    }

    public static int omp_in_explicit_task() {
        return Tasks.inExplicit() ? 1 : 0;
    }

    /** OpenMP 6.0: jomp has no free-agent threads (tasks of threadset(omp_pool) run on the threads of the team, as the specification allows). */
    public static int omp_is_free_agent() {
        return 0;
    }

    public static int omp_ancestor_is_free_agent(int level) {
        return 0;
    }

    // ---- places and binding (OMP_PLACES, OMP_PROC_BIND; see Places)

    /** bind-var of the next nesting level: the policy a parallel region without proc_bind would use. */
    public static int omp_get_proc_bind() {
        return Places.bindAt(OmpThread.current().team.level + 1);
    }

    public static int omp_get_num_places() {
        return Places.PLACES.size();
    }

    public static int omp_get_place_num_procs(int place) {
        return place >= 0 && place < Places.PLACES.size() ? Places.PLACES.get(place).length : 0;
    }

    public static void omp_get_place_proc_ids(int place, long ids) {
        if (place < 0 || place >= Places.PLACES.size() || ids == 0) return;
        int[] p = Places.PLACES.get(place);
        for (int i = 0; i < p.length; i++) Mem.putInt(ids + 4L * i, p[i]);
    }

    public static int omp_get_place_num() {
        return OmpThread.current().place;
    }

    public static int omp_get_partition_num_places() {
        OmpThread t = OmpThread.current();
        return Places.PLACES.isEmpty() ? 0 : t.partHi - t.partLo;
    }

    public static void omp_get_partition_place_nums(long nums) {
        OmpThread t = OmpThread.current();
        if (nums == 0 || Places.PLACES.isEmpty()) return;
        for (int i = t.partLo; i < t.partHi; i++) Mem.putInt(nums + 4L * (i - t.partLo), i);
    }

    // ---- affinity format (OMP_AFFINITY_FORMAT, OMP_DISPLAY_AFFINITY; see Affinity)

    public static void omp_set_affinity_format(long format) {
        if (format != 0) Affinity.format = Mem.cString(format);
    }

    /** Copies affinity-format-var (truncated, NUL-terminated) and returns its length. */
    public static long omp_get_affinity_format(long buffer, long size) {
        return copyOut(Affinity.format, buffer, size);
    }

    public static void omp_display_affinity(long format) {
        String line = Affinity.capture(format == 0 ? null : Mem.cString(format), OmpThread.current());
        jomp.runtime.libc.Stdio.fflush(0);
        System.err.println(line);
        System.err.flush();
    }

    /** The affinity line of the calling thread into buffer (truncated, NUL-terminated); returns its full length. */
    public static long omp_capture_affinity(long buffer, long size, long format) {
        return copyOut(Affinity.capture(format == 0 ? null : Mem.cString(format), OmpThread.current()), buffer, size);
    }

    private static long copyOut(String s, long buffer, long size) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        if (buffer != 0 && size > 0) {
            int n = (int) Math.min(b.length, size - 1);
            for (int i = 0; i < n; i++) Mem.putByte(buffer + i, b[i]);
            Mem.putByte(buffer + n, (byte) 0);
        }
        return b.length;
    }

    // ---- teams ICVs (OMP_NUM_TEAMS, OMP_TEAMS_THREAD_LIMIT)

    public static void omp_set_num_teams(int n) {
        if (n > 0) Icv.nteams = n;
    }
    /** nteams-var: in a device kernel the device's (the teams a teams construct without num_teams gets there). */
    public static int omp_get_max_teams() {
        int d = OmpThread.current().deviceMaxTeams;
        return d > 0 ? d : Icv.nteams;
    }

    public static void omp_set_teams_thread_limit(int n) {
        if (n > 0) Icv.teamsThreadLimit = n;
    }

    public static int omp_get_teams_thread_limit() {
        int d = OmpThread.current().deviceTeamsThreadLimit;
        return d > 0 ? d : Icv.teamsThreadLimit;
    }
    /** The most nested active parallel regions jomp supports (max-active-levels-var's limit). */
    public static int omp_get_supported_active_levels() {
        return Icv.MAX_ACTIVE_LEVELS_LIMIT;
    }

    // ---- environment and resources

    /** OMP_DISPLAY_ENV's report, now (verbose: jomp's own variables too). */
    public static void omp_display_env(int verbose) {
        jomp.runtime.libc.Stdio.fflush(0);
        Icv.display(System.err, verbose != 0);
    }

    /** omp_control_tool: the tool's control_tool callback answers (-1 without one; -2, omp_control_tool_notool, without a tool). */
    public static int omp_control_tool(int command, int modifier, long arg) {
        return OmptHost.ON ? jomp.runtime.ompt.Ompt.controlTool(command, modifier, arg) : -2;
    }
    /** Inside a teams region its team's number and the number of teams; elsewhere team 0 of 1. */
    public static int omp_get_num_teams() {
        return Teams.numTeams();
    }

    public static int omp_get_team_num() {
        return Teams.teamNum();
    }

    public static int omp_get_cancellation() {
        return Icv.cancellation ? 1 : 0;
    }

    public static int omp_get_max_task_priority() {
        return Icv.maxTaskPriority;
    }

    public static void omp_fulfill_event(long event) {
        Tasks.fulfill(event);
    }

    // ---- locks (omp_lock_t * and omp_nest_lock_t * are addresses)

    public static void omp_init_lock(long lock) {
        Locks.init(lock, 0);
    }

    public static void omp_init_lock_with_hint(long lock, int hint) {
        Locks.init(lock, hint);
    }

    public static void omp_destroy_lock(long lock) {
        Locks.destroy(lock);
    }

    public static void omp_set_lock(long lock) {
        Locks.set(lock);
    }

    public static void omp_unset_lock(long lock) {
        Locks.unset(lock);
    }

    public static int omp_test_lock(long lock) {
        return Locks.test(lock);
    }

    public static void omp_init_nest_lock(long lock) {
        Locks.initNest(lock, 0);
    }

    public static void omp_init_nest_lock_with_hint(long lock, int hint) {
        Locks.initNest(lock, hint);
    }

    public static void omp_destroy_nest_lock(long lock) {
        Locks.destroyNest(lock);
    }

    public static void omp_set_nest_lock(long lock) {
        Locks.setNest(lock);
    }

    public static void omp_unset_nest_lock(long lock) {
        Locks.unsetNest(lock);
    }

    public static int omp_test_nest_lock(long lock) {
        return Locks.testNest(lock);
    }

    // ---- timing: a monotonic clock in seconds, nanosecond resolution

    public static double omp_get_wtime() {
        return System.nanoTime() * 1e-9;
    }

    public static double omp_get_wtick() {
        return 1e-9;
    }

    // ---- memory allocators (Allocators)

    public static long omp_init_allocator(long memspace, int ntraits, long traits) {
        return Allocators.init(memspace, ntraits, traits);
    }

    public static void omp_destroy_allocator(long allocator) {
        Allocators.destroy(allocator);
    }
    /** The storage of the allocate directive and clause: the alignment the allocator's alignment trait asks for (1: none). */
    public static long __jomp_allocator_alignment(long allocator) {
        return Allocators.alignment(allocator);
    }

    public static long omp_alloc(long size, long allocator) {
        return Allocators.alloc(size, 0, allocator, false);
    }

    public static long omp_aligned_alloc(long alignment, long size, long allocator) {
        return Allocators.alloc(size, alignment, allocator, false);
    }

    public static long omp_calloc(long n, long size, long allocator) {
        if (n != 0 && size > Long.MAX_VALUE / n) return 0;
        return Allocators.alloc(n * size, 0, allocator, true);
    }

    public static long omp_aligned_calloc(long alignment, long n, long size, long allocator) {
        if (n != 0 && size > Long.MAX_VALUE / n) return 0;
        return Allocators.alloc(n * size, alignment, allocator, true);
    }

    public static long omp_realloc(long p, long size, long allocator, long freeAllocator) {
        return Allocators.realloc(p, size, allocator, freeAllocator);
    }

    public static void omp_free(long p, long allocator) {
        Allocators.free(p, allocator);
    }

    public static void omp_set_default_allocator(long allocator) {
        Allocators.setDefault(allocator);
    }

    public static long omp_get_default_allocator() {
        return Allocators.getDefault();
    }
}
