package jomp.runtime.target;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import jomp.runtime.mem.Mem;
import jomp.runtime.plugin.DevicePlugin;

/**
 * libomptarget's compiler-facing entry points (offload-abi.md §2): kernel launches with their data
 * mapping, and the data mappers of target data, enter/exit data and update. Map-type bits as in
 * DESIGN §6. A launch that cannot run on a device returns non-zero and the compiled code runs the
 * region on the host, unless OMP_TARGET_OFFLOAD=MANDATORY, which stops the program instead.
 *
 * <p>Choices where libomptarget and the specification leave room:
 * <ul>
 * <li>A zero-length array section (a pointer used in a region) becomes the device address when the
 *     pointer points into a mapping, else the host pointer unchanged (OpenMP 5.1's rule, and
 *     libgomp's; libomptarget 19 passes NULL).
 * <li>Declare target {@code to} globals are present from the image's loading with an infinite
 *     reference count, their device copy initialised from the image (never from the host).
 *     {@code link} globals are absent until mapped; a mapping of one uses the image's storage for
 *     it (no allocation), so device code that names the global sees the mapped data.
 * <li>Attached pointers (PTR_AND_OBJ) are shadowed: copying their mapping back to the host keeps
 *     the host's pointer value, copying it to the device keeps the device's.
 * <li>{@link #__jomp_target_translate} answers the host address itself when nothing maps it
 *     (OpenMP 5.1's use_device_ptr rule), and on the host.
 * <li>A failure inside a construct (a missing 'present' mapping, an explicit extension of a
 *     mapping, a failing kernel) stops the program: "omptarget error: ..." and status 1.
 * </ul>
 */
public final class Tgt {
    private Tgt() {}

    static final long TO = 0x1, FROM = 0x2, ALWAYS = 0x4, DELETE = 0x8, PTR_AND_OBJ = 0x10, TARGET_PARAM = 0x20,
        PRIVATE = 0x80, LITERAL = 0x100, IMPLICIT = 0x200, PRESENT = 0x1000;

    // ---- kernels

    public static int __tgt_target_kernel(long loc, long deviceId, int numTeams, int threadLimit, long hostPtr, long kernelArgs) {
        long id = Devices.resolve(deviceId);
        HostEntry entry = Registry.entry(hostPtr);
        String name = entry != null ? entry.name() : "region " + Info.hex(hostPtr);
        int count = Devices.count();
        if (count > 0 && id == count) return 1;   // device(omp_get_initial_device()): the host, as asked
        Device d = Devices.get(id);
        if (d == null) return fallback(name, count == 0 ? "no offload device is available"
                : "device " + id + " does not exist (" + count + " device(s))");
        d.ready();
        DevicePlugin.Kernel k = entry == null ? null : d.kernel(entry.name());
        if (k == null) {
            int rc = fallback(name, "device " + d.id + " (" + d.plugin.name() + ") has no image with this kernel");
            syncForFallback(d, kernelArgs, true);   // the host runs the region on the data the device holds
            FALLBACK_ON.set(d);
            return rc;
        }

        int n = Mem.getInt(kernelArgs + 4);
        long bases = Mem.getLong(kernelArgs + 8), ptrs = Mem.getLong(kernelArgs + 16),
            sizes = Mem.getLong(kernelArgs + 24), types = Mem.getLong(kernelArgs + 32);
        long[] privates = new long[n];
        long[] tgt = dataBegin(d, n, bases, ptrs, sizes, types, privates);
        int params = 0;
        for (int i = 0; i < n; i++) if ((Mem.getLong(types + 8L * i) & TARGET_PARAM) != 0) params++;
        long[] args = new long[params];
        for (int i = 0, j = 0; i < n; i++) if ((Mem.getLong(types + 8L * i) & TARGET_PARAM) != 0) args[j++] = tgt[i];
        if (Info.on(Info.KERNEL_ARGS)) {
            if (Info.on(Info.KERNEL_ARGS)) Info.info(Info.KERNEL_ARGS, d.id, "Entering OpenMP kernel %s with %d arguments:", name, n);
            for (int i = 0; i < n; i++) Info.info(Info.KERNEL_ARGS, d.id, "%s(unknown)[%d]", mapName(Mem.getLong(types + 8L * i)), Mem.getLong(sizes + 8L * i));
        }
        int teams = numTeams > 0 ? numTeams : Runtime.getRuntime().availableProcessors();
        int threads = threadLimit > 0 ? threadLimit : Math.max(1, Runtime.getRuntime().availableProcessors() / teams);
        Info.launch(d.id, name, teams, threads);
        long t = Profile.start();
        try {
            d.plugin.launch(d.local, k, args, numTeams, threadLimit);
        } catch (RuntimeException | Error e) {
            jomp.runtime.start.Signals.dieOf(e);   // a C signal in the region ends the program, as in C
            if (Info.DEBUG) e.printStackTrace();
            fatal("kernel " + name + " failed on device " + d.id + " (" + d.plugin.name() + "): " + describe(e));
        }
        Profile.event("kernel " + name, t, "device", d.id, "teams", teams, "threads", threads);
        dataEnd(d, n, bases, ptrs, sizes, types);
        for (long p : privates) if (p != 0) d.plugin.dataDelete(d.local, p);
        return 0;
    }

