package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Var;
import jomp.compiler.ast.Vla;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.Attr;
import jomp.compiler.parse.Parser.Declarator;
import jomp.compiler.parse.Parser.ParamDecl;
import jomp.compiler.parse.Parser.Scope;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Type;

/**
 * Declarators (C11 6.7.6) and type names (6.7.7): pointers, arrays (VLAs included), function
 * parameter lists, abstract declarators.
 * Part of the parser: shares {@link Parser}'s token cursor, scopes and function state.
 */
final class Declarators {
    private final Parser p;
    private final Diagnostics diags;
    private final Sema sema;

    Declarators(Parser p) {
        this.p = p;
        this.diags = p.diags;
        this.sema = p.sema;
    }

    private List<ParamDecl> lastParams;
    /** The name of the declarator whose suffixes are being parsed (for "'a' declared as an array with a negative size"). */
    private String declName;

    /** A declarator whose name may be omitted (a parameter's). */
    Declarator declarator(Type ty) {
        return declarator(ty, null, null);
    }

    /**
     * A declarator that must have a name (a declaration's, a member's): a '(' then always groups
     * (clang's ParseParenDeclarator: {@code int (void)} is not a function without a name), and a
     * missing name is reported as {@code nameMissing} ("expected identifier or '('").
     */
    Declarator namedDeclarator(Type ty, String nameMissing) {
        return declarator(ty, nameMissing, null);
    }

    /** group: the '(' of the grouping parentheses being parsed (clang then says "expected ')'" too), or null. */
    private Declarator declarator(Type ty, String nameMissing, Token group) {
        enter();
        try {
            return declaratorHere(ty, nameMissing, group);
        } finally {
            depth--;
        }
    }

    /**
     * Where the parenthesized declarator starting at a token ends, once a first parse found it (per
     * token list, for the outermost declarator being parsed): each level of "((((x))))" parses its inner
     * part twice, and without this every level would parse all deeper ones twice again (2^depth).
     */
    private final Map<Integer, Integer> innerEnd = new HashMap<>(), abstractInnerEnd = new HashMap<>();

    private List<Token> innerEndOf;
    private int depth;

    private void enter() {
        if (depth++ == 0 || innerEndOf != p.toks) {
            innerEnd.clear();
            abstractInnerEnd.clear();
            innerEndOf = p.toks;
        }
    }

    /** Past the inner declarator of the '(' just consumed (at start) and its ')': parsed once with a placeholder type, then known. */
    private void skipInner(Map<Integer, Integer> ends, int start, Token open, boolean isAbstract, String nameMissing) {
        Integer end = ends.get(start);
        if (end != null) {
            p.pos = end;
            return;
        }
        if (isAbstract) abstractDeclarator(Type.INT);
        else declarator(Type.INT, nameMissing, open);
        p.expectClose(")", open);
        ends.put(start, p.pos);
    }

