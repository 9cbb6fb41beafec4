package jomp.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

import jomp.runtime.mem.Mem;

/**
 * What a thread needs around native calls: the segment FFM saves errno into right after a call
 * ({@code Linker.Option.captureCallState("errno")}), and the address of the thread's own glibc
 * errno, which is jomp's errno once native calls have started (docs/design/abi.md § errno). After
 * each downcall the saved value is written back there, so the JVM's own work between the call's
 * return and the C code's next look at errno cannot change what the C code sees.
 */
public final class ThreadState {
    /** The segment passed as a downcall's capture argument. */
    public final MemorySegment capture;
    private final long captureAddress;
    /** glibc's errno of this thread ({@code __errno_location()}). */
    public final long errno;

    private static final class Current extends ThreadLocal<ThreadState> {
        @Override protected ThreadState initialValue() { return new ThreadState(); }
    }

    private static final ThreadLocal<ThreadState> CURRENT = new Current();

    /** glibc's __errno_location, bound once. */
    private static final class Location {
        static final MethodHandle ERRNO_LOCATION = Linker.nativeLinker().downcallHandle(
                Linker.nativeLinker().defaultLookup().find("__errno_location").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_LONG), Linker.Option.critical(false));
    }

    private ThreadState() {
        // never freed: a thread keeps its state as long as it lives, and pooled threads live long
        capture = Arena.global().allocate(Linker.Option.captureStateLayout());
        captureAddress = capture.address();
        try {
            errno = (long) Location.ERRNO_LOCATION.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        jomp.runtime.mem.ErrnoCell.current().toNative(errno);   // before this thread's first native call
    }

    public static ThreadState current() { return CURRENT.get(); }

    /** After a downcall: errno as the native function left it. */
    public void afterCall() { Mem.putInt(errno, Mem.getInt(captureAddress)); }
}
