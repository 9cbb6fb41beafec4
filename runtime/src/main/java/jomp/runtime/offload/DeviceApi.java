package jomp.runtime.offload;

import jomp.offload.abi.ContextTraits;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.omp.DeviceIcvs;
import jomp.runtime.omp.OmptHost;
import jomp.runtime.omp.Parallel;
import jomp.runtime.omp.Teams;
import jomp.runtime.plugin.DevicePlugin;

/**
 * omp.h's device and device-memory routines (OpenMP 5.2 §18.7–18.8) over the device table.
 * Device numbers: 0 … omp_get_num_devices()-1 are offload devices, omp_get_initial_device() (= the
 * number of devices) and omp_initial_device (-1) are the host; omp_invalid_device (-2) and other
 * numbers are no device.
 */
public final class DeviceApi {
    private DeviceApi() {}

    public static int omp_get_num_devices() {
        return Devices.count();
    }

    public static void omp_set_default_device(int device) {
        DeviceIcvs.defaultDeviceSpec = null;
        DeviceIcvs.defaultDevice = device;
    }

    public static int omp_get_default_device() {
        Devices.settleDefaultDevice();
        return DeviceIcvs.defaultDevice;
    }

    /** 0 while a device kernel runs this thread (or one of its teams' threads). */
    public static int omp_is_initial_device() {
        return Teams.currentDevice() < 0 ? 1 : 0;
    }

    public static int omp_get_initial_device() {
        return Devices.count();
    }

    public static int omp_get_device_num() {
        int d = Teams.currentDevice();
        return d >= 0 ? Devices.globalId(Teams.currentDevicePlugin(), d) : omp_get_initial_device();
    }

    private static boolean host(long device) {
        return device == -1 || device == Devices.count();
    }

    // ---- OpenMP 6.0: device identifiers and per-device teams ICVs

    /** A device's unique identifier: "host" for the initial device, else its plugin's name and its number in that plugin ("jvm-0", "ptxsim-0", "cuda-1"). */
    private static String uid(int device) {
        if (host(device)) return "host";
        Device d = Devices.get(device);
        return d == null ? null : d.plugin.name() + "-" + d.local;
    }

    private static final java.util.concurrent.ConcurrentHashMap<Integer, Long> UIDS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** omp_get_uid_from_device: the device's identifier (a string that lives as long as the program), NULL for no device. */
    public static long omp_get_uid_from_device(int device) {
        int key = host(device) ? -1 : device;
        String u = uid(key);
        if (u == null) return 0;
        return UIDS.computeIfAbsent(key, k -> {
            byte[] b = u.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            long a = Mem.permanent(b.length + 1, 1);
            for (int i = 0; i < b.length; i++) Mem.putByte(a + i, b[i]);
            return a;
        });
    }

    /** omp_get_device_from_uid: the device with that identifier, omp_invalid_device (-2) for none. */
    public static int omp_get_device_from_uid(long uid) {
        if (uid == 0) return -2;
        String u = Mem.cString(uid);
        if (u.equals("host")) return omp_get_initial_device();
        for (int i = 0; i < Devices.count(); i++) if (u.equals(uid(i))) return i;
        return -2;
    }

    /** nteams-var of a device (the host's own for the initial device); 0 where it is not set. */
    public static int omp_get_device_num_teams(int device) {
        if (host(device)) return jomp.runtime.omp.OmpApi.omp_get_max_teams();
        return Devices.get(device) == null ? 0 : DeviceIcvs.of(device).nteams();
    }

    public static void omp_set_device_num_teams(int n, int device) {
        if (n <= 0) return;
        if (host(device)) jomp.runtime.omp.OmpApi.omp_set_num_teams(n);
        else if (Devices.get(device) != null) {
            DeviceIcvs.SET_NTEAMS.put(device, n);
            Devices.get(device).icvsChanged();
        }
    }

    /** teams-thread-limit-var of a device (the host's own for the initial device); 0 where it is not set. */
    public static int omp_get_device_teams_thread_limit(int device) {
        if (host(device)) return jomp.runtime.omp.OmpApi.omp_get_teams_thread_limit();
        return Devices.get(device) == null ? 0 : DeviceIcvs.of(device).teamsThreadLimit();
    }