    private Declarator declaratorHere(Type ty, String nameMissing, Token group) {
        if (p.gnuAttrs.at()) p.gnuAttrs.skip(); // void (__attribute__((x)) *fp)(void)
        ty = pointers(ty);
        if (p.at("(") && (nameMissing != null || nestedDeclaratorAhead())) {
            // int (*fp)(int): parse the suffix first with a placeholder, then the inner declarator on the real type
            Token open = p.next();
            int start = p.pos;
            skipInner(innerEnd, start, open, false, nameMissing);
            ty = typeSuffix(ty);
            List<ParamDecl> outerParams = lastParams;
            int end = p.pos;
            p.pos = start;
            Declarator inner = declarator(ty, nameMissing, open);
            p.pos = end;
            // int (f)(int a) { ... }: the name alone in parentheses, so the parameters are the outer suffix's
            if (inner.params() == null && inner.type().isFunction() && outerParams != null)
                inner = new Declarator(
                        inner.type(), inner.name(), outerParams, inner.loc(), inner.attrs(), inner.asmLabel());
            lastParams = inner.params() != null ? inner.params() : outerParams;
            return trailing(inner);
        }
        SourceLocation nameLoc = p.tok().loc; // where the name is, or would be
        Token name = null;
        if (p.isIdent(p.tok())) name = p.next();
        else if (p.tok().kind == Token.Kind.IDENT && !p.isTypeName(p.tok()) && !Parser.KEYWORDS.contains(p.tok().text))
            name = p.next();
        if (name == null && nameMissing != null) {
            diags.error(p.tok().loc, nameMissing);
            if (group != null) p.expectClose(")", group);
            throw new Parser.SyntaxError();
        }
        lastParams = null;
        String outerName = declName;
        declName = name == null ? null : name.text;
        ty = typeSuffix(ty);
        declName = outerName;
        List<ParamDecl> params = ty.isFunction() ? lastParams : null;
        List<GnuAttributes.Attribute> attrs = p.decls.attribute(null);
        String label = null;
        if (p.at("__asm__") || p.at("asm") || p.at("__asm")) {
            label = p.gnuAttrs.asmLabel();
            attrs = Declarations.concat(attrs, p.decls.attribute(null));
        }
        if (!attrs.isEmpty()) ty = p.gnuAttrs.applyVectorSize(p.gnuAttrs.applyMode(ty, attrs), attrs);
        lastParams = params;
        return new Declarator(ty, name, params, nameLoc, attrs, label);
    }

    /**
     * At '(': does a parenthesized declarator follow (not a parameter list)? Attributes at its
     * start are looked past: "(__attribute__((x)) *p)" is a declarator, "(__attribute__((x)) int)" a parameter list.
     */
    private boolean nestedDeclaratorAhead() {
        int i = p.pos + 1;
        while (p.toks.get(i).is("__attribute__") && p.toks.get(i + 1).is("(")) {
            int depth = 0, j = i + 1;
            do {
                if (p.toks.get(j).is("(")) depth++;
                else if (p.toks.get(j).is(")")) depth--;
                j++;
            } while (depth > 0 && p.toks.get(j).kind != Token.Kind.EOF);
            i = j;
        }
        Token t = p.toks.get(i);
        return !p.isTypeName(t) && !t.is(")");
    }

    /** Attributes and an asm label after a parenthesized declarator's suffix: int (*f)(void) __attribute__((x)). */
    private Declarator trailing(Declarator d) {
        List<ParamDecl> params = lastParams;
        List<GnuAttributes.Attribute> attrs = p.decls.attribute(null);
        String label = d.asmLabel();
        if (p.at("__asm__") || p.at("asm") || p.at("__asm")) {
            label = p.gnuAttrs.asmLabel();
            attrs = Declarations.concat(attrs, p.decls.attribute(null));
        }
        lastParams = params;
        if (attrs.isEmpty() && label == d.asmLabel()) return d;
        return new Declarator(
                p.gnuAttrs.applyMode(d.type(), attrs),
                d.name(),
                d.params(),
                d.loc(),
                Declarations.concat(d.attrs(), attrs),
                label);
    }

    private Type pointers(Type ty) {
        while (p.consume("*")) {
            ty = Type.pointerTo(ty);
            int q = 0;
            while (true) {
                if (p.consume("const") || p.consume("__const")) q |= Type.CONST;
                else if (p.consume("volatile") || p.consume("__volatile__") || p.consume("__volatile"))
                    q |= Type.VOLATILE;
                else if (p.consume("restrict") || p.consume("__restrict") || p.consume("__restrict__"))
                    q |= Type.RESTRICT;
                else if (p.consume("_Atomic")) q |= Type.ATOMIC;
                else if (p.gnuAttrs.at()) p.gnuAttrs.skip();
                else break;
            }
            if (q != 0) ty = ty.qualified(q);
        }
        return ty;
    }

    /** An abstract declarator (for type names). */
    Type abstractDeclarator(Type ty) {
        enter();
        try {
            return abstractDeclaratorHere(ty);
        } finally {
            depth--;
        }
    }

