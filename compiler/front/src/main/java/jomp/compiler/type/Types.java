package jomp.compiler.type;

import java.util.ArrayList;
import java.util.List;

/** C's conversion rules on types (C11 6.3) and type compatibility (6.2.7), as chibicc's type.c. */
public final class Types {
    private Types() {}

    /** Integer promotion (6.3.1.1p2): types of rank below int become int (bit-fields: Sema.promoteBitField). */
    public static Type promote(Type t) {
        t = t.unqualified();
        if (t.isBitInt()) return t; // C23 6.3.1.1p2: bit-precise types do not promote
        if (t.isInteger() && t.kind != Type.Kind.ENUM && t.rank() < Type.INT.rank()) return Type.INT;
        if (t.kind == Type.Kind.ENUM) return promote(enumUnderlying(t));
        return t;
    }

    /** Enums are compatible with unsigned int (gcc's choice when no enumerator is negative) or int. */
    public static Type enumUnderlying(Type t) {
        if (t.record.underlying != null) return t.record.underlying;
        return t.record.negative ? Type.INT : Type.UINT;
    }

    /** Default argument promotion (6.5.2.2p6): integer promotion, float to double. */
    public static Type defaultArgPromote(Type t) {
        if (t.isFloat() && t.kind == Type.Kind.FLOAT) return Type.DOUBLE;
        return t.isInteger() ? promote(t) : t.unqualified();
    }

    /** The complex type whose parts have real floating type e. */
    public static Type complexOf(Type e) {
        return switch (e.kind) {
            case FLOAT16 -> Type.FLOAT16_COMPLEX;
            case FLOAT -> Type.FLOAT_COMPLEX;
            case LDOUBLE -> Type.LDOUBLE_COMPLEX;
            case FLOAT128 -> Type.FLOAT128_COMPLEX;
            default -> Type.DOUBLE_COMPLEX;
        };
    }

    /** The common real type of the usual arithmetic conversions (6.3.1.8). */
    public static Type usualArithmetic(Type a, Type b) {
        if (a.isComplex || b.isComplex) {
            Type ea = a.isComplex ? a.base : a, eb = b.isComplex ? b.base : b;
            // an integer takes the other operand's real type (6.3.1.8: int * _Complex _Float16 stays _Float16)
            return complexOf(!ea.isFloat() ? eb : !eb.isFloat() ? ea : usualArithmetic(ea, eb));
        }
        if (a.kind == Type.Kind.FLOAT128 || b.kind == Type.Kind.FLOAT128) return Type.FLOAT128;
        if (a.kind == Type.Kind.LDOUBLE || b.kind == Type.Kind.LDOUBLE) return Type.LDOUBLE;
        if (a.kind == Type.Kind.DOUBLE || b.kind == Type.Kind.DOUBLE) return Type.DOUBLE;
        if (a.kind == Type.Kind.FLOAT || b.kind == Type.Kind.FLOAT) return Type.FLOAT;
        if (a.kind == Type.Kind.FLOAT16 || b.kind == Type.Kind.FLOAT16) return Type.FLOAT16;
        a = promote(a);
        b = promote(b);
        if (a.isBitInt() || b.isBitInt()) return bitIntArithmetic(a, b);
        if (a.isUnsigned == b.isUnsigned) return a.rank() >= b.rank() ? a : b;
        Type u = a.isUnsigned ? a : b, s = a.isUnsigned ? b : a;
        if (u.rank() >= s.rank()) return u;
        if (s.size() > u.size()) return s;
        return unsignedOf(s);
    }

    /**
     * The usual arithmetic conversions when a _BitInt takes part (C23 6.3.1.1, 6.3.1.8): ranks go by
     * width, and a standard type outranks a bit-precise one of the same width (_BitInt(32) + int is int).
     */
    private static Type bitIntArithmetic(Type a, Type b) {
        if (a.isUnsigned == b.isUnsigned) return bitIntRank(a) >= bitIntRank(b) ? a : b;
        Type u = a.isUnsigned ? a : b, s = a.isUnsigned ? b : a;
        if (bitIntRank(u) >= bitIntRank(s)) return u;
        if (width(s) > width(u)) return s;
        return unsignedOf(s);
    }

    private static int bitIntRank(Type t) {
        return width(t) * 4 + (t.isBitInt() ? 0 : t.kind == Type.Kind.LLONG ? 3 : 2);
    }

    /** The width of an integer type in bits (its sign bit included): N of _BitInt(N), else its size's. */
    public static int width(Type t) {
        if (t.isBitInt()) return t.bitWidth();
        return t.kind == Type.Kind.BOOL ? 1 : (int) t.size() * 8;
    }

    public static Type unsignedOf(Type t) {
        if (t.isBitInt()) return Type.bitInt(t.bitWidth(), true);
        return switch (t.kind) {
            case CHAR -> Type.UCHAR;
            case SHORT -> Type.USHORT;
            case INT, ENUM -> Type.UINT;
            case LONG -> Type.ULONG;
            case LLONG -> Type.ULLONG;
            case INT128 -> Type.UINT128;
            default -> t;
        };
    }

