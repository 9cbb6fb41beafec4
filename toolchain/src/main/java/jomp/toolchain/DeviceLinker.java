package jomp.toolchain;

import java.util.List;
import java.util.Map;
import jomp.offload.abi.ImageKind;

/**
 * How a target links the device images of one group (triple, arch) into the image the runtime
 * loads (clang's {@code ToolChain::buildLinker}, the device link of clang-linker-wrapper): the
 * linker-wrapper collects and groups the images and hands each group to its target's linker.
 */
public interface DeviceLinker {
    /** One image of the group: the object it came from, its kind and bytes. */
    record Image(String object, ImageKind kind, byte[] bytes) {}

    /** The image the runtime gets. */
    record Linked(ImageKind kind, byte[] bytes) {}

    /** A host link's result for a host-like device: classes, resources, and the entries (kernels, globals). */
    record HostLinked(Map<String, byte[]> classes, Map<String, byte[]> resources, List<Entry> entries) {
        /** A kernel (size 0: its class and method) or a global (its offset and size in the data image). */
        public record Entry(String name, String owner, String method, long offset, long size) {}
    }

    /** What the linker-wrapper gives a link. */
    interface Context {
        /** The group's triple. */
        String triple();

        /** The group's arch ("" for none). */
        String arch();

        /** How messages name the group. */
        String describe();

        /** --device-linker: the program the user named, or null. */
        String deviceLinker();

        /** The user's choice of installation (--cuda-path), or null. */
        String installPath();

        /**
         * Links jomp objects as the host link does, without a main: what a host-like device's images
         * need (the jvm device's). Errors are {@link LinkError}s without the group's name.
         */
        HostLinked hostLink(List<Image> objects);

        /** An entry of a jar the link writes, with the one time the link's outputs record (the same inputs give the same bytes). */
        java.util.zip.ZipEntry jarEntry(String name);
    }

    Linked link(List<Image> images, Context ctx);

    /** What {@link #link} does for a group, as --dry-run and --wrapper-verbose print it (temporary files by their short names). */
    String describe(List<Image> images, Context ctx);

    /** A link that cannot be made: the message says what and names the group. */
    final class LinkError extends RuntimeException {
        public LinkError(String message) {
            super(message);
        }
    }

    /** An image kind as messages name it: its file extension, else its number. */
    static String kindName(ImageKind kind) {
        String e = kind.extension();
        return e.isEmpty() ? String.valueOf(kind.value()) : e;
    }

    /** The objects of the images, each once, in order. */
    static List<String> objects(List<Image> images) {
        List<String> names = new java.util.ArrayList<>();
        for (Image i : images) if (!names.contains(i.object())) names.add(i.object());
        return names;
    }
}
