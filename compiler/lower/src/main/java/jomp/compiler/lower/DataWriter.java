package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ir.Global;

/** The initial bytes (little-endian) and relocations of one global being initialised. */
final class DataWriter {
    final byte[] bytes;
    final List<Global.Reloc> relocs = new ArrayList<>();
    boolean nonZero;

    DataWriter(long size) {
        if (size > Integer.MAX_VALUE - 16) throw new IllegalArgumentException("object too large");
        bytes = new byte[(int) size];
    }

    void putInt(long offset, int size, long value) {
        for (int i = 0; i < size; i++) bytes[(int) offset + i] = (byte) (value >>> (8 * i));
        if (value != 0) nonZero = true;
    }

    void putDouble(long offset, double v) {
        putInt(offset, 8, Double.doubleToRawLongBits(v));
    }

    void putFloat(long offset, float v) {
        putInt(offset, 4, Float.floatToRawIntBits(v));
    }

    /**
     * Inserts width bits of value at bit position bit of the bytes from offset, little-endian: only the
     * bytes the field covers are touched (a packed field may end past its type's unit, or the object inside it).
     */
    void putBits(long offset, int bit, int width, long value) {
        for (int i = 0; i < width; i++) {
            int at = (int) offset + (bit + i) / 8, b = (bit + i) % 8;
            bytes[at] = (byte) (bytes[at] & ~(1 << b) | (int) (value >>> i & 1) << b);
        }
        if ((width == 64 ? value : value & (1L << width) - 1) != 0) nonZero = true;
    }

    void putBytes(long offset, byte[] b, int len) {
        System.arraycopy(b, 0, bytes, (int) offset, Math.min(len, b.length));
        for (int i = 0; i < Math.min(len, b.length); i++) if (b[i] != 0) nonZero = true;
    }

    void reloc(long offset, String symbol, long addend) {
        relocs.add(new Global.Reloc(offset, symbol, addend));
    }
}