    public static void omp_set_device_teams_thread_limit(int n, int device) {
        if (n <= 0) return;
        if (host(device)) jomp.runtime.omp.OmpApi.omp_set_teams_thread_limit(n);
        else if (Devices.get(device) != null) {
            DeviceIcvs.SET_TEAMS_THREAD_LIMIT.put(device, n);
            Devices.get(device).icvsChanged();
        }
    }

    /** What __jomp_target_device_matches receives for a selector without device_num: the default device. */
    static final int DEFAULT_DEVICE = -100;

    /**
     * Context selectors' target_device traits in host code ("kind=gpu,nohost", "arch=nvptx64"): 1
     * when each listed value holds for the device a target construct would use ({@code device}, or
     * the default device): the traits its plugin names (a GPU's: kind gpu, nohost, any; arch
     * nvptx, nvptx64), or the host's ({@link ContextTraits#HOST}).
     */
    public static int __jomp_target_device_matches(int device, long traits) {
        int dev = device == DEFAULT_DEVICE ? omp_get_default_device() : device;
        Device d = host(dev) ? null : Devices.get(dev);
        if (d == null && !host(dev)) return 0;
        return (d == null ? ContextTraits.HOST : d.plugin.contextTraits()).matches(Mem.cString(traits)) ? 1 : 0;
    }

    /**
     * Context selectors' device traits asked at run time ("kind=gpu,nohost", "arch=x86_64",
     * "isa=..."): 1 when every listed value holds for the device running the caller, a host-thread
     * device (the traits its plugin names: the jvm device's) or the host. GPU code asks its own
     * device runtime.
     */
    public static int __jomp_device_matches(long traits) {
        Object plugin = Teams.currentDevice() >= 0 ? Teams.currentDevicePlugin() : null;
        ContextTraits t = plugin instanceof DevicePlugin p ? p.contextTraits() : ContextTraits.HOST;
        return t.matches(Mem.cString(traits)) ? 1 : 0;
    }

    /**
     * The offload device numbered {@code device}, ready for use (callers have dealt with the
     * host's numbers). Any other number ends the program as libomptarget's getDevice does
     * ("Device number 'N' out of range", abort); OpenMP leaves such numbers unspecified.
     */
    private static Device device(long device) {
        Device d = Devices.require(device);
        d.ready();
        return d;
    }

    /** NULL for a size of 0 or less (as libomptarget answers), a device that does not exist, or one out of memory. */
    public static long omp_target_alloc(long size, int device) {
        Info.debug("Call to %s for device %d requesting %d bytes", "omp_target_alloc", device, size);
        if (size <= 0) {
            Info.debug("Call to %s with non-positive length", "omp_target_alloc");
            return 0;
        }
        if (host(device)) {
            long p = Stdlib.malloc(size);
            Info.debug("%s returns host ptr %s", "omp_target_alloc", Info.hex(p));
            return p;
        }
        Device d = device(device);
        if (d == null) return 0;
        long p;
        try {
            p = OmptHost.ON
                    ? OmptTarget.alloc(d, size, 0, () -> d.plugin.dataAlloc(d.local, size))
                    : d.plugin.dataAlloc(d.local, size);
        } catch (RuntimeException | OutOfMemoryError e) {
            Info.debug(
                    "%s cannot allocate %d bytes on device %d: %s", "omp_target_alloc", size, device, e.getMessage());
            return 0;
        }
        Info.debug("%s returns device ptr %s", "omp_target_alloc", Info.hex(p));
        return p;
    }

    public static void omp_target_free(long p, int device) {
        Info.debug("Call to %s for device %d and address %s", "omp_target_free", device, Info.hex(p));
        if (p == 0) {
            Info.debug("Call to %s with NULL ptr", "omp_target_free");
            return;
        }
        if (host(device)) {
            Stdlib.free(p);
            Info.debug("%s deallocated host ptr", "omp_target_free");
            return;
        }
        Device d = device(device);
        if (d != null) {
            try {
                if (OmptHost.ON) OmptTarget.free(d, p, () -> d.plugin.dataDelete(d.local, p));
                else d.plugin.dataDelete(d.local, p);
            } catch (RuntimeException e) {
                // a pointer the device did not allocate, or freed already: libomptarget 19's report
                // (GenericPluginTy::data_delete), then its fatal error (targetFreeExplicit), which aborts
                String at = String.format("0x%x", p);
                Info.debug("%s", e.getMessage());
                Info.report(
                        "Failure to deallocate device pointer %s: Failure to deallocate device pointer %s via device deallocator",
                        at, at);
                fatalAbort(device, "Failed to deallocate device ptr");
            }
            Info.debug("omp_target_free deallocated device ptr");
        }
    }

