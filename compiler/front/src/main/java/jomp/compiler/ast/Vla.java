package jomp.compiler.ast;

import jomp.compiler.type.Type;

/**
 * The AST's side of a variable length array type: its length expression and the hidden local that
 * holds its size, which {@link Type} keeps as opaque handles because types stand below the AST.
 */
public final class Vla {
    private Vla() {}

    /** The VLA type elem[len]; len is converted to unsigned long. */
    public static Type of(Type elem, Expr len) {
        return Type.vlaOf(elem, len);
    }

    /** The length expression of the VLA type t. */
    public static Expr length(Type t) {
        return (Expr) t.vlaLength();
    }

    /** The hidden local holding sizeof t at run time, or null before its declaration is reached. */
    public static Var sizeVar(Type t) {
        return (Var) t.vlaSizeVar();
    }

    public static void setSizeVar(Type t, Var v) {
        t.setVlaSizeVar(v);
    }
}
