package jomp.runtime.mem;

/**
 * A memset, memcpy or memmove of 2^63 bytes or more (a negative size_t: a length computed from
 * pointers out of order, an underflow): in C it runs on until it reaches unmapped memory and
 * faults, so the program ends by SIGSEGV (jomp.runtime.start.Signals).
 */
public final class WildSize extends IllegalStateException {
    public WildSize(long n) {
        super(String.format("memory operation of %s bytes", Long.toUnsignedString(n)));
    }
}
