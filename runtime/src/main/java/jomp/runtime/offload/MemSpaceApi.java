package jomp.runtime.offload;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import jomp.runtime.mem.Mem;
import jomp.runtime.omp.MemSpaces;

/**
 * OpenMP 6.0's memory-space-retrieving and memory-allocator-retrieving routines (§27.1, §27.8)
 * and the memory space queries (§27.2-27.4). A set of devices gets storage every device of it
 * reaches:
 * <ul>
 * <li>the host alone: the predefined memory space itself (the current device's);</li>
 * <li>one offload device alone: that device's memory (what omp_target_alloc gives; a target
 *     region reaches it through is_device_ptr or has_device_addr);</li>
 * <li>the host with devices, or several devices of one plugin: the first device's shared memory
 *     (llvm_omp_target_alloc_shared's: CUDA's managed memory, the PTX simulator's device memory,
 *     which the host reaches at the same address, the jvm device's C heap);</li>
 * <li>devices of different plugins: omp_null_mem_space (jomp knows no storage they all reach).</li>
 * </ul>
 * Every predefined memory space maps to the same storage on a device. A device number that is not
 * conforming (omp_invalid_device, past the devices) gives omp_null_mem_space, as does a memspace
 * that is not predefined; the allocator routines then give omp_null_allocator.
 */
public final class MemSpaceApi {
    private MemSpaceApi() {}

    private static final long SHARED = 101, DEVICE = 102; // Allocators.LLVM_TARGET_*

    public static long omp_get_devices_memspace(int ndevs, long devs, long memspace) {
        return space(list(ndevs, devs), false, memspace);
    }

    public static long omp_get_device_memspace(int dev, long memspace) {
        return space(List.of(dev), false, memspace);
    }

    public static long omp_get_devices_and_host_memspace(int ndevs, long devs, long memspace) {
        return space(list(ndevs, devs), true, memspace);
    }

    public static long omp_get_device_and_host_memspace(int dev, long memspace) {
        return space(List.of(dev), true, memspace);
    }

    /** All available devices: the offload devices and the host. */
    public static long omp_get_devices_all_memspace(long memspace) {
        List<Integer> all = new ArrayList<>();
        for (int d = 0; d < Devices.count(); d++) all.add(d);
        return space(all, true, memspace);
    }

    public static long omp_get_devices_allocator(int ndevs, long devs, long memspace) {
        return allocator(omp_get_devices_memspace(ndevs, devs, memspace));
    }

    public static long omp_get_device_allocator(int dev, long memspace) {
        return allocator(omp_get_device_memspace(dev, memspace));
    }

    public static long omp_get_devices_and_host_allocator(int ndevs, long devs, long memspace) {
        return allocator(omp_get_devices_and_host_memspace(ndevs, devs, memspace));
    }

    public static long omp_get_device_and_host_allocator(int dev, long memspace) {
        return allocator(omp_get_device_and_host_memspace(dev, memspace));
    }

    public static long omp_get_devices_all_allocator(long memspace) {
        return allocator(omp_get_devices_all_memspace(memspace));
    }

    public static int omp_get_memspace_num_resources(long memspace) {
        return MemSpaces.numResources(memspace);
    }

    public static long omp_get_memspace_pagesize(long memspace) {
        return MemSpaces.pageSize(memspace);
    }

    public static long omp_get_submemspace(long memspace, int numResources, long resources) {
        return MemSpaces.submemspace(memspace, numResources, resources);
    }

    /** The ndevs device numbers at devs; null for ndevs < 1. */
    private static List<Integer> list(int ndevs, long devs) {
        if (ndevs < 1 || devs == 0) return null;
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < ndevs; i++) out.add(Mem.getInt(devs + 4L * i));
        return out;
    }

    /** The memory space of these devices (and the host when {@code withHost}); see the class comment. */
    private static long space(List<Integer> devices, boolean withHost, long memspace) {
        if (devices == null || !MemSpaces.isPredefined(memspace)) return MemSpaces.NULL;
        int n = Devices.count();
        TreeSet<Integer> offload = new TreeSet<>();
        boolean host = withHost;
        for (int d : devices) {
            if (d == Devices.INITIAL || d == n) host = true;
            else if (d >= 0 && d < n) offload.add(d);
            else return MemSpaces.NULL; // not a conforming device number
        }
        if (offload.isEmpty()) return memspace; // the host's own
        Device first = Devices.get(offload.first());
        for (int d : offload) if (Devices.get(d).plugin != first.plugin) return MemSpaces.NULL;
        List<Integer> set = new ArrayList<>(offload);
        if (host) set.add(n);
        boolean alone = !host && offload.size() == 1;
        return MemSpaces.handle(new MemSpaces.Space(memspace, List.copyOf(set), first.id, alone ? DEVICE : SHARED));
    }

    private static long allocator(long memspace) {
        return memspace == MemSpaces.NULL ? 0 : MemSpaces.allocator(memspace);
    }
}
