package jomp.compiler.parse;

import java.io.ByteArrayOutputStream;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.diag.WarningOptions;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.EnumConst;
import jomp.compiler.parse.Parser.Typedef;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.sema.TypoCorrection;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * Primary expressions (C11 6.5.1): identifiers (with clang's typo correction for undeclared
 * ones), constants, string literals, _Generic, and the builtins that are keywords.
 * Part of the parser: shares {@link Parser}'s token cursor, scopes and function state.
 */
final class PrimaryExpressions {
    private final Parser p;
    private final Diagnostics diags;
    private final Literals literals;

    PrimaryExpressions(Parser p) {
        this.p = p;
        this.diags = p.diags;
        this.literals = p.literals;
    }

    Expr primary() {
        Token t = p.tok();
        SourceLocation loc = t.loc;
        switch (t.kind) {
            case NUMBER -> {
                p.pos++;
                return literals.number(t, p.language.c23());
            }
            case CHAR -> {
                p.pos++;
                return literals.character(t);
            }
            case STRING -> {
                return stringLiteral();
            }
            case PUNCT -> {
                if (t.text.equals("(")) {
                    p.pos++;
                    if (p.at("{")) return p.gnuStatements.statementExpression(t);
                    Expr e = p.exprs.expr();
                    p.expectClose(")", t);
                    return e;
                }
                throw p.errorAt(loc, "expected expression");
            }
            case IDENT, KEYWORD -> {
                if (Parser.KEYWORDS.contains(t.text) || t.kind == Token.Kind.KEYWORD) return keywordPrimary(t);
                if (BuiltinCalls.isBuiltin(t.text) && p.peek(1).is("(") && !(p.lookup(t.text) instanceof Var))
                    return p.builtins.call(t);
                p.pos++;
                return identifier(t);
            }
            default -> throw p.errorAt(loc, "expected expression");
        }
    }

    private Expr identifier(Token t) {
        String name = t.text;
        Object o = p.lookup(name);
        if (o instanceof Var v) {
            v.used = true;
            return new Expr.VarRef(v, v.type, t.loc);
        }
        if (o instanceof EnumConst c) return new Expr.IntLit(c.value(), c.type(), t.loc);
        if (o instanceof Typedef) throw p.errorAt(t.loc, "unexpected type name '" + name + "': expected expression");
        if (name.equals("__func__") || name.equals("__FUNCTION__") || name.equals("__PRETTY_FUNCTION__")) {
            String fn = p.currentFn == null ? "" : p.currentFn.name;
            if (p.currentFn == null)
                diags.warning(
                        t.loc,
                        "predefined identifier is only valid inside function",
                        "-Wpredefined-identifier-outside-function");
            byte[] b = java.util.Arrays.copyOf(fn.getBytes(java.nio.charset.StandardCharsets.UTF_8), fn.length() + 1);
            return new Expr.StrLit(b, Type.arrayOf(Type.CHAR.qualified(Type.CONST), b.length), t.loc);
        }
        if (p.at("(") && !p.language.c23()) return implicitFunction(t);
        // clang reports the base of a subscript at once, without a suggestion
        if (p.at("[")) {
            p.exprs.reportUndeclared(t, null);
            return new Expr.IntLit(0, Parser.ERROR, t.loc);
        }
        // otherwise at the end of the full expression, going on meanwhile as if the suggested name had been written;
        // the base of a member access takes only a suggestion the access is valid on
        String fix = TypoCorrection.bestMatch(name, p.visibleValueNames());
        if (fix != null && (p.at(".") || p.at("->"))) {
            Type ft = p.lookup(fix) instanceof Var fv ? fv.type : Type.INT;
            if (p.at("->") ? !(ft.isPointer() || ft.isArray()) || !ft.base.isStructOrUnion() : !ft.isStructOrUnion())
                fix = null;
        }
        if (p.exprs.pendingTypos != null) p.exprs.pendingTypos.add(new Expressions.Typo(t, fix));
        else p.exprs.reportUndeclared(t, fix);
        if (fix != null) return identifier(new Token(t.kind, fix, t.loc));
        return new Expr.IntLit(0, Parser.ERROR, t.loc);
    }

