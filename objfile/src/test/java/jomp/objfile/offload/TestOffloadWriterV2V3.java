package jomp.objfile.offload;

import io.airlift.compress.v3.zstd.ZstdJavaCompressor;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import jomp.objfile.ByteWriter;

/**
 * Test-only writer of OffloadBinary versions 2 and 3 as docs/formats.md describes them:
 * several 40-byte entries per header, 24-byte string entries (key offset, value offset, value size),
 * and for v3 a 40-byte header whose last field is the inflated size of the compressed payload.
 */
final class TestOffloadWriterV2V3 {
    enum Compression {
        NONE,
        ZLIB,
        ZSTD
    }

    static byte[] writeV2(List<OffloadBinary> entries) {
        return body(2, 32, entries);
    }

    static byte[] writeV3(List<OffloadBinary> entries, Compression compression) {
        byte[] plain = body(3, 40, entries);
        if (compression == Compression.NONE) {
            return plain;
        }
        byte[] payload = java.util.Arrays.copyOfRange(plain, 40, plain.length);
        byte[] packed = compression == Compression.ZLIB ? zlib(payload) : zstd(payload);
        ByteWriter out = new ByteWriter();
        out.bytes(java.util.Arrays.copyOf(plain, 40));
        out.bytes(packed);
        byte[] bytes = out.toByteArray();
        // exact stored size, inflated size of everything after the header
        ByteWriter fix = new ByteWriter();
        fix.u64(bytes.length);
        System.arraycopy(fix.toByteArray(), 0, bytes, 8, 8);
        ByteWriter infl = new ByteWriter();
        infl.u64(payload.length);
        System.arraycopy(infl.toByteArray(), 0, bytes, 32, 8);
        return bytes;
    }

    private static byte[] body(int version, int headerSize, List<OffloadBinary> entries) {
        // layout: header, entries, string entries, strings, images (each 8-aligned)
        long entryTable = headerSize;
        long stringEntries = entryTable + 40L * entries.size();
        int totalStrings = 0;
        for (OffloadBinary b : entries) {
            totalStrings += b.strings().size();
        }
        long stringsAt = stringEntries + 24L * totalStrings;
        ByteArrayOutputStream strings = new ByteArrayOutputStream();
        ByteWriter stringEntryBytes = new ByteWriter();
        long[] firstString = new long[entries.size()];
        int k = 0;
        for (OffloadBinary b : entries) {
            firstString[k++] = stringEntries + stringEntryBytes.position();
            for (Map.Entry<String, String> e : b.strings().entrySet()) {
                long key = stringsAt + strings.size();
                strings.writeBytes((e.getKey() + "\0").getBytes(StandardCharsets.UTF_8));
                byte[] value = e.getValue().getBytes(StandardCharsets.UTF_8);
                long valueAt = stringsAt + strings.size();
                strings.writeBytes(value);
                stringEntryBytes.u64(key).u64(valueAt).u64(value.length);
            }
        }
        long imagesAt = OffloadBinaryWriter.align(stringsAt + strings.size());
        long[] imageAt = new long[entries.size()];
        long at = imagesAt;
        for (int i = 0; i < entries.size(); i++) {
            imageAt[i] = at;
            at = OffloadBinaryWriter.align(at + entries.get(i).image().length);
        }
        ByteWriter out = new ByteWriter();
        out.u8(0x10)
                .u8(0xFF)
                .u8(0x10)
                .u8(0xAD)
                .u32(version)
                .u64(at)
                .u64(entryTable)
                .u64(40L * entries.size());
        if (headerSize == 40) {
            out.u64(0);
        }
        for (int i = 0; i < entries.size(); i++) {
            OffloadBinary b = entries.get(i);
            out.u16(b.imageKind().value())
                    .u16(b.offloadKind())
                    .u32(b.flags())
                    .u64(firstString[i])
                    .u64(b.strings().size())
                    .u64(imageAt[i])
                    .u64(b.image().length);
        }
        out.bytes(stringEntryBytes.toByteArray());
        out.bytes(strings.toByteArray());
        out.align(8);
        for (OffloadBinary b : entries) {
            out.bytes(b.image());
            out.align(8);
        }
        return out.toByteArray();
    }

    private static byte[] zlib(byte[] data) {
        Deflater d = new Deflater();
        d.setInput(data);
        d.finish();
        byte[] buf = new byte[data.length + 64];
        int n = d.deflate(buf);
        d.end();
        return java.util.Arrays.copyOf(buf, n);
    }

    private static byte[] zstd(byte[] data) {
        ZstdJavaCompressor c = new ZstdJavaCompressor();
        byte[] buf = new byte[c.maxCompressedLength(data.length)];
        int n = c.compress(data, 0, data.length, buf, 0, buf.length);
        return java.util.Arrays.copyOf(buf, n);
    }
}
