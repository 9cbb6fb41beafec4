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

/**
 * The {@code __builtin_*} calls the parser leaves to run time (parse/BuiltinCalls), as plain IR:
 * byte swaps, bit counts (SWAR popcount; clz and ctz through it), floating-point classification
 * on the bits of the value, quiet comparisons, alloca. Nothing here calls a library, so the JVM
 * and the nvptx back ends compile them alike.
 */
final class BuiltinLowering {
    private final FunctionLowering f;
    private final Emit e;

    BuiltinLowering(FunctionLowering f) {
        this.f = f;
        this.e = f.e;
    }

    /** The value of builtin call c, or null when c is not one of these (void builtins give null too). */
    Value lower(Expr.Call c, String n) {
        if (jomp.compiler.preprocess.Extensions.ATOMIC_BUILTINS.contains(n)) return new AtomicLowering(f).builtin(c, n);
        List<Expr> a = c.args();
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
            default -> {}
        }
        if (n.startsWith("__builtin_bswap")) return bswap(f.rvalue(a.get(0)), Integer.parseInt(n.substring(15)));
        switch (n) {
            case "__builtin_clz", "__builtin_clzll" -> {
                return clz(f.rvalue(a.get(0)));
            }
            case "__builtin_ctz", "__builtin_ctzll" -> {
                return ctz(f.rvalue(a.get(0)));
            }
            case "__builtin_popcount", "__builtin_popcountll" -> {
                return toInt(popcount(f.rvalue(a.get(0))));
            }
            case "__builtin_parity", "__builtin_parityll" -> {
                return e.bin(Insn.BinOp.AND, toInt(popcount(f.rvalue(a.get(0)))), IntConst.i32(1));
            }
            case "__builtin_ffs", "__builtin_ffsll" -> {
                return ffs(f.rvalue(a.get(0)));
            }
            case "__builtin_clrsb", "__builtin_clrsbll" -> {
                Value x = f.rvalue(a.get(0));
                Value y = e.bin(
                        Insn.BinOp.XOR,
                        x,
                        e.bin(Insn.BinOp.SHR, x, k(x, x.type().bits() - 1)));
                return e.bin(Insn.BinOp.SUB, clz(y), IntConst.i32(1));
            }
            default -> {}
        }
        if (n.equals("__builtin_isgreater")
                || n.equals("__builtin_isgreaterequal")
                || n.equals("__builtin_isless")
                || n.equals("__builtin_islessequal")
                || n.equals("__builtin_islessgreater")
                || n.equals("__builtin_isunordered")) {
            Value x = f.rvalue(a.get(0)), y = f.rvalue(a.get(1));
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
        if (n.equals("__builtin_fpclassify")) return fpclassify(a);
        if (n.equals("__builtin_isnan")
                || n.equals("__builtin_isinf")
                || n.equals("__builtin_isfinite")
                || n.equals("__builtin_isnormal")
                || n.equals("__builtin_signbit")
                || n.equals("__builtin_isinf_sign")) {
            Value x = f.rvalue(a.get(0));
            if (n.equals("__builtin_isnan")) return e.cmp(Insn.CmpOp.NE, x, x);
            Fp fp = new Fp(x);
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
                    Value dir =
                            e.bin(Insn.BinOp.SUB, IntConst.i32(1), e.bin(Insn.BinOp.SHL, fp.sign(), IntConst.i32(1)));
                    yield e.bin(Insn.BinOp.MUL, inf, dir);
                }
            };
        }
        return null;
    }

    private static IntConst k(Value like, long v) {
        return new IntConst(like.type(), v);
    }

    private Value toInt(Value v) {
        return v.type() == IrType.I32 ? v : e.conv(Insn.ConvOp.TRUNC, v, IrType.I32);
    }

    /** Byte-reverses a 16-, 32- or 64-bit value (16-bit values arrive zero-extended in an i32). */
    private Value bswap(Value v, int bits) {
        if (bits == 16) {
            Value lo = e.bin(Insn.BinOp.SHL, e.bin(Insn.BinOp.AND, v, IntConst.i32(0xff)), IntConst.i32(8));
            Value hi = e.bin(Insn.BinOp.AND, e.bin(Insn.BinOp.USHR, v, IntConst.i32(8)), IntConst.i32(0xff));
            return e.bin(Insn.BinOp.OR, lo, hi);
        }
        // swap bytes within 16-bit halves, then halves within 32, then (for 64) words
        v = swapMasked(v, 8, bits == 32 ? 0x00ff00ffL : 0x00ff00ff00ff00ffL);
        v = swapMasked(v, 16, bits == 32 ? 0x0000ffffL : 0x0000ffff0000ffffL);
        if (bits == 64)
            v = e.bin(Insn.BinOp.OR, e.bin(Insn.BinOp.SHL, v, k(v, 32)), e.bin(Insn.BinOp.USHR, v, k(v, 32)));
        return v;
    }

    private Value swapMasked(Value v, int shift, long mask) {
        Value m = k(v, v.type() == IrType.I32 ? (int) mask : mask);
        Value left = e.bin(Insn.BinOp.SHL, e.bin(Insn.BinOp.AND, v, m), k(v, shift));
        Value right = e.bin(Insn.BinOp.AND, e.bin(Insn.BinOp.USHR, v, k(v, shift)), m);
        return e.bin(Insn.BinOp.OR, left, right);
    }

    /** The number of 1 bits (SWAR), in x's type. */
    private Value popcount(Value x) {
        boolean wide = x.type() == IrType.I64;
        long m1 = wide ? 0x5555555555555555L : 0x55555555L, m2 = wide ? 0x3333333333333333L : 0x33333333L;
        long m4 = wide ? 0x0f0f0f0f0f0f0f0fL : 0x0f0f0f0fL, h = wide ? 0x0101010101010101L : 0x01010101L;
        x = e.bin(
                Insn.BinOp.SUB,
                x,
                e.bin(Insn.BinOp.AND, e.bin(Insn.BinOp.USHR, x, k(x, 1)), k(x, wide ? m1 : (int) m1)));
        x = e.bin(
                Insn.BinOp.ADD,
                e.bin(Insn.BinOp.AND, x, k(x, wide ? m2 : (int) m2)),
                e.bin(Insn.BinOp.AND, e.bin(Insn.BinOp.USHR, x, k(x, 2)), k(x, wide ? m2 : (int) m2)));
        x = e.bin(
                Insn.BinOp.AND,
                e.bin(Insn.BinOp.ADD, x, e.bin(Insn.BinOp.USHR, x, k(x, 4))),
                k(x, wide ? m4 : (int) m4));
        return e.bin(
                Insn.BinOp.USHR,
                e.bin(Insn.BinOp.MUL, x, k(x, wide ? h : (int) h)),
                k(x, x.type().bits() - 8));
    }

    /** Trailing zeros: the ones below the lowest set bit, counted (x = 0 gives the width, as a total function). */
    private Value ctz(Value x) {
        Value low = e.bin(Insn.BinOp.AND, x, e.unary(Insn.UnOp.NEG, x));
        return toInt(popcount(e.bin(Insn.BinOp.SUB, low, k(x, 1))));
    }

    /** Leading zeros: every bit below the highest set one set, then the zeros left over counted. */
    private Value clz(Value x) {
        for (int s = 1; s < x.type().bits(); s *= 2) x = e.bin(Insn.BinOp.OR, x, e.bin(Insn.BinOp.USHR, x, k(x, s)));
        return e.bin(Insn.BinOp.SUB, IntConst.i32(x.type().bits()), toInt(popcount(x)));
    }

    /** ffs: one more than the index of the lowest set bit, 0 for 0. */
    private Value ffs(Value x) {
        Value r = e.bin(Insn.BinOp.ADD, ctz(x), IntConst.i32(1));
        Value nonzero = e.cmp(Insn.CmpOp.NE, x, k(x, 0));
        return e.bin(Insn.BinOp.AND, r, e.unary(Insn.UnOp.NEG, nonzero));
    }

    /** A floating value's bits, sign removed, with the IEEE constants of its width. */
    private final class Fp {
        final Value bits, abs;
        final boolean dbl;

        Fp(Value x) {
            dbl = x.type() == IrType.F64;
            bits = e.conv(Insn.ConvOp.BITCAST, x, dbl ? IrType.I64 : IrType.I32);
            abs = e.bin(Insn.BinOp.AND, bits, dbl ? IntConst.i64(Long.MAX_VALUE) : IntConst.i32(Integer.MAX_VALUE));
        }

        Value inf() {
            return dbl ? IntConst.i64(0x7ff0000000000000L) : IntConst.i32(0x7f800000);
        }

        Value minNormal() {
            return dbl ? IntConst.i64(0x0010000000000000L) : IntConst.i32(0x00800000);
        }

        Value sign() {
            return toInt(e.bin(Insn.BinOp.USHR, bits, dbl ? IntConst.i64(63) : IntConst.i32(31)));
        }
    }

    /** fpclassify(nan, infinite, normal, subnormal, zero, x): the argument for x's class. */
    private Value fpclassify(List<Expr> a) {
        Value[] cls = new Value[5];
        for (int i = 0; i < 5; i++) cls[i] = f.rvalue(a.get(i));
        Fp fp = new Fp(f.rvalue(a.get(5)));
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