    /**
     * A call to an undeclared function (C89 6.3.2.2: it declares {@code extern int f()}): in C89 a
     * warning (off by default unless the function is one of the C library's clang knows), from C99
     * on an error unless -Wno-error=implicit-function-declaration (clang 16+); declared as clang
     * does, with the library function's own type when it is one. C23 has no such declaration.
     */
    private Expr implicitFunction(Token t) {
        LibraryFunction lib = LibraryFunction.find(t.text);
        Type ft;
        String flag = "-Wimplicit-function-declaration";
        boolean c99 = p.language.c99();
        if (lib != null) {
            if (c99)
                diags.defaultError(
                        t.loc,
                        "call to undeclared library function '" + t.text + "' with type '" + lib.type()
                                + "'; ISO C99 and later do not support implicit function declarations",
                        flag);
            else
                diags.warning(
                        t.loc,
                        "implicitly declaring library function '" + t.text + "' with type '" + lib.type() + "'",
                        flag,
                        WarningOptions.Default.ON);
            diags.note(
                    t.loc,
                    "include the header <" + lib.header() + "> or explicitly provide a declaration for '" + t.text
                            + "'");
            ft = lib.type();
        } else {
            if (c99)
                diags.defaultError(
                        t.loc,
                        "call to undeclared function '" + t.text
                                + "'; ISO C99 and later do not support implicit function declarations",
                        flag);
            else
                diags.warning(
                        t.loc, "implicit declaration of function '" + t.text + "'", flag, WarningOptions.Default.OFF);
            ft = Type.func(Type.INT, List.of(), false, true);
        }
        Var v = new Var(t.text, ft, t.loc, false);
        v.storage = Var.Storage.EXTERN;
        v.implicitDecl = true;
        v.externalDecl = true;
        p.scopes.get(0).names.put(t.text, v);
        p.globals.add(v);
        return new Expr.VarRef(v, ft, t.loc);
    }

    private Expr stringLiteral() {
        Token first = p.tok();
        Type elem = Literals.stringElem(first.text);
        // adjacent literals concatenate (C11 5.1.1.2 phase 6); a prefixed one decides the element type
        for (int k = p.pos; p.toks.get(k).kind == Token.Kind.STRING; k++) {
            Type e = Literals.stringElem(p.toks.get(k).text);
            if (e != Type.CHAR) elem = e;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (p.tok().kind == Token.Kind.STRING) literals.appendString(p.next(), (int) elem.size(), out);
        for (int i = 0; i < elem.size(); i++) out.write(0);
        byte[] b = out.toByteArray();
        return new Expr.StrLit(b, Type.arrayOf(elem, b.length / elem.size()), first.loc);
    }

    /** Builtins that are keywords, for their operands that are types or that are not evaluated. */
    private Expr keywordPrimary(Token t) {
        switch (t.text) {
            case "__builtin_va_arg" -> {
                return vaArg(t);
            }
            case "__builtin_offsetof" -> {
                return offsetof(t);
            }
            case "_Generic" -> {
                return generic();
            }
            case "__builtin_types_compatible_p" -> {
                return typesCompatible(t);
            }
            case "__builtin_choose_expr" -> {
                return chooseExpr();
            }
            case "__builtin_shufflevector" -> {
                return p.vectors.shuffle(t);
            }
            case "__builtin_shuffle" -> {
                return p.vectors.gccShuffle(t);
            }
            case "__builtin_convertvector" -> {
                return p.vectors.convert(t);
            }
            case "sizeof", "_Alignof", "__alignof__", "__alignof", "__real__", "__imag__", "__real", "__imag" -> {
                return p.exprs.unary();
            }
            default -> {}
        }
        throw p.errorAt(t.loc, "expected expression");
    }

    /** __builtin_va_arg(ap, type) (t: the keyword). */
    private Expr vaArg(Token t) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        Expr ap = p.exprs.assign();
        p.expect(",");
        Token tyTok = p.tok();
        Type ty = p.declarators.typeName();
        p.expectClose(")", open);
        Type promoted = Types.defaultArgPromote(ty.unqualified());
        if (ty.kind == Type.Kind.FLOAT && !ty.isComplex
                || ty.isInteger() && !ty.isBitInt() && ty.size() < Type.INT.size())
            diags.warning(
                    tyTok.loc,
                    "second argument to 'va_arg' is of promotable type " + TypePrinter.quoteAka(ty)
                            + "; this va_arg has undefined behavior because arguments will be promoted to "
                            + TypePrinter.quoteAka(promoted),
                    "-Wvarargs");
        return new Expr.VaArg(ap, ty.unqualified(), t.loc);
    }

