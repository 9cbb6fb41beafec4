package jomp.objfile.offload;

import io.airlift.compress.v3.zstd.ZstdJavaInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import jomp.objfile.ByteReader;
import jomp.objfile.FormatException;

/**
 * Inflates the payload of an OffloadBinary v3: the bytes after its 40-byte header, a zlib stream or
 * a zstd frame (told apart by their own magic), giving the 40-byte header followed by the inflated
 * bytes, so offsets in the header and entries refer to that buffer. Both are streamed into a buffer
 * that grows with the real output, so a header claiming a huge inflated size costs no memory.
 */
final class Decompression {
    private Decompression() {}

    static byte[] inflate(ByteReader in, long start, long size, long inflated) {
        String at = "compressed OffloadBinary at offset " + ByteReader.hex(start);
        long compressedSize = size - 40;
        long limit = Math.min(Integer.MAX_VALUE - 64, compressedSize * OffloadBinaryReader.MAX_RATIO + (1 << 20));
        if (inflated < 0 || inflated > limit) {
            throw in.error(at + " claims an inflated size of " + ByteReader.hex(inflated) + " from "
                    + ByteReader.hex(compressedSize) + " bytes");
        }
        byte[] data = in.data();
        int from = (int) (start + 40);
        int length = (int) compressedSize;
        InputStream payload = new ByteArrayInputStream(data, from, length);
        Inflater inflater = null;
        InputStream stream;
        String method;
        if (length >= 4
                && (data[from] & 0xFF) == 0x28
                && (data[from + 1] & 0xFF) == 0xB5
                && (data[from + 2] & 0xFF) == 0x2F
                && (data[from + 3] & 0xFF) == 0xFD) {
            method = "zstd";
            stream = new ZstdJavaInputStream(payload);
        } else if (length >= 2
                && (data[from] & 0x0F) == 8
                && (((data[from] & 0xFF) << 8) | (data[from + 1] & 0xFF)) % 31 == 0) {
            method = "zlib";
            inflater = new Inflater();
            stream = new InflaterInputStream(payload, inflater);
        } else {
            throw in.error(at + ": payload is neither a zlib stream nor a zstd frame");
        }
        byte[] out = new byte[(int) Math.min(40 + inflated, 40 + Math.max(4096, 4L * length))];
        System.arraycopy(data, (int) start, out, 0, 40);
        int produced = 0;
        try (stream) {
            while (true) {
                if (40 + produced == out.length) {
                    if (produced == inflated) {
                        if (stream.read() != -1) {
                            throw in.error(at + ": " + method + " data holds more than the inflated size "
                                    + ByteReader.hex(inflated));
                        }
                        break;
                    }
                    out = Arrays.copyOf(out, (int) Math.min(40 + inflated, 2L * out.length));
                }
                int n = stream.read(out, 40 + produced, out.length - 40 - produced);
                if (n < 0) {
                    break;
                }
                produced += n;
            }
        } catch (FormatException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw in.error(at + ": bad " + method + " data (" + e.getMessage() + ")");
        } finally {
            if (inflater != null) {
                inflater.end();
            }
        }
        if (produced != inflated) {
            throw in.error(at + ": " + method + " data inflates to " + produced + " bytes, header says " + inflated);
        }
        return out;
    }
}
