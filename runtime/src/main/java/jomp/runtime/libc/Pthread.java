package jomp.runtime.libc;

import java.lang.foreign.MemorySegment;
import jomp.runtime.ffi.Universal;
import jomp.runtime.mem.Mem;

/**
 * The pthread functions jomp code calls in Java rather than in glibc. pthread_once runs its
 * routine, a C function, straight from Java: glibc's would call it back through an upcall stub,
 * whose first making costs tens of milliseconds in a program's start (libraries call
 * pthread_once as they initialise, before any timing of theirs has settled). pthread_create is
 * glibc's, with a floor under the thread's stack size.
 */
public final class Pthread {
    private Pthread() {}

    /** glibc's states of a pthread_once_t (an int, PTHREAD_ONCE_INIT 0): a routine running, done. */
    private static final int IN_PROGRESS = 1, DONE = 2;

    /**
     * pthread_once: the first caller runs the routine; the others wait until it has returned, as
     * in glibc. A routine that does not return (a longjmp out of it; glibc's cancellation) leaves
     * the control as it found it, so that a later call runs it again.
     */
    public static int pthread_once(long control, long routine) {
        while (true) {
            int s = Mem.getIntVolatile(control);
            if (s == DONE) return 0;
            if (s == 0 && Mem.compareAndSetInt(control, 0, IN_PROGRESS)) {
                boolean ran = false;
                try {
                    Stdlib.callHandler(routine);
                    ran = true;
                } finally {
                    Mem.putIntVolatile(control, ran ? DONE : 0);
                }
                return 0;
            }
            Thread.yield(); // another thread runs the routine
        }
    }

    /**
     * The least stack a thread started by pthread_create gets: the JVM's default for its own
     * threads (-Xss). A thread running jomp code runs the JVM on its stack (its guard zones, the
     * interpreter's and compiled frames, larger than C's), and the JVM dies on the 16 KiB that C
     * programs may ask for (PTHREAD_STACK_MIN; libuv's tests) or that a small {@code ulimit -s}
     * makes the default. The thread still gets at least what was asked, and pthread_getattr_np
     * reports what it got, as glibc's threads report their rounded-up size.
     */
    static final long MIN_STACK = 1 << 20;

    /** sizeof(pthread_attr_t) on x86-64 Linux. */
    private static final int ATTR_SIZE = 56;

    private static final class G {
        static final MemorySegment CREATE = Universal.glibc("pthread_create");
        static final MemorySegment ATTR_INIT = Universal.glibc("pthread_attr_init");
        static final MemorySegment ATTR_DESTROY = Universal.glibc("pthread_attr_destroy");
        static final MemorySegment GET_STACKSIZE = Universal.glibc("pthread_attr_getstacksize");
        static final MemorySegment SET_STACKSIZE = Universal.glibc("pthread_attr_setstacksize");
        static final MemorySegment GET_STACKADDR = Universal.glibc("pthread_attr_getstackaddr");
    }

    /**
     * pthread_create: glibc's, the stack raised to {@link #MIN_STACK} where the attributes (or
     * glibc's default, for none) give less. A caller's attributes are raised for the call and put
     * back after it; a stack the caller placed itself (pthread_attr_setstack) is left as it is.
     */
    public static int pthread_create(long thread, long attr, long start, long arg) {
        jomp.runtime.ffi.NativeWorld.start(); // the thread calls the start routine's trampoline
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long own = 0, a = attr;
            if (a == 0) {
                a = own = s.alloc(ATTR_SIZE, 16);
                if (Universal.call(G.ATTR_INIT, own, 0, 0, 0, 0, 0) != 0) own = a = 0;
            }
            long out = s.alloc(16, 8);
            long size = MIN_STACK;
            boolean placed = false;
            if (a != 0 && (int) Universal.call(G.GET_STACKSIZE, a, out, 0, 0, 0, 0) == 0) size = Mem.getLong(out);
            if (a != 0 && own == 0 && (int) Universal.call(G.GET_STACKADDR, a, out, 0, 0, 0, 0) == 0)
                placed = Mem.getLong(out) != 0;
            try {
                if (size >= MIN_STACK || placed) return (int) Universal.call(G.CREATE, thread, attr, start, arg, 0, 0);
                Universal.call(G.SET_STACKSIZE, a, MIN_STACK, 0, 0, 0, 0);
                try {
                    return (int) Universal.call(G.CREATE, thread, a, start, arg, 0, 0);
                } finally {
                    if (own == 0) Universal.call(G.SET_STACKSIZE, a, size, 0, 0, 0, 0);
                }
            } finally {
                if (own != 0) Universal.call(G.ATTR_DESTROY, own, 0, 0, 0, 0, 0);
            }
        } finally {
            s.reset(mark);
        }
    }
}
