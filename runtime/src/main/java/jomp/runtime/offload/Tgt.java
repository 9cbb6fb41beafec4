package jomp.runtime.offload;

import static jomp.offload.abi.MapType.IMPLICIT;
import static jomp.offload.abi.MapType.LITERAL;
import static jomp.offload.abi.MapType.NON_CONTIG;
import static jomp.offload.abi.MapType.PRIVATE;
import static jomp.offload.abi.MapType.PTR_AND_OBJ;
import static jomp.offload.abi.MapType.TARGET_PARAM;
import static jomp.offload.abi.MapType.TO;

import java.util.ArrayList;
import java.util.List;
import jomp.offload.abi.HostEntry;
import jomp.offload.abi.KernelArgs;
import jomp.runtime.mem.Mem;
import jomp.runtime.omp.OmptHost;
import jomp.runtime.plugin.DevicePlugin;
import jomp.runtime.plugin.LaunchRequest;

/**
 * libomptarget's compiler-facing entry points (offload-abi.md §2): kernel launches with their data
 * mapping, the data mappers of target data, enter/exit data and update, and the mapper component
 * calls. The mapping itself is {@link DataMapping}. A launch that cannot run on a device returns
 * non-zero and the compiled code runs the region on the host, unless OMP_TARGET_OFFLOAD=MANDATORY,
 * which stops the program instead.
 *
 * <p>Choices where libomptarget and the specification leave room:
 * <ul>
 * <li>A zero-length array section (a pointer used in a region) becomes the device address when the
 *     pointer points into a mapping, else the host pointer unchanged (OpenMP 5.1's rule).
 * <li>Declare target {@code to} globals are present from the image's loading with an infinite
 *     reference count, their device copy initialised from the image (never from the host).
 *     {@code link} globals are absent until mapped; a mapping of one uses the image's storage for
 *     it (no allocation), so device code that names the global sees the mapped data.
 * <li>{@link #__jomp_target_translate} answers the host address itself when nothing maps it
 *     (OpenMP 5.1's use_device_ptr rule), and on the host.
 * <li>A failure inside a construct (a missing 'present' mapping, an explicit extension of a
 *     mapping, a failing kernel, a device number that names no device) stops the program with
 *     libomptarget's messages and abort(), as libomptarget does (SIGABRT: status 134 in a shell).
 * <li>A region whose device has no code for it runs on the host under OMP_TARGET_OFFLOAD=DEFAULT
 *     (the device does not support it: OpenMP 5.2 §1.3); libomptarget, which treats DEFAULT with
 *     devices present as MANDATORY, stops the program.
 * </ul>
 */
public final class Tgt {
    private Tgt() {}

    // ---- kernels

