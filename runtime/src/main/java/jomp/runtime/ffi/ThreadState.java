package jomp.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
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
        @Override
        protected ThreadState initialValue() {
            return new ThreadState();
        }
    }

    private static final ThreadLocal<ThreadState> CURRENT = new Current();

    /** glibc's __errno_location. */
    private static final class Location {
        static final MemorySegment ERRNO_LOCATION = Universal.glibc("__errno_location");
    }

    private ThreadState() {
        // never freed: a thread keeps its state as long as it lives, and pooled threads live long
        capture = Arena.global().allocate(Linker.Option.captureStateLayout());
        captureAddress = capture.address();
        // through the handle every other call uses (no second FFM shape to generate), capturing into
        // this state's own segment, which nothing reads yet
        try {
            errno = (long) Universal.CaptureLong.H.invokeExact(
                    Location.ERRNO_LOCATION, capture, 0L, 0L, 0L, 0L, 0L, 0L, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
        jomp.runtime.mem.ErrnoCell.current().toNative(errno); // before this thread's first native call
    }

    public static ThreadState current() {
        return CURRENT.get();
    }

    /** After a downcall: errno as the native function left it. */
    public void afterCall() {
        Mem.putInt(errno, Mem.getInt(captureAddress));
    }
}
