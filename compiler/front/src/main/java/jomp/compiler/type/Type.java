package jomp.compiler.type;

import java.util.List;

/**
 * A C type, laid out for LP64 (x86-64 gcc): char 1, short 2, int 4, long 8, long long 8,
 * pointers 8, float 4, double 8. {@code long double} has double's layout here (8 bytes, align 8,
 * the same values as double): jomp computes in IEEE double, so this is documented, not hidden.
 *
 * <p>Types are immutable once complete, except struct/union/enum bodies, which are filled in when
 * the tag's definition is seen (all copies share one {@link Record}). Qualified versions are
 * copies pointing at their {@link #origin unqualified} type.
 */
public final class Type {
    public enum Kind {
        VOID,
        BOOL,
        CHAR,
        SHORT,
        INT,
        LONG,
        LLONG,
        INT128,
        /** {@code _Float16}: IEEE binary16 in memory; values are computed in float (clang's x86-64 excess precision). */
        FLOAT16,
        FLOAT,
        DOUBLE,
        LDOUBLE,
        /** {@code __float128} ({@code _Float128}): IEEE binary128, computed in software (handled by address, as __int128). */
        FLOAT128,
        ENUM,
        PTR,
        ARRAY,
        VLA,
        FUNC,
        STRUCT,
        UNION
    }

    public static final int CONST = 1, VOLATILE = 2, RESTRICT = 4, ATOMIC = 8;

    public final Kind kind;
    /** Size in bytes (use {@link #size()}: struct sizes live in the record); -1 if incomplete or a VLA. */
    private final long size;

    private final int align;
    public final boolean isUnsigned;
    /** CONST | VOLATILE | RESTRICT | ATOMIC bits (ATOMIC: C11's _Atomic, whose loads, stores and updates are sequentially consistent atomics). */
    public final int quals;
    /** _Complex: base is the element type (float or double) and kind is FLOAT/DOUBLE; size is twice. */
    public final boolean isComplex;
    /** Pointee (PTR), element (ARRAY, VLA), return type (FUNC). */
    public final Type base;
    /** ARRAY: element count, -1 when incomplete ({@code int a[]}). */
    public final long arrayLen;
    /**
     * VLA: the length expression (converted to unsigned long) and the hidden local that holds sizeof
     * at run time. They are the AST's (an Expr and a Var), which stands above this package: here
     * they are opaque, and {@link jomp.compiler.ast.Vla} reads and sets them with their types.
     */
    private final Object vlaLength;

    private Object vlaSizeVar;
    /** FUNC: parameter types (already adjusted: arrays and functions to pointers). */
    public final List<Type> params;

    public final boolean variadic;
    /** FUNC: declared without a prototype, {@code int f()} or a K&R definition. */
    public final boolean oldStyle;
    /** STRUCT, UNION, ENUM: the shared body. */
    public final Record record;
    /** The unqualified type this is a qualified copy of (this for unqualified types). */
    public final Type origin;
    /** C23's {@code _BitInt(N)}: N on the canonical (origin) type, 0 for every other type; see {@link #bitWidth()}. */
    private int bitIntWidth;
    /** A typedef name this type was written with, for diagnostics (clang prints it). */
    public String typedefName;
    /** An alignment given to this (typedef'd) type by {@code __attribute__((aligned(n)))}, or 0. */
    private int minAlign;

    private Type(
            Kind kind,
            long size,
            int align,
            boolean isUnsigned,
            int quals,
            boolean isComplex,
            Type base,
            long arrayLen,
            Object vlaLength,
            List<Type> params,
            boolean variadic,
            boolean oldStyle,
            Record record,
            Type origin) {
        this.kind = kind;
        this.size = size;
        this.align = align;
        this.isUnsigned = isUnsigned;
        this.quals = quals;
        this.isComplex = isComplex;
        this.base = base;
        this.arrayLen = arrayLen;
        this.vlaLength = vlaLength;
        this.params = params;
        this.variadic = variadic;
        this.oldStyle = oldStyle;
        this.record = record;
        this.origin = origin == null ? this : origin;
    }

    private static Type basic(Kind k, int size, boolean unsigned) {
        return new Type(k, size, Math.max(size, 1), unsigned, 0, false, null, 0, null, null, false, false, null, null);
    }

    public static final Type VOID =
            new Type(Kind.VOID, 1, 1, false, 0, false, null, 0, null, null, false, false, null, null);
    public static final Type BOOL = basic(Kind.BOOL, 1, true);
    /** Plain char is signed, as on x86-64. */
    public static final Type CHAR = basic(Kind.CHAR, 1, false);

