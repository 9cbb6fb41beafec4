package jomp.runtime.target;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One device's mapping table (libomptarget's HostDataToTargetMap): host ranges
 * {@code [hostBegin, hostEnd)} with the device address of their copy and a reference count.
 * A lookup must find a range that contains the requested one entirely; a range that only
 * overlaps an existing mapping is refused, as OpenMP requires.
 */
final class MappingTable {
    /** The reference count of mappings that never go away (declare target globals, associated pointers). */
    static final long INFINITE = Long.MAX_VALUE;

    static final class Entry {
        final long hostBegin, hostEnd, tgtBegin;
        long refCount;
        /** Device memory the runtime allocated (freed when the mapping goes), as opposed to an image's or the user's. */
        final boolean owned;

        Entry(long hostBegin, long hostEnd, long tgtBegin, long refCount, boolean owned) {
            this.hostBegin = hostBegin; this.hostEnd = hostEnd; this.tgtBegin = tgtBegin; this.refCount = refCount; this.owned = owned;
        }

        long size() { return hostEnd - hostBegin; }

        /** The device address of host address {@code h} inside this mapping. */
        long translate(long h) { return tgtBegin + (h - hostBegin); }

        String refs() { return refCount == INFINITE ? "INF" : Long.toString(refCount); }

        /**
         * Attached pointers inside this mapping (libomptarget's shadow pointers): host address of
         * the pointer → {its host value, its device value}. A copy to the host puts the host values
         * back, a copy to the device the device values, so neither side sees the other's address.
         */
        private java.util.TreeMap<Long, long[]> shadows;

        /** Records an attached pointer; false when it was already attached to the same values. */
        synchronized boolean shadow(long hostPtrAddr, long hostValue, long deviceValue) {
            if (shadows == null) shadows = new java.util.TreeMap<>();
            long[] old = shadows.put(hostPtrAddr, new long[] {hostValue, deviceValue});
            return old == null || old[0] != hostValue || old[1] != deviceValue;
        }

        /** The attached pointers whose 8 bytes lie in [begin, begin + size), as {address, host value, device value}. */
        synchronized List<long[]> shadowsIn(long begin, long size) {
            if (shadows == null || size < 8) return List.of();
            List<long[]> out = new ArrayList<>();
            for (Map.Entry<Long, long[]> s : shadows.subMap(begin, true, begin + size - 8, true).entrySet())
                out.add(new long[] {s.getKey(), s.getValue()[0], s.getValue()[1]});
            return out;
        }
    }

    /** A request that overlaps a mapping without being contained in it. */
    static final class OverlapException extends RuntimeException {
        /** The mapping the request overlaps. */
        final transient Entry entry;

        OverlapException(String message, Entry entry) { super(message, null, false, false); this.entry = entry; }
    }

    private final TreeMap<Long, Entry> byBegin = new TreeMap<>();

    /**
     * The mapping containing {@code [begin, begin + size)}, or null when nothing of it is mapped.
     * A zero-size request is found inside a mapping (or at its very start).
     */
    synchronized Entry lookup(long begin, long size) {
        Map.Entry<Long, Entry> f = byBegin.floorEntry(begin);
        if (f != null) {
            Entry e = f.getValue();
            if (size == 0 ? begin < e.hostEnd || begin == e.hostBegin : begin < e.hostEnd) {
                if (begin + size <= e.hostEnd) return e;
                throw overlap(begin, size, e);
            }
        }
        if (size == 0) return null;
        Map.Entry<Long, Entry> c = byBegin.higherEntry(begin);
        if (c != null && c.getKey() < begin + size) throw overlap(begin, size, c.getValue());
        return null;
    }

    /** Like lookup, but a partial overlap counts as absent (for queries such as omp_target_is_present). */
    synchronized Entry find(long begin, long size) {
        try {
            return lookup(begin, size);
        } catch (OverlapException e) {
            return null;
        }
    }

    private static OverlapException overlap(long begin, long size, Entry e) {
        return new OverlapException("explicit extension not allowed: host address specified is " + Info.hex(begin) + " (" + size
                + " bytes), but device allocation maps to host at " + Info.hex(e.hostBegin) + " (" + e.size() + " bytes)", e);
    }

    synchronized void insert(Entry e) { byBegin.put(e.hostBegin, e); }

    synchronized void remove(Entry e) { byBegin.remove(e.hostBegin, e); }

    synchronized List<Entry> entries() { return new ArrayList<>(byBegin.values()); }

    /** Every mapping that shares a byte with [begin, begin + size), in address order. */
    synchronized List<Entry> overlapping(long begin, long size) {
        List<Entry> out = new ArrayList<>();
        Long from = byBegin.floorKey(begin);
        for (Entry e : byBegin.tailMap(from == null ? begin : from, true).values()) {
            if (e.hostBegin >= begin + size) break;
            if (e.hostEnd > begin) out.add(e);
        }
        return out;
    }
}
