package jomp.runtime.libc;


import jomp.runtime.mem.Mem;

/** errno.h: a thread-local {@code int} in native memory; {@code errno} is {@code (*__errno_location())}. */
public final class Errno {
    private Errno() {}

    public static final int ENOENT = 2, EBADF = 9, ENOMEM = 12, EACCES = 13, EISDIR = 21, EINVAL = 22, ESPIPE = 29, EDOM = 33, ERANGE = 34;

    private static final class Location extends ThreadLocal<Long> {
        @Override protected Long initialValue() { return Mem.permanent(4, 4); }
    }

    private static final ThreadLocal<Long> LOCATION = new Location();

    public static long __errno_location() { return LOCATION.get(); }

    static void set(int e) { Mem.putInt(__errno_location(), e); }

    static int get() { return Mem.getInt(__errno_location()); }
}
