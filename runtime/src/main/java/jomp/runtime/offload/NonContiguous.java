package jomp.runtime.offload;

import jomp.runtime.mem.Mem;

/**
 * Strided array sections ({@code a[lo:len:stride]}, NON_CONTIG entries): the entry's begin
 * points to {@code size} descriptors of three u64 each, outermost dimension first: the byte
 * offset of the section in that dimension, the number of elements, and the byte distance between
 * them; the last descriptor is the element itself, {0, 1, element size}. Innermost dimensions
 * whose elements are adjacent are merged, as libomptarget's getNonContigMergedDimension does, so
 * the data moves in as few contiguous pieces as possible. A strided section in a map clause is
 * mapped as the storage from its first to its last element, of which only the selected elements
 * move.
 */
final class NonContiguous {
    private NonContiguous() {}

    private static long offset(long desc, int d) {
        return Mem.getLong(desc + 24L * d);
    }

    private static long count(long desc, int d) {
        return Mem.getLong(desc + 24L * d + 8);
    }

    private static long stride(long desc, int d) {
        return Mem.getLong(desc + 24L * d + 16);
    }

    /** {first byte, length} of the storage from the section's first to its last element. */
    static long[] extent(long base, long desc, long dims) {
        int n = (int) dims;
        long lo = base, hi = base;
        for (int d = 0; d < n; d++) {
            lo += offset(desc, d);
            hi += offset(desc, d)
                    + (d == n - 1
                            ? count(desc, d) * stride(desc, d)
                            : Math.max(0, count(desc, d) - 1) * stride(desc, d));
        }
        for (int d = 0; d < n; d++) if (count(desc, d) == 0) return new long[] {lo, 0};
        return new long[] {lo, hi - lo};
    }

    /** Moves the section's elements to the device (or back), piece by piece. */
    static void transfer(Device dev, long base, long desc, long dims, boolean toDevice) {
        int n = (int) dims;
        if (n <= 0) return;
        long piece = count(desc, n - 1) * stride(desc, n - 1);
        int k = n - 1;
        long inner = offset(desc, n - 1);
        while (k > 0 && stride(desc, k - 1) == piece) {
            piece = count(desc, k - 1) * stride(desc, k - 1);
            inner += offset(desc, k - 1);
            k--;
        }
        walk(dev, desc, k, 0, base + inner, piece, toDevice);
    }

    private static void walk(Device dev, long desc, int dims, int d, long addr, long piece, boolean toDevice) {
        if (d == dims) {
            Info.debug("Transfer of non-contiguous : host ptr %s offset %d len %d", Info.hex(addr), 0, piece);
            MappingTable.Entry e = dev.table.find(addr, piece);
            if (e == null) return;
            if (toDevice) DataMapping.submit(dev, e, addr, e.translate(addr), piece);
            else DataMapping.retrieve(dev, e, addr, e.translate(addr), piece);
            return;
        }
        long start = addr + offset(desc, d);
        for (long i = 0; i < count(desc, d); i++)
            walk(dev, desc, dims, d + 1, start + i * stride(desc, d), piece, toDevice);
    }
}
