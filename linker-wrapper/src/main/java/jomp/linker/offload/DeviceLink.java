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
import jomp.offload.abi.DeviceEntries;
import jomp.offload.abi.ImageKind;
import jomp.objfile.FormatException;
import jomp.objfile.elf.ElfReader;
import jomp.env.Invocation;
import jomp.objfile.offload.OffloadBinary;

/**
 * The device link of one group of images (clang-linker-wrapper's device linking step). For the
 * jvm device the images are jomp objects: they are linked like a host program, without main,
 * into the jar the jvm plugin loads (offload-abi.md §6). For nvptx64 several images need a
 * device linker; a single PTX or executable cubin passes through, and a single relocatable cubin
 * (ptxas -c, what the driver makes) is linked by nvlink when it is there, as clang-linker-wrapper
 * does: the CUDA driver loads executable cubins, and nvlink resolves the device library calls
 * (malloc, free, vprintf) that ptxas -c leaves undefined. When every object also carries the PTX
 * its cubin came from (the driver packages both), the image is a fat binary of the linked cubin
 * and that PTX, as nvcc makes them: a GPU of the cubin's arch runs the cubin, a newer one compiles
 * the PTX, and the PTX simulator runs the PTX (docs/design/ptxsim.md). Without nvlink (no CUDA),
 * several PTX objects go into a fat binary unlinked; the simulator links them when it loads it.
 */
public final class DeviceLink {
    private DeviceLink() {}

    /** A linked device image: what the registration hands to the runtime. */
    public record Linked(String triple, String arch, ImageKind kind, byte[] bytes) {}

    /** How device links run: {@code deviceLinker} (null: the target's, nvlink, where its ToolChain finds it) links several nvptx images of one arch. */
    public record Options(String deviceLinker, jomp.linker.host.NativeLibraries natives, String cudaPath) {
        public static final Options DEFAULT = new Options(null);

        public Options(String deviceLinker) { this(deviceLinker, null, null); }

        public Options(String deviceLinker, jomp.linker.host.NativeLibraries natives) { this(deviceLinker, natives, null); }
    }

    public static Linked link(DeviceImages.Group g) { return link(g, Options.DEFAULT); }

    public static Linked link(DeviceImages.Group g, Options opts) {
        if (jvm(g)) return new Linked(g.triple(), g.arch(), ImageKind.JVM_CLASSES, jvm(g, opts.natives()));
        List<DeviceImages.Image> imgs = g.images();
        for (DeviceImages.Image i : imgs) kind(g, i);
        if (passesThrough(g, opts)) return new Linked(g.triple(), g.arch(), kind(g, imgs.get(0)), imgs.get(0).binary().image());
        List<String> ptx = ptxOfEveryObject(g);
        String linker = deviceLinker(g, opts);
        if (linker == null) {
            // no CUDA: several PTX objects go together in a fat binary, linked when it is loaded (the PTX simulator does)
            if (ptx != null && imgs.stream().allMatch(i -> i.binary().imageKind() == ImageKind.PTX))
                return new Linked(g.triple(), g.arch(), ImageKind.FATBINARY, fatbinary(g, null, ptx));
            return nvlink(g, opts);   // the error naming what is missing
        }
        byte[] cubin = nvlink(g, opts).bytes();
        if (ptx == null) return new Linked(g.triple(), g.arch(), ImageKind.CUBIN, cubin);
        return new Linked(g.triple(), g.arch(), ImageKind.FATBINARY, fatbinary(g, cubin, ptx));
    }

    /** A single image that needs no device link: PTX, an executable cubin or a fat binary, or a relocatable cubin without nvlink. */
    private static boolean passesThrough(DeviceImages.Group g, Options opts) {
        if (g.images().size() != 1) return false;
        OffloadBinary b = g.images().get(0).binary();
        return !(relocatableCubin(b) && deviceLinker(g, opts) != null);
    }

