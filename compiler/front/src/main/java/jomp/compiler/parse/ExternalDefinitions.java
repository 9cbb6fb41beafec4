package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.Attr;
import jomp.compiler.parse.Parser.Declarator;
import jomp.compiler.parse.Parser.ParamDecl;
import jomp.compiler.parse.Parser.Scope;
import jomp.compiler.parse.Parser.SyntaxError;
import jomp.compiler.parse.Parser.Typedef;
import jomp.compiler.sema.Flow;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * External definitions (C11 6.9): the translation unit, file-scope declarations and their
 * redeclaration rules, tentative definitions, function definitions.
 * Part of the parser: shares {@link Parser}'s token cursor, scopes and function state.
 */
final class ExternalDefinitions {
    private final Parser p;
    private final Diagnostics diags;

    ExternalDefinitions(Parser p) {
        this.p = p;
        this.diags = p.diags;
    }

    TranslationUnit translationUnit() {
        while (!p.atEof()) {
            int start = p.pos;
            try {
                if (p.tok().kind == Token.Kind.PRAGMA) {
                    p.pragmaAtFileScope(p.next());
                    continue;
                }
                if (p.consume(";")) continue;
                if (p.at("_Static_assert")) {
                    p.decls.staticAssert();
                    continue;
                }
                if (p.at("asm") || p.at("__asm__") || p.at("__asm")) {
                    p.gnuStatements.fileScopeAsm();
                    continue;
                }
                externalDeclaration();
            } catch (SyntaxError e) {
                p.skipToStatementEnd();
                if (p.at("}")) p.pos++;
                if (p.pos == start) p.pos++;
            }
        }
        p.weakAliases.end();
        List<TranslationUnit.TopLevel> late = new ArrayList<>();
        for (Var v : p.tentative) {
            if (!p.emitted.contains(v) && !v.isFunction()) {
                if (v.type.kind == Type.Kind.ARRAY && v.type.arrayLen < 0) {
                    // int a[]; at file scope is a one-element array (C11 6.9.2p2, clang warns)
                    diags.warning(v.loc, "tentative array definition assumed to have one element");
                    v.type = Type.arrayOf(v.type.base, 1);
                }
                if (!v.type.isComplete()) {
                    diags.error(v.loc, "tentative definition has type '" + v.type + "' that is never completed");
                    continue;
                }
                p.emitted.add(v);
                late.add(new TranslationUnit.Global(v, null, v.loc));
            }
        }
        for (int k = late.size() - 1; k >= 0; k--) { // in place, last first so that earlier positions hold
            TranslationUnit.Global g = (TranslationUnit.Global) late.get(k);
            p.items.add(Math.min(p.tentativeAt.getOrDefault(g.var(), p.items.size()), p.items.size()), g);
        }
        for (Var v : p.globals) {
            // C11 6.7.4p7: inline in every declaration and extern in none makes an inline definition only
            // (GNU89's inline is an external definition, gnu_inline's too)
            if (v.isFunction()
                    && v.isDefined
                    && v.isInline
                    && !v.externalDecl
                    && v.storage != Var.Storage.STATIC
                    && !v.gnuInline) v.inlineOnly = true;
        }
        return new TranslationUnit(p.items, p.globals);
    }

    private void externalDeclaration() {
        Attr attr = new Attr();
        Token first = p.tok();
        Type base = p.decls.declspec(attr);
        boolean implicit = p.decls.implicitInt;
        if (p.consume(";")) {
            checkEmptyDeclaration(base, first);
            return;
        }
        boolean firstDecl = true;
        while (true) {
            Declarator d = p.declarators.namedDeclarator(base, "expected identifier or '('");
            boolean knrDefinition =
                    OldStyleDefinitions.isIdentifierList(d) && firstDecl && !p.at(";") && !p.at(",") && !p.at("=");
            if (implicit && !knrDefinition) p.decls.implicitInt(d.loc());
            if (OldStyleDefinitions.isIdentifierList(d)) {
                if (knrDefinition) {
                    p.oldStyle.definition(d, attr, implicit);
                    return;
                }
                diags.error(
                        d.params().get(0).loc(),
                        "a parameter list without types is only allowed in a function definition");
                d = new Declarator(
                        Type.func(d.type().base, List.of(), false, true),
                        d.name(),
                        List.of(),
                        d.loc(),
                        d.attrs(),
                        d.asmLabel());
            }
            if (d.type().isFunction() && firstDecl && p.at("{")) {
                functionDefinition(d, attr);
                return;
            }
            firstDecl = false;
            if (attr.storage == Var.Storage.TYPEDEF) declareTypedef(typedefOf(d, attr));
            else globalDeclaration(d, attr);
            if (p.consume(",")) continue;
            if (p.at(";")) {
                p.pos++;
                return;
            }
            throw p.errorAt(p.afterPrev(), "expected ';' after top level declarator");
        }
    }

