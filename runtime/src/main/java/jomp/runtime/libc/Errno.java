package jomp.runtime.libc;

import jomp.runtime.mem.Mem;

/**
 * errno.h: {@code errno} is {@code (*__errno_location())}, one int per thread. Until native code
 * first runs (jomp.runtime.ffi.NativeWorld) it is a thread-local int of jomp's; from then on it is
 * glibc's own errno of the thread, which native functions set (docs/design/abi.md § errno). A
 * thread's value moves over when it first asks afterwards.
 */
public final class Errno {
    private Errno() {}

    public static final int ENOENT = 2,
            EBADF = 9,
            ENOMEM = 12,
            EACCES = 13,
            EISDIR = 21,
            EINVAL = 22,
            ESPIPE = 29,
            EDOM = 33,
            ERANGE = 34;

    public static long __errno_location() {
        jomp.runtime.mem.ErrnoCell e = jomp.runtime.mem.ErrnoCell.current();
        // native code has started: this thread's errno moves to glibc's (ThreadState does it)
        if (!e.isNative && jomp.runtime.ffi.NativeWorld.started()) jomp.runtime.ffi.ThreadState.current();
        return e.address;
    }

    static void set(int e) {
        Mem.putInt(__errno_location(), e);
    }

    static int get() {
        return Mem.getInt(__errno_location());
    }
}
