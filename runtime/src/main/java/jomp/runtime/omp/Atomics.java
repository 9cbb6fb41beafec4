package jomp.runtime.omp;

import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import jomp.runtime.mem.Mem;

/**
 * #pragma omp atomic on native memory: read, write, update and capture as compare-and-set loops or
 * the VarHandle's atomic adds. Addresses must be aligned to the type's size, as C's atomics need.
 * Update methods return the new value (capture {@code v = x op= e}); {@code fetch*} the old one.
 */
public final class Atomics {
    private Atomics() {}

    private static final VarHandle I = ValueLayout.JAVA_INT.varHandle();
    private static final VarHandle L = ValueLayout.JAVA_LONG.varHandle();
    private static final VarHandle F = ValueLayout.JAVA_FLOAT.varHandle();
    private static final VarHandle D = ValueLayout.JAVA_DOUBLE.varHandle();

    public static int readInt(long a) {
        return (int) I.getVolatile(Mem.all(), a);
    }

    public static long readLong(long a) {
        return (long) L.getVolatile(Mem.all(), a);
    }

    public static float readFloat(long a) {
        return (float) F.getVolatile(Mem.all(), a);
    }

    public static double readDouble(long a) {
        return (double) D.getVolatile(Mem.all(), a);
    }

    public static void writeInt(long a, int v) {
        I.setVolatile(Mem.all(), a, v);
    }

    public static void writeLong(long a, long v) {
        L.setVolatile(Mem.all(), a, v);
    }

    public static void writeFloat(long a, float v) {
        F.setVolatile(Mem.all(), a, v);
    }

    public static void writeDouble(long a, double v) {
        D.setVolatile(Mem.all(), a, v);
    }

    /** Swaps in {@code v} where memory holds {@code expected}; returns the value that was there. */
    public static int casInt(long a, int expected, int v) {
        return (int) I.compareAndExchange(Mem.all(), a, expected, v);
    }

    public static long casLong(long a, long expected, long v) {
        return (long) L.compareAndExchange(Mem.all(), a, expected, v);
    }

    public static int addInt(long a, int v) {
        return (int) I.getAndAdd(Mem.all(), a, v) + v;
    }

    public static int subInt(long a, int v) {
        return (int) I.getAndAdd(Mem.all(), a, -v) - v;
    }

    public static int andInt(long a, int v) {
        return (int) I.getAndBitwiseAnd(Mem.all(), a, v) & v;
    }

    public static int orInt(long a, int v) {
        return (int) I.getAndBitwiseOr(Mem.all(), a, v) | v;
    }

    public static int xorInt(long a, int v) {
        return (int) I.getAndBitwiseXor(Mem.all(), a, v) ^ v;
    }

    public static int fetchAddInt(long a, int v) {
        return (int) I.getAndAdd(Mem.all(), a, v);
    }

    public static long addLong(long a, long v) {
        return (long) L.getAndAdd(Mem.all(), a, v) + v;
    }

    public static long subLong(long a, long v) {
        return (long) L.getAndAdd(Mem.all(), a, -v) - v;
    }

    public static long andLong(long a, long v) {
        return (long) L.getAndBitwiseAnd(Mem.all(), a, v) & v;
    }

    public static long orLong(long a, long v) {
        return (long) L.getAndBitwiseOr(Mem.all(), a, v) | v;
    }

    public static long xorLong(long a, long v) {
        return (long) L.getAndBitwiseXor(Mem.all(), a, v) ^ v;
    }

    public static long fetchAddLong(long a, long v) {
        return (long) L.getAndAdd(Mem.all(), a, v);
    }

    /** Any int update {@code x = op(x, v)} ({@link Reduce}'s operators); returns the new value. */
    public static int updateInt(long a, int op, int v) {
        int old = readInt(a), now;
        while (true) {
            now = Reduce.combine(op, old, v);
            int seen = (int) I.compareAndExchange(Mem.all(), a, old, now);
            if (seen == old) return now;
            old = seen;
        }
    }

    public static long updateLong(long a, int op, long v) {
        long old = readLong(a), now;
        while (true) {
            now = Reduce.combine(op, old, v);
            long seen = (long) L.compareAndExchange(Mem.all(), a, old, now);
            if (seen == old) return now;
            old = seen;
        }
    }

    /** Float updates compare bits, so a NaN or -0.0 in memory cannot make the loop spin. */
    public static float updateFloat(long a, int op, float v) {
        int old = readInt(a);
        while (true) {
            float now = Reduce.combine(op, Float.intBitsToFloat(old), v);
            int seen = (int) I.compareAndExchange(Mem.all(), a, old, Float.floatToRawIntBits(now));
            if (seen == old) return now;
            old = seen;
        }
    }

    public static double updateDouble(long a, int op, double v) {
        long old = readLong(a);
        while (true) {
            double now = Reduce.combine(op, Double.longBitsToDouble(old), v);
            long seen = (long) L.compareAndExchange(Mem.all(), a, old, Double.doubleToRawLongBits(now));
            if (seen == old) return now;
            old = seen;
        }
    }

    public static double addDouble(long a, double v) {
        return updateDouble(a, Reduce.ADD, v);
    }

    public static float addFloat(long a, float v) {
        return updateFloat(a, Reduce.ADD, v);
    }

    public static int minInt(long a, int v) {
        return updateInt(a, Reduce.MIN, v);
    }

    public static int maxInt(long a, int v) {
        return updateInt(a, Reduce.MAX, v);
    }

    public static long minLong(long a, long v) {
        return updateLong(a, Reduce.MIN, v);
    }

    public static long maxLong(long a, long v) {
        return updateLong(a, Reduce.MAX, v);
    }
}