    /** Array-to-pointer and function-to-pointer conversion (6.3.2.1p3-4); drops qualifiers of rvalues. */
    public static Type decay(Type t) {
        if (t.kind == Type.Kind.ARRAY || t.kind == Type.Kind.VLA) return Type.pointerTo(t.base);
        if (t.kind == Type.Kind.FUNC) return Type.pointerTo(t);
        return t.unqualified();
    }

    /** Compatible types (6.2.7), ignoring top-level qualifiers only when {@code ignoreQuals}. */
    public static boolean compatible(Type a, Type b) {
        if (a == b) return true;
        if (a.quals != b.quals) return false;
        return compatibleUnqualified(a, b);
    }

    public static boolean compatibleUnqualified(Type a, Type b) {
        if (a.origin == b.origin) return true;
        if (a.isComplex != b.isComplex) return false;
        if (a.kind == Type.Kind.ENUM && b.isInteger() && b.kind != Type.Kind.ENUM)
            return enumUnderlying(a).origin == b.origin;
        if (b.kind == Type.Kind.ENUM && a.isInteger() && a.kind != Type.Kind.ENUM)
            return enumUnderlying(b).origin == a.origin;
        if (a.kind != b.kind) return false;
        switch (a.kind) {
            case CHAR:
                // char, signed char and unsigned char are three distinct types
                return a.isPlainChar() == b.isPlainChar()
                        && a.isUnsigned == b.isUnsigned
                        && a.bitWidth() == b.bitWidth();
            case BOOL:
            case SHORT:
            case INT:
            case LONG:
            case LLONG:
            case INT128:
                return a.isUnsigned == b.isUnsigned && a.bitWidth() == b.bitWidth();
            case FLOAT16:
            case FLOAT:
            case DOUBLE:
            case LDOUBLE:
            case FLOAT128:
            case VOID:
                return true;
            case PTR:
                return compatible(a.base, b.base);
            case ARRAY:
            case VLA:
                if (!compatible(a.base, b.base)) return false;
                return a.kind == Type.Kind.VLA
                        || b.kind == Type.Kind.VLA
                        || a.arrayLen < 0
                        || b.arrayLen < 0
                        || a.arrayLen == b.arrayLen;
            case FUNC: {
                if (!compatible(a.base.unqualified(), b.base.unqualified())) return false;
                if (a.oldStyle && b.oldStyle) return true;
                if (a.oldStyle || b.oldStyle) {
                    // 6.7.6.3p15: a K&R definition's parameters, promoted, against a prototype's (the
                    // declared type also matches, clang's -Wknr-promoted-parameter extension)
                    Type knr = a.oldStyle ? a : b, proto = a.oldStyle ? b : a;
                    if (knr.params.isEmpty()) return true;
                    if (proto.variadic || proto.params.size() != knr.params.size()) return false;
                    for (int i = 0; i < knr.params.size(); i++) {
                        Type pp = proto.params.get(i).unqualified(),
                                kp = knr.params.get(i).unqualified();
                        if (!compatibleUnqualified(pp, defaultArgPromote(kp)) && !compatibleUnqualified(pp, kp))
                            return false;
                    }
                    return true;
                }
                if (a.variadic != b.variadic || a.params.size() != b.params.size()) return false;
                for (int i = 0; i < a.params.size(); i++)
                    if (!compatibleUnqualified(
                            a.params.get(i).unqualified(), b.params.get(i).unqualified())) return false;
                return true;
            }
            case STRUCT:
            case UNION:
            case ENUM:
                if (a.isVector()
                        && b.isVector()) // vectors alike but for aligned(n), as __m128i and __m128i_u (clang: sugar)
                return a.record.size == b.record.size
                            && compatibleUnqualified(a.record.vectorElement, b.record.vectorElement);
                return a.record == b.record;
            default:
                return false;
        }
    }

    /** The composite type of two compatible types (6.2.7p3): array sizes and prototypes win. */
    public static Type composite(Type a, Type b) {
        if (a.kind == Type.Kind.ARRAY && b.kind == Type.Kind.ARRAY) {
            Type e = composite(a.base, b.base);
            return Type.arrayOf(e, a.arrayLen >= 0 ? a.arrayLen : b.arrayLen);
        }
        if (a.kind == Type.Kind.FUNC && b.kind == Type.Kind.FUNC) {
            if (a.oldStyle && !b.oldStyle) return b;
            if (b.oldStyle && !a.oldStyle) return a;
            if (a.oldStyle) return a.params.isEmpty() ? b : a; // a K&R definition's parameters stay
            List<Type> ps = new ArrayList<>();
            for (int i = 0; i < a.params.size(); i++) ps.add(composite(a.params.get(i), b.params.get(i)));
            return Type.func(composite(a.base, b.base), ps, a.variadic, false);
        }
        if (a.kind == Type.Kind.PTR && b.kind == Type.Kind.PTR) {
            Type p = Type.pointerTo(composite(a.base, b.base)).qualified(a.quals);
            return p;
        }
        return a;
    }

    /** Is an integer type able to represent value v? (for enum and literal typing) */
    public static boolean fits(long v, Type t) {
        long bits = width(t);
        if (bits >= 64) return true; // v is a 64-bit pattern: callers check signedness themselves
        if (t.isUnsigned) return v >= 0 && v < (1L << bits);
        return v >= -(1L << (bits - 1)) && v < (1L << (bits - 1));
    }
}
