package jomp.runtime.target;

import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.omp.Teams;

/**
 * omp.h's device routines (OpenMP 5.2 §18.7–18.8) over the device table. Device numbers:
 * 0 … omp_get_num_devices()-1 are offload devices, omp_get_initial_device() (= the number of
 * devices) and omp_initial_device (-1) are the host.
 */
public final class DeviceApi {
    private DeviceApi() {}

    public static int omp_get_num_devices() { return Devices.count(); }

    public static void omp_set_default_device(int device) { Devices.defaultDevice = device; }

    public static int omp_get_default_device() { return Devices.defaultDevice; }

    /** 0 while a device kernel runs this thread (or one of its teams' threads). */
    public static int omp_is_initial_device() { return Teams.currentDevice() < 0 ? 1 : 0; }

    public static int omp_get_initial_device() { return Devices.count(); }

    public static int omp_get_device_num() {
        int d = Teams.currentDevice();
        return d >= 0 ? d : omp_get_initial_device();
    }

    private static boolean host(long device) { return device == -1 || device == Devices.count(); }

    /** The offload device numbered {@code device}, ready for use, or null for the host or a bad number. */
    private static Device device(long device) {
        Device d = Devices.get(device);
        if (d != null) d.ready();
        return d;
    }

    public static long omp_target_alloc(long size, int device) {
        if (host(device)) return Stdlib.malloc(size);
        Device d = device(device);
        return d == null ? 0 : d.plugin.dataAlloc(d.local, Math.max(size, 1));
    }

    public static void omp_target_free(long p, int device) {
        if (p == 0) return;
        if (host(device)) { Stdlib.free(p); return; }
        Device d = device(device);
        if (d != null) d.plugin.dataDelete(d.local, p);
    }

    public static int omp_target_is_present(long p, int device) {
        if (host(device)) return 1;
        Device d = device(device);
        return d != null && d.table.find(p, 0) != null ? 1 : 0;
    }

    /** The jvm device's memory is separate from the host's, as a GPU's is: only the host's own memory is accessible. */
    public static int omp_target_is_accessible(long p, long size, int device) { return host(device) ? 1 : 0; }

    public static long omp_get_mapped_ptr(long p, int device) {
        if (host(device)) return p;
        Device d = device(device);
        if (d == null || p == 0) return 0;
        MappingTable.Entry e = d.table.find(p, 0);
        return e == null ? 0 : e.translate(p);
    }

    /** 0 on success, non-zero for a device that does not exist. */
    public static int omp_target_memcpy(long dst, long src, long length, long dstOffset, long srcOffset, int dstDevice, int srcDevice) {
        if (length == 0) return 0;
        boolean hd = host(dstDevice), hs = host(srcDevice);
        if (hd && hs) { Mem.copy(dst + dstOffset, src + srcOffset, length); return 0; }
        if (hs) {
            Device d = device(dstDevice);
            if (d == null) return -1;
            d.plugin.dataSubmit(d.local, dst + dstOffset, src + srcOffset, length);
            return 0;
        }
        Device s = device(srcDevice);
        if (s == null) return -1;
        if (hd) { s.plugin.dataRetrieve(s.local, dst + dstOffset, src + srcOffset, length); return 0; }
        Device d = device(dstDevice);
        if (d == null) return -1;
        if (d.plugin == s.plugin) { d.plugin.dataExchange(d.local, dst + dstOffset, src + srcOffset, length); return 0; }
        long tmp = Stdlib.malloc(length);   // across plugins: through the host
        s.plugin.dataRetrieve(s.local, tmp, src + srcOffset, length);
        d.plugin.dataSubmit(d.local, dst + dstOffset, tmp, length);
        Stdlib.free(tmp);
        return 0;
    }

    /**
     * Rectangular copies of up to 3 dimensions (element size, dimension count, volume, offsets and
     * dimensions as omp.h declares them); with null dst and src, the number of dimensions supported.
     */
    public static int omp_target_memcpy_rect(long dst, long src, long elem, int dims, long volume, long dstOffsets, long srcOffsets,
                                             long dstDims, long srcDims, int dstDevice, int srcDevice) {
        if (dst == 0 && src == 0) return 3;
        if (dims < 1 || dims > 3) return -1;
        return rect(dst, src, elem, dims, 0, volume, dstOffsets, srcOffsets, dstDims, srcDims, dstDevice, srcDevice);
    }

    private static int rect(long dst, long src, long elem, int dims, int k, long volume, long dOff, long sOff, long dDims, long sDims, int dd, int sd) {
        long count = Mem.getLong(volume + 8L * k);
        long dStride = elem, sStride = elem;
        for (int j = k + 1; j < dims; j++) { dStride *= Mem.getLong(dDims + 8L * j); sStride *= Mem.getLong(sDims + 8L * j); }
        long d0 = dst + Mem.getLong(dOff + 8L * k) * dStride, s0 = src + Mem.getLong(sOff + 8L * k) * sStride;
        if (k == dims - 1) return omp_target_memcpy(d0, s0, count * elem, 0, 0, dd, sd);
        for (long i = 0; i < count; i++) {
            int rc = rect(d0 + i * dStride, s0 + i * sStride, elem, dims, k + 1, volume, dOff, sOff, dDims, sDims, dd, sd);
            if (rc != 0) return rc;
        }
        return 0;
    }

    /** Makes device memory the copy of a host range (reference count infinite until disassociated). */
    public static int omp_target_associate_ptr(long hostPtr, long devicePtr, long size, long deviceOffset, int device) {
        Device d = device(device);
        if (d == null || hostPtr == 0 || devicePtr == 0) return -1;
        MappingTable.Entry e = d.table.find(hostPtr, size);
        if (e != null) return e.translate(hostPtr) == devicePtr + deviceOffset ? 0 : -1;
        try {
            if (d.table.lookup(hostPtr, size) != null) return -1;
        } catch (MappingTable.OverlapException x) {
            return -1;
        }
        d.table.insert(new MappingTable.Entry(hostPtr, hostPtr + size, devicePtr + deviceOffset, MappingTable.INFINITE, false));
        return 0;
    }

    public static int omp_target_disassociate_ptr(long hostPtr, int device) {
        Device d = device(device);
        if (d == null) return -1;
        MappingTable.Entry e = d.table.find(hostPtr, 0);
        if (e == null || e.hostBegin != hostPtr || e.owned || e.refCount != MappingTable.INFINITE) return -1;
        d.table.remove(e);
        return 0;
    }
}