    /** The device whose data a host fallback of this thread is working on, until __jomp_target_fallback_done. */
    private static final ThreadLocal<Device> FALLBACK_ON = new ThreadLocal<>();

    /**
     * A region whose device has no code for it runs on the host; data the device holds for it
     * (mapped by an enclosing data region) comes to the host first and goes back after, so the
     * host run and later device work agree.
     */
    private static void syncForFallback(Device d, long kernelArgs, boolean toHost) {
        int n = Mem.getInt(kernelArgs + 4);
        long ptrs = Mem.getLong(kernelArgs + 16), sizes = Mem.getLong(kernelArgs + 24), types = Mem.getLong(kernelArgs + 32);
        for (int i = 0; i < n; i++) {
            long begin = Mem.getLong(ptrs + 8L * i), size = Mem.getLong(sizes + 8L * i), type = Mem.getLong(types + 8L * i);
            if ((type & (LITERAL | PRIVATE)) != 0 || begin == 0) continue;
            if (size == 0) {   // a pointer into mapped data: all of that data
                MappingTable.Entry e = d.table.find(begin, 0);
                if (e == null) continue;
                if (toHost) retrieve(d, e, e.hostBegin, e.size());
                else submit(d, e, e.hostBegin, e.size());
                continue;
            }
            // the item may span several mappings (a struct whose members were mapped one by one)
            for (MappingTable.Entry e : d.table.overlapping(begin, size)) {
                long lo = Math.max(begin, e.hostBegin), hi = Math.min(begin + size, e.hostEnd);
                if (toHost) retrieve(d, e, lo, hi - lo);
                else submit(d, e, lo, hi - lo);
            }
        }
    }

    /** After a host fallback: the device copies of the region's mapped data take the host's results. */
    public static void __jomp_target_fallback_done(long deviceId, long kernelArgs) {
        Device d = FALLBACK_ON.get();
        if (d == null) return;
        FALLBACK_ON.remove();
        syncForFallback(d, kernelArgs, false);
    }

    /** No device runs the region: the host does, unless offloading is mandatory. */
    private static int fallback(String region, String why) {
        if (Devices.POLICY == Devices.Policy.MANDATORY) {
            fatal("OMP_TARGET_OFFLOAD=MANDATORY but " + region + " cannot be offloaded: " + why);
        }
        Info.debug("%s runs on the host: %s", region, why);
        return 1;
    }

    /** What a fatal error does: print it and exit with status 1 (tests install one that throws). */
    static java.util.function.Consumer<String> onFatal = message -> {
        jomp.runtime.libc.Stdio.fflush(0);
        System.err.println("omptarget error: " + message);
        System.err.println("omptarget fatal error 1: failure of target construct");
        if (Info.on(Info.DUMP_TABLE)) dumpTables();
        jomp.runtime.libc.Stdlib.exit(1);
    };

    static void fatal(String message) {
        onFatal.accept(message);
        throw new IllegalStateException(message);   // not reached when exit stops the program
    }

