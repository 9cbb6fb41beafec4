package jomp.toolchain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.env.Invocation;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.nvptx.CudaArch;
import jomp.offload.abi.nvptx.Fatbinary;

/**
 * The device link of NVIDIA images (clang's NVPTX::Linker and clang-linker-wrapper's CUDA steps).
 * Several images need the device linker; a single PTX or executable cubin passes through, and a
 * single relocatable cubin (ptxas -c, what the driver makes) is linked by nvlink when it is
 * there, as clang-linker-wrapper does: the CUDA driver loads executable cubins, and nvlink
 * resolves the device library calls (malloc, free, vprintf) that ptxas -c leaves undefined. When
 * every object also carries the PTX its cubin came from (the driver packages both), the image is a
 * fat binary of the linked cubin and that PTX, as nvcc makes them: a GPU of the cubin's arch runs
 * the cubin, a newer one compiles the PTX, and the PTX simulator runs the PTX
 * (docs/design/ptxsim.md). Without nvlink (no CUDA), several PTX objects go into a fat binary
 * unlinked; the simulator links them when it loads it.
 */
final class NvptxDeviceLink implements DeviceLinker {
    private final String program;
    private final boolean named;

    /**
     * @param program the device linker the target finds (nvlink), or null when its images are never nvlinked
     * @param named whether --device-linker names the device linker for this target's images
     */
    NvptxDeviceLink(String program, boolean named) {
        this.program = program;
        this.named = named;
    }

    @Override
    public Linked link(List<Image> imgs, Context ctx) {
        for (Image i : imgs) kind(ctx, i);
        if (passesThrough(imgs, ctx))
            return new Linked(kind(ctx, imgs.get(0)), imgs.get(0).bytes());
        List<String> ptx = ptxOfEveryObject(imgs, ctx);
        String linker = deviceLinker(ctx);
        if (linker == null) {
            // no CUDA: several PTX objects go together in a fat binary, linked when it is loaded (the PTX simulator
            // does)
            if (ptx != null && imgs.stream().allMatch(i -> i.kind() == ImageKind.PTX))
                return new Linked(ImageKind.FATBINARY, fatbinary(ctx, null, ptx));
            return nvlink(imgs, ctx); // the error naming what is missing
        }
        byte[] cubin = nvlink(imgs, ctx).bytes();
        if (ptx == null) return new Linked(ImageKind.CUBIN, cubin);
        return new Linked(ImageKind.FATBINARY, fatbinary(ctx, cubin, ptx));
    }

    /** A single image that needs no device link: PTX, an executable cubin or a fat binary, or a relocatable cubin without nvlink. */
    private boolean passesThrough(List<Image> imgs, Context ctx) {
        if (imgs.size() != 1) return false;
        return !(relocatableCubin(imgs.get(0)) && deviceLinker(ctx) != null);
    }

