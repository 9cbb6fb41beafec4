package jomp.runtime.libc;

import java.lang.invoke.MethodHandle;

import jomp.runtime.mem.Functions;

/** Registers a Java method as a C function pointer, as the link does for C functions. */
final class Fn {
    private Fn() {}

    static long register(MethodHandle h) { return Functions.register(h); }
}