    private Type abstractDeclaratorHere(Type ty) {
        if (p.gnuAttrs.at()) p.gnuAttrs.skip();
        ty = pointers(ty);
        if (p.at("(") && nestedDeclaratorAhead()) {
            Token open = p.next();
            int start = p.pos;
            skipInner(abstractInnerEnd, start, open, true, null);
            ty = typeSuffix(ty);
            int end = p.pos;
            p.pos = start;
            Type t = abstractDeclarator(ty);
            p.pos = end;
            return t;
        }
        return typeSuffix(ty);
    }

    /** type-name (C11 6.7.7). */
    Type typeName() {
        String outerName = declName;
        declName = null;
        try {
            Type base = p.decls.declspec(null);
            boolean implicit = p.decls.implicitInt;
            Type t = abstractDeclarator(base);
            if (implicit) p.decls.implicitInt(p.tok().loc); // (const)x: where the declarator's name would be
            return t;
        } finally {
            declName = outerName;
        }
    }

    private Type typeSuffix(Type ty) {
        if (p.at("(")) return funcParams(ty);
        if (p.at("[") && !p.peek(1).is("[")) return arraySuffix(ty); // "[[" starts an attribute
        return ty;
    }

    private Type funcParams(Type ret) {
        Token open = p.next();
        if (ret.isFunction()) diags.error(open.loc, "function cannot return function type '" + ret + "'");
        else if (ret.isArray()) diags.error(open.loc, "function cannot return array type '" + ret + "'");
        if (p.at("void") && p.peek(1).is(")")) {
            p.pos += 2;
            lastParams = List.of();
            return Type.func(ret, List.of(), false, false);
        }
        if (p.consume(")")) {
            lastParams = List.of();
            return Type.func(ret, List.of(), false, !p.language.c23()); // C23: () is (void)
        }
        if (!p.language.c23()
                && p.isIdent(p.tok())
                && !p.isTypedefName(p.tok())
                && (p.peek(1).is(",") || p.peek(1).is(")"))) return identifierList(ret, open);
        List<Type> types = new ArrayList<>();
        List<ParamDecl> params = new ArrayList<>();
        boolean variadic = false;
        p.enterScope(); // prototype scope: tags declared here stay here
        try {
            while (true) {
                if (p.consume("...")) {
                    variadic = true;
                    break;
                }
                ParamDecl pd = parameterDeclaration();
                types.add(pd.type());
                params.add(pd);
                if (p.consume(",")) continue;
                break;
            }
        } finally {
            p.leaveScope();
        }
        p.expectClose(")", open);
        lastParams = params;
        return Type.func(ret, types, variadic, false);
    }

    /** One parameter-declaration of a prototype (C11 6.7.6.3), declared in the prototype scope when it is named. */
    private ParamDecl parameterDeclaration() {
        Token start = p.tok();
        if (!p.isTypeName(p.tok())) {
            if (p.isIdent(p.tok())
                    && p.lookup(p.tok().text) == null
                    && (p.peek(1).is(",") || p.peek(1).is(")"))) {
                // old-style identifier list: int f(a, b)
                if (p.peek(1).is(",") || p.peek(1).is(")"))
                    diags.error(p.tok().loc, "unknown type name '" + p.tok().text + "'");
            } else if (p.isIdent(p.tok())) {
                diags.error(p.tok().loc, "unknown type name '" + p.tok().text + "'");
            } else throw p.errorAt(p.tok().loc, "expected parameter declarator");
        }
        Attr pa = new Attr();
        Type base;
        boolean implicit = false;
        if (p.isIdent(p.tok()) && !p.isTypeName(p.tok())) base = Type.INT;
        else {
            base = p.decls.declspec(pa);
            implicit = p.decls.implicitInt;
        }
        if (pa.storageTok != null && pa.storage != Var.Storage.REGISTER)
            diags.error(pa.storageTok.loc, "invalid storage class specifier in function declarator");
        Declarator d = declarator(base);
        if (implicit) p.decls.implicitInt(d.loc());
        Type t = d.type();
        // 6.7.6.3p7-8: arrays and functions adjust to pointers
        if (t.isArray()) t = Type.pointerTo(t.base).qualified(t.quals);
        else if (t.isFunction()) t = Type.pointerTo(t);
        if (t.isVoid()) diags.error(start.loc, "'void' must be the first and only parameter if specified");
        Var pv = null;
        if (d.name() != null) {
            // 6.2.1p4: a parameter's scope starts after its declarator, so later parameters can use it
            Scope ps = p.scopes.get(p.scopes.size() - 1);
            if (ps.names.get(d.name().text) instanceof Var old) {
                diags.error(d.name().loc, "redefinition of parameter '" + d.name().text + "'");
                diags.note(old.loc, "previous declaration is here");
            }
            pv = new Var(d.name().text, t, d.name().loc, true);
            p.gnuAttrs.applyToVar(pv, pa, d, true); // unused on a parameter: no -Wunused-parameter
            ps.names.put(d.name().text, pv);
        }
        return new ParamDecl(t, d.name(), d.loc(), pv);
    }

