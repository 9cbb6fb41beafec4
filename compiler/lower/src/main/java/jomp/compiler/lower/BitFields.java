package jomp.compiler.lower;

import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;

/**
 * Reads and writes of bit-fields. An ordinary one is shifted and masked out of its storage unit (a
 * load of the member's type). A packed one (Member.packed: a packed record, a packed member, #pragma
 * pack) starts at any bit of its first byte and may run past its type's unit, or the record may end
 * inside that unit, so it is assembled from, and stored to, exactly the bytes it covers (at most 9).
 */
final class BitFields {
    private final FunctionLowering f;
    private final Emit e;

    BitFields(FunctionLowering f) {
        this.f = f;
        this.e = f.e;
    }

    /**
     * Whether the member's type is an integer held in 64-bit words in memory (__int128, _BitInt(N)
     * of more than 64 bits): its field's bytes are read and written exactly (a field may end inside
     * the last word, and the record may end before the type's size), word by word.
     */
    static boolean wide(Member m) {
        return m.type().kind == Type.Kind.INT128;
    }

    /** The field's value, in the register type of the member's type (sign- or zero-extended). */
    Value load(Value addr, Member m) {
        if (wide(m)) return loadWide(addr, m);
        if (m.packed()) return loadPacked(addr, m);
        Type ut = m.type();
        IrType rt = TypeMap.reg(ut);
        Value unit = f.load(addr, ut);
        int bits = rt.bits();
        if (TypeMap.isUnsigned(ut)) {
            Value sh = e.bin(Insn.BinOp.USHR, unit, new IntConst(rt, m.bitOffset()));
            return e.bin(Insn.BinOp.AND, sh, new IntConst(rt, mask(m.bitWidth())));
        }
        Value up = e.bin(Insn.BinOp.SHL, unit, new IntConst(rt, bits - m.bitOffset() - m.bitWidth()));
        return e.bin(Insn.BinOp.SHR, up, new IntConst(rt, bits - m.bitWidth()));
    }

    /** Stores v (of the member's type) into the bit-field; returns the value the field now holds. */
    Value store(Value addr, Member m, Value v) {
        if (wide(m)) {
            for (int j = 0; j * 64 < m.bitWidth(); j++) {
                int take = Math.min(64, m.bitWidth() - 64 * j), start = m.bitOffset() + 64 * j;
                Value word = f.b.load(IrType.I64, f.at(v, 8L * j));
                if (take < 64) word = e.bin(Insn.BinOp.AND, word, IntConst.i64(mask(take)));
                storeBytes(f.at(addr, start / 8), start % 8, take, word);
            }
            return loadWide(addr, m);
        }
        Type ut = m.type();
        IrType rt = TypeMap.reg(ut);
        long fieldMask = mask(m.bitWidth());
        Value field = e.bin(Insn.BinOp.AND, v, new IntConst(rt, fieldMask));
        if (m.packed()) storePacked(addr, m, rt == IrType.I64 ? field : e.conv(Insn.ConvOp.ZEXT, field, IrType.I64));
        else {
            Value unit = f.load(addr, ut);
            Value cleared = e.bin(Insn.BinOp.AND, unit, new IntConst(rt, ~(fieldMask << m.bitOffset())));
            Value merged = e.bin(Insn.BinOp.OR, cleared, e.bin(Insn.BinOp.SHL, field, new IntConst(rt, m.bitOffset())));
            f.store(addr, merged, ut);
        }
        if (TypeMap.isUnsigned(ut)) return field;
        int bits = rt.bits();
        Value up = e.bin(Insn.BinOp.SHL, v, new IntConst(rt, bits - m.bitWidth()));
        return e.bin(Insn.BinOp.SHR, up, new IntConst(rt, bits - m.bitWidth()));
    }

    private static long mask(int width) {
        return width >= 64 ? -1L : (1L << width) - 1;
    }

    /** How many bytes a packed field covers. */
    private static int bytes(Member m) {
        return (m.bitOffset() + m.bitWidth() + 7) / 8;
    }

    private Value loadByte(Value addr, int k) {
        return e.conv(Insn.ConvOp.ZEXT, f.b.load(IrType.I8, f.at(addr, k)), IrType.I64);
    }

