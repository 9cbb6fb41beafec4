package jomp.compiler.lower;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;

/**
 * C-level signatures ("csig", docs/design/abi.md § Native calls): the JVM descriptor jomp's ABI gives a
 * function loses what a native call needs (char or int, struct layouts, which arguments are
 * variadic), so every call to a function defined elsewhere, every indirect call and every defined
 * function carries its C signature as a string the host link and the runtime read
 * ({@code jomp.runtime.ffi.CSig} parses it). The grammar:
 * <pre>
 * sig    := type '(' [type {',' type}] ['|' [type {',' type}]] ')'   ('|': the variadic part; a call site lists its promoted arguments)
 * type   := 'v' void | 'B' _Bool | 'c' signed char | 'h' unsigned char | 's' short | 't' unsigned short
 *         | 'i' int, enums | 'j' unsigned | 'l' long, long long | 'm' their unsigned | 'f' float | 'd' double
 *         | 'e' long double | 'k' _Float16 | 'p' pointer | 'V' va_list
 *         | 'S' size ',' align '{' [member {',' member}] '}'   struct (complex numbers are structs of two)
 *         | 'U' size ',' align '{' [member {',' member}] '}'   union
 *         | 'A' count '*' type                                 array (members only)
 * member := offset ':' type
 * </pre>
 * The alphabet avoids {@code . ; [ / < >}, so a signature can follow a symbol in a JVM method name.
 */
public final class CSignature {
    private CSignature() {}

    /** The signature of a function type (its prototype; a variadic one ends in '|'). */
    public static String of(Type fn) {
        StringBuilder sb = new StringBuilder();
        type(sb, fn.base);
        sb.append('(');
        List<Type> params = TypeMap.passedParams(fn);
        for (int i = 0; i < params.size(); i++) {
            if (i > 0) sb.append(',');
            type(sb, params.get(i));
        }
        if (fn.variadic) sb.append('|');
        return sb.append(')').toString();
    }

    /**
     * The signature of one call: the prototype's fixed parameters, then, for a variadic function
     * or one declared without a prototype, the arguments' types after the default promotions.
     */
    public static String call(Type fn, List<Expr> args) {
        int fixed = fn.params == null ? 0 : fn.params.size();
        boolean unprototyped = fn.oldStyle && fixed == 0 && !args.isEmpty();
        if (fn.oldStyle && fixed > 0) return of(fn); // a K&R definition: its promoted parameters
        if (!fn.variadic && !unprototyped) return of(fn);
        StringBuilder sb = new StringBuilder();
        type(sb, fn.base);
        sb.append('(');
        if (unprototyped) { // int f(); f(1, 2.0f): the promoted arguments are the parameters
            for (int i = 0; i < args.size(); i++) {
                if (i > 0) sb.append(',');
                promoted(sb, args.get(i).type());
            }
            return sb.append(')').toString();
        }
        for (int i = 0; i < fixed; i++) {
            if (i > 0) sb.append(',');
            type(sb, fn.params.get(i));
        }
        sb.append('|');
        for (int i = fixed; i < args.size(); i++) {
            if (i > fixed) sb.append(',');
            promoted(sb, args.get(i).type());
        }
        return sb.append(')').toString();
    }

    /** A variadic argument's type: integers narrower than int become int, float becomes double. */
    private static void promoted(StringBuilder sb, Type t) {
        if (t.isInteger() && t.size() < 4) sb.append('i');
        else if (t.isInteger() && t.kind == Type.Kind.ENUM) sb.append('i');
        else if (!t.isComplex && t.kind == Type.Kind.FLOAT) sb.append('d');
        else if (t.isArray() || t.isFunction()) sb.append('p');
        else type(sb, t);
    }

    /** Whether a type is jomp's {@code va_list} (a pointer to the next 8-byte slot, abi.md § stdarg). */
    public static boolean isVaList(Type t) {
        return t.origin == Type.VA_LIST.origin;
    }

    static void type(StringBuilder sb, Type t) {
        if (t.isComplex) {
            String e = switch (t.base.kind) {
                case FLOAT16 -> "k";
                case FLOAT -> "f";
                case DOUBLE -> "d";
                default -> "e";
            };
            long half = t.size() / 2;
            sb.append('S')
                    .append(t.size())
                    .append(',')
                    .append(t.align())
                    .append("{0:")
                    .append(e)
                    .append(',')
                    .append(half)
                    .append(':')
                    .append(e)
                    .append('}');
            return;
        }
        switch (t.kind) {
            case VOID -> sb.append('v');
            case BOOL -> sb.append('B');
            case CHAR -> sb.append(t.isUnsigned ? 'h' : 'c');
            case SHORT -> sb.append(t.isUnsigned ? 't' : 's');
            case INT -> sb.append(t.isUnsigned ? 'j' : 'i');
            case ENUM -> sb.append(t.record != null && !t.record.negative && t.isUnsigned ? 'j' : 'i');
            case LONG, LLONG -> sb.append(t.isUnsigned ? 'm' : 'l');
            case INT128 -> {
                if (t.isWideBitInt()) { // passed and returned in memory as a struct of its words, as clang does
                    sb.append('S').append(t.size()).append(",8{");
                    for (long off = 0; off < t.size(); off += 8)
                        sb.append(off == 0 ? "" : ",").append(off).append(":m");
                    sb.append('}');
                } else sb.append("S16,16{0:m,8:m}"); // two INTEGER eightbytes, 16-aligned in memory, as the ABI passes
                // __int128
            }
            case FLOAT16 -> sb.append('k');
            case FLOAT128 -> sb.append('g');
            case FLOAT -> sb.append('f');
            case DOUBLE -> sb.append('d');
            case LDOUBLE -> sb.append('e');
            case PTR -> sb.append(isVaList(t) ? 'V' : 'p');
            case ARRAY -> {
                if (t.arrayLen <= 0) return; // a flexible or zero-length array adds no bytes
                sb.append('A').append(t.arrayLen).append('*');
                type(sb, t.base);
            }
            case VLA, FUNC -> sb.append('p');
            case STRUCT, UNION -> record(sb, t);
        }
    }

    /**
     * A struct or union with its members at their offsets. Bit-fields become the bytes they
     * occupy (unsigned char members; their class is INTEGER whatever the declared type);
     * anonymous members are nested records like named ones.
     */
    private static void record(StringBuilder sb, Type t) {
        boolean union = t.kind == Type.Kind.UNION;
        sb.append(union ? 'U' : 'S')
                .append(Math.max(t.size(), 0))
                .append(',')
                .append(t.align())
                .append('{');
        boolean first = true;
        long bitBytesUpTo = -1; // bytes up to here are already covered by bit-field bytes
        for (Member m : t.members()) {
            if (m.isBitField()) {
                if (m.bitWidth() == 0) continue;
                long from = m.offset() + m.bitOffset() / 8, to = m.offset() + (m.bitOffset() + m.bitWidth() - 1) / 8;
                for (long b = from; b <= to; b++) {
                    if (!union && b <= bitBytesUpTo) continue;
                    if (!first) sb.append(',');
                    first = false;
                    sb.append(b).append(":h");
                    bitBytesUpTo = Math.max(bitBytesUpTo, b);
                }
                continue;
            }
            if (m.type().isArray() && m.type().arrayLen <= 0) continue;
            if (!first) sb.append(',');
            first = false;
            sb.append(m.offset()).append(':');
            type(sb, m.type());
        }
        sb.append('}');
    }
}
