package jomp.compiler.parse;

import java.util.ArrayDeque;
import java.util.List;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.lex.Token;
import jomp.compiler.preprocess.PragmaArgs;

/**
 * The non-OpenMP pragmas that reach the parser and mean something there: {@code #pragma pack}
 * (the largest alignment of the members of structs defined after it: {@code pack(n)},
 * {@code pack()}, {@code pack(push[, n])}, {@code pack(pop)}, {@code pack n}) and
 * {@code #pragma GCC diagnostic} (which warnings the parser shows from here on) and {@code #pragma GCC
 * visibility push(...)/pop} (the visibility of the external declarations that follow) and {@code
 * #pragma weak name} (name's symbol is weak) and {@code #pragma weak name = target} (a weak alias,
 * which {@link WeakAliasPragmas} applies). Others are
 * ignored, as clang ignores pragmas it does not know (without -Wunknown-pragmas).
 */
final class ParserPragmas {
    private final Diagnostics diags;
    private int pack; // 0: no #pragma pack in effect
    private final ArrayDeque<Integer> packStack = new ArrayDeque<>();

    ParserPragmas(Diagnostics diags) {
        this.diags = diags;
    }

    /** The #pragma pack value in effect, or 0. */
    int pack() {
        return pack;
    }

    void apply(Token pragma) {
        List<Token> t = pragma.pragmaTokens;
        if (t == null || t.isEmpty()) return;
        Token first = t.get(0);
        if ((first.is("GCC") || first.is("clang")) && t.size() > 1 && t.get(1).is("diagnostic")) {
            PragmaArgs.diagnostic(t.subList(0, t.size() - 1), diags);
            return;
        }
        if ((first.is("GCC") || first.is("clang")) && t.size() > 1 && t.get(1).is("visibility")) {
            visibility(t);
            return;
        }
        if (first.is("pack")) pack(t);
        if (first.is("weak")) weak(t);
        if (first.is("redefine_extname")) redefineExtname(t);
    }

    /** {@code #pragma redefine_extname old new}: the symbol of old's external declarations (before or after it). */
    final java.util.Map<String, String> extnames = new java.util.HashMap<>();

    private void redefineExtname(List<Token> t) {
        for (int i = 1; i <= 2; i++) {
            if (t.size() <= i || t.get(i).kind != Token.Kind.IDENT) {
                diags.warning(
                        t.get(Math.min(i, t.size() - 1)).loc,
                        "expected identifier in '#pragma redefine_extname' - ignored",
                        "-Wignored-pragmas");
                return;
            }
        }
        extnames.put(t.get(1).text, t.get(2).text);
    }

    /**
     * The symbol #pragma redefine_extname gives v, if it names it: only a declaration with external
     * linkage takes it (clang warns of others; an asm label wins).
     */
    void redefineExtname(jomp.compiler.ast.Var v, jomp.compiler.diag.SourceLocation at) {
        String to = extnames.get(v.name);
        if (to == null || v.isLocal && v.storage != jomp.compiler.ast.Var.Storage.EXTERN || v.asmLabel) return;
        if (v.storage == jomp.compiler.ast.Var.Storage.STATIC) {
            diags.warning(
                    at,
                    "#pragma redefine_extname is applicable to external C declarations only; not applied to "
                            + (v.isFunction() ? "function" : "variable") + " '" + v.name + "'",
                    "-Wpragmas");
            return;
        }
        v.linkName = to;
    }

    /** The names {@code #pragma weak} made weak so far (declarations before or after it). */
    final java.util.Set<String> weak = new java.util.HashSet<>();

    /** {@code #pragma weak name}: name's symbol is weak, as if declared {@code __attribute__((weak))}. */
    private void weak(List<Token> t) {
        if (t.size() < 2 || t.get(1).kind != Token.Kind.IDENT) {
            diags.warning(
                    t.get(t.size() > 1 ? 1 : 0).loc,
                    "expected identifier in '#pragma weak' - ignored",
                    "-Wignored-pragmas");
            return;
        }
        if (t.size() > 2 && t.get(2).is("=")) {
            if (t.size() < 4 || t.get(3).kind != Token.Kind.IDENT) {
                diags.warning(
                        t.get(t.size() > 3 ? 3 : 2).loc,
                        "expected identifier in '#pragma weak' - ignored",
                        "-Wignored-pragmas");
                return;
            }
            weakAliases.add(new WeakAlias(t.get(1), t.get(3).text));
            return;
        }
        weak.add(t.get(1).text);
        weakAliases.add(new WeakAlias(t.get(1), null));
    }

    /** A {@code #pragma weak name = target} (target null: {@code #pragma weak name}) read and not yet applied. */
    record WeakAlias(Token name, String target) {}

    /** The weak pragma just read (the parser applies and clears it). */
    final List<WeakAlias> weakAliases = new java.util.ArrayList<>();

    /** The visibility (ELF STV_*) of {@code #pragma GCC visibility push} in effect, or -1. */
    int visibility() {
        return visibilityStack.isEmpty() ? -1 : visibilityStack.peek();
    }

    private final ArrayDeque<Integer> visibilityStack = new ArrayDeque<>();

    /** {@code #pragma GCC visibility push(default|internal|hidden|protected)} and {@code pop}, as clang reads them. */
    private void visibility(List<Token> t) {
        Token kw = t.get(1), what = t.size() > 2 ? t.get(2) : t.get(t.size() - 1);
        if (what.is("pop")) {
            if (visibilityStack.isEmpty())
                diags.error(kw.loc, "#pragma visibility pop with no matching #pragma visibility push");
            else visibilityStack.pop();
            return;
        }
        if (!(what.is("push") && t.size() > 5 && t.get(3).is("(") && t.get(5).is(")"))) {
            diags.warning(what.loc, "expected identifier in '#pragma visibility' - ignored", "-Wignored-pragmas");
            return;
        }
        int stv = List.of("default", "internal", "hidden", "protected").indexOf(t.get(4).text);
        if (stv < 0) {
            diags.warning(kw.loc, "unknown visibility '" + t.get(4).text + "'", "-Wignored-attributes");
            return; // not pushed: a pop after it pops the one before
        }
        visibilityStack.push(stv);
    }

    private void pack(List<Token> t) {
        int i = 1;
        boolean paren = t.get(i).is("(");
        if (paren) i++;
        if (t.get(i).is("push")) {
            packStack.push(pack);
            i++;
            while (t.get(i).is(",")) {
                i++;
                if (t.get(i).kind == Token.Kind.NUMBER) {
                    Integer n = value(t.get(i));
                    if (n != null) pack = n;
                }
                i++;
            }
        } else if (t.get(i).is("pop")) {
            pack = packStack.isEmpty() ? 0 : packStack.pop();
        } else if (t.get(i).kind == Token.Kind.NUMBER) {
            Integer n = value(t.get(i));
            if (n != null) pack = n;
        } else if (paren && t.get(i).is(")") || t.get(i).kind == Token.Kind.EOF) {
            pack = 0;
        } else {
            diags.warning(t.get(i).loc, "missing '(' after '#pragma pack' - ignoring", "-Wignored-pragmas");
        }
    }

    /** A pack value: 0 (the default) or a power of two up to 16. */
    private Integer value(Token n) {
        try {
            int v = Integer.parseInt(n.text);
            if (v == 0 || v <= 16 && Integer.bitCount(v) == 1) return v;
        } catch (NumberFormatException e) {
            /* below */
        }
        diags.warning(n.loc, "expected #pragma pack parameter to be '1', '2', '4', '8', or '16'", "-Wignored-pragmas");
        return null;
    }
}
