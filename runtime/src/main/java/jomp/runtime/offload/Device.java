package jomp.runtime.offload;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jomp.offload.abi.BinaryDescriptor;
import jomp.offload.abi.DeviceImage;
import jomp.offload.abi.HostEntry;
import jomp.runtime.omp.OmptHost;
import jomp.runtime.plugin.DevicePlugin;
import jomp.runtime.plugin.LaunchRequest;

/**
 * One offload device of the device table: its plugin and number there, its mapping table, the
 * images loaded on it and the kernels and globals they hold.
 */
final class Device {
    final DevicePlugin plugin;
    final int local, id;
    final MappingTable table = new MappingTable();
    private boolean initialised;
    private final Map<DeviceImage, DevicePlugin.LoadedImage> loaded = new IdentityHashMap<>();
    private final Map<String, DevicePlugin.Kernel> kernels = new java.util.concurrent.ConcurrentHashMap<>();
    /** Storage of declare target link globals in the images, by host address: used when the global gets mapped. */
    private final Map<Long, DevicePlugin.GlobalSymbol> linkStorage = new HashMap<>();

    Device(DevicePlugin plugin, int local, int id) {
        this.plugin = plugin;
        this.local = local;
        this.id = id;
    }

    private volatile jomp.runtime.omp.DeviceIcvs.OfDevice icvs;

    /** The device's ICVs from the environment (OMP_NUM_TEAMS_DEV_<n>, ...), read once. */
    jomp.runtime.omp.DeviceIcvs.OfDevice icvs() {
        jomp.runtime.omp.DeviceIcvs.OfDevice i = icvs;
        if (i == null) icvs = i = jomp.runtime.omp.DeviceIcvs.of(id);
        return i;
    }

    /** The registry generation whose images this device has considered. */
    private volatile int seen = -1;

    /** OpenMP 6.0's omp_set_device_num_teams / _teams_thread_limit: the ICVs are read again and the loaded images get them. */
    synchronized void icvsChanged() {
        icvs = null;
        for (DevicePlugin.LoadedImage li : loaded.values()) if (li != null) writeIcvs(li);
    }

    /** Initialises the device on first use and loads every registered image it can run that it has not loaded yet. */
    void ready() {
        if (seen == Registry.generation()) return; // the common case: nothing new since the last launch
        load();
    }

    private synchronized void load() {
        int gen = Registry.generation();
        if (!initialised) {
            long t = Profile.start();
            plugin.initDevice(local);
            initialised = true;
            if (OmptHost.ON) OmptTarget.deviceInitialized(this);
            Info.debug("device %d (%s) initialised: %s", id, plugin.name(), plugin.describe(local));
            // as libomptarget's plugins describe their device at initialisation (a GPU's limits; the PTX simulator says
            // it is one)
            if (Info.on(Info.KERNEL)) Info.info(Info.KERNEL, id, "%s", plugin.describe(local));
            Profile.event("init device " + id, t, "plugin", plugin.name());
        }
        for (BinaryDescriptor lib : Registry.libs()) {
            for (DeviceImage img : lib.images()) {
                if (loaded.containsKey(img) || !plugin.isCompatible(local, img)) continue;
                long t = Profile.start();
                DevicePlugin.LoadedImage li;
                try {
                    li = plugin.loadImage(local, img);
                } catch (RuntimeException | LinkageError e) {
                    // an image the device refuses: its regions run elsewhere (or stop the program under MANDATORY)
                    loaded.put(img, null);
                    System.err.println("omptarget message: device " + id + " (" + plugin.name() + ") cannot load the "
                            + img.triple() + (img.arch().isEmpty() ? "" : " " + img.arch()) + " image: "
                            + e.getMessage());
                    continue;
                }
                loaded.put(img, li);
                if (OmptHost.ON) modules.put(img, OmptTarget.imageLoaded(this, img.bytes().length));
                Profile.event("load image", t, "device", id, "triple", img.triple(), "bytes", img.bytes().length);
                Info.debug("device %d: loaded a %s image for %s", id, img.kind(), img.triple());
                bindEntries(lib.hostEntries(), li);
                // device code that asks omp_get_device_num()/omp_get_num_devices() reads these (the nvptx runtime's)
                setDeviceInt(li, "__jomp_device_num", id);
                setDeviceInt(li, "__jomp_num_devices", Devices.count());
                writeIcvs(li);
            }
        }
        seen = gen;
    }