    public static int __tgt_target_kernel(
            long loc, long deviceId, int numTeams, int threadLimit, long hostPtr, long kernelArgs) {
        Info.debug("Entering target region for device %d with entry point %s", deviceId, Info.hex(hostPtr));
        HostEntry entry = Registry.entry(hostPtr);
        String name = entry != null ? entry.name() : "region " + Info.hex(hostPtr);
        Device d = checkDevice(deviceId, loc);
        if (d == null) {
            Info.debug("Not offloading to device %d", deviceId);
            return 1;
        }
        DevicePlugin.Kernel k = entry == null ? null : d.kernel(entry.name());
        if (k == null || !d.usable()) return unavailable(loc, d, k, name, hostPtr, kernelArgs);

        OmptTarget.Region tool = OmptHost.ON ? OmptTarget.begin(OmptTarget.TARGET, d) : null;
        int requestedTeams = numTeams;
        int n = Mem.getInt(kernelArgs + KernelArgs.OFF_NUM_ARGS);
        MapArgs m = mapArgs(n, kernelArgs);
        if (Info.on(Info.KERNEL_ARGS)) printArguments(loc, d.id, m, "Entering OpenMP kernel");
        traceEntries(m);
        long tripCount = Mem.getLong(kernelArgs + KernelArgs.OFF_TRIPCOUNT);
        Info.debug("loop trip count is %d.", tripCount);
        List<Long> privates = new ArrayList<>();
        long[] args;
        synchronized (d.table) { // lookups and reference counts of one construct are atomic to other host threads
            args = dataBefore(loc, d, m, privates);
            if (tool != null) OmptTarget.map(tool, d, m);
        }
        // the device's nteams-var and teams-thread-limit-var: OMP_NUM_TEAMS_DEV_<n> and friends, else OMP_NUM_TEAMS as
        // libomptarget's plugins read it
        if (numTeams <= 0) numTeams = d.icvs().nteams();
        if (threadLimit <= 0) threadLimit = d.icvs().teamsThreadLimit();
        LaunchRequest request = new LaunchRequest(
                k, args, numTeams, threadLimit, tripCount, Mem.getInt(kernelArgs + KernelArgs.OFF_DYN_CGROUP_MEM));
        int[] geometry = d.plugin.launchGeometry(d.local, request); // what the plugin launches, for the report
        int teams = geometry[0], threads = geometry[1];
        Info.debug(
                "Launching target execution %s with pointer %s (index=%d).",
                name, Info.hex(hostPtr), Registry.index(hostPtr));
        Info.launch(d.local, name, teams, threads, d.plugin.executionMode(d.local, k));
        long t = Profile.start();
        run(loc, d, request, name, tool, requestedTeams);
        Profile.event("kernel " + name, t, "device", d.id, "teams", teams, "threads", threads);
        synchronized (d.table) {
            if (!DataMapping.end(d, m, false, new DataMapping.Construct(loc))) {
                Info.report("Call to targetDataEnd failed, abort target.");
                Info.report("Failed to process data after launching the kernel.");
                failure(loc);
            }
        }
        for (long p : privates) d.free(p, 0);
        if (tool != null) OmptTarget.end(tool);
        outcome(loc);
        return 0;
    }

    /**
     * The region cannot run on d (no image with it, or a requirement d cannot meet): MANDATORY stops
     * the program with libomptarget's messages; DEFAULT runs it on the host, on the data d holds.
     */
    private static int unavailable(
            long loc, Device d, DevicePlugin.Kernel k, String name, long hostPtr, long kernelArgs) {
        String why = k == null
                ? "device " + d.id + " (" + d.plugin.name() + ") has no image with " + name
                : "device " + d.id + " (" + d.plugin.name() + ") "
                        + (d.unmetRequirement().equals("unified_shared_memory")
                                ? "cannot share the host's memory, which 'requires unified_shared_memory' asks"
                                : "cannot hand regions back to the host, which 'requires reverse_offload' asks");
        if (Devices.POLICY == Devices.Policy.MANDATORY) {
            // libomptarget has no kernel for the host pointer: "Host ptr ... does not have a matching target
            // pointer."
            Info.report("OMP_TARGET_OFFLOAD=MANDATORY but %s cannot be offloaded: %s", name, why);
            if (k == null) Info.report("Host ptr %s does not have a matching target pointer.", Info.hex(hostPtr));
            failure(loc, why);
        }
        // OMP_TARGET_OFFLOAD=DEFAULT: the device does not support the region, which runs on the host (OpenMP 5.2
        // §1.3)
        Info.debug("%s runs on the host: %s", name, why);
        syncForFallback(d, kernelArgs, true); // the host runs the region on the data the device holds
        FALLBACK_ON.set(d);
        return 1;
    }

    /** The map arrays of a __tgt_kernel_arguments block. */
    private static MapArgs mapArgs(int n, long kernelArgs) {
        return MapArgs.read(
                n,
                Mem.getLong(kernelArgs + KernelArgs.OFF_BASE_PTRS),
                Mem.getLong(kernelArgs + KernelArgs.OFF_PTRS),
                Mem.getLong(kernelArgs + KernelArgs.OFF_SIZES),
                Mem.getLong(kernelArgs + KernelArgs.OFF_TYPES),
                Mem.getLong(kernelArgs + KernelArgs.OFF_NAMES),
                Mem.getLong(kernelArgs + KernelArgs.OFF_MAPPERS));
    }

