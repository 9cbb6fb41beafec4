package jomp.compiler.parse;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.util.Locale;
import jomp.compiler.ast.Expr;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.DigitSeparators;
import jomp.compiler.lex.Token;
import jomp.compiler.type.Binary128;
import jomp.compiler.type.Float16;
import jomp.compiler.type.Type;
import jomp.compiler.type.Types;

/** Converts number, character and string tokens to values (C11 6.4.4, 6.4.5), with their C types. */
final class Literals {
    private final Diagnostics diags;

    Literals(Diagnostics diags) {
        this.diags = diags;
    }

    /** An integer or floating constant (C11 6.4.4.1-2; C23's wb suffixes, an extension before C23). */
    Expr number(Token t, boolean c23) {
        String s = DigitSeparators.strip(t, diags);
        if (s == null) return new Expr.IntLit(0, Type.INT, t.loc);
        String lower = s.toLowerCase(Locale.ROOT);
        boolean hex = lower.startsWith("0x");
        boolean isFloat = hex
                ? lower.indexOf('p') >= 0 || lower.indexOf('.') >= 0
                : lower.indexOf('.') >= 0 || lower.indexOf('e') >= 0;
        if (isFloat) return floating(t, s, lower);
        int base = 10, p = 0;
        if (hex) {
            base = 16;
            p = 2;
        } else if (lower.startsWith("0b")) {
            base = 2;
            p = 2;
        } else if (lower.startsWith("0") && s.length() > 1) {
            base = 8;
            p = 1;
        }
        int end = p;
        while (end < s.length() && Character.digit(s.charAt(end), base) >= 0 && s.charAt(end) != '\'') end++;
        String suffix = lower.substring(end);
        boolean u = false;
        int l = 0;
        boolean bitInt = isBitIntSuffix(s.substring(end));
        if (bitInt) {
            u = suffix.length() == 3;
            suffix = "";
        }
        switch (suffix) {
            case "" -> {}
            case "u" -> u = true;
            case "l" -> l = 1;
            case "ul", "lu" -> {
                u = true;
                l = 1;
            }
            case "ll" -> l = 2;
            case "ull", "llu" -> {
                u = true;
                l = 2;
            }
            default -> {
                if (end < s.length() && Character.isDigit(s.charAt(end)) && base == 8)
                    diags.error(at(t, end), "invalid digit '" + s.charAt(end) + "' in octal constant");
                else diags.error(at(t, end), "invalid suffix '" + s.substring(end) + "' on integer constant");
                return new Expr.IntLit(0, Type.INT, t.loc);
            }
        }
        long v = 0;
        boolean overflow = false;
        for (int i = p; i < end; i++) {
            int d = Character.digit(s.charAt(i), base);
            long nv = v * base + d;
            if (Long.compareUnsigned(v, Long.divideUnsigned(-1L, base)) > 0 || Long.compareUnsigned(nv, v * base) < 0)
                overflow = true;
            v = nv;
        }
        if (end == p && base != 8) {
            diags.error(t.loc, "invalid suffix '" + s.substring(p) + "' on integer constant");
            return new Expr.IntLit(0, Type.INT, t.loc);
        }
        if (bitInt && (end > p || base == 8)) {
            if (!c23) diags.warning(t.loc, "'_BitInt' suffix for literals is a C23 extension", "-Wc23-extensions");
            if (overflow) return wideBitInt(new BigInteger(s.substring(p, end).replace("'", ""), base), u, t.loc);
            return new Expr.IntLit(v, bitIntLiteralType(v, u, false), t.loc);
        }
        if (overflow) diags.error(t.loc, "integer literal is too large to be represented in any integer type");
        // 6.4.4.1p5: the first type of the list that can represent the value
        Type ty;
        boolean decimal = base == 10;
        if (l == 2) ty = u || (!decimal && v < 0) ? Type.ULLONG : v < 0 ? Type.ULLONG : Type.LLONG;
        else if (l == 1) ty = u ? Type.ULONG : v < 0 ? Type.ULONG : Type.LONG;
        else if (u) ty = (v >>> 32) == 0 ? Type.UINT : Type.ULONG;
        else if (v >= 0 && v <= Integer.MAX_VALUE) ty = Type.INT;
        else if (!decimal && (v >>> 32) == 0) ty = Type.UINT;
        else ty = v >= 0 ? Type.LONG : Type.ULONG;
        if (decimal && !u && v < 0) {
            diags.warning(
                    t.loc,
                    "integer literal is too large to be represented in a signed integer type, interpreting as unsigned",
                    "-Wimplicitly-unsigned-literal");
        }
        return new Expr.IntLit(v, ty, t.loc);
    }