    /**
     * The PTX texts of the group's objects in link order (each object's PTX image, or the PTX
     * inside its fat binary), or null when some object has none: then the PTX does not hold the
     * whole program and only the cubin goes into the image.
     */
    private static List<String> ptxOfEveryObject(DeviceImages.Group g) {
        java.util.Map<String, List<String>> byObject = new java.util.LinkedHashMap<>();
        for (DeviceImages.Image i : g.images()) {
            List<String> texts = byObject.computeIfAbsent(i.object(), k -> new ArrayList<>());
            OffloadBinary b = i.binary();
            if (b.imageKind() == ImageKind.PTX) texts.add(new String(b.image(), java.nio.charset.StandardCharsets.ISO_8859_1));
            else if (b.imageKind() == ImageKind.FATBINARY) {
                try {
                    texts.addAll(jomp.offload.abi.nvptx.Fatbinary.ptx(b.image()));
                } catch (IllegalArgumentException e) {
                    throw new HostLinker.LinkError(i.object() + ": " + g.describe() + ": " + e.getMessage());
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (List<String> texts : byObject.values()) {
            if (texts.isEmpty()) return null;
            out.addAll(texts);
        }
        return out;
    }

    /** A fat binary of the linked cubin (if any) and the objects' PTX, as nvcc makes them (docs/design/ptxsim.md). */
    static byte[] fatbinary(DeviceImages.Group g, byte[] cubin, List<String> ptx) {
        int sm = jomp.offload.abi.nvptx.CudaArch.smOf(g.arch());
        List<jomp.offload.abi.nvptx.Fatbinary.Entry> entries = new ArrayList<>();
        if (cubin != null) entries.add(new jomp.offload.abi.nvptx.Fatbinary.Entry(jomp.offload.abi.nvptx.Fatbinary.KIND_ELF, sm, cubin, false));
        for (String t : ptx) {
            jomp.offload.abi.nvptx.CudaArch target = jomp.offload.abi.nvptx.CudaArch.ofPtx(t);
            entries.add(new jomp.offload.abi.nvptx.Fatbinary.Entry(jomp.offload.abi.nvptx.Fatbinary.KIND_PTX, target != null ? target.sm() : sm,
                    t.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), false));
        }
        return jomp.offload.abi.nvptx.Fatbinary.write(entries);
    }

    /** ELF type ET_REL (1) for machine EM_CUDA (190): ptxas -c's output, which the driver cannot load unlinked. */
    static boolean relocatableCubin(OffloadBinary b) {
        byte[] e = b.image();
        if (b.imageKind() != ImageKind.CUBIN && b.imageKind() != ImageKind.OBJECT) return false;
        if (e.length < 20 || e[0] != 0x7f || e[1] != 'E' || e[2] != 'L' || e[3] != 'F') return false;
        int type = (e[16] & 0xFF) | (e[17] & 0xFF) << 8, machine = (e[18] & 0xFF) | (e[19] & 0xFF) << 8;
        return type == 1 && machine == 190;
    }

    /** What {@link #link} does for a group, as --dry-run and --wrapper-verbose print it (temporary files by their short names). */
    public static String describe(DeviceImages.Group g, Options opts) {
        if (jvm(g)) return "device link for " + g.describe() + ": " + objects(g);
        String linker = deviceLinker(g, opts);
        if (passesThrough(g, opts)) return "device image for " + g.describe() + " passes through: " + objects(g);
        boolean ptx = ptxOfEveryObject(g) != null;
        if (linker == null) {
            if (ptx && g.images().stream().allMatch(i -> i.binary().imageKind() == ImageKind.PTX))
                return "device image for " + g.describe() + ": a fat binary of the PTX of " + objects(g) + " (no nvlink: linked when loaded)";
            return "device link for " + g.describe() + " needs nvlink, which is not found (" + jomp.toolchain.CudaInstallation.searched(opts.cudaPath()) + "): " + objects(g);
        }
        List<String> inputs = new ArrayList<>();
        List<DeviceImages.Image> in = nvlinkInputs(g);
        for (int i = 0; i < in.size(); i++) inputs.add(inputName(i, in.get(i).binary()));
        return String.join(" ", nvlinkCommand(linker, g, "linked.cubin", inputs)) + "   # " + objects(g)
                + (ptx ? "; then a fat binary of linked.cubin and the PTX" : "");
    }

    /**
     * What nvlink links: each object's cubins (or fat binaries), and the PTX of objects that have
     * no cubin (nvlink compiles it); PTX that travels with a cubin is not linked twice.
     */
    private static List<DeviceImages.Image> nvlinkInputs(DeviceImages.Group g) {
        java.util.Set<String> withCode = new java.util.HashSet<>();
        for (DeviceImages.Image i : g.images()) if (i.binary().imageKind() != ImageKind.PTX) withCode.add(i.object());
        List<DeviceImages.Image> out = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) {
            if (i.binary().imageKind() == ImageKind.PTX && withCode.contains(i.object())) continue;
            out.add(i);
        }
        return out;
    }

    /** Whether the group's images are jvm device objects, linked here into a jar. */
    private static boolean jvm(DeviceImages.Group g) {
        jomp.toolchain.ToolChain tc = jomp.toolchain.ToolChains.device(g.triple());
        return tc != null && tc.codeGen() == jomp.toolchain.CodeGen.JVM;
    }

    /**
     * The device linker for a group of several images: --device-linker, else the target's own
     * (nvlink) where its ToolChain finds it (--cuda-path, else PATH, $CUDA_HOME/bin, /usr/local/cuda/bin), else null
     * (no CUDA installed, or a target such as the PTX simulator's whose images are never nvlinked).
     */
    public static String deviceLinker(DeviceImages.Group g, Options opts) {
        jomp.toolchain.ToolChain tc = jomp.toolchain.ToolChains.device(g.triple());
        if (tc != null && tc.deviceLinker() == null) return null;
        if (opts.deviceLinker() != null) return opts.deviceLinker();
        if (tc == null) return null;
        java.nio.file.Path p = tc.findProgram(tc.deviceLinker(), opts.cudaPath());
        return p == null ? null : p.toString();
    }

    /** The command line that links the images of a group: {@code nvlink -arch=<arch> -o <out> <inputs>}. */
    public static List<String> nvlinkCommand(String linker, DeviceImages.Group g, String output, List<String> inputs) {
        List<String> cmd = new ArrayList<>(List.of(linker));
        jomp.toolchain.ToolChain tc = jomp.toolchain.ToolChains.device(g.triple());
        if (tc == null || tc.deviceLinker() == null) tc = new jomp.toolchain.Nvptx();   // --device-linker for a triple jomp does not know: nvlink's words
        cmd.addAll(tc.deviceLinkArgs(g.arch(), output, inputs));
        return cmd;
    }

    /** Several nvptx images of one arch (or one relocatable cubin): written to temporary files and linked into one cubin by the device linker. */
    private static Linked nvlink(DeviceImages.Group g, Options opts) {
        String linker = deviceLinker(g, opts);
        if (linker == null) {
            throw new HostLinker.LinkError(g.describe() + ": linking the device code of several objects (" + String.join(", ", objectList(g))
                    + ") needs nvlink, which is not found (" + jomp.toolchain.CudaInstallation.searched(opts.cudaPath()) + "; name one with --device-linker=<path>)");
        }
        java.nio.file.Path dir = null;
        try {
            dir = java.nio.file.Files.createTempDirectory(Invocation.tempDir(), "jomp-nvlink-");
            List<String> inputs = new ArrayList<>();
            List<DeviceImages.Image> linked = nvlinkInputs(g);
            for (int i = 0; i < linked.size(); i++) {
                OffloadBinary b = linked.get(i).binary();
                java.nio.file.Path f = dir.resolve(inputName(i, b));
                java.nio.file.Files.write(f, b.image());
                inputs.add(f.toString());
            }
            String out = dir.resolve("linked.cubin").toString();
            List<String> cmd = nvlinkCommand(linker, g, out, inputs);
            jomp.toolchain.Programs.Result r = jomp.toolchain.Programs.run(cmd);
            String text = r.output().strip();
            int rc = r.status();
            for (int i = inputs.size() - 1; i >= 0; i--) text = text.replace(inputs.get(i), linked.get(i).object());
            if (rc != 0) {
                throw new HostLinker.LinkError(g.describe() + ": " + linker + " failed with exit status " + rc + (text.isEmpty() ? "" : ":\n" + text));
            }
            return new Linked(g.triple(), g.arch(), ImageKind.CUBIN, java.nio.file.Files.readAllBytes(java.nio.file.Path.of(out)));
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
        return "image" + i + "." + (b.imageKind() == ImageKind.PTX ? "ptx" : b.imageKind() == ImageKind.OBJECT ? "cubin"
                : b.imageKind() == ImageKind.FATBINARY ? "fatbin" : kindName(b.imageKind()));
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

    /** The kind of an nvptx image as the runtime gets it; kinds no plugin loads are an error naming the object. */
    private static ImageKind kind(DeviceImages.Group g, DeviceImages.Image i) {
        return switch (i.binary().imageKind()) {
            case ImageKind.PTX -> ImageKind.PTX;
            // ptxas's output: an ELF cubin, which clang (and jomp) package as kind "elf"
            case ImageKind.CUBIN, ImageKind.OBJECT -> ImageKind.CUBIN;
            case ImageKind.FATBINARY -> ImageKind.FATBINARY;
            default -> throw new HostLinker.LinkError(i.object() + ": " + g.describe()
                    + ": cannot link a device image of kind " + kindName(i.binary().imageKind()));
        };
    }

    private static String kindName(ImageKind kind) {
        String e = kind.extension();
        return e.isEmpty() ? String.valueOf(kind.value()) : e;
    }

    private static List<String> objectList(DeviceImages.Group g) {
        List<String> names = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) if (!names.contains(i.object())) names.add(i.object());
        return names;
    }

    static String objects(DeviceImages.Group g) {
        return String.join(" ", objectList(g));
    }

    /** Links the jvm device objects into a jar: classes, data image, and the entries index. */
    private static byte[] jvm(DeviceImages.Group g, jomp.linker.host.NativeLibraries natives) {
        List<HostLinker.Input> inputs = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) {
            if (i.binary().imageKind() != ImageKind.OBJECT) {
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
        DeviceEntries index = new DeviceEntries();
        for (HostLinker.Entry e : linked.entries()) {
            if (e.size() == 0) index.kernel(e.name(), e.owner(), e.method());
            else index.global(e.name(), e.offset(), e.size());
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> c : linked.classes().entrySet()) put(zip, c.getKey() + ".class", c.getValue());
            for (Map.Entry<String, byte[]> r : linked.resources().entrySet()) put(zip, r.getKey(), r.getValue());
            put(zip, DeviceEntries.RESOURCE, index.write());
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
