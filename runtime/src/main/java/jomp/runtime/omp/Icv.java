package jomp.runtime.omp;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The host's global internal control variables, read once from the environment like libomp does at
 * start-up: OMP_NUM_THREADS (list form "4,2": one entry per nesting level), OMP_DYNAMIC, OMP_NESTED,
 * OMP_MAX_ACTIVE_LEVELS, OMP_THREAD_LIMIT, OMP_SCHEDULE, OMP_DISPLAY_ENV. The per-thread copies
 * (nthreads-var) live in {@link OmpThread}. Bad values are ignored with a warning, as libomp does.
 */
final class Icv {
    private Icv() {}

    static final int SCHED_STATIC = 1, SCHED_DYNAMIC = 2, SCHED_GUIDED = 3, SCHED_AUTO = 4;
    static final int MAX_ACTIVE_LEVELS_LIMIT = 255;

    static final int NUM_PROCS = Runtime.getRuntime().availableProcessors();
    /** nthreads-var per nesting level from OMP_NUM_THREADS; entry 0 is the initial thread's. */
    static final int[] NUM_THREADS_LIST;

    static volatile boolean dynamic;
    static volatile int maxActiveLevels;
    static final int THREAD_LIMIT;
    /** structured-thread-limit-var and free-agent-thread-limit-var (OpenMP 6.0: OMP_THREADS_RESERVE). */
    static final int STRUCTURED_THREAD_LIMIT, FREE_AGENT_THREAD_LIMIT;
    /** max-task-priority-var (OMP_MAX_TASK_PRIORITY) and cancel-var (OMP_CANCELLATION). */
    static final int maxTaskPriority;

    static final boolean cancellation;
    /** run-sched-var: kind (SCHED_*, possibly with the monotonic bit) and chunk (0 = unspecified). */
    static volatile int runSchedKind, runSchedChunk;
    /** nteams-var and teams-thread-limit-var (OMP_NUM_TEAMS, OMP_TEAMS_THREAD_LIMIT; 0: not set). */
    static volatile int nteams, teamsThreadLimit;
    /** OMP_DISPLAY_ENV: null (not set), "true" or "verbose". */
    static final String DISPLAY_ENV;

    static {
        String nt = System.getenv("OMP_NUM_THREADS");
        int[] list = nt == null ? null : parseNumThreads(nt);
        if (nt != null && list == null) warn("OMP_NUM_THREADS", nt);
        NUM_THREADS_LIST = list != null ? list : new int[] {NUM_PROCS};
        dynamic = parseBool("OMP_DYNAMIC", false);
        String nested = System.getenv("OMP_NESTED");
        String mal = System.getenv("OMP_MAX_ACTIVE_LEVELS");
        // libgomp and libomp: nesting is on when OMP_NESTED says so or OMP_NUM_THREADS is a list
        int levels = parseBool("OMP_NESTED", false) || NUM_THREADS_LIST.length > 1 ? MAX_ACTIVE_LEVELS_LIMIT : 1;
        if (nested != null && !parseBool("OMP_NESTED", true)) levels = 1;
        if (mal != null) {
            int v = parsePositive(mal, true);
            if (v < 0) warn("OMP_MAX_ACTIVE_LEVELS", mal);
            else levels = Math.min(v, MAX_ACTIVE_LEVELS_LIMIT);
        }
        maxActiveLevels = levels;
        String tl = System.getenv("OMP_THREAD_LIMIT");
        int limit = tl == null ? Integer.MAX_VALUE : parsePositive(tl, false);
        if (limit <= 0) {
            if (tl != null) warn("OMP_THREAD_LIMIT", tl);
            limit = Integer.MAX_VALUE;
        }
        THREAD_LIMIT = limit;
        int[] reserve = ThreadsReserve.limits(System.getenv("OMP_THREADS_RESERVE"), limit);
        STRUCTURED_THREAD_LIMIT = reserve[0];
        FREE_AGENT_THREAD_LIMIT = reserve[1];
        String sched = System.getenv("OMP_SCHEDULE");
        int[] s = sched == null ? null : parseSchedule(sched);
        if (sched != null && s == null) warn("OMP_SCHEDULE", sched);
        if (s == null) s = new int[] {SCHED_DYNAMIC, 0}; // libgomp's default run-sched-var
        runSchedKind = s[0];
        runSchedChunk = s[1];
        String mtp = System.getenv("OMP_MAX_TASK_PRIORITY");
        int prio = mtp == null ? 0 : parsePositive(mtp, true);
        if (prio < 0) {
            warn("OMP_MAX_TASK_PRIORITY", mtp);
            prio = 0;
        }
        maxTaskPriority = prio;
        cancellation = parseBool("OMP_CANCELLATION", false);
        nteams = positive("OMP_NUM_TEAMS");
        teamsThreadLimit = positive("OMP_TEAMS_THREAD_LIMIT");
        String display = System.getenv("OMP_DISPLAY_ENV");
        String d = display == null ? null : display.trim().toLowerCase(Locale.ROOT);
        if (d != null && !d.equals("true") && !d.equals("verbose") && !d.equals("false"))
            warn("OMP_DISPLAY_ENV", display);
        DISPLAY_ENV = "true".equals(d) || "verbose".equals(d) ? d : null;
        if (DISPLAY_ENV != null) display(System.err, DISPLAY_ENV.equals("verbose"));
    }

