package jomp.runtime.mem;

/**
 * A thread's native stack: frames for address-taken locals, arrays, structs, VLAs and variadic
 * areas. Every C function receives its thread's Stack from its caller as its last parameter
 * (docs/design/abi.md); one that needs a frame marks {@code sp}, allocates, and resets {@code sp}
 * on return; functions that need none pass it on. {@link #current()} (a ThreadLocal) is for the
 * entries from outside: main, the OpenMP runtime's threads, native code calling back, the runtime's
 * own temporary buffers.
 */
public final class Stack {
    /**
     * Per-thread stack size; C programs expect megabytes of automatic storage (8 MiB on Linux).
     * Twice Linux's: a jomp frame holds what gcc's does less the registers, but more of some (each
     * inlined call's address-taken locals, a split function's register area), so recursion that
     * gcc's build runs on 8 MiB (jq's 10,000-deep values) needs more here. Untouched memory costs
     * nothing: the stack is zeroed as it is first reached.
     */
    static final long SIZE = Long.getLong("jomp.stack.size", 16L << 20);

    /** A named subclass, not withInitial(Stack::new): every program starts here, and the first lambda costs milliseconds. */
    private static final class Current extends ThreadLocal<Stack> {
        @Override
        protected Stack initialValue() {
            return new Stack();
        }
    }

    private static final ThreadLocal<Stack> CURRENT = new Current();

    /** Zeroing ahead of the stack's high-water mark goes in steps of this many bytes. */
    private static final long STEP = 256 << 10;

    private final long base;
    private final long limit;
    /**
     * Bytes below this are zeroed; memory is zeroed when the stack first reaches it, not all at
     * creation: clearing 8 MiB costs each thread (and every program's start) 3-4 ms, and most
     * programs use a few kilobytes. What a frame sees is the same, as every frame comes from alloc.
     */
    private long zeroed;
    /** The next free byte; the stack grows upward. */
    public long sp;

    private Stack() {
        Thread t = Thread.currentThread();
        if (Mem.RAW && !t.getName().equals("main")) {
            // other threads (pthread_create's enter through FFM upcalls, and may come and go by the
            // thousand): the stack goes back to the heap once the thread is gone (a live thread is
            // always reachable, so this never frees a stack in use)
            base = Mem.rawAllocate(SIZE); // malloc's alignment is 16
            Freeing.CLEANER.register(t, new Freeing(base));
        } else {
            // the main thread lives as long as the program
            base = Mem.permanentUncleared(SIZE, 16);
        }
        limit = base + SIZE;
        sp = base;
        zeroed = base;
    }

    /** Frees a dead thread's stack. */
    private static final class Freeing implements Runnable {
        static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();
        private final long block;

        Freeing(long block) {
            this.block = block;
        }

        @Override
        public void run() {
            Mem.rawFree(block);
        }
    }

    public static Stack current() {
        return CURRENT.get();
    }

    /** Allocates {@code size} bytes aligned to {@code align} (a power of two, at most 4096). */
    public long alloc(long size, int align) {
        long a = (sp + align - 1) & -(long) align;
        long end = a + size;
        if (end > zeroed || size < 0) reach(end, size);
        sp = end;
        return a;
    }

    /** alloc's slow path: a frame beyond the zeroed part, or beyond the stack. */
    private void reach(long end, long size) {
        if (end > limit || size < 0)
            throw new StackOverflowError("jomp: native stack overflow (" + SIZE + " bytes; set -Djomp.stack.size)");
        long to = Math.min(limit, Math.max(end, zeroed + STEP));
        Mem.fill(zeroed, (byte) 0, to - zeroed);
        zeroed = to;
    }

    /** Frees everything allocated since {@code mark} was read from {@link #sp}. */
    public void reset(long mark) {
        sp = mark;
    }
}
