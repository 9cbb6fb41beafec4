package jomp.compiler.preprocess;

import java.util.List;
import java.util.Locale;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.DigitSeparators;
import jomp.compiler.lex.Token;

/**
 * Evaluates the controlling expression of #if/#elif (C11 6.10.1) after macro expansion and
 * after {@code defined} was replaced: integers are intmax_t or uintmax_t (64 bits), the usual
 * arithmetic conversions apply, remaining identifiers are 0, and && || ?: evaluate lazily so
 * that a division by zero in an unevaluated operand is no error. Diagnostics in clang's words.
 */
final class ConstantExpression {
    /** A value: 64 bits plus whether it is unsigned. */
    private record Val(long v, boolean unsigned) {}

    /** Thrown after an error was reported; the directive then counts as false. */
    private static final class Bail extends RuntimeException {
        Bail() {
            super(null, null, false, false);
        }
    }

    private final List<Token> toks; // ends with EOF
    private final Diagnostics diags;
    private int pos;
    private int skip; // > 0 inside an operand that is not evaluated

    private ConstantExpression(List<Token> toks, Diagnostics diags) {
        this.toks = toks;
        this.diags = diags;
    }

    /** Returns the expression's truth value; on a reported error, false. */
    static boolean evaluate(List<Token> toks, Diagnostics diags) {
        ConstantExpression e = new ConstantExpression(toks, diags);
        try {
            Val v = e.conditional();
            Token t = e.peek();
            if (t.kind != Token.Kind.EOF) {
                diags.error(
                        t.loc,
                        t.is(",")
                                ? "expected end of line in preprocessor expression"
                                : "token is not a valid binary operator in a preprocessor subexpression");
                return false;
            }
            return v.v != 0;
        } catch (Bail b) {
            return false;
        }
    }

    private Token peek() {
        return toks.get(pos);
    }

    private boolean accept(String op) {
        Token t = toks.get(pos);
        if (t.kind == Token.Kind.PUNCT && t.text.equals(op)) {
            pos++;
            return true;
        }
        return false;
    }

    private Val conditional() {
        Val c = binary(0);
        if (!peek().is("?")) return c;
        Token q = toks.get(pos++);
        boolean cond = c.v != 0;
        if (!cond) skip++;
        Val a = comma();
        if (!cond) skip--;
        if (!accept(":")) {
            diags.error(peek().loc, "expected ':'");
            diags.note(q.loc, "to match this '?'");
            throw new Bail();
        }
        if (cond) skip++;
        Val b = conditional();
        if (cond) skip--;
        boolean u = a.unsigned || b.unsigned;
        return new Val(cond ? a.v : b.v, u);
    }

    private Val comma() {
        Val v = conditional();
        while (accept(",")) v = conditional();
        return v;
    }

    // Binary operators by precedence level, lowest first.
    private static final String[][] LEVELS = {
        {"||"},
        {"&&"},
        {"|"},
        {"^"},
        {"&"},
        {"==", "!="},
        {"<", ">", "<=", ">="},
        {"<<", ">>"},
        {"+", "-"},
        {"*", "/", "%"}
    };

    private Val binary(int level) {
        if (level == LEVELS.length) return unary();
        Val l = binary(level + 1);
        while (true) {
            Token t = peek();
            String op = null;
            if (t.kind == Token.Kind.PUNCT) for (String s : LEVELS[level]) if (s.equals(t.text)) op = s;
            if (op == null) return l;
            pos++;
            boolean lazy = (op.equals("||") && l.v != 0) || (op.equals("&&") && l.v == 0);
            if (lazy) skip++;
            Val r = binary(level + 1);
            if (lazy) skip--;
            l = apply(op, l, r, t);
        }
    }