    /** libomptarget's FATAL_MESSAGE: the message, then abort (stdout's buffer is lost, as in C). */
    private static void fatalAbort(int device, String message) {
        System.err.println("omptarget fatal error " + device + ": " + message);
        System.err.flush();
        Stdlib.abort();
    }

    public static int omp_target_is_present(long p, int device) {
        Info.debug("Call to omp_target_is_present for device %d and address %s", device, Info.hex(p));
        if (p == 0) return 0;
        if (host(device)) return 1;
        Device d = device(device);
        if (d == null) return 0;
        if (Requires.unifiedSharedMemory()) return 1; // host memory is the device's
        // as libomptarget: one byte of storage, not a zero-length section (which a mapping's struct base would extend)
        int rc = d.table.find(p, 1) != null ? 1 : 0;
        Info.debug("Call to omp_target_is_present returns %d", rc);
        return rc;
    }

    /**
     * Accessible from the device: host memory on the host; on an offload device, everything when
     * the program requires unified shared memory and the device shares the host's memory, else
     * only the device's own memory (which no host pointer names).
     */
    public static int omp_target_is_accessible(long p, long size, int device) {
        if (host(device)) return 1;
        Device d = device(device);
        if (d == null) return 0;
        return Requires.unifiedSharedMemory() && d.plugin.unifiedMemory(d.local) ? 1 : 0;
    }

    public static long omp_get_mapped_ptr(long p, int device) {
        Info.debug("Call to omp_get_mapped_ptr with ptr %s, device_num %d.", Info.hex(p), device);
        if (p == 0) {
            Info.report("Call to omp_get_mapped_ptr with nullptr.");
            return 0;
        }
        if (host(device)) return p;
        if (device
                >= Devices.count()) { // as libomptarget: a number past the devices is no error here, negative ones are
            Info.debug("DeviceNum %d is invalid, returning nullptr.", device);
            return 0;
        }
        Device d = device(device);
        if (d == null) return 0;
        MappingTable.Entry e = d.table.find(p, 1);
        if (e == null) return Requires.unifiedSharedMemory() ? p : 0;
        return e.translate(p);
    }

    /** 0 on success, non-zero for a device that does not exist. */
    public static int omp_target_memcpy(
            long dst, long src, long length, long dstOffset, long srcOffset, int dstDevice, int srcDevice) {
        Info.debug(
                "Call to omp_target_memcpy, dst device %d, src device %d, dst addr %s, src addr %s, dst offset %d, src offset %d, length %d",
                dstDevice, srcDevice, Info.hex(dst), Info.hex(src), dstOffset, srcOffset, length);
        if (length == 0) return 0;
        if (dst == 0 || src == 0) {
            Info.report("Call to omp_target_memcpy with invalid arguments");
            return -1;
        }
        boolean hd = host(dstDevice), hs = host(srcDevice);
        if (hd && hs) {
            Mem.copy(dst + dstOffset, src + srcOffset, length);
            return 0;
        }
        long to = dst + dstOffset, from = src + srcOffset;
        if (hs) {
            Device d = device(dstDevice);
            if (d == null) return -1;
            return copy(
                    () -> d.submit(to, from, length),
                    "Failure to copy data from host to device. Pointers: host = %s, device = %s, size = %d: %s",
                    from,
                    to,
                    length);
        }
        Device s = device(srcDevice);
        if (s == null) return -1;
        // (libomptarget 19 spells it so)
        if (hd)
            return copy(
                    () -> s.retrieve(to, from, length),
                    "Faliure to copy data from device to host. Pointers: host = %s, device = %s, size = %d: %s",
                    to,
                    from,
                    length);
        Device d = device(dstDevice);
        if (d == null) return -1;
        String across = "Failure to copy data from device (" + srcDevice + ") to device (" + dstDevice
                + "). Pointers: host = %s, device = %s, size = %d: %s";
        if (d.plugin == s.plugin)
            return copy(() -> d.plugin.dataExchange(d.local, to, from, length), across, from, to, length);
        long tmp = Stdlib.malloc(length); // across plugins: through the host
        int rc = copy(() -> s.retrieve(tmp, from, length), across, from, to, length);
        if (rc == 0) rc = copy(() -> d.submit(to, tmp, length), across, from, to, length);
        Stdlib.free(tmp);
        return rc;
    }

