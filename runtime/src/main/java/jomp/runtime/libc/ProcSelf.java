package jomp.runtime.libc;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import jomp.runtime.ffi.Universal;
import jomp.runtime.mem.Mem;

/**
 * {@code /proc/self/exe} as the program's own file. A jomp program's process is the JVM's, so the
 * kernel's link names the java binary; programs that find themselves through it (to re-run
 * themselves as a helper process, to find files beside them: libuv's uv_exepath, test runners)
 * would start java instead. readlink, readlinkat and realpath of that link (also
 * {@code /proc/thread-self/exe} and {@code /proc/<pid>/exe} of the process itself) answer the
 * executable the launcher started from (its {@code jomp.executable}, the path the kernel gave it);
 * every other path is glibc's.
 */
public final class ProcSelf {
    private ProcSelf() {}

    private static final class G {
        static final MemorySegment READLINK = Universal.glibc("readlink");
        static final MemorySegment READLINKAT = Universal.glibc("readlinkat");
        static final MemorySegment REALPATH = Universal.glibc("realpath");
        static final MemorySegment GETPID = Universal.glibc("getpid"); // a forked child's own (the JVM keeps its first)
    }

    /** The executable's path when path names this process's exe link, else null. */
    private static byte[] self(long path) {
        String exe = System.getProperty("jomp.executable");
        if (exe == null || exe.isEmpty() || path == 0) return null;
        String p = Mem.cString(path);
        if (!p.startsWith("/proc/") || !p.endsWith("/exe")) return null;
        if (p.equals("/proc/self/exe")
                || p.equals("/proc/thread-self/exe")
                || p.equals("/proc/" + Universal.call(G.GETPID, 0, 0, 0, 0, 0, 0) + "/exe"))
            return exe.getBytes(StandardCharsets.UTF_8);
        return null;
    }

    /** readlink: the link's text, not NUL-terminated, cut at size, and its length. */
    public static long readlink(long path, long buf, long size) {
        byte[] exe = self(path);
        if (exe == null) return Universal.call(G.READLINK, path, buf, size, 0, 0, 0);
        int n = (int) Math.min(exe.length, Math.max(size, 0));
        Mem.copyFromArray(exe, 0, buf, n);
        return n;
    }

    /** readlinkat: as readlink for the exe link (an absolute path: dirfd plays no part). */
    public static long readlinkat(int dirfd, long path, long buf, long size) {
        if (self(path) != null) return readlink(path, buf, size);
        return Universal.call(G.READLINKAT, dirfd, path, buf, size, 0, 0);
    }

    /** realpath: the executable's path for the exe link, in resolved or (when null) in a malloc'd block. */
    public static long realpath(long path, long resolved) {
        byte[] exe = self(path);
        if (exe == null) return Universal.call(G.REALPATH, path, resolved, 0, 0, 0, 0);
        long out = resolved != 0 ? resolved : Stdlib.malloc(exe.length + 1L);
        if (out == 0) return 0;
        Mem.copyFromArray(exe, 0, out, exe.length);
        Mem.putByte(out + exe.length, (byte) 0);
        return out;
    }
}
