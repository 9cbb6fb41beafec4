package jomp.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import jomp.runtime.ffi.CSig.CType;

/**
 * Upcall stubs: native code calling jomp functions through their pointers (qsort's comparison,
 * pthread_create's start routine, atexit handlers registered with glibc). Made when a
 * trampoline is first called (jomp.runtime.mem.Functions), from the function's C signature.
 * A native thread that calls one (a thread pthread_create started) is attached to the JVM by
 * FFM and gets jomp's per-thread state (its native stack, errno, thread-local copies) the way
 * any Java thread does: on first use.
 */
final class Upcalls {
    private Upcalls() {}

    /** The address of an upcall stub running jomp function {@code target} (jomp's type for {@code s}). */
    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    static long stub(MethodHandle target, CSig s) {
        if (s.variadic()) throw new UnsupportedOperationException("native code cannot call a variadic jomp function");
        String why = s.unsupported();
        if (why != null) throw new UnsupportedOperationException(why);
        for (CType t : s.params())
            if (t instanceof CSig.Scalar sc && sc.code() == 'V')
                throw new UnsupportedOperationException("native code cannot pass a va_list to a jomp function");
        MethodHandle h = Adapters.fromJomp(target, s);
        List<MemoryLayout> ps = new ArrayList<>();
        for (CType t : s.params()) ps.add(CSig.layout(t));
        MemoryLayout[] a = ps.toArray(new MemoryLayout[0]);
        FunctionDescriptor d = s.ret().equals(CSig.VOID)
                ? FunctionDescriptor.ofVoid(a)
                : FunctionDescriptor.of(CSig.layout(s.ret()), a);
        return NativeWorld.Ffm.LINKER.upcallStub(h, d, Arena.global()).address();
    }

    /**
     * An exception cannot unwind through native frames: a stack overflow or a division by zero
     * ends the program as the signal would in C; anything else is a fault of jomp's, reported as
     * one (Signals.fatal).
     */
    static void uncaught(Throwable t) {
        jomp.runtime.start.Signals.fatal(t);
    }
}
