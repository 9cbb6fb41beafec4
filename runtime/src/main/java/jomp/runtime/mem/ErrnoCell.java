package jomp.runtime.mem;

/**
 * A thread's errno as jomp's code sees it (docs/design/abi.md § errno): an int of jomp's own, not
 * glibc's errno, which the JVM's own system calls in the thread may change at any moment. Native
 * calls copy between the two ({@code jomp.runtime.ffi.ThreadState}). Kept apart from the C library
 * and the FFM code, which both use it, so that reading errno starts no FFM.
 */
public final class ErrnoCell {
    /** The address of errno. */
    public final long address = Mem.permanent(4, 4);

    private static final class Current extends ThreadLocal<ErrnoCell> {
        @Override
        protected ErrnoCell initialValue() {
            return new ErrnoCell();
        }
    }

    private static final ThreadLocal<ErrnoCell> CURRENT = new Current();

    public static ErrnoCell current() {
        return CURRENT.get();
    }
}
