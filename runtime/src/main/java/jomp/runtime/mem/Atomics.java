package jomp.runtime.mem;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

/**
 * The atomic accesses of compiled C code (the IR's atomicrmw, cmpxchg, atomic load and store,
 * fence): VarHandles over the one segment that spans every address, which the JVM back end
 * invokes directly with the access mode the ordering asks for ({@code getAndAdd},
 * {@code compareAndExchangeAcquire}, {@code getAcquire}, {@code setRelease}, ...), plus the
 * read-modify-writes VarHandles lack (signed and unsigned min and max, floating-point add) as
 * compare-and-exchange loops. The layouts are aligned: an atomic on a misaligned address throws,
 * where C leaves it undefined. A holder class of its own, so that programs without atomics never
 * initialise the FFM runtime (see {@link Mem}).
 */
public final class Atomics {
    private Atomics() {}

    /** Every address as one segment: the first coordinate of each handle. */
    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    public static final VarHandle I8 = ValueLayout.JAVA_BYTE.varHandle();
    public static final VarHandle I16 = ValueLayout.JAVA_SHORT.varHandle();
    public static final VarHandle I32 = ValueLayout.JAVA_INT.varHandle();
    public static final VarHandle I64 = ValueLayout.JAVA_LONG.varHandle();
    public static final VarHandle F32 = ValueLayout.JAVA_FLOAT.varHandle();
    public static final VarHandle F64 = ValueLayout.JAVA_DOUBLE.varHandle();

    // ---- read-modify-writes without a VarHandle access mode (volatile: the strongest ordering serves all) ----
    // min and max read with getVolatile: when they write nothing, that read is the whole operation.

    public static int maxInt(long a, int v) {
        int old = (int) I32.getVolatile(ALL, a);
        while (old < v) {
            int seen = (int) I32.compareAndExchange(ALL, a, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    public static int minInt(long a, int v) {
        int old = (int) I32.getVolatile(ALL, a);
        while (old > v) {
            int seen = (int) I32.compareAndExchange(ALL, a, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    public static int umaxInt(long a, int v) {
        int old = (int) I32.getVolatile(ALL, a);
        while (Integer.compareUnsigned(old, v) < 0) {
            int seen = (int) I32.compareAndExchange(ALL, a, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    public static int uminInt(long a, int v) {
        int old = (int) I32.getVolatile(ALL, a);
        while (Integer.compareUnsigned(old, v) > 0) {
            int seen = (int) I32.compareAndExchange(ALL, a, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    public static long maxLong(long a, long v) {
        long old = (long) I64.getVolatile(ALL, a);
        while (old < v) {
            long seen = (long) I64.compareAndExchange(ALL, a, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    public static long minLong(long a, long v) {
        long old = (long) I64.getVolatile(ALL, a);
        while (old > v) {
            long seen = (long) I64.compareAndExchange(ALL, a, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    public static long umaxLong(long a, long v) {
        long old = (long) I64.getVolatile(ALL, a);
        while (Long.compareUnsigned(old, v) < 0) {
            long seen = (long) I64.compareAndExchange(ALL, a, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    public static long uminLong(long a, long v) {
        long old = (long) I64.getVolatile(ALL, a);
        while (Long.compareUnsigned(old, v) > 0) {
            long seen = (long) I64.compareAndExchange(ALL, a, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    /**
     * fadd on f32: the exchange compares bits (a NaN or -0.0 in memory would loop forever on ==); the
     * first read is a plain guess, which the compare-and-exchange checks.
     */
    public static float faddFloat(long a, float v) {
        int old = (int) I32.get(ALL, a);
        while (true) {
            int seen =
                    (int) I32.compareAndExchange(ALL, a, old, Float.floatToRawIntBits(Float.intBitsToFloat(old) + v));
            if (seen == old) return Float.intBitsToFloat(old);
            old = seen;
        }
    }

    public static double faddDouble(long a, double v) {
        long old = (long) I64.get(ALL, a);
        while (true) {
            long seen = (long)
                    I64.compareAndExchange(ALL, a, old, Double.doubleToRawLongBits(Double.longBitsToDouble(old) + v));
            if (seen == old) return Double.longBitsToDouble(old);
            old = seen;
        }
    }

    public static float fsubFloat(long a, float v) {
        return faddFloat(a, -v);
    }

    public static double fsubDouble(long a, double v) {
        return faddDouble(a, -v);
    }

    // ---- char and short: VarHandles have no compare-and-exchange on them ----

    /** cmpxchg on a byte: the int exchange on the aligned word that holds it (little-endian), as Unsafe does it. */
    public static byte cmpxchgByte(long a, byte expected, byte desired) {
        long w = a & ~3L;
        int shift = (int) (a & 3) * 8;
        while (true) {
            int cur = (int) I32.getVolatile(ALL, w);
            byte old = (byte) (cur >>> shift);
            if (old != expected) return old;
            int nv = (cur & ~(0xFF << shift)) | ((desired & 0xFF) << shift);
            if ((int) I32.compareAndExchange(ALL, w, cur, nv) == cur) return old;
        }
    }

    /** cmpxchg on a short (2-aligned, so inside one aligned word). */
    public static short cmpxchgShort(long a, short expected, short desired) {
        long w = a & ~3L;
        int shift = (int) (a & 2) * 8;
        while (true) {
            int cur = (int) I32.getVolatile(ALL, w);
            short old = (short) (cur >>> shift);
            if (old != expected) return old;
            int nv = (cur & ~(0xFFFF << shift)) | ((desired & 0xFFFF) << shift);
            if ((int) I32.compareAndExchange(ALL, w, cur, nv) == cur) return old;
        }
    }
}
