package jomp.compiler.lower;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * {@code __int128} and {@code unsigned __int128}, which the IR has no type for: a value lives in
 * 16 bytes of memory (low word first, as on x86-64) and is handled by address, as complex numbers
 * are; the operators work on its two 64-bit words. Addition carries, multiplication builds the
 * high word from 32-bit partial products, shifts take the three cases of their count, and
 * division and remainder call {@code __jomp_udivmodti4}, a shift-and-subtract loop written in IR
 * once per unit (Int128Runtime). Everything is IR, so both back ends compile it.
 */
final class Int128Ops {
    private final FunctionLowering f;
    private final Emit e;

    Int128Ops(FunctionLowering f) {
        this.f = f;
        this.e = f.e;
    }

    /** __int128 and _BitInt(65..128) (wider _BitInts share the kind: WideBitInts). */
    static boolean is(Type t) {
        return t.kind == Type.Kind.INT128 && !t.isWideBitInt();
    }

    Value lo(Value a) {
        return f.b.load(IrType.I64, a);
    }

    Value hi(Value a) {
        return f.b.load(IrType.I64, f.at(a, 8));
    }

    /** A new 128-bit value from its words. */
    Value make(Value lo, Value hi) {
        Value a = f.slotAddr(f.temp(Type.INT128));
        f.b.store(lo, a);
        f.b.store(hi, f.at(a, 8));
        return a;
    }

    private static IntConst k(long v) {
        return IntConst.i64(v);
    }

    /** An integer, floating or pointer value converted to a 128-bit one. */
    Value from(Value v, Type from) {
        if (from.isFloat()) return fromFloat(v, from);
        Value w = e.convert(
                v, from, from.isUnsigned || from.kind == Type.Kind.BOOL || from.isPointer() ? Type.ULONG : Type.LONG);
        if (w.type() == IrType.PTR) w = e.conv(Insn.ConvOp.BITCAST, w, IrType.I64);
        boolean signed = !(from.isUnsigned || from.kind == Type.Kind.BOOL || from.isPointer());
        return make(w, signed ? e.bin(Insn.BinOp.SHR, w, k(63)) : k(0));
    }

    /** A 128-bit value converted to a scalar type. */
    Value to(Value a, Type from, Type to) {
        if (to.kind == Type.Kind.BOOL) return truth(a);
        if (to.kind == Type.Kind.FLOAT16) return HalfFloats.round(e, toFloat(a, from, Type.FLOAT)); // past 2^24: inf
        if (to.isFloat()) return toFloat(a, from, to);
        Value l = lo(a);
        if (to.isPointer()) return e.conv(Insn.ConvOp.BITCAST, l, IrType.PTR);
        return e.convert(l, Type.ULONG, to);
    }

    /** A 128-bit value wrapped to _BitInt(w)'s range, 64 < w <= 128: its high word sign- or zero-extended from bit w. */
    Value wrap(Value a, int w, boolean unsigned) {
        if (w >= 128) return a;
        Value h = hi(a);
        Value nh = unsigned
                ? e.bin(Insn.BinOp.AND, h, k(-1L >>> (128 - w)))
                : e.bin(Insn.BinOp.SHR, e.bin(Insn.BinOp.SHL, h, k(128 - w)), k(128 - w));
        return make(lo(a), nh);
    }

    /** Non-zero (an i32 0 or 1) when a is. */
    Value truth(Value a) {
        return e.cmp(Insn.CmpOp.NE, e.bin(Insn.BinOp.OR, lo(a), hi(a)), k(0));
    }

    Value unary(Expr.Unary.Op op, Value a) {
        return switch (op) {
            case NEG -> neg(lo(a), hi(a));
            case BITNOT -> make(e.bin(Insn.BinOp.XOR, lo(a), k(-1)), e.bin(Insn.BinOp.XOR, hi(a), k(-1)));
            default -> a;
        };
    }

    private Value neg(Value l, Value h) {
        Value nl = e.bin(Insn.BinOp.SUB, k(0), l);
        Value borrow = carryOf(e.cmp(Insn.CmpOp.NE, l, k(0)));
        return make(nl, e.bin(Insn.BinOp.SUB, e.bin(Insn.BinOp.SUB, k(0), h), borrow));
    }

