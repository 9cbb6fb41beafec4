package jomp.compiler.parse;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Var;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;
import jomp.compiler.type.Types;

/**
 * GNU's {@code transparent_union}: a parameter of such a union type takes an argument of any of
 * its members' types, passed as the union holding it (gcc's and clang's rule; glibc's
 * {@code __SOCKADDR_ARG} is one). The argument becomes a compound literal of the union.
 */
final class TransparentUnion {
    private TransparentUnion() {}

    /** The union value for argument a of parameter type pt, or null when pt is no transparent union or a is of it. */
    static Expr argument(Parser p, Expr a, Type pt) {
        if (pt.kind != Type.Kind.UNION || !pt.record.transparentUnion || a.type() == Parser.ERROR) return null;
        Type at = a.type().unqualified();
        if (at.isStructOrUnion() && at.record == pt.record) return null;
        Member chosen = null;
        for (Member m : pt.members()) {
            Type mt = m.type().unqualified();
            if (Types.compatibleUnqualified(mt, at) || mt.isPointer() && at.isPointer() && pointerFits(mt, at)) {
                chosen = m;
                break;
            }
        }
        if (chosen == null && Sema.isNullPointerConstant(a) && !pt.members().isEmpty())
            chosen = pt.members().get(0);
        if (chosen == null) return null; // the ordinary conversion reports the mismatch
        Expr v = p.sema.convert(a, chosen.type().unqualified());
        Var tmp = p.decls.syntheticLocal(pt, a.loc());
        tmp.addressTaken = true;
        Initializer init = new Initializer(
                pt, List.of(new Initializer.Item(chosen.offset(), chosen.type().unqualified(), v, null)));
        return new Expr.CompoundLiteral(tmp, init, pt, a.loc());
    }

    /** A pointer argument fits a pointer member when the pointees are compatible or the member's adds qualifiers, or either is void *. */
    private static boolean pointerFits(Type member, Type arg) {
        Type mb = member.base, ab = arg.base;
        if (mb.isVoid() || ab.isVoid()) return (mb.quals & ab.quals) == ab.quals;
        return Types.compatibleUnqualified(mb.unqualified(), ab.unqualified()) && (mb.quals & ab.quals) == ab.quals;
    }
}
