package jomp.runtime.offload;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import jomp.offload.abi.BinaryDescriptor;
import jomp.runtime.omp.DeviceIcvs;
import jomp.runtime.plugin.DevicePlugin;

/**
 * The device table: the devices of the plugins found with ServiceLoader, numbered across plugins
 * (the first plugin's devices, then the next's), and the offload ICVs read from the environment:
 * OMP_TARGET_OFFLOAD (MANDATORY, DISABLED or DEFAULT) and OMP_DEFAULT_DEVICE. As libomptarget's
 * PluginManager, the table holds only devices for which the program carries an image they can
 * run: a program compiled for nvptx64 alone has no jvm device, one without device code no device
 * at all. Images registered later (a library's) add their devices after the others; numbers never
 * change.
 */
final class Devices {
    private Devices() {}

    enum Policy {
        MANDATORY,
        DISABLED,
        DEFAULT
    }

    /** OMP_TARGET_OFFLOAD (tests set it, then {@link #install} a device table). */
    static volatile Policy POLICY = Policy.valueOf(DeviceIcvs.TARGET_OFFLOAD);

    private static volatile List<Device> all;

    /** OMP_TARGET_OFFLOAD's value (case-insensitive, as libomptarget reads it); DEFAULT when unset or unknown. */
    static Policy policy(String v) {
        return Policy.valueOf(DeviceIcvs.targetOffload(v));
    }

    /** omp_initial_device and omp_invalid_device (OpenMP 5.2). */
    static final int INITIAL = DeviceIcvs.INITIAL, INVALID = DeviceIcvs.INVALID;

    /** The plugins in device order, found on first use (no plugin is touched by a program that never offloads). */
    private static volatile List<DevicePlugin> plugins;
    /** The registry generation whose images {@link #all} has considered. */
    private static volatile int seen = -1;

    /** Every device, found on first use and again when more images are registered. */
    static List<Device> all() {
        List<Device> d = all;
        if (d != null && (installed || seen == Registry.generation())) return d;
        synchronized (Devices.class) {
            if (all != null && (installed || seen == Registry.generation())) return all;
            int gen = Registry.generation();
            List<Device> list = all == null ? List.of() : all;
            if (POLICY != Policy.DISABLED) {
                long t = Profile.start();
                list = extend(list, plugins(), Registry.libs());
                Profile.event("find devices", t, "devices", list.size());
            }
            seen = gen;
            return all = list;
        }
    }

    /**
     * {@code have} followed by the devices of {@code plugins}, in order, that some image of
     * {@code libs} runs on and {@code have} lacks (libomptarget's registerLib).
     */
    static List<Device> extend(List<Device> have, List<DevicePlugin> plugins, List<BinaryDescriptor> libs) {
        return extend(have, plugins, libs, System.getenv("OMP_AVAILABLE_DEVICES"));
    }

    /** {@link #extend}, the new devices picked and ordered by OMP_AVAILABLE_DEVICES ({@code available}; null: all, in plugin order). */
    static List<Device> extend(
            List<Device> have, List<DevicePlugin> plugins, List<BinaryDescriptor> libs, String available) {
        List<Device> found = supported(have, plugins, libs);
        if (available != null) found = available(found, available);
        List<Device> list = new ArrayList<>(have);
        for (Device d : found) {
            list.add(new Device(d.plugin, d.local, list.size()));
            Info.debug(
                    "plugin %s (%s): its device %d is device %d, which an image of the program runs on",
                    d.plugin.name(), d.plugin.triple(), d.local, list.size() - 1);
        }
        return List.copyOf(list);
    }