    private Value carryOf(Value i32) {
        return e.conv(Insn.ConvOp.ZEXT, i32, IrType.I64);
    }

    /** A binary operator on operands converted to t (a shift's count is an int of its own). */
    Value binary(Expr.Binary.Op op, Value a, Value b, Type t, Type countType) {
        boolean u = t.isUnsigned;
        return switch (op) {
            case ADD -> {
                Value al = lo(a), l = e.bin(Insn.BinOp.ADD, al, lo(b));
                Value carry = carryOf(e.cmp(Insn.CmpOp.ULT, l, al));
                yield make(l, e.bin(Insn.BinOp.ADD, e.bin(Insn.BinOp.ADD, hi(a), hi(b)), carry));
            }
            case SUB -> {
                Value al = lo(a), bl = lo(b);
                Value borrow = carryOf(e.cmp(Insn.CmpOp.ULT, al, bl));
                yield make(
                        e.bin(Insn.BinOp.SUB, al, bl),
                        e.bin(Insn.BinOp.SUB, e.bin(Insn.BinOp.SUB, hi(a), hi(b)), borrow));
            }
            case MUL -> {
                Value al = lo(a), bl = lo(b);
                Value h = e.bin(
                        Insn.BinOp.ADD,
                        mulhu(al, bl),
                        e.bin(Insn.BinOp.ADD, e.bin(Insn.BinOp.MUL, al, hi(b)), e.bin(Insn.BinOp.MUL, hi(a), bl)));
                yield make(e.bin(Insn.BinOp.MUL, al, bl), h);
            }
            case DIV, MOD -> divmod(op == Expr.Binary.Op.DIV, a, b, u);
            case BITAND -> make(e.bin(Insn.BinOp.AND, lo(a), lo(b)), e.bin(Insn.BinOp.AND, hi(a), hi(b)));
            case BITOR -> make(e.bin(Insn.BinOp.OR, lo(a), lo(b)), e.bin(Insn.BinOp.OR, hi(a), hi(b)));
            case BITXOR -> make(e.bin(Insn.BinOp.XOR, lo(a), lo(b)), e.bin(Insn.BinOp.XOR, hi(a), hi(b)));
            case SHL, SHR -> shift(op == Expr.Binary.Op.SHL, u, a, e.convert(b, countType, Type.INT));
            case EQ, NE -> {
                Value same =
                        e.bin(Insn.BinOp.AND, e.cmp(Insn.CmpOp.EQ, lo(a), lo(b)), e.cmp(Insn.CmpOp.EQ, hi(a), hi(b)));
                yield op == Expr.Binary.Op.EQ ? same : e.bin(Insn.BinOp.XOR, same, IntConst.i32(1));
            }
            case LT, LE, GT, GE -> compare(op, a, b, u);
            default -> throw new IllegalStateException("__int128 " + op);
        };
    }

    /** The high word of the unsigned product of two 64-bit words, from 32-bit halves. */
    private Value mulhu(Value x, Value y) {
        Value m = k(0xffffffffL);
        Value x0 = e.bin(Insn.BinOp.AND, x, m), x1 = e.bin(Insn.BinOp.USHR, x, k(32));
        Value y0 = e.bin(Insn.BinOp.AND, y, m), y1 = e.bin(Insn.BinOp.USHR, y, k(32));
        Value w0 = e.bin(Insn.BinOp.MUL, x0, y0);
        Value t = e.bin(Insn.BinOp.ADD, e.bin(Insn.BinOp.MUL, x1, y0), e.bin(Insn.BinOp.USHR, w0, k(32)));
        Value w1 = e.bin(Insn.BinOp.ADD, e.bin(Insn.BinOp.MUL, x0, y1), e.bin(Insn.BinOp.AND, t, m));
        return e.bin(
                Insn.BinOp.ADD,
                e.bin(Insn.BinOp.ADD, e.bin(Insn.BinOp.MUL, x1, y1), e.bin(Insn.BinOp.USHR, t, k(32))),
                e.bin(Insn.BinOp.USHR, w1, k(32)));
    }

