package jomp.runtime.ffi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

/**
 * A C signature as the compiler records it (docs/design/abi.md § Native calls; the grammar is in
 * the frontend's {@code CSignature}): the return type, the fixed parameters and, at a call site of
 * a variadic function, the promoted variadic arguments. From it come the FFM descriptor of a native
 * call (x86-64 SysV classification is the Linker's, given faithful struct layouts) and the
 * Java types of the FFM handle, which the host link's stubs and the runtime agree on.
 */
public record CSig(CType ret, List<CType> params, boolean variadic, List<CType> varargs, String text) {

    /** A C type: a scalar (its code letter), a struct or union, or an array of a type. */
    public sealed interface CType permits Scalar, Aggregate, Array {
        long size();

        long align();
    }

    /**
     * v B c h s t i j l m f d e k g p V (see the grammar; k, _Float16, and g, __float128, have no FFM
     * layout, so native calls refuse them).
     */
    public record Scalar(char code) implements CType {
        @Override
        public long size() {
            return switch (code) {
                case 'v' -> 0;
                case 'B', 'c', 'h' -> 1;
                case 's', 't', 'k' -> 2;
                case 'i', 'j', 'f' -> 4;
                case 'e', 'g' -> 16;
                default -> 8;
            };
        }

        @Override
        public long align() {
            return Math.max(1, size());
        }

        // written out, as in the records below: a record's own equals and hashCode are made by an
        // invokedynamic bootstrap, which costs a program's first native calls LambdaForm classes
        @Override
        public boolean equals(Object o) {
            return o instanceof Scalar s && s.code == code;
        }

        @Override
        public int hashCode() {
            return code;
        }
    }

