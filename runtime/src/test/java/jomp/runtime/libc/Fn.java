package jomp.runtime.libc;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

import org.junit.jupiter.api.Assumptions;

/** Registers a Java method as a C function pointer through jomp.runtime.mem.Functions. */
final class Fn {
    private Fn() {}

    static long register(MethodHandle h) {
        Assumptions.assumeTrue(FunctionPointers.available(), "jomp.runtime.mem.Functions is not merged yet");
        try {
            Class<?> c = Class.forName("jomp.runtime.mem.Functions");
            MethodHandle reg = MethodHandles.publicLookup().findStatic(c, "register", MethodType.methodType(long.class, MethodHandle.class));
            return (long) reg.invokeExact(h);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new RuntimeException(t);
        }
    }
}