    public static final Type SCHAR = basic(Kind.CHAR, 1, false);
    public static final Type UCHAR = basic(Kind.CHAR, 1, true);
    public static final Type SHORT = basic(Kind.SHORT, 2, false);
    public static final Type USHORT = basic(Kind.SHORT, 2, true);
    public static final Type INT = basic(Kind.INT, 4, false);
    public static final Type UINT = basic(Kind.INT, 4, true);
    public static final Type LONG = basic(Kind.LONG, 8, false);
    public static final Type ULONG = basic(Kind.LONG, 8, true);
    public static final Type LLONG = basic(Kind.LLONG, 8, false);
    public static final Type ULLONG = basic(Kind.LLONG, 8, true);
    /** GNU {@code __int128} and {@code unsigned __int128}: 16 bytes, 16-aligned, as on x86-64. */
    public static final Type INT128 = basic(Kind.INT128, 16, false);

    public static final Type UINT128 = basic(Kind.INT128, 16, true);
    /** {@code _Float16}: 2 bytes, 2-aligned, as clang and gcc lay it out on x86-64. */
    public static final Type FLOAT16 = basic(Kind.FLOAT16, 2, false);

    public static final Type FLOAT = basic(Kind.FLOAT, 4, false);
    public static final Type DOUBLE = basic(Kind.DOUBLE, 8, false);
    /** long double: double's layout and precision in jomp (see the class comment). */
    public static final Type LDOUBLE = basic(Kind.LDOUBLE, 8, false);
    /** GNU {@code __float128}: 16 bytes, 16-aligned, as on x86-64. */
    public static final Type FLOAT128 = basic(Kind.FLOAT128, 16, false);

    /** {@code _Complex _Float16} (gcc's and clang's): two binary16 halves, 4 bytes, 2-aligned. */
    public static final Type FLOAT16_COMPLEX =
            new Type(Kind.FLOAT16, 4, 2, false, 0, true, FLOAT16, 0, null, null, false, false, null, null);

    /** {@code _Complex __float128} (gcc's and clang's): two binary128 halves, 32 bytes, 16-aligned. */
    public static final Type FLOAT128_COMPLEX =
            new Type(Kind.FLOAT128, 32, 16, false, 0, true, FLOAT128, 0, null, null, false, false, null, null);

    public static final Type FLOAT_COMPLEX =
            new Type(Kind.FLOAT, 8, 4, false, 0, true, FLOAT, 0, null, null, false, false, null, null);
    public static final Type DOUBLE_COMPLEX =
            new Type(Kind.DOUBLE, 16, 8, false, 0, true, DOUBLE, 0, null, null, false, false, null, null);
    public static final Type LDOUBLE_COMPLEX =
            new Type(Kind.LDOUBLE, 16, 8, false, 0, true, LDOUBLE, 0, null, null, false, false, null, null);
    /**
     * {@code __builtin_va_list}: jomp passes variadic arguments in a native area of 8-byte slots and
     * va_list points into it (docs/design/abi.md); one object, so that calls to native functions can
     * tell a va_list parameter ({@code origin == VA_LIST.origin}) from other pointers.
     */
    public static final Type VA_LIST = pointerTo(VOID).withTypedefName("__builtin_va_list");

    /** The largest N of {@code _BitInt(N)}: clang's (x86-64 and every target but nvptx64, whose is 128). */
    public static final int BITINT_MAXWIDTH = 8388608;

