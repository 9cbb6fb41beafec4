package jomp.objfile;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Bounds-checked reads from a byte array holding an untrusted file. Every offset and size is
 * checked against the real length before use, with overflow-safe arithmetic, so a bad file
 * ends in a {@link FormatException} naming the file and never in an index or allocation error.
 */
public final class ByteReader {
    private final String file;
    private final byte[] data;

    public ByteReader(String file, byte[] data) {
        this.file = file;
        this.data = data;
    }

    public String file() {
        return file;
    }

    public int length() {
        return data.length;
    }

    public byte[] data() {
        return data;
    }

    public FormatException error(String problem) {
        return new FormatException(file, problem);
    }

    /** Checks that {@code [offset, offset + size)} lies inside the file; {@code what} names it in the error. */
    public void check(long offset, long size, String what) {
        if (offset < 0 || size < 0 || offset > data.length || size > data.length - offset) {
            throw error(what + " extends past the end of the file (offset 0x" + Long.toHexString(offset) + " + size 0x"
                    + Long.toHexString(size) + " > file size 0x" + Integer.toHexString(data.length) + ")");
        }
    }

    public int u8(long offset, String what) {
        check(offset, 1, what);
        return data[(int) offset] & 0xFF;
    }

    public int u16(long offset, String what) {
        check(offset, 2, what);
        int o = (int) offset;
        return (data[o] & 0xFF) | (data[o + 1] & 0xFF) << 8;
    }

    public long u32(long offset, String what) {
        check(offset, 4, what);
        int o = (int) offset;
        return (data[o] & 0xFFL)
                | (data[o + 1] & 0xFFL) << 8
                | (data[o + 2] & 0xFFL) << 16
                | (data[o + 3] & 0xFFL) << 24;
    }

    public long u32be(long offset, String what) {
        check(offset, 4, what);
        int o = (int) offset;
        return (data[o] & 0xFFL) << 24
                | (data[o + 1] & 0xFFL) << 16
                | (data[o + 2] & 0xFFL) << 8
                | (data[o + 3] & 0xFFL);
    }

    /** A 64-bit little-endian value; may be negative when read as a signed long (callers compare unsigned). */
    public long u64(long offset, String what) {
        check(offset, 8, what);
        return u32(offset, what) | u32(offset + 4, what) << 32;
    }

    /** A copy of {@code size} bytes at {@code offset}, checked first. */
    public byte[] bytes(long offset, long size, String what) {
        check(offset, size, what);
        return Arrays.copyOfRange(data, (int) offset, (int) (offset + size));
    }

    /** The NUL-terminated string at {@code offset}, which must end before {@code limit}. */
    public String cstring(long offset, long limit, String what) {
        long end = Math.min(limit, data.length);
        if (offset < 0 || offset >= end) {
            throw error(what + " at offset 0x" + Long.toHexString(offset) + " is outside its string table");
        }
        for (int i = (int) offset; i < end; i++) {
            if (data[i] == 0) {
                return new String(data, (int) offset, i - (int) offset, StandardCharsets.UTF_8);
            }
        }
        throw error(what + " at offset 0x" + Long.toHexString(offset) + " is not NUL-terminated");
    }

    /** {@code a + b} for unsigned 64-bit values, or an error when it does not fit in a signed long. */
    public long add(long a, long b, String what) {
        if (a < 0 || b < 0 || a > Long.MAX_VALUE - b) {
            throw error(what + " overflows (0x" + Long.toUnsignedString(a, 16) + " + 0x" + Long.toUnsignedString(b, 16)
                    + ")");
        }
        return a + b;
    }

    public static String hex(long v) {
        return "0x" + Long.toUnsignedString(v, 16);
    }
}