    public record Member(long offset, CType type) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Member m && m.offset == offset && m.type.equals(type);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(offset) * 31 + type.hashCode();
        }
    }

    public record Aggregate(boolean union, long size, long align, List<Member> members) implements CType {
        @Override
        public boolean equals(Object o) {
            return o instanceof Aggregate a
                    && a.union == union
                    && a.size == size
                    && a.align == align
                    && a.members.equals(members);
        }

        @Override
        public int hashCode() {
            return (Boolean.hashCode(union) * 31 + Long.hashCode(size)) * 31 + members.hashCode();
        }
    }

    public record Array(long count, CType element) implements CType {
        @Override
        public long size() {
            return count * element.size();
        }

        @Override
        public long align() {
            return element.align();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Array a && a.count == count && a.element.equals(element);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(count) * 31 + element.hashCode();
        }
    }

    public static final Scalar VOID = new Scalar('v');

    // ---- parsing ----

    public static CSig parse(String text) {
        Parser p = new Parser(text);
        CType ret = p.type();
        p.expect('(');
        List<CType> params = new ArrayList<>(), varargs = new ArrayList<>();
        boolean variadic = false;
        List<CType> into = params;
        if (!p.accept(')')) {
            while (true) {
                if (p.accept('|')) {
                    variadic = true;
                    into = varargs;
                    if (p.accept(')')) break;
                }
                into.add(p.type());
                if (p.accept(')')) break;
                if (p.pos < text.length() && text.charAt(p.pos) == '|' && into == params) continue;
                p.expect(',');
            }
        }
        if (p.pos != text.length()) throw p.error("trailing characters");
        return new CSig(ret, List.copyOf(params), variadic, List.copyOf(varargs), text);
    }

    /**
     * The signature jomp's ABI alone implies (abi.md): for calls the compiler makes to its own
     * helpers, which carry no C signature. int for I, long for J, double for D, float for F.
     */
    public static String fromDescriptor(String jvmDescriptor) {
        MethodType t = MethodType.fromMethodDescriptorString(jvmDescriptor, CSig.class.getClassLoader());
        StringBuilder sb = new StringBuilder().append(code(t.returnType())).append('(');
        for (int i = 0; i < t.parameterCount(); i++) sb.append(i > 0 ? "," : "").append(code(t.parameterType(i)));
        return sb.append(')').toString();
    }

    private static char code(Class<?> c) {
        return c == void.class ? 'v' : c == int.class ? 'i' : c == long.class ? 'l' : c == float.class ? 'f' : 'd';
    }

    private static final class Parser {
        final String s;
        int pos;

        Parser(String s) {
            this.s = s;
        }

        IllegalArgumentException error(String what) {
            return new IllegalArgumentException("bad C signature '" + s + "' at " + pos + ": " + what);
        }

        boolean accept(char c) {
            if (pos < s.length() && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        void expect(char c) {
            if (!accept(c)) throw error("expected '" + c + "'");
        }

        long number() {
            int start = pos;
            while (pos < s.length() && Character.isDigit(s.charAt(pos))) pos++;
            if (start == pos) throw error("expected a number");
            return Long.parseLong(s.substring(start, pos));
        }

        CType type() {
            if (pos >= s.length()) throw error("expected a type");
            char c = s.charAt(pos++);
            switch (c) {
                case 'v', 'B', 'c', 'h', 's', 't', 'i', 'j', 'l', 'm', 'f', 'd', 'e', 'k', 'g', 'p', 'V' -> {
                    return new Scalar(c);
                }
                case 'S', 'U' -> {
                    long size = number();
                    expect(',');
                    long align = number();
                    expect('{');
                    List<Member> ms = new ArrayList<>();
                    if (!accept('}')) {
                        do {
                            long off = number();
                            expect(':');
                            ms.add(new Member(off, type()));
                        } while (accept(','));
                        expect('}');
                    }
                    return new Aggregate(c == 'U', size, align, List.copyOf(ms));
                }
                case 'A' -> {
                    long n = number();
                    expect('*');
                    return new Array(n, type());
                }
                default -> throw error("unknown type code '" + c + "'");
            }
        }
    }

    // ---- what a native call needs ----

    /** Whether a type has long double somewhere in it (jomp's long double is a double: no native call can pass it). */
    public static boolean hasLongDouble(CType t) {
        // instanceof, not a pattern switch or a stream: each costs a bootstrap at a program's first native call
        if (t instanceof Scalar s) return s.code() == 'e';
        if (t instanceof Array a) return hasLongDouble(a.element());
        for (Member m : ((Aggregate) t).members()) if (hasLongDouble(m.type())) return true;
        return false;
    }

    /** Whether t is, or holds, a scalar of this code. */
    static boolean has(CType t, char code) {
        if (t instanceof Scalar s) return s.code() == code;
        if (t instanceof Array a) return has(a.element(), code);
        for (Member m : ((Aggregate) t).members()) if (has(m.type(), code)) return true;
        return false;
    }

    /** Whether an aggregate has a member at an offset its type's alignment does not allow (a packed struct). */
    public static boolean misaligned(CType t) {
        if (t instanceof Scalar) return false;
        if (t instanceof Array a) return misaligned(a.element());
        for (Member m : ((Aggregate) t).members())
            if (m.offset() % m.type().align() != 0 || misaligned(m.type())) return true;
        return false;
    }

    /** Why a native function of this signature cannot be called, or null when it can. */
    public String unsupported() {
        List<CType> all = new ArrayList<>(params);
        all.add(ret);
        all.addAll(varargs);
        for (CType t : all) {
            if (hasLongDouble(t))
                return "long double arguments and results are not supported (jomp's long double is a double)";
            if (has(t, 'k')) return "_Float16 arguments and results are not supported";
            if (has(t, 'g')) return "__float128 arguments and results are not supported";
            // the ABI passes these in memory whatever their size; FFM classifies by the members
            if (misaligned(t)) return "structs with misaligned (packed) members cannot be passed by value";
        }
        return null;
    }

    public boolean returnsAggregate() {
        return ret instanceof Aggregate;
    }

    /** All arguments of the call in order: the fixed ones, then the variadic ones. */
    public List<CType> arguments() {
        if (varargs.isEmpty()) return params;
        List<CType> all = new ArrayList<>(params);
        all.addAll(varargs);
        return all;
    }

    /**
     * The FFM layout of a type as a native call passes it: scalars as their Java carriers (a
     * pointer is a {@code long}: jomp's pointers are addresses), aggregates as struct/union
     * layouts with explicit padding, so that the Linker classifies them as the ABI says.
     */
    public static MemoryLayout layout(CType t) {
        if (t instanceof Scalar s) return scalar(s.code());
        if (t instanceof Array a) return MemoryLayout.sequenceLayout(a.count(), layout(a.element()));
        return aggregate((Aggregate) t);
    }

    private static ValueLayout scalar(char code) {
        return switch (code) {
            case 'B' -> ValueLayout.JAVA_BOOLEAN;
            case 'c', 'h' -> ValueLayout.JAVA_BYTE;
            case 's' -> ValueLayout.JAVA_SHORT;
            case 't' -> ValueLayout.JAVA_CHAR;
            case 'i', 'j' -> ValueLayout.JAVA_INT;
            case 'l', 'm', 'p', 'V' -> ValueLayout.JAVA_LONG;
            case 'f' -> ValueLayout.JAVA_FLOAT;
            case 'd' -> ValueLayout.JAVA_DOUBLE;
            default -> throw new IllegalArgumentException("no layout for C type '" + code + "'");
        };
    }

    private static MemoryLayout aggregate(Aggregate a) {
        if (a.union()) {
            List<MemoryLayout> ms = new ArrayList<>();
            long max = 0;
            for (Member m : a.members()) {
                MemoryLayout l = layout(m.type());
                ms.add(l);
                max = Math.max(max, l.byteSize());
            }
            // FFM wants a union's size to be its largest member's: padding makes up the difference
            if (max != a.size()) ms.add(MemoryLayout.paddingLayout(a.size()));
            return withAlignment(MemoryLayout.unionLayout(ms.toArray(new MemoryLayout[0])), a.align());
        }
        List<MemoryLayout> ms = new ArrayList<>();
        long at = 0;
        for (Member m : a.members()) {
            MemoryLayout l = layout(m.type());
            if (m.offset() < at) continue; // overlapping bytes (bit-fields already covered)
            if (m.offset() > at) ms.add(MemoryLayout.paddingLayout(m.offset() - at));
            ms.add(l);
            at = m.offset() + l.byteSize();
        }
        if (a.size() > at) ms.add(MemoryLayout.paddingLayout(a.size() - at));
        return withAlignment(MemoryLayout.structLayout(ms.toArray(new MemoryLayout[0])), a.align());
    }

    private static MemoryLayout withAlignment(MemoryLayout l, long align) {
        return align >= l.byteAlignment() ? l.withByteAlignment(align) : l;
    }

    /** The FFM descriptor of a call of this signature (the variadic arguments included, as FFM wants them). */
    public FunctionDescriptor descriptor() {
        List<MemoryLayout> args = new ArrayList<>();
        for (CType t : arguments()) args.add(argumentLayout(t));
        MemoryLayout[] a = args.toArray(new MemoryLayout[0]);
        return ret.equals(VOID) ? FunctionDescriptor.ofVoid(a) : FunctionDescriptor.of(layout(ret), a);
    }

    /**
     * Arguments narrower than int travel as int: jomp keeps them normalised to their C type (so the
     * 32-bit register holds what gcc and clang put there), and an int carrier spares a conversion.
     */
    private static MemoryLayout argumentLayout(CType t) {
        if (t instanceof Scalar s && "Bchst".indexOf(s.code()) >= 0) return ValueLayout.JAVA_INT;
        return layout(t);
    }

    /** The Java type FFM uses for a layout's values. */
    public static Class<?> carrier(CType t) {
        if (!(t instanceof Scalar s)) return MemorySegment.class;
        return switch (s.code()) {
            case 'v' -> void.class;
            case 'B' -> boolean.class;
            case 'c', 'h' -> byte.class;
            case 's' -> short.class;
            case 't' -> char.class;
            case 'i', 'j' -> int.class;
            case 'f' -> float.class;
            case 'd' -> double.class;
            default -> long.class;
        };
    }

    /**
     * The type of the downcall handle: [SegmentAllocator for an aggregate result] [MemorySegment
     * errno capture when {@code errno}] then the arguments; the capture segment comes after the
     * allocator, as FFM orders them.
     */
    public MethodType downcallType(boolean errno) {
        List<Class<?>> ps = new ArrayList<>();
        if (returnsAggregate()) ps.add(SegmentAllocator.class);
        if (errno) ps.add(MemorySegment.class);
        for (CType t : arguments()) ps.add(argumentCarrier(t));
        return MethodType.methodType(carrier(ret), ps);
    }

    static Class<?> argumentCarrier(CType t) {
        if (t instanceof Scalar s && "Bchst".indexOf(s.code()) >= 0) return int.class;
        return carrier(t);
    }

    /** jomp's JVM type for a value of this C type (abi.md § Values): aggregates are addresses. */
    public static Class<?> jompType(CType t) {
        if (!(t instanceof Scalar s)) return long.class;
        return switch (s.code()) {
            case 'v' -> void.class;
            case 'B', 'c', 'h', 's', 't', 'i', 'j' -> int.class;
            case 'f', 'k' -> float.class;
            case 'd', 'e' -> double.class;
            default -> long.class;
        };
    }

    @Override
    public String toString() {
        return text;
    }
}
