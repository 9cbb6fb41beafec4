package jomp.compiler.lower;

import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * The {@code __builtin_*} calls the parser leaves to run time (parse/BuiltinCalls), as plain IR:
 * byte swaps and bit counts (the IR's ctz, clz, popcount and bswap), floating-point
 * classification on the bits of the value, quiet comparisons, alloca. Nothing here calls a
 * library, so the JVM and the nvptx back ends compile them alike.
 */
final class BuiltinLowering {
    private final FunctionLowering f;
    private final Emit e;

    BuiltinLowering(FunctionLowering f) {
        this.f = f;
        this.e = f.e;
    }

    private static final Set<String> BITS = Set.of(
            "__builtin_clz",
            "__builtin_clzll",
            "__builtin_ctz",
            "__builtin_ctzll",
            "__builtin_popcount",
            "__builtin_popcountll",
            "__builtin_parity",
            "__builtin_parityll",
            "__builtin_ffs",
            "__builtin_ffsll",
            "__builtin_clrsb",
            "__builtin_clrsbll");
    private static final Set<String> QUIET_COMPARISONS = Set.of(
            "__builtin_isgreater",
            "__builtin_isgreaterequal",
            "__builtin_isless",
            "__builtin_islessequal",
            "__builtin_islessgreater",
            "__builtin_isunordered");
    private static final Set<String> CLASSIFICATIONS = Set.of(
            "__builtin_isnan",
            "__builtin_isinf",
            "__builtin_isfinite",
            "__builtin_isnormal",
            "__builtin_signbit",
            "__builtin_isinf_sign");

    /** The value of builtin call c, or null when c is not one of these (void builtins give null too). */
    Value lower(Expr.Call c, String n) {
        if (jomp.compiler.preprocess.Extensions.ATOMIC_BUILTINS.contains(n)) return new AtomicLowering(f).builtin(c, n);
        List<Expr> a = c.args();
        if (n.startsWith("__builtin_bswap")) return bswap(f.rvalue(a.get(0)), Integer.parseInt(n.substring(15)));
        if (BITS.contains(n))
            return bits(n.replaceFirst("^__builtin_", "").replaceFirst("ll$", ""), f.rvalue(a.get(0)));
        if (QUIET_COMPARISONS.contains(n) && QuadOps.is(a.get(0).type()))
            return quadCompare(n, f.rvalue(a.get(0)), f.rvalue(a.get(1)));
        if (QUIET_COMPARISONS.contains(n)) return quietCompare(n, f.rvalue(a.get(0)), f.rvalue(a.get(1)));
        if (n.equals("__builtin_fpclassify")) return fpclassify(a);
        if (n.equals("__builtin_isfpclass")) return isFpClass(f.rvalue(a.get(0)), ((Expr.IntLit) a.get(1)).value());
        if (CLASSIFICATIONS.contains(n)) return classify(n, fp(a.get(0)));
        switch (n) {
            case "__builtin_fabsq", "__builtin_fabsf128" -> {
                return f.quad().fabs(f.rvalue(a.get(0)));
            }
            case "__builtin_copysignq", "__builtin_copysignf128" -> {
                return f.quad().copysign(f.rvalue(a.get(0)), f.rvalue(a.get(1)));
            }
            case "__builtin_sqrtf128" -> {
                return f.quad().sqrt(f.rvalue(a.get(0)));
            }
            default -> {}
        }
        return stack(n, a);
    }

    /** unreachable, prefetch and alloca: control and the stack; null for any other name. */
    private Value stack(String n, List<Expr> a) {
        switch (n) {
            case "__builtin_unreachable" -> {
                // reaching it is undefined; jomp stops the program there as __builtin_trap does (SIGILL)
                f.b.call("__builtin_trap", new FuncType(IrType.VOID, List.of(), false), List.of());
                f.unit.useFunction("__builtin_trap", new FuncType(IrType.VOID, List.of(), false));
                return null;
            }
            case "__builtin_prefetch" -> {
                f.rvalue(a.get(0));
                return null;
            }
            case "__builtin_alloca" -> {
                Value size = f.rvalue(a.get(0));
                int align = a.size() > 1 ? (int) ((Expr.IntLit) a.get(1)).value() : 16;
                return f.b.alloca(size, Math.max(16, align));
            }
            default -> {
                return null;
            }
        }
    }

    /**
     * clz, ctz, popcount, parity, ffs, clrsb of an i32 or i64 (the parser made the l forms ll):
     * int results, through the IR's bit operations, which the JVM compiles to single instructions.
     * clz and ctz of 0 are undefined in C; here they give the width, as lzcnt and tzcnt do.
     */
    private Value bits(String op, Value x) {
        return switch (op) {
            case "clz" -> count(Insn.UnOp.CLZ, x);
            case "ctz" -> count(Insn.UnOp.CTZ, x);
            case "popcount" -> count(Insn.UnOp.POPCOUNT, x);
            case "parity" -> e.bin(Insn.BinOp.AND, count(Insn.UnOp.POPCOUNT, x), IntConst.i32(1));
            // the width less the leading zeros of the lowest set bit alone: 0 for 0
            case "ffs" ->
                e.bin(
                        Insn.BinOp.SUB,
                        IntConst.i32(x.type().bits()),
                        count(Insn.UnOp.CLZ, e.bin(Insn.BinOp.AND, x, e.unary(Insn.UnOp.NEG, x))));
            default -> { // clrsb: the leading bits equal to the sign bit, less one
                Value y = e.bin(
                        Insn.BinOp.XOR,
                        x,
                        e.bin(Insn.BinOp.SHR, x, k(x, x.type().bits() - 1)));
                yield e.bin(Insn.BinOp.SUB, count(Insn.UnOp.CLZ, y), IntConst.i32(1));
            }
        };
    }

    private Value count(Insn.UnOp op, Value x) {
        return toInt(e.unary(op, x));
    }

    /** The comparisons that raise no invalid-operation exception: on the JVM no comparison does. */
    private Value quietCompare(String n, Value x, Value y) {
        return switch (n) {
            case "__builtin_isgreater" -> e.cmp(Insn.CmpOp.GT, x, y);
            case "__builtin_isgreaterequal" -> e.cmp(Insn.CmpOp.GE, x, y);
            case "__builtin_isless" -> e.cmp(Insn.CmpOp.LT, x, y);
            case "__builtin_islessequal" -> e.cmp(Insn.CmpOp.LE, x, y);
            case "__builtin_islessgreater" ->
                e.bin(Insn.BinOp.OR, e.cmp(Insn.CmpOp.LT, x, y), e.cmp(Insn.CmpOp.GT, x, y));
            default -> e.bin(Insn.BinOp.OR, e.cmp(Insn.CmpOp.NE, x, x), e.cmp(Insn.CmpOp.NE, y, y));
        };
    }

    /** The quiet comparisons of __float128 operands: every comparison of the runtime's is quiet. */
    private Value quadCompare(String n, Value x, Value y) {
        QuadOps q = f.quad();
        return switch (n) {
            case "__builtin_isgreater" -> q.binary(Expr.Binary.Op.GT, x, y);
            case "__builtin_isgreaterequal" -> q.binary(Expr.Binary.Op.GE, x, y);
            case "__builtin_isless" -> q.binary(Expr.Binary.Op.LT, x, y);
            case "__builtin_islessequal" -> q.binary(Expr.Binary.Op.LE, x, y);
            case "__builtin_islessgreater" ->
                e.bin(Insn.BinOp.OR, q.binary(Expr.Binary.Op.LT, x, y), q.binary(Expr.Binary.Op.GT, x, y));
            default -> q.unordered(x, y);
        };
    }

    /** The operand of a classification, by its bits. */
    private Fp fp(Expr x) {
        Value v = f.rvalue(x);
        if (!QuadOps.is(x.type())) return new Fp(v);
        return new Fp(f.b.load(IrType.I64, f.at(v, 8)), f.b.load(IrType.I64, v));
    }

    /** isnan, isinf, isfinite, isnormal, signbit, isinf_sign: on the bits of x. */
    private Value classify(String n, Fp fp) {
        if (n.equals("__builtin_isnan")) return e.cmp(Insn.CmpOp.GT, fp.abs, fp.inf());
        return switch (n) {
            case "__builtin_isinf" -> e.cmp(Insn.CmpOp.EQ, fp.abs, fp.inf());
            case "__builtin_isfinite" -> e.cmp(Insn.CmpOp.LT, fp.abs, fp.inf());
            case "__builtin_isnormal" ->
                e.bin(
                        Insn.BinOp.AND,
                        e.cmp(Insn.CmpOp.GE, fp.abs, fp.minNormal()),
                        e.cmp(Insn.CmpOp.LT, fp.abs, fp.inf()));
            case "__builtin_signbit" -> fp.sign();
            default -> { // isinf_sign: 1 for +inf, -1 for -inf, else 0
                Value inf = e.cmp(Insn.CmpOp.EQ, fp.abs, fp.inf());
                Value dir = e.bin(Insn.BinOp.SUB, IntConst.i32(1), e.bin(Insn.BinOp.SHL, fp.sign(), IntConst.i32(1)));
                yield e.bin(Insn.BinOp.MUL, inf, dir);
            }
        };
    }

    private static IntConst k(Value like, long v) {
        return new IntConst(like.type(), v);
    }

    private Value toInt(Value v) {
        return v.type() == IrType.I32 ? v : e.conv(Insn.ConvOp.TRUNC, v, IrType.I32);
    }

    /** Byte-reverses a 16-, 32- or 64-bit value (16-bit values arrive in an i32: their bytes end in the top half). */
    private Value bswap(Value v, int bits) {
        Value r = e.unary(Insn.UnOp.BSWAP, v);
        return bits == 16 ? e.bin(Insn.BinOp.USHR, r, IntConst.i32(16)) : r;
    }

    /**
     * A floating value's bits, sign removed, with the IEEE constants of its width, ordered as the
     * classes are (NaN above infinity, normal from the least normal, zero 0). A __float128 has its
     * high word here, with the last bit set when the low word is non-zero: the same order.
     */
    private final class Fp {
        final Value bits, abs;
        final boolean dbl, quad;

        Fp(Value x) {
            dbl = x.type() == IrType.F64;
            quad = false;
            bits = e.conv(Insn.ConvOp.BITCAST, x, dbl ? IrType.I64 : IrType.I32);
            abs = e.bin(Insn.BinOp.AND, bits, dbl ? IntConst.i64(Long.MAX_VALUE) : IntConst.i32(Integer.MAX_VALUE));
        }

        Fp(Value hi, Value lo) {
            dbl = true;
            quad = true;
            bits = hi;
            Value low = e.conv(Insn.ConvOp.ZEXT, e.cmp(Insn.CmpOp.NE, lo, IntConst.i64(0)), IrType.I64);
            abs = e.bin(Insn.BinOp.OR, e.bin(Insn.BinOp.AND, hi, IntConst.i64(Long.MAX_VALUE)), low);
        }

        Value inf() {
            if (quad) return IntConst.i64(0x7fff000000000000L);
            return dbl ? IntConst.i64(0x7ff0000000000000L) : IntConst.i32(0x7f800000);
        }

        Value minNormal() {
            if (quad) return IntConst.i64(0x0001000000000000L);
            return dbl ? IntConst.i64(0x0010000000000000L) : IntConst.i32(0x00800000);
        }

        Value sign() {
            return toInt(e.bin(Insn.BinOp.USHR, bits, dbl ? IntConst.i64(63) : IntConst.i32(31)));
        }
    }

    /**
     * isfpclass(x, mask): x's class as one of clang's __FPCLASS_* bits (signalling NaN 1, quiet NaN 2,
     * then -inf, -normal, -subnormal, -0, +0, +subnormal, +normal, +inf from 4 to 512), tested against
     * mask: a NaN is quiet when its top mantissa bit is set (x86-64's and IEEE 754-2008's reading).
     */
    private Value isFpClass(Value x, long mask) {
        Fp fp = new Fp(x);
        Value sign = fp.sign();
        Value zero = fp.dbl ? IntConst.i64(0) : IntConst.i32(0);
        Value quietBit = fp.dbl ? IntConst.i64(1L << 51) : IntConst.i32(1 << 22);
        Value quiet = e.cmp(Insn.CmpOp.NE, e.bin(Insn.BinOp.AND, fp.abs, quietBit), zero);
        Value nan = LoopNest.select(f, quiet, IntConst.i32(2), IntConst.i32(1));
        // the sign picks the class's negative bit or its mirror: bit 2+i for -, 9-i for + (i: inf 0 .. zero 3)
        Value[] signed = new Value[4];
        for (int i = 0; i < 4; i++)
            signed[i] = LoopNest.select(f, sign, IntConst.i32(1 << (2 + i)), IntConst.i32(1 << (9 - i)));
        Value cls = LoopNest.select(
                f,
                e.cmp(Insn.CmpOp.NE, fp.abs, zero),
                LoopNest.select(f, e.cmp(Insn.CmpOp.GE, fp.abs, fp.minNormal()), signed[1], signed[2]),
                signed[3]);
        cls = LoopNest.select(f, e.cmp(Insn.CmpOp.EQ, fp.abs, fp.inf()), signed[0], cls);
        cls = LoopNest.select(f, e.cmp(Insn.CmpOp.GT, fp.abs, fp.inf()), nan, cls);
        return e.cmp(Insn.CmpOp.NE, e.bin(Insn.BinOp.AND, cls, IntConst.i32(mask)), IntConst.i32(0));
    }

    /** fpclassify(nan, infinite, normal, subnormal, zero, x): the argument for x's class. */
    private Value fpclassify(List<Expr> a) {
        Value[] cls = new Value[5];
        for (int i = 0; i < 5; i++) cls[i] = f.rvalue(a.get(i));
        Fp fp = fp(a.get(5));
        Reg r = f.fn.newReg(IrType.I32, "fpclass");
        BasicBlock done = f.b.newBlock("fpclass.done");
        // tests in order: nan (abs > inf), infinite (== inf), normal (>= min normal), subnormal (!= 0), zero
        Insn.CmpOp[] ops = {Insn.CmpOp.GT, Insn.CmpOp.EQ, Insn.CmpOp.GE, Insn.CmpOp.NE};
        Value[] against = {fp.inf(), fp.inf(), fp.minNormal(), fp.dbl ? IntConst.i64(0) : IntConst.i32(0)};
        for (int i = 0; i < 4; i++) {
            BasicBlock yes = f.b.newBlock("fpclass.is"), no = f.b.newBlock("fpclass.not");
            f.b.condBr(e.cmp(ops[i], fp.abs, against[i]), yes, no);
            f.b.setBlock(yes);
            f.b.copy(r, cls[i]);
            f.b.br(done);
            f.b.setBlock(no);
        }
        f.b.copy(r, cls[4]);
        f.b.br(done);
        f.b.setBlock(done);
        return r;
    }
}
