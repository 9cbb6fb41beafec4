package jomp.runtime.libc;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import jomp.runtime.ffi.SignalCatcher;
import jomp.runtime.ffi.Universal;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;

/**
 * signal.h, and the waits a signal interrupts (pause, sleep): C's signal handlers on the JVM
 * (docs/design/abi.md § Signals).
 * <p>
 * A signal whose action is the default or ignore is the kernel's business, as in C: the launcher
 * runs the JVM with -Xrs, so HotSpot claims none of SIGTERM, SIGINT, SIGHUP, SIGQUIT, and a
 * signal's default action ends the program with the signal's status, silently, running no atexit
 * handler. A C handler is a jomp function, which no signal handler can call; its signal is
 * caught by {@link SignalCatcher}, which counts it and wakes the signal thread, a daemon thread of
 * this class that runs the handler. So a handler runs in a thread of its own, beside the thread the
 * signal interrupted, with the signal (and its sa_mask) blocked meanwhile, as C blocks it; the
 * functions that wait for a signal (pause, sigsuspend, sigwait, sleep, usleep, nanosleep) return
 * once a handler has run, as C's are interrupted. {@code raise} and {@code kill} of the program
 * itself run the handler in the calling thread before they return, as C does.
 * <p>
 * Each thread has its own signal mask, kept here (the main thread's from the start, another's from
 * its first pthread_sigmask): a signal sent to the process is blocked while every one of those
 * threads blocks it (or a running handler's sa_mask does), as the kernel gives a process's signal
 * to any thread that does not block it; a blocked signal is caught and counted, and delivered
 * when it is unblocked. A thread's mask is also set on that thread, so that a child from fork and
 * a program from exec inherit it, as in C. SIGSEGV, SIGBUS, SIGILL and SIGFPE stay HotSpot's
 * (it needs them): a handler for one runs when the program raises it; a fault ends the program by
 * the signal, as with the default action.
 */
public final class Signal {
    private Signal() {}

    static final int SIGILL = 4,
            SIGABRT = 6,
            SIGBUS = 7,
            SIGFPE = 8,
            SIGKILL = 9,
            SIGSEGV = 11,
            SIGUSR2 = 12,
            SIGPIPE = 13,
            SIGCHLD = 17,
            SIGCONT = 18,
            SIGSTOP = 19,
            SIGTSTP = 20,
            SIGTTIN = 21,
            SIGTTOU = 22,
            SIGURG = 23,
            SIGWINCH = 28;
    private static final int NSIG = SignalCatcher.NSIG, SIGRTMIN = 34;
    private static final long SIG_DFL = 0, SIG_IGN = 1, SIG_ERR = -1;
    private static final int SA_NOCLDSTOP = 1,
            SA_NOCLDWAIT = 2,
            SA_SIGINFO = 4,
            SA_RESTART = 0x10000000,
            SA_NODEFER = 0x40000000,
            SA_RESETHAND = 0x80000000;
    private static final int SIG_BLOCK = 0, SIG_UNBLOCK = 1, SIG_SETMASK = 2;
    private static final int EINTR = 4, EAGAIN = 11;
    private static final int SI_USER = 0, SI_TKILL = -6;
    /** What no mask can block (SIGKILL, SIGSTOP), and what the thread's own mask leaves to HotSpot. */
    private static final long UNBLOCKABLE = bit(SIGKILL) | bit(SIGSTOP);

    private static final long JVM_OWNED = bit(SIGSEGV) | bit(SIGBUS) | bit(SIGILL) | bit(SIGFPE);

    /** The program's action for each signal: SIG_DFL, SIG_IGN or a handler; its sa_flags and sa_mask. */
    private static final long[] HANDLER = new long[NSIG];

    private static final int[] FLAGS = new int[NSIG];
    private static final long[] MASK = new long[NSIG];