    private Val apply(String op, Val l, Val r, Token at) {
        boolean u = l.unsigned || r.unsigned;
        long a = l.v, b = r.v;
        switch (op) {
            case "||":
                return new Val(a != 0 || b != 0 ? 1 : 0, false);
            case "&&":
                return new Val(a != 0 && b != 0 ? 1 : 0, false);
            case "|":
                return new Val(a | b, u);
            case "^":
                return new Val(a ^ b, u);
            case "&":
                return new Val(a & b, u);
            case "==":
                return new Val(a == b ? 1 : 0, false);
            case "!=":
                return new Val(a != b ? 1 : 0, false);
            case "<":
                return new Val((u ? Long.compareUnsigned(a, b) : Long.compare(a, b)) < 0 ? 1 : 0, false);
            case ">":
                return new Val((u ? Long.compareUnsigned(a, b) : Long.compare(a, b)) > 0 ? 1 : 0, false);
            case "<=":
                return new Val((u ? Long.compareUnsigned(a, b) : Long.compare(a, b)) <= 0 ? 1 : 0, false);
            case ">=":
                return new Val((u ? Long.compareUnsigned(a, b) : Long.compare(a, b)) >= 0 ? 1 : 0, false);
            case "<<":
                return new Val(b < 0 || b >= 64 ? 0 : a << b, l.unsigned);
            case ">>":
                if (b < 0 || b >= 64) return new Val(l.unsigned || a >= 0 ? 0 : -1, l.unsigned);
                return new Val(l.unsigned ? a >>> b : a >> b, l.unsigned);
            case "+":
                return new Val(a + b, u);
            case "-":
                return new Val(a - b, u);
            case "*":
                return new Val(a * b, u);
            default: { // "/" and "%"
                if (b == 0) {
                    if (skip > 0) return new Val(0, u);
                    diags.error(
                            at.loc,
                            (op.equals("/") ? "division" : "remainder") + " by zero in preprocessor expression");
                    throw new Bail();
                }
                if (u) return new Val(op.equals("/") ? Long.divideUnsigned(a, b) : Long.remainderUnsigned(a, b), true);
                if (a == Long.MIN_VALUE && b == -1) return new Val(op.equals("/") ? a : 0, false);
                return new Val(op.equals("/") ? a / b : a % b, false);
            }
        }
    }

    private Val unary() {
        Token t = peek();
        if (t.kind == Token.Kind.PUNCT) {
            switch (t.text) {
                case "+" -> {
                    pos++;
                    return unary();
                }
                case "-" -> {
                    pos++;
                    Val v = unary();
                    return new Val(-v.v, v.unsigned);
                }
                case "~" -> {
                    pos++;
                    Val v = unary();
                    return new Val(~v.v, v.unsigned);
                }
                case "!" -> {
                    pos++;
                    Val v = unary();
                    return new Val(v.v == 0 ? 1 : 0, false);
                }
                case "(" -> {
                    pos++;
                    Val v = comma();
                    if (!accept(")")) {
                        diags.error(peek().loc, "expected ')' in preprocessor expression");
                        diags.note(t.loc, "to match this '('");
                        throw new Bail();
                    }
                    return v;
                }
                default -> {}
            }
        }
        pos++;
        switch (t.kind) {
            case NUMBER:
                return number(t);
            case CHAR:
                return new Val(charValue(t.text), false);
            case IDENT:
            case KEYWORD:
                return new Val(0, false);
            default:
                diags.error(t.loc, "expected value in expression");
                throw new Bail();
        }
    }

