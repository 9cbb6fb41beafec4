package jomp.compiler.lower;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;

/**
 * A switch on an {@code __int128}: the cases whose values need more than 64 bits are compared
 * word by word first; then, when the value itself fits in 64 bits (its high word is its low
 * word's sign, or 0 when unsigned), the other cases are an ordinary switch on the low word.
 */
final class Int128Switch {
    private Int128Switch() {}

    /** The low word of the value and the cases left for the switch on it. */
    record Narrow(Value low, List<Stmt.Case> cases) {}

    private static final BigInteger MIN_LONG = BigInteger.valueOf(Long.MIN_VALUE),
            MAX_LONG = BigInteger.valueOf(Long.MAX_VALUE),
            MAX_ULONG = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /** Emits the wide cases' comparisons and the fit check (else dflt); the builder is left where the narrow switch goes. */
    static Narrow dispatch(FunctionLowering f, Value addr, boolean unsigned, List<Stmt.Case> cases, BasicBlock dflt) {
        IrBuilder b = f.b;
        Value low = b.load(IrType.I64, addr), high = b.load(IrType.I64, f.at(addr, 8));
        List<Stmt.Case> narrow = new ArrayList<>();
        for (Stmt.Case c : cases) {
            if (fits(c.wideLo(), unsigned) && fits(c.wideHi(), unsigned)) {
                narrow.add(c);
                continue;
            }
            Value in = c.wideLo().equals(c.wideHi())
                    ? b.binary(
                            Insn.BinOp.AND,
                            b.cmp(Insn.CmpOp.EQ, high, word(c.wideLo(), 1)),
                            b.cmp(Insn.CmpOp.EQ, low, word(c.wideLo(), 0)))
                    : b.binary(
                            Insn.BinOp.AND,
                            atLeast(b, high, low, c.wideLo(), unsigned),
                            atLeast(b, word(c.wideHi(), 1), word(c.wideHi(), 0), high, low, unsigned));
            BasicBlock next = b.newBlock("sw.wide");
            b.condBr(in, f.caseBlocks.get(c), next);
            b.setBlock(next);
        }
        Value sign = unsigned ? IntConst.i64(0) : b.binary(Insn.BinOp.SHR, low, IntConst.i64(63));
        BasicBlock small = b.newBlock("sw.narrow");
        b.condBr(b.cmp(Insn.CmpOp.EQ, high, sign), small, dflt);
        b.setBlock(small);
        return new Narrow(low, narrow);
    }

    private static boolean fits(BigInteger v, boolean unsigned) {
        return unsigned
                ? v.signum() >= 0 && v.compareTo(MAX_ULONG) <= 0
                : v.compareTo(MIN_LONG) >= 0 && v.compareTo(MAX_LONG) <= 0;
    }

    /** Word i (0: low, 1: high) of the 128-bit value v. */
    private static Value word(BigInteger v, int i) {
        return IntConst.i64(v.shiftRight(64 * i).longValue());
    }

    /** (high:low) >= v. */
    private static Value atLeast(IrBuilder b, Value high, Value low, BigInteger v, boolean unsigned) {
        return atLeast(b, high, low, word(v, 1), word(v, 0), unsigned);
    }

    /** (aHigh:aLow) >= (bHigh:bLow): the high words compared by the type's sign, the low words unsigned. */
    private static Value atLeast(IrBuilder b, Value aHigh, Value aLow, Value bHigh, Value bLow, boolean unsigned) {
        Value above = b.cmp(unsigned ? Insn.CmpOp.UGT : Insn.CmpOp.GT, aHigh, bHigh);
        Value same = b.cmp(Insn.CmpOp.EQ, aHigh, bHigh);
        return b.binary(Insn.BinOp.OR, above, b.binary(Insn.BinOp.AND, same, b.cmp(Insn.CmpOp.UGE, aLow, bLow)));
    }
}
