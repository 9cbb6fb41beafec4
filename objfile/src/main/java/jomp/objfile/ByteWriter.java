package jomp.objfile;

import java.util.Arrays;

/** A growable little-endian output buffer for the writers in this module. */
public final class ByteWriter {
    private byte[] buf = new byte[256];
    private int size;

    public int position() {
        return size;
    }

    private void ensure(int more) {
        if (size + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
        }
    }

    public ByteWriter u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
        return this;
    }

    public ByteWriter u16(int v) {
        return u8(v).u8(v >>> 8);
    }

    public ByteWriter u32(long v) {
        return u16((int) v).u16((int) (v >>> 16));
    }

    public ByteWriter u64(long v) {
        return u32(v).u32(v >>> 32);
    }

    public ByteWriter bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
        return this;
    }

    /** Pads with zero bytes up to a multiple of {@code alignment} (a power of two, or 0/1 for none). */
    public ByteWriter align(long alignment) {
        if (alignment > 1) {
            int pad = (int) ((alignment - size % alignment) % alignment);
            ensure(pad);
            size += pad;
        }
        return this;
    }

    /** Overwrites eight bytes at {@code at} with {@code v}. */
    public void patchU64(int at, long v) {
        for (int i = 0; i < 8; i++) {
            buf[at + i] = (byte) (v >>> (8 * i));
        }
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }
}
