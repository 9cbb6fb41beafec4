package jomp.runtime.libc;

import java.io.File;
import java.lang.foreign.MemorySegment;
import jomp.runtime.ffi.ForkedJvm;
import jomp.runtime.ffi.Universal;

/**
 * getpriority and setpriority. Linux keeps a nice value per thread, and {@code PRIO_PROCESS} with
 * the process's id names the process's first thread, which in C is the thread running main. A jomp
 * program's main runs on the JVM's main thread, not on the process's first thread (the launcher's,
 * which only waits for the JVM), so the process's id is taken to mean the main thread: 0 (the
 * caller) when main itself asks, the main thread's id when another thread does. libuv sets its
 * priority with {@code setpriority(PRIO_PROCESS, 0, n)} and reads it back by its pid. A forked
 * child's main thread is its first thread, and every other id is the kernel's to interpret.
 */
public final class Priority {
    private Priority() {}

    private static final int PRIO_PROCESS = 0;

    /** Linux's largest pid_max (2^22): thread ids wrap below it. */
    private static final long PID_MAX_LIMIT = 1L << 22;

    private static final class G {
        static final MemorySegment GETPRIORITY = Universal.glibc("getpriority");
        static final MemorySegment SETPRIORITY = Universal.glibc("setpriority");
        static final MemorySegment GETPID = Universal.glibc("getpid");
    }

    /** The main thread's id (found on first use from another thread), or 0 while unknown. */
    private static volatile long mainTid;

    public static int getpriority(int which, int who) {
        return (int) Universal.call(G.GETPRIORITY, which, target(which, who), 0, 0, 0, 0);
    }

    public static int setpriority(int which, int who, int prio) {
        return (int) Universal.call(G.SETPRIORITY, which, target(which, who), prio, 0, 0, 0);
    }

    /** The id to give the kernel for {@code who}. */
    private static long target(int which, int who) {
        long id = who & 0xffffffffL; // id_t is unsigned
        if (which != PRIO_PROCESS || id == 0 || ForkedJvm.isChild()) return id;
        long pid = Universal.call(G.GETPID, 0, 0, 0, 0, 0, 0);
        if (id != pid) return id;
        if (Thread.currentThread().getName().equals("main")) return 0;
        long t = mainTid;
        if (t == 0) mainTid = t = findMainTid(pid);
        return t;
    }

    /**
     * The JVM's main thread: the first thread the java launcher created, so the first id after the
     * process's own (its threads' ids are handed out in increasing order, wrapping at pid_max).
     */
    private static long findMainTid(long pid) {
        File[] tasks = new File("/proc/self/task").listFiles();
        long best = pid, bestDistance = Long.MAX_VALUE;
        if (tasks == null) return pid;
        for (File f : tasks) {
            long tid;
            try {
                tid = Long.parseLong(f.getName());
            } catch (NumberFormatException e) {
                continue;
            }
            long d = Math.floorMod(tid - pid, PID_MAX_LIMIT);
            if (tid != pid && d < bestDistance) {
                best = tid;
                bestDistance = d;
            }
        }
        return best;
    }
}
