package jomp.compiler.sema;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * Conversions and their diagnostics (C11 6.5.16.1 simple assignment constraints, used for
 * assignment, initialization, argument passing and return), conditional operator typing,
 * and printf/scanf format checking. Messages are clang 19's, word for word.
 */
public final class Sema {
    /** Where a value is converted "as if by assignment"; decides clang's wording. */
    public enum Context {
        INIT,
        ASSIGN,
        PASS,
        RETURN
    }

    /** The type of an expression that already produced an error; later checks stay silent about it. */
    public static final Type ERROR = Type.INT.withTypedefName("<error>");

    /** Is t the type given to an expression that already produced an error (so that no follow-up error is reported)? */
    public static boolean isError(Type t) {
        return "<error>".equals(t.typedefName);
    }

    private final Diagnostics diags;
    private final FormatChecker formats;

    public Sema(Diagnostics diags) {
        this.diags = diags;
        this.formats = new FormatChecker(diags);
    }

    /** An implicit conversion of an rvalue to t (no node when the types are the same). */
    public Expr convert(Expr e, Type t) {
        Type from = e.type();
        if (isError(from) || isError(t)) return e;
        Type to = t.unqualified();
        if (same(from, to)) return e;
        if (e instanceof Expr.IntLit lit && to.isInteger() && lit.type().isInteger() && to.kind != Type.Kind.INT128)
            return new Expr.IntLit(truncate(lit.value(), to), to, e.loc());
        return new Expr.Cast(e, to, true, e.loc());
    }

    /**
     * The integer promotion of a bit-field (6.3.1.1p2): a value of a bit-field's type whose values all fit in int
     * becomes an int, whatever the declared type (gcc so promotes unsigned, enum, long and long long bit-fields
     * narrower than int too). The value has that type when read, assigned, incremented or after a comma, as in gcc;
     * other operands come back as they are (promoting their type is the caller's).
     */
    public Expr promoteBitField(Expr e) {
        return bitFieldFitsInt(e) ? convert(e, Type.INT) : e;
    }

    /** Is e's value of a bit-field type narrower than int (signed: at most int's width)? */
    public static boolean bitFieldFitsInt(Expr e) {
        return switch (e) {
            case Expr.Assign a -> bitFieldFitsInt(a.target());
            case Expr.CompoundAssign a -> bitFieldFitsInt(a.target());
            case Expr.IncDec d -> bitFieldFitsInt(d.target());
            case Expr.Binary b when b.op() == Expr.Binary.Op.COMMA -> bitFieldFitsInt(b.right());
            case Expr.Member m
            when m.member().isBitField() && m.type().isInteger() && !m.type().isBitInt() -> { // C23: _BitInt ones stay
                Type t = m.type().kind == Type.Kind.ENUM ? Types.enumUnderlying(m.type()) : m.type();
                int width = m.member().bitWidth(), intBits = (int) Type.INT.size() * 8;
                yield t.isUnsigned ? width < intBits : width <= intBits;
            }
            default -> false;
        };
    }

    private static boolean same(Type a, Type b) {
        if (a.origin == b.origin) return true;
        if (a.kind != b.kind || a.isUnsigned != b.isUnsigned || a.isComplex != b.isComplex) return false;
        if (a.bitWidth() != b.bitWidth()) return false; // _BitInt(7) and signed char: one storage, other values
        if (a.kind == Type.Kind.PTR) return true; // all pointers share one representation
        if (a.isStructOrUnion() || a.kind == Type.Kind.ENUM) return a.record == b.record;
        return a.isArithmetic() || a.kind == Type.Kind.CHAR; // signedness is equal (checked above)
    }

    static long truncate(long v, Type t) {
        return ConstEval.truncate(v, t);
    }

