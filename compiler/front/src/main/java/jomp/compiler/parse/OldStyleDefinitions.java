package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.Attr;
import jomp.compiler.parse.Parser.Declarator;
import jomp.compiler.parse.Parser.ParamDecl;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * K&R function definitions (C11 6.9.1p6, removed in C23): {@code int f(a, b) int a; char *b; {...}}.
 * The identifier list names the parameters ({@link Declarators}); the declaration list between
 * ')' and '{' gives their types, int where it says nothing (an error from C99 on, clang's
 * -Wimplicit-int). The function has no prototype: callers pass the default argument
 * promotions of their arguments (float as double, char and short as int), so its type keeps
 * the declared parameter types but marks itself old-style ({@link Type#oldStyle} with
 * parameters): the ABI passes the promoted types and the function converts them back to the
 * declared ones on entry (lowering), as clang's K&R prologue does. A call that sees the
 * definition converts its arguments to the declared types first (clang uses the definition's
 * parameters so), warning instead of failing when their number differs. A prototype declared
 * before the definition stays the function's type (-Wknr-promoted-parameter where it names a
 * type the promotion changes, as clang).
 */
final class OldStyleDefinitions {
    private final Parser p;
    private final Diagnostics diags;

    OldStyleDefinitions(Parser p) {
        this.p = p;
        this.diags = p.diags;
    }

    /** Is d a function declarator with an identifier list (no types)? */
    static boolean isIdentifierList(Declarator d) {
        return d.type().isFunction()
                && d.type().oldStyle
                && d.params() != null
                && !d.params().isEmpty();
    }

    /**
     * After the declarator of a K&R definition: its declaration list, then the definition.
     * implicitInt: the specifiers named no type (f(a) int a; {...}), which clang says after the
     * parameters' diagnostics.
     */
    void definition(Declarator d, Attr attr, boolean implicitInt) {
        List<ParamDecl> ids = d.params();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) index.put(ids.get(i).name().text, i);
        Var[] declared = new Var[ids.size()];
        while (!p.at("{")) {
            if (!p.isTypeName(p.tok()))
                throw p.errorAt(p.tok().loc, "expected function body after function declarator");
            int start = p.pos;
            try {
                declaration(index, declared);
            } catch (Parser.SyntaxError e) {
                // as clang: the rest of this declaration is skipped, the definition goes on
                while (!p.atEof() && !p.at("{") && !p.consume(";")) p.pos++;
                if (p.pos == start) p.pos++;
            }
        }
        // clang reports the parameters the list left out last to first
        for (int i = ids.size() - 1; i >= 0; i--) {
            if (declared[i] != null || !p.language.c99()) continue;
            diags.defaultError(
                    ids.get(i).loc(),
                    "parameter '" + ids.get(i).name().text
                            + "' was not declared, defaults to 'int'; ISO C99 and later do not support implicit int",
                    "-Wimplicit-int");
        }
        if (implicitInt) p.decls.implicitInt(d.loc());
        List<Type> types = new ArrayList<>();
        List<ParamDecl> params = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            Token id = ids.get(i).name();
            Var v = declared[i] != null ? declared[i] : new Var(id.text, Type.INT, id.loc, true);
            types.add(v.type);
            params.add(new ParamDecl(v.type, id, v.loc, v));
        }
        Type ft = Type.func(d.type().base, types, false, true);
        Declarator def = new Declarator(ft, d.name(), params, d.loc(), d.attrs(), d.asmLabel());
        Var before = p.fileScopeFunction(d.name().text);
        Type prior = before == null ? null : before.type;
        if (prior != null && !prior.oldStyle) {
            // with a prototype before it, clang says so as it merges the two, before the body
            deprecated(d.name().loc);
            promotedParameters(before, prior, params);
        }
        p.externals.functionDefinition(def, attr);
        // (clang says it again after a definition its prototype refused: conflicting types)
        if (prior == null || prior.oldStyle || !before.isDefined) {
            deprecated(d.name().loc);
            if (prior != null && prior.params.isEmpty() && !before.implicitDecl)
                diags.warning(
                        before.loc,
                        "a function declaration without a prototype is deprecated in all versions of C and is treated as a "
                                + "zero-parameter prototype in C23, conflicting with a subsequent definition",
                        "-Wdeprecated-non-prototype");
        }
    }

    /** One declaration of the list: each declarator names a parameter of the identifier list. */
    private void declaration(Map<String, Integer> index, Var[] declared) {
        Attr pa = new Attr();
        Type base = p.decls.declspec(pa);
        boolean implicit = p.decls.implicitInt;
        if (pa.storageTok != null && pa.storage != Var.Storage.REGISTER)
            diags.error(pa.storageTok.loc, "invalid storage class specifier in function declarator");
        if (p.consume(";")) return;
        while (true) {
            Declarator pd = p.declarators.namedDeclarator(base, "expected identifier or '('");
            if (implicit) p.decls.implicitInt(pd.loc());
            Token name = pd.name();
            Integer i = index.get(name.text);
            if (i == null) {
                diags.error(name.loc, "parameter named '" + name.text + "' is missing");
            } else if (declared[i] != null) {
                diags.error(name.loc, "redefinition of parameter '" + name.text + "'");
                diags.note(declared[i].loc, "previous declaration is here");
            } else {
                Var v = new Var(name.text, adjusted(pd.type()), name.loc, true);
                p.gnuAttrs.applyToVar(v, pa, pd, true);
                declared[i] = v;
            }
            if (p.consume(",")) continue;
            p.expectAfter(";", "at end of declaration");
            return;
        }
    }

    private void deprecated(SourceLocation at) {
        diags.warning(
                at,
                "a function definition without a prototype is deprecated in all versions of C and is not supported in C23",
                "-Wdeprecated-non-prototype");
    }

    /** -Wknr-promoted-parameter: a prototype's parameter type that the declared one's promotion does not match. */
    private void promotedParameters(Var fn, Type proto, List<ParamDecl> params) {
        if (proto.params.size() != params.size()) return;
        List<ParamDecl> protoDecls = p.paramDecls.get(fn);
        for (int i = 0; i < params.size(); i++) {
            Type declared = params.get(i).type(),
                    promoted = Types.defaultArgPromote(declared),
                    pt = proto.params.get(i).unqualified();
            if (Types.compatibleUnqualified(pt, promoted) || !Types.compatibleUnqualified(pt, declared.unqualified()))
                continue;
            diags.warning(
                    params.get(i).loc(),
                    "promoted type " + TypePrinter.quoteAka(promoted)
                            + " of K&R function parameter is not compatible with the parameter type "
                            + TypePrinter.quoteAka(pt) + " declared in a previous prototype",
                    "-Wknr-promoted-parameter");
            if (protoDecls != null && i < protoDecls.size())
                diags.note(protoDecls.get(i).loc(), "previous declaration is here");
        }
    }

    /** A parameter's type as the function sees it (6.7.6.3p7-8): arrays and functions become pointers. */
    private static Type adjusted(Type t) {
        if (t.isArray()) return Type.pointerTo(t.base).qualified(t.quals);
        if (t.isFunction()) return Type.pointerTo(t);
        return t;
    }
}