    void checkEmptyDeclaration(Type t, Token first) {
        if (t.isStructOrUnion() || t.kind == Type.Kind.ENUM) return;
        diags.warning(first.loc, "declaration does not declare anything", "-Wmissing-declarations");
    }

    /** d with the type its typedef names (aligned, transparent_union). */
    Declarator typedefOf(Declarator d, Attr attr) {
        Type t = p.gnuAttrs.typedefType(d.type(), attr, d);
        return t == d.type() ? d : new Declarator(t, d.name(), d.params(), d.loc(), d.attrs(), d.asmLabel());
    }

    void declareTypedef(Declarator d) {
        Scope s = p.scopes.get(p.scopes.size() - 1);
        Object old = s.names.get(d.name().text);
        if (old instanceof Typedef td) {
            if (!Types.compatible(td.type(), d.type())) {
                diags.error(
                        d.name().loc,
                        "typedef redefinition with different types (" + TypePrinter.quoteAka(d.type()) + " vs "
                                + TypePrinter.quoteAka(td.type().withTypedefName(null)) + ")");
                if (td.loc() != null) diags.note(td.loc(), "previous definition is here");
            }
            return;
        }
        if (old != null) {
            diags.error(d.name().loc, "redefinition of '" + d.name().text + "' as different kind of symbol");
            diags.note(Parser.locOf(old), "previous definition is here");
            return;
        }
        s.names.put(d.name().text, new Typedef(d.type().withTypedefName(d.name().text), d.name().loc));
    }

    /** A file-scope object or function declaration; handles redeclaration and composite types. */
    private void globalDeclaration(Declarator d, Attr attr) {
        String name = d.name().text;
        Type type = d.type();
        if (attr.storage == Var.Storage.REGISTER || attr.storage == Var.Storage.NONE && attr.storageTok != null) {
            diags.error(attr.storageTok.loc, "illegal storage class on file-scoped variable");
        }
        if (type.kind == Type.Kind.VLA) {
            diags.error(d.name().loc, "variable length array declaration not allowed at file scope");
            type = Type.arrayOf(type.base, 1);
        }
        Var v = declareGlobal(d.name(), type, attr, d.params());
        if (v == null) return;
        if (type.isFunction() && !type.oldStyle && !v.isDefined) v.declaredWithPrototype = true;
        p.gnuAttrs.applyToVar(v, attr, d);
        if (d.params() != null && type.isFunction()) p.paramDecls.putIfAbsent(v, d.params());
        if (GnuTypes.isAutoType(type)) {
            Initializer init = p.gnuTypes.autoTyped(d, true);
            v.type = init.type();
            v.isDefined = true;
            p.emitted.add(v);
            p.items.add(new TranslationUnit.Global(v, init, d.name().loc));
            return;
        }
        if (p.consume("=")) {
            if (type.isFunction()) {
                diags.error(d.name().loc, "illegal initializer (only variables can be initialized)");
                initializerSkip();
                return;
            }
            if (attr.storage == Var.Storage.EXTERN)
                diags.warning(d.name().loc, "'extern' variable has an initializer", "-Wextern-initializer");
            if (v.isDefined && p.emitted.contains(v)) {
                diags.error(d.name().loc, "redefinition of '" + name + "'");
                diags.note(v.loc, "previous definition is here");
                initializerSkip();
                return;
            }
            p.inits.initNameLoc = d.name().loc;
            Initializer init = p.inits.initializer(v.type, true);
            p.inits.initNameLoc = null;
            v.type = init.type();
            v.isDefined = true;
            notAlsoAlias(v, d.name());
            p.emitted.add(v);
            p.items.add(new TranslationUnit.Global(v, init, d.name().loc));
            return;
        }
        if (!type.isFunction() && attr.storage != Var.Storage.EXTERN) notAlsoAlias(v, d.name());
        // a weakref names another symbol: no definition of its own
        if (!type.isFunction() && attr.storage != Var.Storage.EXTERN && !v.weakref && !p.tentative.contains(v)) {
            p.tentative.add(v);
            p.tentativeAt.put(v, p.items.size());
        }
    }

    /** A definition (an initialized or tentative one) cannot be an alias as well (a pragma's alias: a redefinition). */
    private void notAlsoAlias(Var v, Token name) {
        if (v.ifunc != null) {
            diags.error(v.aliasLoc, "definition '" + v.name + "' cannot also be an ifunc");
            v.ifunc = null;
        }
        if (v.alias == null || p.weakAliases.redefined(v, name)) return;
        diags.error(v.aliasLoc, "definition '" + v.name + "' cannot also be an alias");
        v.alias = null;
    }