    /** Launches the kernel and waits for it; a failure in the kernel ends the program as libomptarget does. */
    private static void run(
            long loc, Device d, LaunchRequest request, String name, OmptTarget.Region tool, int requestedTeams) {
        jomp.runtime.omp.DeviceIcvs.LAUNCHING.set(
                d.icvs()); // what a host-thread device's kernel starts from (the jvm device)
        try {
            if (tool != null) OmptTarget.submitKernel(tool, 1, requestedTeams);
            d.plugin.launch(d.local, request);
            if (tool != null) OmptTarget.submitKernel(tool, 2, requestedTeams);
        } catch (RuntimeException | Error e) {
            jomp.runtime.omp.DeviceIcvs.LAUNCHING.remove();
            d.afterKernel(); // error at(execution) severity(fatal) in the kernel ends the program as on the host
            jomp.runtime.start.Signals.dieOf(e); // a C signal in the region ends the program, as in C
            if (Info.DEBUG) e.printStackTrace();
            // the plugin's report, then libomptarget's
            Info.report("kernel %s failed on device %d (%s): %s", name, d.id, d.plugin.name(), describe(e));
            Info.report("Executing target region abort target.");
            failure(loc, "kernel " + name + " failed on device " + d.id + " (" + d.plugin.name() + "): " + describe(e));
        }
        jomp.runtime.omp.DeviceIcvs.LAUNCHING.remove();
        d.afterKernel(); // the kernel's error directives' messages
    }

    /** libomptarget's processDataBefore: maps the entries and returns the kernel's argument values. */
    private static long[] dataBefore(long loc, Device d, MapArgs m, List<Long> privates) {
        if (!DataMapping.begin(d, m, false, new DataMapping.Construct(loc))) {
            Info.report("Call to targetDataBegin failed, abort target.");
            Info.report("Failed to process data before launching the kernel.");
            failure(loc);
        }
        List<Long> args = new ArrayList<>();
        for (int i = 0; i < m.n; i++) {
            long type = m.type[i];
            if ((type & TARGET_PARAM) == 0) continue;
            long base = m.base[i], begin = m.begin[i], size = m.size[i];
            if ((type & LITERAL) != 0) {
                Info.debug("Forwarding first-private value %s to the target construct", Info.hex(base));
                args.add(base);
            } else if ((type & PRIVATE) != 0) {
                boolean first = (type & TO) != 0;
                long tgt = d.alloc(size, begin);
                if (tgt == 0) {
                    Info.report("Failed to process %sprivate argument %s", first ? "first-" : "", Info.hex(begin));
                    failure(loc);
                }
                Info.debug(
                        "Allocated %d bytes of target memory at %s for %sprivate array %s - pushing target argument %s",
                        size, Info.hex(tgt), first ? "first-" : "", Info.hex(begin), Info.hex(tgt + (base - begin)));
                if (first) {
                    Info.debug("Submitting firstprivate data to the device.");
                    DataMapping.submit(d, null, begin, tgt, size);
                }
                privates.add(tgt);
                args.add(tgt + (base - begin));
            } else {
                if ((type & PTR_AND_OBJ) != 0) base = Mem.getLong(base);
                if ((type & NON_CONTIG) != 0) {
                    long[] x = NonContiguous.extent(base, begin, size);
                    begin = x[0];
                    size = x[1];
                }
                long tgt = DataMapping.tgtPtrBegin(d, begin, size, false, false, false, false, null)
                        .tgt();
                long arg = tgt + (base - begin);
                Info.debug("Obtained target argument %s from host pointer %s", Info.hex(arg), Info.hex(begin));
                args.add(arg);
            }
        }
        long[] out = new long[args.size()];
        for (int i = 0; i < out.length; i++) out[i] = args.get(i);
        return out;
    }

    /** libomptarget's printKernelArguments (LIBOMPTARGET_INFO 0x1). */
    private static void printArguments(long loc, int device, MapArgs m, String region) {
        SourceInfo s = SourceInfo.ofLocation(loc);
        Info.dump(device, "%s at %s with %d arguments:", region, s.where(), m.n);
        for (int i = 0; i < m.n; i++)
            Info.dump(
                    device,
                    "%s(%s)[%d] %s",
                    MapArgs.kind(m.type[i], m.size[i]),
                    SourceInfo.name(m.name[i]),
                    m.size[i],
                    (m.type[i] & IMPLICIT) != 0 ? "(implicit)" : "");
    }

