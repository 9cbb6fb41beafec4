package jomp.runtime.offload;

import static jomp.offload.abi.MapType.ALWAYS;
import static jomp.offload.abi.MapType.CLOSE;
import static jomp.offload.abi.MapType.DELETE;
import static jomp.offload.abi.MapType.FROM;
import static jomp.offload.abi.MapType.IMPLICIT;
import static jomp.offload.abi.MapType.LITERAL;
import static jomp.offload.abi.MapType.MEMBER_OF;
import static jomp.offload.abi.MapType.NON_CONTIG;
import static jomp.offload.abi.MapType.OMPX_HOLD;
import static jomp.offload.abi.MapType.PRESENT;
import static jomp.offload.abi.MapType.PRIVATE;
import static jomp.offload.abi.MapType.PTR_AND_OBJ;
import static jomp.offload.abi.MapType.SELF;
import static jomp.offload.abi.MapType.TO;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jomp.offload.abi.MapType;
import jomp.runtime.mem.Mem;

/**
 * The data-mapping algorithms of libomptarget (its targetDataBegin, targetDataEnd,
 * targetDataUpdate, getTargetPointer and getTgtPtrBegin), with their reports and trace lines:
 * reference counts decide when data moves, struct members (MEMBER_OF) live in their struct's
 * mapping, pointers are attached (PTR_AND_OBJ) with shadow copies that keep each side's value,
 * mappers expand an entry into components, and non-contiguous (strided) sections move piece by
 * piece. Under {@code requires unified_shared_memory} host addresses are used directly.
 *
 * <p>Where OpenMP and libomptarget differ, OpenMP wins: within one construct a mapping's
 * reference count goes up (or down) at most once, however many list items refer to it (OpenMP
 * 5.2 §5.8.3), so {@code map(alloc: x) map(to: x)} copies x in; a mapper's first component (its
 * whole list item) is counted like any entry.
 */
final class DataMapping {
    private DataMapping() {}

    /**
     * What one construct has done to the table so far: the mappings whose reference count it raised
     * (begin) or lowered (end) already, and where in the source it is (for messages).
     */
    static final class Construct {
        final long loc;
        private final Map<MappingTable.Entry, Boolean> counted = new IdentityHashMap<>();

        Construct(long loc) {
            this.loc = loc;
        }

        boolean counted(MappingTable.Entry e) {
            return counted.containsKey(e);
        }

        void count(MappingTable.Entry e) {
            counted.put(e, Boolean.TRUE);
        }
    }

    /** libomptarget's TargetPointerResultTy. */
    record Target(
            MappingTable.Entry entry,
            long tgt,
            boolean present,
            boolean isNew,
            boolean hostPointer,
            boolean last,
            boolean contained) {
        static final Target FAIL = new Target(null, 0, false, false, false, false, false);
    }

    /** The runtime's failure message for a construct that cannot go on (tests read it). */
    static final ThreadLocal<String> LAST_MESSAGE = new ThreadLocal<>();

    private static void message(String fmt, Object... args) {
        String m = String.format(fmt, args);
        LAST_MESSAGE.set(m);
        Info.message("%s", m);
    }

    // ---- begin ---------------------------------------------------------------------------------

    /** Maps the entries in order (targetDataBegin); false after a failure already reported. */
    static boolean begin(Device d, MapArgs m, boolean fromMapper, Construct c) {
        for (int i = 0; i < m.n; i++) {
            long type = m.type[i];
            if ((type & (LITERAL | PRIVATE)) != 0) continue;
            if (m.mapper[i] != 0) {
                Info.debug("Calling targetDataMapper for the %dth argument", i);
                if (!begin(d, Mappers.components(m, i), true, c)) {
                    Info.report("Call to targetDataBegin via targetDataMapper for custom mapper failed.");
                    return false;
                }
                continue;
            }
            if (!beginEntry(d, m, i, c)) return false;
        }
        return true;
    }

