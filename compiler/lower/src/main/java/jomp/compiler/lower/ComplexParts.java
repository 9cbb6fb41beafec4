package jomp.compiler.lower;

import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Binary128;
import jomp.compiler.type.Type;

/**
 * The parts of a complex value (held at an address), read and written as their C type: a
 * {@code _Complex _Float16}'s binary16 halves become float registers (rounded once when stored),
 * float's and double's are loaded as they are, and a {@code _Complex __float128}'s halves are
 * __float128 values, which are handled by address (QuadOps): a part is its address in the pair.
 */
final class ComplexParts {
    private ComplexParts() {}

    /** The real part of the complex value at v, of type t, as a register value. */
    static Value re(FunctionLowering f, Value v, Type t) {
        return TypeMap.inMemory(t.base) ? v : f.load(v, t.base);
    }

    /** The imaginary part. */
    static Value im(FunctionLowering f, Value v, Type t) {
        Value a = f.at(v, t.base.size());
        return TypeMap.inMemory(t.base) ? a : f.load(a, t.base);
    }

    /** A new complex value of type t (a temporary's address) from register values of its parts. */
    static Value make(FunctionLowering f, Type t, Value re, Value im) {
        Value a = f.slotAddr(f.temp(t));
        f.store(a, re, t.base);
        f.store(f.at(a, t.base.size()), im, t.base);
        return a;
    }

    /** A zero of real floating type e, as a register value (a __float128's address). */
    static Value zero(FunctionLowering f, Type e) {
        return QuadOps.is(e) ? f.quad().constant(Binary128.ZERO) : Emit.zero(TypeMap.reg(e));
    }

    /** -x for a part x of real floating type e. */
    static Value negatePart(FunctionLowering f, Value x, Type e) {
        return QuadOps.is(e) ? f.quad().negate(x) : f.e.unary(Insn.UnOp.NEG, x);
    }

    /** -z for the value at v, of type t. */
    static Value negate(FunctionLowering f, Value v, Type t) {
        return make(f, t, negatePart(f, re(f, v, t), t.base), negatePart(f, im(f, v, t), t.base));
    }

    /** GNU's ~z: the complex conjugate of the value at v, of type t. */
    static Value conjugate(FunctionLowering f, Value v, Type t) {
        return make(f, t, re(f, v, t), negatePart(f, im(f, v, t), t.base));
    }

    /** Whether the value at v, of type t, is non-zero: an i32 0 or 1 (either part non-zero). */
    static Value truth(FunctionLowering f, Value v, Type t) {
        Value re = re(f, v, t), im = im(f, v, t);
        if (QuadOps.is(t.base))
            return f.e.bin(Insn.BinOp.OR, f.quad().truth(re), f.quad().truth(im));
        IrType el = TypeMap.reg(t.base);
        return f.e.bin(
                Insn.BinOp.OR, f.e.cmp(Insn.CmpOp.NE, re, Emit.zero(el)), f.e.cmp(Insn.CmpOp.NE, im, Emit.zero(el)));
    }

    /** Whether t is {@code _Complex _Float16}, whose arithmetic is float complex's, rounded to binary16 (gcc's). */
    static boolean half(Type t) {
        return t.isComplex && t.kind == Type.Kind.FLOAT16;
    }
}