    /**
     * A K&R identifier list (C11 6.7.6.3p3; clang's isFunctionDeclaratorIdentifierList: an
     * identifier that is no typedef name, then ',' or ')'): the function has no prototype; its
     * parameters are named, each of type int until a definition's declaration list says otherwise
     * ({@link OldStyleDefinitions}).
     */
    private Type identifierList(Type ret, Token open) {
        List<ParamDecl> params = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (true) {
            Token t = p.tok();
            if (p.isTypedefName(t)) {
                diags.error(t.loc, "unexpected type name '" + t.text + "': expected identifier");
                p.pos++;
            } else {
                p.expectIdent();
                if (!seen.add(t.text)) diags.error(t.loc, "redefinition of parameter '" + t.text + "'");
                else params.add(new ParamDecl(Type.INT, t, t.loc, null));
            }
            if (!p.consume(",")) break;
        }
        p.expectClose(")", open);
        lastParams = params;
        return Type.func(ret, List.of(), false, true);
    }

    private Type arraySuffix(Type ty) {
        Token open = p.next();
        while (p.consume("static")
                || p.consume("const")
                || p.consume("restrict")
                || p.consume("volatile")
                || p.consume("__restrict")) {}
        if (p.consume("]")) {
            List<ParamDecl> keep = lastParams;
            ty = typeSuffix(ty);
            lastParams = keep;
            checkElement(ty, open);
            return Type.arrayOf(ty, -1);
        }
        if (p.at("*") && p.peek(1).is("]")) {
            p.pos += 2;
            ty = typeSuffix(ty);
            return Vla.of(ty, new Expr.IntLit(1, Type.ULONG, open.loc));
        }
        Expr len = p.exprs.assign();
        p.expectClose("]", open);
        ty = typeSuffix(ty);
        checkElement(ty, open);
        Expr rl = p.exprs.rvalue(len);
        if (!rl.type().isInteger() && rl.type() != Parser.ERROR) {
            diags.error(len.loc(), "size of array has non-integer type '" + rl.type() + "'");
            return Type.arrayOf(ty, 1);
        }
        Long n = ConstEval.integer(rl);
        if (n != null && !ty.isVariablyModified()) {
            if (n < 0 && !rl.type().isUnsigned) {
                diags.error(
                        len.loc(),
                        declName == null
                                ? "array size is negative"
                                : "'" + declName + "' declared as an array with a negative size");
                return Type.arrayOf(ty, 1);
            }
            return Type.arrayOf(ty, n);
        }
        return Vla.of(ty, sema.convert(rl, Type.ULONG));
    }

    private void checkElement(Type elem, Token at) {
        if (elem.isFunction()) diags.error(at.loc, "'type name' declared as array of functions of type '" + elem + "'");
        else if (elem.isVoid() || !elem.isComplete() && elem.kind != Type.Kind.VLA && !elem.isStructOrUnion())
            diags.error(at.loc, "array has incomplete element type '" + elem + "'");
    }
}
