package jomp.compiler.ir;

import java.util.List;

/**
 * A function signature after the ABI has been applied (docs/design/abi.md): struct and complex
 * parameters are {@code ptr}s to copies, a struct result is a hidden first {@code ptr} parameter
 * and a {@code ptr} result. A variadic function takes one more {@code ptr} after its fixed
 * parameters, the address of the variadic area; calls pass it as their last argument.
 */
public record FuncType(IrType ret, List<IrType> params, boolean variadic) {
    public FuncType {
        params = List.copyOf(params);
    }

    /** Number of arguments a call passes, the variadic area included. */
    public int argCount() {
        return params.size() + (variadic ? 1 : 0);
    }

    /** The JVM method descriptor, e.g. {@code (JI)D}. */
    public String descriptor() {
        StringBuilder sb = new StringBuilder("(");
        for (IrType p : params) sb.append(jvmDescriptor(p));
        if (variadic) sb.append('J');
        return sb.append(')').append(jvmDescriptor(ret)).toString();
    }

    public static char jvmDescriptor(IrType t) {
        return switch (t) {
            case I8, I16, I32 -> 'I';
            case I64, PTR -> 'J';
            case F32 -> 'F';
            case F64 -> 'D';
            case VOID -> 'V';
        };
    }

    /** {@code i32 (ptr, ...)} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder().append(ret).append(" (");
        for (int i = 0; i < params.size(); i++) sb.append(i > 0 ? ", " : "").append(params.get(i));
        if (variadic) sb.append(params.isEmpty() ? "..." : ", ...");
        return sb.append(')').toString();
    }
}
