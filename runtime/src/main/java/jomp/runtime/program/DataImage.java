package jomp.runtime.program;

import java.io.IOException;
import jomp.runtime.mem.Mem;
import jomp.runtime.start.JarResource;

/**
 * Loads the program's data image (the merged .rodata, .data and .bss of every object) into native
 * memory and applies its relocations, as a dynamic loader applies R_X86_64_RELATIVE: each
 * relocation writes base + target offset (a data address) or a function handle into an 8-byte slot.
 * The image is a resource the host link wrote: sizes, initialised bytes, then relocations.
 */
public final class DataImage {
    private DataImage() {}

    /**
     * Loads resource {@code name}, read beside {@code owner} (its jar, or its class loader; see
     * {@link JarResource}: a device program, loaded by a device plugin, has its own data image
     * beside the host's), and returns {base, read-only base}: image offset o is at base + o,
     * except in the read-only part (the first bytes, a page multiple, holding the .rodata without
     * relocations), which is at read-only base + o. {@code handles} are the values of the
     * registered function handles, indexed as the function relocations index them.
     *
     * <p>The executable carries the read-only part as a read-only segment of its launcher, which
     * the JVM preloaded; the launcher passes its address in {@code jomp.rodata}. When it holds
     * this image's bytes, the program uses it, so that writing to a string literal or a const
     * object faults as in C; otherwise (a device program, the jar run by {@code java -jar}) the
     * part is an ordinary copy like the rest.
     */
    public static long[] load(Class<?> owner, String name, long[] handles) {
        byte[] image;
        try {
            image = JarResource.read(owner, name);
        } catch (IOException e) {
            throw new IllegalStateException("jomp: cannot read the data image: " + e.getMessage(), e);
        }
        if (image == null) throw new IllegalStateException("jomp: the executable lacks its data image " + name);
        int at = 0;
        long total = getLong(image, at); // bytes of the whole image, .bss included
        int initialised = getInt(image, at + 8); // leading bytes that have contents
        long align = getLong(image, at + 12);
        long readOnly = getLong(image, at + 20); // the read-only part's length
        at += 28;
        long rodata = readOnly > 0 ? mapped(owner, image, at, (int) readOnly) : 0;
        long base;
        if (rodata != 0) {
            // the rest alone; base is where offset 0 would be, so base + o holds for it
            long rest = Mem.permanent(total - readOnly, Math.max(align, 16));
            base = rest - readOnly;
            Mem.copyFromArray(image, at + (int) readOnly, rest, initialised - (int) readOnly);
        } else {
            base = rodata = Mem.permanent(total, Math.max(align, 16));
            Mem.copyFromArray(image, at, base, initialised);
        }
        at += initialised;
        int addrRelocs = getInt(image, at);
        at += 4;
        for (int i = 0; i < addrRelocs; i++, at += 16) {
            long target = getLong(image, at + 8);
            Mem.putLong(base + getLong(image, at), (target < readOnly ? rodata : base) + target);
        }
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
        return new long[] {base, rodata};
    }

    /** The launcher's read-only copy of image[at, at + length), or 0 when there is none (or it holds other bytes). */
    private static long mapped(Class<?> owner, byte[] image, int at, int length) {
        String p = System.getProperty("jomp.rodata");
        if (p == null || owner.getClassLoader() != ClassLoader.getSystemClassLoader()) return 0;
        long a;
        try {
            a = Long.parseUnsignedLong(p, 16);
        } catch (NumberFormatException e) {
            return 0;
        }
        if (a == 0) return 0;
        byte[] chunk = new byte[Math.min(length, 1 << 16)];
        for (int done = 0; done < length; done += chunk.length) {
            int n = Math.min(chunk.length, length - done);
            Mem.copyToArray(a + done, chunk, 0, n);
            if (!java.util.Arrays.equals(chunk, 0, n, image, at + done, at + done + n)) return 0;
        }
        return a;
    }

    /** Big-endian, as the linker's DataOutputStream wrote them. */
    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | b[at + 3] & 0xff;
    }

    private static long getLong(byte[] b, int at) {
        return (long) getInt(b, at) << 32 | getInt(b, at + 4) & 0xffffffffL;
    }
}
