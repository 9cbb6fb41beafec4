package jomp.runtime.ffi;

import java.lang.foreign.MemorySegment;
import java.util.HexFormat;
import jomp.runtime.mem.Mem;

/**
 * The native half of C signal handlers (docs/design/abi.md § Signals). A C handler is a jomp
 * function, Java code, which a signal handler cannot run: the kernel runs a handler on whichever
 * thread it picks (a JVM thread among them) at whatever point that thread is, and HotSpot cannot
 * enter Java from there (FFM's upcall stub refuses a thread in the wrong state: the JVM's crash
 * report). So the kernel's handler is {@code catch} (src/main/asm/sigcatcher.s): it records the
 * signal (a count per signal and the last siginfo) and writes a byte to a pipe, touching nothing
 * else. The C library's signal thread reads the pipe and runs the C handlers
 * (jomp.runtime.libc.Signal).
 */
public final class SignalCatcher {
    private SignalCatcher() {}

    /** Signals 1..64; index 0 is unused. */
    public static final int NSIG = 65;

    /** sigcatcher.s assembled (SignalCatcherTest checks these bytes against GNU as). */
    static final byte[] CODE = HexFormat.of()
            .parseHex(
                    "89fa4c8d05f70f00004885f6741589d0c1e007498dbc0000040000b910000000f348a5f041ff0490418bb800020000498db004020000ba01000000b8010000000f05c3");

    private static final int PAGE = 4096, WAKE_FD = 512, ONE = 516, INFO = 1024, INFO_SIZE = 128;
    private static final int DATA_PAGES = 3;
    private static final int SA_SIGINFO = 4, SA_RESTART = 0x10000000;
    private static final int PROT_READ = 1, PROT_EXEC = 4, O_NONBLOCK = 0x800, O_CLOEXEC = 0x80000, F_SETFL = 4;

    private static final class F {
        static final MemorySegment SIGACTION = Universal.glibc("sigaction");
        static final MemorySegment PIPE2 = Universal.glibc("pipe2");
        static final MemorySegment FCNTL = Universal.glibc("fcntl");
        static final MemorySegment READ = Universal.glibc("read");
        static final MemorySegment CLOSE = Universal.glibc("close");
        static final MemorySegment MPROTECT = Universal.glibc("mprotect");
    }

    private static volatile long code;
    private static long data;
    private static int readFd = -1;

    /** Makes the catcher and its pipe (once; the native world starts with it). */
    public static synchronized void start() {
        if (code != 0) return;
        NativeWorld.start();
        long c = Mem.permanent((1L + DATA_PAGES) * PAGE, PAGE);
        Mem.fill(c, (byte) 0xcc, PAGE); // int3 wherever no code is
        Mem.copyFromArray(CODE, 0, c, CODE.length);
        if (Universal.call(F.MPROTECT, c, PAGE, PROT_READ | PROT_EXEC, 0, 0, 0) != 0)
            throw new IllegalStateException("jomp: cannot make the signal catcher executable (mprotect failed)");
        data = c + PAGE;
        Mem.putByte(data + ONE, (byte) 1);
        openPipe();
        code = c;
    }

    /** A fresh pipe: the read end blocks (the signal thread waits on it), the write end never does. */
    private static void openPipe() {
        long fds = data + ONE + 4;
        if (Universal.call(F.PIPE2, fds, O_CLOEXEC, 0, 0, 0, 0) != 0)
            throw new IllegalStateException("jomp: cannot make the signal pipe");
        readFd = Mem.getInt(fds);
        int w = Mem.getInt(fds + 4);
        Universal.call(F.FCNTL, w, F_SETFL, O_NONBLOCK, 0, 0, 0);
        Mem.putInt(data + WAKE_FD, w);
    }

    /** Whether the catcher exists. */
    public static boolean started() {
        return code != 0;
    }

    /** The kernel's action for {@code sig} becomes the catcher (SA_RESTART as the C handler asked, and {@code flags}). */
    public static void catchSignal(int sig, boolean restart, int flags) {
        kernelAction(sig, code, SA_SIGINFO | (restart ? SA_RESTART : 0) | flags);
    }

    /** The kernel's action for {@code sig} becomes SIG_DFL (0) or SIG_IGN (1), with {@code flags}. */
    public static void setKernelAction(int sig, long handler, int flags) {
        kernelAction(sig, handler, flags);
    }

    private static void kernelAction(int sig, long handler, int flags) {
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long act = s.alloc(152, 16); // glibc's struct sigaction: handler, sa_mask (128), sa_flags, sa_restorer
            Mem.fill(act, (byte) 0, 152);
            Mem.putLong(act, handler);
            Mem.putInt(act + 136, flags);
            Universal.call(F.SIGACTION, sig, act, 0, 0, 0, 0);
        } finally {
            s.reset(mark);
        }
    }

    /** The handler address the kernel has for {@code sig} now (0: SIG_DFL, 1: SIG_IGN, anything else a handler). */
    public static long kernelHandler(int sig) {
        NativeWorld.start();
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long old = s.alloc(152, 16);
            Mem.fill(old, (byte) 0, 152);
            if (Universal.call(F.SIGACTION, sig, 0, old, 0, 0, 0) != 0) return -1;
            return Mem.getLong(old);
        } finally {
            s.reset(mark);
        }
    }

    /** Whether {@code handler} (from {@link #kernelHandler}) is the catcher. */
    public static boolean isCatcher(long handler) {
        return handler != 0 && handler == code;
    }

    /** How many times {@code sig} arrived since the last {@link #take}. */
    public static int count(int sig) {
        return code == 0 ? 0 : Mem.getIntVolatile(data + 4L * sig);
    }

    /** Takes the signals counted for {@code sig}: their number. */
    public static int take(int sig) {
        return code == 0 ? 0 : Mem.getAndSetInt(data + 4L * sig, 0);
    }

    /** Takes one arrival of {@code sig} if the count is still {@code n}. */
    public static boolean compareAndSet(int sig, int n, int now) {
        return Mem.compareAndSetInt(data + 4L * sig, n, now);
    }

    /** Counts {@code sig} as arrived (raise of a blocked signal). */
    public static void add(int sig) {
        Mem.getAndAddInt(data + 4L * sig, 1);
    }

    /** The last siginfo_t the kernel gave for {@code sig} (128 bytes). */
    public static long info(int sig) {
        return data + INFO + (long) INFO_SIZE * sig;
    }

    /**
     * Waits until the catcher writes to the pipe (the signal thread, blocked in read, in native
     * code, where the JVM needs nothing of it). False when the pipe is gone (a program that closed
     * every descriptor): the caller then polls.
     */
    public static boolean awaitSignal() {
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long buf = s.alloc(64, 16);
            long n = Universal.call(F.READ, readFd, buf, 64, 0, 0, 0);
            return n > 0 || n < 0 && Mem.getInt(ThreadState.current().errno) == 4; // EINTR: read again
        } finally {
            s.reset(mark);
        }
    }

    /**
     * In the child of a fork: no signal is pending (as the kernel clears the child's), and the
     * child gets a pipe of its own, so its signals do not wake the parent's signal thread.
     */
    public static void afterFork() {
        if (code == 0) return;
        for (int sig = 1; sig < NSIG; sig++) Mem.putInt(data + 4L * sig, 0);
        Universal.call(F.CLOSE, readFd, 0, 0, 0, 0, 0);
        Universal.call(F.CLOSE, Mem.getInt(data + WAKE_FD), 0, 0, 0, 0, 0);
        openPipe();
    }
}
