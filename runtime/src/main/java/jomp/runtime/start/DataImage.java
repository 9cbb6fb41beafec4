package jomp.runtime.start;

import java.io.IOException;

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
     * As {@link #load(String, long[])}, reading the resource beside {@code owner} (its jar, or its
     * class loader; see {@link JarResource}): a device program, loaded by a device plugin, has its
     * own data image beside the host's.
     */
    public static long load(Class<?> owner, String name, long[] handles) {
        byte[] image;
        try {
            image = JarResource.read(owner, name);
        } catch (IOException e) {
            throw new IllegalStateException("jomp: cannot read the data image: " + e.getMessage(), e);
        }
        if (image == null) throw new IllegalStateException("jomp: the executable lacks its data image " + name);
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
        // addresses of native globals and functions: the libraries' symbols, found now (as ld.so's relocations)
        int nativeRelocs = at + 4 <= image.length ? getInt(image, at) : 0;
        at += 4;
        for (int i = 0; i < nativeRelocs; i++) {
            long where = getLong(image, at);
            at += 8;
            int n = (image[at] & 0xff) << 8 | image[at + 1] & 0xff;
            String lib = new String(image, at + 2, n, java.nio.charset.StandardCharsets.UTF_8);
            at += 2 + n;
            n = (image[at] & 0xff) << 8 | image[at + 1] & 0xff;
            String symbol = new String(image, at + 2, n, java.nio.charset.StandardCharsets.UTF_8);
            at += 2 + n;
            long addend = getLong(image, at);
            at += 8;
            Mem.putLong(base + where, jomp.runtime.ffi.NativeWorld.symbol(lib, symbol) + addend);
        }
        return base;
    }

    /** Big-endian, as the linker's DataOutputStream wrote them. */
    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | b[at + 3] & 0xff;
    }

    private static long getLong(byte[] b, int at) {
        return (long) getInt(b, at) << 32 | getInt(b, at + 4) & 0xffffffffL;
    }
}
