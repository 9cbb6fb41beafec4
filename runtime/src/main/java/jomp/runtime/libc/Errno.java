package jomp.runtime.libc;

import jomp.runtime.mem.Mem;

/**
 * errno.h: {@code errno} is {@code (*__errno_location())}, one int per thread, jomp's own
 * (jomp.runtime.mem.ErrnoCell): a native call copies it into glibc's errno of the thread as it
 * starts, and glibc's back into it as it returns (docs/design/abi.md § errno).
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
        return jomp.runtime.mem.ErrnoCell.current().address;
    }

    static void set(int e) {
        Mem.putInt(__errno_location(), e);
    }

    static int get() {
        return Mem.getInt(__errno_location());
    }
}
