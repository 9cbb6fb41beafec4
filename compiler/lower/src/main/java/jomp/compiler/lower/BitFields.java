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

    /** The field's value, in the register type of the member's type (sign- or zero-extended). */
    Value load(Value addr, Member m) {
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

    /** Stores field (already masked to the width, in a long) byte by byte, keeping the other bits of the end bytes. */
    private void storePacked(Value addr, Member m, Value field) {
        int n = bytes(m), off = m.bitOffset(), w = m.bitWidth();
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
