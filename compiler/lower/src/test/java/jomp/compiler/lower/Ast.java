package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.type.Type;

/** A small builder for checked ASTs, standing in for the parser in lowering unit tests. */
final class Ast {
    static final SourceLocation L = SourceLocation.of(new SourceFile("t.c", "x\n"), 0);
    static final Type CHARP = Type.pointerTo(Type.CHAR);
    static final Type PRINTF = Type.func(Type.INT, List.of(CHARP), true, false);

    final List<TranslationUnit.TopLevel> items = new ArrayList<>();
    final List<Var> globals = new ArrayList<>();
    List<Var> locals = new ArrayList<>();

    TranslationUnit unit() {
        return new TranslationUnit(items, globals);
    }

    Var global(String name, Type t) {
        Var v = new Var(name, t, L, false);
        globals.add(v);
        return v;
    }

    Var local(String name, Type t) {
        Var v = new Var(name, t, L, true);
        locals.add(v);
        return v;
    }

    Var param(String name, Type t, int index) {
        Var v = new Var(name, t, L, true);
        v.paramIndex = index;
        return v;
    }

    void function(Var f, List<Var> params, Stmt... body) {
        f.isDefined = true;
        items.add(new TranslationUnit.Function(f, params, new Stmt.Compound(List.of(body), L), locals, L));
        locals = new ArrayList<>();
    }

    static Expr i(long v) {
        return new Expr.IntLit(v, Type.INT, L);
    }

    static Expr l(long v) {
        return new Expr.IntLit(v, Type.LONG, L);
    }

    static Expr d(double v) {
        return new Expr.FloatLit(v, Type.DOUBLE, L);
    }

    static Expr ref(Var v) {
        return new Expr.VarRef(v, v.type, L);
    }

    static Expr cast(Expr e, Type t) {
        return new Expr.Cast(e, t, true, L);
    }

    static Expr bin(Expr.Binary.Op op, Expr a, Expr b, Type t) {
        return new Expr.Binary(op, a, b, t, L);
    }

    static Expr assign(Expr target, Expr value) {
        return new Expr.Assign(target, value, target.type().unqualified(), L);
    }

    static Expr decay(Expr e) {
        return new Expr.Decay(e, Type.pointerTo(e.type().isFunction() ? e.type() : e.type().base), L);
    }

    static Expr deref(Expr p) {
        return new Expr.Unary(Expr.Unary.Op.DEREF, p, p.type().base, L);
    }

    static Expr addr(Expr e) {
        return new Expr.Unary(Expr.Unary.Op.ADDR, e, Type.pointerTo(e.type()), L);
    }

    static Expr str(String s) {
        byte[] b = (s + "\0").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return new Expr.StrLit(b, Type.arrayOf(Type.CHAR, b.length), L);
    }

    static Expr call(Var f, Expr... args) {
        return new Expr.Call(decay(ref(f)), List.of(args), f.type, f, f.type.base, L);
    }

    static Stmt expr(Expr e) {
        return new Stmt.ExprStmt(e, L);
    }

    static Stmt ret(Expr e) {
        return new Stmt.Return(e, L);
    }

    static Stmt decl(Var v, Expr init) {
        Initializer in =
                init == null ? null : new Initializer(v.type, List.of(new Initializer.Item(0, v.type, init, null)));
        return new Stmt.Decl(List.of(new Stmt.LocalVar(v, in, L)), L);
    }

    static Stmt block(Stmt... s) {
        return new Stmt.Compound(List.of(s), L);
    }
}
