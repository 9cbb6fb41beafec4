package jomp.runtime.mem;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * C's flat address space. Compiled C code keeps pointers as {@code long} addresses and reads and
 * writes native memory through these static methods; the JIT inlines them into plain loads and
 * stores. One segment spans all addresses, so no bounds beyond the address space are checked,
 * exactly as in C.
 */
public final class Mem {
    private Mem() {}

    /** Every address: a zero-based segment as large as the address space. */
    public static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

    private static final ValueLayout.OfByte I8 = ValueLayout.JAVA_BYTE;
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final ValueLayout.OfDouble F64 = ValueLayout.JAVA_DOUBLE_UNALIGNED;

    // Loads and stores go through constant method handles, which the JIT inlines to a plain
    // access. Where java.base exports jdk.internal.misc to the program (an executable's manifest
    // does), they are the JDK's Unsafe accessors: no bounds, alignment or liveness checks, as in
    // C. Elsewhere (the compiler's own process, say) they are the segment accessors.
    private static final MethodHandle GET_BYTE = access("getByte", byte.class, false, I8);
    private static final MethodHandle GET_SHORT = access("getShortUnaligned", short.class, false, I16);
    private static final MethodHandle GET_INT = access("getIntUnaligned", int.class, false, I32);
    private static final MethodHandle GET_LONG = access("getLongUnaligned", long.class, false, I64);
    private static final MethodHandle GET_FLOAT = access("getFloat", float.class, false, F32);
    private static final MethodHandle GET_DOUBLE = access("getDouble", double.class, false, F64);
    private static final MethodHandle PUT_BYTE = access("putByte", byte.class, true, I8);
    private static final MethodHandle PUT_SHORT = access("putShortUnaligned", short.class, true, I16);
    private static final MethodHandle PUT_INT = access("putIntUnaligned", int.class, true, I32);
    private static final MethodHandle PUT_LONG = access("putLongUnaligned", long.class, true, I64);
    private static final MethodHandle PUT_FLOAT = access("putFloat", float.class, true, F32);
    private static final MethodHandle PUT_DOUBLE = access("putDouble", double.class, true, F64);

    /** (long)T or (long,T)void: Unsafe's accessor with a null base, else the segment's. */
    private static MethodHandle access(String name, Class<?> t, boolean put, ValueLayout layout) {
        MethodType type = put ? MethodType.methodType(void.class, long.class, t) : MethodType.methodType(t, long.class);
        try {
            Class<?> u = Class.forName("jdk.internal.misc.Unsafe");
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            Object unsafe = lookup.findStatic(u, "getUnsafe", MethodType.methodType(u)).invoke();
            MethodType raw = put ? MethodType.methodType(void.class, Object.class, long.class, t) : MethodType.methodType(t, Object.class, long.class);
            MethodHandle mh = lookup.findVirtual(u, name, raw).bindTo(unsafe);
            return MethodHandles.insertArguments(mh, 0, (Object) null).asType(type);
        } catch (Throwable e) {
            // jdk.internal.misc is not exported to us: the checked segment accessors below
        }
        MethodHandle vh = layout.varHandle().toMethodHandle(put ? VarHandle.AccessMode.SET : VarHandle.AccessMode.GET);
        return MethodHandles.insertArguments(vh, 0, ALL).asType(type);
    }

    // invokeExact declares Throwable; these handles throw nothing checked
    private static Error unexpected(Throwable t) { return new AssertionError(t); }

    public static byte getByte(long a) { try { return (byte) GET_BYTE.invokeExact(a); } catch (Throwable t) { throw unexpected(t); } }
    public static short getShort(long a) { try { return (short) GET_SHORT.invokeExact(a); } catch (Throwable t) { throw unexpected(t); } }
    public static int getInt(long a) { try { return (int) GET_INT.invokeExact(a); } catch (Throwable t) { throw unexpected(t); } }
    public static long getLong(long a) { try { return (long) GET_LONG.invokeExact(a); } catch (Throwable t) { throw unexpected(t); } }
    public static float getFloat(long a) { try { return (float) GET_FLOAT.invokeExact(a); } catch (Throwable t) { throw unexpected(t); } }
    public static double getDouble(long a) { try { return (double) GET_DOUBLE.invokeExact(a); } catch (Throwable t) { throw unexpected(t); } }

    public static void putByte(long a, byte v) { try { PUT_BYTE.invokeExact(a, v); } catch (Throwable t) { throw unexpected(t); } }
    public static void putShort(long a, short v) { try { PUT_SHORT.invokeExact(a, v); } catch (Throwable t) { throw unexpected(t); } }
    public static void putInt(long a, int v) { try { PUT_INT.invokeExact(a, v); } catch (Throwable t) { throw unexpected(t); } }
    public static void putLong(long a, long v) { try { PUT_LONG.invokeExact(a, v); } catch (Throwable t) { throw unexpected(t); } }
    public static void putFloat(long a, float v) { try { PUT_FLOAT.invokeExact(a, v); } catch (Throwable t) { throw unexpected(t); } }
    public static void putDouble(long a, double v) { try { PUT_DOUBLE.invokeExact(a, v); } catch (Throwable t) { throw unexpected(t); } }

    /** memcpy: regions must not overlap (memmove semantics are kept anyway, as copy() does). */
    public static void copy(long dst, long src, long n) { MemorySegment.copy(ALL, src, ALL, dst, n); }
    public static void fill(long dst, byte v, long n) { ALL.asSlice(dst, n).fill(v); }

    /** Reads a NUL-terminated string (bytes as ISO-8859-1, so every byte survives). */
    public static String cString(long a) {
        long n = 0;
        while (getByte(a + n) != 0) n++;
        byte[] b = new byte[(int) n];
        MemorySegment.copy(ALL, I8, a, b, 0, (int) n);
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