    /** Ordering: the high words decide (signed or not), equal high words leave it to the low ones, unsigned. */
    private Value compare(Expr.Binary.Op op, Value a, Value b, boolean u) {
        Value ah = hi(a), bh = hi(b), al = lo(a), bl = lo(b);
        Insn.CmpOp strictHi = switch (op) {
            case LT, LE -> u ? Insn.CmpOp.ULT : Insn.CmpOp.LT;
            default -> u ? Insn.CmpOp.UGT : Insn.CmpOp.GT;
        };
        Insn.CmpOp low = switch (op) {
            case LT -> Insn.CmpOp.ULT;
            case LE -> Insn.CmpOp.ULE;
            case GT -> Insn.CmpOp.UGT;
            default -> Insn.CmpOp.UGE;
        };
        Value byHigh = e.cmp(strictHi, ah, bh);
        Value byLow = e.bin(Insn.BinOp.AND, e.cmp(Insn.CmpOp.EQ, ah, bh), e.cmp(low, al, bl));
        return e.bin(Insn.BinOp.OR, byHigh, byLow);
    }

    /** a << n or a >> n for n in 0..127 (other counts are undefined in C): n = 0, below 64, and from 64 on. */
    private Value shift(boolean left, boolean u, Value a, Value n) {
        Reg rl = f.fn.newReg(IrType.I64, "shl.lo"), rh = f.fn.newReg(IrType.I64, "shl.hi");
        Value l = lo(a), h = hi(a);
        Value n64 = e.conv(Insn.ConvOp.ZEXT, e.bin(Insn.BinOp.AND, n, IntConst.i32(127)), IrType.I64);
        BasicBlock zero = f.b.newBlock("sh.zero"),
                notZero = f.b.newBlock("sh.nz"),
                small = f.b.newBlock("sh.small"),
                big = f.b.newBlock("sh.big"),
                done = f.b.newBlock("sh.done");
        f.b.condBr(e.cmp(Insn.CmpOp.EQ, n64, k(0)), zero, notZero);
        f.b.setBlock(zero);
        f.b.copy(rl, l);
        f.b.copy(rh, h);
        f.b.br(done);
        f.b.setBlock(notZero);
        f.b.condBr(e.cmp(Insn.CmpOp.ULT, n64, k(64)), small, big);
        f.b.setBlock(small);
        Value back = e.bin(Insn.BinOp.SUB, k(64), n64);
        if (left) {
            f.b.copy(rl, e.bin(Insn.BinOp.SHL, l, n64));
            f.b.copy(rh, e.bin(Insn.BinOp.OR, e.bin(Insn.BinOp.SHL, h, n64), e.bin(Insn.BinOp.USHR, l, back)));
        } else {
            f.b.copy(rl, e.bin(Insn.BinOp.OR, e.bin(Insn.BinOp.USHR, l, n64), e.bin(Insn.BinOp.SHL, h, back)));
            f.b.copy(rh, e.bin(u ? Insn.BinOp.USHR : Insn.BinOp.SHR, h, n64));
        }
        f.b.br(done);
        f.b.setBlock(big);
        Value over = e.bin(Insn.BinOp.SUB, n64, k(64));
        if (left) {
            f.b.copy(rl, k(0));
            f.b.copy(rh, e.bin(Insn.BinOp.SHL, l, over));
        } else {
            f.b.copy(rl, e.bin(u ? Insn.BinOp.USHR : Insn.BinOp.SHR, h, over));
            f.b.copy(rh, u ? k(0) : e.bin(Insn.BinOp.SHR, h, k(63)));
        }
        f.b.br(done);
        f.b.setBlock(done);
        return make(rl, rh);
    }

    /**
     * Quotient or remainder: unsigned through the unit's helper; signed on the magnitudes, the
     * quotient negated when the signs differ and the remainder taking the dividend's sign (C's rule).
     */
    private Value divmod(boolean quotient, Value a, Value b, boolean u) {
        String helper = f.unit.int128DivisionHelper();
        FuncType sig = new FuncType(IrType.VOID, List.of(IrType.PTR, IrType.PTR, IrType.PTR, IrType.PTR), false);
        Value q = f.slotAddr(f.temp(Type.INT128)), r = f.slotAddr(f.temp(Type.INT128));
        if (u) {
            f.b.call(helper, sig, List.of(a, b, q, r));
            return quotient ? q : r;
        }
        Value an = hi(a), bn = hi(b);
        Value aNeg = e.cmp(Insn.CmpOp.LT, an, k(0)), bNeg = e.cmp(Insn.CmpOp.LT, bn, k(0));
        f.b.call(helper, sig, List.of(abs(a, aNeg), abs(b, bNeg), q, r));
        Value negate = quotient ? e.bin(Insn.BinOp.XOR, aNeg, bNeg) : aNeg;
        Value res = quotient ? q : r;
        Reg out = f.fn.newReg(IrType.PTR, "divres");
        BasicBlock neg = f.b.newBlock("div.neg"), pos = f.b.newBlock("div.pos"), done = f.b.newBlock("div.done");
        f.b.condBr(negate, neg, pos);
        f.b.setBlock(neg);
        f.b.copy(out, neg(lo(res), hi(res)));
        f.b.br(done);
        f.b.setBlock(pos);
        f.b.copy(out, res);
        f.b.br(done);
        f.b.setBlock(done);
        return out;
    }