    /** Guards the actions, the mask and {@link #handled}; waits for a signal wait on it. */
    static final Object LOCK = new Object();
    /** Whether the actions are known (read from the kernel, once: what the program inherited ignored stays ignored). */
    private static volatile boolean known;
    /** The signals blocked for the process (bit sig - 1): those every thread's mask blocks, and a running handler's. */
    private static long blocked;
    /** Each thread's own mask, for the threads that set one, and the main thread's (under LOCK). */
    private static final java.util.Map<Thread, Long> MASKS = new java.util.WeakHashMap<>();
    /** The thread that runs the C program's main (in a forked child, the thread that forked). */
    private static Thread mainThread;
    /** What the running handlers block meanwhile (their signal and sa_mask). */
    private static long inHandler;
    /** Handlers run so far: a wait for a signal ends when it moves. */
    private static long handled;
    /** Whether a signal thread runs (not in the child of a fork, where the waits poll). */
    private static volatile boolean dispatcher;

    static long bit(int sig) {
        return 1L << (sig - 1);
    }

    private static Thread findMain() {
        for (Thread t : Thread.getAllStackTraces().keySet()) if (t.getName().equals("main")) return t;
        return Thread.currentThread();
    }

    /**
     * The calling thread's own mask: what it set, or for a thread that has not, the mask it
     * inherited from the thread that created it (its native mask: jomp sets each thread's).
     */
    private static long ownMask() {
        Long m = MASKS.get(Thread.currentThread());
        if (m != null) return m;
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long cur = s.alloc(128, 16);
            Mem.fill(cur, (byte) 0, 128);
            Universal.call(Native.PTHREAD_SIGMASK, SIG_BLOCK, 0, cur, 0, 0, 0);
            return Mem.getLong(cur) & ~JVM_OWNED & ~bit(SIGUSR2) & ~UNBLOCKABLE;
        } finally {
            s.reset(mark);
        }
    }

    /** blocked from the threads' masks and the handlers' (under LOCK). */
    private static void recompute() {
        if (mainThread == null) mainThread = findMain();
        long all = ~0L;
        boolean mainSeen = false;
        for (java.util.Iterator<java.util.Map.Entry<Thread, Long>> it =
                        MASKS.entrySet().iterator();
                it.hasNext(); ) {
            java.util.Map.Entry<Thread, Long> e = it.next();
            if (!e.getKey().isAlive()) {
                it.remove();
                continue;
            }
            all &= e.getValue();
            mainSeen |= e.getKey() == mainThread;
        }
        if (!mainSeen && mainThread.isAlive()) all = 0; // the main thread blocks nothing until it says so
        blocked = all | inHandler;
    }

    private static boolean valid(int sig) {
        return sig >= 1 && sig < NSIG && sig != 32 && sig != 33;
    } // 32, 33: glibc's own

    /** Reads the inherited actions and starts the catcher and the signal thread (under LOCK). */
    private static void init() {
        if (known) return;
        SignalCatcher.start();
        for (int sig = 1; sig < NSIG; sig++)
            if (valid(sig)) HANDLER[sig] = SignalCatcher.kernelHandler(sig) == SIG_IGN ? SIG_IGN : SIG_DFL;
        known = true;
        startDispatcher();
    }

    private static void startDispatcher() {
        dispatcher = true;
        Thread t = new Thread(Signal::dispatch, "jomp-signals");
        t.setDaemon(true);
        t.start();
    }

    /** The signal thread: waits for the catcher, then delivers what arrived. */
    private static void dispatch() {
        try {
            while (true) {
                if (!SignalCatcher.awaitSignal()) Thread.sleep(10); // the pipe is gone: poll
                synchronized (LOCK) {
                    LOCK.notifyAll();
                } // sigwait's waiters look
                deliverPending();
            }
        } catch (Throwable t) {
            jomp.runtime.start.Signals.fatal(t);
        }
    }

    /**
     * Sets the kernel's action for {@code sig} from the program's action and mask (under LOCK): the
     * catcher for a handler or a blocked signal, else SIG_IGN or SIG_DFL. HotSpot's fault signals
     * keep HotSpot's handler.
     */
    private static void apply(int sig) {
        if ((JVM_OWNED & bit(sig)) != 0) return;
        long h = HANDLER[sig];
        if (h != SIG_DFL && h != SIG_IGN || (blocked & bit(sig)) != 0) {
            // SA_NOCLDSTOP and SA_NOCLDWAIT are the kernel's to honour
            int f = FLAGS[sig];
            SignalCatcher.catchSignal(
                    sig, h == SIG_DFL || h == SIG_IGN || (f & SA_RESTART) != 0, f & (SA_NOCLDSTOP | SA_NOCLDWAIT));
        } else {
            SignalCatcher.setKernelAction(sig, h, FLAGS[sig] & (SA_NOCLDSTOP | SA_NOCLDWAIT));
        }
    }

    private static void setAction(int sig, long h, int flags, long mask) {
        HANDLER[sig] = h;
        FLAGS[sig] = flags;
        MASK[sig] = mask & ~UNBLOCKABLE;
        if (h == SIG_IGN) SignalCatcher.take(sig); // a pending signal set to be ignored is discarded
        apply(sig);
    }

    // ---- actions ----

    /** signal: BSD semantics, as glibc's (the handler stays, system calls restart). */
    public static long signal(int sig, long handler) {
        return setSimple(sig, handler, SA_RESTART);
    }

    /** The System V signal (what {@code signal} is in strict ISO C mode): the action resets to SIG_DFL as the handler starts. */
    public static long __sysv_signal(int sig, long handler) {
        return setSimple(sig, handler, SA_RESETHAND | SA_NODEFER);
    }

    public static long sysv_signal(int sig, long handler) {
        return __sysv_signal(sig, handler);
    }

    public static long bsd_signal(int sig, long handler) {
        return signal(sig, handler);
    }

    private static long setSimple(int sig, long handler, int flags) {
        if (!valid(sig) || sig == SIGKILL || sig == SIGSTOP) {
            Errno.set(Errno.EINVAL);
            return SIG_ERR;
        }
        synchronized (LOCK) {
            init();
            long old = HANDLER[sig];
            setAction(sig, handler, flags, (flags & SA_NODEFER) != 0 ? 0 : bit(sig));
            return old;
        }
    }

    /** sigaction with glibc's struct sigaction: the handler, sa_mask (128 bytes), sa_flags, sa_restorer. */
    public static int sigaction(int sig, long act, long oldact) {
        if (!valid(sig) || act != 0 && (sig == SIGKILL || sig == SIGSTOP)) {
            Errno.set(Errno.EINVAL);
            return -1;
        }
        synchronized (LOCK) {
            init();
            long h = 0, mask = 0;
            int flags = 0;
            if (act != 0) { // read before writing oldact, which may be the same struct
                h = Mem.getLong(act);
                mask = Mem.getLong(act + 8);
                flags = Mem.getInt(act + 136);
            }
            if (oldact != 0) {
                Mem.putLong(oldact, HANDLER[sig]);
                Mem.fill(oldact + 8, (byte) 0, 128);
                Mem.putLong(oldact + 8, MASK[sig]);
                Mem.putLong(oldact + 136, FLAGS[sig] & 0xffffffffL);
                Mem.putLong(oldact + 144, 0);
            }
            if (act != 0) setAction(sig, h, flags, mask);
        }
        return 0;
    }

    /** siginterrupt: whether the signal interrupts system calls (no SA_RESTART) or not. */
    public static int siginterrupt(int sig, int interrupt) {
        if (!valid(sig)) {
            Errno.set(Errno.EINVAL);
            return -1;
        }
        synchronized (LOCK) {
            init();
            FLAGS[sig] = interrupt != 0 ? FLAGS[sig] & ~SA_RESTART : FLAGS[sig] | SA_RESTART;
            apply(sig);
        }
        return 0;
    }

    // ---- sending ----

    /** raise: the signal is delivered to the calling thread before raise returns. */
    public static int raise(int sig) {
        return sendSelf(sig, SI_TKILL);
    }

    /**
     * kill: to the program itself it acts as raise (delivered before kill returns); to others,
     * glibc's kill; to a group that holds the program, both.
     */
    public static int kill(int pid, int sig) {
        long self = ProcessHandle.current().pid();
        if (pid == self && sig != 0 && sig != SIGKILL && sig != SIGSTOP) return sendSelf(sig, SI_USER);
        if (sig != 0 && !valid(sig)) {
            Errno.set(Errno.EINVAL);
            return -1;
        }
        jomp.runtime.ffi.NativeWorld.start();
        long g;
        synchronized (LOCK) {
            g = handled;
        }
        int r = (int) Universal.call(Native.KILL, pid, sig, 0, 0, 0, 0);
        if (r == 0 && (pid == 0 || pid == -1 || pid == -currentGroup()) && sig != 0 && hasUnblockedHandler(sig)) {
            waitForHandler(g, System.nanoTime() + 1_000_000_000L); // it reached the program too: its handler runs first
        }
        return r;
    }

    private static long currentGroup() {
        return Universal.call(Native.GETPGRP, 0, 0, 0, 0, 0, 0);
    }

    private static boolean hasUnblockedHandler(int sig) {
        synchronized (LOCK) {
            return known && HANDLER[sig] != SIG_DFL && HANDLER[sig] != SIG_IGN && (blocked & bit(sig)) == 0;
        }
    }

    private static int sendSelf(int sig, int code) {
        if (!valid(sig)) {
            Errno.set(Errno.EINVAL);
            return -1;
        }
        long h;
        int flags;
        long mask;
        synchronized (LOCK) {
            if (!known && ((JVM_OWNED | bit(SIGABRT)) & bit(sig)) != 0) {
                // no action set yet: the default, without starting the native world for it
                defaultAction(sig);
                return 0;
            }
            init();
            if ((blocked & bit(sig)) != 0) {
                SignalCatcher.add(sig);
                return 0;
            }
            h = HANDLER[sig];
            flags = FLAGS[sig];
            mask = MASK[sig];
        }
        if (h == SIG_IGN) return 0;
        if (h == SIG_DFL) {
            defaultAction(sig);
            return 0;
        }
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long info = s.alloc(128, 16);
            Mem.fill(info, (byte) 0, 128);
            Mem.putInt(info, sig);
            Mem.putInt(info + 8, code);
            Mem.putInt(info + 16, (int) ProcessHandle.current().pid());
            Mem.putInt(info + 20, (int) Universal.callCritical(Native.GETUID, 0, 0, 0, 0, 0, 0));
            runHandler(sig, h, flags, mask, info);
        } finally {
            s.reset(mark);
        }
        return 0;
    }

    /** What the default action does: nothing (SIGCHLD, SIGCONT, SIGURG, SIGWINCH), stop, or end the program by the signal. */
    private static void defaultAction(int sig) {
        switch (sig) {
            case SIGCHLD, SIGCONT, SIGURG, SIGWINCH -> {}
            case SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU -> {
                synchronized (LOCK) {
                    SignalCatcher.setKernelAction(sig, SIG_DFL, 0);
                    threadMask(SIG_UNBLOCK, bit(sig));
                    Universal.call(Native.RAISE, sig, 0, 0, 0, 0, 0); // stopped until SIGCONT
                    threadMask(SIG_SETMASK, ownMask());
                    apply(sig);
                }
            }
            case SIGABRT -> jomp.runtime.start.Signals.abort();
            case SIGSEGV, SIGBUS, SIGILL, SIGFPE -> jomp.runtime.start.Signals.die(sig, null);
            default -> {
                // the kernel ends the process: its action for sig becomes the default, sig is unblocked in this thread
                SignalCatcher.setKernelAction(sig, SIG_DFL, 0);
                threadMask(SIG_UNBLOCK, bit(sig));
                Universal.call(Native.RAISE, sig, 0, 0, 0, 0, 0);
                jomp.runtime.start.Startup.halt(128 + sig); // not reached
            }
        }
    }

    // ---- delivery ----

    /** Delivers every signal that arrived and is not blocked: its action, in this thread. */
    static void deliverPending() {
        while (true) {
            int sig = 0, n = 0, flags = 0;
            long h = 0, mask = 0;
            synchronized (LOCK) {
                for (int s = 1; s < NSIG && n == 0; s++) {
                    if ((blocked & bit(s)) != 0 || SignalCatcher.count(s) == 0) continue;
                    n = SignalCatcher.take(s);
                    sig = s;
                }
                if (n == 0) return;
                h = HANDLER[sig];
                flags = FLAGS[sig];
                mask = MASK[sig];
            }
            if (h == SIG_IGN) continue;
            if (h == SIG_DFL) {
                defaultAction(sig);
                continue;
            }
            for (int i = 0; i < (sig >= SIGRTMIN ? n : 1); i++)
                runHandler(sig, h, flags, mask, SignalCatcher.info(sig)); // real-time signals queue
        }
    }

    /**
     * Runs a C handler with the signal and its sa_mask blocked (SA_NODEFER: not the signal),
     * having reset the action first for SA_RESETHAND; then delivers what the handler's mask held
     * back, and wakes the waits.
     */
    private static void runHandler(int sig, long h, int flags, long mask, long info) {
        long added;
        synchronized (LOCK) {
            added = (mask | ((flags & SA_NODEFER) != 0 ? 0 : bit(sig))) & ~blocked & ~UNBLOCKABLE;
            inHandler |= added;
            recompute();
            for (int s = 1; s < NSIG; s++) if ((added & bit(s)) != 0 && HANDLER[s] == SIG_DFL) apply(s);
            if ((flags & SA_RESETHAND) != 0) {
                HANDLER[sig] = SIG_DFL;
                FLAGS[sig] = 0;
                apply(sig);
            }
        }
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long copy = s.alloc(128, 16);
            Mem.copy(copy, info, 128);
            call(h, (flags & SA_SIGINFO) != 0, sig, copy);
        } finally {
            s.reset(mark);
            synchronized (LOCK) {
                inHandler &= ~added;
                recompute();
                for (int b = 1; b < NSIG; b++) if ((added & bit(b)) != 0 && valid(b)) apply(b);
                handled++;
                LOCK.notifyAll();
            }
        }
        if (added != 0) deliverPending();
    }

    private static final MethodType ONE_ARG = MethodType.methodType(void.class, int.class);
    private static final MethodType SIGINFO_ARGS = MethodType.methodType(void.class, int.class, long.class, long.class);

    /** Calls the handler: {@code void (int)}, or with SA_SIGINFO {@code void (int, siginfo_t *, void *)}. */
    private static void call(long h, boolean siginfo, int sig, long info) {
        MethodHandle mh = Functions.handle(h, siginfo ? "v(i,p,p)" : "v(i)");
        MethodType want = siginfo ? SIGINFO_ARGS : ONE_ARG;
        if (!mh.type().equals(want)) mh = adapt(mh, want);
        try {
            if (siginfo) mh.invokeExact(sig, info, 0L);
            else mh.invokeExact(sig);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** A handler defined with other parameters than its call passes (a handler of no parameters, say). */
    private static MethodHandle adapt(MethodHandle mh, MethodType want) {
        int have = mh.type().parameterCount();
        if (have < want.parameterCount())
            mh = MethodHandles.dropArguments(mh, have, want.parameterList().subList(have, want.parameterCount()));
        while (mh.type().parameterCount() > want.parameterCount()) {
            Class<?> p = mh.type().parameterType(mh.type().parameterCount() - 1);
            // the C stack every jomp function takes last is this thread's (a handler with a frame uses it)
            Object v = p == long.class
                    ? (Object) 0L
                    : p == int.class
                            ? (Object) 0
                            : p == jomp.runtime.mem.Stack.class ? jomp.runtime.mem.Stack.current() : null;
            mh = MethodHandles.insertArguments(mh, mh.type().parameterCount() - 1, v);
        }
        return mh.asType(want);
    }

    // ---- the mask ----

    public static int sigprocmask(int how, long set, long oldset) {
        int e = changeMask(how, set, oldset);
        if (e != 0) {
            Errno.set(e);
            return -1;
        }
        return 0;
    }

    /** pthread_sigmask: the calling thread's mask (sigprocmask's too), the error as the result. */
    public static int pthread_sigmask(int how, long set, long oldset) {
        return changeMask(how, set, oldset);
    }

    private static int changeMask(int how, long set, long oldset) {
        boolean unblocked;
        synchronized (LOCK) {
            long old = ownMask(), before = blocked;
            if (set != 0) {
                long s = Mem.getLong(set) & ~UNBLOCKABLE;
                long now = switch (how) {
                    case SIG_BLOCK -> old | s;
                    case SIG_UNBLOCK -> old & ~s;
                    case SIG_SETMASK -> s;
                    default -> -1;
                };
                if (now == -1 && how != SIG_SETMASK) return Errno.EINVAL;
                if (now != old || !MASKS.containsKey(Thread.currentThread())) {
                    init();
                    MASKS.put(Thread.currentThread(), now);
                    recompute();
                    for (int sig = 1; sig < NSIG; sig++)
                        if (((before ^ blocked) & bit(sig)) != 0 && valid(sig)) apply(sig);
                    threadMask(SIG_SETMASK, now);
                }
            }
            if (oldset != 0) Mem.putLong(oldset, old);
            unblocked = (before & ~blocked) != 0;
        }
        if (unblocked) deliverPending(); // what was held back is delivered before the call returns
        return 0;
    }

    /** The calling thread's own mask (what fork and exec pass on), leaving HotSpot its fault signals. */
    private static void threadMask(int how, long bits) {
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long set = s.alloc(128, 16);
            Mem.fill(set, (byte) 0, 128);
            Mem.putLong(set, bits & ~JVM_OWNED & ~bit(SIGUSR2));
            Universal.call(Native.PTHREAD_SIGMASK, how, set, 0, 0, 0, 0);
        } finally {
            s.reset(mark);
        }
    }

    /** sigpending: the blocked signals that arrived. */
    public static int sigpending(long set) {
        long bits = 0;
        synchronized (LOCK) {
            for (int sig = 1; sig < NSIG; sig++)
                if ((blocked & bit(sig)) != 0 && SignalCatcher.count(sig) > 0) bits |= bit(sig);
        }
        Mem.fill(set, (byte) 0, 128);
        Mem.putLong(set, bits);
        return 0;
    }

    // ---- waiting for a signal ----

    /** pause: until a handler has run. */
    public static int pause() {
        long g;
        synchronized (LOCK) {
            g = handled;
        }
        waitForHandler(g, Long.MAX_VALUE);
        Errno.set(EINTR);
        return -1;
    }

    /** sigsuspend: the mask becomes *mask until a handler has run. */
    public static int sigsuspend(long maskPtr) {
        long g, old;
        synchronized (LOCK) {
            init();
            g = handled;
            old = ownMask();
        }
        changeMask(SIG_SETMASK, maskPtr, 0);
        try {
            waitForHandler(g, Long.MAX_VALUE);
        } finally {
            jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
            long mark = s.sp;
            long set = s.alloc(8, 8);
            Mem.putLong(set, old);
            changeMask(SIG_SETMASK, set, 0);
            s.reset(mark);
        }
        Errno.set(EINTR);
        return -1;
    }

    /** sigwait: takes one pending signal of *set (which the program has blocked). */
    public static int sigwait(long set, long sig) {
        int s = take(set, 0, Long.MAX_VALUE);
        Mem.putInt(sig, s);
        return 0;
    }

    public static int sigwaitinfo(long set, long info) {
        return take(set, info, Long.MAX_VALUE);
    }

    public static int sigtimedwait(long set, long info, long timeout) {
        long deadline = timeout == 0
                ? Long.MAX_VALUE
                : System.nanoTime() + Mem.getLong(timeout) * 1_000_000_000L + Mem.getLong(timeout + 8);
        int s = take(set, info, deadline);
        if (s == 0) {
            Errno.set(EAGAIN);
            return -1;
        }
        return s;
    }

    /** Waits until one of the signals of *set arrives (0 when the deadline passes), and takes it. */
    private static int take(long set, long info, long deadline) {
        long want = Mem.getLong(set) & ~UNBLOCKABLE;
        synchronized (LOCK) {
            init();
            while (true) {
                for (int sig = 1; sig < NSIG; sig++) {
                    if ((want & bit(sig)) == 0 || !takeOne(sig)) continue;
                    if (info != 0) Mem.copy(info, SignalCatcher.info(sig), 128);
                    return sig;
                }
                if (!sleepLocked(deadline)) return 0;
            }
        }
    }

    /** Takes one arrival of sig: all of a standard signal's (they do not queue), one of a real-time signal's. */
    private static boolean takeOne(int sig) {
        while (true) {
            int n = SignalCatcher.count(sig);
            if (n == 0) return false;
            if (sig < SIGRTMIN) return SignalCatcher.take(sig) > 0;
            if (SignalCatcher.compareAndSet(sig, n, n - 1)) return true;
        }
    }

    /**
     * Waits on LOCK until notified or the deadline passes (false then). Without a signal thread (in
     * the child of a fork) the wait is short, and the caller looks at the counts itself.
     */
    @SuppressWarnings("WaitNotInLoop") // one timed sleep; every caller loops until its deadline or condition
    private static boolean sleepLocked(long deadline) {
        long left = deadline - System.nanoTime();
        if (left <= 0) return false;
        long ms = Math.max(1, Math.min(left / 1_000_000, dispatcher ? Long.MAX_VALUE / 2 : 10));
        try {
            LOCK.wait(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return true;
    }

    /** Waits until a handler has run since generation g (true), or the deadline passes (false). */
    private static boolean waitForHandler(long g, long deadline) {
        while (true) {
            if (!dispatcher) deliverPending();
            synchronized (LOCK) {
                if (handled != g) return true;
                if (!sleepLocked(deadline)) return handled != g;
            }
        }
    }

    /**
     * Sleeps {@code nanos}, or less when a handler runs meanwhile (as a signal interrupts C's
     * nanosleep); returns the time left then, 0 when the sleep was whole.
     */
    static long sleepNanos(long nanos) {
        if (!known) { // no handler was ever set: nothing can end the sleep early
            try {
                Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return 0;
        }
        long deadline = System.nanoTime() + nanos;
        long g;
        synchronized (LOCK) {
            g = handled;
        }
        if (waitForHandler(g, deadline)) return Math.max(1, deadline - System.nanoTime());
        return 0;
    }

    /** sleep: the seconds left when a handler ran meanwhile, else 0. */
    public static int sleep(int seconds) {
        long left = sleepNanos(Integer.toUnsignedLong(seconds) * 1_000_000_000L);
        return (int) (left / 1_000_000_000L);
    }

    public static int usleep(int micros) {
        if (sleepNanos(Integer.toUnsignedLong(micros) * 1000L) != 0) {
            Errno.set(EINTR);
            return -1;
        }
        return 0;
    }

    // ---- fork ----

    /**
     * In the child of a fork: no signal is pending, and the parent's signal thread is not there; a
     * new one runs the C handlers, as the parent's does (a C program's child keeps its handlers: an
     * event loop waiting in poll for its handler to write to a pipe must see it run).
     */
    static void afterFork() {
        SignalCatcher.afterFork();
        dispatcher = false;
        synchronized (LOCK) {
            // the child has the forking thread alone, with its mask
            long own = ownMask();
            MASKS.clear();
            mainThread = Thread.currentThread();
            MASKS.put(mainThread, own);
            recompute();
            if (known) startDispatcher();
        }
    }

    private static final class Native {
        static final java.lang.foreign.MemorySegment KILL = Universal.glibc("kill");
        static final java.lang.foreign.MemorySegment RAISE = Universal.glibc("raise");
        static final java.lang.foreign.MemorySegment GETPGRP = Universal.glibc("getpgrp");
        static final java.lang.foreign.MemorySegment GETUID = Universal.glibc("getuid");
        static final java.lang.foreign.MemorySegment PTHREAD_SIGMASK = Universal.glibc("pthread_sigmask");
    }
}
