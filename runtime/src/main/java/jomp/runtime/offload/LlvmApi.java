package jomp.runtime.offload;

import jomp.runtime.libc.Stdlib;
import jomp.runtime.plugin.DevicePlugin;

/**
 * libomptarget's own entry points beside OpenMP's (LLVM 19's exports): memory of a kind
 * (llvm_omp_target_alloc_host/shared/device and their frees, on which libomp builds the
 * llvm_omp_target_*_mem_alloc allocators), host memory locked for a device, the info level, and
 * the host's answer to llvm_omp_target_dynamic_shared_alloc. Device numbers are checked as in
 * the device routines: the host's number is the host (malloc/free), a number that names no device
 * ends the program ("Device number 'N' out of range", abort).
 */
public final class LlvmApi {
    private LlvmApi() {}

    /** The llvm_omp_target_* allocators of omp.h use these (jomp.runtime.omp.Allocators), as libomp uses libomptarget's. */
    static void installAllocators() {
        jomp.runtime.omp.DeviceIcvs.targetMemory = new jomp.runtime.omp.TargetMemory() {
            @Override
            public long alloc(long size, int device, long kind) {
                return allocate(size, device, pluginKind(kind), "omp_alloc");
            }

            @Override
            public void free(long p, int device, long kind) {
                release(p, device, pluginKind(kind), "omp_free");
            }

            @Override
            public void zero(long p, int device, long kind, long size) {
                DeviceApi.omp_target_memset(p, 0, size, device);
            }

            @Override
            public void copy(long dst, int dstDevice, long src, int srcDevice, long size) {
                DeviceApi.omp_target_memcpy(dst, src, size, 0, 0, dstDevice, srcDevice);
            }
        };
    }

    /** omp.h's memory space and allocator numbers 100, 101, 102 (host, shared, device) as the plugins' kinds. */
    private static int pluginKind(long llvmKind) {
        return llvmKind == 100
                ? DevicePlugin.ALLOC_HOST
                : llvmKind == 101 ? DevicePlugin.ALLOC_SHARED : DevicePlugin.ALLOC_DEVICE;
    }

    public static long llvm_omp_target_alloc_device(long size, int device) {
        return allocate(size, device, DevicePlugin.ALLOC_DEVICE, "llvm_omp_target_alloc_device");
    }

    public static long llvm_omp_target_alloc_host(long size, int device) {
        return allocate(size, device, DevicePlugin.ALLOC_HOST, "llvm_omp_target_alloc_host");
    }

    public static long llvm_omp_target_alloc_shared(long size, int device) {
        return allocate(size, device, DevicePlugin.ALLOC_SHARED, "llvm_omp_target_alloc_shared");
    }

    public static void llvm_omp_target_free_device(long p, int device) {
        release(p, device, DevicePlugin.ALLOC_DEVICE, "llvm_omp_target_free_device");
    }

    public static void llvm_omp_target_free_host(long p, int device) {
        release(p, device, DevicePlugin.ALLOC_HOST, "llvm_omp_target_free_host");
    }

    public static void llvm_omp_target_free_shared(long p, int device) {
        release(p, device, DevicePlugin.ALLOC_SHARED, "llvm_omp_target_free_shared");
    }

    /** libomptarget's targetAllocExplicit: NULL for a size of 0 or less or a device out of memory. */
    private static long allocate(long size, int device, int kind, String name) {
        Info.debug("Call to %s for device %d requesting %d bytes", name, device, size);
        if (size <= 0) {
            Info.debug("Call to %s with non-positive length", name);
            return 0;
        }
        if (isHost(device)) {
            long p = Stdlib.malloc(size);
            Info.debug("%s returns host ptr %s", name, Info.hex(p));
            return p;
        }
        Device d = Devices.require(device);
        d.ready();
        long p;
        try {
            p = d.plugin.dataAlloc(d.local, size, kind);
        } catch (RuntimeException | OutOfMemoryError e) {
            Info.debug("%s cannot allocate %d bytes on device %d: %s", name, size, device, e.getMessage());
            return 0;
        }
        Info.debug("%s returns device ptr %s", name, Info.hex(p));
        return p;
    }

    /** libomptarget's targetFreeExplicit: a device that cannot free the block ends the program. */
    private static void release(long p, int device, int kind, String name) {
        Info.debug("Call to %s for device %d and address %s", name, device, Info.hex(p));
        if (p == 0) {
            Info.debug("Call to %s with NULL ptr", name);
            return;
        }
        if (isHost(device)) {
            Stdlib.free(p);
            Info.debug("%s deallocated host ptr", name);
            return;
        }
        Device d = Devices.require(device);
        try {
            d.plugin.dataDelete(d.local, p, kind);
        } catch (RuntimeException e) {
            Tgt.fatalError(device, "Failed to deallocate device ptr");
        }
        Info.debug("omp_target_free deallocated device ptr");
    }

    /** The host's numbers: omp_get_initial_device() and (OpenMP 5.2) omp_initial_device. */
    private static boolean isHost(long device) {
        return device == Devices.count() || device == Devices.INITIAL;
    }

    /**
     * libomptarget's targetLockExplicit: the address through which the device reaches {@code size}
     * bytes of host memory at p (LLVM 19's CUDA and host plugins lock nothing: the host address);
     * NULL for a size of 0 or less. Only offload devices have a number here, as in libomptarget.
     */
    public static long llvm_omp_target_lock_mem(long p, long size, int device) {
        Info.debug("Call to %s for device %d locking %d bytes", "llvm_omp_target_lock_mem", device, size);
        if (size <= 0) {
            Info.debug("Call to %s with non-positive length", "llvm_omp_target_lock_mem");
            return 0;
        }
        Device d = Devices.require(device);
        d.ready();
        long rc = d.plugin.dataLock(d.local, p, size);
        Info.debug("%s returns device ptr %s", "llvm_omp_target_lock_mem", Info.hex(rc));
        return rc;
    }

    public static void llvm_omp_target_unlock_mem(long p, int device) {
        Info.debug("Call to %s for device %d unlocking", "llvm_omp_target_unlock_mem", device);
        Device d = Devices.require(device);
        d.plugin.dataUnlock(d.local, p);
    }

    /** __tgt_set_info_flag: LIBOMPTARGET_INFO's mask from now on. */
    public static void __tgt_set_info_flag(int flags) {
        Info.MASK = flags;
    }

    /** The device's dynamic shared memory: the host has none (libomptarget answers NULL on the host). */
    public static long llvm_omp_target_dynamic_shared_alloc() {
        return 0;
    }

    public static long llvm_omp_get_dynamic_shared() {
        return 0;
    }
}
