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
import jomp.wrapper.env.Invocation;
import jomp.wrapper.offload.OffloadBinary;

/**
 * The device link of one group of images (clang-linker-wrapper's device linking step). For the
 * jvm device the images are jomp objects: they are linked like a host program, without main,
 * into the jar the jvm plugin loads (offload-abi.md §6). For nvptx64 several images need a
 * device linker; a single PTX or executable cubin passes through, and a single relocatable cubin
 * (ptxas -c, what the driver makes) is linked by nvlink when it is there, as clang-linker-wrapper
 * does: the CUDA driver loads executable cubins, and nvlink resolves the device library calls
 * (malloc, free, vprintf) that ptxas -c leaves undefined.
 */
public final class DeviceLink {
    private DeviceLink() {}

    /** A linked device image: what the registration hands to the runtime. */
    public record Linked(String triple, String arch, String kind, byte[] bytes) {}

    public static final String JVM_TRIPLE = "jvm64-jomp-linux";

    /** How device links run: {@code deviceLinker} (null: nvlink on PATH) links several nvptx images of one arch. */
    public record Options(String deviceLinker, jomp.linker.host.NativeLibraries natives) {
        public static final Options DEFAULT = new Options(null);

        public Options(String deviceLinker) { this(deviceLinker, null); }
    }

    public static Linked link(DeviceImages.Group g) { return link(g, Options.DEFAULT); }

    public static Linked link(DeviceImages.Group g, Options opts) {
        if (g.triple().equals(JVM_TRIPLE)) return new Linked(g.triple(), g.arch(), "JVM_CLASSES", jvm(g, opts.natives()));
        List<DeviceImages.Image> imgs = g.images();
        for (DeviceImages.Image i : imgs) kind(g, i);
        if (imgs.size() == 1 && !(relocatableCubin(imgs.get(0).binary()) && deviceLinker(opts) != null)) {
            return new Linked(g.triple(), g.arch(), kind(g, imgs.get(0)), imgs.get(0).binary().image());
        }
        return nvlink(g, opts);
    }

    /** ELF type ET_REL (1) for machine EM_CUDA (190): ptxas -c's output, which the driver cannot load unlinked. */
    static boolean relocatableCubin(OffloadBinary b) {
        byte[] e = b.image();
        if (b.imageKind() != OffloadBinary.IMG_CUBIN && b.imageKind() != OffloadBinary.IMG_OBJECT) return false;
        if (e.length < 20 || e[0] != 0x7f || e[1] != 'E' || e[2] != 'L' || e[3] != 'F') return false;
        int type = (e[16] & 0xFF) | (e[17] & 0xFF) << 8, machine = (e[18] & 0xFF) | (e[19] & 0xFF) << 8;
        return type == 1 && machine == 190;
    }

    /** What {@link #link} does for a group, as --dry-run and --wrapper-verbose print it (temporary files by their short names). */
    public static String describe(DeviceImages.Group g, Options opts) {
        if (g.triple().equals(JVM_TRIPLE)) return "device link for " + g.describe() + ": " + objects(g);
        String linker = deviceLinker(opts);
        if (g.images().size() == 1 && !(relocatableCubin(g.images().get(0).binary()) && linker != null)) {
            return "device image for " + g.describe() + " passes through: " + objects(g);
        }
        List<String> inputs = new ArrayList<>();
        for (int i = 0; i < g.images().size(); i++) inputs.add(inputName(i, g.images().get(i).binary()));
        return linker == null ? "device link for " + g.describe() + " needs nvlink, which is not on PATH: " + objects(g)
                : String.join(" ", nvlinkCommand(linker, g, "linked.cubin", inputs)) + "   # " + objects(g);
    }

