package jomp.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import jomp.runtime.mem.ErrnoCell;
import jomp.runtime.mem.Mem;

/**
 * What a thread needs around native calls (docs/design/abi.md § errno): the segment FFM saves
 * errno into right after a call ({@code Linker.Option.captureCallState("errno")}), the address of
 * the thread's own glibc errno, and jomp's errno of the thread ({@link ErrnoCell}), which C code
 * compiled by jomp reads and writes. The two meet at the border: before a downcall glibc's errno
 * gets jomp's value (native code may read it: {@code perror}, {@code %m}), after it jomp's errno
 * gets the value FFM saved; an upcall does the reverse. In between, the JVM's own system calls in
 * the thread (a safepoint's futex wait, class loading, java.io) may change glibc's errno at any
 * moment, and cannot change jomp's.
 */
public final class ThreadState {
    /** The segment passed as an FFM downcall's capture argument (made when first needed where JNI serves). */
    private MemorySegment capture;

    private final long captureAddress;
    /** glibc's errno of this thread ({@code __errno_location()}). */
    private final long glibcErrno;
    /** jomp's errno of this thread. */
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

    /** At least the size of FFM's capture layout (errno alone on Linux: 4 bytes). */
    private static final long CAPTURE_BYTES = 16;

    private ThreadState() {
        // never freed: a thread keeps its state as long as it lives, and pooled threads live long.
        // JNI's calls store errno at an address; FFM's want a segment of its capture layout, whose
        // making initialises FFM's layouts (method handles spun), made when an FFM handle first
        // needs it (beforeCall)
        if (JniCalls.LOADED) captureAddress = Mem.permanent(CAPTURE_BYTES, 8);
        else {
            capture = Arena.global().allocate(Linker.Option.captureStateLayout());
            captureAddress = capture.address();
        }
        errno = ErrnoCell.current().address;
        // through the call every other one uses (no second FFM shape to generate), capturing into
        // this state's own cell, which nothing reads yet
        long fn = Location.ERRNO_LOCATION.address();
        if (JniCalls.LOADED)
            glibcErrno = JniCalls.captureLong0(
                    fn, captureAddress, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0L, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        else
            try {
                glibcErrno = (long) Universal.CaptureLong.H.invokeExact(
                        Location.ERRNO_LOCATION,
                        capture,
                        0L,
                        0L,
                        0L,
                        0L,
                        0L,
                        0L,
                        0L,
                        0L,
                        0.0,
                        0.0,
                        0.0,
                        0.0,
                        0.0,
                        0.0,
                        0.0,
                        0.0);
            } catch (Throwable t) {
                throw new AssertionError(t);
            }
    }

    public static ThreadState current() {
        return CURRENT.get();
    }

    /**
     * Before a downcall: glibc's errno gets jomp's, and the result is the segment to pass as the
     * call's capture argument.
     */
    public MemorySegment beforeCall() {
        Mem.putInt(glibcErrno, Mem.getInt(errno));
        MemorySegment c = capture;
        return c != null ? c : captureSegment();
    }

    @SuppressWarnings("restricted") // the segment's size is that of the memory allocated for it
    private MemorySegment captureSegment() {
        return capture = MemorySegment.ofAddress(captureAddress).reinterpret(CAPTURE_BYTES);
    }

    /** The same for a call through JNI ({@link JniCalls}): the address to store errno at. */
    long beforeJniCall() {
        Mem.putInt(glibcErrno, Mem.getInt(errno));
        return captureAddress;
    }

    /** After a downcall: jomp's errno is the value the native function left. */
    public void afterCall() {
        Mem.putInt(errno, Mem.getInt(captureAddress));
    }

    /** Native code calls a jomp function: jomp's errno gets glibc's. */
    public void enterFromNative() {
        Mem.putInt(errno, Mem.getInt(glibcErrno));
    }

    /** The jomp function returns to native code: glibc's errno gets jomp's. */
    public void returnToNative() {
        Mem.putInt(glibcErrno, Mem.getInt(errno));
    }
}
