package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.preprocess.Extensions;
import jomp.compiler.type.Type;

/**
 * Attribute specifiers: GNU's {@code __attribute__((a, b(x, y)))} and C23's {@code [[a, gnu::b(x)]]}
 * (which clang 19 takes in every C mode), wherever clang accepts them: in declaration specifiers,
 * after declarators, after {@code struct}/{@code union}/{@code enum} and their closing brace, on
 * members, enumerators, parameters, pointers, statements and labels. Each attribute is read as its
 * name and its arguments as token lists, which the attribute's user reads as it needs (an
 * identifier for {@code mode}, an expression for {@code aligned}).
 *
 * <p>Which attributes jomp honours ({@link Extensions#ATTRIBUTES}, what {@code __has_attribute} says yes to):
 * those that change a program's meaning and that jomp implements ({@code aligned}, {@code packed},
 * {@code mode}, {@code transparent_union}, {@code gnu_inline}, {@code noreturn}, {@code unused},
 * {@code visibility}, ...) and those that are hints a compiler may ignore without changing what a
 * correct program does ({@code const}, {@code pure}, {@code nonnull}, {@code always_inline}, ...).
 * {@link #TOLERATED} ones are accepted with a documented difference and answered 0
 * ({@code section}, {@code regparm}, ...). {@link #UNSUPPORTED} ones change
 * meaning in a way jomp does not implement, and using one is an error. Any other name is clang's
 * "unknown attribute ignored" warning.
 */
final class GnuAttributes {
    /** One attribute as written: its normalized name (no {@code __x__} wrapping, no {@code gnu::}), and its arguments. */
    record Attribute(String name, Token nameTok, List<List<Token>> args) {
        boolean is(String n) {
            return name.equals(n);
        }

        SourceLocation loc() {
            return nameTok.loc;
        }
    }

    /** Accepted, but not with all of their meaning (docs/user-guide.md says which); __has_attribute says 0. */
    static final Set<String> TOLERATED = Set.of(
            "symver", // gcc's, which clang 19 does not know: honoured, and 0 as clang answers
            "abi_tag",
            "regparm",
            "cdecl",
            "stdcall",
            "fastcall",
            "sysv_abi",
            "ms_abi",
            "section",
            "require_constant_initialization",
            "import_module",
            "import_name",
            "pcs",
            "diagnose_if",
            "overloadable",
            "availability",
            "enable_if");

    /** Known to clang and gcc, with a meaning jomp does not implement: an error where used. */
    static final Set<String> UNSUPPORTED = Set.of("ext_vector_type", "address_space", "naked", "interrupt");

    private final Parser p;

    GnuAttributes(Parser p) {
        this.p = p;
    }

    /** Is an attribute specifier next? */
    boolean at() {
        return p.at("__attribute__")
                || p.at("__attribute")
                || p.at("[") && p.peek(1).is("[");
    }

    /** Reads every attribute specifier that follows (possibly none). */
    List<Attribute> parse() {
        List<Attribute> out = null;
        while (at()) {
            if (out == null) out = new ArrayList<>(2);
            if (p.at("[")) c23(out);
            else gnu(out);
        }
        return out == null ? List.of() : out;
    }

    /** Reads and drops attribute specifiers where jomp gives attributes no meaning (pointers). */
    void skip() {
        check(parse());
    }

    private void gnu(List<Attribute> out) {
        p.pos++;
        Token o1 = p.tok();
        p.expect("(");
        Token o2 = p.tok();
        p.expect("(");
        while (!p.at(")") && !p.atEof()) {
            if (p.consume(",")) continue;
            out.add(one(false));
            if (!p.consume(",")) break;
        }
        p.expectClose(")", o2);
        p.expectClose(")", o1);
    }

    private void c23(List<Attribute> out) {
        Token o = p.next();
        p.next();
        while (!p.at("]") && !p.atEof()) {
            if (p.consume(",")) continue;
            out.add(one(true));
            if (!p.consume(",")) break;
        }
        p.expectClose("]", o);
        p.expect("]");
    }

