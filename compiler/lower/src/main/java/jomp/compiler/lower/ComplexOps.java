package jomp.compiler.lower;

import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * Arithmetic on complex numbers held in memory as (real, imaginary) pairs of f64 or f32.
 * Multiplication is the textbook formula (what gcc's __muldc3 gives whenever the result is not
 * NaN); division is Smith's method, the path gcc's __divdc3 takes for operands of ordinary
 * magnitude, so results match gcc bit for bit there (float complex division goes through double,
 * as gcc's __divsc3 does).
 */
final class ComplexOps {
    private ComplexOps() {}

    enum Op {
        ADD,
        SUB,
        MUL,
        DIV
    }

    /** Writes x op y to dst; all three are addresses of complex values with parts of type elem. */
    static void emit(IrBuilder b, Op op, Value dst, Value x, Value y, IrType elem) {
        Value xi = IntConst.i64(elem.size);
        Value a = b.load(elem, x), bb = b.load(elem, b.ptrAdd(x, xi));
        Value c = b.load(elem, y), d = b.load(elem, b.ptrAdd(y, xi));
        Value re, im;
        switch (op) {
            case ADD -> {
                re = b.binary(Insn.BinOp.ADD, a, c);
                im = b.binary(Insn.BinOp.ADD, bb, d);
            }
            case SUB -> {
                re = b.binary(Insn.BinOp.SUB, a, c);
                im = b.binary(Insn.BinOp.SUB, bb, d);
            }
            case MUL -> {
                re = b.binary(Insn.BinOp.SUB, b.binary(Insn.BinOp.MUL, a, c), b.binary(Insn.BinOp.MUL, bb, d));
                im = b.binary(Insn.BinOp.ADD, b.binary(Insn.BinOp.MUL, a, d), b.binary(Insn.BinOp.MUL, bb, c));
            }
            default -> {
                // float complex division is computed in double and rounded once, as gcc's __divsc3 does.
                IrType w = IrType.F64;
                if (elem == IrType.F32) {
                    a = b.convert(Insn.ConvOp.FPEXT, a, w);
                    bb = b.convert(Insn.ConvOp.FPEXT, bb, w);
                    c = b.convert(Insn.ConvOp.FPEXT, c, w);
                    d = b.convert(Insn.ConvOp.FPEXT, d, w);
                }
                Reg r = b.fn.newReg(w, "re"), i = b.fn.newReg(w, "im");
                Value zero = new FloatConst(w, 0.0);
                Value absC = abs(b, c, zero), absD = abs(b, d, zero);
                BasicBlock dBig = b.newBlock("cdiv.d"), cBig = b.newBlock("cdiv.c"), done = b.newBlock("cdiv.done");
                b.condBr(b.cmp(Insn.CmpOp.LT, absC, absD), dBig, cBig);
                b.setBlock(dBig);
                Value ratio = b.binary(Insn.BinOp.DIV, c, d);
                Value denom = b.binary(Insn.BinOp.ADD, b.binary(Insn.BinOp.MUL, c, ratio), d);
                b.copy(
                        r,
                        b.binary(
                                Insn.BinOp.DIV,
                                b.binary(Insn.BinOp.ADD, b.binary(Insn.BinOp.MUL, a, ratio), bb),
                                denom));
                b.copy(
                        i,
                        b.binary(
                                Insn.BinOp.DIV,
                                b.binary(Insn.BinOp.SUB, b.binary(Insn.BinOp.MUL, bb, ratio), a),
                                denom));
                b.br(done);
                b.setBlock(cBig);
                ratio = b.binary(Insn.BinOp.DIV, d, c);
                denom = b.binary(Insn.BinOp.ADD, b.binary(Insn.BinOp.MUL, d, ratio), c);
                b.copy(
                        r,
                        b.binary(
                                Insn.BinOp.DIV,
                                b.binary(Insn.BinOp.ADD, b.binary(Insn.BinOp.MUL, bb, ratio), a),
                                denom));
                b.copy(
                        i,
                        b.binary(
                                Insn.BinOp.DIV,
                                b.binary(Insn.BinOp.SUB, bb, b.binary(Insn.BinOp.MUL, a, ratio)),
                                denom));
                b.br(done);
                b.setBlock(done);
                re = elem == IrType.F32 ? b.convert(Insn.ConvOp.FPTRUNC, r, elem) : r;
                im = elem == IrType.F32 ? b.convert(Insn.ConvOp.FPTRUNC, i, elem) : i;
            }
        }
        b.store(re, dst);
        b.store(im, b.ptrAdd(dst, xi));
    }

    /** |v| without a call: v < 0 ? -v : v (a NaN stays NaN, which only affects the branch taken). */
    private static Value abs(IrBuilder b, Value v, Value zero) {
        Reg r = b.fn.newReg(v.type(), "abs");
        BasicBlock neg = b.newBlock("abs.neg"), done = b.newBlock("abs.done");
        b.copy(r, v);
        b.condBr(b.cmp(Insn.CmpOp.LT, v, zero), neg, done);
        b.setBlock(neg);
        b.copy(r, b.unary(Insn.UnOp.NEG, v));
        b.br(done);
        b.setBlock(done);
        return r;
    }
}
