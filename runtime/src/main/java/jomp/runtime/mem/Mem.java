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

    /**
     * Every address: a zero-based segment as large as the address space, and the layouts of the
     * checked accessors. In a holder, so that a program running on Unsafe never initialises the
     * FFM runtime (about 20 ms of start-up) unless it calls native code.
     */
    private static final class Segments {
        @SuppressWarnings(
                "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
        static final MemorySegment ALL = MemorySegment.NULL.reinterpret(Long.MAX_VALUE);

        static final ValueLayout.OfByte I8 = ValueLayout.JAVA_BYTE;
        static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED;
        static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED;
        static final ValueLayout.OfLong I64 = ValueLayout.JAVA_LONG_UNALIGNED;
        static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED;
        static final ValueLayout.OfDouble F64 = ValueLayout.JAVA_DOUBLE_UNALIGNED;
    }

    /** Every address as one segment (for bulk copies with MemorySegment.copy). */
    public static MemorySegment all() {
        return Segments.ALL;
    }

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
    @SuppressWarnings("removal")
    public static long rawAllocate(long n) {
        return U.allocateMemory(n);
    }
    /** os::realloc; only where {@link #RAW}. */
    @SuppressWarnings("removal")
    public static long rawReallocate(long p, long n) {
        return U.reallocateMemory(p, n);
    }
    /** os::free; only where {@link #RAW}. */
    @SuppressWarnings("removal")
    public static void rawFree(long p) {
        U.freeMemory(p);
    }

    @SuppressWarnings("removal")
    public static byte getByte(long a) {
        return U != null ? U.getByte(a) : Segments.ALL.get(Segments.I8, a);
    }

    @SuppressWarnings("removal")
    public static short getShort(long a) {
        return U != null ? U.getShort(a) : Segments.ALL.get(Segments.I16, a);
    }

    @SuppressWarnings("removal")
    public static int getInt(long a) {
        return U != null ? U.getInt(a) : Segments.ALL.get(Segments.I32, a);
    }

    @SuppressWarnings("removal")
    public static long getLong(long a) {
        return U != null ? U.getLong(a) : Segments.ALL.get(Segments.I64, a);
    }

    @SuppressWarnings("removal")
    public static float getFloat(long a) {
        return U != null ? U.getFloat(a) : Segments.ALL.get(Segments.F32, a);
    }

    @SuppressWarnings("removal")
    public static double getDouble(long a) {
        return U != null ? U.getDouble(a) : Segments.ALL.get(Segments.F64, a);
    }

    @SuppressWarnings("removal")
    public static void putByte(long a, byte v) {
        if (U != null) U.putByte(a, v);
        else Segments.ALL.set(Segments.I8, a, v);
    }

    @SuppressWarnings("removal")
    public static void putShort(long a, short v) {
        if (U != null) U.putShort(a, v);
        else Segments.ALL.set(Segments.I16, a, v);
    }

    @SuppressWarnings("removal")
    public static void putInt(long a, int v) {
        if (U != null) U.putInt(a, v);
        else Segments.ALL.set(Segments.I32, a, v);
    }

    @SuppressWarnings("removal")
    public static void putLong(long a, long v) {
        if (U != null) U.putLong(a, v);
        else Segments.ALL.set(Segments.I64, a, v);
    }

    @SuppressWarnings("removal")
    public static void putFloat(long a, float v) {
        if (U != null) U.putFloat(a, v);
        else Segments.ALL.set(Segments.F32, a, v);
    }

    @SuppressWarnings("removal")
    public static void putDouble(long a, double v) {
        if (U != null) U.putDouble(a, v);
        else Segments.ALL.set(Segments.F64, a, v);
    }

    // ---- int atomics for the runtime's own words (pthread_once's control, signal counts): Unsafe's,
    // where Atomics' VarHandles would cost a program that uses no C atomics their making at start

    @SuppressWarnings("removal")
    public static int getIntVolatile(long a) {
        return U != null ? U.getIntVolatile(null, a) : (int) Atomics.I32.getVolatile(Atomics.ALL, a);
    }

    @SuppressWarnings("removal")
    public static void putIntVolatile(long a, int v) {
        if (U != null) U.putIntVolatile(null, a, v);
        else Atomics.I32.setVolatile(Atomics.ALL, a, v);
    }

    @SuppressWarnings("removal")
    public static boolean compareAndSetInt(long a, int expected, int v) {
        return U != null
                ? U.compareAndSwapInt(null, a, expected, v)
                : Atomics.I32.compareAndSet(Atomics.ALL, a, expected, v);
    }

    @SuppressWarnings("removal")
    public static int getAndSetInt(long a, int v) {
        return U != null ? U.getAndSetInt(null, a, v) : (int) Atomics.I32.getAndSet(Atomics.ALL, a, v);
    }

    @SuppressWarnings("removal")
    public static int getAndAddInt(long a, int v) {
        return U != null ? U.getAndAddInt(null, a, v) : (int) Atomics.I32.getAndAdd(Atomics.ALL, a, v);
    }

    /**
     * memmove: overlapping regions are copied as if through a temporary (Unsafe's copy is
     * conjoint, as is the segment copy). Unsafe's avoids the segment slices and checks, which
     * cost more than the copy itself for the short copies of strcpy and struct assignment.
     */
    @SuppressWarnings("removal")
    public static void copy(long dst, long src, long n) {
        if (n < 0) throw new WildSize(n);
        if (U != null) U.copyMemory(src, dst, n);
        else MemorySegment.copy(Segments.ALL, src, Segments.ALL, dst, n);
    }

    @SuppressWarnings("removal")
    public static void fill(long dst, byte v, long n) {
        if (n < 0) throw new WildSize(n);
        if (U != null) U.setMemory(dst, n, v);
        else Segments.ALL.asSlice(dst, n).fill(v);
    }

    /**
     * Whether {@code getLong} may read the 8 bytes at {@code a} although only the first of them is
     * known to belong to an object: true when they lie in one 4 KiB page (so in one page of any
     * size the system uses, all being multiples of 4 KiB), which is then mapped. The string
     * functions read a word at a time with it, as glibc's do.
     */
    public static boolean wordInPage(long a) {
        return (a & 4095) <= 4088;
    }

    /** Copies n bytes from native memory at src into dst[off...]. */
    @SuppressWarnings("removal")
    public static void copyToArray(long src, byte[] dst, int off, int n) {
        if (U != null) U.copyMemory(null, src, dst, sun.misc.Unsafe.ARRAY_BYTE_BASE_OFFSET + off, n);
        else MemorySegment.copy(Segments.ALL, Segments.I8, src, dst, off, n);
    }

    /** Copies src[off...off+n) into native memory at dst. */
    @SuppressWarnings("removal")
    public static void copyFromArray(byte[] src, int off, long dst, int n) {
        if (U != null) U.copyMemory(src, sun.misc.Unsafe.ARRAY_BYTE_BASE_OFFSET + off, null, dst, n);
        else MemorySegment.copy(src, off, Segments.ALL, Segments.I8, dst, n);
    }

    /**
     * Zeroed memory that lives as long as the program (stacks, the data image, argv): from the
     * raw allocator where Unsafe is in use, else from the global arena.
     */
    public static long permanent(long size, long align) {
        long a = permanentUncleared(size, align);
        if (U != null) fill(a, (byte) 0, Math.max(size, 1));
        return a;
    }

    /** As {@link #permanent}, but the contents are undefined: for a caller that zeroes what it uses, when it uses it. */
    public static long permanentUncleared(long size, long align) {
        size = Math.max(size, 1);
        if (U == null)
            return java.lang.foreign.Arena.global().allocate(size, align).address();
        long raw = rawAllocate(size + align - 1);
        return (raw + align - 1) & -align;
    }

    /** Reads a NUL-terminated string (bytes as ISO-8859-1, so every byte survives). */
    public static String cString(long a) {
        long n = 0;
        while (getByte(a + n) != 0) n++;
        byte[] b = new byte[(int) n];
        copyToArray(a, b, 0, (int) n);
        return new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
