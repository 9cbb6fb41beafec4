package jomp.runtime.offload;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import jomp.runtime.mem.Mem;
import jomp.runtime.plugin.DevicePlugin;

/**
 * The indirect function table of a loaded nvptx image (declare target indirect; libomptarget
 * builds the same at load for {@code __llvm_omp_indirect_call_lookup}). Every unit of the program
 * gives each of its indirect functions a device slot holding the device function's address and a
 * host entry (flag 0x8) whose host global holds the host function's address; the image's device
 * runtime defines {@code __jomp_indirect_table} and {@code __jomp_indirect_count}, which its
 * {@code __jomp_indirect_lookup} searches (binary search by host address) before every indirect
 * call of device code. At load the pairs of all units are read, sorted by host address (unsigned),
 * copied to device memory, and the two globals set: a call through a host pointer to a function
 * of any translation unit reaches the device's copy. Images without the globals (the jvm device,
 * which calls host function pointers as they are) have no table.
 */
final class IndirectFunctions {
    static final String TABLE = "__jomp_indirect_table", COUNT = "__jomp_indirect_count";

    private final DevicePlugin plugin;
    private final int device;
    private final DevicePlugin.GlobalSymbol table, count;
    private final List<long[]> pairs = new ArrayList<>();

    private IndirectFunctions(
            DevicePlugin plugin, int device, DevicePlugin.GlobalSymbol table, DevicePlugin.GlobalSymbol count) {
        this.plugin = plugin;
        this.device = device;
        this.table = table;
        this.count = count;
    }

    /** The image's table, or null when its device runtime has none. */
    static IndirectFunctions of(DevicePlugin plugin, int device, DevicePlugin.LoadedImage li) {
        DevicePlugin.GlobalSymbol t = li.global(TABLE), n = li.global(COUNT);
        if (t == null || n == null || t.size() < 8 || n.size() < 4) return null;
        return new IndirectFunctions(plugin, device, t, n);
    }

    /** An indirect function: its device slot and the host global holding its host address. */
    void add(DevicePlugin.GlobalSymbol slot, long hostSlot) {
        long host = Mem.getLong(hostSlot);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(8, 8);
            plugin.dataRetrieve(device, v.address(), slot.deviceAddress(), 8);
            long dev = v.get(ValueLayout.JAVA_LONG, 0);
            if (host != 0 && dev != 0) pairs.add(new long[] {host, dev});
        }
    }

    /** Copies the sorted pairs to the device and points the runtime's globals at them. */
    void install() {
        if (pairs.isEmpty()) return;
        pairs.sort((x, y) -> Long.compareUnsigned(x[0], y[0]));
        long bytes = 16L * pairs.size();
        long mem = plugin.dataAlloc(device, bytes);
        if (mem == 0)
            throw new IllegalStateException("no device memory for the indirect function table (" + bytes + " bytes)");
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(bytes, 8);
            for (int i = 0; i < pairs.size(); i++) {
                v.set(ValueLayout.JAVA_LONG, 16L * i, pairs.get(i)[0]);
                v.set(ValueLayout.JAVA_LONG, 16L * i + 8, pairs.get(i)[1]);
            }
            plugin.dataSubmit(device, mem, v.address(), bytes);
            MemorySegment p = a.allocate(8, 8);
            p.set(ValueLayout.JAVA_LONG, 0, mem);
            plugin.dataSubmit(device, table.deviceAddress(), p.address(), 8);
            p.set(ValueLayout.JAVA_INT, 0, pairs.size());
            plugin.dataSubmit(device, count.deviceAddress(), p.address(), 4);
        }
    }
}