    /** __builtin_offsetof(type, member designator) (t: the keyword): the offset, a constant. */
    private Expr offsetof(Token t) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        Type ty = p.declarators.typeName();
        p.expect(",");
        long off = 0;
        Type cur = ty;
        boolean first = true;
        while (true) {
            if (first || p.consume(".")) {
                Token name = p.expectIdent();
                List<Member> path = cur.isStructOrUnion() ? cur.findMember(name.text) : null;
                if (path == null) {
                    diags.error(name.loc, "no member named '" + name.text + "' in '" + cur + "'");
                    skipParen();
                    return new Expr.IntLit(0, Parser.ERROR, t.loc);
                }
                for (Member m : path) off += m.offset();
                cur = path.get(path.size() - 1).type();
            } else if (p.at("[")) {
                Token o = p.next();
                Long n = ConstEval.integer(p.exprs.rvalue(p.exprs.expr()));
                p.expectClose("]", o);
                if (n == null || !cur.isArray()) {
                    diags.error(o.loc, "expression is not an integer constant expression");
                    n = 0L;
                } else {
                    off += n * cur.base.size();
                    cur = cur.base;
                }
            } else break;
            first = false;
        }
        p.expectClose(")", open);
        return new Expr.IntLit(off, Type.ULONG, t.loc);
    }

    /** __builtin_types_compatible_p(type, type) (t: the keyword): 1 or 0. */
    private Expr typesCompatible(Token t) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        Type a = p.declarators.typeName();
        p.expect(",");
        Type b = p.declarators.typeName();
        p.expectClose(")", open);
        return new Expr.IntLit(Types.compatible(a.unqualified(), b.unqualified()) ? 1 : 0, Type.INT, t.loc);
    }

    /** __builtin_choose_expr(constant, a, b): a or b, chosen here. */
    private Expr chooseExpr() {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        long c = p.exprs.constInt(p.exprs.assign());
        p.expect(",");
        Expr a = p.exprs.assign();
        p.expect(",");
        Expr b = p.exprs.assign();
        p.expectClose(")", open);
        return c != 0 ? a : b;
    }

    /** Skips to the ')' that closes open. */
    private void skipParen() {
        int depth = 1;
        while (depth > 0 && !p.atEof()) {
            Token x = p.next();
            if (x.is("(")) depth++;
            else if (x.is(")")) depth--;
        }
    }

    /** _Generic(e, T1: e1, ..., default: d): resolved here to the selected expression (C11 6.5.1.1). */
    private Expr generic() {
        Token kw = p.next();
        Token open = p.tok();
        p.expect("(");
        Expr ctl = p.exprs.rvalue(p.exprs.assign());
        Type ct = ctl.type().unqualified();
        Expr chosen = null, dflt = null;
        while (p.consume(",")) {
            if (p.consume("default")) {
                p.expect(":");
                dflt = p.exprs.assign();
                continue;
            }
            Type at = p.declarators.typeName();
            p.expect(":");
            Expr e = p.exprs.assign();
            if (chosen == null && Types.compatible(at.unqualified(), ct)) chosen = e;
        }
        p.expectClose(")", open);
        if (chosen == null) chosen = dflt;
        if (chosen == null) {
            diags.error(
                    ctl.loc(),
                    "controlling expression type " + TypePrinter.quoteAka(ct)
                            + " not compatible with any generic association type");
            return new Expr.IntLit(0, Parser.ERROR, kw.loc);
        }
        return chosen;
    }
}