    /** wb or WB, with a u or U before or after it (C23 6.4.4.1). */
    private static boolean isBitIntSuffix(String suffix) {
        String wb = suffix;
        if (wb.startsWith("u") || wb.startsWith("U")) wb = wb.substring(1);
        else if (wb.endsWith("u") || wb.endsWith("U")) wb = wb.substring(0, wb.length() - 1);
        return wb.equals("wb") || wb.equals("WB");
    }

    /**
     * A wb literal of more than 64 bits, whose value an IntLit cannot hold: its 64-bit words, high
     * first, each converted to the literal's type, shifted and or-ed in. The front end folds the
     * tree back to v exactly (Int128Const) and the lowering emits it as a constant.
     */
    private Expr wideBitInt(BigInteger v, boolean unsigned, SourceLocation loc) {
        int bits = v.bitLength() + (unsigned ? 0 : 1);
        if (bits > Type.BITINT_MAXWIDTH) {
            diags.error(loc, "integer literal is too large to be represented in any integer type");
            return new Expr.IntLit(0, Type.INT, loc);
        }
        Type ty = Type.bitInt(bits, unsigned);
        Expr acc = null;
        for (int i = (v.bitLength() - 1) / 64; i >= 0; i--) {
            Expr word =
                    new Expr.Cast(new Expr.IntLit(v.shiftRight(64 * i).longValue(), Type.ULONG, loc), ty, true, loc);
            acc = acc == null
                    ? word
                    : new Expr.Binary(
                            Expr.Binary.Op.BITOR,
                            new Expr.Binary(Expr.Binary.Op.SHL, acc, new Expr.IntLit(64, Type.INT, loc), ty, loc),
                            word,
                            ty,
                            loc);
        }
        return acc;
    }

    /** The type of a wb literal of value v (C23 6.4.4.1p6): the narrowest _BitInt that holds it. */
    private static Type bitIntLiteralType(long v, boolean unsigned, boolean overflow) {
        int bits = overflow ? 64 : 64 - Long.numberOfLeadingZeros(v);
        return unsigned ? Type.bitInt(Math.max(bits, 1), true) : Type.bitInt(Math.max(bits + 1, 2), false);
    }

    @SuppressWarnings("SelfAssignment") // d = (float) d rounds to float: not a self-assignment
    private Expr floating(Token t, String s, String lower) {
        Type ty = Type.DOUBLE;
        String body = s;
        // a GNU imaginary constant (1.0i, 1.0iF, 2.0fi, 1.0if16, 1.0f16i, 1.0qi, 1.0if128): 'i' or 'j' next to the
        // other suffix
        boolean imaginary = false;
        boolean hexFloat = lower.startsWith("0x");
        int from = lower.endsWith("if128") || lower.endsWith("jf128")
                ? 5
                : lower.endsWith("if16") || lower.endsWith("jf16") ? 4 : 2;
        for (int k = Math.max(0, s.length() - from); k < s.length(); k++) {
            char c = lower.charAt(k);
            if ((c == 'i' || c == 'j') && !(hexFloat && k < lower.indexOf('p'))) {
                imaginary = true;
                s = s.substring(0, k) + s.substring(k + 1);
                lower = s.toLowerCase(Locale.ROOT);
                body = s;
                break;
            }
        }
        boolean hexExponent = !lower.startsWith("0x") || lower.indexOf('p') >= 0;
        if (hexExponent && (lower.endsWith("q") || lower.endsWith("f128"))) {
            // GNU's __float128 constants (gcc's q and f128; clang takes q): read exactly, rounded once
            body = s.substring(0, s.length() - (lower.endsWith("q") ? 1 : 4));
            Binary128 q = body.toLowerCase(Locale.ROOT).startsWith("0x")
                            && body.toLowerCase(Locale.ROOT).indexOf('p') < 0
                    ? null
                    : Binary128.parse(body);
            if (q == null) {
                badSuffix(t, s);
                q = Binary128.ZERO;
            }
            // 1.0qi: _Complex __float128 (gcc's and clang's)
            return new Expr.FloatLit(q.toDouble(), imaginary ? Type.FLOAT128_COMPLEX : Type.FLOAT128, t.loc, q);
        }
        if (lower.endsWith("f16") && hexExponent) {
            ty = Type.FLOAT16;
            body = s.substring(0, s.length() - 3);
        } else if (lower.endsWith("f") && !lower.startsWith("0x")
                || lower.startsWith("0x") && lower.endsWith("f") && lower.indexOf('p') >= 0) {
            ty = Type.FLOAT;
            body = s.substring(0, s.length() - 1);
        } else if (lower.endsWith("l")) {
            ty = Type.LDOUBLE;
            body = s.substring(0, s.length() - 1);
        }
        double d;
        try {
            if (body.toLowerCase(Locale.ROOT).startsWith("0x")
                    && body.toLowerCase(Locale.ROOT).indexOf('p') < 0) throw new NumberFormatException();
            // Java's parseDouble takes a trailing f or d (1.5ff would pass): C's digits end in a digit or '.'
            char last = body.isEmpty() ? 'x' : body.charAt(body.length() - 1);
            if (!Character.isDigit(last) && last != '.') throw new NumberFormatException();
            d = Double.parseDouble(body.replace("'", ""));
        } catch (NumberFormatException e) {
            badSuffix(t, s);
            d = 0;
        }
        if (ty == Type.FLOAT) d = (float) d;
        if (ty == Type.FLOAT16) d = Float.float16ToFloat(Float16.fromDouble(d));
        if (imaginary) ty = Types.complexOf(ty);
        return new Expr.FloatLit(d, ty, t.loc);
    }

