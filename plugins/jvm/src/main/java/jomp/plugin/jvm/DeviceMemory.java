package jomp.plugin.jvm;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One jvm device's memory: anonymous mappings of its own (mmap), apart from the C heap, so device
 * and host allocations never share storage and a host pointer is never a device pointer. Blocks up
 * to 1 MiB come from power-of-two size classes (at least 64 bytes, aligned to their size up to a
 * page) carved from 4 MiB mappings and reused once freed; larger blocks are mappings of their own,
 * unmapped when freed. Fresh memory reads as zeros, as mmap gives it.
 *
 * <p>A large block's mapping has {@value #COLOURS} pages more than the block, which starts 1 to
 * {@value #COLOURS} pages into it, so that its address is its "colour" (which changes from block to
 * block) in pages past a 64 KiB boundary (the pages around it are never touched, so they cost no
 * memory): wherever mmap puts the mapping (next to the last one, below or above, on a 2 MiB
 * boundary, in a hole), the block's place varies with its colour. Mappings
 * of equal power-of-two sizes lie next to each other, and arrays exactly 2^k bytes apart made
 * streaming kernels over several of them (BabelStream's a, b, c: c[i] = a[i] + b[i]) run at
 * 0.4-0.7 of the bandwidth the same loop gets on glibc's malloc blocks, which a header page
 * keeps off such distances (docs/PERFORMANCE.md §4; the accesses of one index then compete for
 * the same cache sets and memory banks).
 */
@SuppressWarnings("restricted") // native calls through FFM are this code's purpose; the launchers enable native access
final class DeviceMemory {
    private static final int MIN_SHIFT = 6, MAX_SHIFT = 20;
    private static final long CHUNK = 4L << 20, PAGE = 4096;
    static final int COLOURS = 16;
    private static final int PROT_READ_WRITE = 0x3, MAP_PRIVATE_ANONYMOUS = 0x22;
    private static final MethodHandle MMAP, MUNMAP;

    static {
        Linker linker = Linker.nativeLinker();
        var libc = linker.defaultLookup();
        MMAP = linker.downcallHandle(
                libc.find("mmap").orElseThrow(),
                FunctionDescriptor.of(
                        ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_LONG));
        MUNMAP = linker.downcallHandle(
                libc.find("munmap").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
    }

    private final int device;

    @SuppressWarnings("unchecked")
    private final ConcurrentLinkedDeque<Long>[] free =
            (ConcurrentLinkedDeque<Long>[]) new ConcurrentLinkedDeque<?>[MAX_SHIFT + 1];
    /**
     * Live blocks: address → size class (shift), or, for a block mapped on its own, minus (its
     * length, a multiple of the page, plus the pages of its mapping before it).
     */
    private final ConcurrentHashMap<Long, Long> live = new ConcurrentHashMap<>();

    private long next, end; // the chunk being carved
    private final AtomicInteger colours = new AtomicInteger();

    DeviceMemory(int device) {
        this.device = device;
        for (int s = MIN_SHIFT; s <= MAX_SHIFT; s++) free[s] = new ConcurrentLinkedDeque<>();
    }

    /** A block of {@code size} bytes, or 0 when the system has no memory for it. */
    long alloc(long size) {
        if (size > 1L << MAX_SHIFT) {
            if (size > Long.MAX_VALUE - PAGE) return 0;
            long length = (size + PAGE - 1) & -PAGE;
            if (length > Long.MAX_VALUE - PAGE * (COLOURS + 1)) return 0;
            int colour = 1 + Math.floorMod(colours.getAndIncrement(), COLOURS);
            long m = map(length + COLOURS * PAGE);
            if (m == 0) return 0;
            // the block's address is colour pages past a 64 KiB boundary whatever mmap's choice (a hole
            // another block left, say): skip 1 to COLOURS pages, so blocks of consecutive colours are
            // never a multiple of 64 KiB apart
            int pages = 1 + (int) Math.floorMod((colour * PAGE - m - PAGE) / PAGE, (long) COLOURS);
            long a = m + pages * PAGE;
            live.put(a, -(length + pages));
            return a;
        }
        int shift = Math.max(MIN_SHIFT, 64 - Long.numberOfLeadingZeros(Math.max(size, 1) - 1));
        Long a = free[shift].pollFirst();
        long address = a != null ? a : carve(1L << shift);
        if (address == 0) return 0;
        live.put(address, (long) shift);
        return address;
    }

    void free(long address) {
        Long v = live.remove(address);
        if (v == null)
            throw new IllegalStateException(
                    String.format("jomp: jvm device %d: free of 0x%x, which it did not allocate", device, address));
        if (v < 0) {
            long pages = -v & (PAGE - 1), length = -v & -PAGE;
            unmap(address - pages * PAGE, length + COLOURS * PAGE);
        } else free[(int) (long) v].addFirst(address);
    }

    /** Bytes of the block at {@code address} that the device handed out, or -1 when it is not a live block. */
    long sizeOf(long address) {
        Long v = live.get(address);
        return v == null ? -1 : v < 0 ? -v & -PAGE : 1L << v;
    }

    private synchronized long carve(long size) {
        long align = Math.min(size, PAGE);
        long a = (next + align - 1) & -align;
        if (next == 0 || a + size > end) { // the rest of the old chunk is left unused
            long chunk = map(CHUNK);
            if (chunk == 0) return 0;
            next = chunk;
            end = next + CHUNK;
            a = next;
        }
        next = a + size;
        return a;
    }

    /** A fresh anonymous mapping, or 0 when mmap refuses (ENOMEM: more than the system would commit). */
    private long map(long length) {
        long a;
        try {
            a = (long) MMAP.invokeExact(0L, length, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0L);
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        return a == -1 ? 0 : a;
    }

    private static void unmap(long address, long length) {
        try {
            int rc = (int) MUNMAP.invokeExact(address, length);
            if (rc != 0) throw new IllegalStateException("jomp: munmap failed");
        } catch (Throwable t) {
            throw t instanceof RuntimeException r ? r : new IllegalStateException(t);
        }
    }
}
