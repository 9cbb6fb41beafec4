package jomp.compiler.parse;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Var;
import jomp.compiler.lex.Token;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * {@code __attribute__((cleanup(fn)))} on an automatic variable: the call {@code fn(&var)} that
 * lowering makes wherever the variable leaves its scope ({@link Var#cleanup}), checked as clang's
 * Sema checks the attribute: fn names a function of one parameter to which {@code &var} can be
 * assigned without a diagnostic.
 */
final class CleanupAttribute {
    private final Parser p;

    CleanupAttribute(Parser p) {
        this.p = p;
    }

    /** Gives v its cleanup call if one of the attributes is {@code cleanup} (v is an automatic variable). */
    void apply(Var v, List<GnuAttributes.Attribute> specifiers, List<GnuAttributes.Attribute> declarator) {
        for (List<GnuAttributes.Attribute> as : List.of(specifiers, declarator))
            for (GnuAttributes.Attribute a : as) if (a.is("cleanup")) v.cleanup = call(v, a);
    }

    private Expr call(Var v, GnuAttributes.Attribute a) {
        if (a.args().size() != 1) {
            p.diags.error(a.loc(), "'cleanup' attribute takes one argument");
            return null;
        }
        List<Token> arg = a.args().get(0);
        Token at = arg.isEmpty() ? a.nameTok() : arg.get(0);
        if (arg.size() != 1 || at.kind != Token.Kind.IDENT) {
            p.diags.error(at.loc, "'cleanup' argument is not a function");
            return null;
        }
        Object o = p.lookup(at.text);
        if (o == null) {
            p.diags.error(at.loc, "use of undeclared identifier '" + at.text + "'");
            return null;
        }
        if (!(o instanceof Var fn) || !fn.isFunction()) {
            p.diags.error(at.loc, "'cleanup' argument '" + at.text + "' is not a function");
            return null;
        }
        Type ft = fn.type;
        if (ft.params.size() != 1) {
            p.diags.error(at.loc, "'cleanup' function '" + at.text + "' must take 1 parameter");
            return null;
        }
        Type param = ft.params.get(0).unqualified();
        Type addr = Type.pointerTo(v.type);
        if (!assignable(param, addr)) {
            p.diags.error(
                    at.loc,
                    "'cleanup' function '" + at.text + "' parameter has type " + TypePrinter.quoteAka(param)
                            + " which is incompatible with type " + TypePrinter.quoteAka(addr));
            return null;
        }
        fn.used = true;
        v.used = true; // clang says nothing of an unused variable with a cleanup
        v.addressTaken = true;
        Expr self = new Expr.Unary(Expr.Unary.Op.ADDR, new Expr.VarRef(v, v.type, v.loc), addr, v.loc);
        Expr callee = p.exprs.rvalue(new Expr.VarRef(fn, ft, at.loc));
        return new Expr.Call(callee, List.of(p.sema.convert(self, param)), ft, fn, ft.base.unqualified(), at.loc);
    }

    /**
     * Can a pointer of type from be assigned to to with no diagnostic at all (clang's
     * CheckAssignmentConstraints giving Compatible): void pointers either way, compatible
     * pointees, no qualifier dropped; or a _Bool.
     */
    private static boolean assignable(Type to, Type from) {
        if (to.kind == Type.Kind.BOOL) return true;
        if (!to.isPointer()) return false;
        Type pt = to.base, pf = from.base;
        boolean either = pt.isVoid() || pf.isVoid();
        if (!either && !Types.compatibleUnqualified(pt.unqualified(), pf.unqualified())) return false;
        if (!either && pt.isAtomic() != pf.isAtomic()) return false;
        return (pf.quals & ~pt.quals & ~Type.ATOMIC) == 0;
    }
}
