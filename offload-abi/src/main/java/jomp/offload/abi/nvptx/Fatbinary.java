package jomp.offload.abi.nvptx;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * CUDA's fat binary container, as NVIDIA's {@code fatbinary} writes it (uncompressed): a 16-byte
 * header (magic 0xBA55ED50, version 1, header size, size of the entries) and entries, each a
 * header (kind 1 PTX / 2 ELF cubin, the sm number, the PTX ISA version) and its payload, padded
 * to 8 bytes (PTX text NUL-terminated). The CUDA driver loads such a file as a module and picks
 * the cubin of its GPU's arch, else compiles the PTX; the PTX simulator runs the PTX. The
 * linker-wrapper writes them (a cubin with the PTX it was made from); CUDA's own tools read them
 * (nvlink, cuobjdump).
 */
public final class Fatbinary {
    private Fatbinary() {}

    public static final int MAGIC = 0xBA55ED50;
    public static final int KIND_PTX = 1, KIND_ELF = 2;
    private static final int FLAG_64BIT_LINUX = 0x11, FLAG_COMPRESSED = 0x2000, FLAG_COMPRESSED_ZSTD = 0x8000;

    /** One entry: its kind, the sm number it is for, its bytes (PTX without the padding NULs), whether they are compressed. */
    public record Entry(int kind, int sm, byte[] payload, boolean compressed) {
        /** The PTX text of a PTX entry. */
        public String text() {
            return new String(payload, StandardCharsets.ISO_8859_1);
        }
    }

    public static boolean isFatbinary(byte[] b) {
        return b.length >= 16
                && ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(0) == MAGIC;
    }

    /** The entries of a fat binary; an IllegalArgumentException when it is not one or is cut short. */
    public static List<Entry> read(byte[] b) {
        if (!isFatbinary(b)) throw new IllegalArgumentException("not a CUDA fat binary (bad magic)");
        ByteBuffer in = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int headerSize = in.getShort(6) & 0xFFFF;
        long size = in.getLong(8);
        if (headerSize < 16 || headerSize + size > b.length) throw new IllegalArgumentException("fat binary cut short");
        List<Entry> out = new ArrayList<>();
        long p = headerSize, end = headerSize + size;
        while (p + 32 <= end) {
            int at = (int) p;
            int kind = in.getShort(at) & 0xFFFF;
            int ehs = in.getInt(at + 4);
            long payload = in.getLong(at + 8);
            if (ehs < 32 || at + ehs + payload > end) throw new IllegalArgumentException("fat binary entry cut short");
            int sm = ehs >= 32 ? in.getInt(at + 28) : 0;
            long flags = ehs >= 48 ? in.getLong(at + 40) : 0;
            boolean compressed = (flags & (FLAG_COMPRESSED | FLAG_COMPRESSED_ZSTD)) != 0;
            byte[] data = new byte[(int) payload];
            System.arraycopy(b, at + ehs, data, 0, data.length);
            if (kind == KIND_PTX && !compressed) {
                int n = data.length;
                while (n > 0 && data[n - 1] == 0) n--;
                data = java.util.Arrays.copyOf(data, n);
            }
            out.add(new Entry(kind, sm, data, compressed));
            p = at + ehs + payload;
        }
        return out;
    }

    /** The PTX texts a fat binary holds (uncompressed ones; compressed PTX is not read). */
    public static List<String> ptx(byte[] b) {
        List<String> out = new ArrayList<>();
        for (Entry e : read(b)) if (e.kind() == KIND_PTX && !e.compressed()) out.add(e.text());
        return out;
    }

    /** A fat binary of the entries (uncompressed), with the header fields NVIDIA's fatbinary writes. */
    public static byte[] write(List<Entry> entries) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (Entry e : entries) {
            boolean ptx = e.kind() == KIND_PTX;
            int ehs = ptx ? 80 : 64;
            int padded = ptx ? (e.payload().length + 1 + 7) & ~7 : (e.payload().length + 7) & ~7;
            ByteBuffer h = ByteBuffer.allocate(ehs).order(ByteOrder.LITTLE_ENDIAN);
            h.putShort(0, (short) e.kind());
            h.putShort(2, (short) 0x0101);
            h.putInt(4, ehs);
            h.putLong(8, padded);
            h.putInt(20, ptx ? 0x40 : 0);
            int[] version = ptx ? ptxVersion(e.text()) : new int[] {1, 8};
            h.putShort(24, (short) version[1]);
            h.putShort(26, (short) version[0]);
            h.putInt(28, e.sm());
            h.putLong(40, FLAG_64BIT_LINUX);
            if (ptx) h.putLong(64, 0x48);
            body.writeBytes(h.array());
            body.writeBytes(e.payload());
            body.writeBytes(new byte[padded - e.payload().length]);
        }
        ByteBuffer head = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
        head.putInt(0, MAGIC);
        head.putShort(4, (short) 1);
        head.putShort(6, (short) 16);
        head.putLong(8, body.size());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.array());
        out.writeBytes(body.toByteArray());
        return out.toByteArray();
    }

    /** {major, minor} of a PTX text's .version directive (7.8 when it has none). */
    static int[] ptxVersion(String ptx) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^\\s*\\.version\\s+(\\d+)\\.(\\d+)")
                .matcher(ptx.substring(0, Math.min(ptx.length(), 8192)));
        return m.find() ? new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))} : new int[] {7, 8};
    }
}
