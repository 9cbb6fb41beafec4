package jomp.runtime.target;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jomp.runtime.plugin.DevicePlugin;

/**
 * Registration of a program's device images and offload entries (__tgt_register_lib). The
 * executable's start-up calls {@link #registerResources} before C's main with what the
 * linker-wrapper wrapped (see jomp.linker.offload.Registration).
 */
public final class Registry {
    private Registry() {}

    private static final List<BinaryDescriptor> LIBS = new ArrayList<>();
    private static final Map<Long, HostEntry> BY_ADDRESS = new java.util.concurrent.ConcurrentHashMap<>();
    /** Bumped at every registration, so devices know cheaply whether there are images to load. */
    private static volatile int generation;

    static int generation() { return generation; }
    private static volatile boolean exitHook;

    public static synchronized void registerLib(BinaryDescriptor desc) {
        LIBS.add(desc);
        for (HostEntry e : desc.hostEntries()) BY_ADDRESS.put(e.hostAddress(), e);
        generation++;
        Info.debug("registered %d device image(s) and %d offload entries", desc.images().size(), desc.hostEntries().size());
        if (!exitHook) {
            exitHook = true;
            Runtime.getRuntime().addShutdownHook(new Thread(Registry::atExit, "jomp-offload-exit"));
        }
    }

    public static synchronized void unregisterLib(BinaryDescriptor desc) {
        if (!LIBS.remove(desc)) return;
        generation++;
        for (HostEntry e : desc.hostEntries()) BY_ADDRESS.remove(e.hostAddress(), e);
        Devices.unloadImagesOf(desc);
    }

    /** Every registered descriptor, in registration order. */
    static synchronized List<BinaryDescriptor> libs() { return List.copyOf(LIBS); }

    /** The entry whose host address is {@code addr} (a region id or a global), or null. */
    static HostEntry entry(long addr) { return BY_ADDRESS.get(addr); }

    /** Unregisters everything and writes the reports the environment asked for. */
    private static void atExit() {
        if (Info.on(Info.DUMP_TABLE)) Tgt.dumpTables();
        for (BinaryDescriptor d : libs()) unregisterLib(d);
        Profile.write();
    }

    /**
     * Reads the wrapped images and entries from the resources next to {@code anchor} (the
     * executable's main class) and registers them; host entry addresses are offsets from the data
     * image at {@code dataBase}.
     */
    public static void registerResources(Class<?> anchor, long dataBase) {
        List<DevicePlugin.DeviceImage> images = new ArrayList<>();
        List<HostEntry> entries = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (String line : lines(anchor, "/jomp/offload/entries.txt")) {
            String[] f = line.split(" ", 4);
            entries.add(new HostEntry(dataBase + Long.parseLong(f[0]), f[3], Long.parseLong(f[1]), Integer.parseInt(f[2])));
            names.add(f[3]);
        }
        for (String line : lines(anchor, "/jomp/offload/images.txt")) {
            String[] f = line.split(" ");
            byte[] bytes = resource(anchor, "/jomp/offload/image" + f[0] + ".bin");
            images.add(new DevicePlugin.DeviceImage(f[2], f[3].equals("-") ? "" : f[3], DevicePlugin.ImageKind.valueOf(f[1]), bytes, names));
        }
        registerLib(new BinaryDescriptor(List.copyOf(images), List.copyOf(entries)));
    }

    private static List<String> lines(Class<?> anchor, String name) {
        byte[] b = resource(anchor, name);
        List<String> out = new ArrayList<>();
        for (String l : new String(b, StandardCharsets.UTF_8).split("\n")) if (!l.isBlank()) out.add(l);
        return out;
    }

    private static byte[] resource(Class<?> anchor, String name) {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("jomp: the executable lacks " + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("jomp: cannot read " + name + ": " + e.getMessage(), e);
        }
    }
}
