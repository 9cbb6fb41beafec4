package jomp.objfile.offload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jomp.objfile.ByteWriter;

/**
 * Writes OffloadBinary version 1 exactly as LLVM 19's OffloadBinary::write does: header (32 bytes),
 * one entry (40), string entries (16 each), the string table, padding to 8, the image, padding to 8.
 */
public final class OffloadBinaryWriter {
    private OffloadBinaryWriter() {}

    public static final int VERSION = 1;
    static final int HEADER_SIZE = 32;
    static final int ENTRY_SIZE = 40;

    public static byte[] write(OffloadBinary binary) {
        ByteWriter out = new ByteWriter();
        write(binary, out);
        return out.toByteArray();
    }

    /** Several binaries back to back, each 8-aligned, as they sit in a {@code .llvm.offloading} section. */
    public static byte[] writeAll(List<OffloadBinary> binaries) {
        ByteWriter out = new ByteWriter();
        for (OffloadBinary b : binaries) {
            write(b, out);
        }
        return out.toByteArray();
    }

    private static void write(OffloadBinary binary, ByteWriter out) {
        Map<String, String> strings = binary.strings();
        List<String> all = new ArrayList<>();
        for (Map.Entry<String, String> e : strings.entrySet()) {
            all.add(e.getKey());
            all.add(e.getValue());
        }
        StringTableBuilder table = new StringTableBuilder(all);
        byte[] tableBytes = table.bytes();
        long stringEntries = 16L * strings.size();
        long imageOffset = align(HEADER_SIZE + ENTRY_SIZE + stringEntries + tableBytes.length);
        long size = align(imageOffset + binary.image().length);

        int start = out.position();
        out.u8(0x10)
                .u8(0xFF)
                .u8(0x10)
                .u8(0xAD)
                .u32(VERSION)
                .u64(size)
                .u64(HEADER_SIZE)
                .u64(ENTRY_SIZE);
        out.u16(binary.imageKind().value())
                .u16(binary.offloadKind())
                .u32(binary.flags())
                .u64(HEADER_SIZE + ENTRY_SIZE)
                .u64(strings.size())
                .u64(imageOffset)
                .u64(binary.image().length);
        long tableOffset = HEADER_SIZE + ENTRY_SIZE + stringEntries;
        for (Map.Entry<String, String> e : strings.entrySet()) {
            out.u64(tableOffset + table.offset(e.getKey())).u64(tableOffset + table.offset(e.getValue()));
        }
        out.bytes(tableBytes);
        out.align(OffloadBinary.ALIGNMENT);
        out.bytes(binary.image());
        out.align(OffloadBinary.ALIGNMENT);
        assert out.position() - start == size;
    }

    static long align(long n) {
        return (n + 7) & ~7L;
    }
}