    /** Maps entry i (one without a mapper): a PTR_AND_OBJ entry's pointer first, then the data. */
    private static boolean beginEntry(Device d, MapArgs m, int i, Construct c) {
        long type = m.type[i];
        long hstBegin = m.begin[i], hstBase = m.base[i], size = m.size[i];
        if ((type & NON_CONTIG) != 0) {
            long[] x = NonContiguous.extent(hstBase, hstBegin, size);
            hstBegin = x[0];
            size = x[1];
        }
        long padding = padding(m, i, hstBase, hstBegin);
        boolean implicit = (type & IMPLICIT) != 0, present = (type & PRESENT) != 0;
        boolean updateRef = (type & MEMBER_OF) == 0;
        Target pointer = null;
        long pointerHst = 0;
        if ((type & PTR_AND_OBJ) != 0) {
            pointer = beginPointer(d, hstBase, type, updateRef, c);
            if (pointer == null) return false;
            pointerHst = hstBase;
            hstBase = Mem.getLong(hstBase);
            updateRef = true;
        }
        boolean contiguousTo = (type & TO) != 0 && (type & NON_CONTIG) == 0;
        Target t = targetPointer(
                d,
                hstBegin,
                hstBase,
                padding,
                size,
                m.name[i],
                contiguousTo,
                (type & ALWAYS) != 0,
                implicit,
                updateRef,
                (type & CLOSE) != 0,
                present,
                (type & OMPX_HOLD) != 0,
                (type & SELF) != 0,
                c);
        if (t.tgt() == 0 && (size != 0 || present)) {
            reportNullPointer(present);
            return false;
        }
        Info.debug(
                "There are %d bytes allocated at target address %s - is%s new",
                size, Info.hex(t.tgt()), t.isNew() ? "" : " not");
        if ((type & NON_CONTIG) != 0 && (type & TO) != 0 && (t.isNew() || (type & ALWAYS) != 0) && !t.hostPointer())
            NonContiguous.transfer(d, m.base[i], m.begin[i], m.size[i], true);
        // attach(never) leaves the device pointer as it is; attach(always) writes it even when unchanged (OpenMP 6.1)
        if (pointer != null && !t.hostPointer() && t.tgt() != 0 && (type & MapType.ATTACH_NEVER) == 0) {
            long expected = t.tgt() - (hstBegin - hstBase);
            MappingTable.Entry holder = pointer.entry();
            if (holder != null
                    && (holder.addShadow(new MappingTable.Shadow(pointerHst, hstBase, pointer.tgt(), expected))
                            || (type & MapType.ATTACH_ALWAYS) != 0)) {
                Info.debug("Update pointer (%s) -> [%s]", Info.hex(pointer.tgt()), Info.hex(t.tgt()));
                putDevicePointer(d, pointer.tgt(), expected, holder, pointerHst);
            }
        }
        boolean member = (type & MEMBER_OF) != 0;
        if (Info.on(Info.EMPTY_MAPPING)
                && type != 0
                && !member
                && !implicit
                && !t.present()
                && !t.contained()
                && !t.hostPointer())
            Info.info(
                    Info.EMPTY_MAPPING,
                    d.id,
                    "variable %s does not have a valid device counterpart",
                    SourceInfo.name(m.name[i]));
        return true;
    }

    /**
     * The padding before a struct's first mapped member (entry i, followed by its members): the
     * begin address's offset in the struct's alignment.
     */
    private static long padding(MapArgs m, int i, long hstBase, long hstBegin) {
        if (MapArgs.parent(m.type[i]) >= 0 || i + 1 >= m.n || MapArgs.parent(m.type[i + 1]) != i) return 0;
        long align = partialStructAlignment(hstBase);
        long padding = Long.remainderUnsigned(hstBegin, align);
        if (padding != 0) Info.debug("Using a padding of %d bytes for begin address %s", padding, Info.hex(hstBegin));
        return padding;
    }

    /** A PTR_AND_OBJ entry's pointer (8 bytes at hstBase), mapped; null after a failure reported. */
    private static Target beginPointer(Device d, long hstBase, long type, boolean updateRef, Construct c) {
        boolean present = (type & PRESENT) != 0;
        Info.debug("Has a pointer entry: ");
        Target pointer = targetPointer(
                d,
                hstBase,
                hstBase,
                0,
                8,
                0,
                false,
                false,
                (type & IMPLICIT) != 0,
                updateRef,
                (type & CLOSE) != 0,
                present,
                (type & OMPX_HOLD) != 0,
                (type & SELF) != 0,
                c);
        if (pointer.tgt() == 0) {
            reportNullPointer(present);
            return null;
        }
        Info.debug(
                "There are %d bytes allocated at target address %s - is%s new",
                8, Info.hex(pointer.tgt()), pointer.isNew() ? "" : " not");
        return pointer;
    }

    private static void reportNullPointer(boolean present) {
        Info.report(
                "Call to getTargetPointer returned null pointer (%s).",
                present ? "'present' map type modifier" : "device failure or illegal mapping");
    }

