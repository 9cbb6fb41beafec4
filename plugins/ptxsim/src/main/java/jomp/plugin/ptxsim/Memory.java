package jomp.plugin.ptxsim;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;

/**
 * The simulated device's global memory: one reservation of address space (mmap with
 * MAP_NORESERVE: untouched pages cost nothing), handed out in power-of-two blocks of at least 256
 * bytes, each with at least 64 bytes of red zone after it, as device allocations (the runtime's
 * mappings, device malloc, the modules' global variables). A shadow map (one byte per 8-byte
 * granule: how many leading bytes are addressable, as AddressSanitizer keeps it) says which bytes
 * belong to a live allocation, so every global access is checked against the allocations.
 *
 * <p>Global addresses are the native addresses of the reservation (the host copies with plain
 * memory copies). Shared and local memory are reached through generic-address windows above
 * 2^48, where no user-space mapping can be, so a generic address tells its space by its range.
 */
@SuppressWarnings("restricted") // native calls through FFM are this code's purpose; the launchers enable native access
final class Memory {
    static final long SHARED_WINDOW = 1L << 48,
            LOCAL_WINDOW = 2L << 48,
            FUNCTION_BASE = 3L << 48,
            WINDOW_SIZE = 1L << 40;
    private static final int PROT_READ_WRITE = 0x3, MAP_PRIVATE_ANONYMOUS_NORESERVE = 0x22 | 0x4000;
    private static final MethodHandle MMAP;

    static {
        Linker linker = Linker.nativeLinker();
        MMAP = linker.downcallHandle(
                linker.defaultLookup().find("mmap").orElseThrow(),
                FunctionDescriptor.of(
                        ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_LONG));
    }

    private static final int MIN_SHIFT = 8, CHUNK_SHIFT = 19;
    private static final long RED_ZONE = 64;

    final long base, size;
    private long next;
    private final ArrayDeque<Long>[] free;
    /** Live allocations: address -> {requested size, size class shift}. */
    private final TreeMap<Long, long[]> live = new TreeMap<>();

    private final byte[][] shadow;

    /** Reserves {@code size} bytes of address space (or less, halving, when the system refuses). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    Memory(long size) {
        long a = -1;
        while (size >= 64L << 20) {
            a = map(size);
            if (a != -1 && a != 0) break;
            size >>= 1;
        }
        if (a == -1 || a == 0) throw new OutOfMemoryError("ptxsim: cannot reserve device memory");
        base = a;
        this.size = size;
        next = a;
        free = new ArrayDeque[64];
        for (int i = 0; i < free.length; i++) free[i] = new ArrayDeque<>();
        shadow = new byte[(int) ((size + (1L << CHUNK_SHIFT) - 1) >>> CHUNK_SHIFT)][];
    }

    static long map(long length) {
        try {
            return (long) MMAP.invokeExact(0L, length, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS_NORESERVE, -1, 0L);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** A device allocation of {@code n} bytes (aligned to 256 at least), or 0 when the memory is exhausted. */
    synchronized long alloc(long n) {
        return alloc(n, 1);
    }

    /**
     * An allocation of n bytes at a multiple of {@code align} (a power of two up to 64 KiB: a
     * block is aligned to its size up to there), for a module's {@code .align}ed globals.
     */
    synchronized long alloc(long n, long align) {
        long need = Math.max(Math.max(n, 1) + RED_ZONE, align);
        int shift = Math.max(MIN_SHIFT, 64 - Long.numberOfLeadingZeros(need - 1));
        Long reuse = free[shift].pollFirst();
        long a;
        if (reuse != null) {
            a = reuse;
        } else {
            long block = 1L << shift, blockAlign = Math.min(block, 1L << 16);
            a = (next + blockAlign - 1) & -blockAlign;
            if (a + block > base + size) return 0;
            next = a + block;
        }
        live.put(a, new long[] {n, shift});
        mark(a, n, true);
        return a;
    }

    /** Frees an allocation; false when {@code a} is not the start of a live allocation. */
    synchronized boolean free(long a) {
        long[] info = live.remove(a);
        if (info == null) return false;
        mark(a, info[0], false);
        free[(int) info[1]].addFirst(a);
        return true;
    }

    synchronized long sizeOf(long a) {
        long[] info = live.get(a);
        return info == null ? -1 : info[0];
    }

    /** The live allocation that holds or lies nearest below {@code a}: {start, size}, or null. */
    synchronized long[] allocationNear(long a) {
        Map.Entry<Long, long[]> e = live.floorEntry(a);
        if (e == null) return null;
        return new long[] {e.getKey(), e.getValue()[0]};
    }

    boolean contains(long a) {
        return a - base >= 0 && a - base < size;
    }

    /** Whether every byte of [a, a + n) belongs to a live allocation; n is 1..8 and the range is naturally aligned or within one granule. */
    boolean addressable(long a, int n) {
        long off = a - base;
        if (off < 0 || off >= size) return false;
        byte[] ch = shadow[(int) (off >>> CHUNK_SHIFT)];
        if (ch == null) return false;
        int k = ch[(int) (off >>> 3) & ((1 << (CHUNK_SHIFT - 3)) - 1)];
        return (off & 7) + n <= k;
    }

    /** Whether every byte of [a, a + n) (any length) is addressable. */
    boolean addressableRange(long a, long n) {
        for (long p = a; p < a + n; ) {
            int step = (int) Math.min(8 - (p & 7), a + n - p);
            if (!addressable(p, step)) return false;
            p += step;
        }
        return true;
    }

    private void mark(long a, long n, boolean on) {
        long off = a - base, g = off >>> 3, end = (off + n + 7) >>> 3;
        int per = 1 << (CHUNK_SHIFT - 3);
        while (g < end) {
            int c = (int) (g >>> (CHUNK_SHIFT - 3));
            int from = (int) (g & (per - 1));
            int to = (int) Math.min(per, from + (end - g));
            byte[] ch = shadow[c];
            if (ch == null) {
                if (on) ch = shadow[c] = new byte[per];
            }
            if (ch != null) {
                java.util.Arrays.fill(ch, from, to, on ? (byte) 8 : 0);
                long lastGranule = g + (to - from) - 1;
                if (on && lastGranule == end - 1 && ((off + n) & 7) != 0) ch[to - 1] = (byte) ((off + n) & 7);
            }
            g += to - from;
        }
    }
}
