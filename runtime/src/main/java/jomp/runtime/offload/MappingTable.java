package jomp.runtime.offload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One device's mapping table (libomptarget's HostDataToTargetMap): host ranges
 * {@code [hstBegin, hstEnd)} with the device address of their copy, a dynamic and a hold
 * reference count (ompx_hold), the map name of the variable that created them, and the pointers
 * attached inside them. {@link #lookup} answers as libomptarget's lookupMapping does: contained,
 * or extending before or after an existing mapping.
 */
final class MappingTable {
    /** The reference count of mappings that never go away (declare target globals, associated pointers). */
    static final long INFINITE = Long.MAX_VALUE;

    /** An attached pointer (libomptarget's ShadowPtrInfoTy): where it lives and what it holds on each side. */
    record Shadow(long hstPtrAddr, long hstPtrVal, long tgtPtrAddr, long tgtPtrVal) {}

    static final class Entry {
        final long hstBase, hstBegin, hstEnd, tgtAllocBegin, tgtBegin;
        /** The map name (";name;file;line;col;;" in host memory) of the item that created it, or 0. */
        final long name;
        /** Device memory the runtime allocated (freed when the mapping goes), as opposed to an image's or the user's. */
        final boolean owned;

        long dynRef, holdRef;
        private TreeMap<Long, Shadow> shadows;

        Entry(
                long hstBase,
                long hstBegin,
                long hstEnd,
                long tgtAllocBegin,
                long tgtBegin,
                boolean hold,
                long name,
                boolean owned) {
            this.hstBase = hstBase;
            this.hstBegin = hstBegin;
            this.hstEnd = hstEnd;
            this.tgtAllocBegin = tgtAllocBegin;
            this.tgtBegin = tgtBegin;
            this.name = name;
            this.owned = owned;
            if (hold) holdRef = 1;
            else dynRef = 1;
        }

        /** A mapping that never goes away (declare target globals, omp_target_associate_ptr). */
        static Entry permanent(long hstBegin, long hstEnd, long tgtBegin, long name) {
            Entry e = new Entry(hstBegin, hstBegin, hstEnd, tgtBegin, tgtBegin, false, name, false);
            e.dynRef = INFINITE;
            return e;
        }

        long size() {
            return hstEnd - hstBegin;
        }

        /** The device address of host address {@code h} inside this mapping. */
        long translate(long h) {
            return tgtBegin + (h - hstBegin);
        }

        String dynRefs() {
            return dynRef == INFINITE ? "INF" : Long.toString(dynRef);
        }

        String holdRefs() {
            return Long.toString(holdRef);
        }

        long totalRefs() {
            return dynRef == INFINITE ? INFINITE : dynRef + holdRef;
        }

        boolean isInfinite() {
            return dynRef == INFINITE;
        }

        void increment(boolean hold) {
            if (hold) holdRef++;
            else if (dynRef != INFINITE) dynRef++;
        }

        void decrement(boolean hold) {
            if (hold) {
                if (holdRef > 0) holdRef--;
            } else if (dynRef != INFINITE && dynRef > 0) dynRef--;
        }

        /** Would this decrement remove the mapping? (libomptarget's decShouldRemove.) */
        boolean decrementRemoves(boolean hold, boolean forceDelete) {
            if (forceDelete) return true;
            long mine = hold ? holdRef : dynRef, other = hold ? dynRef : holdRef;
            if (other > 0 || mine == INFINITE) return false;
            return mine == 1;
        }

        /** delete: the count this map type uses drops to one, so the decrement that follows removes the mapping. */
        void resetForDelete(boolean hold) {
            if (hold) holdRef = Math.min(holdRef, 1);
            else if (dynRef != INFINITE) dynRef = Math.min(dynRef, 1);
        }

        /** Records an attached pointer; false when it was already attached to the same values. */
        synchronized boolean addShadow(Shadow s) {
            if (shadows == null) shadows = new TreeMap<>();
            Shadow old = shadows.put(s.hstPtrAddr(), s);
            return old == null || !old.equals(s);
        }

        /** The attached pointers whose 8 bytes lie in [begin, begin + size). */
        synchronized List<Shadow> shadowsIn(long begin, long size) {
            if (shadows == null || size < 8) return List.of();
            return new ArrayList<>(
                    shadows.subMap(begin, true, begin + size - 8, true).values());
        }

        synchronized List<Shadow> allShadows() {
            return shadows == null ? List.of() : new ArrayList<>(shadows.values());
        }
    }

    /**
     * What a lookup found: the entry, and whether the range lies inside it, or starts before it
     * and reaches into it, or starts inside it and goes past its end. {@code entry} is null when
     * nothing of the range is mapped.
     */
    record Lookup(Entry entry, boolean contained, boolean extendsBefore, boolean extendsAfter) {
        static final Lookup NONE = new Lookup(null, false, false, false);

        boolean overlaps() {
            return extendsBefore || extendsAfter;
        }
    }

    private final TreeMap<Long, Entry> byBegin = new TreeMap<>();

    /**
     * libomptarget's lookupMapping. A zero-size request is found in a mapping that holds its
     * address, or in one whose struct base (hstBase) lies at or before it: a pointer to the start
     * of a struct of which only some members are mapped.
     */
    synchronized Lookup lookup(long hp, long size) {
        if (byBegin.isEmpty()) return Lookup.NONE;
        Map.Entry<Long, Entry> lower = byBegin.floorEntry(hp), upper = byBegin.higherEntry(hp);
        if (size == 0) {
            if (lower != null) {
                Entry e = lower.getValue();
                if (hp < e.hstEnd || hp < e.hstBase) return new Lookup(e, true, false, false);
            }
            if (upper != null && hp >= upper.getValue().hstBase)
                return new Lookup(upper.getValue(), true, false, false);
            return Lookup.NONE;
        }
        long end = hp + size;
        if (lower != null) {
            Entry e = lower.getValue();
            boolean contained = hp >= e.hstBegin && hp < e.hstEnd && end <= e.hstEnd;
            boolean after = hp < e.hstEnd && end > e.hstEnd;
            if (contained || after) return new Lookup(e, contained, false, after);
        }
        if (upper != null) {
            Entry e = upper.getValue();
            boolean before = hp < e.hstBegin && end > e.hstBegin;
            boolean after = hp < e.hstEnd && end > e.hstEnd;
            if (before || after) return new Lookup(e, false, before, after);
        }
        return Lookup.NONE;
    }

    /** The mapping that contains [begin, begin + size) entirely, or null (queries such as omp_target_is_present). */
    synchronized Entry find(long begin, long size) {
        Lookup l = lookup(begin, size);
        return l.contained() ? l.entry() : null;
    }

    synchronized void insert(Entry e) {
        byBegin.put(e.hstBegin, e);
    }

    synchronized boolean remove(Entry e) {
        return byBegin.remove(e.hstBegin, e);
    }

    synchronized List<Entry> entries() {
        return new ArrayList<>(byBegin.values());
    }

    synchronized boolean isEmpty() {
        return byBegin.isEmpty();
    }

    /** Every mapping that shares a byte with [begin, begin + size), in address order. */
    synchronized List<Entry> overlapping(long begin, long size) {
        List<Entry> out = new ArrayList<>();
        Long from = byBegin.floorKey(begin);
        for (Entry e : byBegin.tailMap(from == null ? begin : from, true).values()) {
            if (e.hstBegin >= begin + size) break;
            if (e.hstEnd > begin) out.add(e);
        }
        return out;
    }
}
