package jomp.compiler.type;

/**
 * Spells a type the way clang prints it in diagnostics: {@code int *}, {@code char *const},
 * {@code int[3]}, {@code int (*)[3]}, {@code void (*)(int, ...)}, {@code struct S}.
 */
public final class TypePrinter {
    private TypePrinter() {}

    public static String print(Type t) {
        return decl(t, "", true);
    }

    /** clang's "'size_t' (aka 'unsigned long')" form, for types written with a typedef name. */
    public static String quoteAka(Type t) {
        String s = "'" + print(t) + "'";
        if (t.isVector() && t.typedefName != null)
            return s + " (vector of " + t.vectorLength() + " '" + print(t.record.vectorElement) + "' values)";
        if (hasTypedef(t)) {
            String canon = stripped(t);
            if (!canon.equals(print(t))) s += " (aka '" + canon + "')";
        }
        return s;
    }

    /** As {@link #quoteAka(Type)}, for a second type of one diagnostic: clang gives the aka once, at the first. */
    public static String quoteAka(Type t, Type first) {
        return print(t).equals(print(first)) ? "'" + print(t) + "'" : quoteAka(t);
    }

    private static boolean hasTypedef(Type t) {
        for (Type x = t; x != null; x = x.base) {
            if (x.typedefName != null) return true;
            if (x.kind == Type.Kind.FUNC) {
                for (Type p : x.params) if (hasTypedef(p)) return true;
            }
        }
        return false;
    }

    private static String stripped(Type t) {
        return decl(t, "", false);
    }

    private static String quals(int q) {
        StringBuilder sb = new StringBuilder();
        if ((q & Type.CONST) != 0) sb.append("const ");
        if ((q & Type.VOLATILE) != 0) sb.append("volatile ");
        if ((q & Type.RESTRICT) != 0) sb.append("restrict ");
        return sb.toString();
    }

    private static String decl(Type t, String inner, boolean td) {
        if (t.typedefName != null && td) return join(quals(t.quals) + t.typedefName, inner);
        // clang spells an atomic type _Atomic(T), the other qualifiers before it
        if (t.isAtomic()) return join(quals(t.quals) + "_Atomic(" + decl(t.unqualified(), "", td) + ")", inner);
        switch (t.kind) {
            case PTR -> {
                String q = quals(t.quals).trim();
                String s = "*" + q + (inner.isEmpty() || q.isEmpty() || inner.startsWith("[") ? "" : " ") + inner;
                if (t.base.kind == Type.Kind.ARRAY || t.base.kind == Type.Kind.VLA || t.base.kind == Type.Kind.FUNC)
                    s = "(" + s + ")";
                return decl(t.base, s, td);
            }
            case ARRAY -> {
                return decl(t.base, inner + "[" + (t.arrayLen < 0 ? "" : Long.toString(t.arrayLen)) + "]", td);
            }
            case VLA -> {
                return decl(t.base, inner + "[*]", td);
            }
            case FUNC -> {
                StringBuilder sb = new StringBuilder(inner).append('(');
                // a K&R definition's type has its parameters, but no prototype: clang prints it int ()
                if (!t.oldStyle)
                    for (int i = 0; i < t.params.size(); i++)
                        sb.append(i > 0 ? ", " : "").append(decl(t.params.get(i), "", td));
                if (t.variadic) sb.append(t.params.isEmpty() ? "..." : ", ...");
                else if (t.params.isEmpty() && !t.oldStyle) sb.append("void");
                return decl(t.base, sb.append(')').toString(), td);
            }
            default -> {
                return join(quals(t.quals) + baseName(t), inner);
            }
        }
    }

    private static String join(String base, String inner) {
        if (inner.isEmpty()) return base;
        return inner.startsWith("[") ? base + inner : base + " " + inner;
    }

    private static String baseName(Type t) {
        if (t.isComplex) return "_Complex " + baseName(t.base);
        if (t.isBitInt()) return (t.isUnsigned ? "unsigned _BitInt(" : "_BitInt(") + t.bitWidth() + ")";
        return switch (t.kind) {
            case VOID -> "void";
            case BOOL -> "_Bool";
            case CHAR -> t.origin == Type.CHAR ? "char" : t.isUnsigned ? "unsigned char" : "signed char";
            case SHORT -> t.isUnsigned ? "unsigned short" : "short";
            case INT -> t.isUnsigned ? "unsigned int" : "int";
            case LONG -> t.isUnsigned ? "unsigned long" : "long";
            case LLONG -> t.isUnsigned ? "unsigned long long" : "long long";
            case INT128 -> t.isUnsigned ? "unsigned __int128" : "__int128";
            case FLOAT -> "float";
            case FLOAT16 -> "_Float16";
            case DOUBLE -> "double";
            case LDOUBLE -> "long double";
            case FLOAT128 -> "__float128";
            case STRUCT, UNION, ENUM -> {
                if (t.isVector()) {
                    String e = TypePrinter.print(t.record.vectorElement);
                    yield "__attribute__((__vector_size__(" + t.vectorLength() + " * sizeof(" + e + ")))) " + e;
                }
                String kw = t.kind == Type.Kind.STRUCT ? "struct" : t.kind == Type.Kind.UNION ? "union" : "enum";
                if (t.record.tag != null) yield kw + " " + t.record.tag;
                var l = t.record.defLoc;
                yield kw + " (unnamed " + kw + (l == null ? "" : " at " + l) + ")";
            }
            default -> t.kind.toString();
        };
    }
}
