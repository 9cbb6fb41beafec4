package jomp.objfile.offload;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.objfile.ByteReader;
import jomp.objfile.FormatException;
import jomp.offload.abi.ImageKind;

/**
 * Reads OffloadBinary containers, versions 1, 2 and 3 (layouts in docs/formats.md). A buffer may
 * hold several binaries back to back, each starting 8-aligned. Every offset, size and count is
 * checked against the real length before use; bad input is a {@link FormatException}.
 */
public final class OffloadBinaryReader {
    private OffloadBinaryReader() {}

    /** Upper bound on a v3 payload's inflated size relative to its compressed size (guards memory). */
    static final long MAX_RATIO = 4096;

    /** True when {@code data} starts with the OffloadBinary magic bytes 10 FF 10 AD. */
    public static boolean isOffloadBinary(byte[] data) {
        return data.length >= 4
                && data[0] == 0x10
                && (data[1] & 0xFF) == 0xFF
                && data[2] == 0x10
                && (data[3] & 0xFF) == 0xAD;
    }

    /** All images in {@code section}: binaries back to back, a v2/v3 binary giving one image per entry. */
    public static List<OffloadBinary> readAll(String file, byte[] section) {
        ByteReader in = new ByteReader(file, section);
        List<OffloadBinary> out = new ArrayList<>();
        long offset = 0;
        while (offset < section.length) {
            long size = readOne(in, offset, out);
            offset = offset + ((size + 7) & ~7L);
        }
        return out;
    }

    /** The single binary in {@code data}; more than one image is an error. */
    public static OffloadBinary read(String file, byte[] data) {
        List<OffloadBinary> all = readAll(file, data);
        if (all.size() != 1) {
            throw new FormatException(file, "expected one offloading image, found " + all.size());
        }
        return all.getFirst();
    }

    /** Reads the binary at {@code start}, adds its images to {@code out}, returns its size field. */
    private static long readOne(ByteReader in, long start, List<OffloadBinary> out) {
        String at = " at offset " + ByteReader.hex(start);
        if (in.length() - start < 32) {
            throw in.error(
                    "truncated OffloadBinary header" + at + " (" + (in.length() - start) + " bytes left, need 32)");
        }
        if (!isOffloadBinary(in.bytes(start, 4, "magic"))) {
            throw in.error("bad OffloadBinary magic" + at + " (expected 10 FF 10 AD)");
        }
        long version = in.u32(start + 4, "version");
        if (version < 1 || version > 3) {
            throw in.error("unsupported OffloadBinary version " + version + at);
        }
        int headerSize = version == 3 ? 40 : 32;
        long size = in.u64(start + 8, "size");
        long left = in.length() - start;
        if (size < headerSize || size > left) {
            throw in.error("OffloadBinary" + at + " has size " + ByteReader.hex(size) + ", but " + ByteReader.hex(left)
                    + " bytes remain (header needs " + headerSize + ")");
        }
        if (version < 3 && size % OffloadBinary.ALIGNMENT != 0) {
            // the next binary would start misaligned; LLVM's reader rejects that too
            throw in.error("OffloadBinary" + at + " has size " + ByteReader.hex(size) + ", not a multiple of 8");
        }
        in.check(start, headerSize, "OffloadBinary header" + at);
        long entryOffset = in.u64(start + 16, "entry offset");
        long entrySize = in.u64(start + 24, "entry size");
        ByteReader body = new ByteReader(in.file(), in.bytes(start, size, "OffloadBinary" + at));
        if (version == 3) {
            long inflated = in.u64(start + 32, "inflated size");
            if (inflated != 0) {
                body = new ByteReader(in.file(), Decompression.inflate(in, start, size, inflated));
            }
        }
        long entries;
        if (version == 1) {
            entries = 1;
        } else if (entrySize == 0 || entrySize % 40 != 0) {
            throw in.error("OffloadBinary" + at + " has entry table size " + ByteReader.hex(entrySize)
                    + ", not a multiple of 40");
        } else {
            entries = entrySize / 40;
        }
        if (entryOffset < headerSize) {
            throw in.error("OffloadBinary" + at + " has its entry table at " + ByteReader.hex(entryOffset)
                    + ", inside the header");
        }
        body.check(entryOffset, entries * 40, "entry table of OffloadBinary" + at);
        int stringEntrySize = version == 1 ? 16 : 24;
        for (long i = 0; i < entries; i++) {
            out.add(entry(body, entryOffset + i * 40, stringEntrySize, "entry " + i + " of OffloadBinary" + at));
        }
        return size;
    }

    private static OffloadBinary entry(ByteReader b, long e, int stringEntrySize, String what) {
        ImageKind imageKind = ImageKind.ofValue(b.u16(e, what));
        int offloadKind = b.u16(e + 2, what);
        int flags = (int) b.u32(e + 4, what);
        long stringOffset = b.u64(e + 8, what);
        long stringCount = b.u64(e + 16, what);
        long imageOffset = b.u64(e + 24, what);
        long imageSize = b.u64(e + 32, what);
        if (stringCount < 0 || stringCount > b.length() / stringEntrySize) {
            throw b.error(what + " has an absurd string count " + ByteReader.hex(stringCount));
        }
        b.check(stringOffset, stringCount * stringEntrySize, "string entries of " + what);
        Map<String, String> strings = new LinkedHashMap<>();
        for (long i = 0; i < stringCount; i++) {
            long s = stringOffset + i * stringEntrySize;
            String key = b.cstring(b.u64(s, what), b.length(), "key of string " + i + " of " + what);
            long valueOffset = b.u64(s + 8, what);
            String value;
            if (stringEntrySize == 16) {
                value = b.cstring(valueOffset, b.length(), "value of string " + i + " of " + what);
            } else {
                long valueSize = b.u64(s + 16, what);
                value = new String(
                        b.bytes(valueOffset, valueSize, "value of string " + i + " of " + what),
                        StandardCharsets.UTF_8);
            }
            strings.put(key, value);
        }
        byte[] image = b.bytes(imageOffset, imageSize, "image of " + what);
        return new OffloadBinary(imageKind, offloadKind, flags, strings, image);
    }
}
