package jomp.tests;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Mutates C source text the way a fuzzer of a compiler's front end does (for MutationFuzzTest):
 * tokens and lines deleted, duplicated, swapped; the text truncated; random bytes inserted; brackets
 * nested thousands deep; huge literals; identifiers 100,000 characters long; stray keywords and
 * directives. Text is handled as ISO-8859-1, so every byte value can appear. A mutant depends only on
 * the source and the Random, so a (seed, index) pair reproduces it.
 */
final class SourceMutator {
    /** C's tokens, roughly: enough to cut source text at token boundaries. */
    private static final Pattern TOKEN = Pattern.compile(
            "[A-Za-z_][A-Za-z0-9_]*|0[xX][0-9a-fA-F.pP+-]*[uUlL]*|[0-9][0-9.eE+-]*[uUlLfF]*|\"[^\"\\\\\\n]*+(?:\\\\.[^\"\\\\\\n]*+)*+\"|'[^'\\\\\\n]*+(?:\\\\.[^'\\\\\\n]*+)*+'|\\S");

    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** Pieces of C that start constructs (and directives that open or close groups) to drop in anywhere. */
    private static final String[] STRAY = {
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        ";",
        ",",
        "...",
        "#",
        "##",
        "->",
        "::",
        "?",
        ":",
        "=",
        "*",
        "&&",
        "&",
        "'",
        "\"",
        "\n#if 1\n",
        "\n#endif\n",
        "\n#else\n",
        "\n#define X X\n",
        "\n#define F(a,b) F(b,a)\n",
        "\n#undef __LINE__\n",
        "\n#include\n",
        "\n#include <stdio.h>\n",
        "\n#include \"nonexistent.h\"\n",
        "\n#line 0\n",
        "\n#line 4294967296 \"x\"\n",
        "\n#pragma omp parallel for\n",
        "\n#pragma omp target teams distribute parallel for map(tofrom: x[0:n])\n",
        "\n#pragma pack(1)\n",
        "\n#pragma once\n",
        "\\\n",
        "_Pragma(",
        "_Pragma(\"omp barrier\")",
        "__attribute__((",
        "__attribute__((aligned(1 << 40))) ",
        "__asm__(\"nop\")",
        "typedef ",
        "struct ",
        "union ",
        "enum ",
        "static ",
        "extern ",
        "_Thread_local ",
        "register ",
        "inline ",
        "_Noreturn ",
        "const ",
        "volatile ",
        "restrict ",
        "_Atomic ",
        "_Atomic(",
        "_Alignas(",
        "_Alignof(",
        "_Generic(",
        "_Static_assert(",
        "sizeof ",
        "sizeof(",
        "typeof(",
        "__typeof__(",
        "__builtin_offsetof(",
        "__builtin_va_arg(",
        "__builtin_choose_expr(",
        "__extension__ ",
        "goto ",
        "return ",
        "case 1:",
        "default:",
        "break;",
        "continue;",
        "do ",
        "while (0)",
        "for (;;)",
        "if (",
        "else ",
        "switch (x) ",
        "&&lbl",
        "goto *",
        "int ",
        "void ",
        "char ",
        "long long ",
        "unsigned ",
        "_Bool ",
        "_Complex ",
        "__int128 ",
        "double ",
        "float ",
        "L\"",
        "u8\"",
        "U'",
        "0x",
        "1e",
        ".5",
        "1.f",
        "0b",
        "'\\x'",
        "\"\\777\"",
        "??=",
        "<:",
        "%:",
        "/*",
        "*/",
        "//",
        "\t",
        "\r",
        "\f",
        "\0",
    };

    private final Random r;

    SourceMutator(Random r) {
        this.r = r;
    }

    /** A mutant of {@code src}: one to three mutations; {@code what} collects their names. */
    String mutate(String src, List<String> what) {
        int ops = 1 + r.nextInt(3);
        for (int k = 0; k < ops; k++) {
            int op = r.nextInt(16);
            String before = src;
            src = apply(op, src, what);
            if (src == null) src = before;
        }
        return src;
    }

    private record Tok(int start, int end) {}

    private static List<Tok> tokens(String s) {
        List<Tok> out = new ArrayList<>();
        Matcher m = TOKEN.matcher(s);
        while (m.find()) out.add(new Tok(m.start(), m.end()));
        return out;
    }

