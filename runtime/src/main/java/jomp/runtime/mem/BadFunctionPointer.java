package jomp.runtime.mem;

/**
 * A call through a pointer that designates no function (NULL, a wild value): in C the call
 * faults, so the program ends by SIGSEGV (jomp.runtime.start.Signals).
 */
public final class BadFunctionPointer extends IllegalStateException {
    public BadFunctionPointer(long fp) {
        super(
                fp == 0
                        ? "call through an invalid function pointer 0x0 (NULL)"
                        : String.format("call through an invalid function pointer 0x%x", fp));
    }
}