    /** OMP_AVAILABLE_DEVICES' selection of the supported devices (numbered in their order); all of them, with a message, when it is not valid. */
    private static List<Device> available(List<Device> supported, String spec) {
        List<DeviceSelector.Candidate> candidates = new ArrayList<>();
        for (Device d : supported) candidates.add(candidate(d, d.id));
        try {
            List<Device> out = new ArrayList<>();
            for (DeviceSelector.Candidate c : DeviceSelector.available(spec, candidates))
                out.add(supported.get(c.number()));
            return out;
        } catch (DeviceSelector.Invalid e) {
            System.err.println(
                    "omptarget message: ignoring OMP_AVAILABLE_DEVICES=" + spec + " (" + e.getMessage() + ")");
            return supported;
        }
    }

    /** What a device trait specification sees of device d, as device {@code number}. */
    static DeviceSelector.Candidate candidate(Device d, int number) {
        return new DeviceSelector.Candidate(
                number, d.plugin.contextTraits(), d.plugin.vendor(), d.plugin.name() + "-" + d.local);
    }

    /** The devices of {@code plugins} that an image of {@code libs} runs on and {@code have} lacks, numbered from 0 in plugin order. */
    private static List<Device> supported(List<Device> have, List<DevicePlugin> plugins, List<BinaryDescriptor> libs) {
        List<Device> list = new ArrayList<>();
        for (DevicePlugin p : plugins) {
            int n;
            try {
                n = p.numberOfDevices();
            } catch (RuntimeException | LinkageError e) {
                Info.debug("plugin %s is not usable: %s", p.name(), e);
                n = 0;
            }
            Info.debug("plugin %s (%s): %d device(s)", p.name(), p.triple(), n);
            for (int i = 0; i < n; i++) {
                int local = i;
                if (have.stream().anyMatch(x -> x.plugin == p && x.local == local) || !hasImage(p, i, libs)) continue;
                list.add(new Device(p, i, list.size()));
            }
        }
        return list;
    }

    /** Does an image of {@code libs} run on device {@code local} of {@code p}? (libomptarget's is_valid_binary and is_device_compatible) */
    private static boolean hasImage(DevicePlugin p, int local, List<BinaryDescriptor> libs) {
        for (BinaryDescriptor lib : libs) {
            for (jomp.offload.abi.DeviceImage img : lib.images()) {
                try {
                    if (p.isCompatible(local, img)) return true;
                } catch (RuntimeException | LinkageError e) {
                    Info.debug("plugin %s cannot tell whether it runs a %s image: %s", p.name(), img.triple(), e);
                }
            }
        }
        return false;
    }

    private static List<DevicePlugin> plugins() {
        List<DevicePlugin> ps = plugins;
        if (ps != null) return ps;
        var found = ServiceLoader.load(DevicePlugin.class, Devices.class.getClassLoader())
                .iterator();
        List<DevicePlugin> list = new ArrayList<>();
        while (true) {
            try {
                if (!found.hasNext()) break;
                list.add(found.next());
            } catch (java.util.ServiceConfigurationError e) { // a plugin that cannot be loaded: no devices from it
                Info.debug("a device plugin is not usable: %s", e.getMessage());
            }
        }
        return plugins = ordered(list, System.getenv("JOMP_PLUGINS"));
    }

    /**
     * The plugins whose devices the table holds, in order: JOMP_PLUGINS (a comma-separated list of
     * plugin names) picks and orders them; without it, all, by their declared
     * {@link DevicePlugin#priority()} (GPUs, then the PTX simulator, then the host's jvm device),
     * plugins of equal priority in the order they were found.
     */
    static List<DevicePlugin> ordered(List<DevicePlugin> plugins, String selection) {
        if (selection == null || selection.isBlank()) {
            List<DevicePlugin> out = new ArrayList<>(plugins);
            out.sort(java.util.Comparator.comparingInt(DevicePlugin::priority)
                    .reversed()); // stable: equal priorities keep their order
            return out;
        }
        List<String> names = new ArrayList<>();
        for (String n : selection.split(","))
            if (!n.isBlank()) names.add(n.trim().toLowerCase(java.util.Locale.ROOT));
        for (String n : names) {
            if (plugins.stream().noneMatch(p -> p.name().equals(n)))
                System.err.println("omptarget message: JOMP_PLUGINS names " + n
                        + ", which is not a device plugin of this program");
        }
        List<DevicePlugin> out = new ArrayList<>();
        for (String n : names) for (DevicePlugin p : plugins) if (p.name().equals(n) && !out.contains(p)) out.add(p);
        return out;
    }

