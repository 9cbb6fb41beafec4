package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.IrType;
import jomp.compiler.type.Type;

/**
 * How C types become IR types. In registers every integer type up to int is i32 (kept normalised
 * to its C type), long and long long are i64, pointers ptr, float f32, double and long double f64.
 * Structs, unions, complex numbers, arrays, __int128 and __float128 are "memory types": they are handled by address.
 */
final class TypeMap {
    private TypeMap() {}

    /** Struct, union, complex or array: values of these types are addresses in IR. */
    static boolean inMemory(Type t) {
        return t.isComplex
                || t.isStructOrUnion()
                || t.isArray()
                || t.kind == Type.Kind.INT128
                || t.kind == Type.Kind.FLOAT128;
    }

    /** The register type of a scalar C value (ptr for memory types and functions). */
    static IrType reg(Type t) {
        if (t.isComplex) return IrType.PTR;
        if (t.kind == Type.Kind.ENUM && t.record.underlying != null)
            return reg(jomp.compiler.type.Types.enumUnderlying(t));
        return switch (t.kind) {
            case VOID -> IrType.VOID;
            case BOOL, CHAR, SHORT, INT, ENUM -> IrType.I32;
            case LONG, LLONG -> IrType.I64;
            case FLOAT, FLOAT16 -> IrType.F32;
            case DOUBLE, LDOUBLE -> IrType.F64;
            case PTR, ARRAY, VLA, FUNC, STRUCT, UNION, INT128, FLOAT128 -> IrType.PTR;
        };
    }

    /** The type a scalar occupies in memory (what load and store use). */
    static IrType mem(Type t) {
        if (t.kind == Type.Kind.ENUM && t.record.underlying != null)
            return mem(jomp.compiler.type.Types.enumUnderlying(t));
        return switch (t.kind) {
            case BOOL, CHAR -> IrType.I8;
            case SHORT, FLOAT16 -> IrType.I16;
            default -> reg(t);
        };
    }

    /** Whether a narrow integer type is zero-extended when widened (unsigned and _Bool). */
    static boolean isUnsigned(Type t) {
        if (t.kind == Type.Kind.ENUM) return jomp.compiler.type.Types.enumUnderlying(t).isUnsigned;
        return t.isUnsigned || t.kind == Type.Kind.BOOL || t.kind == Type.Kind.PTR;
    }

    /** Whether a function returns its result through a hidden pointer (struct, union, complex). */
    static boolean sret(Type fn) {
        Type r = fn.base;
        return r.isStructOrUnion() || r.isComplex || r.kind == Type.Kind.INT128 || r.kind == Type.Kind.FLOAT128;
    }

    /** The ABI signature of a C function type (abi.md): memory-type arguments and results by address. */
    static FuncType signature(Type fn) {
        List<IrType> params = new ArrayList<>();
        IrType ret;
        if (sret(fn)) {
            params.add(IrType.PTR);
            ret = IrType.PTR;
        } else ret = reg(fn.base);
        for (Type p : passedParams(fn)) params.add(reg(p));
        return new FuncType(ret, params, fn.variadic);
    }

    /**
     * The parameter types a call passes: the prototype's, or for a K&R definition (no
     * prototype) its parameters' default argument promotions, what every caller passes
     * (the function converts them to the declared types on entry).
     */
    static List<Type> passedParams(Type fn) {
        if (fn.params == null) return List.of();
        if (!fn.oldStyle) return fn.params;
        List<Type> out = new ArrayList<>();
        for (Type p : fn.params) out.add(jomp.compiler.type.Types.defaultArgPromote(p));
        return out;
    }
}
