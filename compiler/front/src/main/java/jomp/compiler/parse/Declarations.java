package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.Var;
import jomp.compiler.ast.Vla;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.diag.WarningOptions;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.Attr;
import jomp.compiler.parse.Parser.Declarator;
import jomp.compiler.parse.Parser.Typedef;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;

/**
 * Declarations (C11 6.7): declaration specifiers (storage class, type specifiers and qualifiers,
 * function and alignment specifiers, attributes), block-scope declarations and _Static_assert.
 * Part of the parser: shares {@link Parser}'s token cursor, scopes and function state.
 */
final class Declarations {
    private final Parser p;
    private final Diagnostics diags;

    Declarations(Parser p) {
        this.p = p;
        this.diags = p.diags;
    }

    private static final int VOID = 1,
            BOOL = 1 << 2,
            CHAR = 1 << 4,
            SHORT = 1 << 6,
            INT = 1 << 8,
            LONG = 1 << 10,
            OTHER = 1 << 12,
            SIGNED = 1 << 13,
            UNSIGNED = 1 << 14,
            FLOAT = 1 << 15,
            DOUBLE = 1 << 16,
            COMPLEX = 1 << 17,
            INT128 = 1 << 18,
            FLOAT16 = 1 << 19,
            BITINT = 1 << 20,
            FLOAT128 = 1 << 21;

    /**
     * What the declaration specifiers have said so far: the type words (counted as basicType reads
     * them), the qualifiers, the type, and the attributes.
     */
    private static final class Specifiers {
        int counter, quals;
        Type ty = Type.INT;
        List<GnuAttributes.Attribute> specAttrs = List.of();
        /** _BitInt(N)'s N (BITINT in counter). */
        long bitWidth;
        /** N was no integer constant expression (reported). */
        boolean badBitWidth;
    }

    /** declaration-specifiers: returns the base type; storage class and function specifiers go to attr (null: not allowed). */
    Type declspec(Attr attr) {
        Specifiers sp = new Specifiers();
        Token first = p.tok();
        while (true) {
            Token t = p.tok();
            if (t.kind == Token.Kind.PRAGMA) break;
            String s = t.text;
            if (!(t.kind == Token.Kind.KEYWORD
                    || t.kind == Token.Kind.IDENT
                    || t.is("[") && p.peek(1).is("["))) break;
            if (isStorage(s)) {
                storageClass(t, attr);
                continue;
            }
            if (qualifierOrAttribute(s, sp, attr)) continue;
            if (s.equals("_BitInt") && p.peek(1).is("(") && !(p.lookup(s) instanceof Var)) {
                bitIntWord(sp, first);
                continue;
            }
            boolean typedefName = p.isTypedefName(t);
            boolean typeofWord = isTypeofWord(s);
            if (!(typedefName
                    || s.equals("struct")
                    || s.equals("union")
                    || s.equals("enum")
                    || typeofWord
                    || isBasicTypeWord(s))) break;
            if (typedefName && sp.counter != 0) break; // "typedef int T; T T;" : the second T is the declarator
            if (typedefName || s.equals("struct") || s.equals("union") || s.equals("enum") || typeofWord)
                namedType(t, typedefName, sp);
            else basicTypeWord(t, sp);
        }
        if ((sp.counter & BITINT) != 0) sp.ty = bitIntType(first, sp);
        Type ty = sp.ty;
        if (!sp.specAttrs.isEmpty())
            ty = p.gnuAttrs.applyVectorSize(p.gnuAttrs.applyMode(ty, sp.specAttrs), sp.specAttrs);
        implicitInt = false;
        if (sp.counter == 0) noTypeSpecifier(first, attr);
        return sp.quals == 0 ? ty : ty.qualified(sp.quals);
    }