    static int count() {
        return all().size();
    }

    /**
     * OMP_DEFAULT_DEVICE with trait specifications or a list (OpenMP 6.0): default-device-var is
     * set from the available devices the first time it is needed; omp_set_default_device before
     * that wins.
     */
    static void settleDefaultDevice() {
        if (DeviceIcvs.defaultDeviceSpec == null) return;
        List<Device> list = all();
        synchronized (Devices.class) {
            String spec = DeviceIcvs.defaultDeviceSpec;
            if (spec == null) return;
            List<DeviceSelector.Candidate> devices = new ArrayList<>();
            for (Device d : list) devices.add(candidate(d, d.id));
            devices.add(
                    new DeviceSelector.Candidate(list.size(), jomp.offload.abi.ContextTraits.HOST, "unknown", "host"));
            try {
                DeviceIcvs.defaultDevice = DeviceSelector.defaultDevice(spec, devices, 0);
            } catch (DeviceSelector.Invalid e) {
                System.err.println(
                        "omptarget message: ignoring OMP_DEFAULT_DEVICE=" + spec + " (" + e.getMessage() + ")");
            }
            DeviceIcvs.defaultDeviceSpec = null;
        }
    }

    /** Set by {@link #install}: the table stays as the test made it. */
    private static volatile boolean installed;

    /**
     * Tests: the device table made of these plugins' devices (none when offloading is disabled),
     * with or without images, instead of the ones ServiceLoader finds.
     */
    static synchronized void install(List<DevicePlugin> plugins) {
        List<Device> list = new ArrayList<>();
        if (POLICY != Policy.DISABLED)
            for (DevicePlugin p : plugins)
                for (int i = 0; i < p.numberOfDevices(); i++) list.add(new Device(p, i, list.size()));
        all = List.copyOf(list);
        installed = true;
    }

    /** Device {@code id}, or null when there is no such offload device (the initial device included). */
    static Device get(long id) {
        List<Device> d = all();
        return id >= 0 && id < d.size() ? d.get((int) id) : null;
    }

    /** The number in the device table of device {@code local} of {@code plugin}. */
    static int globalId(Object plugin, int local) {
        for (Device d : all()) if (d.plugin == plugin && d.local == local) return d.id;
        return local; // a plugin used outside the table (tests)
    }

    /**
     * The device a construct uses: its device clause, or the default-device ICV for -1;
     * omp_initial_device is the host's number. omp_invalid_device stays as it is: no device has it.
     */
    static long resolve(long deviceId) {
        if (deviceId == -1) settleDefaultDevice();
        long id = deviceId == -1 ? DeviceIcvs.defaultDevice : deviceId;
        if (id == INITIAL) return count(); // omp_initial_device: the host's number
        return id;
    }

    /**
     * libomptarget's getDevice: the offload device numbered {@code id}; any other number but the
     * host's ends the program as libomptarget does (FATAL_MESSAGE: "Device number 'N' out of
     * range", then abort). OpenMP leaves non-conforming numbers unspecified and makes
     * omp_invalid_device a runtime error termination.
     */
    static Device require(long id) {
        Device d = get(id);
        if (d == null)
            Tgt.fatalError(id, "Device number '" + id + "' out of range, only " + count() + " devices available");
        return d;
    }

    /** At exit, with a tool attached: each initialised device's images unloaded and the device finalised, in device order. */
    static void finalizeForTools() {
        List<Device> d = all;
        if (d != null) for (Device dev : d) dev.finalizeForTools();
    }

    static void unloadImagesOf(BinaryDescriptor desc) {
        List<Device> d = all;
        if (d != null) for (Device dev : d) dev.forgetImages();
    }
}