    /**
     * One copy through a plugin: 0, or -1 when the plugin refuses it (an address outside the
     * device's allocations), reported as libomptarget's plugin interface reports it.
     */
    private static int copy(Runnable transfer, String report, long host, long device, long size) {
        try {
            transfer.run();
            return 0;
        } catch (RuntimeException e) {
            Info.report(report, Info.hex(host), Info.hex(device), size, e.getMessage());
            return -1;
        }
    }

    /**
     * Rectangular copies of any number of dimensions (element size, dimension count, volume,
     * offsets and dimensions as omp.h declares them); with null dst and src, the number of
     * dimensions supported (INT_MAX: as many as the caller likes, as libomptarget answers).
     */
    public static int omp_target_memcpy_rect(
            long dst,
            long src,
            long elem,
            int dims,
            long volume,
            long dstOffsets,
            long srcOffsets,
            long dstDims,
            long srcDims,
            int dstDevice,
            int srcDevice) {
        Info.debug(
                "Call to omp_target_memcpy_rect, dst device %d, src device %d, dst addr %s, src addr %s, dst offsets %s, "
                        + "src offsets %s, dst dims %s, src dims %s, volume %s, element size %d, num_dims %d",
                dstDevice,
                srcDevice,
                Info.hex(dst),
                Info.hex(src),
                Info.hex(dstOffsets),
                Info.hex(srcOffsets),
                Info.hex(dstDims),
                Info.hex(srcDims),
                Info.hex(volume),
                elem,
                dims);
        if (dst == 0 && src == 0) return Integer.MAX_VALUE;
        if (dims < 1
                || elem <= 0
                || dst == 0
                || src == 0
                || volume == 0
                || dstOffsets == 0
                || srcOffsets == 0
                || dstDims == 0
                || srcDims == 0) {
            Info.report("Call to omp_target_memcpy_rect with invalid arguments");
            return -1;
        }
        return rect(dst, src, elem, dims, 0, volume, dstOffsets, srcOffsets, dstDims, srcDims, dstDevice, srcDevice);
    }

    private static int rect(
            long dst,
            long src,
            long elem,
            int dims,
            int k,
            long volume,
            long dOff,
            long sOff,
            long dDims,
            long sDims,
            int dd,
            int sd) {
        long count = Mem.getLong(volume + 8L * k);
        long dStride = elem, sStride = elem;
        for (int j = k + 1; j < dims; j++) {
            dStride *= Mem.getLong(dDims + 8L * j);
            sStride *= Mem.getLong(sDims + 8L * j);
        }
        long d0 = dst + Mem.getLong(dOff + 8L * k) * dStride, s0 = src + Mem.getLong(sOff + 8L * k) * sStride;
        if (k == dims - 1) return omp_target_memcpy(d0, s0, count * elem, 0, 0, dd, sd);
        for (long i = 0; i < count; i++) {
            int rc = rect(
                    d0 + i * dStride, s0 + i * sStride, elem, dims, k + 1, volume, dOff, sOff, dDims, sDims, dd, sd);
            if (rc != 0) return rc;
        }
        return 0;
    }