    private void initializerSkip() {
        try {
            p.inits.initializer(Type.INT, false);
        } catch (SyntaxError e) {
            p.skipToStatementEnd();
            p.pos--;
        }
    }

    Var declareGlobal(Token nameTok, Type type, Attr attr) {
        return declareGlobal(nameTok, type, attr, null);
    }

    /** A file-scope declaration; params: a function declarator's parameters (declare variant's adjust_args names them), or null. */
    Var declareGlobal(Token nameTok, Type type, Attr attr, List<Parser.ParamDecl> params) {
        if (p.ompVariants != null && type.isFunction()) { // OpenMP declare variant (OmpVariants)
            Var variant =
                    p.ompVariants.declared(nameTok, type, p.scopes.get(0).names.get(nameTok.text), params);
            if (variant != null) return variant;
            Var base = declareGlobalPlain(nameTok, type, attr);
            p.ompVariants.attach(base);
            return base;
        }
        return declareGlobalPlain(nameTok, type, attr);
    }

    private Var declareGlobalPlain(Token nameTok, Type type, Attr attr) {
        String name = nameTok.text;
        Scope file = p.scopes.get(0);
        Object old = file.names.get(name);
        if (old instanceof Var v) {
            if (!Types.compatible(v.type, type)
                    && !(v.type.isFunction() && type.isFunction() && Types.compatibleUnqualified(v.type, type))) {
                if (v.type.isFunction() && type.isFunction()) {
                    diags.error(nameTok.loc, "conflicting types for '" + name + "'");
                } else {
                    diags.error(
                            nameTok.loc,
                            "redefinition of '" + name + "' with a different type: " + TypePrinter.quoteAka(type)
                                    + " vs " + TypePrinter.quoteAka(v.type));
                }
                diags.note(v.loc, "previous declaration is here");
                return null;
            }
            v.type = Types.composite(type, v.type);
            if (attr.storage == Var.Storage.STATIC && v.storage != Var.Storage.STATIC && !v.synthetic) {
                diags.error(nameTok.loc, "static declaration of '" + name + "' follows non-static declaration");
                diags.note(v.loc, "previous declaration is here");
            }
            if (attr.isInline) v.isInline = true;
            if (type.isFunction() && (!attr.isInline || attr.storage == Var.Storage.EXTERN)) v.externalDecl = true;
            if (attr.noreturn) v.noreturn = true;
            return v;
        }
        if (old != null) {
            diags.error(nameTok.loc, "redefinition of '" + name + "' as different kind of symbol");
            diags.note(Parser.locOf(old), "previous definition is here");
            return null;
        }
        Var v = new Var(name, type, nameTok.loc, false);
        v.storage = attr.storage;
        v.threadLocal = attr.threadLocal;
        v.isInline = attr.isInline;
        v.noreturn = attr.noreturn;
        if (type.isFunction() && (!attr.isInline || attr.storage == Var.Storage.EXTERN)) v.externalDecl = true;
        file.names.put(name, v);
        p.globals.add(v);
        return v;
    }

    void functionDefinition(Declarator d, Attr attr) {
        warnPrototypeConflict(d);
        Var fn = declareGlobal(d.name(), d.type(), attr, d.params());
        if (fn == null) {
            skipBlock();
            return;
        }
        boolean wasDropped = fn.definitionDropped(), wasExternInline = fn.externInlineDef;
        p.gnuAttrs.applyToVar(fn, attr, d);
        for (String a : List.of("alias", "ifunc"))
            if ((a.equals("alias") ? fn.alias : fn.ifunc) != null && GnuAttributes.has(d.attrs(), a))
                diags.warning(
                        fn.aliasLoc,
                        "GCC does not allow '" + a + "' attribute in this position on a function definition",
                        "-Wgcc-compat");
        notAlsoAlias(fn, d.name());
        // GNU89 inline (-std=gnu89, -fgnu89-inline): extern inline is for inlining only, plain inline external
        if (p.language.gnuInline() && attr.isInline) fn.gnuInline = true;
        boolean externInline = attr.isInline && attr.storage == Var.Storage.EXTERN;
        if (d.params() != null) p.paramDecls.putIfAbsent(fn, d.params());
        if (fn.isDefined && !replacesDefinition(fn, d, wasDropped && !externInline, wasExternInline)) {
            skipBlock();
            return;
        }
        fn.externInlineDef = externInline;
        fn.isDefined = true;
        if (!d.type().base.isVoid() && !d.type().base.isComplete())
            diags.error(d.name().loc, "incomplete result type '" + d.type().base + "' in function definition");
        p.currentFn = fn;
        p.locals = new ArrayList<>();
        p.labels = new HashMap<>();
        p.gotos = new ArrayList<>();
        p.labelValues = new HashMap<>();
        p.enterScope();
        List<Var> params = declareParams(d);
        p.currentParams = params;
        int errorsBefore = diags.errorCount();
        Stmt.Compound body;
        try {
            body = p.stmts.compoundStatement(false);
        } finally {
            p.leaveScope();
        }
        for (Token g : p.gotos)
            if (!p.labels.containsKey(g.text)) diags.error(g.loc, "use of undeclared label '" + g.text + "'");
        if (p.locals.stream().anyMatch(v -> v.cleanup != null)) jomp.compiler.sema.JumpScopes.check(diags, body);
        // like clang, no flow warning for a body that had errors (statements were dropped)
        if (diags.errorCount() == errorsBefore) Flow.checkReturn(diags, fn, body, p.prev().loc);
        p.items.add(new TranslationUnit.Function(fn, params, body, p.locals, d.name().loc));
        p.emitted.add(fn);
        p.currentFn = null;
    }

