package jomp.runtime.libc;

import jomp.runtime.mem.Atomics;

/**
 * The pthread functions jomp code calls in Java rather than in glibc. pthread_once runs its
 * routine, a C function, straight from Java: glibc's would call it back through an upcall stub,
 * whose first making costs tens of milliseconds in a program's start (libraries call
 * pthread_once as they initialise, before any timing of theirs has settled).
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
            int s = (int) Atomics.I32.getVolatile(Atomics.ALL, control);
            if (s == DONE) return 0;
            if (s == 0 && Atomics.I32.compareAndSet(Atomics.ALL, control, 0, IN_PROGRESS)) {
                boolean ran = false;
                try {
                    Stdlib.callHandler(routine);
                    ran = true;
                } finally {
                    Atomics.I32.setVolatile(Atomics.ALL, control, ran ? DONE : 0);
                }
                return 0;
            }
            Thread.yield(); // another thread runs the routine
        }
    }
}
