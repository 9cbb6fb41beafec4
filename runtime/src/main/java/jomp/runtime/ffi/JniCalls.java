package jomp.runtime.ffi;

/**
 * A program's first native calls through JNI where the start cache has its library
 * ({@code jni-calls.c} beside this class, compiled by jomp's build into the start cache; the
 * launcher names it in {@code jomp.calls}): the two universal calls that capture errno, glibc's
 * symbol lookup, and the target of the trampolines' resolver (docs/design/abi.md § Native calls).
 * FFM makes its first downcall handle in a process in tens of milliseconds, even from an AOT
 * cache trained on the same handle (its linker's classes run interpreted and spin classes of
 * their own), and an upcall stub in as many again: most of the start of a program that calls
 * native code; loading this library takes about a millisecond. The stubs call
 * {@link Universal#captureLong} and {@link Universal#captureDouble}, which choose.
 * Without the library (no C compiler at jomp's build, a program run without the start cache, a
 * damaged file), FFM serves as before.
 */
final class JniCalls {
    private JniCalls() {}

    /** The library's version this class takes (jni-calls.c's {@code version}). */
    private static final int VERSION = 2;

    /** Whether the library is loaded and is the one this class was built with. */
    static final boolean LOADED = load();

    @SuppressWarnings("restricted") // native calls are this class's purpose; the launchers enable native access
    private static boolean load() {
        String path = System.getProperty("jomp.calls");
        if (path == null || path.isEmpty()) return false;
        try {
            if (!nonExecutableStack(path)) return false;
            System.load(path);
            return version() == VERSION;
        } catch (UnsatisfiedLinkError | SecurityException e) {
            return false; // not there, not readable, another build's: FFM serves
        }
    }

    private static final int PT_GNU_STACK = 0x6474e551, PF_X = 1;

    /**
     * Whether the file is a 64-bit ELF file whose program headers (in its first 4 KiB, where a
     * linker puts them) ask for a stack that is not executable. The JVM loads anything else only
     * after warning on the program's stderr that the library "might have disabled stack guard"
     * (a damaged or foreign file): such a file is passed over for FFM, silently.
     */
    private static boolean nonExecutableStack(String path) {
        byte[] head = new byte[4096];
        int n;
        try (var in = new java.io.FileInputStream(path)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (java.io.IOException e) {
            return false;
        }
        var b = java.nio.ByteBuffer.wrap(head, 0, n).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        if (n < 64 || b.getInt(0) != 0x464c457f || head[4] != 2 || head[5] != 1) return false;
        long phoff = b.getLong(32);
        int phentsize = b.getShort(54) & 0xffff, phnum = b.getShort(56) & 0xffff;
        if (phentsize < 56 || phoff < 64 || phoff + (long) phnum * phentsize > n) return false;
        for (int i = 0; i < phnum; i++) {
            int at = (int) phoff + i * phentsize;
            if (b.getInt(at) == PT_GNU_STACK) return (b.getInt(at + 4) & PF_X) == 0;
        }
        return false;
    }

    static native long captureLong0(
            long fn,
            long capture,
            long a0,
            long a1,
            long a2,
            long a3,
            long a4,
            long a5,
            long a6,
            long a7,
            double d0,
            double d1,
            double d2,
            double d3,
            double d4,
            double d5,
            double d6,
            double d7);

    static native double captureDouble0(
            long fn,
            long capture,
            long a0,
            long a1,
            long a2,
            long a3,
            long a4,
            long a5,
            long a6,
            long a7,
            double d0,
            double d1,
            double d2,
            double d3,
            double d4,
            double d5,
            double d6,
            double d7);

    /** The address of glibc's {@code name} (libc, libm, libdl, as FFM's default lookup), or 0. */
    static long lookup(String name) {
        return lookup0(name);
    }

    private static native long lookup0(String name);

    /**
     * The native function the trampolines' resolver calls ({@code long (long index)}), which calls
     * {@link jomp.runtime.mem.Functions#resolve} through JNI; 0 when it cannot be made.
     */
    static long resolver() {
        return resolver0(jomp.runtime.mem.Functions.class);
    }

    private static native long resolver0(Class<?> functions);

    private static native int version();
}
