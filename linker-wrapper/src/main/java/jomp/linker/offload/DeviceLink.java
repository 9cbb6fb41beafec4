package jomp.linker.offload;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import jomp.linker.host.HostLinker;
import jomp.wrapper.FormatException;
import jomp.wrapper.elf.ElfReader;
import jomp.wrapper.offload.OffloadBinary;

/**
 * The device link of one group of images (clang-linker-wrapper's device linking step). For the
 * jvm device the images are jomp objects: they are linked like a host program, without main,
 * into the jar the jvm plugin loads (offload-abi.md §6). For nvptx64 a single PTX or cubin image
 * passes through; several need a device linker.
 */
public final class DeviceLink {
    private DeviceLink() {}

    /** A linked device image: what the registration hands to the runtime. */
    public record Linked(String triple, String arch, String kind, byte[] bytes) {}

    public static final String JVM_TRIPLE = "jvm64-jomp-linux";

    public static Linked link(DeviceImages.Group g) {
        if (g.triple().equals(JVM_TRIPLE)) return new Linked(g.triple(), g.arch(), "JVM_CLASSES", jvm(g));
        List<DeviceImages.Image> imgs = g.images();
        if (imgs.size() == 1) {
            OffloadBinary b = imgs.get(0).binary();
            String kind = switch (b.imageKind()) {
                case OffloadBinary.IMG_PTX -> "PTX";
                case OffloadBinary.IMG_CUBIN -> "CUBIN";
                case OffloadBinary.IMG_FATBINARY -> "FATBINARY";
                case OffloadBinary.IMG_OBJECT -> "OBJECT";
                default -> throw new HostLinker.LinkError(imgs.get(0).object() + ": " + g.describe()
                        + ": cannot link a device image of kind " + OffloadBinary.extensionOf(b.imageKind()));
            };
            return new Linked(g.triple(), g.arch(), kind, b.image());
        }
        List<String> names = new ArrayList<>();
        for (DeviceImages.Image i : imgs) names.add(i.object());
        throw new HostLinker.LinkError(g.describe() + ": linking device code of several objects (" + String.join(", ", names)
                + ") needs nvlink, which this version of jomp does not run; compile them into one object");
    }

    /** Links the jvm device objects into a jar: classes, data image, and the entries index. */
    private static byte[] jvm(DeviceImages.Group g) {
        List<HostLinker.Input> inputs = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) {
            String name = i.object() + "(" + g.triple() + ")";
            try {
                inputs.add(new HostLinker.Input(name, ElfReader.read(name, i.binary().image())));
            } catch (FormatException e) {
                throw new HostLinker.LinkError(e.getMessage());
            }
        }
        HostLinker.Linked linked;
        try {
            linked = HostLinker.linkDevice(inputs);
        } catch (HostLinker.LinkError e) {
            throw new HostLinker.LinkError(g.triple() + ": " + e.getMessage().replace("\n", "\n" + g.triple() + ": "));
        }
        StringBuilder index = new StringBuilder();
        for (HostLinker.Entry e : linked.entries()) {
            if (e.owner() != null) index.append("kernel ").append(e.name()).append(' ').append(e.owner()).append(' ').append(e.method()).append('\n');
            else if (e.size() > 0) index.append("global ").append(e.name()).append(' ').append(e.offset()).append(' ').append(e.size()).append('\n');
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> c : linked.classes().entrySet()) put(zip, c.getKey() + ".class", c.getValue());
            for (Map.Entry<String, byte[]> r : linked.resources().entrySet()) put(zip, r.getKey(), r.getValue());
            put(zip, "jomp/device-entries.txt", index.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static void put(ZipOutputStream zip, String name, byte[] data) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setTime(0);   // the same inputs give the same bytes
        zip.putNextEntry(e);
        zip.write(data);
        zip.closeEntry();
    }
}
