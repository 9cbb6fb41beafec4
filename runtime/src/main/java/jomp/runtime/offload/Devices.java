package jomp.runtime.offload;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import jomp.offload.abi.BinaryDescriptor;
import jomp.runtime.omp.DeviceIcvs;
import jomp.runtime.plugin.DevicePlugin;

/**
 * The device table: the devices of every plugin found with ServiceLoader, numbered across plugins
 * (the first plugin's devices, then the next's), and the offload ICVs read from the environment:
 * OMP_TARGET_OFFLOAD (MANDATORY, DISABLED or DEFAULT) and OMP_DEFAULT_DEVICE.
 */
final class Devices {
    private Devices() {}

    enum Policy { MANDATORY, DISABLED, DEFAULT }

    /** OMP_TARGET_OFFLOAD (tests set it, then {@link #install} a device table). */
    static volatile Policy POLICY = Policy.valueOf(DeviceIcvs.TARGET_OFFLOAD);
    private static volatile List<Device> all;

    /** OMP_TARGET_OFFLOAD's value (case-insensitive, as libomptarget reads it); DEFAULT when unset or unknown. */
    static Policy policy(String v) { return Policy.valueOf(DeviceIcvs.targetOffload(v)); }

    /** omp_initial_device and omp_invalid_device (OpenMP 5.2). */
    static final int INITIAL = DeviceIcvs.INITIAL, INVALID = DeviceIcvs.INVALID;

    /** Every device, found on first use (no plugin is touched by a program that never offloads). */
    static List<Device> all() {
        List<Device> d = all;
        if (d != null) return d;
        synchronized (Devices.class) {
            if (all != null) return all;
            List<Device> list = new ArrayList<>();
            if (POLICY != Policy.DISABLED) {
                long t = Profile.start();
                var found = ServiceLoader.load(DevicePlugin.class, Devices.class.getClassLoader()).iterator();
                List<DevicePlugin> plugins = new ArrayList<>();
                while (true) {
                    try {
                        if (!found.hasNext()) break;
                        plugins.add(found.next());
                    } catch (java.util.ServiceConfigurationError e) {   // a plugin that cannot be loaded: no devices from it
                        Info.debug("a device plugin is not usable: %s", e.getMessage());
                    }
                }
                for (DevicePlugin p : ordered(plugins, System.getenv("JOMP_PLUGINS"))) {
                    int n;
                    try {
                        n = p.numberOfDevices();
                    } catch (RuntimeException | LinkageError e) {
                        Info.debug("plugin %s is not usable: %s", p.name(), e);
                        n = 0;
                    }
                    Info.debug("plugin %s (%s): %d device(s)", p.name(), p.triple(), n);
                    for (int i = 0; i < n; i++) list.add(new Device(p, i, list.size()));
                }
                Profile.event("find devices", t, "devices", list.size());
            }
            return all = List.copyOf(list);
        }
    }

    /** Device numbering when JOMP_PLUGINS does not say: GPUs (real, then simulated) before the host's jvm device. */
    static final List<String> DEFAULT_ORDER = List.of("cuda", "ptxsim", "jvm");

    /**
     * The plugins whose devices the table holds, in order: JOMP_PLUGINS (a comma-separated list of
     * plugin names) picks and orders them; without it, all in {@link #DEFAULT_ORDER}, others after.
     */
    static List<DevicePlugin> ordered(List<DevicePlugin> plugins, String selection) {
        List<String> names = new ArrayList<>();
        boolean explicit = selection != null && !selection.isBlank();
        if (explicit) {
            for (String n : selection.split(",")) if (!n.isBlank()) names.add(n.trim().toLowerCase(java.util.Locale.ROOT));
            for (String n : names) {
                if (plugins.stream().noneMatch(p -> p.name().equals(n)))
                    System.err.println("omptarget message: JOMP_PLUGINS names " + n + ", which is not a device plugin of this program");
            }
        } else {
            names.addAll(DEFAULT_ORDER);
        }
        List<DevicePlugin> out = new ArrayList<>();
        for (String n : names) for (DevicePlugin p : plugins) if (p.name().equals(n) && !out.contains(p)) out.add(p);
        if (!explicit) for (DevicePlugin p : plugins) if (!out.contains(p)) out.add(p);
        return out;
    }

    static int count() { return all().size(); }

    /** Tests: the device table made of these plugins' devices (none when offloading is disabled) instead of the ones ServiceLoader finds. */
    static synchronized void install(List<DevicePlugin> plugins) {
        List<Device> list = new ArrayList<>();
        if (POLICY != Policy.DISABLED)
            for (DevicePlugin p : plugins) for (int i = 0; i < p.numberOfDevices(); i++) list.add(new Device(p, i, list.size()));
        all = List.copyOf(list);
    }

    /** Device {@code id}, or null when there is no such offload device (the initial device included). */
    static Device get(long id) {
        List<Device> d = all();
        return id >= 0 && id < d.size() ? d.get((int) id) : null;
    }

    /** The number in the device table of device {@code local} of {@code plugin}. */
    static int globalId(Object plugin, int local) {
        for (Device d : all()) if (d.plugin == plugin && d.local == local) return d.id;
        return local;   // a plugin used outside the table (tests)
    }

    /** The device a construct uses: its device clause, or the default-device ICV for -1. */
    static long resolve(long deviceId) {
        long id = deviceId == -1 ? DeviceIcvs.defaultDevice : deviceId;
        if (id == INITIAL) return count();   // omp_initial_device: the host's number
        if (id == INVALID) Tgt.fatal("the device of the construct is omp_invalid_device");   // OpenMP 5.2: runtime error termination
        return id;
    }

    static void unloadImagesOf(BinaryDescriptor desc) {
        List<Device> d = all;
        if (d != null) for (Device dev : d) dev.forgetImages();
    }
}
