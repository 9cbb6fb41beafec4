package jomp.compiler.lower;

import java.math.BigInteger;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.sema.Int128Const;
import jomp.compiler.type.Type;
import jomp.compiler.type.Types;
import jomp.offload.abi.EntryPoints;

/**
 * {@code _BitInt(N)} of more than 128 bits: as {@code __int128}, a value lives in memory, here
 * (N + 63) / 64 little-endian 64-bit words (clang's x86-64 layout), and is handled by address. Each
 * operator and conversion is a call of the runtime's jomp.runtime.libc.BitIntCalls, which writes
 * the result to a temporary whose address it receives and keeps it sign- or zero-extended from
 * bit N; the -O2 passes see only calls, loads and stores. The GPU back end refuses the calls, as
 * clang's nvptx64 refuses the types.
 */
final class WideBitInts {
    private final FunctionLowering f;
    private final Emit e;

    private static final IrType P = IrType.PTR, I32 = IrType.I32, I64 = IrType.I64;
    private static final FuncType BINARY = sig(IrType.VOID, P, P, P, I32, I32, I32),
            SHIFT = sig(IrType.VOID, P, P, I64, I32, I32, I32),
            UNARY = sig(IrType.VOID, P, P, I32, I32, I32),
            COMPARE = sig(I32, P, P, I32, I32),
            TRUTH = sig(I32, P, I32),
            FROM_I64 = sig(IrType.VOID, P, I64, I32, I32, I32),
            CONVERT = sig(IrType.VOID, P, I32, I32, P, I32, I32),
            FROM_F64 = sig(IrType.VOID, P, IrType.F64, I32, I32),
            TO_F64 = sig(IrType.F64, P, I32, I32),
            TO_F32 = sig(IrType.F32, P, I32, I32);

    WideBitInts(FunctionLowering f) {
        this.f = f;
        this.e = f.e;
    }

    private static FuncType sig(IrType ret, IrType... params) {
        return new FuncType(ret, List.of(params), false);
    }

    static boolean is(Type t) {
        return t.isWideBitInt();
    }

    /** The bits of an integer type held in words: N of a _BitInt, 128 for __int128. */
    private static IntConst bits(Type t) {
        return IntConst.i32(Types.width(t));
    }

    private static IntConst unsigned(Type t) {
        return IntConst.i32(TypeMap.isUnsigned(t) ? 1 : 0);
    }

    private Value call(String name, FuncType sig, Value... args) {
        f.unit.useFunction(name, sig);
        return f.b.call(name, sig, List.of(args));
    }

    private Value newValue(Type t) {
        return f.slotAddr(f.temp(t.unqualified()));
    }

    /** A constant, stored as its words. */
    Value constant(BigInteger v, Type t) {
        Value a = newValue(t);
        long[] w = Int128Const.words(v, (int) (t.size() / 8));
        for (int i = 0; i < w.length; i++) f.b.store(IntConst.i64(w[i]), f.at(a, 8L * i));
        return a;
    }

    /** A value of another arithmetic or pointer type converted to wide _BitInt to. */
    Value from(Value v, Type from, Type to) {
        Value d = newValue(to);
        if (is(from) || from.kind == Type.Kind.INT128)
            call(EntryPoints.BI_CONVERT, CONVERT, d, bits(to), unsigned(to), v, bits(from), unsigned(from));
        else if (from.isFloat())
            call(EntryPoints.BI_FROM_F64, FROM_F64, d, f.convertValue(v, from, Type.DOUBLE), bits(to), unsigned(to));
        else {
            boolean u = TypeMap.isUnsigned(from);
            Value w = e.convert(v, from, u ? Type.ULONG : Type.LONG);
            if (w.type() == IrType.PTR) w = e.conv(Insn.ConvOp.BITCAST, w, IrType.I64);
            call(EntryPoints.BI_FROM_I64, FROM_I64, d, w, bits(to), unsigned(to), unsigned(from));
        }
        return d;
    }

