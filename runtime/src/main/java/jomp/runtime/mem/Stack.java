package jomp.runtime.mem;


/**
 * A thread's native stack: frames for address-taken locals, arrays, structs, VLAs and variadic
 * areas. A function that needs one takes {@code current()} once, marks {@code sp}, allocates, and
 * resets {@code sp} on return; functions that need none never touch it.
 */
public final class Stack {
    /** Per-thread stack size; C programs expect megabytes of automatic storage (8 MiB like Linux). */
    static final long SIZE = Long.getLong("jomp.stack.size", 8L << 20);

    /** A named subclass, not withInitial(Stack::new): every program starts here, and the first lambda costs milliseconds. */
    private static final class Current extends ThreadLocal<Stack> {
        @Override protected Stack initialValue() { return new Stack(); }
    }

    private static final ThreadLocal<Stack> CURRENT = new Current();

    private final long base;
    private final long limit;
    /** The next free byte; the stack grows upward. */
    public long sp;

    private Stack() {
        // Never freed: a thread's stack lives as long as the program (threads are pooled).
        base = Mem.permanent(SIZE, 16);
        limit = base + SIZE;
        sp = base;
    }

    public static Stack current() { return CURRENT.get(); }

    /** Allocates {@code size} bytes aligned to {@code align} (a power of two, at most 4096). */
    public long alloc(long size, int align) {
        long a = (sp + align - 1) & -(long) align;
        long end = a + size;
        if (end > limit || size < 0) throw new StackOverflowError("jomp: native stack overflow (" + SIZE + " bytes; set -Djomp.stack.size)");
        sp = end;
        return a;
    }

    /** Frees everything allocated since {@code mark} was read from {@link #sp}. */
    public void reset(long mark) { sp = mark; }
}