    /**
     * The asynchronous copies (OpenMP 5.1 §18.8.7): the copy is a deferred target task of the
     * calling task (jomp.runtime.omp.TargetTasks) that a helper thread runs once the tasks the
     * depend objects name are complete; taskwait, a taskgroup's end or a barrier waits for it, as
     * for a target nowait. Arguments are checked here (non-zero: nothing is copied); the caller
     * keeps the memory valid until the task is done, as OpenMP requires.
     */
    public static int omp_target_memcpy_async(
            long dst,
            long src,
            long length,
            long dstOffset,
            long srcOffset,
            int dstDevice,
            int srcDevice,
            int depobjCount,
            long depobjList) {
        Info.debug(
                "Call to omp_target_memcpy_async, dst device %d, src device %d, dst addr %s, src addr %s, dst offset %d, src offset %d, length %d",
                dstDevice, srcDevice, Info.hex(dst), Info.hex(src), dstOffset, srcOffset, length);
        if (length != 0 && (dst == 0 || src == 0 || !exists(dstDevice) || !exists(srcDevice))) return -1;
        jomp.runtime.omp.TargetTasks.submit(
                () -> omp_target_memcpy(dst, src, length, dstOffset, srcOffset, dstDevice, srcDevice),
                depobjCount,
                depobjList);
        return 0;
    }

    /** The rectangular copy as a deferred target task; its five arrays are copied now (the caller's may be gone when it runs). */
    public static int omp_target_memcpy_rect_async(
            long dst,
            long src,
            long elem,
            int dims,
            long volume,
            long dstOffsets,
            long srcOffsets,
            long dstDims,
            long srcDims,
            int dstDevice,
            int srcDevice,
            int depobjCount,
            long depobjList) {
        if (dst == 0 && src == 0) return Integer.MAX_VALUE;
        if (dims < 1
                || elem <= 0
                || dst == 0
                || src == 0
                || volume == 0
                || dstOffsets == 0
                || srcOffsets == 0
                || dstDims == 0
                || srcDims == 0
                || !exists(dstDevice)
                || !exists(srcDevice)) return -1;
        long bytes = 8L * dims, arrays = Stdlib.malloc(5 * bytes);
        if (arrays == 0) return -1;
        long[] from = {volume, dstOffsets, srcOffsets, dstDims, srcDims};
        for (int i = 0; i < 5; i++) Mem.copy(arrays + i * bytes, from[i], bytes);
        jomp.runtime.omp.TargetTasks.submit(
                () -> {
                    try {
                        omp_target_memcpy_rect(
                                dst,
                                src,
                                elem,
                                dims,
                                arrays,
                                arrays + bytes,
                                arrays + 2 * bytes,
                                arrays + 3 * bytes,
                                arrays + 4 * bytes,
                                dstDevice,
                                srcDevice);
                    } finally {
                        Stdlib.free(arrays);
                    }
                },
                depobjCount,
                depobjList);
        return 0;
    }

    /** The host or an offload device that exists. */
    private static boolean exists(int device) {
        return host(device) || Devices.get(device) != null;
    }

    /** Makes device memory the copy of a host range (reference count infinite until disassociated). */
    public static int omp_target_associate_ptr(long hostPtr, long devicePtr, long size, long deviceOffset, int device) {
        Info.debug(
                "Call to omp_target_associate_ptr with host_ptr %s, device_ptr %s, size %d, device_offset %d, device_num %d",
                Info.hex(hostPtr), Info.hex(devicePtr), size, deviceOffset, device);
        Device d = device(device);
        if (d == null || hostPtr == 0 || devicePtr == 0) return -1;
        long tgt = devicePtr + deviceOffset;
        synchronized (d.table) {
            MappingTable.Lookup l = d.table.lookup(hostPtr, size);
            if (l.entry() != null) {
                MappingTable.Entry e = l.entry();
                if (e.hstBegin == hostPtr && e.hstEnd == hostPtr + size && e.tgtBegin == tgt) {
                    Info.debug(
                            "Attempt to re-associate the same device ptr+offset with the same host ptr, nothing to do");
                    return 0;
                }
                Info.report("Not allowed to re-associate a different device ptr+offset with the same host ptr");
                return -1;
            }
            d.table.insert(MappingTable.Entry.permanent(hostPtr, hostPtr + size, tgt, 0));
        }
        if (OmptHost.ON) OmptTarget.associate(true, d, hostPtr, tgt, size);
        return 0;
    }

