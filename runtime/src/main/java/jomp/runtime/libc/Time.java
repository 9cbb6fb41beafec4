package jomp.runtime.libc;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import jomp.runtime.mem.Mem;

/**
 * time.h and sys/time.h. struct timeval and struct timespec are two 8-byte fields, as on
 * x86-64 glibc. clock() is the process's CPU time in microseconds (CLOCKS_PER_SEC 1000000).
 */
public final class Time {
    private Time() {}

    public static long time(long t) {
        long now = System.currentTimeMillis() / 1000;
        if (t != 0) Mem.putLong(t, now);
        return now;
    }

    public static long clock() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            long ns = sun.getProcessCpuTime();
            if (ns >= 0) return ns / 1000;
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.getCurrentThreadCpuTime() / 1000;
    }

    public static double difftime(long a, long b) {
        return (double) (a - b);
    }

    public static int gettimeofday(long tv, long tz) {
        java.time.Instant now = java.time.Instant.now();
        if (tv != 0) {
            Mem.putLong(tv, now.getEpochSecond());
            Mem.putLong(tv + 8, now.getNano() / 1000);
        }
        if (tz != 0) {
            Mem.putInt(tz, 0);
            Mem.putInt(tz + 4, 0);
        }
        return 0;
    }

    /** CLOCK_REALTIME 0, CLOCK_MONOTONIC 1, CLOCK_PROCESS_CPUTIME_ID 2, CLOCK_THREAD_CPUTIME_ID 3. */
    public static int clock_gettime(int id, long ts) {
        long sec, nsec;
        switch (id) {
            case 0 -> {
                java.time.Instant now = java.time.Instant.now();
                sec = now.getEpochSecond();
                nsec = now.getNano();
            }
            case 1 -> {
                long n = System.nanoTime();
                sec = Math.floorDiv(n, 1_000_000_000L);
                nsec = Math.floorMod(n, 1_000_000_000L);
            }
            case 2, 3 -> {
                long n = id == 2
                        ? clock() * 1000
                        : ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                sec = n / 1_000_000_000L;
                nsec = n % 1_000_000_000L;
            }
            default -> {
                Errno.set(Errno.EINVAL);
                return -1;
            }
        }
        Mem.putLong(ts, sec);
        Mem.putLong(ts + 8, nsec);
        return 0;
    }

    /** TIME_UTC is 1; returns the base, or 0 for an unknown base. */
    public static int timespec_get(long ts, int base) {
        if (base != 1) return 0;
        clock_gettime(0, ts);
        return base;
    }

    /** nanosleep: a handler that runs meanwhile ends it early (-1, EINTR, the time left in *rem), as a signal ends C's. */
    public static int nanosleep(long req, long rem) {
        long sec = Mem.getLong(req), nsec = Mem.getLong(req + 8);
        if (sec < 0 || nsec < 0 || nsec >= 1_000_000_000L) {
            Errno.set(Errno.EINVAL);
            return -1;
        }
        long left = Signal.sleepNanos(
                sec > Long.MAX_VALUE / 1_000_000_000L - 1 ? Long.MAX_VALUE / 2 : sec * 1_000_000_000L + nsec);
        if (left != 0) {
            if (rem != 0) {
                Mem.putLong(rem, left / 1_000_000_000L);
                Mem.putLong(rem + 8, left % 1_000_000_000L);
            }
            Errno.set(4); // EINTR
            return -1;
        }
        return 0;
    }
}
