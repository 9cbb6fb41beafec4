package jomp.compiler.parse;

import jomp.compiler.ast.Expr;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;

/**
 * {@code __builtin_object_size(p, type)} as clang computes it without optimisation: the bytes from
 * p to the end of the object p points into, when that object is known from the expression (an
 * array, a variable's address, a member's, a string literal, plus a constant offset); for type 1
 * and 3 the innermost member; otherwise "unknown": -1 for types 0 and 1, 0 for 2 and 3.
 */
final class ObjectSize {
    private ObjectSize() {}

    static long of(Expr p, int type) {
        long unknown = type < 2 ? -1 : 0;
        long offset = 0;
        while (true) {
            switch (p) {
                case Expr.Cast c
                when c.type().isPointer() -> {
                    p = c.operand();
                    continue;
                }
                case Expr.Unary u
                when u.op() == Expr.Unary.Op.ADDR
                        && u.operand() instanceof Expr.Unary d
                        && d.op() == Expr.Unary.Op.DEREF -> {
                    p = d.operand();
                    continue;
                }
                case Expr.Binary b
                when b.type().isPointer()
                        && (b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB)
                        && ConstEval.integer(b.right()) != null -> {
                    long d = ConstEval.integer(b.right());
                    offset += b.op() == Expr.Binary.Op.ADD ? d : -d;
                    p = b.left();
                    continue;
                }
                default -> {}
            }
            break;
        }
        Expr obj = switch (p) {
            case Expr.Decay d -> d.operand();
            case Expr.Unary u when u.op() == Expr.Unary.Op.ADDR -> u.operand();
            default -> null;
        };
        if (obj == null) return unknown;
        long size;
        boolean subobject = (type & 1) != 0;
        // the whole object for types 0 and 2: walk out of members to the outermost known object
        while (!subobject
                && obj instanceof Expr.Member m
                && !(m.base() instanceof Expr.Unary u && u.op() == Expr.Unary.Op.DEREF)) {
            offset += m.member().offset();
            obj = m.base();
        }
        switch (obj) {
            case Expr.VarRef v -> size = v.type().size();
            case Expr.StrLit s -> size = s.bytes().length;
            case Expr.CompoundLiteral c -> size = c.type().size();
            case Expr.Member m -> size = m.type().size();
            default -> {
                return unknown;
            }
        }
        Type t = obj.type();
        if (size < 0 || t.kind == Type.Kind.VLA) return unknown;
        return offset < 0 || offset > size ? 0 : size - offset;
    }
}
