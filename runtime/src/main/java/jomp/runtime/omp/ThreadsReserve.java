package jomp.runtime.omp;

import java.util.Locale;

/**
 * OMP_THREADS_RESERVE (OpenMP 6.0 §4.3.10): the initial structured-thread-limit-var and
 * free-agent-thread-limit-var of the host's contention group, by the specification's Algorithm
 * 4.1 from thread-limit-var and the reservations ("4", "structured(4)", "structured",
 * "structured(2),free_agent(2)"). A parallel region's team has at most structured-thread-limit-var
 * threads. jomp has no free-agent threads (omp_is_free_agent is 0): the team's threads run
 * threadset(omp_pool) tasks, which the free-agent limit allows (it is an upper bound).
 */
final class ThreadsReserve {
    private ThreadsReserve() {}

    /** {structured-thread-limit-var, free-agent-thread-limit-var}; threadLimit when unset or invalid (with a warning). */
    static int[] limits(String v, int threadLimit) {
        int[] none = {threadLimit, threadLimit - 1};
        if (v == null || v.isBlank()) return none;
        long structured = 1, freeAgent = 0;
        String s = v.trim().toLowerCase(Locale.ROOT);
        String[] items = s.split("\\s*,\\s*", -1);
        try {
            if (items.length == 1 && s.matches("\\d+")) structured = Long.parseLong(s);
            else {
                for (String item : items) {
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                                    "(structured|free_agent)\\s*(?:\\(\\s*(\\d+)\\s*\\))?")
                            .matcher(item);
                    if (!m.matches()) return warn(v, none);
                    boolean st = m.group(1).equals("structured");
                    long n;
                    if (m.group(2) != null) n = Long.parseLong(m.group(2));
                    else if (items.length == 1)
                        n = st ? threadLimit : threadLimit - 1L; // the only type: all it can have
                    else return warn(v, none);
                    if (st) structured = n;
                    else freeAgent = n;
                }
            }
        } catch (NumberFormatException e) {
            return warn(v, none);
        }
        long reserve = structured + freeAgent; // Algorithm 4.1
        if (structured < 1) structured = 1;
        if (freeAgent == threadLimit) freeAgent--;
        if (reserve > threadLimit) return warn(v, none); // implementation defined: ignored
        return new int[] {(int) (threadLimit - freeAgent), (int) (threadLimit - structured)};
    }

    private static int[] warn(String v, int[] none) {
        System.err.println("OMP: Warning #42: OMP_THREADS_RESERVE: \"" + v + "\" is an invalid value; ignored.");
        return none;
    }
}