    private static void traceEntries(MapArgs m) {
        if (!Info.DEBUG) return;
        for (int i = 0; i < m.n; i++)
            Info.debug(
                    "Entry %2d: Base=%s, Begin=%s, Size=%d, Type=0x%x, Name=%s",
                    i, Info.hex(m.base[i]), Info.hex(m.begin[i]), m.size[i], m.type[i], SourceInfo.name(m.name[i]));
    }

    /** The device whose data a host fallback of this thread is working on, until __jomp_target_fallback_done. */
    private static final ThreadLocal<Device> FALLBACK_ON = new ThreadLocal<>();

    /**
     * A region whose device has no code for it runs on the host; data the device holds for it
     * (mapped by an enclosing data region) comes to the host first and goes back after, so the
     * host run and later device work agree.
     */
    private static void syncForFallback(Device d, long kernelArgs, boolean toHost) {
        int n = Mem.getInt(kernelArgs + KernelArgs.OFF_NUM_ARGS);
        long ptrs = Mem.getLong(kernelArgs + KernelArgs.OFF_PTRS),
                sizes = Mem.getLong(kernelArgs + KernelArgs.OFF_SIZES),
                types = Mem.getLong(kernelArgs + KernelArgs.OFF_TYPES);
        for (int i = 0; i < n; i++) {
            long begin = Mem.getLong(ptrs + 8L * i),
                    size = Mem.getLong(sizes + 8L * i),
                    type = Mem.getLong(types + 8L * i);
            if ((type & (LITERAL | PRIVATE | NON_CONTIG)) != 0 || begin == 0) continue;
            if (size == 0) { // a pointer into mapped data: all of that data
                MappingTable.Entry e = d.table.find(begin, 0);
                if (e == null) continue;
                if (toHost) DataMapping.retrieve(d, e, e.hstBegin, e.tgtBegin, e.size());
                else DataMapping.submit(d, e, e.hstBegin, e.tgtBegin, e.size());
                continue;
            }
            // the item may span several mappings (a struct whose members were mapped one by one)
            for (MappingTable.Entry e : d.table.overlapping(begin, size)) {
                long lo = Math.max(begin, e.hstBegin), hi = Math.min(begin + size, e.hstEnd);
                if (toHost) DataMapping.retrieve(d, e, lo, e.translate(lo), hi - lo);
                else DataMapping.submit(d, e, lo, e.translate(lo), hi - lo);
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

    /**
     * libomptarget's checkDevice: the device a construct uses, ready, or null when the host runs
     * it (offloading disabled; no device at all, unless offloading is mandatory; the host's
     * number). A number that names no device ends the program ({@link Devices#require}).
     */
    private static Device checkDevice(long deviceId, long loc) {
        if (Devices.POLICY == Devices.Policy.DISABLED) {
            Info.debug("Offload is disabled");
            return null;
        }
        long id = Devices.resolve(deviceId);
        if (deviceId == -1) Info.debug("Use default device id %d", id);
        int count = Devices.count();
        if (count == 0) { // OMP_TARGET_OFFLOAD=DEFAULT without devices is DISABLED
            if (Devices.POLICY == Devices.Policy.MANDATORY) {
                Info.debug("omp_get_num_devices() == 0 but offload is manadatory");
                failure(loc);
            }
            return null;
        }
        if (id == count) {
            Info.debug("Device is host (%d), returning as if offload is disabled", id);
            return null;
        }
        Device d = Devices.require(id);
        d.ready();
        return d;
    }

    /**
     * What libomptarget's FATAL_MESSAGE does: "omptarget fatal error N: text" and abort() (SIGABRT,
     * status 134 through a shell); C's buffered stdout is lost, as with abort. Tests install an
     * {@link #onFatal} that throws instead.
     */
    static java.util.function.Consumer<String> onFatal = null;

    static void fatalError(long num, String text) {
        System.err.println("omptarget fatal error " + num + ": " + text);
        abort(text);
    }

    /** abort(), after libomptarget's messages; tests get {@code why} as an exception. */
    private static void abort(String why) {
        if (onFatal != null) {
            onFatal.accept(why);
            throw new IllegalStateException(why);
        }
        jomp.runtime.libc.Stdlib.abort();
        throw new IllegalStateException(why); // not reached
    }

    /**
     * A construct failed after its messages were printed: libomptarget's handleTargetOutcome with
     * offloading mandatory (as it is with devices present), then abort (status 134).
     */
    static void failure(long loc) {
        String why = DataMapping.LAST_MESSAGE.get();
        DataMapping.LAST_MESSAGE.remove();
        failure(loc, why);
    }

    /** {@link #failure(long)} for a failure {@code why} (what tests see). */
    private static void failure(long loc, String why) {
        if (Info.on(Info.DUMP_TABLE)) dumpTables(loc);
        else Info.report("Consult https://openmp.llvm.org/design/Runtimes.html for debugging options.");
        if (Devices.count() == 0) {
            // the archs of the images the program carries, as libomptarget reads them from its images' ELF headers
            List<String> archs = new ArrayList<>();
            for (jomp.offload.abi.BinaryDescriptor lib : Registry.libs())
                for (jomp.offload.abi.DeviceImage img : lib.images())
                    if (img.arch() != null && !img.arch().isEmpty() && !archs.contains(img.arch()))
                        archs.add(img.arch());
            System.err.println("omptarget error: No images found compatible with the installed hardware. Found "
                    + archs.size() + " image(s): (" + String.join(",", archs) + ")");
        }
        SourceInfo s = SourceInfo.ofLocation(loc);
        if (!s.available())
            Info.report("Source location information not present. Compile with -g or -gline-tables-only.");
        System.err.println((s.available() ? s.where() + ": " : "")
                + "omptarget fatal error 1: failure of target construct while offloading is mandatory");
        abort(why == null ? "failure of target construct" : why);
    }

    /** After a construct that succeeded: the table dump LIBOMPTARGET_INFO 0x4 asks for. */
    private static void outcome(long loc) {
        if (Info.on(Info.DUMP_TABLE)) dumpTables(loc);
    }

    /** An exception as one line: the innermost cause says what went wrong. */
    private static String describe(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c) c = c.getCause();
        return c.getMessage() == null ? c.getClass().getName() : c.getClass().getSimpleName() + ": " + c.getMessage();
    }

    // ---- data mappers

    public static void __tgt_target_data_begin_mapper(
            long loc, long deviceId, int n, long bases, long ptrs, long sizes, long types, long names, long mappers) {
        data(
                loc,
                deviceId,
                MapArgs.read(n, bases, ptrs, sizes, types, names, mappers),
                "begin",
                "Entering OpenMP data region with being_mapper");
    }

    public static void __tgt_target_data_end_mapper(
            long loc, long deviceId, int n, long bases, long ptrs, long sizes, long types, long names, long mappers) {
        data(
                loc,
                deviceId,
                MapArgs.read(n, bases, ptrs, sizes, types, names, mappers),
                "end",
                "Exiting OpenMP data region with end_mapper");
    }

    public static void __tgt_target_data_update_mapper(
            long loc, long deviceId, int n, long bases, long ptrs, long sizes, long types, long names, long mappers) {
        data(
                loc,
                deviceId,
                MapArgs.read(n, bases, ptrs, sizes, types, names, mappers),
                "update",
                "Updating data within the OpenMP data region with update_mapper");
    }

    /** libomptarget's targetData: one data construct on its device (nothing on the host). */
    private static void data(long loc, long deviceId, MapArgs m, String kind, String region) {
        Info.debug("Entering data %s region for device %d with %d mappings", kind, deviceId, m.n);
        Device d = dataDevice(deviceId, loc);
        if (d == null) return;
        if (Info.on(Info.KERNEL_ARGS)) printArguments(loc, d.id, m, region);
        traceEntries(m);
        boolean ok;
        OmptTarget.Region tool = !OmptHost.ON
                ? null
                : OmptTarget.begin(
                        kind.equals("begin")
                                ? OmptTarget.ENTER_DATA
                                : kind.equals("end") ? OmptTarget.EXIT_DATA : OmptTarget.UPDATE,
                        d);
        synchronized (d.table) {
            DataMapping.Construct c = new DataMapping.Construct(loc);
            if (tool != null && !kind.equals("begin"))
                OmptTarget.map(tool, d, m); // while the device still has the items
            ok = switch (kind) {
                case "begin" -> DataMapping.begin(d, m, false, c);
                case "end" -> DataMapping.end(d, m, false, c);
                default -> DataMapping.update(d, m, c);
            };
            if (tool != null && kind.equals("begin")) OmptTarget.map(tool, d, m);
        }
        if (tool != null) OmptTarget.end(tool);
        if (!ok) failure(loc);
        outcome(loc);
    }

    /** The device of a data construct, or null for the host (nothing to map). */
    private static Device dataDevice(long deviceId, long loc) {
        Device d = checkDevice(deviceId, loc);
        if (d == null) Info.debug("Not offloading to device %d", deviceId);
        return d;
    }

    // ---- mappers

    /** How many components the running mapper has pushed. */
    public static long __tgt_mapper_num_components(long handle) {
        return Mappers.count(handle);
    }

    /** One component of the running mapper's list item. */
    public static void __tgt_push_mapper_component(
            long handle, long base, long begin, long size, long type, long name) {
        Mappers.push(handle, base, begin, size, type, name);
    }

    /** A mapper's component type: its declared map type combined with the construct's (OpenMP 5.2 table 5.3). */
    public static long __jomp_mapper_type(long incoming, long declared) {
        return Mappers.finalType(incoming, declared);
    }

    // ---- reverse offload (target device(ancestor: 1))

    /** The calling device thread runs a region for the host: it is the host until {@link #__jomp_ancestor_exit}. */
    public static void __jomp_ancestor_enter() {
        jomp.runtime.omp.Teams.enterHost();
    }

    public static void __jomp_ancestor_exit() {
        jomp.runtime.omp.Teams.leaveHost();
    }

    // ---- interop

    /** #pragma omp interop init: a new object for device (-1: the default one) into *obj; targetsync: with a stream. */
    public static void __jomp_interop_init(long obj, long device, int targetsync) {
        Mem.putLong(obj, Interop.init(device, targetsync != 0));
    }

    /** #pragma omp interop use: the object's work done. */
    public static void __jomp_interop_use(long obj) {
        Interop.use(Mem.getLong(obj));
    }

    /** #pragma omp interop destroy: the object given back, *obj omp_interop_none. */
    public static void __jomp_interop_destroy(long obj) {
        Interop.destroy(Mem.getLong(obj));
        Mem.putLong(obj, 0);
    }

    /** Use of device addresses from the host: use_device_ptr and use_device_addr. */
    public static long __jomp_target_translate(long deviceId, long hostPtr) {
        Device d = Devices.get(Devices.resolve(deviceId));
        if (d == null || hostPtr == 0) return hostPtr;
        MappingTable.Entry e = d.table.find(hostPtr, 0);
        return e == null ? hostPtr : e.translate(hostPtr);
    }

    /** LIBOMPTARGET_INFO 0x4: every device's mapping table, after the construct at loc (0: at exit). */
    static void dumpTables(long loc) {
        SourceInfo where = SourceInfo.ofLocation(loc);
        for (Device d : Devices.all()) {
            List<MappingTable.Entry> es = d.table.entries();
            if (es.isEmpty()) {
                Info.dump(d.id, "OpenMP Host-Device pointer mappings table empty");
                continue;
            }
            Info.dump(d.id, "OpenMP Host-Device pointer mappings after block at %s:", where.where());
            Info.dump(
                    d.id,
                    "%-18s %-18s %s %s %s %s",
                    "Host Ptr",
                    "Target Ptr",
                    "Size (B)",
                    "DynRefCount",
                    "HoldRefCount",
                    "Declaration");
            for (MappingTable.Entry e : es) {
                SourceInfo s = SourceInfo.ofName(e.name);
                Info.dump(
                        d.id,
                        "%s %s %-8d %-11s %-12s %s at %s",
                        Info.hex(e.hstBegin),
                        Info.hex(e.tgtBegin),
                        e.size(),
                        e.dynRefs(),
                        e.holdRefs(),
                        s.name(),
                        s.where());
            }
        }
    }

    static void dumpTables() {
        dumpTables(0);
    }
}