    /** name, name(args), or (C23) prefix::name(args). */
    private Attribute one(boolean c23) {
        Token name = p.next();
        if (name.kind != Token.Kind.IDENT && name.kind != Token.Kind.KEYWORD)
            throw p.errorAt(name.loc, "expected identifier");
        String n = name.text;
        if (c23 && (p.at("::") || p.at(":") && p.peek(1).is(":"))) {
            String ns = normalize(n);
            p.pos += p.at("::") ? 1 : 2;
            name = p.next();
            n = ns.equals("gnu") || ns.equals("clang") ? name.text : ns + "::" + name.text;
        }
        List<List<Token>> args = List.of();
        if (p.at("(")) {
            args = new ArrayList<>();
            Token open = p.next();
            List<Token> cur = new ArrayList<>();
            int depth = 0;
            while (!p.atEof()) {
                Token t = p.tok();
                if (depth == 0 && (t.is(")") || t.is(","))) {
                    args.add(cur);
                    cur = new ArrayList<>();
                    if (t.is(")")) break;
                    p.pos++;
                    continue;
                }
                if (t.is("(") || t.is("[") || t.is("{")) depth++;
                else if (t.is(")") || t.is("]") || t.is("}")) depth--;
                cur.add(t);
                p.pos++;
            }
            p.expectClose(")", open);
            if (args.size() == 1 && args.get(0).isEmpty()) args = List.of();
        }
        return new Attribute(normalize(n), name, args);
    }

    /** {@code __packed__} and {@code packed} are one attribute. */
    static String normalize(String n) {
        return n.length() > 4 && n.startsWith("__") && n.endsWith("__") ? n.substring(2, n.length() - 2) : n;
    }

    /** {@code __asm__("name")} after a declarator: the symbol it links to (string literals joined). */
    String asmLabel() {
        Token kw = p.next();
        Token o = p.tok();
        p.expect("(");
        StringBuilder sb = new StringBuilder();
        if (p.tok().kind != Token.Kind.STRING) throw p.errorAt(p.tok().loc, "expected string literal in 'asm'");
        while (p.tok().kind == Token.Kind.STRING) {
            Token t = p.next();
            if (!t.text.startsWith("\"")) throw p.errorAt(t.loc, "an asm label must be a plain string literal");
            java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
            p.literals.appendString(t, 1, b);
            sb.append(b.toString(java.nio.charset.StandardCharsets.ISO_8859_1));
        }
        p.expectClose(")", o);
        if (sb.isEmpty()) p.diags.error(kw.loc, "asm label is empty");
        return sb.toString();
    }

    /** Reports attributes jomp does not implement (an error) or does not know (clang's warning). */
    void check(List<Attribute> as) {
        for (Attribute a : as) {
            if (Extensions.ATTRIBUTES.contains(a.name()) || TOLERATED.contains(a.name())) continue;
            if (UNSUPPORTED.contains(a.name())) {
                p.diags.error(a.loc(), "the '" + a.name() + "' attribute is not supported by jomp");
            } else if (!a.name().contains("::")) {
                p.diags.warning(
                        a.loc(), "unknown attribute '" + a.nameTok().text + "' ignored", "-Wunknown-attributes");
            }
        }
    }

    static boolean has(List<Attribute> as, String name) {
        for (Attribute a : as) if (a.is(name)) return true;
        return false;
    }

    static Attribute find(List<Attribute> as, String name) {
        for (Attribute a : as) if (a.is(name)) return a;
        return null;
    }

    /** The largest {@code aligned(n)} (plain {@code aligned}: 16, the largest x86-64 alignment), or 0. */
    int alignment(List<Attribute> as) {
        int align = 0;
        for (Attribute a : as) {
            if (!a.is("aligned")) continue;
            if (a.args().isEmpty()) {
                align = Math.max(align, 16);
                continue;
            }
            Token at = a.args().get(0).isEmpty() ? a.nameTok() : a.args().get(0).get(0);
            long v = p.withTokens(withEof(a.args().get(0), at), () -> p.exprs.constInt(p.exprs.conditional()));
            if (v <= 0 || Long.bitCount(v) != 1) {
                p.diags.error(at.loc, "requested alignment is not a power of 2");
                continue;
            }
            if (v > 1L << 28) {
                p.diags.error(at.loc, "requested alignment must be 268435456 bytes or smaller");
                continue;
            }
            align = Math.max(align, (int) v);
        }
        return align;
    }

