package jomp.compiler.lower;

import java.util.List;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * {@code void __jomp_udivmodti4(ptr n, ptr d, ptr q, ptr r)}: unsigned 128-bit division, the
 * quotient to q and the remainder to r, by shift and subtract, one quotient bit per step (128
 * steps). Written in IR once per unit that divides 128-bit values (a static function), so the
 * host and device back ends compile it like the rest of the unit.
 */
final class Int128Runtime {
    static final String DIVMOD = "__jomp_udivmodti4";

    private Int128Runtime() {}

    static Function divmod() {
        FuncType sig = new FuncType(IrType.VOID, List.of(IrType.PTR, IrType.PTR, IrType.PTR, IrType.PTR), false);
        Function fn = new Function(DIVMOD, sig, true);
        Reg n = param(fn), d = param(fn), q = param(fn), r = param(fn);
        IrBuilder b = new IrBuilder(fn);
        BasicBlock loop = b.newBlock("loop"),
                sub = b.newBlock("sub"),
                next = b.newBlock("next"),
                done = b.newBlock("done");
        Value nl = b.load(IrType.I64, n), nh = b.load(IrType.I64, b.ptrAdd(n, IntConst.i64(8)));
        Value dl = b.load(IrType.I64, d), dh = b.load(IrType.I64, b.ptrAdd(d, IntConst.i64(8)));
        Reg ql = fn.newReg(IrType.I64, "ql"), qh = fn.newReg(IrType.I64, "qh");
        Reg rl = fn.newReg(IrType.I64, "rl"), rh = fn.newReg(IrType.I64, "rh");
        Reg i = fn.newReg(IrType.I64, "i");
        for (Reg x : List.of(ql, qh, rl, rh)) b.copy(x, IntConst.i64(0));
        b.copy(i, IntConst.i64(127));
        b.br(loop);

        // r = r << 1 | bit i of n
        b.setBlock(loop);
        Value sel = b.unary(Insn.UnOp.NEG, b.binary(Insn.BinOp.USHR, i, IntConst.i64(6))); // all ones for i >= 64
        Value word = b.binary(Insn.BinOp.XOR, nl, b.binary(Insn.BinOp.AND, b.binary(Insn.BinOp.XOR, nl, nh), sel));
        Value bit = b.binary(
                Insn.BinOp.AND,
                b.binary(Insn.BinOp.USHR, word, b.binary(Insn.BinOp.AND, i, IntConst.i64(63))),
                IntConst.i64(1));
        b.copy(
                rh,
                b.binary(
                        Insn.BinOp.OR,
                        b.binary(Insn.BinOp.SHL, rh, IntConst.i64(1)),
                        b.binary(Insn.BinOp.USHR, rl, IntConst.i64(63))));
        b.copy(rl, b.binary(Insn.BinOp.OR, b.binary(Insn.BinOp.SHL, rl, IntConst.i64(1)), bit));
        // r >= d ?
        Value gtHigh = b.cmp(Insn.CmpOp.UGT, rh, dh);
        Value geLow = b.binary(Insn.BinOp.AND, b.cmp(Insn.CmpOp.EQ, rh, dh), b.cmp(Insn.CmpOp.UGE, rl, dl));
        b.condBr(b.binary(Insn.BinOp.OR, gtHigh, geLow), sub, next);

        // r -= d; q |= 1 << i
        b.setBlock(sub);
        Value borrow = b.convert(Insn.ConvOp.ZEXT, b.cmp(Insn.CmpOp.ULT, rl, dl), IrType.I64);
        b.copy(rh, b.binary(Insn.BinOp.SUB, b.binary(Insn.BinOp.SUB, rh, dh), borrow));
        b.copy(rl, b.binary(Insn.BinOp.SUB, rl, dl));
        Value one = b.binary(Insn.BinOp.SHL, IntConst.i64(1), b.binary(Insn.BinOp.AND, i, IntConst.i64(63)));
        b.copy(qh, b.binary(Insn.BinOp.OR, qh, b.binary(Insn.BinOp.AND, one, sel)));
        b.copy(
                ql,
                b.binary(
                        Insn.BinOp.OR,
                        ql,
                        b.binary(Insn.BinOp.AND, one, b.binary(Insn.BinOp.XOR, sel, IntConst.i64(-1)))));
        b.br(next);

        b.setBlock(next);
        b.copy(i, b.binary(Insn.BinOp.SUB, i, IntConst.i64(1)));
        b.condBr(b.cmp(Insn.CmpOp.GE, i, IntConst.i64(0)), loop, done);

        b.setBlock(done);
        b.store(ql, q);
        b.store(qh, b.ptrAdd(q, IntConst.i64(8)));
        b.store(rl, r);
        b.store(rh, b.ptrAdd(r, IntConst.i64(8)));
        b.ret(null);
        return fn;
    }

    private static Reg param(Function fn) {
        Reg r = fn.newReg(IrType.PTR);
        fn.params.add(r);
        return r;
    }
}
