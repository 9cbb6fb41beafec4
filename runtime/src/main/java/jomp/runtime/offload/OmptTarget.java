package jomp.runtime.offload;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.omp.OmptHost;
import jomp.runtime.ompt.Ompt;

/**
 * libomptarget's side of the tools interface (docs/design/ompt.md): the device events (a
 * device's initialize and finalize, an image's load and unload) and the target events of
 * OpenMP 5.2 §19.5.2 as LLVM 19's libomptarget dispatches them (target / target_emi for target
 * regions and for target data, enter data, exit data and update — the data construct's begin
 * and end are an enter and an exit, as in libomptarget —, target_data_op(_emi) for each
 * allocation, transfer and deletion, target_submit(_emi) around a kernel launch) and the
 * target_map(_emi) LLVM leaves out. Hooks in Tgt and Device call it under {@code OmptHost.ON}.
 */
final class OmptTarget {
    private OmptTarget() {}

    static {
        Ompt.target(new Ompt.Target() {
            @Override
            public int numDevices() {
                return Devices.count();
            }

            @Override
            public int targetInfo(long deviceNum, long targetId, long hostOpId) {
                Region r = REGION.get();
                if (r == null) return 0;
                if (deviceNum != 0) Mem.putLong(deviceNum, r.device);
                if (targetId != 0) Mem.putLong(targetId, Mem.getLong(r.targetData));
                if (hostOpId != 0) Mem.putLong(hostOpId, Mem.getLong(r.hostOpId));
                return 1;
            }
        });
    }

    /** ompt_target_t of a target region, enter data, exit data, update. */
    static final int TARGET = 1, ENTER_DATA = 2, EXIT_DATA = 3, UPDATE = 4;

    private static final int BEGIN = 1, END = 2;
    private static final int ALLOC = 1, TO_DEVICE = 2, FROM_DEVICE = 3, DELETE = 4, ASSOCIATE = 5, DISASSOCIATE = 6;

    /**
     * The target construct a thread is in: its kind and device, the encountering task's data and
     * (in a target task) the target task's, and the construct's target_data and host_op_id
     * cells, native memory the tool may write. Data operations outside a construct
     * (omp_target_alloc, omp_target_memcpy) have none, and get cells of their own.
     */
    record Region(int kind, int device, long task, long targetTask, long targetData, long hostOpId) {}

    private static final ThreadLocal<Region> REGION = new ThreadLocal<>();

    /** The program's first offloading step (its images' registration): the tool starts, with the initial thread. */
    static void start() {
        OmptHost.currentTaskData();
    }

    /** A construct begins on device d (the tool sees nothing of it when no target callback is registered). */
    static Region begin(int kind, Device d) {
        if (!Ompt.hasTarget()) return null;
        long cells = cell(16);
        Region r =
                new Region(kind, d.id, OmptHost.currentTaskData(), OmptHost.currentTargetTaskData(), cells, cells + 8);
        REGION.set(r);
        Ompt.target(kind, BEGIN, d.id, r.task, r.targetTask, r.targetData);
        return r;
    }

    static void end(Region r) {
        if (r == null) return;
        Ompt.target(r.kind, END, r.device, r.task, r.targetTask, r.targetData);
        REGION.remove();
        Stdlib.free(r.targetData);
    }

    private static long cell(long size) {
        long c = Stdlib.malloc(size);
        Mem.fill(c, (byte) 0, size);
        return c;
    }

    // ---- data operations (Device's), between a begin and an end endpoint for the EMI callback

    /** Device memory for host address hst: begin before, end after the allocation (the end has its address). */
    static long alloc(Device d, long size, long hst, java.util.function.LongSupplier allocate) {
        Region r = region();
        int host = Devices.count();
        Ompt.targetDataOp(BEGIN, r.targetTask, r.targetData, r.hostOpId, ALLOC, hst, host, 0, d.id, size);
        long a = allocate.getAsLong();
        Ompt.targetDataOp(END, r.targetTask, r.targetData, r.hostOpId, ALLOC, hst, host, a, d.id, size);
        done(r);
        return a;
    }

    static void free(Device d, long tgt, Runnable delete) {
        Region r = region();
        Ompt.targetDataOp(BEGIN, r.targetTask, r.targetData, r.hostOpId, DELETE, tgt, d.id, 0, -1, 0);
        delete.run();
        Ompt.targetDataOp(END, r.targetTask, r.targetData, r.hostOpId, DELETE, tgt, d.id, 0, -1, 0);
        done(r);
    }

    static void submit(Device d, long tgt, long hst, long size, Runnable copy) {
        transfer(TO_DEVICE, hst, Devices.count(), tgt, d.id, size, copy);
    }

    static void retrieve(Device d, long hst, long tgt, long size, Runnable copy) {
        transfer(FROM_DEVICE, tgt, d.id, hst, Devices.count(), size, copy);
    }