    /**
     * {@code mode(QI|HI|SI|DI|TI|word|pointer|byte|SF|DF|TF)}: the integer (or floating) type of that
     * width with t's signedness, as gcc and clang choose it, and {@code SC|DC|TC} the complex type of
     * float, double or __float128 parts (quadmath.h's __complex128 is {@code _Complex float
     * __attribute__((mode(TC)))}); t itself when there is no mode.
     */
    Type applyMode(Type t, List<Attribute> as) {
        Attribute a = find(as, "mode");
        if (a == null) return t;
        if (a.args().size() != 1 || a.args().get(0).size() != 1) {
            p.diags.error(a.loc(), "'mode' attribute takes one argument");
            return t;
        }
        Token m = a.args().get(0).get(0);
        String mode = normalize(m.text);
        boolean unsigned = t.isUnsigned && t.kind != Type.Kind.BOOL;
        Type r = switch (mode) {
            case "QI", "byte" -> unsigned ? Type.UCHAR : Type.SCHAR;
            case "HI" -> unsigned ? Type.USHORT : Type.SHORT;
            case "SI" -> unsigned ? Type.UINT : Type.INT;
            case "DI", "word", "pointer" -> unsigned ? Type.ULONG : Type.LONG;
            case "TI" -> unsigned ? Type.UINT128 : Type.INT128;
            case "SF" -> Type.FLOAT;
            case "DF" -> Type.DOUBLE;
            case "TF" -> Type.FLOAT128;
            case "SC" -> Type.FLOAT_COMPLEX;
            case "DC" -> Type.DOUBLE_COMPLEX;
            case "TC" -> Type.FLOAT128_COMPLEX;
            default -> null;
        };
        if (r == null) {
            p.diags.error(m.loc, "unknown machine mode '" + m.text + "'");
            return t;
        }
        if (t.isComplex != r.isComplex
                || !(t.isInteger() || t.isFloat() || t.isComplex)
                || t.isInteger() != r.isInteger()) {
            p.diags.error(a.loc(), "type of machine mode does not match type of base type");
            return t;
        }
        return r.qualified(t.quals);
    }

    /**
     * What a declaration's attributes (its specifiers' and its declarator's) and asm label mean
     * for the declared object or function.
     */
    void applyToVar(jomp.compiler.ast.Var v, Parser.Attr attr, Parser.Declarator d) {
        applyToVar(v, attr, d, false);
    }

    /** As {@link #applyToVar(jomp.compiler.ast.Var, Parser.Attr, Parser.Declarator)}, for a parameter when parameter. */
    void applyToVar(jomp.compiler.ast.Var v, Parser.Attr attr, Parser.Declarator d, boolean parameter) {
        v.align = Math.max(v.align, Math.max(attr.align, alignment(d.attrs())));
        Attribute weakref = null;
        for (List<Attribute> as : List.of(attr.attrs, d.attrs())) {
            for (Attribute a : as) {
                switch (a.name()) {
                    case "unused", "maybe_unused" -> {
                        v.used = true;
                        v.markedUnused = true;
                    }
                    case "used", "retain" -> {
                        v.used = true;
                        v.attrUsed = true;
                    }
                    case "noreturn" -> v.noreturn = true;
                    case "constructor", "destructor" -> {
                        if (!v.isFunction()) {
                            p.diags.warning(
                                    a.loc(),
                                    "'" + a.name() + "' attribute only applies to functions",
                                    "-Wignored-attributes");
                            continue;
                        }
                        int prio = priority(a);
                        if (a.is("constructor")) v.constructorPriority = prio;
                        else v.destructorPriority = prio;
                        v.used = true;
                        v.attrUsed = true; // compiled even when static and never called, as gcc keeps it
                    }
                    case "cleanup" -> {
                        if (parameter || !v.isLocal || v.isStatic() || v.isFunction())
                            p.diags.warning(
                                    a.loc(),
                                    "'cleanup' attribute only applies to local variables",
                                    "-Wignored-attributes");
                    }
                    case "alias" -> alias(v, a, parameter);
                    case "ifunc" -> ifunc(v, a);
                    case "symver" -> symver(v, a);
                    case "gnu_inline" -> v.gnuInline = true;
                    case "weak" -> v.weak = true;
                    case "weakref" -> weakref = a;
                    case "visibility" -> visibility(v, a);
                    case "always_inline" -> v.alwaysInline = true;
                    case "noinline", "noipa" -> v.noInline = true;
                    case "flatten" -> v.flatten = true;
                    default -> {}
                }
            }
        }
        if (v.pragmaVisibility < 0) v.pragmaVisibility = p.pragmas.visibility();
        if (p.pragmas.weak.contains(v.name) && !v.isLocal) v.weak = true;
        if (!v.isLocal) p.weakAliases.declared(v);
        if (weakref != null) weakref(v, weakref);
        p.pragmas.redefineExtname(v, d.loc());
        String label = d.asmLabel();
        if (label != null) {
            if (v.asmLabel && !v.linkName.equals(label)) {
                p.diags.error(d.loc(), "conflicting asm label");
                return;
            }
            v.linkName = label;
            v.asmLabel = true;
        }
    }