    private Value abs(Value a, Value isNeg) {
        Reg out = f.fn.newReg(IrType.PTR, "abs");
        BasicBlock neg = f.b.newBlock("abs.neg"), pos = f.b.newBlock("abs.pos"), done = f.b.newBlock("abs.done");
        f.b.condBr(isNeg, neg, pos);
        f.b.setBlock(neg);
        f.b.copy(out, neg(lo(a), hi(a)));
        f.b.br(done);
        f.b.setBlock(pos);
        f.b.copy(out, a);
        f.b.br(done);
        f.b.setBlock(done);
        return out;
    }

    /**
     * To floating point with one rounding: a value over 64 bits is shifted right to 64 with the bits
     * shifted out kept as a sticky low bit, converted, and scaled back by a power of two (exact).
     */
    private Value toFloat(Value a, Type from, Type to) {
        IrType ft = TypeMap.reg(to);
        boolean u = from.isUnsigned;
        Value h = hi(a), l = lo(a);
        Reg r = f.fn.newReg(ft, "i128.f");
        BasicBlock small = f.b.newBlock("i128f.small"),
                wide = f.b.newBlock("i128f.wide"),
                done = f.b.newBlock("i128f.done");
        // fits in 64 bits: the high word is the sign extension of the low one (or zero, unsigned)
        Value fits = u ? e.cmp(Insn.CmpOp.EQ, h, k(0)) : e.cmp(Insn.CmpOp.EQ, h, e.bin(Insn.BinOp.SHR, l, k(63)));
        f.b.condBr(fits, small, wide);
        f.b.setBlock(small);
        f.b.copy(r, e.convert(l, u ? Type.ULONG : Type.LONG, to));
        f.b.br(done);
        f.b.setBlock(wide);
        Value negative = u ? IntConst.i32(0) : e.cmp(Insn.CmpOp.LT, h, k(0));
        Value mag = u ? a : abs(a, negative);
        Value mh = hi(mag), ml = lo(mag);
        // s = bits of the high word (1..64): shifting right by s keeps the top 64 bits; a high word of 0
        // (a signed magnitude in [2^63, 2^64)) counts as 1 bit, hence mh | 1
        Value s = e.conv(
                Insn.ConvOp.SEXT,
                e.bin(Insn.BinOp.SUB, IntConst.i32(64), leadingZeros(e.bin(Insn.BinOp.OR, mh, k(1)))),
                IrType.I64);
        Value back = e.bin(Insn.BinOp.SUB, k(64), s); // 0..63
        Value sMinus1 = e.bin(Insn.BinOp.SUB, s, k(1)); // 0..63 (shift counts stay below 64)
        Value top = e.bin(
                Insn.BinOp.OR,
                e.bin(Insn.BinOp.SHL, mh, back),
                e.bin(Insn.BinOp.USHR, e.bin(Insn.BinOp.USHR, ml, k(1)), sMinus1));
        Value lost = e.bin(Insn.BinOp.SHL, ml, back);
        Value sticky = carryOf(e.cmp(Insn.CmpOp.NE, lost, k(0)));
        Value conv = e.convert(e.bin(Insn.BinOp.OR, top, sticky), Type.ULONG, to);
        Value scale = e.bin(
                Insn.BinOp.MUL,
                e.convert(e.bin(Insn.BinOp.SHL, k(1), sMinus1), Type.ULONG, Type.DOUBLE),
                new jomp.compiler.ir.FloatConst(IrType.F64, 2.0)); // 2^s
        Value scaled = e.bin(Insn.BinOp.MUL, e.convert(conv, to, Type.DOUBLE), scale);
        Value res = e.convert(scaled, Type.DOUBLE, to);
        if (!u) {
            Reg signed = f.fn.newReg(ft, "i128.fs");
            BasicBlock ng = f.b.newBlock("i128f.neg"), ps = f.b.newBlock("i128f.pos"), j = f.b.newBlock("i128f.join");
            f.b.condBr(negative, ng, ps);
            f.b.setBlock(ng);
            f.b.copy(signed, e.unary(Insn.UnOp.NEG, res));
            f.b.br(j);
            f.b.setBlock(ps);
            f.b.copy(signed, res);
            f.b.br(j);
            f.b.setBlock(j);
            res = signed;
        }
        f.b.copy(r, res);
        f.b.br(done);
        f.b.setBlock(done);
        return r;
    }