    /**
     * The device's ICVs into the image's runtime (the nvptx runtime's __jomp_icv_* globals, as
     * libomptarget fills its device environment): nteams-var and teams-thread-limit-var are what
     * a teams construct without num_teams and thread_limit gets from this plugin.
     */
    private void writeIcvs(DevicePlugin.LoadedImage li) {
        jomp.runtime.omp.DeviceIcvs.OfDevice v = icvs();
        if (li.global("__jomp_icv_nteams") == null) return;
        int[] g = plugin.launchGeometry(local, LaunchRequest.of(null, new long[0], v.nteams(), v.teamsThreadLimit()));
        setDeviceInt(li, "__jomp_icv_nteams", g[0]);
        setDeviceInt(li, "__jomp_icv_teams_thread_limit", g[1]);
        setDeviceInt(li, "__jomp_icv_nthreads", v.nthreads());
        setDeviceInt(li, "__jomp_icv_thread_limit", v.threadLimit());
        if (v.maxActiveLevels() >= 0) setDeviceInt(li, "__jomp_icv_max_active_levels", v.maxActiveLevels());
        if (v.schedKind() > 0) {
            setDeviceInt(li, "__jomp_icv_sched", v.schedKind());
            setDeviceInt(li, "__jomp_icv_chunk", v.schedChunk());
        }
    }