    /** The device linker for a group of several nvptx images: --device-linker, else nvlink on PATH, else null. */
    public static String deviceLinker(Options opts) {
        if (opts.deviceLinker() != null) return opts.deviceLinker();
        for (String dir : java.util.Objects.requireNonNullElse(Invocation.getenv("PATH"), "").split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && java.nio.file.Files.isExecutable(Invocation.path(dir).resolve("nvlink"))) return Invocation.path(dir).resolve("nvlink").toString();
        }
        return null;
    }

    /** The command line that links the images of a group: {@code nvlink -arch=<arch> -o <out> <inputs>}. */
    public static List<String> nvlinkCommand(String linker, DeviceImages.Group g, String output, List<String> inputs) {
        List<String> cmd = new ArrayList<>(List.of(linker));
        if (!g.arch().isEmpty()) cmd.add("-arch=" + g.arch());
        cmd.addAll(List.of("-o", output));
        cmd.addAll(inputs);
        return cmd;
    }

    /** Several nvptx images of one arch (or one relocatable cubin): written to temporary files and linked into one cubin by the device linker. */
    private static Linked nvlink(DeviceImages.Group g, Options opts) {
        String linker = deviceLinker(opts);
        if (linker == null) {
            throw new HostLinker.LinkError(g.describe() + ": linking the device code of several objects (" + String.join(", ", objectList(g))
                    + ") needs nvlink, which is not on PATH (name one with --device-linker=<path>)");
        }
        java.nio.file.Path dir = null;
        try {
            dir = java.nio.file.Files.createTempDirectory(Invocation.tempDir(), "jomp-nvlink-");
            List<String> inputs = new ArrayList<>();
            for (int i = 0; i < g.images().size(); i++) {
                OffloadBinary b = g.images().get(i).binary();
                java.nio.file.Path f = dir.resolve(inputName(i, b));
                java.nio.file.Files.write(f, b.image());
                inputs.add(f.toString());
            }
            String out = dir.resolve("linked.cubin").toString();
            List<String> cmd = nvlinkCommand(linker, g, out, inputs);
            Process p = Invocation.processBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String text = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            int rc = p.waitFor();
            for (int i = inputs.size() - 1; i >= 0; i--) text = text.replace(inputs.get(i), g.images().get(i).object());
            if (rc != 0) {
                throw new HostLinker.LinkError(g.describe() + ": " + linker + " failed with exit status " + rc + (text.isEmpty() ? "" : ":\n" + text));
            }
            return new Linked(g.triple(), g.arch(), "CUBIN", java.nio.file.Files.readAllBytes(java.nio.file.Path.of(out)));
        } catch (IOException e) {
            throw new HostLinker.LinkError(g.describe() + ": cannot run the device linker " + linker + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostLinker.LinkError(g.describe() + ": interrupted while running " + linker);
        } finally {
            if (dir != null) deleteTree(dir);
        }
    }

    /** The temporary file name of the i-th image given to the device linker. */
    private static String inputName(int i, OffloadBinary b) {
        return "image" + i + "." + (b.imageKind() == OffloadBinary.IMG_PTX ? "ptx" : b.imageKind() == OffloadBinary.IMG_OBJECT ? "cubin" : kindName(b.imageKind()));
    }

    /** Removes a temporary folder of plain files; what cannot be removed stays (no reason to fail a link). */
    static void deleteTree(java.nio.file.Path dir) {
        try (var files = java.nio.file.Files.list(dir)) {
            for (java.nio.file.Path f : (Iterable<java.nio.file.Path>) files::iterator) java.nio.file.Files.deleteIfExists(f);
            java.nio.file.Files.deleteIfExists(dir);
        } catch (IOException ignored) {
            // a temporary file left behind is no reason to fail the link
        }
    }

    /** The runtime's name of an nvptx image's kind; kinds no plugin loads are an error naming the object. */
    private static String kind(DeviceImages.Group g, DeviceImages.Image i) {
        return switch (i.binary().imageKind()) {
            case OffloadBinary.IMG_PTX -> "PTX";
            // ptxas's output: an ELF cubin, which clang (and jomp) package as kind "elf"
            case OffloadBinary.IMG_CUBIN, OffloadBinary.IMG_OBJECT -> "CUBIN";
            case OffloadBinary.IMG_FATBINARY -> "FATBINARY";
            default -> throw new HostLinker.LinkError(i.object() + ": " + g.describe()
                    + ": cannot link a device image of kind " + kindName(i.binary().imageKind()));
        };
    }

    private static String kindName(int kind) {
        String e = OffloadBinary.extensionOf(kind);
        return e.isEmpty() ? String.valueOf(kind) : e;
    }

    private static List<String> objectList(DeviceImages.Group g) {
        List<String> names = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) names.add(i.object());
        return names;
    }

    static String objects(DeviceImages.Group g) {
        return String.join(" ", objectList(g));
    }

    /** Links the jvm device objects into a jar: classes, data image, and the entries index. */
    private static byte[] jvm(DeviceImages.Group g, jomp.linker.host.NativeLibraries natives) {
        List<HostLinker.Input> inputs = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) {
            if (i.binary().imageKind() != OffloadBinary.IMG_OBJECT) {
                throw new HostLinker.LinkError(g.triple() + ": " + i.object() + ": device image of kind " + kindName(i.binary().imageKind())
                        + ", expected a jomp object");
            }
            try {
                inputs.add(new HostLinker.Input(i.object(), ElfReader.read(i.object(), i.binary().image())));
            } catch (FormatException e) {
                throw new HostLinker.LinkError(g.triple() + ": " + e.file() + ": device image: " + e.problem());
            }
        }
        HostLinker.Linked linked;
        try {
            linked = HostLinker.linkDevice(inputs, natives);
        } catch (HostLinker.LinkError e) {
            throw new HostLinker.LinkError(g.triple() + ": " + e.getMessage().replace("\n", "\n" + g.triple() + ": "));
        }
        StringBuilder index = new StringBuilder();
        for (HostLinker.Entry e : linked.entries()) {
            if (e.size() == 0) index.append("kernel ").append(e.name()).append(' ').append(e.owner()).append(' ').append(e.method()).append('\n');
            else index.append("global ").append(e.name()).append(' ').append(e.offset()).append(' ').append(e.size()).append('\n');
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
