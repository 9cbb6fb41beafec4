package jomp.linker.offload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jomp.frontend.ir.IrLinker;
import jomp.frontend.ir.Module;
import jomp.frontend.jvm.HostObjectWriter;
import jomp.frontend.jvm.JvmBackend;
import jomp.frontend.nvptx.PtxBackend;
import jomp.frontend.nvptx.PtxException;
import jomp.linker.host.HostLinker;
import jomp.offload.abi.ImageKind;
import jomp.env.CudaTools;
import jomp.env.Invocation;
import jomp.objfile.offload.OffloadBinary;

/**
 * Device code compiled with -foffload-lto arrives as jomp IR (image kind "none", text starting
 * with {@code ; jomp IR}): the IR of all objects of a group is linked into one module
 * ({@link IrLinker}) and code-generated here, as clang-linker-wrapper runs LTO on device
 * bitcode: PTX for nvptx64, assembled by ptxas into a cubin when ptxas is found (else the PTX is
 * the image, compiled by the CUDA driver at load); jomp classes for the jvm device. The result
 * replaces the IR images in the group, and the device link goes on as without LTO.
 */
public final class DeviceLto {
    private DeviceLto() {}

    private static final byte[] MAGIC = "; jomp IR".getBytes(StandardCharsets.US_ASCII);

    /** Is this image jomp IR (the device output of an -foffload-lto compile)? */
    public static boolean isIr(OffloadBinary b) {
        byte[] img = b.image();
        if (b.imageKind() != ImageKind.NONE || img.length < MAGIC.length) return false;
        for (int i = 0; i < MAGIC.length; i++) if (img[i] != MAGIC[i]) return false;
        return true;
    }

    /** What {@link #lower} will do for a group, for --dry-run and --wrapper-verbose; null if it has no IR. */
    public static String describe(DeviceImages.Group g) {
        List<String> objects = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) if (isIr(i.binary())) objects.add(i.object());
        if (objects.isEmpty()) return null;
        String codegen = DeviceLink.JVM_TRIPLE.equals(g.triple()) ? "jvm classes"
                : "PTX for " + g.arch() + (ptxas() == null ? " (no ptxas: the PTX is the image)" : ", then " + ptxas() + " into a cubin");
        return "LTO for " + g.describe() + ": IR link of " + String.join(" ", objects) + ", then " + codegen;
    }

    /** The group with its IR images replaced by the one image made from their link. */
    public static DeviceImages.Group lower(DeviceImages.Group g) {
        List<IrLinker.Unit> units = new ArrayList<>();
        List<DeviceImages.Image> rest = new ArrayList<>();
        List<String> objects = new ArrayList<>();
        for (DeviceImages.Image i : g.images()) {
            if (isIr(i.binary())) {
                units.add(new IrLinker.Unit(i.object(), new String(i.binary().image(), StandardCharsets.ISO_8859_1)));
                objects.add(i.object());
            } else {
                rest.add(i);
            }
        }
        if (units.isEmpty()) return g;
        Module m;
        try {
            m = IrLinker.link(units);
        } catch (IrLinker.LinkException e) {
            throw new HostLinker.LinkError(g.describe() + ": " + e.getMessage());
        }
        OffloadBinary first = g.images().get(0).binary();
        ImageKind kind;
        byte[] image;
        String ptxText = null;
        if (DeviceLink.JVM_TRIPLE.equals(g.triple())) {
            kind = ImageKind.OBJECT;
            image = HostObjectWriter.write(m, JvmBackend.compile(m), null);
        } else {
            String ptx;
            try {
                ptx = PtxBackend.compile(m, g.arch().isEmpty() ? "sm_75" : g.arch());
            } catch (PtxException e) {
                throw new HostLinker.LinkError(g.describe() + ": " + String.join(" ", objects) + ": " + e.getMessage());
            }
            ptxText = ptx;
            String ptxas = ptxas();
            if (ptxas == null) {
                kind = ImageKind.PTX;
                image = ptx.getBytes(StandardCharsets.ISO_8859_1);
            } else {
                kind = ImageKind.OBJECT;
                image = assemble(g, objects, ptxas, ptx);
            }
        }
        OffloadBinary linked = new OffloadBinary(kind, first.offloadKind(), first.flags(), first.strings(), image);
        List<DeviceImages.Image> images = new ArrayList<>();
        images.add(new DeviceImages.Image(String.join(" ", objects), linked));
        if (kind == ImageKind.OBJECT && !DeviceLink.JVM_TRIPLE.equals(g.triple())) {
            // the PTX travels with the cubin (DeviceLink makes them one fat binary)
            images.add(new DeviceImages.Image(String.join(" ", objects), new OffloadBinary(ImageKind.PTX, first.offloadKind(), first.flags(),
                    first.strings(), ptxText.getBytes(StandardCharsets.ISO_8859_1))));
        }
        images.addAll(rest);
        return new DeviceImages.Group(g.triple(), g.arch(), images);
    }

    /** ptxas as the driver finds it (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin); null if none. */
    static String ptxas() {
        Path p = CudaTools.findPtxas(null);
        return p == null ? null : p.toString();
    }

    private static byte[] assemble(DeviceImages.Group g, List<String> objects, String ptxas, String ptx) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory(Invocation.tempDir(), "jomp-lto-");
            Path in = dir.resolve("linked.ptx"), out = dir.resolve("linked.cubin");
            Files.writeString(in, ptx, StandardCharsets.ISO_8859_1);
            List<String> cmd = List.of(ptxas, "-m64", "-O3", "--gpu-name", g.arch().isEmpty() ? "sm_75" : g.arch(),
                    "--output-file", out.toString(), in.toString(), "-c");
            Process p = Invocation.processBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            int rc = p.waitFor();
            if (rc != 0) {
                throw new HostLinker.LinkError(g.describe() + ": ptxas failed on the LTO output of " + String.join(" ", objects)
                        + " (exit status " + rc + ")" + (text.isEmpty() ? "" : ":\n" + text));
            }
            return Files.readAllBytes(out);
        } catch (IOException e) {
            throw new HostLinker.LinkError(g.describe() + ": cannot run " + ptxas + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostLinker.LinkError(g.describe() + ": interrupted while running " + ptxas);
        } finally {
            if (dir != null) DeviceLink.deleteTree(dir);
        }
    }
}
