package jomp.runtime.omp;

import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;

/**
 * The omp.h device routines with the host as the only device: no offload devices, so the initial
 * device (number 0 = omp_get_num_devices(), or omp_initial_device = -1) is the only valid one and
 * its memory is host memory. The offload runtime replaces this class in Libc.CLASSES.
 */
public final class OmpDevices {
    private OmpDevices() {}

    private static volatile int defaultDevice;

    public static void omp_set_default_device(int device) { defaultDevice = device; }
    public static int omp_get_default_device() { return defaultDevice; }
    public static int omp_get_num_devices() { return 0; }
    public static int omp_get_device_num() { return omp_get_initial_device(); }
    public static int omp_is_initial_device() { return 1; }
    public static int omp_get_initial_device() { return omp_get_num_devices(); }

    private static boolean host(int device) { return device == omp_get_initial_device() || device == -1; }

    /** Host memory for the initial device; NULL for any other device number, as libomp answers. */
    public static long omp_target_alloc(long size, int device) { return host(device) ? Stdlib.malloc(size) : 0; }

    public static void omp_target_free(long p, int device) { if (host(device)) Stdlib.free(p); }

    public static int omp_target_is_present(long p, int device) { return host(device) ? 1 : 0; }

    public static int omp_target_is_accessible(long p, long size, int device) { return host(device) ? 1 : 0; }

    /** 0 on success; EINVAL-like failure (non-zero) for a device that does not exist. */
    public static int omp_target_memcpy(long dst, long src, long length, long dstOffset, long srcOffset, int dstDevice, int srcDevice) {
        if (!host(dstDevice) || !host(srcDevice)) return -1;
        Mem.copy(dst + dstOffset, src + srcOffset, length);
        return 0;
    }

    public static long omp_get_mapped_ptr(long p, int device) { return host(device) ? p : 0; }
}