    /**
     * libomptarget's getTargetPointer: the device address of [hstBegin, hstBegin + size), made
     * (allocated, entered in the table and, with {@code to}, copied in) if absent. tgt is 0 on
     * failure (a missing 'present' mapping, an explicit extension of a mapping).
     */
    static Target targetPointer(
            Device d,
            long hstBegin,
            long hstBase,
            long padding,
            long size,
            long name,
            boolean to,
            boolean always,
            boolean implicit,
            boolean updateRef,
            boolean close,
            boolean present,
            boolean hold,
            boolean self,
            Construct c) {
        MappingTable.Lookup lr = d.table.lookup(hstBegin, size);
        MappingTable.Entry e = lr.entry();
        long tgt;
        boolean isNew = false, hostPointer = false, isPresent = true;
        if (lr.contained() || lr.overlaps() && implicit) {
            String action;
            if (updateRef && !c.counted(e)) {
                e.increment(hold);
                c.count(e);
                action = " (incremented)";
            } else {
                // OpenMP: a mapping counted once per construct; its data moves in if this construct made it
                isNew = e.totalRefs() == 1;
                action = " (update suppressed)";
            }
            tgt = e.translate(hstBegin);
            if (Info.wanted(Info.MAPPING_EXISTS))
                Info.info(
                        Info.MAPPING_EXISTS,
                        d.id,
                        "Mapping exists%s with HstPtrBegin=%s, TgtPtrBegin=%s, Size=%d, DynRefCount=%s%s, HoldRefCount=%s%s, Name=%s",
                        implicit ? " (implicit)" : "",
                        Info.hex(hstBegin),
                        Info.hex(tgt),
                        size,
                        e.dynRefs(),
                        hold ? "" : action,
                        e.holdRefs(),
                        hold ? action : "",
                        SourceInfo.name(name));
        } else if (lr.overlaps()) {
            message(
                    "explicit extension not allowed: host address specified is %s (%d bytes), but device allocation maps to host at %s (%d bytes)",
                    Info.hex(hstBegin), size, Info.hex(e.hstBegin), e.size());
            if (present)
                message(
                        "device mapping required by 'present' map type modifier does not exist for host address %s (%d bytes)",
                        Info.hex(hstBegin), size);
            return Target.FAIL;
        } else if (self && !d.plugin.unifiedMemory(d.local)) {
            // OpenMP 6.0: a self map needs the device to reach the original storage
            message(
                    "'self' map of host address %s (%d bytes): device %d cannot access host memory",
                    Info.hex(hstBegin), size, d.id);
            return Target.FAIL;
        } else if (self || Requires.unifiedSharedMemory() && !close) {
            if (self) Requires.noteSelfMap();
            Info.info(
                    Info.MAPPING_CHANGED,
                    d.id,
                    "Return HstPtrBegin %s Size=%d for unified shared memory",
                    Info.hex(hstBegin),
                    size);
            if (!Info.DEBUG)
                Info.debug("Return HstPtrBegin %s Size=%d for unified shared memory", Info.hex(hstBegin), size);
            return new Target(null, hstBegin, false, false, true, false, false);
        } else if (present) {
            Info.debug(
                    "Mapping required by 'present' map type modifier does not exist for HstPtrBegin=%s, Size=%d",
                    Info.hex(hstBegin), size);
            message(
                    "device mapping required by 'present' map type modifier does not exist for host address %s (%d bytes)",
                    Info.hex(hstBegin), size);
            return Target.FAIL;
        } else if (size > 0) {
            isNew = true;
            jomp.runtime.plugin.DevicePlugin.GlobalSymbol link = d.linkStorage(hstBegin, size);
            long alloc;
            if (link != null) alloc = link.deviceAddress();
            else {
                alloc = d.alloc(padding + size, hstBegin);
                if (alloc == 0) return Target.FAIL;
            }
            tgt = alloc + (link != null ? 0 : padding);
            e = new MappingTable.Entry(hstBase, hstBegin, hstBegin + size, alloc, tgt, hold, name, link == null);
            d.table.insert(e);
            c.count(e);
            if (Info.wanted(Info.MAPPING_CHANGED))
                Info.info(
                        Info.MAPPING_CHANGED,
                        d.id,
                        "Creating new map entry with HstPtrBase=%s, HstPtrBegin=%s, TgtAllocBegin=%s, TgtPtrBegin=%s, Size=%d, DynRefCount=%s, HoldRefCount=%s, Name=%s",
                        Info.hex(hstBase),
                        Info.hex(hstBegin),
                        Info.hex(alloc),
                        Info.hex(tgt),
                        size,
                        e.dynRefs(),
                        e.holdRefs(),
                        SourceInfo.name(name));
        } else {
            return new Target(null, 0, false, false, false, false, false);
        }
        if (to && (isNew || always) && size != 0) {
            Info.debug("Moving %d bytes (hst:%s) -> (tgt:%s)", size, Info.hex(hstBegin), Info.hex(tgt));
            submit(d, e, hstBegin, tgt, size);
        }
        return new Target(e, tgt, isPresent, isNew, hostPointer, false, lr.contained());
    }