    /**
     * {@code visibility("default"|"hidden"|"internal"|"protected")}: the symbol's ELF visibility;
     * clang's errors for a missing or non-string argument and for a redeclaration that names
     * another one, its warning for an unknown one.
     */
    private void visibility(jomp.compiler.ast.Var v, Attribute a) {
        if (a.args().size() != 1) {
            p.diags.error(a.loc(), "'visibility' attribute takes one argument");
            return;
        }
        String s = stringArg(a, 0);
        Token arg = a.args().get(0).get(0);
        if (s == null) {
            p.diags.error(arg.loc, "'visibility' attribute requires a string");
            return;
        }
        int stv = List.of("default", "internal", "hidden", "protected").indexOf(s);
        if (stv < 0) {
            p.diags.warning(arg.loc, "'visibility' attribute argument not supported: " + s, "-Wignored-attributes");
            return;
        }
        if (v.visibility >= 0 && v.visibility != stv) {
            p.diags.error(a.loc(), "visibility does not match previous declaration");
            if (v.visibilityLoc != null) p.diags.note(v.visibilityLoc, "previous attribute is here");
            return;
        }
        v.visibility = stv;
        v.visibilityLoc = a.loc();
    }

    /**
     * gcc's {@code symver("name@VERS")} on a function or file-scope object definition: another,
     * versioned, name of it (gcc's errors for a wrong argument). clang 19 ignores it with a
     * warning; jomp does what gcc does, as the programs that use it are built with gcc.
     */
    private void symver(jomp.compiler.ast.Var v, Attribute a) {
        String s = a.args().size() == 1 ? stringArg(a, 0) : null;
        if (s == null || !s.matches("[\\w.$]+@{1,2}[\\w.$]+")) {
            p.diags.error(a.loc(), "'symver' attribute argument must have format 'name@nodename'");
            return;
        }
        if (!v.isFunction() && v.isLocal) {
            p.diags.warning(a.loc(), "'symver' attribute ignored", "-Wattributes");
            return;
        }
        if (!v.symvers.contains(s)) v.symvers.add(s);
    }

    /** alias("target") on a function or a file-scope object (checked as clang checks it). */
    private void alias(jomp.compiler.ast.Var v, Attribute a, boolean parameter) {
        if (a.args().size() != 1) {
            p.diags.error(a.loc(), "'alias' attribute takes one argument");
            return;
        }
        String target = stringArg(a, 0);
        if (target == null) {
            p.diags.error(a.args().get(0).get(0).loc, "expected string literal as argument of 'alias' attribute");
            return;
        }
        if (parameter || v.isLocal && !v.isFunction() && v.storage != jomp.compiler.ast.Var.Storage.EXTERN) {
            p.diags.error(a.loc(), "'alias' attribute only applies to functions and global variables");
            return;
        }
        v.alias = target;
        v.aliasLoc = a.loc();
    }

    /** ifunc("resolver") on a function (checked as clang's Sema checks it; lowering checks the resolver). */
    private void ifunc(jomp.compiler.ast.Var v, Attribute a) {
        if (a.args().size() != 1) {
            p.diags.error(a.loc(), "'ifunc' attribute takes one argument");
            return;
        }
        String resolver = stringArg(a, 0);
        if (resolver == null) {
            p.diags.error(a.args().get(0).get(0).loc, "expected string literal as argument of 'ifunc' attribute");
            return;
        }
        if (!v.isFunction()) {
            p.diags.warning(a.loc(), "'ifunc' attribute only applies to functions", "-Wignored-attributes");
            return;
        }
        v.ifunc = resolver;
        v.aliasLoc = a.loc();
    }

    /**
     * {@code weakref("target")}, or {@code weakref} with {@code alias("target")}, on a static
     * declaration: the name is another, unit-local name of target's symbol, a weak reference unless
     * the unit also uses target under its own name (WeakExterns), as gcc and clang make it.
     */
    private void weakref(jomp.compiler.ast.Var v, Attribute a) {
        if (v.storage != jomp.compiler.ast.Var.Storage.STATIC || v.isLocal) {
            p.diags.error(a.loc(), "weakref declaration must have internal linkage");
            return;
        }
        String target = a.args().isEmpty() ? v.alias : stringArg(a, 0);
        if (target == null) {
            p.diags.error(a.loc(), "weakref declaration of '" + v.name + "' must also have an alias attribute");
            return;
        }
        v.alias = null;
        v.linkName = target;
        v.weakref = true;
        v.storage = jomp.compiler.ast.Var.Storage.EXTERN;
    }