    /** A type qualifier, __extension__, an attribute, _Atomic or _Alignas (s, at the cursor): consumed, true. */
    private boolean qualifierOrAttribute(String s, Specifiers sp, Attr attr) {
        switch (s) {
            case "const", "__const" -> {
                sp.quals |= Type.CONST;
                p.pos++;
                return true;
            }
            case "volatile", "__volatile__", "__volatile" -> {
                sp.quals |= Type.VOLATILE;
                p.pos++;
                return true;
            }
            case "restrict", "__restrict", "__restrict__" -> {
                sp.quals |= Type.RESTRICT;
                p.pos++;
                return true;
            }
            case "__extension__" -> {
                p.pos++;
                return true;
            }
            case "__attribute__", "[" -> {
                if (s.equals("[") && !p.peek(1).is("[")) return false;
                sp.specAttrs = concat(sp.specAttrs, attribute(attr));
                return true;
            }
            case "_Atomic" -> { // the qualifier, or the specifier _Atomic(T): the same type (C11 6.7.2.4)
                p.pos++;
                sp.quals |= Type.ATOMIC;
                if (p.at("(")) {
                    Token o = p.next();
                    sp.ty = p.declarators.typeName();
                    p.expectClose(")", o);
                    sp.counter += OTHER;
                }
                return true;
            }
            case "_Alignas" -> {
                alignas(attr);
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    /** A type specifier that is the whole type (t): a typedef name, struct, union, enum, typeof or __auto_type. */
    private void namedType(Token t, boolean typedefName, Specifiers sp) {
        String s = t.text;
        if (sp.counter != 0)
            throw p.errorAt(t.loc, "cannot combine with previous '" + p.prev().text + "' declaration specifier");
        p.pos++;
        if (typedefName) sp.ty = ((Typedef) p.lookup(s)).type();
        else if (s.equals("struct")) sp.ty = p.tags.structUnionDecl(Type.Kind.STRUCT, t);
        else if (s.equals("union")) sp.ty = p.tags.structUnionDecl(Type.Kind.UNION, t);
        else if (s.equals("enum")) sp.ty = p.tags.enumDecl(t);
        else if (s.equals("__auto_type")) sp.ty = GnuTypes.AUTO_TYPE;
        else sp.ty = p.gnuTypes.typeofSpecifier(t);
        sp.counter += OTHER;
    }

    /** A basic type word (t: int, unsigned, double...), combined with those before it. */
    private void basicTypeWord(Token t, Specifiers sp) {
        p.pos++;
        int before = sp.counter;
        sp.counter = countBasicTypeWord(sp.counter, t.text);
        if ((before & BITINT) != 0) {
            if ((sp.counter & ~(BITINT | SIGNED | UNSIGNED)) != 0
                    || (sp.counter & (SIGNED | UNSIGNED)) == (SIGNED | UNSIGNED)) {
                diags.error(t.loc, "cannot combine with previous '_BitInt' declaration specifier");
                sp.counter = before;
            }
            return;
        }
        Type r = basicType(sp.counter);
        if (r == null) {
            diags.error(t.loc, "cannot combine with previous '" + previousWord(t) + "' declaration specifier");
            sp.counter = before;
        } else sp.ty = r;
    }

    /** {@code _BitInt(N)} (the cursor at _BitInt): N is read here, the type made once signed or unsigned is known. */
    private void bitIntWord(Specifiers sp, Token first) {
        int at = p.pos;
        p.pos++;
        Token o = p.next();
        Expr n = p.exprs.conditional();
        long w = 0;
        sp.badBitWidth = true;
        if (n.type() != Parser.ERROR && !n.type().isInteger())
            diags.error(
                    n.loc(),
                    "integer constant expression must have integer type, not " + TypePrinter.quoteAka(n.type()));
        else {
            sp.badBitWidth = n.type() == Parser.ERROR || ConstEval.integer(p.exprs.rvalue(n)) == null;
            w = p.exprs.constInt(n); // reports what is no constant
        }
        p.expectClose(")", o);
        if ((sp.counter & ~(SIGNED | UNSIGNED)) != 0) {
            diags.error(first.loc, "'" + p.toks.get(at - 1).text + " _BitInt' is invalid"); // a type word before
            return;
        }
        sp.counter |= BITINT;
        sp.bitWidth = w;
    }

    /** The _BitInt type the specifiers name, with clang's diagnostics for its width (at the first specifier). */
    private Type bitIntType(Token first, Specifiers sp) {
        boolean unsigned = (sp.counter & UNSIGNED) != 0;
        String sign = unsigned ? "unsigned" : "signed";
        long w = sp.bitWidth;
        if (sp.badBitWidth) return Type.INT;
        if (w < (unsigned ? 1 : 2) && w >= 0) {
            diags.error(first.loc, sign + " _BitInt must have a bit size of at least " + (unsigned ? 1 : 2));
            return Type.INT;
        }
        if (w < 0 || w > Type.BITINT_MAXWIDTH) { // clang's limit, 8388608
            diags.error(
                    first.loc, sign + " _BitInt of bit sizes greater than " + Type.BITINT_MAXWIDTH + " not supported");
            return Type.INT;
        }
        return Type.bitInt((int) w, unsigned);
    }

    /** A storage class or function specifier {@code t}, recorded in attr (null: not allowed here). */
    private void storageClass(Token t, Attr attr) {
        String s = t.text;
        if (attr == null) throw p.errorAt(t.loc, "invalid storage class specifier in function declarator");
        p.pos++;
        switch (s) {
            case "typedef", "static", "extern", "register", "auto" -> {
                Var.Storage st = switch (s) {
                    case "typedef" -> Var.Storage.TYPEDEF;
                    case "static" -> Var.Storage.STATIC;
                    case "extern" -> Var.Storage.EXTERN;
                    case "register" -> Var.Storage.REGISTER;
                    default -> Var.Storage.NONE;
                };
                if (attr.storageTok != null && !attr.storageTok.text.equals(s)) {
                    diags.error(
                            t.loc, "cannot combine with previous '" + attr.storageTok.text + "' declaration specifier");
                }
                attr.storage = st;
                attr.storageTok = t;
            }
            case "inline", "__inline", "__inline__" -> attr.isInline = true;
            case "_Thread_local", "__thread" -> attr.threadLocal = true;
            case "_Noreturn" -> attr.noreturn = true;
            default -> {}
        }
    }

    /** {@code _Alignas(type-name)} or {@code _Alignas(constant-expression)}: the strictest goes to attr. */
    private void alignas(Attr attr) {
        Token kw = p.next();
        Token o = p.tok();
        p.expect("(");
        int a;
        if (p.isTypeName(p.tok())) a = p.declarators.typeName().align();
        else a = (int) p.exprs.constInt(p.exprs.conditional());
        p.expectClose(")", o);
        if (a != 0 && Integer.bitCount(a) != 1) diags.error(kw.loc, "requested alignment is not a power of 2");
        if (attr != null) attr.align = Math.max(attr.align, a);
    }

    /** The specifier counter after one more basic type word s (void, int, unsigned...). */
    private static int countBasicTypeWord(int counter, String s) {
        switch (s) {
            case "void" -> counter += VOID;
            case "_Bool" -> counter += BOOL;
            case "char" -> counter += CHAR;
            case "short" -> counter += SHORT;
            case "int" -> counter += INT;
            case "long" -> counter += LONG;
            case "float" -> counter += FLOAT;
            case "double" -> counter += DOUBLE;
            case "signed", "__signed__", "__signed" -> counter |= SIGNED;
            case "unsigned" -> counter |= UNSIGNED;
            case "_Complex", "__complex__" -> counter |= COMPLEX;
            case "__int128" -> counter += INT128;
            case "_Float16" -> counter += FLOAT16;
            case "__float128", "_Float128" -> counter += FLOAT128;
            default -> throw new IllegalStateException(s);
        }
        return counter;
    }

    /**
     * No type specifier: C89's implicit int (clang's ParseImplicitInt) where a declarator can
     * follow: after other specifiers (static x), or at file scope (f() {...}, *p;, x = 1;);
     * an identifier that cannot be a declarator's name is an unknown type name.
     */
    private void noTypeSpecifier(Token first, Attr attr) {
        Token t = p.tok();
        boolean ident = p.isIdent(t) && !p.isTypedefName(t);
        boolean specified = first != t;
        if (ident && !validAfterIdentifierInDeclarator(p.peek(1))) {
            if (specified || p.atFileScope() && attr != null) {
                diags.error(t.loc, "unknown type name '" + t.text + "'");
                p.pos++;
                return;
            }
            throw p.errorAt(t.loc, "unknown type name '" + t.text + "'");
        }
        if (!specified) {
            boolean declarator = ident || t.is("*") || t.is("(");
            if (p.tags.inBody()) throw p.errorAt(t.loc, "type name requires a specifier or qualifier");
            if (!(declarator && p.atFileScope() && attr != null))
                throw p.errorAt(
                        t.loc,
                        ident
                                ? "unknown type name '" + t.text + "'"
                                : p.atFileScope() && attr != null
                                        ? "expected identifier or '('"
                                        : "expected expression");
        }
        implicitInt = true;
    }

    /** The last declaration specifiers had no type specifier (C89's implicit int): each declarator says so ({@link #implicitInt(SourceLocation)}). */
    boolean implicitInt;

    /** clang's isValidAfterIdentifierInDeclarator: an identifier followed by this is a declarator's name. */
    private static boolean validAfterIdentifierInDeclarator(Token t) {
        return t.is("[")
                || t.is("(")
                || t.is(")")
                || t.is(";")
                || t.is(",")
                || t.is("=")
                || t.is("{")
                || t.is(":")
                || t.is("asm")
                || t.is("__asm__")
                || t.is("__asm")
                || t.is("__attribute__");
    }

    /**
     * "type specifier missing" for a declarator of implicit-int specifiers, where clang says it
     * (the declarator's name, or where the name would be): off by default in C89 (-Wall turns
     * -Wimplicit-int on), an error from C99 on unless -Wno-error=implicit-int, an error in C23.
     */
    void implicitInt(SourceLocation at) {
        if (p.language.c23()) diags.error(at, "a type specifier is required for all declarations");
        else if (p.language.c99())
            diags.defaultError(
                    at,
                    "type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int",
                    "-Wimplicit-int");
        else
            diags.warning(
                    at, "type specifier missing, defaults to 'int'", "-Wimplicit-int", WarningOptions.Default.OFF);
    }

    /** typeof and its GNU spellings; the _unqual forms drop the qualifiers (C23, clang's __typeof_unqual__). */
    private static boolean isTypeofWord(String s) {
        return switch (s) {
            case "typeof", "__typeof__", "__typeof", "__typeof_unqual__", "__typeof_unqual", "__auto_type" -> true;
            default -> false;
        };
    }

    private String previousWord(Token t) {
        return p.prev() == t && p.pos >= 2 ? p.toks.get(p.pos - 2).text : p.prev().text;
    }

    private static boolean isStorage(String s) {
        return switch (s) {
            case "typedef",
                    "static",
                    "extern",
                    "register",
                    "auto",
                    "inline",
                    "__inline",
                    "__inline__",
                    "_Thread_local",
                    "__thread",
                    "_Noreturn" -> true;
            default -> false;
        };
    }

    private static boolean isBasicTypeWord(String s) {
        return switch (s) {
            case "void",
                    "_Bool",
                    "char",
                    "short",
                    "int",
                    "long",
                    "float",
                    "double",
                    "signed",
                    "__signed__",
                    "__signed",
                    "unsigned",
                    "_Complex",
                    "__complex__",
                    "__int128",
                    "_Float16",
                    "__float128",
                    "_Float128" -> true;
            default -> false;
        };
    }

    private static Type basicType(int c) {
        return switch (c) {
            case VOID -> Type.VOID;
            case BOOL -> Type.BOOL;
            case CHAR -> Type.CHAR;
            case SIGNED + CHAR -> Type.SCHAR;
            case UNSIGNED + CHAR -> Type.UCHAR;
            case SHORT, SHORT + INT, SIGNED + SHORT, SIGNED + SHORT + INT -> Type.SHORT;
            case UNSIGNED + SHORT, UNSIGNED + SHORT + INT -> Type.USHORT;
            case INT, SIGNED, SIGNED + INT -> Type.INT;
            case UNSIGNED, UNSIGNED + INT -> Type.UINT;
            case LONG, LONG + INT, SIGNED + LONG, SIGNED + LONG + INT -> Type.LONG;
            case UNSIGNED + LONG, UNSIGNED + LONG + INT -> Type.ULONG;
            case LONG + LONG, LONG + LONG + INT, SIGNED + LONG + LONG, SIGNED + LONG + LONG + INT -> Type.LLONG;
            case UNSIGNED + LONG + LONG, UNSIGNED + LONG + LONG + INT -> Type.ULLONG;
            case FLOAT16 -> Type.FLOAT16;
            case FLOAT128 -> Type.FLOAT128;
            case FLOAT -> Type.FLOAT;
            case DOUBLE -> Type.DOUBLE;
            case LONG + DOUBLE -> Type.LDOUBLE;
            case COMPLEX, COMPLEX + DOUBLE -> Type.DOUBLE_COMPLEX;
            case COMPLEX + FLOAT -> Type.FLOAT_COMPLEX;
            case COMPLEX + FLOAT16 -> Type.FLOAT16_COMPLEX;
            case COMPLEX + FLOAT128 -> Type.FLOAT128_COMPLEX;
            case COMPLEX + LONG + DOUBLE -> Type.LDOUBLE_COMPLEX;
            case COMPLEX + LONG ->
                Type.LDOUBLE_COMPLEX; // on the way to _Complex long double (glibc's complex.h writes it so)
            case INT128, SIGNED + INT128 -> Type.INT128;
            case UNSIGNED + INT128 -> Type.UINT128;
            default -> null; // e.g. "long char", "signed unsigned"
        };
    }

    /** Attribute specifiers (GnuAttributes): checked, and aligned(n) noted in attr; returns them. */
    List<GnuAttributes.Attribute> attribute(Attr attr) {
        List<GnuAttributes.Attribute> as = p.gnuAttrs.parse();
        p.gnuAttrs.check(as);
        if (attr != null) {
            attr.align = Math.max(attr.align, p.gnuAttrs.alignment(as));
            attr.attrs = concat(attr.attrs, as);
        }
        return as;
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        if (b.isEmpty()) return a;
        if (a.isEmpty()) return b;
        List<T> r = new ArrayList<>(a);
        r.addAll(b);
        return r;
    }

    // ---- block-scope declarations ----

    /** A declaration inside a function; returns the statement (possibly with no variables). */
    Stmt.Decl localDeclaration() {
        SourceLocation loc = p.tok().loc;
        Attr attr = new Attr();
        Token first = p.tok();
        Type base = declspec(attr);
        boolean implicit = implicitInt;
        List<Stmt.LocalVar> vars = new ArrayList<>();
        if (p.consume(";")) {
            p.externals.checkEmptyDeclaration(base, first);
            return new Stmt.Decl(vars, loc);
        }
        while (true) {
            Declarator d = p.declarators.namedDeclarator(base, "expected identifier or '('");
            if (implicit) implicitInt(d.loc());
            if (attr.storage == Var.Storage.TYPEDEF) {
                vlaSizes(d.type(), d.loc(), vars);
                p.externals.declareTypedef(p.externals.typedefOf(d, attr));
            } else if (d.type().isFunction() || attr.storage == Var.Storage.EXTERN) {
                // block-scope extern/function: refers to the file-scope entity
                Var g = p.externals.declareGlobal(d.name(), d.type(), attr, d.params());
                if (g != null) p.gnuAttrs.applyToVar(g, attr, d);
                if (g != null) p.scopes.get(p.scopes.size() - 1).names.put(d.name().text, g);
                if (p.at("{") && d.type().isFunction())
                    throw p.errorAt(p.tok().loc, "function definition is not allowed here");
            } else {
                vlaSizes(d.type(), d.loc(), vars);
                vars.add(localVariable(d, attr));
            }
            if (p.consume(",")) continue;
            p.expectAfter(";", "at end of declaration");
            return new Stmt.Decl(vars, loc);
        }
    }

    private Stmt.LocalVar localVariable(Declarator d, Attr attr) {
        Type t = d.type();
        if (t.isVoid()) diags.error(d.name().loc, "variable has incomplete type 'void'");
        if (attr.storage == Var.Storage.STATIC && t.isVariablyModified())
            diags.error(d.name().loc, "variable length array declaration cannot have 'static' storage duration");
        Var v = p.declareLocal(d.name(), t);
        v.storage = attr.storage;
        v.threadLocal = attr.threadLocal;
        if (attr.storage == Var.Storage.STATIC) v.linkName = p.currentFn.name + "." + v.name;
        Declarator local = attr.storage == Var.Storage.STATIC || d.asmLabel() == null
                ? d
                : new Declarator(
                        d.type(),
                        d.name(),
                        d.params(),
                        d.loc(),
                        d.attrs(),
                        null); // a register variable's asm("reg") means nothing here
        p.gnuAttrs.applyToVar(v, attr, local);
        if (t.isVariablyModified()) v.addressTaken = true;
        if (t.kind == Type.Kind.VLA) {
            if (p.consume("=")) {
                diags.error(Vla.length(t).loc(), "variable-sized object may not be initialized");
                if (p.consume("{")) p.inits.skipBraces();
                else p.exprs.assign();
            }
            return new Stmt.LocalVar(v, null, d.name().loc);
        }
        Initializer init = null;
        if (GnuTypes.isAutoType(t)) {
            init = p.gnuTypes.autoTyped(d, attr.storage == Var.Storage.STATIC);
            v.type = init.type();
        } else if (p.consume("=")) {
            p.initializedLocals.add(v);
            p.inits.initNameLoc = d.name().loc;
            init = p.inits.initializer(t, attr.storage == Var.Storage.STATIC);
            p.inits.initNameLoc = null;
            v.type = init.type();
        } else if (!t.isComplete()) {
            diags.error(
                    d.name().loc,
                    t.isArray()
                            ? "definition of variable with array type needs an explicit size or an initializer"
                            : "variable has incomplete type '" + t + "'");
        }
        if (attr.storage != Var.Storage.STATIC) p.cleanups.apply(v, attr.attrs, d.attrs());
        return new Stmt.LocalVar(v, init, d.name().loc);
    }

    /**
     * A VLA's sizes: for each VLA level (innermost first) a hidden unsigned long local initialized
     * to its sizeof at the declaration, as chibicc does; {@link Vla#sizeVar} names it.
     */
    private void vlaSizes(Type t, SourceLocation loc, List<Stmt.LocalVar> out) {
        if (t == null || t.isFunction() || !t.isVariablyModified() && t.kind != Type.Kind.VLA) return;
        vlaSizes(t.base, loc, out);
        if (t.kind != Type.Kind.VLA || Vla.sizeVar(t) != null) return;
        Expr elemSize = t.base.kind == Type.Kind.VLA
                ? new Expr.VarRef(Vla.sizeVar(t.base), Type.ULONG, loc)
                : new Expr.IntLit(t.base.size(), Type.ULONG, loc);
        Var sz = syntheticLocal(Type.ULONG, loc);
        Vla.setSizeVar(t, sz);
        Expr value = new Expr.Binary(Expr.Binary.Op.MUL, Vla.length(t), elemSize, Type.ULONG, loc);
        out.add(new Stmt.LocalVar(
                sz, new Initializer(Type.ULONG, List.of(new Initializer.Item(0, Type.ULONG, value, null))), loc));
    }

    Var syntheticLocal(Type t, SourceLocation loc) {
        Var v = new Var("__tmp" + (p.uniq++), t, loc, p.currentFn != null);
        v.synthetic = true;
        if (p.currentFn != null) p.locals.add(v);
        else {
            v.storage = Var.Storage.STATIC;
            v.linkName = ".L.tmp" + (p.uniq - 1);
            p.globals.add(v);
        }
        return v;
    }

    void staticAssert() {
        p.next();
        Token open = p.tok();
        p.expect("(");
        Expr e = p.exprs.conditional();
        String msg = null;
        if (p.consume(",")) {
            Token s = p.tok();
            if (s.kind != Token.Kind.STRING) throw p.errorAt(s.loc, "expected string literal");
            Expr.StrLit lit = (Expr.StrLit) p.primaries.primary();
            msg = new String(lit.bytes(), 0, lit.bytes().length - 1, java.nio.charset.StandardCharsets.UTF_8);
        }
        p.expectClose(")", open);
        p.expectAfter(";", "after static_assert");
        Long v = ConstEval.integer(p.exprs.rvalue(e));
        if (v == null) diags.error(e.loc(), "static assertion expression is not an integral constant expression");
        else if (v == 0) diags.error(e.loc(), "static assertion failed" + (msg == null ? "" : ": " + msg));
    }
}
