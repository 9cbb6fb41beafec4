package jomp.plugin.jvm;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * One jvm device's memory: anonymous mappings of its own (mmap), apart from the C heap, so device
 * and host allocations never share storage and a host pointer is never a device pointer. Blocks up
 * to 1 MiB come from power-of-two size classes (at least 64 bytes, aligned to their size up to a
 * page) carved from 4 MiB mappings and reused once freed; larger blocks are mappings of their own,
 * unmapped when freed. Fresh memory reads as zeros, as mmap gives it.
 */
final class DeviceMemory {
    private static final int MIN_SHIFT = 6, MAX_SHIFT = 20;
    private static final long CHUNK = 4L << 20, PAGE = 4096;
    private static final int PROT_READ_WRITE = 0x3, MAP_PRIVATE_ANONYMOUS = 0x22;

    private static final MethodHandle MMAP, MUNMAP;

    static {
        Linker linker = Linker.nativeLinker();
        var libc = linker.defaultLookup();
        MMAP = linker.downcallHandle(libc.find("mmap").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG));
        MUNMAP = linker.downcallHandle(libc.find("munmap").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
    }

    private final int device;
    @SuppressWarnings("unchecked")
    private final ConcurrentLinkedDeque<Long>[] free = new ConcurrentLinkedDeque[MAX_SHIFT + 1];
    /** Live blocks: address → size class (shift), or minus the length of a block mapped on its own. */
    private final ConcurrentHashMap<Long, Long> live = new ConcurrentHashMap<>();
    private long next, end;   // the chunk being carved

    DeviceMemory(int device) {
        this.device = device;
        for (int s = MIN_SHIFT; s <= MAX_SHIFT; s++) free[s] = new ConcurrentLinkedDeque<>();
    }

    /** A block of {@code size} bytes, or 0 when the system has no memory for it. */
    long alloc(long size) {
        if (size > 1L << MAX_SHIFT) {
            if (size > Long.MAX_VALUE - PAGE) return 0;
            long length = (size + PAGE - 1) & -PAGE;
            long a = map(length);
            if (a == 0) return 0;
            live.put(a, -length);
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
        if (v == null) throw new IllegalStateException(String.format("jomp: jvm device %d: free of 0x%x, which it did not allocate", device, address));
        if (v < 0) unmap(address, -v);
        else free[(int) (long) v].addFirst(address);
    }

    /** Bytes of the block at {@code address} that the device handed out, or -1 when it is not a live block. */
    long sizeOf(long address) {
        Long v = live.get(address);
        return v == null ? -1 : v < 0 ? -v : 1L << v;
    }

    private synchronized long carve(long size) {
        long align = Math.min(size, PAGE);
        long a = (next + align - 1) & -align;
        if (next == 0 || a + size > end) {   // the rest of the old chunk is left unused
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
