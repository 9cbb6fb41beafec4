package jomp.runtime.libc;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * C function pointers (qsort's comparator, atexit's handlers) to method handles, through
 * {@code jomp.runtime.mem.Functions.handle(long)} (docs/design/abi.md). That class comes from the
 * JVM backend's branch; until it is merged here it is reached reflectively, once, at class load.
 */
final class FunctionPointers {
    private FunctionPointers() {}

    private static final MethodHandle HANDLE = find();

    private static MethodHandle find() {
        Class<?> c;
        try {
            c = Class.forName("jomp.runtime.mem.Functions");
        } catch (ClassNotFoundException e) {
            return null;
        }
        try {
            return MethodHandles.publicLookup().findStatic(c, "handle", MethodType.methodType(MethodHandle.class, long.class));
        } catch (ReflectiveOperationException e) {
            // present but not the promised API: a build error, not something to skip
            throw new IllegalStateException("jomp libc: jomp.runtime.mem.Functions lacks static MethodHandle handle(long)", e);
        }
    }

    static boolean available() { return HANDLE != null; }

    static MethodHandle handle(long f) {
        if (HANDLE == null) throw new IllegalStateException("jomp libc: jomp.runtime.mem.Functions is not on the class path");
        try {
            return (MethodHandle) HANDLE.invokeExact(f);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new RuntimeException(t);
        }
    }
}
