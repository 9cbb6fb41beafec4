package jomp.compiler.sema;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;

/**
 * clang's -Wformat for printf- and scanf-like calls with a literal format: each conversion's
 * expected argument type against the argument's type, missing and extra arguments.
 */
final class FormatChecker {
    private final Diagnostics diags;

    FormatChecker(Diagnostics diags) {
        this.diags = diags;
    }

    /** Index of the format argument, or -1 when the function is not one we check. */
    private static int formatIndex(String fn) {
        return switch (fn) {
            case "printf", "scanf" -> 0;
            case "fprintf", "sprintf", "fscanf", "sscanf", "dprintf" -> 1;
            case "snprintf" -> 2;
            default -> -1;
        };
    }

    @SuppressWarnings("IncrementInForLoopAndHeader") // a conversion's characters are consumed inside the loop
    void check(String fn, List<Expr> args) {
        int fi = formatIndex(fn);
        if (fi < 0 || fi >= args.size()) return;
        Expr f = args.get(fi);
        if (f instanceof Expr.Decay d) f = d.operand();
        if (!(f instanceof Expr.StrLit lit) || lit.type().base.size() != 1) return;
        boolean scan = fn.endsWith("scanf");
        byte[] b = lit.bytes();
        int argi = fi + 1;
        boolean positional = false; // "%2$d": each conversion names its argument (POSIX)
        for (int i = 0; i < b.length - 1; i++) {
            if (b[i] != '%') continue;
            i++;
            if (i >= b.length - 1) return;
            if (b[i] == '%') continue;
            int pos = position(b, i);
            if (pos > 0) {
                positional = true;
                argi = fi + pos;
                while (b[i] != '$') i++;
                i++;
            }
            boolean suppress = false;
            if (scan && b[i] == '*') {
                suppress = true;
                i++;
            }
            // flags, width, precision
            while (i < b.length - 1 && "-+ #0'".indexOf(b[i]) >= 0) i++;
            if (!scan && b[i] == '*') {
                argi = star(args, argi, b, i + 1);
                i = pastStar(b, i + 1);
            }
            while (i < b.length - 1 && Character.isDigit(b[i])) i++;
            if (!scan && b[i] == '.') {
                i++;
                if (b[i] == '*') {
                    argi = star(args, argi, b, i + 1);
                    i = pastStar(b, i + 1);
                }
                while (i < b.length - 1 && Character.isDigit(b[i])) i++;
            }
            if (pos > 0) argi = fi + pos;
            String len = "";
            if (b[i] == 'h' || b[i] == 'l') {
                len += (char) b[i++];
                if (b[i] == b[i - 1]) len += (char) b[i++];
            } else if ("jztLq".indexOf(b[i]) >= 0) len += (char) b[i++];
            char conv = (char) b[i];
            if (!scan && conv == 'm') continue; // glibc's strerror(errno): no argument
            if ("diouxXcspnfFeEgGaA[".indexOf(conv) < 0) {
                diags.warning(lit.loc(), "invalid conversion specifier '" + conv + "'", "-Wformat-invalid-specifier");
                return;
            }
            if (conv == '[') {
                while (i < b.length - 1 && b[i] != ']') i++;
            }
            if (suppress) continue;
            if (argi >= args.size()) {
                diags.warning(lit.loc(), "more '%' conversions than data arguments", "-Wformat-insufficient-args");
                return;
            }
            Expr a = args.get(argi++);
            Type at = argType(a);
            if (Sema.isError(at)) continue;
            String expected = scan ? scanExpected(conv, len, at) : printExpected(conv, len, at);
            if (expected != null)
                diags.warning(
                        a.loc(),
                        "format specifies type " + expected + " but the argument has type " + TypePrinter.quoteAka(at),
                        "-Wformat");
        }
        if (!positional && argi < args.size())
            diags.warning(args.get(argi).loc(), "data argument not used by format string", "-Wformat-extra-args");
    }

    /** The argument number of a conversion that starts at {@code i} with "N$", else 0. */
    private static int position(byte[] b, int i) {
        int n = 0, j = i;
        while (j < b.length - 1 && Character.isDigit(b[j])) n = n * 10 + (b[j++] - '0');
        return j > i && b[j] == '$' ? n : 0;
    }

    /** After a '*' at {@code i - 1}: past its "M$" when it has one. */
    private static int pastStar(byte[] b, int i) {
        if (position(b, i) == 0) return i;
        while (b[i] != '$') i++;
        return i + 1;
    }

    /**
     * A '*' at {@code i - 1}: checks its argument and returns the next argument's index. A "*M$"
     * is not checked (clang places that warning inside the literal, where no location is kept).
     */
    private int star(List<Expr> args, int argi, byte[] b, int i) {
        return position(b, i) == 0 ? star(args, argi) : argi;
    }

    private static Type argType(Expr a) {
        if (Sema.bitFieldFitsInt(a)) return Type.INT; // passed promoted, and clang names the promoted type
        Type t = a instanceof Expr.Decay d ? d.operand().type() : a.type();
        return t.isArray() || t.isFunction() ? jomp.compiler.type.Types.decay(t) : t;
    }

    private int star(List<Expr> args, int argi) {
        if (argi < args.size()) {
            Expr a = args.get(argi);
            Type t = a.type();
            if (!t.isInteger() || t.size() > 4)
                diags.warning(
                        a.loc(),
                        "field width should have type 'int', but argument has type " + TypePrinter.quoteAka(t),
                        "-Wformat");
        }
        return argi + 1;
    }