    private String apply(int op, String s, List<String> what) {
        List<Tok> toks = tokens(s);
        if (toks.isEmpty()) return s + STRAY[r.nextInt(STRAY.length)];
        Tok t = toks.get(r.nextInt(toks.size())), u = toks.get(r.nextInt(toks.size()));
        String tt = s.substring(t.start, t.end);
        switch (op) {
            case 0 -> {
                what.add("delete token '" + clip(tt) + "'");
                return s.substring(0, t.start) + s.substring(t.end);
            }
            case 1 -> {
                what.add("duplicate token '" + clip(tt) + "'");
                return s.substring(0, t.end) + " " + tt + s.substring(t.end);
            }
            case 2 -> {
                if (t.start == u.start) return null;
                Tok a = t.start < u.start ? t : u, b = t.start < u.start ? u : t;
                if (a.end > b.start) return null;
                what.add("swap tokens");
                return s.substring(0, a.start)
                        + s.substring(b.start, b.end)
                        + s.substring(a.end, b.start)
                        + s.substring(a.start, a.end)
                        + s.substring(b.end);
            }
            case 3 -> {
                what.add("replace token '" + clip(tt) + "'");
                return s.substring(0, t.start) + s.substring(u.start, u.end) + s.substring(t.end);
            }
            case 4, 5, 6 -> {
                return lines(op, s, what);
            }
            case 7 -> {
                int at = r.nextInt(s.length() + 1);
                what.add("truncate at " + at);
                return s.substring(0, at);
            }
            case 8 -> {
                StringBuilder b = new StringBuilder();
                for (int i = 1 + r.nextInt(8); i > 0; i--) b.append((char) r.nextInt(256));
                int at = r.nextInt(s.length() + 1);
                what.add("insert " + b.length() + " random bytes at " + at);
                return s.substring(0, at) + b + s.substring(at);
            }
            case 9 -> {
                return nest(s, t, what);
            }
            case 10 -> {
                return hugeLiteral(s, t, what);
            }
            case 11 -> {
                return longIdentifier(s, t, tt, what);
            }
            default -> {
                String x = STRAY[r.nextInt(STRAY.length)];
                int at = r.nextBoolean() ? t.start : t.end;
                what.add("insert '" + clip(x.strip()) + "'");
                return s.substring(0, at) + x + s.substring(at);
            }
        }
    }

    private String lines(int op, String s, List<String> what) {
        List<String> ls = new ArrayList<>(List.of(s.split("\n", -1)));
        int i = r.nextInt(ls.size()), j = r.nextInt(ls.size());
        switch (op) {
            case 4 -> {
                what.add("delete line " + (i + 1));
                ls.remove(i);
            }
            case 5 -> {
                what.add("duplicate line " + (i + 1));
                ls.add(i, ls.get(i));
            }
            default -> {
                what.add("swap lines " + (i + 1) + " and " + (j + 1));
                String x = ls.get(i);
                ls.set(i, ls.get(j));
                ls.set(j, x);
            }
        }
        return String.join("\n", ls);
    }

    /** Brackets thousands deep around a token (balanced or not), or a long run of unary operators or casts. */
    private String nest(String s, Tok t, List<String> what) {
        int depth = new int[] {300, 3_000, 30_000}[r.nextInt(3)];
        String[][] shapes = {
            {"(", ")"},
            {"{", "}"},
            {"[", "]"},
            {"-", ""},
            {"!", ""},
            {"*", ""},
            {"(int)", ""},
            {"({", ";})"},
            {"if (1) ", ""},
            {"f(", ")"},
            {"#if 1\n", "\n#endif\n"},
            {"a ? ", " : b"}
        };
        String[] sh = shapes[r.nextInt(shapes.length)];
        boolean balanced = r.nextInt(4) != 0;
        what.add("nest '" + sh[0].strip() + "' " + depth + " deep" + (balanced ? "" : ", unclosed"));
        String open = sh[0].repeat(depth), close = balanced ? sh[1].repeat(depth) : "";
        return s.substring(0, t.start) + open + s.substring(t.start, t.end) + close + s.substring(t.end);
    }

    private String hugeLiteral(String s, Tok t, List<String> what) {
        String lit = switch (r.nextInt(8)) {
            case 0 -> digits(20 + r.nextInt(400), "0123456789");
            case 1 -> "0x" + digits(17 + r.nextInt(100), "0123456789abcdef") + (r.nextBoolean() ? "ULL" : "");
            case 2 -> "1e" + digits(3 + r.nextInt(30), "0123456789");
            case 3 -> "0x1p-" + digits(3 + r.nextInt(30), "0123456789");
            case 4 -> "\"" + "x".repeat(100_000 + r.nextInt(1_000_000)) + "\"";
            case 5 -> "'" + digits(2 + r.nextInt(20), "abcdefgh") + "'";
            case 6 -> "0." + digits(400 + r.nextInt(4_000), "0123456789") + "e-" + digits(2, "0123456789");
            default -> "L\"" + "\\xffffffff".repeat(1 + r.nextInt(1000)) + "\"";
        };
        what.add("huge literal (" + lit.length() + " chars) for '" + clip(s.substring(t.start, t.end)) + "'");
        return s.substring(0, t.start) + lit + s.substring(t.end);
    }

    /** One identifier replaced, at one place or everywhere, by one 1,000 to 200,000 characters long. */
    private String longIdentifier(String s, Tok t, String tt, List<String> what) {
        if (!IDENT.matcher(tt).matches()) return null;
        String id = "v" + digits(1_000 + r.nextInt(200_000), "abcdefghijklmnopqrstuvwxyz_0123456789");
        if (r.nextBoolean()) {
            what.add("long identifier (" + id.length() + ") for every '" + tt + "'");
            return s.replaceAll("\\b" + Pattern.quote(tt) + "\\b", id);
        }
        what.add("long identifier (" + id.length() + ") for one '" + tt + "'");
        return s.substring(0, t.start) + id + s.substring(t.end);
    }

    private String digits(int n, String alphabet) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) b.append(alphabet.charAt(r.nextInt(alphabet.length())));
        return b.toString();
    }

    private static String clip(String s) {
        s = s.replaceAll("[^\\x20-\\x7e]", "?");
        return s.length() > 30 ? s.substring(0, 30) + "..." : s;
    }
}