    /**
     * After a kernel: the messages of its error directives (the nvptx runtime logs them in
     * __jomp_error_log, __jomp_error_count of them) go to stderr, as the host's error directive
     * prints them; a kernel whose error directive of severity fatal asked to end the program
     * (__jomp_exit_request: 1 << 8 | status) ends it with that status, as the host's does. Only
     * images whose code has an error directive carry these globals; a device that cannot be read
     * any more (a GPU after a trap) says nothing.
     */
    synchronized void afterKernel() {
        for (DevicePlugin.LoadedImage li : loaded.values()) {
            if (li == null) continue;
            DevicePlugin.GlobalSymbol count = li.global("__jomp_error_count"),
                    log = li.global("__jomp_error_log"),
                    exit = li.global("__jomp_exit_request");
            if (count == null || log == null || exit == null) continue;
            try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
                java.lang.foreign.MemorySegment n = a.allocate(8, 8);
                plugin.dataRetrieve(local, n.address(), count.deviceAddress(), 4);
                plugin.dataRetrieve(local, n.address() + 4, exit.deviceAddress(), 4);
                int logged = n.get(java.lang.foreign.ValueLayout.JAVA_INT, 0),
                        request = n.get(java.lang.foreign.ValueLayout.JAVA_INT, 4);
                if (logged > 0) {
                    int records = (int) Math.min(logged, log.size() / 256);
                    java.lang.foreign.MemorySegment text = a.allocate(log.size(), 8);
                    plugin.dataRetrieve(local, text.address(), log.deviceAddress(), log.size());
                    jomp.runtime.libc.Stdio.fflush(
                            0); // in order with the program's output, as the host's error directive
                    for (int i = 0; i < records; i++)
                        System.err.print(text.getString(256L * i, java.nio.charset.StandardCharsets.ISO_8859_1));
                    System.err.flush();
                    n.set(java.lang.foreign.ValueLayout.JAVA_INT, 0, 0);
                    plugin.dataSubmit(local, count.deviceAddress(), n.address(), 4);
                }
                if ((request >> 8) == 1) jomp.runtime.libc.Stdlib.exit(request & 0xff);
            } catch (RuntimeException e) {
                Info.debug("device %d: cannot read its error log: %s", id, e.getMessage());
            }
        }
    }

    /** Writes an int global of the image, if the image has it. */
    private void setDeviceInt(DevicePlugin.LoadedImage li, String name, int value) {
        DevicePlugin.GlobalSymbol g = li.global(name);
        if (g == null || g.size() < 4) return;
        try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.MemorySegment v = a.allocate(4, 4);
            v.set(java.lang.foreign.ValueLayout.JAVA_INT, 0, value);
            plugin.dataSubmit(local, g.deviceAddress(), v.address(), 4);
        }
    }

    private void bindEntries(List<HostEntry> entries, DevicePlugin.LoadedImage li) {
        IndirectFunctions table = IndirectFunctions.of(plugin, local, li);
        for (HostEntry e : entries) {
            if ((e.flags() & Requires.REGISTER) != 0) continue;
            if (e.isKernel()) {
                DevicePlugin.Kernel k = li.kernel(e.name());
                if (k != null) kernels.put(e.name(), k);
                continue;
            }
            DevicePlugin.GlobalSymbol g = li.global(e.name());
            if (g == null) continue;
            if ((e.flags() & HostEntry.INDIRECT) != 0) {
                if (g.size() < 8) continue;
                if (table != null) table.add(g, e.hostAddress());
                else
                    plugin.dataSubmit(
                            local,
                            g.deviceAddress(),
                            e.hostAddress(),
                            8); // an image without the table: its slot gets the host address
                continue;
            }
            if ((e.flags() & HostEntry.LINK) != 0) linkStorage.put(e.hostAddress(), g);
            else if (this.table.find(e.hostAddress(), e.size())
                    == null) // declare target to: present for the program's life
            this.table.insert(MappingTable.Entry.permanent(
                    e.hostAddress(), e.hostAddress() + e.size(), g.deviceAddress(), 0));
        }
        if (table != null) table.install();
    }

    DevicePlugin.Kernel kernel(String name) {
        return kernels.get(name);
    }

    /** Can the device run this program's regions? Not when the program requires what it cannot do. */
    boolean usable() {
        return unmetRequirement() == null;
    }

    /** The program's requirement this device cannot meet, as its clause reads; null when none. */
    String unmetRequirement() {
        if (Requires.unifiedSharedMemory() && !plugin.unifiedMemory(local)) return "unified_shared_memory";
        if (Requires.reverseOffload() && !plugin.reverseOffload(local)) return "reverse_offload";
        return null;
    }

    // ---- the plugin's data operations, with the profile's events

    /**
     * Device memory for a mapping of host address hst (libomptarget's allocData); 0 after
     * printing why, when the device has no more.
     */
    long alloc(long size, long hst) {
        return OmptHost.ON ? OmptTarget.alloc(this, size, hst, () -> allocate(size)) : allocate(size);
    }

    private long allocate(long size) {
        long t = Profile.start();
        long a;
        try {
            a = plugin.dataAlloc(local, Math.max(size, 1));
        } catch (RuntimeException | OutOfMemoryError e) {
            Info.report("Failed to allocate %d bytes on device %d (%s): %s", size, id, plugin.name(), e.getMessage());
            return 0;
        }
        if (a == 0) {
            Info.report("Failed to allocate %d bytes on device %d (%s): out of device memory", size, id, plugin.name());
            return 0;
        }
        Profile.event("alloc", t, "bytes", size);
        return a;
    }

    void free(long tgt, long size) {
        if (OmptHost.ON) {
            OmptTarget.free(this, tgt, () -> delete(tgt, size));
            return;
        }
        delete(tgt, size);
    }

    private void delete(long tgt, long size) {
        long t = Profile.start();
        plugin.dataDelete(local, tgt);
        Profile.event("delete", t, "bytes", size);
    }

    void submit(long tgt, long hst, long size) {
        if (OmptHost.ON) {
            OmptTarget.submit(this, tgt, hst, size, () -> copyIn(tgt, hst, size));
            return;
        }
        copyIn(tgt, hst, size);
    }

    private void copyIn(long tgt, long hst, long size) {
        long t = Profile.start();
        plugin.dataSubmit(local, tgt, hst, size);
        Profile.event("submit", t, "bytes", size);
    }

    void retrieve(long hst, long tgt, long size) {
        if (OmptHost.ON) {
            OmptTarget.retrieve(this, hst, tgt, size, () -> copyOut(hst, tgt, size));
            return;
        }
        copyOut(hst, tgt, size);
    }

    private void copyOut(long hst, long tgt, long size) {
        long t = Profile.start();
        plugin.dataRetrieve(local, hst, tgt, size);
        Profile.event("retrieve", t, "bytes", size);
    }

    /** The tools interface at exit: the device's images unloaded, then the device finalised (if it was ever initialised). */
    synchronized void finalizeForTools() {
        if (!initialised) return;
        for (long module : modules.values()) OmptTarget.imageUnloaded(this, module);
        modules.clear();
        OmptTarget.deviceFinalized(this);
    }

    /** The module id each image got from device_load (only with a tool attached). */
    private final Map<DeviceImage, Long> modules = new IdentityHashMap<>();

    /** The device storage of a declare target link global starting at host address h with at least size bytes, or null. */
    synchronized DevicePlugin.GlobalSymbol linkStorage(long h, long size) {
        DevicePlugin.GlobalSymbol g = linkStorage.get(h);
        return g != null && size <= g.size() ? g : null;
    }

    synchronized void forgetImages() {
        loaded.clear();
        seen = -1;
    }
}
