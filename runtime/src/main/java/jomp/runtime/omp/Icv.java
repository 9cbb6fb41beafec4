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
    /** max-task-priority-var (OMP_MAX_TASK_PRIORITY) and cancel-var (OMP_CANCELLATION). */
    static final int maxTaskPriority;
    static final boolean cancellation;
    /** run-sched-var: kind (SCHED_*, possibly with the monotonic bit) and chunk (0 = unspecified). */
    static volatile int runSchedKind, runSchedChunk;

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
        if (limit <= 0) { if (tl != null) warn("OMP_THREAD_LIMIT", tl); limit = Integer.MAX_VALUE; }
        THREAD_LIMIT = limit;
        String sched = System.getenv("OMP_SCHEDULE");
        int[] s = sched == null ? null : parseSchedule(sched);
        if (sched != null && s == null) warn("OMP_SCHEDULE", sched);
        if (s == null) s = new int[] {SCHED_DYNAMIC, 0}; // libgomp's default run-sched-var
        runSchedKind = s[0];
        runSchedChunk = s[1];
        String mtp = System.getenv("OMP_MAX_TASK_PRIORITY");
        int prio = mtp == null ? 0 : parsePositive(mtp, true);
        if (prio < 0) { warn("OMP_MAX_TASK_PRIORITY", mtp); prio = 0; }
        maxTaskPriority = prio;
        cancellation = parseBool("OMP_CANCELLATION", false);
        String display = System.getenv("OMP_DISPLAY_ENV");
        if (display != null && (display.equalsIgnoreCase("true") || display.equalsIgnoreCase("verbose"))) display(System.err);
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
        if (t.startsWith("monotonic:")) { mod = 0x80000000; t = t.substring(10); }
        else if (t.startsWith("nonmonotonic:")) t = t.substring(13);
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

    private static boolean parseBool(String name, boolean fallback) {
        String v = System.getenv(name);
        if (v == null) return fallback;
        String t = v.trim().toLowerCase(Locale.ROOT);
        if (t.equals("true") || t.equals("1") || t.equals("yes") || t.equals("on")) return true;
        if (t.equals("false") || t.equals("0") || t.equals("no") || t.equals("off")) return false;
        warn(name, v);
        return fallback;
    }

    private static void warn(String name, String value) {
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

    /** OMP_DISPLAY_ENV=true: the ICVs in libomp's format, on stderr. */
    static void display(PrintStream out) {
        StringBuilder nt = new StringBuilder();
        for (int n : NUM_THREADS_LIST) nt.append(nt.isEmpty() ? "" : ",").append(n);
        out.println("OPENMP DISPLAY ENVIRONMENT BEGIN");
        out.println("   _OPENMP='201811'");
        out.println("   [host] OMP_DYNAMIC='" + (dynamic ? "TRUE" : "FALSE") + "'");
        out.println("   [host] OMP_MAX_ACTIVE_LEVELS='" + maxActiveLevels + "'");
        out.println("   [host] OMP_NESTED='" + (maxActiveLevels > 1 ? "TRUE" : "FALSE") + "'");
        out.println("   [host] OMP_NUM_THREADS='" + nt + "'");
        out.println("   [host] OMP_SCHEDULE='" + scheduleName(runSchedKind, runSchedChunk) + "'");
        out.println("   [host] OMP_THREAD_LIMIT='" + THREAD_LIMIT + "'");
        out.println("   [host] OMP_DEFAULT_DEVICE='0'");
        out.println("   [host] OMP_MAX_TASK_PRIORITY='" + maxTaskPriority + "'");
        out.println("   [host] OMP_CANCELLATION='" + (cancellation ? "TRUE" : "FALSE") + "'");
        out.println("OPENMP DISPLAY ENVIRONMENT END");
        out.flush();
    }
}