    // ---- end -----------------------------------------------------------------------------------

    private record Post(long hstBegin, long size, long type, Target target) {}

    /** Unmaps the entries in reverse order (targetDataEnd); false after a failure already reported. */
    static boolean end(Device d, MapArgs m, boolean fromMapper, Construct c) {
        List<Post> post = new ArrayList<>();
        for (int i = m.n - 1; i >= 0; i--) {
            long type = m.type[i];
            if ((type & (LITERAL | PRIVATE)) != 0) continue;
            if (m.mapper[i] != 0) {
                Info.debug("Calling targetDataMapper for the %dth argument", i);
                if (!end(d, Mappers.components(m, i), true, c)) {
                    Info.report("Call to targetDataEnd via targetDataMapper for custom mapper failed.");
                    return false;
                }
                continue;
            }
            long hstBegin = m.begin[i], size = m.size[i];
            if ((type & NON_CONTIG) != 0) {
                long[] x = NonContiguous.extent(m.base[i], hstBegin, size);
                hstBegin = x[0];
                size = x[1];
            }
            boolean implicit = (type & IMPLICIT) != 0,
                    present = (type & PRESENT) != 0,
                    hold = (type & OMPX_HOLD) != 0,
                    forceDelete = (type & DELETE) != 0;
            boolean updateRef = (type & MEMBER_OF) == 0 || (type & PTR_AND_OBJ) != 0;
            Target t = tgtPtrBegin(d, hstBegin, size, updateRef, hold, !implicit, forceDelete, c);
            if (!t.present() && !t.hostPointer() && (size != 0 || present)) {
                Info.debug("Mapping does not exist (%s)", present ? "'present' map type modifier" : "ignored");
                if (present) {
                    message(
                            "device mapping required by 'present' map type modifier does not exist for host address %s (%d bytes)",
                            Info.hex(hstBegin), size);
                    return false;
                }
            } else {
                Info.debug(
                        "There are %d bytes allocated at target address %s - is%s last",
                        size, Info.hex(t.tgt()), t.last() ? "" : " not");
            }
            if (!t.present()) continue;
            if ((type & FROM) != 0 && ((type & ALWAYS) != 0 || t.last()) && !t.hostPointer() && size != 0) {
                if ((type & NON_CONTIG) != 0) NonContiguous.transfer(d, m.base[i], m.begin[i], m.size[i], false);
                else {
                    Info.debug("Moving %d bytes (tgt:%s) -> (hst:%s)", size, Info.hex(t.tgt()), Info.hex(hstBegin));
                    retrieve(d, t.entry(), hstBegin, t.tgt(), size);
                }
            }
            post.add(new Post(hstBegin, size, type, t));
            if ((type & PTR_AND_OBJ) != 0 && (type & MEMBER_OF) == 0) {
                // the pointer begin() mapped (and counted) for the attachment leaves with its pointee (OpenMP 5.2
                // §5.8.3:
                // libomptarget keeps it mapped for good)
                Target pointer = tgtPtrBegin(d, m.base[i], 8, true, hold, true, forceDelete, c);
                if (pointer.present()) post.add(new Post(m.base[i], 8, type & ~(FROM | PTR_AND_OBJ), pointer));
            }
        }
        for (Post p : post) {
            MappingTable.Entry e = p.target().entry();
            boolean delete = !p.target().hostPointer() && e != null;
            if ((p.type() & MEMBER_OF) != 0 && (p.type() & PTR_AND_OBJ) == 0)
                delete = false; // the parent struct still holds it
            if (delete && e.totalRefs() != 0) delete = false;
            if (!delete || !d.table.remove(e)) continue; // (two items may name the same mapping)
            if (Info.wanted(Info.MAPPING_CHANGED))
                Info.info(
                        Info.MAPPING_CHANGED,
                        d.id,
                        "Removing map entry with HstPtrBegin=%s, TgtPtrBegin=%s, Size=%d, Name=%s",
                        Info.hex(e.hstBegin),
                        Info.hex(e.tgtBegin),
                        p.size(),
                        SourceInfo.name(e.name));
            Info.debug(
                    "Deleting tgt data %s of size %d by freeing allocation starting at %s",
                    Info.hex(e.tgtBegin), p.size(), Info.hex(e.tgtAllocBegin));
            if (e.owned) d.free(e.tgtAllocBegin, e.size());
        }
        return true;
    }

