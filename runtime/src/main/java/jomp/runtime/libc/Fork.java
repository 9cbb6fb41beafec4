package jomp.runtime.libc;

import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import jomp.runtime.ffi.ForkedJvm;
import jomp.runtime.ffi.NativeWorld;
import jomp.runtime.ffi.Universal;
import jomp.runtime.mem.Mem;

/**
 * fork (unistd.h) on the JVM: glibc's fork, made safe for the child's JVM
 * (jomp.runtime.ffi.ForkedJvm, docs/design/abi.md § fork). The child has the C program's memory,
 * its stdio buffers (glibc's, copied as in C), its signal actions and mask; it runs C code until it
 * execs or exits, on its one thread.
 * <p>
 * A child whose copy of the JVM cannot go on is never shown to the program: before it runs any C
 * code, the child looks at its copy of HotSpot's global locks, defines a class (ForkedJvm.probe),
 * and tells the parent through a pipe whether the locks were all free; a child that says no, or
 * says nothing in {@link #ANSWER_MS} (it stopped at a safepoint that began in the parent, whose VM
 * thread it does not have, or waits for a lock a vanished thread held), is killed and reaped, and
 * the fork is made again. Only the parent's go-ahead, on a second pipe, lets the
 * child go on, so a child the parent gave up on never runs C code. After {@link #ATTEMPTS} failed
 * attempts fork fails with EAGAIN, as fork does when the system cannot make a process.
 */
public final class Fork {
    private Fork() {}

    static final int ATTEMPTS = 50, ANSWER_MS = 2000;
    private static final int O_CLOEXEC = 0x80000, POLLIN = 1, SIGKILL = 9, EAGAIN = 11;

    private static final class F {
        static final MemorySegment FORK = Universal.glibc("fork");
        static final MemorySegment PIPE2 = Universal.glibc("pipe2");
        static final MemorySegment POLL = Universal.glibc("poll");
        static final MemorySegment READ = Universal.glibc("read");
        static final MemorySegment WRITE = Universal.glibc("write");
        static final MemorySegment CLOSE = Universal.glibc("close");
        static final MemorySegment KILL = Universal.glibc("kill");
        static final MemorySegment WAITPID = Universal.glibc("waitpid");
        static final MemorySegment EXIT = Universal.glibc("_exit");
    }

    public static int fork() {
        runHandlers(PREPARE, true);
        int pid = forkProcess();
        if (pid == 0) runHandlers(CHILD, false);
        else runHandlers(PARENT, false);
        return pid;
    }

    /**
     * pthread_atfork: prepare runs before fork (last registered first), parent and child after it
     * in each process (first registered first), as glibc runs them. jomp keeps the list (glibc's
     * own is in libc_nonshared.a, not the shared library, and its handlers would run inside
     * glibc's fork, where the child's JVM is not yet known to be able to go on); handlers that
     * native libraries register with glibc still run in glibc's fork. vfork runs none, as in glibc.
     */
    public static int pthread_atfork(long prepare, long parent, long child) {
        if (prepare != 0) PREPARE.add(prepare);
        if (parent != 0) PARENT.add(parent);
        if (child != 0) CHILD.add(child);
        return 0;
    }

    // copy-on-write: the child reads its list without a lock another thread may have held at the fork
    private static final List<Long> PREPARE = new CopyOnWriteArrayList<>(),
            PARENT = new CopyOnWriteArrayList<>(),
            CHILD = new CopyOnWriteArrayList<>();

    private static void runHandlers(List<Long> list, boolean lastFirst) {
        Long[] fs = list.toArray(new Long[0]);
        for (int i = 0; i < fs.length; i++) {
            Stdlib.callHandler(fs[lastFirst ? fs.length - 1 - i : i]);
        }
    }