    /** A null pointer constant (C11 6.3.2.3p3): an integer constant 0, possibly cast to void *. */
    public static boolean isNullPointerConstant(Expr e) {
        if (e instanceof Expr.Cast c && c.type().isPointer() && c.type().base.isVoid() && c.type().base.quals == 0)
            return isNullPointerConstant(c.operand());
        if (!e.type().isInteger()) return false;
        Long v = ConstEval.integer(e);
        return v != null && v == 0;
    }

    /**
     * Converts r (an rvalue) to target as by assignment, reporting what clang reports.
     * diagLoc is where clang points (the operator for assignment, the name for an initialized variable, else the expression).
     */
    public Expr assignConvert(Expr r, Type target, Context ctx, SourceLocation diagLoc, Expr written) {
        Type from = r.type(), to = target.unqualified();
        if (isError(from) || isError(to)) return r;
        // clang names arrays and functions by their own type, not the decayed pointer
        Type shown =
                written != null && (written.type().isArray() || written.type().isFunction()) ? written.type() : from;
        if (to.isArithmetic() && from.isArithmetic()) return convert(r, to);
        if (to.kind == Type.Kind.BOOL && from.isPointer()) return convert(r, to);
        if (to.isStructOrUnion() || from.isStructOrUnion() || from.isVoid()) {
            if (Types.compatibleUnqualified(from.unqualified(), to)) return r;
            String ts = quote(to), fs = quote(shown);
            diags.error(
                    diagLoc,
                    switch (ctx) {
                        case INIT -> "initializing " + ts + " with an expression of incompatible type " + fs;
                        case ASSIGN -> "assigning to " + ts + " from incompatible type " + fs;
                        case PASS -> "passing " + fs + " to parameter of incompatible type " + ts;
                        case RETURN -> "returning " + fs + " from a function with incompatible result type " + ts;
                    });
            return new Expr.IntLit(0, ERROR, r.loc());
        }
        if (to.isPointer()) {
            if (from.isPointer()) {
                Type pt = to.base, pf = from.base;
                // _Atomic T and T are different types (C11 6.2.5p27), not T with one more qualifier
                boolean ok =
                        (pt.isVoid() || pf.isVoid() || Types.compatibleUnqualified(pt.unqualified(), pf.unqualified()))
                                && (pt.isVoid() || pf.isVoid() || pt.isAtomic() == pf.isAtomic());
                if (!ok) {
                    boolean signOnly = pt.isInteger()
                            && pf.isInteger()
                            && pt.size() == pf.size()
                            && pt.kind == pf.kind
                            && pt.bitWidth() == pf.bitWidth();
                    if (signOnly)
                        diags.warning(
                                diagLoc,
                                phrase(ctx, to, shown, "")
                                        + " converts between pointers to integer types with different sign",
                                "-Wpointer-sign");
                    else
                        diags.warning(
                                diagLoc,
                                "incompatible pointer types " + phrase(ctx, to, shown, ""),
                                "-Wincompatible-pointer-types");
                } else if ((pf.quals & ~pt.quals) != 0) {
                    diags.warning(
                            diagLoc,
                            phrase(ctx, to, shown, "") + " discards qualifiers",
                            "-Wincompatible-pointer-types-discards-qualifiers");
                }
                return convert(r, to);
            }
            if (from.isInteger()) {
                if (isNullPointerConstant(r)) return convert(r, to);
                // clang's fix-it hint: &x would have the target type
                String hint = written != null
                                && Expr.isLvalue(written)
                                && Types.compatibleUnqualified(to.base.unqualified(), from.unqualified())
                        ? "; take the address with &"
                        : "";
                diags.defaultError(
                        diagLoc,
                        "incompatible integer to pointer conversion " + phrase(ctx, to, shown, "") + hint,
                        "-Wint-conversion");
                return convert(r, to);
            }
            diags.error(diagLoc, phrase(ctx, to, shown, "incompatible type"));
            return new Expr.IntLit(0, ERROR, r.loc());
        }
        if (to.isInteger() && from.isPointer()) {
            String hint = Types.compatibleUnqualified(from.base.unqualified(), to) ? "; dereference with *" : "";
            diags.defaultError(
                    diagLoc,
                    "incompatible pointer to integer conversion " + phrase(ctx, to, shown, "") + hint,
                    "-Wint-conversion");
            return convert(r, to);
        }
        diags.error(diagLoc, phrase(ctx, to, shown, "incompatible type"));
        return new Expr.IntLit(0, ERROR, r.loc());
    }