    /** omp_target_associate_ptr / omp_target_disassociate_ptr. */
    static void associate(boolean associate, Device d, long hst, long tgt, long size) {
        Region r = region();
        int op = associate ? ASSOCIATE : DISASSOCIATE, host = Devices.count();
        Ompt.targetDataOp(BEGIN, r.targetTask, r.targetData, r.hostOpId, op, hst, host, tgt, d.id, size);
        Ompt.targetDataOp(END, r.targetTask, r.targetData, r.hostOpId, op, hst, host, tgt, d.id, size);
        done(r);
    }

    private static void transfer(int op, long src, int srcDevice, long dest, int destDevice, long size, Runnable copy) {
        Region r = region();
        Ompt.targetDataOp(BEGIN, r.targetTask, r.targetData, r.hostOpId, op, src, srcDevice, dest, destDevice, size);
        copy.run();
        Ompt.targetDataOp(END, r.targetTask, r.targetData, r.hostOpId, op, src, srcDevice, dest, destDevice, size);
        done(r);
    }

    /** The thread's construct, or a stand-alone one for an operation of the device memory routines. */
    private static Region region() {
        Region r = REGION.get();
        if (r != null) return r;
        long cells = cell(16);
        return new Region(0, -1, 0, 0, cells, cells + 8);
    }

    private static void done(Region r) {
        if (r.kind == 0) Stdlib.free(r.targetData);
    }

    // ---- the kernel launch and the construct's map

    static void submitKernel(Region r, int endpoint, int requestedTeams) {
        if (r != null) Ompt.targetSubmit(endpoint, r.targetData, r.hostOpId, requestedTeams);
    }

    /**
     * target_map: the construct's list items that map storage (not firstprivate values, not the
     * non-contiguous ones), with their device addresses where the device has them and the
     * flags of their map types.
     */
    static void map(Region r, Device d, MapArgs m) {
        if (r == null || !Ompt.hasTargetMap()) return;
        List<Integer> items = new java.util.ArrayList<>();
        for (int i = 0; i < m.n; i++) {
            long type = m.type[i];
            if ((type
                            & (jomp.offload.abi.MapType.LITERAL
                                    | jomp.offload.abi.MapType.PRIVATE
                                    | jomp.offload.abi.MapType.NON_CONTIG))
                    != 0) continue;
            items.add(i);
        }
        int n = items.size();
        long block = cell(Math.max(1, 28L * n));
        long host = block, dev = block + 8L * n, bytes = block + 16L * n, flags = block + 24L * n;
        for (int k = 0; k < n; k++) {
            int i = items.get(k);
            long begin = m.begin[i], type = m.type[i];
            MappingTable.Entry e = begin == 0 ? null : d.table.find(begin, Math.max(m.size[i], 0));
            Mem.putLong(host + 8L * k, begin);
            Mem.putLong(dev + 8L * k, e == null ? 0 : e.translate(begin));
            Mem.putLong(bytes + 8L * k, m.size[i]);
            Mem.putInt(flags + 4L * k, mapFlags(r.kind, type));
        }
        Ompt.targetMap(r.targetData, n, host, dev, bytes, flags);
        Stdlib.free(block);
    }

    /** ompt_target_map_flag_t of a map type: to, from, alloc (neither), release or delete on the way out, implicit. */
    private static int mapFlags(int kind, long type) {
        int f = 0;
        if ((type & jomp.offload.abi.MapType.TO) != 0) f |= 0x01;
        if ((type & jomp.offload.abi.MapType.FROM) != 0) f |= 0x02;
        if ((type & jomp.offload.abi.MapType.DELETE) != 0) f |= 0x10;
        else if (kind == EXIT_DATA && (type & jomp.offload.abi.MapType.FROM) == 0) f |= 0x08;
        if (f == 0 && kind != EXIT_DATA) f |= 0x04;
        if ((type & jomp.offload.abi.MapType.IMPLICIT) != 0) f |= 0x20;
        return f;
    }

    // ---- devices and images

    private static final AtomicLong MODULES = new AtomicLong();

    /** A device is initialised: device_initialize with the plugin's name as its type, and its lookup for tracing. */
    static void deviceInitialized(Device d) {
        Ompt.deviceInitialize(
                d.id,
                cString(d.plugin.name()),
                jomp.runtime.ompt.DeviceTracing.lookupPointer(),
                cString(d.plugin.describe(d.local)));
    }

    /** An image is loaded: device_load with its size; returns its module id (device_unload's). */
    static long imageLoaded(Device d, long bytes) {
        long id = MODULES.incrementAndGet();
        Ompt.deviceLoad(d.id, bytes, 0, id);
        return id;
    }

    static void imageUnloaded(Device d, long moduleId) {
        Ompt.deviceUnload(d.id, moduleId);
    }

    static void deviceFinalized(Device d) {
        Ompt.deviceFinalize(d.id);
    }

    private static final java.util.concurrent.ConcurrentHashMap<String, Long> STRINGS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** A C string kept for the program's life (a device's type and description, given to the tool). */
    private static long cString(String s) {
        return STRINGS.computeIfAbsent(s, k -> {
            byte[] b = k.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            long a = Mem.permanent(b.length + 1L, 1);
            Mem.copyFromArray(b, 0, a, b.length);
            return a;
        });
    }
}