    /**
     * The PTX texts of the group's objects in link order (each object's PTX image, or the PTX
     * inside its fat binary), or null when some object has none: then the PTX does not hold the
     * whole program and only the cubin goes into the image.
     */
    private static List<String> ptxOfEveryObject(List<Image> imgs, Context ctx) {
        Map<String, List<String>> byObject = new LinkedHashMap<>();
        for (Image i : imgs) {
            List<String> texts = byObject.computeIfAbsent(i.object(), k -> new ArrayList<>());
            if (i.kind() == ImageKind.PTX) texts.add(new String(i.bytes(), StandardCharsets.ISO_8859_1));
            else if (i.kind() == ImageKind.FATBINARY) {
                try {
                    texts.addAll(Fatbinary.ptx(i.bytes()));
                } catch (IllegalArgumentException e) {
                    throw new LinkError(i.object() + ": " + ctx.describe() + ": " + e.getMessage());
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
    private static byte[] fatbinary(Context ctx, byte[] cubin, List<String> ptx) {
        int sm = CudaArch.smOf(ctx.arch());
        List<Fatbinary.Entry> entries = new ArrayList<>();
        if (cubin != null) entries.add(new Fatbinary.Entry(Fatbinary.KIND_ELF, sm, cubin, false));
        for (String t : ptx) {
            CudaArch target = CudaArch.ofPtx(t);
            entries.add(new Fatbinary.Entry(
                    Fatbinary.KIND_PTX,
                    target != null ? target.sm() : sm,
                    t.getBytes(StandardCharsets.ISO_8859_1),
                    false));
        }
        return Fatbinary.write(entries);
    }

    /** ELF type ET_REL (1) for machine EM_CUDA (190): ptxas -c's output, which the driver cannot load unlinked. */
    static boolean relocatableCubin(Image i) {
        byte[] e = i.bytes();
        if (i.kind() != ImageKind.CUBIN && i.kind() != ImageKind.OBJECT) return false;
        if (e.length < 20 || e[0] != 0x7f || e[1] != 'E' || e[2] != 'L' || e[3] != 'F') return false;
        int type = (e[16] & 0xFF) | (e[17] & 0xFF) << 8, machine = (e[18] & 0xFF) | (e[19] & 0xFF) << 8;
        return type == 1 && machine == 190;
    }

    @Override
    public String describe(List<Image> imgs, Context ctx) {
        String linker = deviceLinker(ctx);
        if (passesThrough(imgs, ctx)) return "device image for " + ctx.describe() + " passes through: " + objects(imgs);
        boolean ptx = ptxOfEveryObject(imgs, ctx) != null;
        if (linker == null) {
            if (ptx && imgs.stream().allMatch(i -> i.kind() == ImageKind.PTX))
                return "device image for " + ctx.describe() + ": a fat binary of the PTX of " + objects(imgs)
                        + " (no nvlink: linked when loaded)";
            return "device link for " + ctx.describe() + " needs nvlink, which is not found ("
                    + CudaInstallation.searched(ctx.installPath()) + "): " + objects(imgs);
        }
        List<String> inputs = new ArrayList<>();
        List<Image> in = nvlinkInputs(imgs);
        for (int i = 0; i < in.size(); i++) inputs.add(inputName(i, in.get(i)));
        return String.join(" ", command(linker, ctx.arch(), "linked.cubin", inputs)) + "   # " + objects(imgs)
                + (ptx ? "; then a fat binary of linked.cubin and the PTX" : "");
    }

    /**
     * What nvlink links: each object's cubins (or fat binaries), and the PTX of objects that have
     * no cubin (nvlink compiles it); PTX that travels with a cubin is not linked twice.
     */
    private static List<Image> nvlinkInputs(List<Image> imgs) {
        Set<String> withCode = new HashSet<>();
        for (Image i : imgs) if (i.kind() != ImageKind.PTX) withCode.add(i.object());
        List<Image> out = new ArrayList<>();
        for (Image i : imgs) {
            if (i.kind() == ImageKind.PTX && withCode.contains(i.object())) continue;
            out.add(i);
        }
        return out;
    }

    /**
     * The device linker for a group of several images: --device-linker, else the target's own
     * (nvlink) where CUDA's installation has it (--cuda-path, else PATH, $CUDA_HOME/bin,
     * /usr/local/cuda/bin), else null (no CUDA installed, or a target such as the PTX simulator's
     * whose images are never nvlinked).
     */
    private String deviceLinker(Context ctx) {
        if (!named) return null;
        if (ctx.deviceLinker() != null) return ctx.deviceLinker();
        if (program == null) return null;
        Path p = CudaInstallation.find(program, ctx.installPath());
        return p == null ? null : p.toString();
    }

    /** nvlink's command line: {@code nvlink -arch=<arch> -o <out> <inputs>}. */
    static List<String> command(String linker, String arch, String output, List<String> inputs) {
        List<String> cmd = new ArrayList<>(List.of(linker));
        if (arch != null && !arch.isEmpty()) cmd.add("-arch=" + arch);
        cmd.addAll(List.of("-o", output));
        cmd.addAll(inputs);
        return cmd;
    }

    /** Several images of one arch (or one relocatable cubin): written to temporary files and linked into one cubin by the device linker. */
    private Linked nvlink(List<Image> imgs, Context ctx) {
        String linker = deviceLinker(ctx);
        if (linker == null) {
            throw new LinkError(ctx.describe() + ": linking the device code of several objects ("
                    + String.join(", ", DeviceLinker.objects(imgs)) + ") needs nvlink, which is not found ("
                    + CudaInstallation.searched(ctx.installPath()) + "; name one with --device-linker=<path>)");
        }
        Path dir = null;
        try {
            dir = Files.createTempDirectory(Invocation.tempDir(), "jomp-nvlink-");
            List<String> inputs = new ArrayList<>();
            List<Image> linked = nvlinkInputs(imgs);
            for (int i = 0; i < linked.size(); i++) {
                Path f = dir.resolve(inputName(i, linked.get(i)));
                Files.write(f, linked.get(i).bytes());
                inputs.add(f.toString());
            }
            String out = dir.resolve("linked.cubin").toString();
            Programs.Result r = Programs.run(command(linker, ctx.arch(), out, inputs));
            String text = r.output().strip();
            for (int i = inputs.size() - 1; i >= 0; i--)
                text = text.replace(inputs.get(i), linked.get(i).object());
            if (!r.ok()) {
                throw new LinkError(ctx.describe() + ": " + linker + " failed with exit status " + r.status()
                        + (text.isEmpty() ? "" : ":\n" + text));
            }
            return new Linked(ImageKind.CUBIN, Files.readAllBytes(Path.of(out)));
        } catch (IOException e) {
            throw new LinkError(ctx.describe() + ": cannot run the device linker " + linker + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LinkError(ctx.describe() + ": interrupted while running " + linker);
        } finally {
            if (dir != null) Programs.removeTempDir(dir);
        }
    }

    /** The temporary file name of the i-th image given to the device linker. */
    private static String inputName(int i, Image b) {
        return "image" + i + "."
                + (b.kind() == ImageKind.PTX
                        ? "ptx"
                        : b.kind() == ImageKind.OBJECT
                                ? "cubin"
                                : b.kind() == ImageKind.FATBINARY ? "fatbin" : DeviceLinker.kindName(b.kind()));
    }

    /** The kind of an image as the runtime gets it; kinds no plugin loads are an error naming the object. */
    private static ImageKind kind(Context ctx, Image i) {
        return switch (i.kind()) {
            case ImageKind.PTX -> ImageKind.PTX;
            // ptxas's output: an ELF cubin, which clang (and jomp) package as kind "elf"
            case ImageKind.CUBIN, ImageKind.OBJECT -> ImageKind.CUBIN;
            case ImageKind.FATBINARY -> ImageKind.FATBINARY;
            default ->
                throw new LinkError(i.object() + ": " + ctx.describe() + ": cannot link a device image of kind "
                        + DeviceLinker.kindName(i.kind()));
        };
    }

    private static String objects(List<Image> imgs) {
        return String.join(" ", DeviceLinker.objects(imgs));
    }
}
