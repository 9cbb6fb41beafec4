package jomp.runtime.start;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;

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
        try (InputStream raw = owner.getResourceAsStream(name)) {
            if (raw == null) throw new IllegalStateException("jomp: the executable lacks its data image " + name);
            DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(raw));
            long total = in.readLong();        // bytes of the whole image, .bss included
            int initialised = in.readInt();    // leading bytes that have contents
            long align = in.readLong();
            long base = Mem.permanent(total, Math.max(align, 16));
            byte[] bytes = in.readNBytes(initialised);
            Mem.copyFromArray(bytes, 0, base, bytes.length);
            int addrRelocs = in.readInt();
            for (int i = 0; i < addrRelocs; i++) {
                long at = in.readLong();
                long target = in.readLong();
                Mem.putLong(base + at, base + target);
            }
            int funcRelocs = in.readInt();
            for (int i = 0; i < funcRelocs; i++) {
                long at = in.readLong();
                int fn = in.readInt();
                long addend = in.readLong();
                Mem.putLong(base + at, handles[fn] + addend);
            }
            return base;
        } catch (IOException e) {
            throw new IllegalStateException("jomp: cannot read the data image: " + e.getMessage(), e);
        }
    }
}
