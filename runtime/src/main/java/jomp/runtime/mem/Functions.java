package jomp.runtime.mem;

import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * C function pointers. A pointer to a function is a {@code long} handle: the link registers every
 * function whose address is taken, and an indirect call looks its handle up and calls
 * {@code invokeExact} with the call's descriptor (docs/design/abi.md). Handles are small
 * integers offset into an address range no C object can occupy, so they compare and cast like
 * pointers and are never NULL.
 */
public final class Functions {
    /** Handles live at BASE + 16*index: aligned, non-null, far from any native allocation. */
    static final long BASE = 0x7f00_0000_0000_0000L;

    private static volatile MethodHandle[] table = new MethodHandle[64];
    private static int count;

    private Functions() {}

    /** Registers a function and returns its pointer value. */
    public static synchronized long register(MethodHandle mh) {
        if (count == table.length) table = Arrays.copyOf(table, count * 2);
        MethodHandle[] t = table;
        t[count] = mh;
        table = t; // publish
        return BASE + 16L * count++;
    }

    /** The function a pointer designates; calling a bad pointer fails like a segfault would, loudly. */
    public static MethodHandle handle(long fp) {
        long off = fp - BASE;
        MethodHandle[] t = table;
        int i = (int) (off >>> 4);
        if (off < 0 || (off & 15) != 0 || i >= t.length || t[i] == null) {
            throw new IllegalStateException(String.format("call through an invalid function pointer 0x%x", fp));
        }
        return t[i];
    }
}