    @SuppressWarnings(
            "LockOnNonEnclosingClassLiteral") // Functions' class lock must be free at the fork, as in its child
    private static int forkProcess() {
        NativeWorld.start(); // exit and atexit are glibc's from here on, in parent and child alike
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long fds = s.alloc(16, 8); // up: child to parent, then down: parent to child
            for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                ForkedJvm.prepare(); // (quiet: resumed below, whatever the fork gave)
                if (Universal.call(F.PIPE2, fds, O_CLOEXEC, 0, 0, 0, 0) != 0) return -1;
                if (Universal.call(F.PIPE2, fds + 8, O_CLOEXEC, 0, 0, 0, 0) != 0) {
                    closeAll(fds, 2);
                    return -1;
                }
                int upRead = Mem.getInt(fds),
                        upWrite = Mem.getInt(fds + 4),
                        downRead = Mem.getInt(fds + 8),
                        downWrite = Mem.getInt(fds + 12);
                int pid;
                // the runtime's locks the child may take are free at the fork (pthread_atfork's prepare step)
                synchronized (Signal.LOCK) {
                    synchronized (jomp.runtime.mem.Functions.class) {
                        pid = (int) Universal.call(F.FORK, 0, 0, 0, 0, 0, 0);
                        if (pid == 0) {
                            ForkedJvm.noCompiler(); // before any more Java code can ask for a compilation
                            ForkedJvm.ownClassFiles(); // before it loads a class (from a jar it shares)
                            long b = s.alloc(8, 8);
                            boolean free = ForkedJvm.vmLocksFree();
                            if (free) ForkedJvm.probe(); // hangs here if it must: the parent forks again
                            Mem.putByte(b, (byte) (free ? 1 : 0));
                            Universal.call(F.WRITE, upWrite, b, 1, 0, 0, 0);
                            if (Mem.getByte(b) != 1 || Universal.call(F.READ, downRead, b, 1, 0, 0, 0) != 1)
                                Universal.call(F.EXIT, 0, 0, 0, 0, 0, 0);
                            closeAll(fds, 4);
                            ForkedJvm.inChild();
                            Signal.afterFork();
                            return 0;
                        }
                    }
                }
                ForkedJvm.resume();
                if (pid < 0) {
                    closeAll(fds, 4);
                    return -1;
                }
                Universal.call(F.CLOSE, upWrite, 0, 0, 0, 0, 0);
                Universal.call(F.CLOSE, downRead, 0, 0, 0, 0, 0);
                boolean go = answer(upRead, s) == 1;
                if (go) Universal.call(F.WRITE, downWrite, fds, 1, 0, 0, 0); // any byte: go on
                Universal.call(F.CLOSE, upRead, 0, 0, 0, 0, 0);
                Universal.call(F.CLOSE, downWrite, 0, 0, 0, 0, 0);
                if (go) return pid;
                Universal.call(F.KILL, pid, SIGKILL, 0, 0, 0, 0);
                Universal.call(F.WAITPID, pid, 0, 0, 0, 0, 0);
                Thread.onSpinWait();
            }
            Errno.set(EAGAIN);
            return -1;
        } finally {
            s.reset(mark);
        }
    }

    /** The child's byte (1: its JVM can go on), or -1 when it sends none in time (or dies). */
    private static int answer(int fd, jomp.runtime.mem.Stack s) {
        long p = s.alloc(16, 8);
        Mem.putInt(p, fd);
        Mem.putInt(p + 4, POLLIN);
        long deadline = System.nanoTime() + ANSWER_MS * 1_000_000L;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) return -1;
            long n = Universal.call(F.POLL, p, 1, left, 0, 0, 0);
            if (n == 1) break;
            if (n == 0 || Errno.get() != 4) return -1; // in time, or interrupted by a signal: wait on
        }
        return Universal.call(F.READ, fd, p + 8, 1, 0, 0, 0) == 1 ? Mem.getByte(p + 8) : -1;
    }

    private static void closeAll(long fds, int n) {
        for (int i = 0; i < n; i++) Universal.call(F.CLOSE, Mem.getInt(fds + 4L * i), 0, 0, 0, 0, 0);
    }

    /** vfork: a fork without pthread_atfork's handlers (the parent goes on at once; a child that only execs or _exits cannot tell). */
    public static int vfork() {
        return forkProcess();
    }
}
