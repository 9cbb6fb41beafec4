package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.ParamDecl;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * A function call checked against the called function's type (C11 6.5.2.2), with clang's
 * diagnostics: the callee, the number of arguments, the warnings for a function without a
 * prototype, each argument converted to its parameter's type or default-promoted, and the
 * return type. Part of the parser, for {@link Expressions} and {@link BuiltinCalls}.
 */
final class FunctionCalls {
    private final Parser p;
    private final Diagnostics diags;
    private final Sema sema;

    FunctionCalls(Parser p) {
        this.p = p;
        this.diags = p.diags;
        this.sema = p.sema;
    }

    /** A call of fn with the arguments as written: checked and converted as C11 6.5.2.2 says. */
    Expr check(Expr fn, List<Expr> written, Token open, Token close) {
        List<Expr> args = new ArrayList<>();
        if (fn.type() == Parser.ERROR) return error(fn);
        Expr callee = p.exprs.rvalue(fn);
        Type ct = callee.type();
        if (!(ct.isPointer() && ct.base.isFunction())) {
            diags.error(
                    open.loc,
                    "called object type " + TypePrinter.quoteAka(Expressions.origType(callee))
                            + " is not a function or function pointer");
            return error(fn);
        }
        Type ft = ct.base;
        Var direct = fn instanceof Expr.VarRef v && v.var().isFunction() ? v.var() : null;
        if (!ft.oldStyle && !argumentCount(ft, direct, written, close)) return error(fn);
        if (ft.oldStyle) withoutPrototype(ft, direct, written.size(), open, close);
        for (int i = 0; i < written.size(); i++) {
            Expr a = argument(ft, direct, written.get(i), i);
            if (a == null) return error(fn);
            args.add(a);
        }
        if (direct != null) sema.checkFormat(direct.name, written, args, ft);
        Type ret = ft.base.unqualified();
        if (!ret.isVoid() && !ret.isComplete()) {
            diags.error(fn.loc(), "calling function with incomplete return type '" + ret + "'");
            return error(fn);
        }
        return new Expr.Call(callee, args, ft, direct, ret, fn.loc());
    }

    private static Expr error(Expr fn) {
        return new Expr.IntLit(0, Parser.ERROR, fn.loc());
    }

    /** A prototype's number of arguments (at least, when variadic); reports clang's error and gives false if wrong. */
    private boolean argumentCount(Type ft, Var direct, List<Expr> written, Token close) {
        int np = ft.params.size(), na = written.size();
        boolean few = na < np;
        if (!few && (na == np || ft.variadic)) return true;
        List<ParamDecl> pds = direct == null ? null : p.paramDecls.get(direct);
        String single = np == 1 && pds != null && pds.size() == 1 && pds.get(0).name() != null
                ? pds.get(0).name().text
                : null;
        String msg;
        if (single != null && !ft.variadic)
            msg = few
                    ? "too few arguments to function call, single argument '" + single + "' was not specified"
                    : "too many arguments to function call, expected single argument '" + single + "', have " + na
                            + " arguments";
        else
            msg = (few ? "too few" : "too many") + " arguments to function call, expected "
                    + (ft.variadic ? "at least " : "") + np + ", have " + na;
        diags.error(few ? close.loc : written.get(np).loc(), msg);
        if (direct != null) diags.note(direct.loc, "'" + direct.name + "' declared here");
        return false;
    }

    /** The warnings for na arguments passed to a function without a prototype (ft). */
    private void withoutPrototype(Type ft, Var direct, int na, Token open, Token close) {
        int np = ft.params.size();
        if (np > 0 && na != np && direct != null && direct.isDefined && direct != p.currentFn) {
            // a K&R definition: clang checks the number against it, as a warning
            diags.warning(
                    close.loc, (na < np ? "too few" : "too many") + " arguments in call to '" + direct.name + "'");
        } else if (np == 0
                && na > 0
                && (direct == null
                        || !direct.implicitDecl
                                && (direct.loc == null || !direct.loc.file().isSystem()))) {
            diags.warning(
                    open.loc,
                    "passing arguments to " + (direct == null ? "a function" : "'" + direct.name + "'")
                            + " without a prototype is deprecated in all versions of C and is not supported in C23",
                    "-Wdeprecated-non-prototype");
        }
    }

    /** The argument written i-th, converted as it is passed; null after an error that drops the call. */
    private Expr argument(Type ft, Var direct, Expr written, int i) {
        Expr a = p.exprs.rvalue(written);
        if (a.type() == Parser.ERROR) return null;
        int np = ft.params.size();
        if (i < np && ft.oldStyle) {
            // a K&R definition's parameter: converted to its declared type (clang checks it so), then
            // passed promoted, as every call of a function without a prototype passes its arguments
            Expr c = sema.assignConvert(a, ft.params.get(i).unqualified(), Sema.Context.PASS, written.loc(), written);
            return c.type() == Parser.ERROR ? c : sema.convert(c, Types.defaultArgPromote(c.type()));
        }
        if (i < np) return prototyped(a, ft.params.get(i).unqualified(), direct, written, i);
        if (a.type().isVoid()) {
            diags.error(a.loc(), "argument type 'void' is incomplete");
            return null;
        }
        Expr promoted = sema.promoteBitField(a);
        return sema.convert(promoted, Types.defaultArgPromote(promoted.type()));
    }

    /** Argument a (written) for parameter i of type pt, as if assigned; a diagnostic gets a note at the parameter. */
    private Expr prototyped(Expr a, Type pt, Var direct, Expr written, int i) {
        int before = diags.errorCount() + diags.warningCount();
        Expr tu = TransparentUnion.argument(p, a, pt);
        Expr arg = tu != null ? tu : sema.assignConvert(a, pt, Sema.Context.PASS, written.loc(), written);
        List<ParamDecl> pds = direct == null ? null : p.paramDecls.get(direct);
        if (diags.errorCount() + diags.warningCount() != before
                && pds != null
                && i < pds.size()
                && pds.get(i).name() != null)
            diags.note(
                    pds.get(i).name().loc,
                    "passing argument to parameter '" + pds.get(i).name().text + "' here");
        return arg;
    }
}
