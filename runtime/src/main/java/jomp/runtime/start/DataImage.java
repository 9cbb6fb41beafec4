package jomp.runtime.start;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import jomp.runtime.mem.Mem;

/**
 * Loads the program's data image (the merged .rodata, .data and .bss of every object) into native
 * memory and applies its relocations, as a dynamic loader applies R_X86_64_RELATIVE: each
 * relocation writes base + target offset (a data address) or a function handle into an 8-byte slot.
 * The image is a resource the host link wrote: sizes, initialised bytes, then relocations.
 */
public final class DataImage {
    private DataImage() {}

    /**
     * Loads resource {@code name} and returns the image's base address. {@code handles} are the
     * values of the registered function handles, indexed as the function relocations index them.
     */
    public static long load(String name, long[] handles) { return load(DataImage.class, name, handles); }

    /**
     * As {@link #load(String, long[])}, reading the resource through {@code owner}'s class loader: a
     * device program, loaded by a device plugin, has its own data image beside the host's.
     */
    public static long load(Class<?> owner, String name, long[] handles) {
        byte[] image = fromJar(owner, name);
        if (image == null) image = fromResource(owner, name);
        int at = 0;
        long total = getLong(image, at);        // bytes of the whole image, .bss included
        int initialised = getInt(image, at + 8); // leading bytes that have contents
        long align = getLong(image, at + 12);
        at += 20;
        long base = Mem.permanent(total, Math.max(align, 16));
        Mem.copyFromArray(image, at, base, initialised);
        at += initialised;
        int addrRelocs = getInt(image, at);
        at += 4;
        for (int i = 0; i < addrRelocs; i++, at += 16)
            Mem.putLong(base + getLong(image, at), base + getLong(image, at + 8));
        int funcRelocs = getInt(image, at);
        at += 4;
        for (int i = 0; i < funcRelocs; i++, at += 20)
            Mem.putLong(base + getLong(image, at), handles[getInt(image, at + 8)] + getLong(image, at + 12));
        return base;
    }

    /**
     * The entry read straight from the jar {@code owner} came from, or null where it did not come
     * from a jar file. Cheaper at start-up than the class loader's resource lookup, which searches
     * the JDK's modules first and reads through a jar: URL connection (together some milliseconds).
     */
    private static byte[] fromJar(Class<?> owner, String name) {
        if (!name.startsWith("/")) return null;
        try {
            var source = owner.getProtectionDomain().getCodeSource();
            java.net.URL location = source == null ? null : source.getLocation();
            if (location == null || !"file".equals(location.getProtocol())) return null;
            java.io.File file = new java.io.File(location.toURI());
            if (!file.isFile()) return null;
            try (ZipFile jar = new ZipFile(file)) {  // the class loader's open jar is shared, not read again
                ZipEntry entry = jar.getEntry(name.substring(1));
                if (entry == null) return null;
                try (InputStream in = jar.getInputStream(entry)) { return in.readAllBytes(); }
            }
        } catch (IOException | java.net.URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;  // the class loader's way below
        }
    }

    private static byte[] fromResource(Class<?> owner, String name) {
        try (InputStream raw = owner.getResourceAsStream(name)) {
            if (raw == null) throw new IllegalStateException("jomp: the executable lacks its data image " + name);
            return raw.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException("jomp: cannot read the data image: " + e.getMessage(), e);
        }
    }

    /** Big-endian, as the linker's DataOutputStream wrote them. */
    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | b[at + 3] & 0xff;
    }

    private static long getLong(byte[] b, int at) {
        return (long) getInt(b, at) << 32 | getInt(b, at + 4) & 0xffffffffL;
    }
}