    /** A definition with parameters after a declaration without (f()): clang warns at the declaration. */
    private void warnPrototypeConflict(Declarator d) {
        Var before = p.fileScopeFunction(d.name().text);
        if (before != null
                && before.type.oldStyle
                && before.type.params.isEmpty()
                && !before.implicitDecl
                && !d.type().oldStyle
                && (!d.type().params.isEmpty() || d.type().variadic)) {
            diags.warning(
                    before.loc,
                    "a function declaration without a prototype is deprecated in all versions of C and is treated as a "
                            + "zero-parameter prototype in C23, conflicting with a subsequent definition",
                    "-Wdeprecated-non-prototype");
            diags.note(d.name().loc, "conflicting prototype is here");
        }
    }

    /**
     * A second definition of fn (d): it replaces the first when that was dropped (a GNU89 extern
     * inline one) and it is not extern inline itself (replaceable); else it is reported, false.
     */
    private boolean replacesDefinition(Var fn, Declarator d, boolean replaceable, boolean wasExternInline) {
        TranslationUnit.Function prev = previousDefinition(fn);
        if (replaceable && prev != null) {
            // GNU89: a definition after an extern inline one is the function's (gcc's and clang's)
            p.items.remove(prev);
            fn.isDefined = false;
            return true;
        }
        if (wasExternInline && !fn.gnuInline)
            diags.error(
                    d.name().loc,
                    "redefinition of a 'extern inline' function '" + d.name().text + "' is not supported in C99 mode");
        else diags.error(d.name().loc, "redefinition of '" + d.name().text + "'");
        diags.note(prev != null ? prev.loc() : fn.loc, "previous definition is here");
        return false;
    }

    /** The definition's parameters, declared in the function's scope (an unnamed one as a synthetic local). */
    private List<Var> declareParams(Declarator d) {
        List<Var> params = new ArrayList<>();
        List<ParamDecl> pds = d.params() == null ? List.of() : d.params();
        for (int i = 0; i < pds.size(); i++) {
            ParamDecl pd = pds.get(i);
            Var pv;
            if (pd.var() != null) {
                pv = pd.var();
                p.scopes.get(p.scopes.size() - 1).names.put(pd.name().text, pv);
                p.locals.add(pv);
            } else if (pd.name() != null) {
                pv = p.declareLocal(pd.name(), pd.type());
            } else {
                pv = new Var("__param" + i, pd.type(), pd.loc(), true);
                pv.synthetic = true;
                p.locals.add(pv);
            }
            if (!pd.type().isComplete() && !pd.type().isArray())
                diags.error(pd.loc(), "variable has incomplete type '" + pd.type() + "'");
            if (pd.name() == null && !p.language.c23())
                diags.warning(
                        pd.loc(),
                        "omitting the parameter name in a function definition is a C23 extension",
                        "-Wc23-extensions");
            pv.paramIndex = i;
            params.add(pv);
        }
        return params;
    }

    private TranslationUnit.Function previousDefinition(Var fn) {
        for (TranslationUnit.TopLevel t : p.items)
            if (t instanceof TranslationUnit.Function f && f.var() == fn) return f;
        return null;
    }

    private void skipBlock() {
        int depth = 0;
        while (!p.atEof()) {
            Token t = p.next();
            if (t.is("{")) depth++;
            else if (t.is("}") && --depth == 0) return;
        }
    }
}
