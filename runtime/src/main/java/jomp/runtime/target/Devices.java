package jomp.runtime.target;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import jomp.runtime.plugin.DevicePlugin;

/**
 * The device table: the devices of every plugin found with ServiceLoader, numbered across plugins
 * (the first plugin's devices, then the next's), and the offload ICVs read from the environment:
 * OMP_TARGET_OFFLOAD (MANDATORY, DISABLED or DEFAULT) and OMP_DEFAULT_DEVICE.
 */
final class Devices {
    private Devices() {}

    enum Policy { MANDATORY, DISABLED, DEFAULT }

    static final Policy POLICY = policy();
    static volatile int defaultDevice = defaultDevice();
    private static volatile List<Device> all;

    private static Policy policy() {
        String v = System.getenv("OMP_TARGET_OFFLOAD");
        if (v == null || v.isBlank()) return Policy.DEFAULT;
        try {
            return Policy.valueOf(v.trim().toUpperCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            System.err.println("omptarget message: ignoring OMP_TARGET_OFFLOAD=" + v + " (expected MANDATORY, DISABLED or DEFAULT)");
            return Policy.DEFAULT;
        }
    }

    private static int defaultDevice() {
        String v = System.getenv("OMP_DEFAULT_DEVICE");
        if (v == null || v.isBlank()) return 0;
        try {
            return Math.max(0, Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            System.err.println("omptarget message: ignoring OMP_DEFAULT_DEVICE=" + v + " (not a number)");
            return 0;
        }
    }

    /** Every device, found on first use (no plugin is touched by a program that never offloads). */
    static List<Device> all() {
        List<Device> d = all;
        if (d != null) return d;
        synchronized (Devices.class) {
            if (all != null) return all;
            List<Device> list = new ArrayList<>();
            if (POLICY != Policy.DISABLED) {
                long t = Profile.start();
                for (DevicePlugin p : ServiceLoader.load(DevicePlugin.class, Devices.class.getClassLoader())) {
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

    static int count() { return all().size(); }

    /** Tests: the device table made of these plugins' devices instead of the ones ServiceLoader finds. */
    static synchronized void install(List<DevicePlugin> plugins) {
        List<Device> list = new ArrayList<>();
        for (DevicePlugin p : plugins) for (int i = 0; i < p.numberOfDevices(); i++) list.add(new Device(p, i, list.size()));
        all = List.copyOf(list);
    }

    /** Device {@code id}, or null when there is no such offload device (the initial device included). */
    static Device get(long id) {
        List<Device> d = all();
        return id >= 0 && id < d.size() ? d.get((int) id) : null;
    }

    /** The device a construct uses: its device clause, or the default-device ICV for -1. */
    static long resolve(long deviceId) { return deviceId == -1 ? defaultDevice : deviceId; }

    static void unloadImagesOf(BinaryDescriptor desc) {
        List<Device> d = all;
        if (d != null) for (Device dev : d) dev.forgetImages();
    }
}