    /**
     * A floating constant's digits followed by what is not a suffix, reported as clang does, at
     * the first character after the digits: a hexadecimal one without its exponent, else the suffix.
     */
    private void badSuffix(Token t, String s) {
        String lower = s.toLowerCase(Locale.ROOT);
        boolean hex = lower.startsWith("0x");
        int end = hex ? 2 : 0;
        while (end < s.length() && digitOrSign(lower, end, hex)) end++;
        if (hex && lower.indexOf('p') < 0)
            diags.error(at(t, end), "hexadecimal floating constant requires an exponent");
        else diags.error(at(t, end), "invalid suffix '" + s.substring(end) + "' on floating constant");
    }

    /** Whether lower[i] belongs to a floating constant's digits: digits, '.', separators, the exponent and its sign. */
    private static boolean digitOrSign(String lower, int i, boolean hex) {
        char c = lower.charAt(i);
        if (Character.digit(c, hex ? 16 : 10) >= 0 || c == '.' || c == '\'') return true;
        if (c == (hex ? 'p' : 'e')) return true;
        char prev = lower.charAt(i - 1);
        return (c == '+' || c == '-') && prev == (hex ? 'p' : 'e');
    }

    /** A character constant: 'a' and multi-character constants are int, L'' int, u'' unsigned short, U'' unsigned int. */
    @SuppressWarnings("SelfAssignment") // v = (byte) v and v = (int) v narrow the value: not self-assignments
    Expr character(Token t) {
        String s = t.text;
        int q = s.indexOf('\'');
        String prefix = s.substring(0, q);
        Type ty = switch (prefix) {
            case "L" -> Type.INT;
            case "u" -> Type.USHORT;
            case "U" -> Type.UINT;
            default -> Type.INT;
        };
        int[] pos = {q + 1};
        long v = 0;
        int n = 0;
        while (pos[0] < s.length() - 1) {
            int c = readChar(t, s, pos, !prefix.isEmpty());
            if (!prefix.isEmpty()) {
                v = c;
                n++;
            } else {
                v = (v << 8) | (c & 0xff);
                n++;
            } // a non-ASCII source character is its UTF-8 bytes, one by one
        }
        if (n == 0) {
            diags.error(t.loc, "empty character constant");
            return new Expr.IntLit(0, Type.INT, t.loc);
        }
        if (prefix.isEmpty()) {
            if (n == 1) v = (byte) v; // plain char is signed
            else {
                diags.warning(t.loc, "multi-character character constant", "-Wmultichar");
                v = (int) v;
            }
        } else if (ty == Type.USHORT) v &= 0xffff;
        else if (ty == Type.UINT) v &= 0xffffffffL;
        else v = (int) v;
        return new Expr.IntLit(v, ty, t.loc);
    }

    /** The element type of a string literal token: char, int (L), unsigned short (u), unsigned int (U). */
    static Type stringElem(String text) {
        if (text.startsWith("u8")) return Type.CHAR;
        if (text.startsWith("L")) return Type.INT;
        if (text.startsWith("u")) return Type.USHORT;
        if (text.startsWith("U")) return Type.UINT;
        return Type.CHAR;
    }

