package jomp.linker.offload;

import java.util.ArrayList;
import java.util.List;
import jomp.linker.host.HostLinker;
import jomp.objfile.FormatException;
import jomp.objfile.elf.ElfReader;
import jomp.offload.abi.ImageKind;
import jomp.toolchain.DeviceLinker;
import jomp.toolchain.ToolChain;
import jomp.toolchain.ToolChains;

/**
 * The device link of one group of images (clang-linker-wrapper's device linking step): the
 * group's target links them, as its ToolChain's {@link DeviceLinker} says (nvptx64: nvlink and a
 * fat binary with the PTX; the jvm device: a host-style link into the jar its plugin loads,
 * offload-abi.md §6). This class hands the linker the images, the options and, for a host-like
 * device, the host link.
 */
public final class DeviceLink {
    private DeviceLink() {}

    /** A linked device image: what the registration hands to the runtime. */
    public record Linked(String triple, String arch, ImageKind kind, byte[] bytes) {}

    /**
     * How device links run: {@code deviceLinker} (--device-linker; null: the target's own, where its
     * ToolChain finds it), the native libraries a host-like device's link resolves against, and
     * the user's CUDA installation (--cuda-path).
     */
    public record Options(String deviceLinker, jomp.linker.host.NativeLibraries natives, String cudaPath) {
        public static final Options DEFAULT = new Options(null);

        public Options(String deviceLinker) {
            this(deviceLinker, null, null);
        }

        public Options(String deviceLinker, jomp.linker.host.NativeLibraries natives) {
            this(deviceLinker, natives, null);
        }
    }

    public static Linked link(DeviceImages.Group g) {
        return link(g, Options.DEFAULT);
    }

    public static Linked link(DeviceImages.Group g, Options opts) {
        try {
            DeviceLinker.Linked l = linker(g).link(images(g), context(g, opts));
            return new Linked(g.triple(), g.arch(), l.kind(), l.bytes());
        } catch (DeviceLinker.LinkError e) {
            throw new HostLinker.LinkError(e.getMessage());
        }
    }

    /** What {@link #link} does for a group, as --dry-run and --wrapper-verbose print it (temporary files by their short names). */
    public static String describe(DeviceImages.Group g, Options opts) {
        try {
            return linker(g).describe(images(g), context(g, opts));
        } catch (DeviceLinker.LinkError e) {
            throw new HostLinker.LinkError(e.getMessage());
        }
    }

    /** The group's target's linker; a triple jomp has no toolchain for is linked as {@link ToolChains#foreignLinker()} says. */
    private static DeviceLinker linker(DeviceImages.Group g) {
        ToolChain tc = ToolChains.device(g.triple());
        return tc != null ? tc.linker() : ToolChains.foreignLinker();
    }

    private static List<DeviceLinker.Image> images(DeviceImages.Group g) {
        List<DeviceLinker.Image> out = new ArrayList<>();
        for (DeviceImages.Image i : g.images())
            out.add(new DeviceLinker.Image(
                    i.object(), i.binary().imageKind(), i.binary().image()));
        return out;
    }

    private static DeviceLinker.Context context(DeviceImages.Group g, Options opts) {
        return new DeviceLinker.Context() {
            @Override
            public String triple() {
                return g.triple();
            }

            @Override
            public String arch() {
                return g.arch();
            }

            @Override
            public String describe() {
                return g.describe();
            }

            @Override
            public String deviceLinker() {
                return opts.deviceLinker();
            }

            @Override
            public String installPath() {
                return opts.cudaPath();
            }

            @Override
            public DeviceLinker.HostLinked hostLink(List<DeviceLinker.Image> objects) {
                return DeviceLink.hostLink(objects, opts.natives());
            }

            @Override
            public java.util.zip.ZipEntry jarEntry(String name) {
                return jomp.linker.host.EntryTime.set(new java.util.zip.ZipEntry(name));
            }
        };
    }

    /** jomp objects linked as a host program is, without main (a host-like device's images). */
    private static DeviceLinker.HostLinked hostLink(
            List<DeviceLinker.Image> objects, jomp.linker.host.NativeLibraries natives) {
        List<HostLinker.Input> inputs = new ArrayList<>();
        for (DeviceLinker.Image i : objects) {
            try {
                inputs.add(new HostLinker.Input(i.object(), ElfReader.read(i.object(), i.bytes())));
            } catch (FormatException e) {
                throw new DeviceLinker.LinkError(e.file() + ": device image: " + e.problem());
            }
        }
        HostLinker.Linked linked;
        try {
            linked = HostLinker.linkDevice(inputs, natives);
        } catch (HostLinker.LinkError e) {
            throw new DeviceLinker.LinkError(e.getMessage());
        }
        List<DeviceLinker.HostLinked.Entry> entries = new ArrayList<>();
        for (HostLinker.Entry e : linked.entries())
            entries.add(new DeviceLinker.HostLinked.Entry(e.name(), e.owner(), e.method(), e.offset(), e.size()));
        return new DeviceLinker.HostLinked(linked.classes(), linked.resources(), entries);
    }

    static String objects(DeviceImages.Group g) {
        List<String> names = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) if (!names.contains(i.object())) names.add(i.object());
        return String.join(" ", names);
    }
}