    /** constructor(n) / destructor(n): n, an integer literal (above 65535 as 65535); none: the default. */
    private int priority(Attribute a) {
        if (a.args().isEmpty()) return jomp.compiler.ast.Var.DEFAULT_PRIORITY;
        List<Token> arg = a.args().get(0);
        if (a.args().size() != 1 || arg.size() != 1 || arg.get(0).kind != Token.Kind.NUMBER) {
            p.diags.error(a.loc(), "'" + a.name() + "' attribute requires an integer constant");
            return jomp.compiler.ast.Var.DEFAULT_PRIORITY;
        }
        long n;
        try {
            n = Long.decode(arg.get(0).text.replaceAll("[uUlL]+$", ""));
        } catch (NumberFormatException e) {
            n = -1;
        }
        return (int) Math.max(0, Math.min(n, 65535)); // clang takes any value; what runs order is the same
    }

    /** The type a typedef names: its declarator's, aligned by aligned(n); transparent_union marks the union. */
    Type typedefType(Type t, Parser.Attr attr, Parser.Declarator d) {
        int align = Math.max(attr.align, alignment(d.attrs()));
        if ((has(attr.attrs, "transparent_union") || has(d.attrs(), "transparent_union")) && t.kind == Type.Kind.UNION)
            t.record.transparentUnion = true;
        return align > 0 ? t.withMinAlign(align) : t;
    }

    /**
     * {@code vector_size(n)}: a GCC vector of t, laid out as gcc does (n bytes, n-aligned): a struct
     * holding the elements (so assignment, passing and returning work as for structs) that
     * {@link Type#isVector} tells apart, for the operators of {@link VectorOps}.
     */
    Type applyVectorSize(Type t, List<Attribute> as) {
        Attribute a = find(as, "vector_size");
        if (a == null) return t;
        if (a.args().size() != 1) {
            p.diags.error(a.loc(), "'vector_size' attribute takes one argument");
            return t;
        }
        long n = p.withTokens(withEof(a.args().get(0), a.nameTok()), () -> p.exprs.constInt(p.exprs.conditional()));
        if (!(t.isInteger() || t.isFloat())
                || t.size() <= 0
                || n <= 0
                || n % t.size() != 0
                || Long.bitCount(n / t.size()) != 1) {
            p.diags.error(a.loc(), "invalid vector element type '" + t + "'");
            return t;
        }
        int align = alignment(as);
        return vectorType(t.unqualified(), n, align > 0 ? align : (int) n).qualified(t.quals);
    }

    /** One type per element type, size and alignment, so that vectors written alike are the same type (as in gcc). */
    private static final java.util.Map<List<Object>, Type> VECTORS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The vector of n bytes of element e (unqualified), aligned to align (gcc aligns a vector to its size). */
    static Type vectorType(Type e, long n, int align) {
        return VECTORS.computeIfAbsent(List.of(e.origin, n, align), k -> {
            Type v = Type.newTag(Type.Kind.STRUCT, null);
            v.record.members = List.of(
                    new jomp.compiler.type.Member("__elements", Type.arrayOf(e, n / e.size()), 0, -1, 0, 0, null));
            v.record.size = n;
            v.record.align = align;
            v.record.vectorElement = e;
            v.record.complete = true;
            return v;
        });
    }

    static List<Token> withEof(List<Token> toks, Token at) {
        List<Token> l = new ArrayList<>(toks);
        Token last = toks.isEmpty() ? at : toks.get(toks.size() - 1);
        l.add(new Token(
                Token.Kind.EOF,
                "",
                new SourceLocation(
                        last.loc.file(),
                        last.loc.offset() + last.text.length(),
                        last.loc.presumedFile(),
                        last.loc.presumedLine())));
        return l;
    }

    /** The string-literal argument i of an attribute (deprecated("why"), visibility("default")), or null. */
    static String stringArg(Attribute a, int i) {
        if (a.args().size() <= i || a.args().get(i).isEmpty() || a.args().get(i).get(0).kind != Token.Kind.STRING)
            return null;
        StringBuilder sb = new StringBuilder();
        for (Token t : a.args().get(i)) {
            if (t.kind != Token.Kind.STRING) return null;
            sb.append(t.text, t.text.indexOf('"') + 1, t.text.length() - 1);
        }
        return sb.toString();
    }

    /** An expression argument, parsed in the current scope. */
    Expr exprArg(Attribute a, int i) {
        return p.withTokens(withEof(a.args().get(i), a.nameTok()), p.exprs::assign);
    }
}