    private Val number(Token t) {
        String s = DigitSeparators.strip(t, diags);
        if (s == null) throw new Bail();
        int i = 0, base = 10;
        if (s.startsWith("0x") || s.startsWith("0X")) {
            base = 16;
            i = 2;
        } else if (s.startsWith("0b") || s.startsWith("0B")) {
            base = 2;
            i = 2;
        } else if (s.startsWith("0")) base = 8;
        long v = 0;
        boolean overflow = false;
        int start = i;
        for (; i < s.length(); i++) {
            int d = Character.digit(s.charAt(i), base);
            if (d < 0) break;
            if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, base)) > 0) overflow = true;
            v = v * base + d;
        }
        if ((base == 8 || base == 2)
                && i < s.length()
                && Character.isDigit(s.charAt(i))
                && s.indexOf('.') < 0
                && (base == 2 || s.toLowerCase(Locale.ROOT).indexOf('e') < 0)) {
            SourceLocation at =
                    new SourceLocation(t.loc.file(), t.loc.offset() + i, t.loc.presumedFile(), t.loc.presumedLine());
            diags.error(at, "invalid digit '" + s.charAt(i) + "' in " + (base == 8 ? "octal" : "binary") + " constant");
            throw new Bail();
        }
        String suffix = s.substring(i).toLowerCase(Locale.ROOT);
        if (s.indexOf('.') >= 0
                || (base != 16 && (suffix.startsWith("e") || suffix.equals("f")))
                || (base == 16 && suffix.startsWith("p"))) {
            diags.error(t.loc, "floating point literal in preprocessor expression");
            throw new Bail();
        }
        boolean unsigned = false;
        switch (suffix) {
            case "", "l", "ll" -> {}
            case "u", "ul", "lu", "ull", "llu" -> unsigned = true;
            default -> {
                diags.error(t.loc, "invalid suffix '" + s.substring(i) + "' on integer constant");
                throw new Bail();
            }
        }
        if (i == start && base != 8) {
            diags.error(t.loc, "invalid suffix '" + s.substring(start - 1) + "' on integer constant");
            throw new Bail();
        }
        if (overflow) {
            diags.error(t.loc, "integer literal is too large to be represented in any integer type");
            throw new Bail();
        }
        if (!unsigned && v < 0) {
            if (base == 10)
                diags.warning(
                        t.loc,
                        "integer literal is too large to be represented in a signed integer "
                                + "type, interpreting as unsigned",
                        "-Wimplicitly-unsigned-literal");
            unsigned = true;
        }
        return new Val(v, unsigned);
    }

    /** The value of a character constant: plain ones are int of a (signed) char, as on x86-64. */
    static long charValue(String text) {
        int q = text.indexOf('\'');
        String prefix = text.substring(0, q);
        String body = text.substring(q + 1, text.length() - 1);
        long v = 0;
        int count = 0;
        long last = 0;
        for (int i = 0; i < body.length(); ) {
            long c;
            char ch = body.charAt(i++);
            if (ch != '\\') c = ch;
            else {
                char e = i < body.length() ? body.charAt(i++) : '\\';
                switch (e) {
                    case 'n' -> c = '\n';
                    case 't' -> c = '\t';
                    case 'r' -> c = '\r';
                    case 'a' -> c = 7;
                    case 'b' -> c = '\b';
                    case 'f' -> c = '\f';
                    case 'v' -> c = 11;
                    case 'e' -> c = 27;
                    case 'x' -> {
                        c = 0;
                        while (i < body.length() && Character.digit(body.charAt(i), 16) >= 0)
                            c = c * 16 + Character.digit(body.charAt(i++), 16);
                    }
                    case 'u', 'U' -> {
                        int len = e == 'u' ? 4 : 8;
                        c = 0;
                        for (int k = 0; k < len && i < body.length(); k++)
                            c = c * 16 + Character.digit(body.charAt(i++), 16);
                    }
                    default -> {
                        if (e >= '0' && e <= '7') {
                            c = (long) e - '0';
                            for (int k = 0;
                                    k < 2 && i < body.length() && body.charAt(i) >= '0' && body.charAt(i) <= '7';
                                    k++) c = c * 8 + body.charAt(i++) - '0';
                        } else c = e;
                    }
                }
            }
            last = c;
            v = (v << 8) | (c & 0xFF);
            count++;
        }
        if (!prefix.isEmpty()) return prefix.equals("u") ? last & 0xFFFF : (int) last; // L and U: 32-bit
        if (count == 1) return (byte) v;
        return (int) v;
    }
}