    /**
     * libomptarget's getTgtPtrBegin: the mapping of a list item on the way out (or for an update
     * or a kernel argument), its reference count lowered when {@code updateRef}; absent items
     * answer their host address.
     */
    static Target tgtPtrBegin(
            Device d,
            long hstBegin,
            long size,
            boolean updateRef,
            boolean hold,
            boolean mustContain,
            boolean forceDelete,
            Construct c) {
        MappingTable.Lookup lr = d.table.lookup(hstBegin, size);
        if (lr.contained() || !mustContain && lr.overlaps()) {
            MappingTable.Entry e = lr.entry();
            boolean last;
            String action;
            if (!updateRef || c != null && c.counted(e)) {
                // already lowered by this construct: it goes if the count is now zero
                last = c != null && c.counted(e) ? e.totalRefs() == 0 : e.decrementRemoves(hold, forceDelete);
                action = " (update suppressed)";
            } else {
                last = e.decrementRemoves(hold, forceDelete);
                if (forceDelete) e.resetForDelete(hold);
                e.decrement(hold);
                if (c != null) c.count(e);
                action = last
                        ? forceDelete ? " (reset, delayed deletion)" : " (decremented, delayed deletion)"
                        : " (decremented)";
            }
            long tgt = e.translate(hstBegin);
            if (Info.wanted(Info.MAPPING_EXISTS))
                Info.info(
                        Info.MAPPING_EXISTS,
                        d.id,
                        "Mapping exists with HstPtrBegin=%s, TgtPtrBegin=%s, Size=%d, DynRefCount=%s%s, HoldRefCount=%s%s",
                        Info.hex(hstBegin),
                        Info.hex(tgt),
                        size,
                        e.dynRefs(),
                        hold ? "" : action,
                        e.holdRefs(),
                        hold ? action : "");
            return new Target(e, tgt, true, false, false, last, lr.contained());
        }
        if (Requires.unifiedSharedMemory()) {
            Info.debug("Get HstPtrBegin %s Size=%d for unified shared memory", Info.hex(hstBegin), size);
            return new Target(null, hstBegin, false, false, true, false, false);
        }
        // OpenMP 5.2: a list item not found keeps its original value (firstprivate semantics)
        return new Target(null, hstBegin, false, false, false, false, false);
    }

    // ---- update --------------------------------------------------------------------------------

    /** target update (targetDataUpdate); false after a failure already reported. */
    static boolean update(Device d, MapArgs m, Construct c) {
        for (int i = 0; i < m.n; i++) {
            long type = m.type[i];
            if ((type & (LITERAL | PRIVATE)) != 0) continue;
            if (m.mapper[i] != 0) {
                Info.debug("Calling targetDataMapper for the %dth argument", i);
                if (!update(d, Mappers.components(m, i), c)) {
                    Info.report("Call to targetDataUpdate via targetDataMapper for custom mapper failed.");
                    return false;
                }
                continue;
            }
            if ((type & NON_CONTIG) != 0) {
                long[] x = NonContiguous.extent(m.base[i], m.begin[i], m.size[i]);
                Target t = tgtPtrBegin(d, x[0], x[1], false, false, true, false, null);
                if (!present(t, x[0], x[1], type)) return false;
                if (t.present()) {
                    if ((type & TO) != 0) NonContiguous.transfer(d, m.base[i], m.begin[i], m.size[i], true);
                    if ((type & FROM) != 0) NonContiguous.transfer(d, m.base[i], m.begin[i], m.size[i], false);
                }
                continue;
            }
            if (!contiguous(d, m.begin[i], m.size[i], type)) return false;
        }
        return true;
    }