    /** The code units of one string literal token (without the terminator), encoded for elemSize. */
    void appendString(Token t, int elemSize, ByteArrayOutputStream out) {
        String s = t.text;
        int q = s.indexOf('"');
        int[] pos = {q + 1};
        while (pos[0] < s.length() - 1) {
            boolean escape = s.charAt(pos[0]) == '\\';
            boolean ucn = escape && (s.charAt(pos[0] + 1) == 'u' || s.charAt(pos[0] + 1) == 'U');
            int c = readChar(t, s, pos, elemSize > 1);
            if (elemSize == 1) {
                // source bytes (UTF-8) go through as they are; a universal character name is written in UTF-8
                if (ucn && c > 0x7f && Character.isValidCodePoint(c))
                    out.writeBytes(new String(Character.toChars(c)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                else out.write(c);
            } else if (elemSize == 2 && (!escape || ucn) && c > 0xffff) {
                char[] cs = Character.toChars(c);
                for (char x : cs) {
                    out.write(x & 0xff);
                    out.write(x >> 8);
                }
            } else {
                for (int i = 0; i < elemSize; i++) out.write((c >>> (8 * i)) & 0xff);
            }
        }
    }

    /** Reads one source character or escape sequence at pos[0]; returns its value (a code point or code unit). */
    private int readChar(Token t, String s, int[] pos, boolean wide) {
        int p = pos[0];
        char c = s.charAt(p);
        if (c != '\\') {
            // the source is read byte by byte (ISO-8859-1); a wide literal gets the code point its UTF-8 bytes spell
            pos[0] = p + 1;
            if (!wide || c < 0x80) return c;
            return utf8(s, pos, c);
        }
        char e = s.charAt(p + 1);
        pos[0] = p + 2;
        switch (e) {
            case 'n':
                return '\n';
            case 't':
                return '\t';
            case 'r':
                return '\r';
            case 'a':
                return 7;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'v':
                return 11;
            case 'e':
            case 'E':
                return 27;
            case 'x': {
                int q = pos[0];
                long v = 0;
                while (q < s.length() - 1 && Character.digit(s.charAt(q), 16) >= 0)
                    v = v * 16 + Character.digit(s.charAt(q++), 16);
                if (q == pos[0]) diags.error(at(t, p), "\\x used with no following hex digits");
                else if (!wide && v > 0xff) diags.error(at(t, p), "hex escape sequence out of range");
                pos[0] = q;
                return (int) v;
            }
            case 'u':
            case 'U': {
                int len = e == 'u' ? 4 : 8, q = pos[0], v = 0;
                for (int i = 0; i < len && q < s.length() - 1 && Character.digit(s.charAt(q), 16) >= 0; i++)
                    v = v * 16 + Character.digit(s.charAt(q++), 16);
                pos[0] = q;
                return v;
            }
            default:
                if (e >= '0' && e <= '7') {
                    int v = e - '0', q = pos[0];
                    for (int i = 0; i < 2 && q < s.length() - 1 && s.charAt(q) >= '0' && s.charAt(q) <= '7'; i++)
                        v = v * 8 + s.charAt(q++) - '0';
                    pos[0] = q;
                    if (!wide && v > 0xff) diags.error(at(t, p), "octal escape sequence out of range");
                    return v;
                }
                if (e != '\'' && e != '"' && e != '?' && e != '\\')
                    diags.warning(at(t, p), "unknown escape sequence '\\" + e + "'", "-Wunknown-escape-sequence");
                return e;
        }
    }

    /** The code point of the UTF-8 sequence starting with byte lead (its other bytes follow at pos[0]); a bad sequence is the byte itself. */
    private static int utf8(String s, int[] pos, int lead) {
        int extra = lead >= 0xf0 && lead < 0xf8 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : 0;
        if (extra == 0 || lead >= 0xf8) return lead;
        int cp = lead & (0x3f >> extra), p = pos[0];
        for (int i = 0; i < extra; i++) {
            if (p + i >= s.length() - 1 || (s.charAt(p + i) & 0xc0) != 0x80) return lead;
            cp = (cp << 6) | (s.charAt(p + i) & 0x3f);
        }
        pos[0] = p + extra;
        return cp;
    }

    static SourceLocation at(Token t, int delta) {
        if (t.kind == Token.Kind.NUMBER)
            delta = DigitSeparators.spelled(t.text, delta); // a number is read without them
        SourceLocation l = t.loc;
        int off = l.offset() + delta;
        if (off > l.file().text().length()) off = l.offset();
        return new SourceLocation(l.file(), off, l.presumedFile(), l.presumedLine());
    }
}