    /** A positive integer from the environment, 0 when unset or invalid (with a warning). */
    private static int positive(String name) {
        String v = System.getenv(name);
        if (v == null) return 0;
        int n = parsePositive(v, false);
        if (n <= 0) {
            warn(name, v);
            return 0;
        }
        return n;
    }

    /** OMP_NUM_THREADS: a comma-separated list of positive integers; null when malformed. */
    static int[] parseNumThreads(String s) {
        String[] parts = s.trim().split("\\s*,\\s*", -1);
        int[] out = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = parsePositive(parts[i], false);
            if (out[i] <= 0) return null;
        }
        return out;
    }

    /** OMP_SCHEDULE: "[monotonic:|nonmonotonic:]kind[,chunk]"; {kind, chunk} or null when malformed. */
    static int[] parseSchedule(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        int mod = 0;
        if (t.startsWith("monotonic:")) {
            mod = 0x80000000;
            t = t.substring(10);
        } else if (t.startsWith("nonmonotonic:")) t = t.substring(13);
        String[] parts = t.split("\\s*,\\s*", -1);
        if (parts.length > 2) return null;
        int kind = switch (parts[0].trim()) {
            case "static" -> SCHED_STATIC;
            case "dynamic" -> SCHED_DYNAMIC;
            case "guided" -> SCHED_GUIDED;
            case "auto" -> SCHED_AUTO;
            default -> 0;
        };
        if (kind == 0) return null;
        int chunk = 0;
        if (parts.length == 2) {
            chunk = parsePositive(parts[1], false);
            if (chunk <= 0) return null;
        }
        return new int[] {kind | mod, chunk};
    }

    /** A decimal integer (> 0, or >= 0 when zero is allowed); -1 when malformed or out of range. */
    static int parsePositive(String s, boolean zeroOk) {
        String t = s.trim();
        if (t.isEmpty() || t.length() > 10 || !t.chars().allMatch(Character::isDigit)) return -1;
        long v = Long.parseLong(t);
        if (v > Integer.MAX_VALUE || v < (zeroOk ? 0 : 1)) return -1;
        return (int) v;
    }

    static boolean parseBool(String name, boolean fallback) {
        String v = System.getenv(name);
        if (v == null) return fallback;
        String t = v.trim().toLowerCase(Locale.ROOT);
        if (t.equals("true") || t.equals("1") || t.equals("yes") || t.equals("on")) return true;
        if (t.equals("false") || t.equals("0") || t.equals("no") || t.equals("off")) return false;
        warn(name, v);
        return fallback;
    }

    static void warn(String name, String value) {
        System.err.println("OMP: Warning: ignoring invalid value \"" + value + "\" of environment variable " + name);
    }

    static String scheduleName(int kind, int chunk) {
        String k = switch (kind & 0x7fffffff) {
            case SCHED_STATIC -> "STATIC";
            case SCHED_DYNAMIC -> "DYNAMIC";
            case SCHED_GUIDED -> "GUIDED";
            default -> "AUTO";
        };
        if ((kind & 0x80000000) != 0) k = "MONOTONIC:" + k;
        return chunk > 0 ? k + "," + chunk : k;
    }

    static void display(PrintStream out) {
        display(out, false);
    }

    /**
     * OMP_DISPLAY_ENV and omp_display_env: every ICV's environment variable and value in the spec's
     * format (OpenMP 5.2 §21.7), as libomp prints it: {@code [host] NAME='value'} lines in name order
     * between the BEGIN and END lines; verbose adds jomp's own variables.
     */
    static void display(PrintStream out, boolean verbose) {
        StringBuilder nt = new StringBuilder();
        for (int n : NUM_THREADS_LIST) nt.append(nt.isEmpty() ? "" : ",").append(n);
        StringBuilder bind = new StringBuilder();
        for (int b : Places.BIND) bind.append(bind.isEmpty() ? "" : ",").append(Places.bindName(b));
        java.util.TreeMap<String, String> v = new java.util.TreeMap<>();
        v.put("OMP_AFFINITY_FORMAT", "'" + Affinity.format + "'");
        v.put("OMP_ALLOCATOR", "'" + allocatorName(OmpApi.omp_get_default_allocator()) + "'");
        v.put("OMP_CANCELLATION", cancellation ? "'TRUE'" : "'FALSE'");
        v.put("OMP_DEFAULT_DEVICE", "'" + DeviceIcvs.defaultDevice + "'");
        v.put("OMP_DISPLAY_AFFINITY", Affinity.DISPLAY ? "'TRUE'" : "'FALSE'");
        v.put(
                "OMP_DISPLAY_ENV",
                DISPLAY_ENV == null ? "'FALSE'" : DISPLAY_ENV.equals("verbose") ? "'VERBOSE'" : "'TRUE'");
        v.put("OMP_DYNAMIC", dynamic ? "'TRUE'" : "'FALSE'");
        v.put("OMP_MAX_ACTIVE_LEVELS", "'" + maxActiveLevels + "'");
        v.put("OMP_MAX_TASK_PRIORITY", "'" + maxTaskPriority + "'");
        v.put("OMP_NESTED", ": deprecated; max-active-levels-var=" + maxActiveLevels);
        v.put("OMP_NUM_TEAMS", "'" + nteams + "'");
        v.put("OMP_NUM_THREADS", "'" + nt + "'");
        v.put("OMP_PLACES", Places.PLACES_TEXT == null ? ": value is not defined" : "'" + Places.PLACES_TEXT + "'");
        v.put("OMP_PROC_BIND", "'" + bind + "'");
        v.put("OMP_SCHEDULE", "'" + scheduleName(runSchedKind, runSchedChunk).toLowerCase(Locale.ROOT) + "'");
        v.put("OMP_STACKSIZE", "'" + stacksize() + "'");
        v.put("OMP_TARGET_OFFLOAD", "'" + DeviceIcvs.TARGET_OFFLOAD + "'");
        v.put("OMP_TEAMS_THREAD_LIMIT", "'" + teamsThreadLimit + "'");
        v.put("OMP_THREAD_LIMIT", "'" + THREAD_LIMIT + "'");
        v.put("OMP_TOOL", "'disabled'");
        v.put("OMP_WAIT_POLICY", "'PASSIVE'");
        out.println();
        out.println("OPENMP DISPLAY ENVIRONMENT BEGIN");
        out.println("   _OPENMP='" + OPENMP + "'");
        for (var e : v.entrySet())
            out.println("  [host] " + e.getKey() + (e.getValue().startsWith(":") ? e.getValue() : "=" + e.getValue()));
        if (verbose) {
            for (String name : new String[] {
                "JOMP_JVM_DEVICES", "JOMP_JAVA_OPTS", "LIBOMPTARGET_DEBUG", "LIBOMPTARGET_INFO", "LIBOMPTARGET_PROFILE"
            }) {
                String val = System.getenv(name);
                out.println("  [host] " + name + (val == null ? ": value is not defined" : "='" + val + "'"));
            }
        }
        out.println("OPENMP DISPLAY ENVIRONMENT END");
        out.println();
        out.flush();
    }

    /** The predefined allocators' names (OpenMP 5.2 §6.2), by handle. */
    static String allocatorName(long a) {
        String[] names = {
            "omp_null_allocator",
            "omp_default_mem_alloc",
            "omp_large_cap_mem_alloc",
            "omp_const_mem_alloc",
            "omp_high_bw_mem_alloc",
            "omp_low_lat_mem_alloc",
            "omp_cgroup_mem_alloc",
            "omp_pteam_mem_alloc",
            "omp_thread_mem_alloc"
        };
        return a >= 0 && a < names.length ? names[(int) a] : "omp_default_mem_alloc";
    }

    /** stacksize-var: OMP_STACKSIZE ({@code size[B|K|M|G]}, K by default), as OMP_DISPLAY_ENV shows it. */
    static String stacksize() {
        String v = System.getenv("OMP_STACKSIZE");
        if (v != null) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*(\\d+)\\s*([bBkKmMgG]?)\\s*")
                    .matcher(v);
            if (m.matches())
                return m.group(1) + (m.group(2).isEmpty() ? "K" : m.group(2).toUpperCase(Locale.ROOT));
            warn("OMP_STACKSIZE", v);
        }
        long bytes = Long.getLong("jomp.stack.size", 8L << 20);
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + "M" : bytes % 1024 == 0 ? (bytes >> 10) + "K" : bytes + "B";
    }

    /** The _OPENMP jomp predefines (docs/user-guide.md). */
    static final String OPENMP = "201811";
}
