package jomp.wrapper.offload;

import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import io.airlift.compress.v3.zstd.ZstdJavaDecompressor;
import jomp.wrapper.ByteReader;

/**
 * Inflates the payload of an OffloadBinary v3: the bytes after its 40-byte header, a zlib stream or
 * a zstd frame (told apart by their own magic), giving the 40-byte header followed by the inflated
 * bytes, so offsets in the header and entries refer to that buffer.
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
        byte[] out = new byte[(int) (40 + inflated)];
        System.arraycopy(in.data(), (int) start, out, 0, 40);
        int from = (int) (start + 40);
        int length = (int) compressedSize;
        byte[] data = in.data();
        int produced;
        if (length >= 4 && (data[from] & 0xFF) == 0x28 && (data[from + 1] & 0xFF) == 0xB5 && (data[from + 2] & 0xFF) == 0x2F
                && (data[from + 3] & 0xFF) == 0xFD) {
            try {
                produced = new ZstdJavaDecompressor().decompress(data, from, length, out, 40, (int) inflated);
            } catch (RuntimeException e) {
                throw in.error(at + ": bad zstd data (" + e.getMessage() + ")");
            }
        } else if (length >= 2 && (data[from] & 0x0F) == 8 && (((data[from] & 0xFF) << 8) | (data[from + 1] & 0xFF)) % 31 == 0) {
            Inflater inflater = new Inflater();
            try {
                inflater.setInput(data, from, length);
                produced = 0;
                while (!inflater.finished() && produced < inflated) {
                    int n = inflater.inflate(out, 40 + produced, (int) inflated - produced);
                    if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                        throw in.error(at + ": zlib stream ends early after " + produced + " bytes");
                    }
                    produced += n;
                }
                if (!inflater.finished()) {
                    throw in.error(at + ": zlib stream holds more than the inflated size " + ByteReader.hex(inflated));
                }
            } catch (DataFormatException e) {
                throw in.error(at + ": bad zlib data (" + e.getMessage() + ")");
            } finally {
                inflater.end();
            }
        } else {
            throw in.error(at + ": payload is neither a zlib stream nor a zstd frame");
        }
        if (produced != inflated) {
            throw in.error(at + ": inflated to " + produced + " bytes, header says " + inflated);
        }
        return out;
    }
}
