package jomp.runtime.mem;

/**
 * Where a thread's errno lives (docs/design/abi.md § errno): an int of jomp's own until the thread
 * makes its first native call, then glibc's errno of that thread, into which the value moves at
 * that moment ({@code jomp.runtime.ffi.ThreadState} calls {@link #toNative}). Kept apart from the
 * C library and the FFM code, which both use it, so that reading errno starts no FFM.
 */
public final class ErrnoCell {
    /** The current address of errno. */
    public long address = Mem.permanent(4, 4);
    /** Whether it is glibc's. */
    public boolean isNative;

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

    /** The thread is about to call native code: errno becomes glibc's, with the value it had. */
    public void toNative(long glibc) {
        if (isNative) return;
        Mem.putInt(glibc, Mem.getInt(address));
        address = glibc;
        isNative = true;
    }
}
