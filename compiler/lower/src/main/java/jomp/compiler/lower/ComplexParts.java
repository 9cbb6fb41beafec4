package jomp.compiler.lower;

import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;

/**
 * The parts of a complex value (held at an address), read and written as their C type: a
 * {@code _Complex _Float16}'s binary16 halves become float registers (rounded once when stored),
 * float's and double's are loaded as they are.
 */
final class ComplexParts {
    private ComplexParts() {}

    /** The real part of the complex value at v, of type t, as a register value. */
    static Value re(FunctionLowering f, Value v, Type t) {
        return f.load(v, t.base);
    }

    /** The imaginary part. */
    static Value im(FunctionLowering f, Value v, Type t) {
        return f.load(f.at(v, t.base.size()), t.base);
    }

    /** A new complex value of type t (a temporary's address) from register values of its parts. */
    static Value make(FunctionLowering f, Type t, Value re, Value im) {
        Value a = f.slotAddr(f.temp(t));
        f.store(a, re, t.base);
        f.store(f.at(a, t.base.size()), im, t.base);
        return a;
    }

    /** GNU's ~z: the complex conjugate of the value at v, of type t. */
    static Value conjugate(FunctionLowering f, Value v, Type t) {
        return make(f, t, re(f, v, t), f.e.unary(Insn.UnOp.NEG, im(f, v, t)));
    }

    /** Whether t is {@code _Complex _Float16}, whose arithmetic is float complex's, rounded to binary16 (gcc's). */
    static boolean half(Type t) {
        return t.isComplex && t.kind == Type.Kind.FLOAT16;
    }
}