    /** A missing item of an update: nothing to do, or an error with 'present'. */
    private static boolean present(Target t, long begin, long size, long type) {
        if (t.present() || t.hostPointer()) return true;
        Info.debug("hst data:%s not found, becomes a noop", Info.hex(begin));
        if ((type & PRESENT) != 0) {
            message(
                    "device mapping required by 'present' motion modifier does not exist for host address %s (%d bytes)",
                    Info.hex(begin), size);
            return false;
        }
        return true;
    }

    /** One contiguous piece of an update (libomptarget's targetDataContiguous). */
    static boolean contiguous(Device d, long begin, long size, long type) {
        Target t = tgtPtrBegin(d, begin, size, false, false, true, false, null);
        if (!t.present()) return present(t, begin, size, type);
        if (t.hostPointer()) {
            Info.debug("hst data:%s unified and shared, becomes a noop", Info.hex(begin));
            return true;
        }
        if ((type & TO) != 0) {
            Info.debug("Moving %d bytes (hst:%s) -> (tgt:%s)", size, Info.hex(begin), Info.hex(t.tgt()));
            submit(d, t.entry(), begin, t.tgt(), size);
        }
        if ((type & FROM) != 0) {
            Info.debug("Moving %d bytes (tgt:%s) -> (hst:%s)", size, Info.hex(t.tgt()), Info.hex(begin));
            retrieve(d, t.entry(), begin, t.tgt(), size);
        }
        return true;
    }

    // ---- transfers -----------------------------------------------------------------------------

    /** Copies host [host, host + size) to the device at tgt; pointers attached in it keep their device values. */
    static void submit(Device d, MappingTable.Entry e, long host, long tgt, long size) {
        if (size <= 0) return;
        if (Info.wanted(Info.DATA_TRANSFER))
            Info.info(
                    Info.DATA_TRANSFER,
                    d.id,
                    "Copying data from host to device, HstPtr=%s, TgtPtr=%s, Size=%d, Name=%s",
                    Info.hex(host),
                    Info.hex(tgt),
                    size,
                    SourceInfo.name(e == null ? 0 : e.name));
        d.submit(tgt, host, size);
        if (e == null) return;
        for (MappingTable.Shadow s : e.shadowsIn(host, size)) {
            Info.debug(
                    "Restoring original target pointer value %s for target pointer %s",
                    Info.hex(s.tgtPtrVal()), Info.hex(s.tgtPtrAddr()));
            writeDevicePointer(d, s.tgtPtrAddr(), s.tgtPtrVal());
        }
    }

    /** Copies the device's tgt to host [host, host + size); pointers attached in it get their host values back. */
    static void retrieve(Device d, MappingTable.Entry e, long host, long tgt, long size) {
        if (size <= 0) return;
        if (Info.wanted(Info.DATA_TRANSFER))
            Info.info(
                    Info.DATA_TRANSFER,
                    d.id,
                    "Copying data from device to host, TgtPtr=%s, HstPtr=%s, Size=%d, Name=%s",
                    Info.hex(tgt),
                    Info.hex(host),
                    size,
                    SourceInfo.name(e == null ? 0 : e.name));
        d.retrieve(host, tgt, size);
        if (e == null) return;
        for (MappingTable.Shadow s : e.shadowsIn(host, size)) {
            Mem.putLong(s.hstPtrAddr(), s.hstPtrVal());
            Info.debug(
                    "Restoring original host pointer value %s for host pointer %s",
                    Info.hex(s.hstPtrVal()), Info.hex(s.hstPtrAddr()));
        }
    }

    /** Attaches: the device copy of the pointer at host address {@code hstPtr} (device address tgt) gets value. */
    private static void putDevicePointer(Device d, long tgt, long value, MappingTable.Entry holder, long hstPtr) {
        if (Info.wanted(Info.DATA_TRANSFER))
            Info.info(
                    Info.DATA_TRANSFER,
                    d.id,
                    "Copying data from host to device, HstPtr=%s, TgtPtr=%s, Size=8, Name=%s",
                    Info.hex(hstPtr),
                    Info.hex(tgt),
                    SourceInfo.name(holder.name));
        writeDevicePointer(d, tgt, value);
    }

    static void writeDevicePointer(Device d, long tgt, long value) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment tmp = a.allocate(8, 8);
            Mem.putLong(tmp.address(), value);
            d.submit(tgt, tmp.address(), 8);
        }
    }

    /** The alignment a partially mapped struct keeps on the device: its base's, at most 16 (libomptarget's). */
    private static long partialStructAlignment(long base) {
        long lowest = base == 0 ? 16 : Long.lowestOneBit(base);
        return Math.min(16, lowest);
    }
}
