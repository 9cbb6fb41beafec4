package jomp.toolchain;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipOutputStream;
import jomp.offload.abi.DeviceEntries;
import jomp.offload.abi.ImageKind;

/**
 * The device link of a host-like device (the jvm device): its images are jomp objects, linked as
 * a host program is, without a main, into the jar its plugin loads: classes, data image and the
 * entries index (offload-abi.md §6).
 */
final class JvmDeviceLink implements DeviceLinker {
    @Override
    public Linked link(List<Image> images, Context ctx) {
        for (Image i : images) {
            if (i.kind() != ImageKind.OBJECT) {
                throw new LinkError(ctx.triple() + ": " + i.object() + ": device image of kind "
                        + DeviceLinker.kindName(i.kind()) + ", expected a jomp object");
            }
        }
        HostLinked linked;
        try {
            linked = ctx.hostLink(images);
        } catch (LinkError e) {
            throw new LinkError(ctx.triple() + ": " + e.getMessage().replace("\n", "\n" + ctx.triple() + ": "));
        }
        DeviceEntries index = new DeviceEntries();
        for (HostLinked.Entry e : linked.entries()) {
            if (e.size() == 0) index.kernel(e.name(), e.owner(), e.method());
            else index.global(e.name(), e.offset(), e.size());
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (Map.Entry<String, byte[]> c : linked.classes().entrySet())
                put(zip, ctx, c.getKey() + ".class", c.getValue());
            for (Map.Entry<String, byte[]> r : linked.resources().entrySet()) put(zip, ctx, r.getKey(), r.getValue());
            put(zip, ctx, DeviceEntries.RESOURCE, index.write());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Linked(ImageKind.JVM_CLASSES, bytes.toByteArray());
    }

    @Override
    public String describe(List<Image> images, Context ctx) {
        return "device link for " + ctx.describe() + ": " + String.join(" ", DeviceLinker.objects(images));
    }

    private static void put(ZipOutputStream zip, Context ctx, String name, byte[] data) throws IOException {
        zip.putNextEntry(ctx.jarEntry(name)); // the same inputs give the same bytes
        zip.write(data);
        zip.closeEntry();
    }
}
