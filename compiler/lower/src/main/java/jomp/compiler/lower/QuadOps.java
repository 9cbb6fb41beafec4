package jomp.compiler.lower;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Binary128;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;

/**
 * {@code __float128}, which the IR has no type for: as {@code __int128}, a value lives in 16 bytes
 * of memory (low word first, as on x86-64) and is handled by address. Arithmetic, comparisons and
 * conversions are calls of the runtime's correctly rounded binary128 (jomp.runtime.libc.QuadCalls
 * over Quad), each writing its result to a temporary whose address it receives; negation and the
 * truth value work on the words in IR. So both back ends and the -O2 passes see only calls,
 * loads and stores.
 */
final class QuadOps {
    private final FunctionLowering f;
    private final Emit e;

    private static final FuncType
            BINARY = new FuncType(IrType.VOID, List.of(IrType.PTR, IrType.PTR, IrType.PTR, IrType.I32), false),
            UNARY = new FuncType(IrType.VOID, List.of(IrType.PTR, IrType.PTR), false),
            COMPARE = new FuncType(IrType.I32, List.of(IrType.PTR, IrType.PTR), false),
            FROM_F64 = new FuncType(IrType.VOID, List.of(IrType.PTR, IrType.F64), false),
            FROM_I64 = new FuncType(IrType.VOID, List.of(IrType.PTR, IrType.I64, IrType.I32), false),
            FROM_I128 = new FuncType(IrType.VOID, List.of(IrType.PTR, IrType.PTR, IrType.I32), false),
            TO_F64 = new FuncType(IrType.F64, List.of(IrType.PTR), false),
            TO_F32 = new FuncType(IrType.F32, List.of(IrType.PTR), false),
            TO_I64 = new FuncType(IrType.I64, List.of(IrType.PTR), false);

    QuadOps(FunctionLowering f) {
        this.f = f;
        this.e = f.e;
    }

    static boolean is(Type t) {
        return t.kind == Type.Kind.FLOAT128 && !t.isComplex;
    }

    private Value call(String name, FuncType sig, Value... args) {
        f.unit.useFunction(name, sig);
        return f.b.call(name, sig, List.of(args));
    }

    private Value newValue() {
        return f.slotAddr(f.temp(Type.FLOAT128));
    }

    private Value hi(Value a) {
        return f.b.load(IrType.I64, f.at(a, 8));
    }

    private Value make(Value lo, Value hi) {
        Value a = newValue();
        f.b.store(lo, a);
        f.b.store(hi, f.at(a, 8));
        return a;
    }

    /** A constant, stored as its words. */
    Value constant(Binary128 q) {
        return make(IntConst.i64(q.lo()), IntConst.i64(q.hi()));
    }

    /** An arithmetic value of another type converted to __float128. */
    Value from(Value v, Type from) {
        if (is(from)) return v;
        Value d = newValue();
        if (from.kind == Type.Kind.INT128) call(EntryPoints.Q_FROM_I128, FROM_I128, d, v, unsigned(from));
        else if (from.isFloat()) call(EntryPoints.Q_FROM_F64, FROM_F64, d, e.convert(v, from, Type.DOUBLE)); // exact
        else {
            boolean u = TypeMap.isUnsigned(from);
            call(EntryPoints.Q_FROM_I64, FROM_I64, d, e.convert(v, from, u ? Type.ULONG : Type.LONG), unsigned(from));
        }
        return d;
    }

    private static IntConst unsigned(Type t) {
        return IntConst.i32(TypeMap.isUnsigned(t) ? 1 : 0);
    }

    /** A __float128 value converted to another arithmetic type, rounded once (floating) or truncated (integers). */
    Value to(Value a, Type to) {
        if (is(to)) return a;
        if (to.kind == Type.Kind.BOOL) return truth(a);
        return switch (to.kind) {
            case FLOAT16 -> call(EntryPoints.Q_TO_F16, TO_F32, a);
            case FLOAT -> call(EntryPoints.Q_TO_F32, TO_F32, a);
            case DOUBLE, LDOUBLE -> call(EntryPoints.Q_TO_F64, TO_F64, a);
            case INT128 -> {
                Value d = f.slotAddr(f.temp(Type.INT128));
                call(EntryPoints.Q_TO_I128, UNARY, d, a);
                yield d;
            }
            default -> e.convert(call(EntryPoints.Q_TO_I64, TO_I64, a), Type.LONG, to);
        };
    }

    /** Non-zero (an i32 0 or 1) when a is (NaN included): any bit but the sign's set. */
    Value truth(Value a) {
        Value mag = e.bin(Insn.BinOp.AND, hi(a), IntConst.i64(Long.MAX_VALUE));
        return e.cmp(Insn.CmpOp.NE, e.bin(Insn.BinOp.OR, f.b.load(IrType.I64, a), mag), IntConst.i64(0));
    }

    Value negate(Value a) {
        return make(f.b.load(IrType.I64, a), e.bin(Insn.BinOp.XOR, hi(a), IntConst.i64(Long.MIN_VALUE)));
    }

    Value sqrt(Value a) {
        Value d = newValue();
        call(EntryPoints.Q_SQRT, UNARY, d, a);
        return d;
    }

    /** |a|, and a with b's sign: bit operations on the high word, as gcc's fabsq and copysignq. */
    Value fabs(Value a) {
        return make(f.b.load(IrType.I64, a), e.bin(Insn.BinOp.AND, hi(a), IntConst.i64(Long.MAX_VALUE)));
    }

    Value copysign(Value a, Value b) {
        Value mag = e.bin(Insn.BinOp.AND, hi(a), IntConst.i64(Long.MAX_VALUE));
        Value sign = e.bin(Insn.BinOp.AND, hi(b), IntConst.i64(Long.MIN_VALUE));
        return make(f.b.load(IrType.I64, a), e.bin(Insn.BinOp.OR, mag, sign));
    }

    /** Whether a or b is a NaN (an i32 0 or 1). */
    Value unordered(Value a, Value b) {
        return e.cmp(Insn.CmpOp.EQ, call(EntryPoints.Q_COMPARE, COMPARE, a, b), IntConst.i32(2));
    }

    /** a op b for + - * / (a __float128 result) and the comparisons (an i32 0 or 1; NaN unordered). */
    Value binary(Expr.Binary.Op op, Value a, Value b) {
        int code = switch (op) {
            case ADD -> 0;
            case SUB -> 1;
            case MUL -> 2;
            case DIV -> 3;
            default -> -1;
        };
        if (code >= 0) {
            Value d = newValue();
            call(EntryPoints.Q_BINARY, BINARY, d, a, b, IntConst.i32(code));
            return d;
        }
        // the runtime's answer: -1 below, 0 equal, 1 above, 2 unordered
        Value c = call(EntryPoints.Q_COMPARE, COMPARE, a, b);
        return switch (op) {
            case EQ -> e.cmp(Insn.CmpOp.EQ, c, IntConst.i32(0));
            case NE -> e.cmp(Insn.CmpOp.NE, c, IntConst.i32(0));
            case LT -> e.cmp(Insn.CmpOp.EQ, c, IntConst.i32(-1));
            case GT -> e.cmp(Insn.CmpOp.EQ, c, IntConst.i32(1));
            case LE -> e.cmp(Insn.CmpOp.ULE, e.bin(Insn.BinOp.ADD, c, IntConst.i32(1)), IntConst.i32(1));
            case GE -> e.cmp(Insn.CmpOp.ULE, c, IntConst.i32(1));
            default -> throw new IllegalStateException("__float128 " + op);
        };
    }
}