    /** From floating point: |x| split into 2^64 * high + low (both exact), then the sign. */
    private Value fromFloat(Value v, Type from) {
        Value d = e.convert(v, from, Type.DOUBLE);
        Value negative = e.cmp(Insn.CmpOp.LT, d, new jomp.compiler.ir.FloatConst(IrType.F64, 0));
        Value m = d;
        Reg mag = f.fn.newReg(IrType.F64, "fabs");
        BasicBlock ng = f.b.newBlock("fi128.neg"), ps = f.b.newBlock("fi128.pos"), j = f.b.newBlock("fi128.join");
        f.b.condBr(negative, ng, ps);
        f.b.setBlock(ng);
        f.b.copy(mag, e.unary(Insn.UnOp.NEG, m));
        f.b.br(j);
        f.b.setBlock(ps);
        f.b.copy(mag, m);
        f.b.br(j);
        f.b.setBlock(j);
        Value two64 = new jomp.compiler.ir.FloatConst(IrType.F64, 0x1p64);
        Value hd = e.convert(e.bin(Insn.BinOp.DIV, mag, two64), Type.DOUBLE, Type.ULONG); // truncates: the high word
        Value rest = e.bin(Insn.BinOp.SUB, mag, e.bin(Insn.BinOp.MUL, e.convert(hd, Type.ULONG, Type.DOUBLE), two64));
        Value positive = make(e.convert(rest, Type.DOUBLE, Type.ULONG), hd);
        Reg out = f.fn.newReg(IrType.PTR, "fi128");
        BasicBlock n2 = f.b.newBlock("fi128.n"), p2 = f.b.newBlock("fi128.p"), done = f.b.newBlock("fi128.done");
        f.b.condBr(negative, n2, p2);
        f.b.setBlock(n2);
        f.b.copy(out, neg(lo(positive), hi(positive)));
        f.b.br(done);
        f.b.setBlock(p2);
        f.b.copy(out, positive);
        f.b.br(done);
        f.b.setBlock(done);
        return out;
    }

    /** Leading zero bits of a 64-bit word, as an i32 (64 for 0). */
    private Value leadingZeros(Value x) {
        for (int s = 1; s < 64; s *= 2) x = e.bin(Insn.BinOp.OR, x, e.bin(Insn.BinOp.USHR, x, k(s)));
        // popcount of the smeared word
        x = e.bin(Insn.BinOp.SUB, x, e.bin(Insn.BinOp.AND, e.bin(Insn.BinOp.USHR, x, k(1)), k(0x5555555555555555L)));
        x = e.bin(
                Insn.BinOp.ADD,
                e.bin(Insn.BinOp.AND, x, k(0x3333333333333333L)),
                e.bin(Insn.BinOp.AND, e.bin(Insn.BinOp.USHR, x, k(2)), k(0x3333333333333333L)));
        x = e.bin(Insn.BinOp.AND, e.bin(Insn.BinOp.ADD, x, e.bin(Insn.BinOp.USHR, x, k(4))), k(0x0f0f0f0f0f0f0f0fL));
        Value pc = e.bin(Insn.BinOp.USHR, e.bin(Insn.BinOp.MUL, x, k(0x0101010101010101L)), k(56));
        return e.bin(Insn.BinOp.SUB, IntConst.i32(64), e.conv(Insn.ConvOp.TRUNC, pc, IrType.I32));
    }
}
