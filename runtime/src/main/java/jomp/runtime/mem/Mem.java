package jomp.runtime.mem;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

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

    /**
     * The unchecked accessors of sun.misc.Unsafe, used only where the JVM was started with
     * {@code --sun-misc-unsafe-memory-access=allow} (an executable's preamble does so; elsewhere
     * they would print a deprecation warning): plain loads and stores with no bounds, alignment
     * or liveness checks, as in C, about twice as fast in loops. Otherwise null, and the checked
     * segment accessors are used; the JIT folds the test away.
     */
    @SuppressWarnings("removal")
    private static final sun.misc.Unsafe U = unsafe();

    @SuppressWarnings("removal")
    private static sun.misc.Unsafe unsafe() {
        if (!"allow".equals(System.getProperty("sun.misc.unsafe.memory.access"))) return null;
        try {
            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Whether the unchecked accessors and the raw allocator below are in use. */
    public static final boolean RAW = U != null;

    /** os::malloc (the C library's malloc when native memory tracking is off); only where {@link #RAW}. Throws OutOfMemoryError on failure. */
    @SuppressWarnings("removal") public static long rawAllocate(long n) { return U.allocateMemory(n); }
    /** os::realloc; only where {@link #RAW}. */
    @SuppressWarnings("removal") public static long rawReallocate(long p, long n) { return U.reallocateMemory(p, n); }
    /** os::free; only where {@link #RAW}. */
    @SuppressWarnings("removal") public static void rawFree(long p) { U.freeMemory(p); }

    @SuppressWarnings("removal") public static byte getByte(long a) { return U != null ? U.getByte(a) : ALL.get(I8, a); }
    @SuppressWarnings("removal") public static short getShort(long a) { return U != null ? U.getShort(a) : ALL.get(I16, a); }
    @SuppressWarnings("removal") public static int getInt(long a) { return U != null ? U.getInt(a) : ALL.get(I32, a); }
    @SuppressWarnings("removal") public static long getLong(long a) { return U != null ? U.getLong(a) : ALL.get(I64, a); }
    @SuppressWarnings("removal") public static float getFloat(long a) { return U != null ? U.getFloat(a) : ALL.get(F32, a); }
    @SuppressWarnings("removal") public static double getDouble(long a) { return U != null ? U.getDouble(a) : ALL.get(F64, a); }

    @SuppressWarnings("removal") public static void putByte(long a, byte v) { if (U != null) U.putByte(a, v); else ALL.set(I8, a, v); }
    @SuppressWarnings("removal") public static void putShort(long a, short v) { if (U != null) U.putShort(a, v); else ALL.set(I16, a, v); }
    @SuppressWarnings("removal") public static void putInt(long a, int v) { if (U != null) U.putInt(a, v); else ALL.set(I32, a, v); }
    @SuppressWarnings("removal") public static void putLong(long a, long v) { if (U != null) U.putLong(a, v); else ALL.set(I64, a, v); }
    @SuppressWarnings("removal") public static void putFloat(long a, float v) { if (U != null) U.putFloat(a, v); else ALL.set(F32, a, v); }
    @SuppressWarnings("removal") public static void putDouble(long a, double v) { if (U != null) U.putDouble(a, v); else ALL.set(F64, a, v); }

    /**
     * memmove: overlapping regions are copied as if through a temporary (Unsafe's copy is
     * conjoint, as is the segment copy). Unsafe's avoids the segment slices and checks, which
     * cost more than the copy itself for the short copies of strcpy and struct assignment.
     */
    @SuppressWarnings("removal")
    public static void copy(long dst, long src, long n) {
        if (U != null) U.copyMemory(src, dst, n); else MemorySegment.copy(ALL, src, ALL, dst, n);
    }

    @SuppressWarnings("removal")
    public static void fill(long dst, byte v, long n) {
        if (U != null) U.setMemory(dst, n, v); else ALL.asSlice(dst, n).fill(v);
    }

    /**
     * Whether {@code getLong} may read the 8 bytes at {@code a} although only the first of them is
     * known to belong to an object: true when they lie in one 4 KiB page (so in one page of any
     * size the system uses, all being multiples of 4 KiB), which is then mapped. The string
     * functions read a word at a time with it, as glibc's do.
     */
    public static boolean wordInPage(long a) { return (a & 4095) <= 4088; }

    /** Reads a NUL-terminated string (bytes as ISO-8859-1, so every byte survives). */
    public static String cString(long a) {
        long n = 0;
        while (getByte(a + n) != 0) n++;
        byte[] b = new byte[(int) n];
        MemorySegment.copy(ALL, I8, a, b, 0, (int) n);
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
