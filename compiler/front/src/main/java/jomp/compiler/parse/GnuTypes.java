package jomp.compiler.parse;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;

/**
 * GNU type specifiers: {@code typeof}/{@code __typeof__}/{@code __typeof} of an expression or a
 * type name, clang's {@code __typeof_unqual__}, and {@code __auto_type}, whose declarator takes its
 * initializer's type.
 */
final class GnuTypes {
    private final Parser p;

    GnuTypes(Parser p) {
        this.p = p;
    }

    /** The placeholder type of {@code __auto_type}: the declarator takes its initializer's type. */
    static final Type AUTO_TYPE = Type.INT.withTypedefName("__auto_type");

    static boolean isAutoType(Type t) {
        return "__auto_type".equals(t.typedefName);
    }

    /** {@code __auto_type x = e}: x takes e's type (an rvalue's: arrays decay, qualifiers go) and e's value. */
    Initializer autoTyped(Parser.Declarator d, boolean isStatic) {
        if (!p.consume("="))
            throw p.errorAt(
                    d.name().loc,
                    "declaration of variable '" + d.name().text
                            + "' with deduced type '__auto_type' requires an initializer");
        Expr e = p.exprs.rvalue(p.exprs.assign());
        Type t = e.type().unqualified();
        if (t.isVoid()) p.diags.error(d.name().loc, "variable has incomplete type 'void'");
        if (isStatic && e.type() != Parser.ERROR && !ConstEval.isStaticInitializer(e))
            p.diags.error(e.loc(), "initializer element is not a compile-time constant");
        return new Initializer(t, List.of(new Initializer.Item(0, t, e, null)));
    }

    /** typeof ( expression ) or typeof ( type-name ): the type, without qualifiers for the _unqual forms. */
    Type typeofSpecifier(Token kw) {
        Token o = p.tok();
        p.expect("(");
        Type ty;
        if (p.isTypeName(p.tok())) ty = p.declarators.typeName();
        else {
            Expr e = p.exprs.expr();
            ty = e instanceof Expr.Member m && m.member().isBitField() ? m.type() : e.type();
        }
        p.expectClose(")", o);
        if (kw.text.contains("unqual"))
            ty = ty.kind == Type.Kind.ARRAY ? Type.arrayOf(ty.base.unqualified(), ty.arrayLen) : ty.unqualified();
        return ty;
    }
}