    /** A wide _BitInt converted to another arithmetic type (floating: rounded once to nearest even). */
    Value to(Value a, Type from, Type to) {
        if (to.kind == Type.Kind.BOOL) return truth(a, from);
        if (is(to) || to.kind == Type.Kind.INT128) {
            Value d = newValue(to);
            call(EntryPoints.BI_CONVERT, CONVERT, d, bits(to), unsigned(to), a, bits(from), unsigned(from));
            return d;
        }
        if (to.kind == Type.Kind.FLOAT16)
            return HalfFloats.round(e, call(EntryPoints.BI_TO_F32, TO_F32, a, bits(from), unsigned(from)));
        if (to.kind == Type.Kind.FLOAT) return call(EntryPoints.BI_TO_F32, TO_F32, a, bits(from), unsigned(from));
        if (to.isFloat()) return call(EntryPoints.BI_TO_F64, TO_F64, a, bits(from), unsigned(from));
        // an integer or pointer: the low word, truncated as the narrower type reads it
        return f.convertValue(f.b.load(IrType.I64, a), Type.ULONG, to);
    }

    /** Non-zero (an i32 0 or 1) when a is. */
    Value truth(Value a, Type t) {
        return call(EntryPoints.BI_TRUTH, TRUTH, a, bits(t));
    }

    Value unary(Expr.Unary.Op op, Value a, Type t) {
        Value d = newValue(t);
        call(EntryPoints.BI_UNARY, UNARY, d, a, bits(t), IntConst.i32(op == Expr.Unary.Op.NEG ? 0 : 1), unsigned(t));
        return d;
    }

    /** A switch on a wide value: its cases (and GNU case ranges) compared in turn, else dflt. */
    void dispatch(Value v, Type t, List<Stmt.Case> cases, BasicBlock dflt) {
        for (Stmt.Case c : cases) {
            Value in = c.wideLo().equals(c.wideHi())
                    ? binary(Expr.Binary.Op.EQ, v, constant(c.wideLo(), t), t, t)
                    : e.bin(
                            Insn.BinOp.AND,
                            binary(Expr.Binary.Op.GE, v, constant(c.wideLo(), t), t, t),
                            binary(Expr.Binary.Op.LE, v, constant(c.wideHi(), t), t, t));
            BasicBlock next = f.b.newBlock("sw.wide");
            f.b.condBr(in, f.caseBlocks.get(c), next);
            f.b.setBlock(next);
        }
        f.b.br(dflt);
    }

    /** a op b on operands converted to t (a shift's count of its own type): a value of t, or an i32 0 or 1. */
    Value binary(Expr.Binary.Op op, Value a, Value b, Type t, Type countType) {
        int code = switch (op) {
            case ADD -> 0;
            case SUB -> 1;
            case MUL -> 2;
            case DIV -> 3;
            case MOD -> 4;
            case BITAND -> 5;
            case BITOR -> 6;
            case BITXOR -> 7;
            default -> -1;
        };
        if (code >= 0) {
            Value d = newValue(t);
            call(EntryPoints.BI_BINARY, BINARY, d, a, b, bits(t), IntConst.i32(code), unsigned(t));
            return d;
        }
        if (op == Expr.Binary.Op.SHL || op == Expr.Binary.Op.SHR) {
            Value d = newValue(t);
            Value count = is(countType) || countType.kind == Type.Kind.INT128
                    ? f.b.load(IrType.I64, b) // a count below N fits its low word
                    : e.convert(b, countType, TypeMap.isUnsigned(countType) ? Type.ULONG : Type.LONG);
            call(
                    EntryPoints.BI_SHIFT,
                    SHIFT,
                    d,
                    a,
                    count,
                    bits(t),
                    IntConst.i32(op == Expr.Binary.Op.SHL ? 0 : 1),
                    unsigned(t));
            return d;
        }
        Value c = call(EntryPoints.BI_COMPARE, COMPARE, a, b, bits(t), unsigned(t));
        Insn.CmpOp cmp = switch (op) {
            case EQ -> Insn.CmpOp.EQ;
            case NE -> Insn.CmpOp.NE;
            case LT -> Insn.CmpOp.LT;
            case LE -> Insn.CmpOp.LE;
            case GT -> Insn.CmpOp.GT;
            case GE -> Insn.CmpOp.GE;
            default -> throw new IllegalStateException("_BitInt(" + Types.width(t) + ") " + op);
        };
        return e.cmp(cmp, c, IntConst.i32(0));
    }
}