    private static final java.util.concurrent.ConcurrentHashMap<Integer, Type> BIT_INTS =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * {@code _BitInt(n)} or {@code unsigned _BitInt(n)} (1 <= n <= {@link #BITINT_MAXWIDTH}), one object per
     * type, laid out as clang on x86-64: the smallest of char, short, int and long that holds n bits,
     * and above 64 bits a multiple of 8 bytes aligned to 8 (16 bytes: __int128's registers, align 8). Its
     * kind is that storage's, so everything that handles those integers handles it; {@link #bitWidth()}
     * tells it apart (the lowering keeps its values sign- or zero-extended from bit n). Above 128 bits
     * the kind is INT128's too (a value in memory, handled by address) with n/64 words rounded up, which
     * the lowering's WideBitInts computes on ({@link #isWideBitInt()}).
     */
    public static Type bitInt(int n, boolean unsigned) {
        return BIT_INTS.computeIfAbsent(unsigned ? -n : n, key -> {
            Kind k = n <= 8 ? Kind.CHAR : n <= 16 ? Kind.SHORT : n <= 32 ? Kind.INT : n <= 64 ? Kind.LONG : Kind.INT128;
            int size = n <= 8 ? 1 : n <= 16 ? 2 : n <= 32 ? 4 : n <= 64 ? 8 : (n + 63) / 64 * 8;
            Type t = new Type(
                    k, size, Math.min(size, 8), unsigned, 0, false, null, 0, null, null, false, false, null, null);
            t.bitIntWidth = n;
            return t;
        });
    }

    /** N for {@code _BitInt(N)}, 0 for every other type. */
    public int bitWidth() {
        return origin.bitIntWidth;
    }

    public boolean isBitInt() {
        return origin.bitIntWidth > 0;
    }

    /** A {@code _BitInt(N)} of more than 128 bits: a little-endian array of 64-bit words in memory. */
    public boolean isWideBitInt() {
        return origin.bitIntWidth > 128;
    }

    /** Is this a GCC vector type ({@code vector_size}; {@link Record#vectorElement})? */
    public boolean isVector() {
        return kind == Kind.STRUCT && record.vectorElement != null;
    }

    /** A vector's number of elements. */
    public long vectorLength() {
        return record.size / record.vectorElement.size();
    }

    /** Is {@code char} (plain), which is a distinct type from signed char though it has the same range. */
    public boolean isPlainChar() {
        return origin == CHAR;
    }

    // ---- constructors for derived types ----

    public static Type pointerTo(Type base) {
        return new Type(Kind.PTR, 8, 8, true, 0, false, base, 0, null, null, false, false, null, null);
    }

    public static Type arrayOf(Type elem, long len) {
        long size = len < 0 || elem.size < 0 ? -1 : elem.size * len;
        return new Type(Kind.ARRAY, size, elem.align, false, 0, false, elem, len, null, null, false, false, null, null);
    }

    /** A VLA of elem with the length len (an ast Expr; {@link jomp.compiler.ast.Vla#of} is the typed way in). */
    public static Type vlaOf(Type elem, Object len) {
        return new Type(Kind.VLA, -1, elem.align, false, 0, false, elem, -1, len, null, false, false, null, null);
    }

    /** VLA: the length expression, opaque here (see {@link jomp.compiler.ast.Vla#length}). */
    public Object vlaLength() {
        return vlaLength;
    }
    /** VLA: the hidden variable holding sizeof, opaque here (see {@link jomp.compiler.ast.Vla#sizeVar}); null until declared. */
    public Object vlaSizeVar() {
        return vlaSizeVar;
    }

    public void setVlaSizeVar(Object v) {
        vlaSizeVar = v;
    }

    public static Type func(Type ret, List<Type> params, boolean variadic, boolean oldStyle) {
        return new Type(
                Kind.FUNC, 1, 1, false, 0, false, ret, 0, null, List.copyOf(params), variadic, oldStyle, null, null);
    }

    /** A new struct, union or enum type with an empty (incomplete) body. */
    public static Type newTag(Kind kind, String tag) {
        Record r = new Record(kind, tag);
        if (kind == Kind.ENUM) {
            Type t = new Type(Kind.ENUM, 4, 4, true, 0, false, null, 0, null, null, false, false, r, null);
            return t;
        }
        return new Type(kind, -1, 1, false, 0, false, null, 0, null, null, false, false, r, null);
    }

    /** This type with extra qualifiers (same type if none are new). Arrays qualify their element. */
    public Type qualified(int q) {
        if ((quals | q) == quals) return this;
        if (kind == Kind.ARRAY) return arrayOf(base.qualified(q), arrayLen);
        Type o = origin;
        Type t = new Type(
                kind,
                size,
                align,
                isUnsigned,
                quals | q,
                isComplex,
                base,
                arrayLen,
                vlaLength,
                params,
                variadic,
                oldStyle,
                record,
                o);
        t.vlaSizeVar = vlaSizeVar;
        t.typedefName = typedefName;
        t.minAlign = minAlign;
        return t;
    }

    /** The same type without qualifiers (keeps its typedef name for diagnostics). */
    public Type unqualified() {
        if (quals == 0) return this;
        if ((typedefName == null || typedefName.equals(origin.typedefName)) && minAlign == origin.minAlign)
            return origin;
        Type t = origin.withTypedefName(typedefName);
        t.minAlign = minAlign;
        return t;
    }

    /** A copy aligned to at least a bytes (a typedef with {@code __attribute__((aligned(a)))}); the same type otherwise. */
    public Type withMinAlign(int a) {
        if (a <= align()) return this;
        Type t = withTypedefName(typedefName);
        t.minAlign = a;
        return t;
    }

    /** A copy that prints as the given typedef name (identity of the type is unchanged for compatibility). */
    public Type withTypedefName(String name) {
        Type t = new Type(
                kind,
                size,
                align,
                isUnsigned,
                quals,
                isComplex,
                base,
                arrayLen,
                vlaLength,
                params,
                variadic,
                oldStyle,
                record,
                origin);
        t.vlaSizeVar = vlaSizeVar;
        t.typedefName = name;
        t.minAlign = minAlign;
        return t;
    }

    public boolean isConst() {
        return (quals & CONST) != 0;
    }

    public boolean isVolatile() {
        return (quals & VOLATILE) != 0;
    }

    public boolean isAtomic() {
        return (quals & ATOMIC) != 0;
    }

    // ---- classification (C11 6.2.5) ----

    public boolean isVoid() {
        return kind == Kind.VOID;
    }

    public boolean isInteger() {
        return !isComplex
                && switch (kind) {
                    case BOOL, CHAR, SHORT, INT, LONG, LLONG, INT128, ENUM -> true;
                    default -> false;
                };
    }

    public boolean isFloat() {
        return !isComplex
                && (kind == Kind.FLOAT16
                        || kind == Kind.FLOAT
                        || kind == Kind.DOUBLE
                        || kind == Kind.LDOUBLE
                        || kind == Kind.FLOAT128);
    }

    public boolean isReal() {
        return isInteger() || isFloat();
    }

    public boolean isArithmetic() {
        return isReal() || isComplex;
    }

    public boolean isPointer() {
        return kind == Kind.PTR;
    }

    public boolean isScalar() {
        return isArithmetic() || isPointer();
    }

    public boolean isArray() {
        return kind == Kind.ARRAY || kind == Kind.VLA;
    }

    public boolean isFunction() {
        return kind == Kind.FUNC;
    }

    public boolean isStructOrUnion() {
        return kind == Kind.STRUCT || kind == Kind.UNION;
    }

    public boolean isAggregate() {
        return isArray() || isStructOrUnion();
    }
    /** An object type whose size is known at compile time (or a VLA). */
    public boolean isComplete() {
        return switch (kind) {
            case VOID -> false;
            case ARRAY -> arrayLen >= 0 && base.isComplete();
            case STRUCT, UNION, ENUM -> record.complete;
            default -> true;
        };
    }
    /** Has a VLA type somewhere in its element chain (sizeof is then computed at run time). */
    public boolean isVariablyModified() {
        for (Type t = this; t != null; t = t.kind == Kind.FUNC ? null : t.base) if (t.kind == Kind.VLA) return true;
        return false;
    }

    /** sizeof: struct sizes come from the shared record (they may be completed after this copy was made). */
    public long size() {
        if (kind == Kind.STRUCT || kind == Kind.UNION) return record.complete ? record.size : -1;
        if (kind == Kind.ARRAY) {
            if (arrayLen < 0) return -1;
            long b = base.size(); // once: asking twice a level is 2^depth calls for int a[1][1]...[1]
            return b < 0 ? -1 : b * arrayLen;
        }
        if (kind == Kind.ENUM && record.underlying != null) return record.underlying.size(); // packed or wide enums
        return size;
    }

    /**
     * _Alignof. An _Atomic struct, union or complex of 2, 4, 8 or 16 bytes is aligned to its size,
     * as gcc and clang align it (so that one instruction can access it whole): {@code _Atomic
     * struct { int a, b; }} has alignment 8.
     */
    public int align() {
        if (isAtomic() && (kind == Kind.STRUCT || kind == Kind.UNION || isComplex)) {
            long s = size();
            if (s == 2 || s == 4 || s == 8 || s == 16) return Math.max(Math.max(unqualifiedAlign(), (int) s), minAlign);
        }
        return Math.max(unqualifiedAlign(), minAlign);
    }

    private int unqualifiedAlign() {
        int a;
        if (kind == Kind.STRUCT || kind == Kind.UNION) a = record.complete ? record.align : 1;
        else if (kind == Kind.ARRAY || kind == Kind.VLA) a = base.align();
        else if (kind == Kind.ENUM && record.underlying != null) a = record.underlying.align();
        else a = align;
        return a;
    }

    /** Integer conversion rank (C11 6.3.1.1). */
    public int rank() {
        return switch (kind) {
            case BOOL -> 1;
            case CHAR -> 2;
            case SHORT -> 3;
            case INT, ENUM -> 4;
            case LONG -> 5;
            case LLONG -> 6;
            case INT128 -> 7;
            default -> 0;
        };
    }

    /** The struct/union members (empty while incomplete). */
    public List<Member> members() {
        return record.members;
    }

    /** Finds a member by name, looking into anonymous struct/union members; returns the path (outermost first) or null. */
    public List<Member> findMember(String name) {
        for (Member m : record.members) {
            if (m.name() != null && m.name().equals(name)) return List.of(m);
            if (m.name() == null && m.type().isStructOrUnion()) {
                List<Member> inner = m.type().findMember(name);
                if (inner != null) {
                    var path = new java.util.ArrayList<Member>(inner.size() + 1);
                    path.add(m);
                    path.addAll(inner);
                    return path;
                }
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return TypePrinter.print(this);
    }
}