    private static String quote(Type t) {
        return TypePrinter.quoteAka(t);
    }

    /** clang's "initializing 'T' with an expression of type 'U'" and friends; adj ("incompatible type") for the error forms. */
    private static String phrase(Context ctx, Type to, Type from, String adj) {
        String ts = quote(to), fs = quote(from);
        if (adj.isEmpty()) {
            return switch (ctx) {
                case INIT -> "initializing " + ts + " with an expression of type " + fs;
                case ASSIGN -> "assigning to " + ts + " from " + fs;
                case PASS -> "passing " + fs + " to parameter of type " + ts;
                case RETURN -> "returning " + fs + " from a function with result type " + ts;
            };
        }
        return switch (ctx) {
            case INIT -> "initializing " + ts + " with an expression of incompatible type " + fs;
            case ASSIGN -> "assigning to " + ts + " from incompatible type " + fs;
            case PASS -> "passing " + fs + " to parameter of incompatible type " + ts;
            case RETURN -> "returning " + fs + " from a function with incompatible result type " + ts;
        };
    }

    /** c ? a : b (C11 6.5.15): the arms are converted to the result type. */
    public Expr conditional(Expr c, Expr a, Expr b, SourceLocation loc) {
        Type at = a.type(), bt = b.type();
        if (isError(c.type()) || isError(at) || isError(bt)) return new Expr.IntLit(0, ERROR, loc);
        Type t;
        if (at.isArithmetic() && bt.isArithmetic())
            t = Types.usualArithmetic(
                    promoteBitField(a).type(), promoteBitField(b).type());
        else if (at.isVoid() && bt.isVoid()) t = Type.VOID;
        else if (at.isStructOrUnion() && Types.compatibleUnqualified(at.unqualified(), bt.unqualified()))
            t = at.unqualified();
        else if (at.isPointer() && bt.isPointer()) {
            Type pa = at.base, pb = bt.base;
            int q = pa.quals | pb.quals;
            if (pa.isVoid() || pb.isVoid()) t = Type.pointerTo(Type.VOID.qualified(q));
            else if (Types.compatibleUnqualified(pa.unqualified(), pb.unqualified()))
                t = Type.pointerTo(
                        Types.composite(pa.unqualified(), pb.unqualified()).qualified(q));
            else {
                diags.warning(
                        loc,
                        "pointer type mismatch (" + quote(at) + " and " + quote(bt) + ")",
                        "-Wpointer-type-mismatch");
                t = Type.pointerTo(Type.VOID);
            }
        } else if (at.isPointer() && bt.isInteger() || at.isInteger() && bt.isPointer()) {
            Expr i = at.isInteger() ? a : b;
            t = at.isPointer() ? at.unqualified() : bt.unqualified();
            if (!isNullPointerConstant(i))
                diags.defaultError(
                        loc,
                        "incompatible operand types (" + quote(at) + " and " + quote(bt) + ")",
                        "-Wint-conversion");
        } else {
            diags.error(loc, "incompatible operand types (" + quote(at) + " and " + quote(bt) + ")");
            return new Expr.IntLit(0, ERROR, loc);
        }
        return new Expr.Cond(c, t.isVoid() ? a : convert(a, t), t.isVoid() ? b : convert(b, t), t, loc);
    }

    /** -Wformat for the printf and scanf families. written: the arguments as written (before promotion). */
    public void checkFormat(String function, List<Expr> written, List<Expr> converted, Type funcType) {
        if (!funcType.variadic) return;
        formats.check(function, written);
    }
}