    private Value loadPacked(Value addr, Member m) {
        int n = bytes(m), off = m.bitOffset(), w = m.bitWidth();
        // the first (up to) 8 bytes, little-endian, in a long; then the bits from the field's start
        Value acc = null;
        for (int k = 0; k < Math.min(n, 8); k++) {
            Value byteK = loadByte(addr, k);
            if (k > 0) byteK = e.bin(Insn.BinOp.SHL, byteK, IntConst.i64(8L * k));
            acc = acc == null ? byteK : e.bin(Insn.BinOp.OR, acc, byteK);
        }
        Value v = e.bin(Insn.BinOp.USHR, acc, IntConst.i64(off));
        if (n == 9) v = e.bin(Insn.BinOp.OR, v, e.bin(Insn.BinOp.SHL, loadByte(addr, 8), IntConst.i64(64 - off)));
        if (TypeMap.isUnsigned(m.type())) v = e.bin(Insn.BinOp.AND, v, IntConst.i64(mask(w)));
        else v = e.bin(Insn.BinOp.SHR, e.bin(Insn.BinOp.SHL, v, IntConst.i64(64 - w)), IntConst.i64(64 - w));
        IrType rt = TypeMap.reg(m.type());
        return rt == IrType.I64 ? v : e.conv(Insn.ConvOp.TRUNC, v, rt);
    }

    /**
     * A wide field's value: a temporary of the member's type whose words are the field's bits, 64
     * at a time from its bytes, the top one sign- or zero-extended from the field's width and
     * the words above it all sign bits or zeros (as WideBitInts keeps values).
     */
    private Value loadWide(Value addr, Member m) {
        Type t = m.type();
        int words = (int) (t.size() / 8), w = m.bitWidth();
        boolean unsigned = TypeMap.isUnsigned(t);
        Value out = f.slotAddr(f.temp(t));
        Value top = null;
        for (int j = 0; j < words; j++) {
            Value word;
            if (64 * j < w) {
                int take = Math.min(64, w - 64 * j), start = m.bitOffset() + 64 * j;
                word = bytesAt(f.at(addr, start / 8), start % 8, take);
                if (take < 64)
                    word = unsigned
                            ? e.bin(Insn.BinOp.AND, word, IntConst.i64(mask(take)))
                            : e.bin(
                                    Insn.BinOp.SHR,
                                    e.bin(Insn.BinOp.SHL, word, IntConst.i64(64 - take)),
                                    IntConst.i64(64 - take));
                top = word;
            } else word = unsigned ? IntConst.i64(0) : e.bin(Insn.BinOp.SHR, top, IntConst.i64(63));
            f.b.store(word, f.at(out, 8L * j));
        }
        return out;
    }

    /** The `width` bits (at most 64) from bit off of the bytes at addr, in the low bits of a long (above them: garbage). */
    private Value bytesAt(Value addr, int off, int width) {
        int n = (off + width + 7) / 8;
        Value acc = null;
        for (int k = 0; k < Math.min(n, 8); k++) {
            Value byteK = loadByte(addr, k);
            if (k > 0) byteK = e.bin(Insn.BinOp.SHL, byteK, IntConst.i64(8L * k));
            acc = acc == null ? byteK : e.bin(Insn.BinOp.OR, acc, byteK);
        }
        Value v = off == 0 ? acc : e.bin(Insn.BinOp.USHR, acc, IntConst.i64(off));
        if (n == 9) v = e.bin(Insn.BinOp.OR, v, e.bin(Insn.BinOp.SHL, loadByte(addr, 8), IntConst.i64(64 - off)));
        return v;
    }

    /** Stores field (already masked to the width, in a long) byte by byte, keeping the other bits of the end bytes. */
    private void storePacked(Value addr, Member m, Value field) {
        storeBytes(addr, m.bitOffset(), m.bitWidth(), field);
    }

    /** Stores the low `w` bits of field (masked) at bit off of the bytes at addr, keeping the other bits of the end bytes. */
    private void storeBytes(Value addr, int off, int w, Value field) {
        int n = (off + w + 7) / 8;
        for (int k = 0; k < n; k++) {
            int lo = Math.max(off, 8 * k), hi = Math.min(off + w, 8 * k + 8); // the field's bits in byte k
            int byteMask = (int) (mask(hi - lo) << (lo - 8 * k));
            int shift = 8 * k - off;
            Value part = shift < 0
                    ? e.bin(Insn.BinOp.SHL, field, IntConst.i64(-shift))
                    : shift == 0 ? field : e.bin(Insn.BinOp.USHR, field, IntConst.i64(shift));
            Value out = e.conv(Insn.ConvOp.TRUNC, part, IrType.I32);
            if (byteMask != 0xFF) {
                Value old = e.conv(Insn.ConvOp.ZEXT, f.b.load(IrType.I8, f.at(addr, k)), IrType.I32);
                out = e.bin(
                        Insn.BinOp.OR,
                        e.bin(Insn.BinOp.AND, old, new IntConst(IrType.I32, ~byteMask)),
                        e.bin(Insn.BinOp.AND, out, new IntConst(IrType.I32, byteMask)));
            }
            f.b.store(e.conv(Insn.ConvOp.TRUNC, out, IrType.I8), f.at(addr, k));
        }
    }
}
