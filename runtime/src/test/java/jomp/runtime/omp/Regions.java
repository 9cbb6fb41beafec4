package jomp.runtime.omp;

import java.lang.foreign.Arena;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

/** Test helpers: a Java lambda as an outlined region body of type Parallel.BODY (the Stack ignored), and native memory. */
final class Regions {
    private Regions() {}

    @FunctionalInterface
    interface Body {
        void run(int threadNum, long args);
    }

    static MethodHandle body(Body b) {
        try {
            MethodHandle run = MethodHandles.lookup()
                    .findVirtual(Body.class, "run", Parallel.BODY.dropParameterTypes(2, 3))
                    .bindTo(b);
            return MethodHandles.dropArguments(run, 2, jomp.runtime.mem.Stack.class);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    static void parallel(int n, Body b) {
        Parallel.fork(n, body(b), 0);
    }

    /** Zeroed native memory that lives as long as the test JVM. */
    static long alloc(long bytes) {
        return Arena.global().allocate(bytes, 16).address();
    }
}