    /** The promoted integer class of an argument: 4 (int), 8L (long), 8LL (long long), -1 not an integer. */
    private static int intClass(Type t) {
        if (!t.isInteger()) return -1;
        return switch (t.kind) {
            case LONG -> 5;
            case LLONG -> 6;
            default -> 4;
        };
    }

    /** null when the argument fits the conversion, else clang's quoted expected type. */
    private static String printExpected(char conv, String len, Type at) {
        switch (conv) {
            case 'd', 'i', 'o', 'u', 'x', 'X' -> {
                boolean uns = conv != 'd' && conv != 'i';
                int want;
                String name;
                switch (len) {
                    case "l" -> {
                        want = 5;
                        name = uns ? "unsigned long" : "long";
                    }
                    case "ll", "q" -> {
                        want = 6;
                        name = uns ? "unsigned long long" : "long long";
                    }
                    case "z" -> {
                        want = 5;
                        name = uns ? "size_t" : "ssize_t";
                    }
                    case "j" -> {
                        want = 5;
                        name = uns ? "uintmax_t" : "intmax_t";
                    }
                    case "t" -> {
                        want = 5;
                        name = "ptrdiff_t";
                    }
                    case "hh" -> {
                        want = 4;
                        name = uns ? "unsigned char" : "char";
                    }
                    case "h" -> {
                        want = 4;
                        name = uns ? "unsigned short" : "short";
                    }
                    default -> {
                        want = 4;
                        name = uns ? "unsigned int" : "int";
                    }
                }
                if (intClass(at) == want) return null;
                return switch (name) {
                    case "size_t" -> "'size_t' (aka 'unsigned long')";
                    case "ssize_t" -> "'ssize_t' (aka 'long')";
                    case "ptrdiff_t" -> "'ptrdiff_t' (aka 'long')";
                    case "intmax_t" -> "'intmax_t' (aka 'long')";
                    case "uintmax_t" -> "'uintmax_t' (aka 'unsigned long')";
                    default -> "'" + name + "'";
                };
            }
            case 'c' -> {
                return len.equals("l")
                        ? (intClass(at) == 4 ? null : "'wint_t' (aka 'unsigned int')")
                        : intClass(at) == 4 ? null : "'int'";
            }
            case 's' -> {
                if (len.equals("l"))
                    return at.isPointer() && at.base.kind == Type.Kind.INT ? null : "'wchar_t *' (aka 'int *')";
                return at.isPointer() && at.base.kind == Type.Kind.CHAR ? null : "'char *'";
            }
            case 'p' -> {
                return at.isPointer() ? null : "'void *'";
            }
            case 'n' -> {
                return at.isPointer() && at.base.kind == Type.Kind.INT ? null : "'int *'";
            }
            default -> {
                // f F e E g G a A
                if (len.equals("L")) return at.kind == Type.Kind.LDOUBLE && !at.isComplex ? null : "'long double'";
                return at.isFloat()
                                && at.kind != Type.Kind.LDOUBLE
                                && at.kind != Type.Kind.FLOAT16
                                && at.kind != Type.Kind.FLOAT128
                        ? null
                        : "'double'";
            }
        }
    }

    private static String scanExpected(char conv, String len, Type at) {
        Type p = at.isPointer() ? at.base : null;
        switch (conv) {
            case 'd', 'i', 'o', 'u', 'x', 'X', 'n' -> {
                boolean uns = conv == 'o' || conv == 'u' || conv == 'x' || conv == 'X';
                Type.Kind k;
                String name;
                switch (len) {
                    case "hh" -> {
                        k = Type.Kind.CHAR;
                        name = uns ? "unsigned char *" : "signed char *";
                    }
                    case "h" -> {
                        k = Type.Kind.SHORT;
                        name = uns ? "unsigned short *" : "short *";
                    }
                    case "l" -> {
                        k = Type.Kind.LONG;
                        name = uns ? "unsigned long *" : "long *";
                    }
                    case "ll", "q" -> {
                        k = Type.Kind.LLONG;
                        name = uns ? "unsigned long long *" : "long long *";
                    }
                    case "z" -> {
                        k = Type.Kind.LONG;
                        name = uns ? "size_t *" : "ssize_t *";
                    }
                    case "j" -> {
                        k = Type.Kind.LONG;
                        name = uns ? "uintmax_t *" : "intmax_t *";
                    }
                    case "t" -> {
                        k = Type.Kind.LONG;
                        name = uns ? "unsigned ptrdiff_t *" : "ptrdiff_t *";
                    }
                    default -> {
                        k = Type.Kind.INT;
                        name = uns ? "unsigned int *" : "int *";
                    }
                }
                if (p != null && p.kind == k && !p.isConst()) return null;
                // the typedefs' names, and what they are, as clang says them
                boolean typedef = len.equals("z") || len.equals("j") || len.equals("t");
                return "'" + name + "'" + (typedef ? " (aka '" + (uns ? "unsigned long *" : "long *") + "')" : "");
            }
            case 'c', 's', '[' -> {
                return p != null && p.kind == Type.Kind.CHAR ? null : "'char *'";
            }
            case 'p' -> {
                return p != null && p.isPointer() ? null : "'void **'";
            }
            default -> {
                Type.Kind k =
                        len.equals("l") ? Type.Kind.DOUBLE : len.equals("L") ? Type.Kind.LDOUBLE : Type.Kind.FLOAT;
                if (p != null && p.kind == k && !p.isComplex) return null;
                return k == Type.Kind.DOUBLE ? "'double *'" : k == Type.Kind.LDOUBLE ? "'long double *'" : "'float *'";
            }
        }
    }
}
