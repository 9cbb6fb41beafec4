package jomp.runtime.libc;

import java.lang.invoke.MethodHandle;
import jomp.runtime.mem.Functions;

/** Registers a Java method as a C function pointer, as the link does for C functions. */
final class Fn {
    private Fn() {}

    /** With the C signature the link records from the function's definition (int (void*, void*) is "i(p,p)"). */
    static long register(MethodHandle h) {
        StringBuilder csig = new StringBuilder();
        csig.append(code(h.type().returnType())).append('(');
        for (int i = 0; i < h.type().parameterCount(); i++)
            csig.append(i > 0 ? "," : "").append(code(h.type().parameterType(i)));
        return Functions.register(h, csig.append(')').toString());
    }

    private static char code(Class<?> c) {
        return c == void.class ? 'v' : c == int.class ? 'i' : c == long.class ? 'p' : c == double.class ? 'd' : 'f';
    }
}