    public static int omp_target_disassociate_ptr(long hostPtr, int device) {
        Info.debug("Call to omp_target_disassociate_ptr with host_ptr %s, device_num %d", Info.hex(hostPtr), device);
        Device d = device(device);
        if (d == null) return -1;
        synchronized (d.table) {
            MappingTable.Entry e = d.table.find(hostPtr, 0);
            if (e == null || e.hstBegin != hostPtr) {
                Info.report("Association not found");
                return -1;
            }
            if (e.holdRef != 0) {
                Info.report("Trying to disassociate a pointer with a non-zero hold reference count");
                return -1;
            }
            if (e.owned || !e.isInfinite()) {
                Info.report("Trying to disassociate a pointer which was not mapped via omp_target_associate_ptr");
                return -1;
            }
            Info.debug("Association found, removing it");
            d.table.remove(e);
            if (OmptHost.ON) OmptTarget.associate(false, d, hostPtr, e.tgtBegin, 0); // no size, as libomptarget's
        }
        return 0;
    }

    // ---- interop objects (OpenMP 5.2 §18.12; see Interop)

    /** No implementation-defined properties beyond the spec's. */
    public static int omp_get_num_interop_properties(long interop) {
        return 0;
    }

    public static long omp_get_interop_int(long interop, int property, long retCode) {
        return Interop.getInt(interop, property, retCode);
    }

    public static long omp_get_interop_ptr(long interop, int property, long retCode) {
        return Interop.getPtr(interop, property, retCode);
    }

    public static long omp_get_interop_str(long interop, int property, long retCode) {
        return Interop.getStr(interop, property, retCode);
    }

    public static long omp_get_interop_name(long interop, int property) {
        return Interop.name(property);
    }

    public static long omp_get_interop_type_desc(long interop, int property) {
        return Interop.typeDesc(property);
    }

    public static long omp_get_interop_rc_desc(long interop, int retCode) {
        return Interop.rcDesc(retCode);
    }

    // ---- device memory

    /** omp_target_memset (OpenMP 6.0, clang 19): fills count bytes of ptr on the device with value; returns ptr. */
    public static long omp_target_memset(long ptr, int value, long count, int device) {
        if (ptr == 0 || count <= 0) return ptr;
        if (host(device)) {
            Mem.fill(ptr, (byte) value, count);
            return ptr;
        }
        Device d = device(device);
        if (d == null) return 0;
        long tmp = Stdlib.malloc(count);
        Mem.fill(tmp, (byte) value, count);
        d.submit(ptr, tmp, count);
        Stdlib.free(tmp);
        return ptr;
    }

    /** omp_target_memset as a deferred target task (see omp_target_memcpy_async); returns ptr, or NULL for a device that does not exist. */
    public static long omp_target_memset_async(
            long ptr, int value, long count, int device, int depobjCount, long depobjList) {
        if (ptr == 0 || count <= 0) return ptr;
        if (!exists(device)) return 0;
        jomp.runtime.omp.TargetTasks.submit(
                () -> omp_target_memset(ptr, value, count, device), depobjCount, depobjList);
        return ptr;
    }

    /** clang's extension: every device's mapping table on stderr, as LIBOMPTARGET_INFO 0x4 prints it. */
    public static void ompx_dump_mapping_tables() {
        Tgt.dumpTables(0);
    }

    /**
     * omp_pause_resource: the host lets its idle threads go (they come back with the next
     * parallel region); an offload device keeps nothing worth releasing. 0 on success, non-zero
     * for an invalid kind or device (as libomp answers).
     */
    public static int omp_pause_resource(int kind, int device) {
        if (kind != 1 && kind != 2) return 1;
        if (device == omp_get_initial_device() || device == -1) return Parallel.pauseIdleThreads();
        return pauseDevice(kind, device);
    }

    public static int omp_pause_resource_all(int kind) {
        if (kind != 1 && kind != 2) return 1;
        return pauseDevice(kind, -3) + Parallel.pauseIdleThreads();
    }

    /**
     * omp_pause_resource on a device: nothing the device holds must survive a pause, and jomp's
     * devices keep no state worth releasing beyond what the program still maps, so the call
     * succeeds (0) for any existing device and fails (non-zero) for a number that names none.
     */
    static int pauseDevice(int kind, int device) {
        if (kind != 1 && kind != 2) return 1;
        if (device == -3) return 0; // every device (KMP_DEVICE_ALL)
        return Devices.get(device) == null ? 1 : 0;
    }
}