    /** An exception as one line: the innermost cause says what went wrong. */
    private static String describe(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) c = c.getCause();
        return c.getMessage() == null ? c.getClass().getName() : c.getClass().getSimpleName() + ": " + c.getMessage();
    }

    private static String mapName(long type) {
        if ((type & LITERAL) != 0) return "firstprivate";
        if ((type & PRIVATE) != 0) return "private";
        return switch ((int) (type & 3)) { case 1 -> "to"; case 2 -> "from"; case 3 -> "tofrom"; default -> "alloc"; };
    }

    // ---- data mappers

    public static void __tgt_target_data_begin_mapper(long loc, long deviceId, int n, long bases, long ptrs, long sizes, long types,
                                                      long names, long mappers) {
        Device d = dataDevice(deviceId);
        if (d != null) dataBegin(d, n, bases, ptrs, sizes, types, null);
    }

    public static void __tgt_target_data_end_mapper(long loc, long deviceId, int n, long bases, long ptrs, long sizes, long types,
                                                    long names, long mappers) {
        Device d = dataDevice(deviceId);
        if (d != null) dataEnd(d, n, bases, ptrs, sizes, types);
    }

    public static void __tgt_target_data_update_mapper(long loc, long deviceId, int n, long bases, long ptrs, long sizes, long types,
                                                       long names, long mappers) {
        Device d = dataDevice(deviceId);
        if (d == null) return;
        for (int i = 0; i < n; i++) {
            long begin = Mem.getLong(ptrs + 8L * i), size = Mem.getLong(sizes + 8L * i), type = Mem.getLong(types + 8L * i);
            MappingTable.Entry e = lookup(d, begin, size, type);
            if (e == null) {
                if ((type & PRESENT) != 0) fatal("device mapping required by 'present' motion modifier does not exist for host address " + Info.hex(begin) + " (" + size + " bytes)");
                continue;   // OpenMP 5.1: nothing to update
            }
            if ((type & TO) != 0) submit(d, e, begin, size);
            if ((type & FROM) != 0) retrieve(d, e, begin, size);
        }
    }

    /** The device of a data construct, or null for the host (nothing to map). */
    private static Device dataDevice(long deviceId) {
        long id = Devices.resolve(deviceId);
        Device d = Devices.get(id);
        if (d == null) {
            int count = Devices.count();   // as for kernels: only an explicit host device number with devices present is the host
            if (Devices.POLICY == Devices.Policy.MANDATORY && (count == 0 || id != count))
                fatal("OMP_TARGET_OFFLOAD=MANDATORY but device " + id + " is not available for a target data construct");
            return null;
        }
        d.ready();
        return d;
    }

    /** Use of device addresses from the host: use_device_ptr and use_device_addr. */
    public static long __jomp_target_translate(long deviceId, long hostPtr) {
        Device d = Devices.get(Devices.resolve(deviceId));
        if (d == null || hostPtr == 0) return hostPtr;
        MappingTable.Entry e = d.table.find(hostPtr, 0);
        return e == null ? hostPtr : e.translate(hostPtr);
    }

    /**
     * The mapping of a list item. An explicit item that only overlaps a mapping is an error; an
     * implicit one (a whole array used in a region after a section of it was mapped) uses that
     * mapping, as libomptarget does.
     */
    private static MappingTable.Entry lookup(Device d, long begin, long size, long type) {
        try {
            return d.table.lookup(begin, size);
        } catch (MappingTable.OverlapException e) {
            if ((type & IMPLICIT) != 0) return e.entry;
            fatal(e.getMessage());
            return null;
        }
    }

    /**
     * Maps the entries in order (allocating and copying in what is new, counting references of
     * what is present, attaching pointers) and returns each entry's kernel argument value: the
     * device address of its base, or its literal value. {@code privates} (may be null) receives
     * device buffers of private copies to free after the kernel.
     */
    static long[] dataBegin(Device d, int n, long bases, long ptrs, long sizes, long types, long[] privates) {
        synchronized (d.table) {   // lookups and reference counts of one construct are atomic to other host threads
            return begin(d, n, bases, ptrs, sizes, types, privates);
        }
    }

    private static long[] begin(Device d, int n, long bases, long ptrs, long sizes, long types, long[] privates) {
        long[] out = new long[n];
        boolean[] fresh = new boolean[n];   // entries this call allocated (their members get copied in)
        for (int i = 0; i < n; i++) {
            long base = Mem.getLong(bases + 8L * i), begin = Mem.getLong(ptrs + 8L * i), size = Mem.getLong(sizes + 8L * i),
                type = Mem.getLong(types + 8L * i);
            if ((type & LITERAL) != 0) { out[i] = begin; continue; }
            if ((type & PRIVATE) != 0) {
                long tgt = alloc(d, size);
                if ((type & TO) != 0) submit(d, new MappingTable.Entry(begin, begin + size, tgt, 1, true), begin, size);
                if (privates != null) privates[i] = tgt;
                out[i] = tgt - (begin - base);
                continue;
            }
            if (size == 0 && (type & PTR_AND_OBJ) == 0) {   // a zero-length section: translate if it points into mapped data
                MappingTable.Entry e = begin == 0 ? null : d.table.find(begin, 0);
                out[i] = e == null ? base : e.translate(begin) - (begin - base);
                continue;
            }
            int parent = memberOf(type);
            if (parent >= 0 && parent < i && (type & PTR_AND_OBJ) == 0) {   // a member of a struct mapped just before: its storage is the struct's
                MappingTable.Entry e = lookup(d, begin, size, type);
                if (e == null) fatal("struct member at " + Info.hex(begin) + " is not inside its mapped struct");
                if ((type & TO) != 0 && (fresh[parent] || (type & ALWAYS) != 0)) submit(d, e, begin, size);
                out[i] = e.translate(begin) - (begin - base);
                continue;
            }
            MappingTable.Entry e = lookup(d, begin, size, type);
            if (e != null) {
                if (e.refCount != MappingTable.INFINITE) e.refCount++;
                if (Info.on(Info.MAPPING_EXISTS)) Info.info(Info.MAPPING_EXISTS, d.id, "Mapping exists with HstPtrBegin=%s, TgtPtrBegin=%s, Size=%d, DynRefCount=%s, HoldRefCount=0, Name=unknown",
                        Info.hex(begin), Info.hex(e.translate(begin)), size, e.refs());
                if ((type & TO) != 0 && (type & ALWAYS) != 0) submit(d, e, begin, size);
            } else {
                if ((type & PRESENT) != 0)
                    fatal("device mapping required by 'present' map type modifier does not exist for host address " + Info.hex(begin) + " (" + size + " bytes)");
                DevicePlugin.GlobalSymbol link = d.linkStorage(begin, size);
                long tgt;
                long t = Profile.start();
                if (link != null) tgt = link.deviceAddress();
                else {
                    tgt = alloc(d, size);
                    Profile.event("alloc", t, "bytes", size);
                }
                e = new MappingTable.Entry(begin, begin + size, tgt, 1, link == null);
                d.table.insert(e);
                fresh[i] = true;
                if (Info.on(Info.MAPPING_CHANGED)) Info.info(Info.MAPPING_CHANGED, d.id, "Creating new map entry with HstPtrBase=%s, HstPtrBegin=%s, TgtAllocBegin=%s, TgtPtrBegin=%s, Size=%d, DynRefCount=1, HoldRefCount=0, Name=unknown",
                        Info.hex(base), Info.hex(begin), Info.hex(tgt), Info.hex(tgt), size);
                if ((type & TO) != 0) submit(d, e, begin, size);
            }
            out[i] = e.translate(begin) - (begin - base);
            if ((type & PTR_AND_OBJ) != 0) attach(d, base, e);
        }
        return out;
    }

    /** Device memory for a mapping; running out of it stops the program with a message. */
    private static long alloc(Device d, long size) {
        long a;
        try {
            a = d.plugin.dataAlloc(d.local, Math.max(size, 1));
        } catch (RuntimeException | OutOfMemoryError e) {
            fatal("cannot allocate " + size + " bytes on device " + d.id + " (" + d.plugin.name() + "): " + describe(e));
            return 0;
        }
        if (a == 0) fatal("cannot allocate " + size + " bytes on device " + d.id + " (" + d.plugin.name() + "): out of device memory");
        return a;
    }

    /** The index of the entry a MEMBER_OF entry belongs to, or -1. */
    private static int memberOf(long type) { return (int) (type >>> 48) - 1; }

    /**
     * Pointer attachment (PTR_AND_OBJ): the device copy of the pointer at host address ptrAddr (if
     * that pointer is mapped) gets the device address of what it points to. The pair is remembered
     * as a shadow pointer of the pointer's mapping, so copying that mapping back to the host keeps
     * the host's pointer value.
     */
    private static void attach(Device d, long ptrAddr, MappingTable.Entry pointee) {
        MappingTable.Entry holder = d.table.find(ptrAddr, 8);
        if (holder == null) return;
        long value = Mem.getLong(ptrAddr), device = pointee.translate(value);
        if (!holder.shadow(ptrAddr, value, device)) return;   // attached to the same storage already
        putDevicePointer(d, holder.translate(ptrAddr), device);
        if (Info.DEBUG) Info.debug("attached the device pointer at %s to %s", Info.hex(holder.translate(ptrAddr)), Info.hex(device));
    }

    private static void putDevicePointer(Device d, long tgt, long value) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment tmp = a.allocate(8, 8);
            Mem.putLong(tmp.address(), value);
            d.plugin.dataSubmit(d.local, tgt, tmp.address(), 8);
        }
    }

    /** Unmaps the entries in reverse order: references drop, data comes back when the last one goes (or always). */
    static void dataEnd(Device d, int n, long bases, long ptrs, long sizes, long types) {
        synchronized (d.table) {
            end(d, n, bases, ptrs, sizes, types);
        }
    }

    private static void end(Device d, int n, long bases, long ptrs, long sizes, long types) {
        for (int i = n - 1; i >= 0; i--) {
            long begin = Mem.getLong(ptrs + 8L * i), size = Mem.getLong(sizes + 8L * i), type = Mem.getLong(types + 8L * i);
            if ((type & (LITERAL | PRIVATE)) != 0) continue;
            if (size == 0 && (type & PTR_AND_OBJ) == 0) continue;
            int parent = memberOf(type);
            if (parent >= 0 && parent < i && (type & PTR_AND_OBJ) == 0) {   // a member: copied out when its struct's mapping ends (or always)
                long pb = Mem.getLong(ptrs + 8L * parent), ps = Mem.getLong(sizes + 8L * parent), pt = Mem.getLong(types + 8L * parent);
                MappingTable.Entry pe = lookup(d, pb, ps, pt), e = lookup(d, begin, size, type);
                if (pe == null || e == null) continue;
                boolean ends = pe.refCount != MappingTable.INFINITE && (pe.refCount <= 1 || (pt & DELETE) != 0);
                if ((type & FROM) != 0 && (ends || (type & ALWAYS) != 0)) retrieve(d, e, begin, size);
                continue;
            }
            MappingTable.Entry e = lookup(d, begin, size, type);
            if (e == null) {
                if ((type & PRESENT) != 0)
                    fatal("device mapping required by 'present' map type modifier does not exist for host address " + Info.hex(begin) + " (" + size + " bytes)");
                continue;
            }
            if (e.refCount != MappingTable.INFINITE) {
                if ((type & DELETE) != 0) e.refCount = 0;
                else if (e.refCount > 0) e.refCount--;
            }
            boolean last = e.refCount == 0;
            if ((type & FROM) != 0 && (last || (type & ALWAYS) != 0)) retrieve(d, e, begin, size);
            if (last) {
                d.table.remove(e);
                if (Info.on(Info.MAPPING_CHANGED)) Info.info(Info.MAPPING_CHANGED, d.id, "Removing map entry with HstPtrBegin=%s, TgtPtrBegin=%s, Size=%d, Name=unknown",
                        Info.hex(e.hostBegin), Info.hex(e.tgtBegin), e.size());
                if (e.owned) {
                    long t = Profile.start();
                    d.plugin.dataDelete(d.local, e.tgtBegin);
                    Profile.event("delete", t, "bytes", e.size());
                }
            }
        }
    }

    /** Copies [host, host + size) of mapping e to the device; attached pointers in it keep their device values. */
    static void submit(Device d, MappingTable.Entry e, long host, long size) {
        if (size <= 0) return;
        long tgt = e.translate(host);
        if (Info.on(Info.DATA_TRANSFER)) Info.info(Info.DATA_TRANSFER, d.id, "Copying data from host to device, HstPtr=%s, TgtPtr=%s, Size=%d, Name=unknown", Info.hex(host), Info.hex(tgt), size);
        long t = Profile.start();
        d.plugin.dataSubmit(d.local, tgt, host, size);
        Profile.event("submit", t, "bytes", size);
        for (long[] s : e.shadowsIn(host, size)) putDevicePointer(d, e.translate(s[0]), s[2]);
    }

    /** Copies [host, host + size) of mapping e back to the host; attached pointers in it keep their host values. */
    static void retrieve(Device d, MappingTable.Entry e, long host, long size) {
        if (size <= 0) return;
        long tgt = e.translate(host);
        if (Info.on(Info.DATA_TRANSFER)) Info.info(Info.DATA_TRANSFER, d.id, "Copying data from device to host, TgtPtr=%s, HstPtr=%s, Size=%d, Name=unknown", Info.hex(tgt), Info.hex(host), size);
        long t = Profile.start();
        d.plugin.dataRetrieve(d.local, host, tgt, size);
        Profile.event("retrieve", t, "bytes", size);
        for (long[] s : e.shadowsIn(host, size)) Mem.putLong(s[0], s[1]);
    }

    /** LIBOMPTARGET_INFO 0x4: every device's mapping table. */
    static void dumpTables() {
        for (Device d : Devices.all()) {
            System.err.println("omptarget device " + d.id + " info: OpenMP Host-Device pointer mappings after block at unknown:0:0:");
            System.err.println("omptarget device " + d.id + " info: Host Ptr           Target Ptr         Size (B) DynRefCount HoldRefCount Declaration");
            for (MappingTable.Entry e : d.table.entries())
                System.err.printf("omptarget device %d info: %s %s %-8d %-11s %-12d unknown%n", d.id, Info.hex(e.hostBegin), Info.hex(e.tgtBegin), e.size(), e.refs(), 0);
        }
    }
}
