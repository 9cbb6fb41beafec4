package jomp.compiler.parse;

import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;

/**
 * The operators on GCC vectors ({@code vector_size} types), as gcc's C front end types them:
 * arithmetic, bitwise, shift and comparison operators element by element between two vectors of
 * one type, or a vector and a scalar (converted to the element type, as if repeated in every
 * element); unary {@code -}, {@code +}, {@code ~}; comparisons give a vector of signed integers of
 * the elements' size holding 0 or -1; {@code v[i]} is an element (an lvalue when v is). Part of
 * the parser, for {@link Expressions}.
 */
final class VectorOps {
    private final Parser p;

    VectorOps(Parser p) {
        this.p = p;
    }

    /**
     * A binary operator with a vector operand (a and b are rvalues), typed as clang's
     * CheckVectorOperands types it: two vectors of one size (the right one read as the left's
     * type), or a vector and a scalar that converts to its element type without truncation (a
     * constant that fits, or a type no wider); an error (reported) otherwise.
     */
    Expr binary(Expr.Binary.Op op, Expr a, Expr b, Token opTok) {
        Expr a0 = a, b0 = b;
        Type at = a.type().unqualified(), bt = b.type().unqualified();
        boolean shift = op == Expr.Binary.Op.SHL || op == Expr.Binary.Op.SHR;
        if (shift) {
            for (Type t : List.of(at, bt)) {
                Type e = t.isVector() ? t.record.vectorElement : t;
                if (!e.isInteger()) {
                    p.diags.error(opTok.loc, "used type " + TypePrinter.quoteAka(t) + " where integer is required");
                    return error(opTok);
                }
            }
            if (at.isVector() && bt.isVector() && at.vectorLength() != bt.vectorLength()) {
                p.diags.error(
                        opTok.loc,
                        "vector operands do not have the same number of elements (" + TypePrinter.quoteAka(at) + " and "
                                + TypePrinter.quoteAka(bt) + ")");
                return error(opTok);
            }
            if (!at.isVector()) a = p.sema.convert(a, bt.record.vectorElement);
            else if (!bt.isVector()) b = p.sema.convert(b, at.record.vectorElement);
            return new Expr.VectorOp(op, null, a, b, at.isVector() ? at : bt, opTok.loc);
        }
        Type vt = at.isVector() ? at : bt;
        if (at.isVector() && bt.isVector()) {
            if (at.record != bt.record) {
                if (at.size() != bt.size()) {
                    p.diags.error(
                            opTok.loc,
                            "cannot convert between vector type " + TypePrinter.quoteAka(bt) + " and vector type "
                                    + TypePrinter.quoteAka(at) + " as implicit conversion would cause truncation");
                    return error(opTok);
                }
                b = new Expr.Cast(b, at, true, b.loc()); // clang's lax conversion: the same bits
            }
        } else {
            Expr s = at.isVector() ? b : a;
            Type st = s.type().unqualified();
            if (!st.isArithmetic() || st.isComplex) {
                p.diags.error(
                        opTok.loc,
                        "cannot convert between vector and non-scalar values (" + TypePrinter.quoteAka(at) + " and "
                                + TypePrinter.quoteAka(bt) + ")");
                return error(opTok);
            }
            if (!splats(s, vt.record.vectorElement)) {
                p.diags.error(
                        opTok.loc,
                        "cannot convert between scalar type " + TypePrinter.quoteAka(st) + " and vector type "
                                + TypePrinter.quoteAka(vt) + " as implicit conversion would cause truncation");
                return error(opTok);
            }
            Expr splat = p.sema.convert(s, vt.record.vectorElement);
            if (at.isVector()) b = splat;
            else a = splat;
        }
        Type elem = vt.record.vectorElement;
        boolean integerOnly = switch (op) {
            case MOD, BITAND, BITOR, BITXOR -> true;
            default -> false;
        };
        if (integerOnly && !elem.isInteger()) {
            p.exprs.invalidOperands(a0, b0, opTok);
            return error(opTok);
        }
        Type result = switch (op) {
            case EQ, NE, LT, LE, GT, GE -> comparisonType(vt);
            default -> vt;
        };
        return new Expr.VectorOp(op, null, a, b, result, opTok.loc);
    }

    /**
     * Does scalar s convert to vector element type e without truncation (clang's rule): a constant
     * that e represents, else an integer no wider than an integer e (not unsigned into signed of
     * the same width), an integer narrower than a floating e, a floating type no wider than e.
     */
    private static boolean splats(Expr s, Type e) {
        Type t = s.type().unqualified();
        if (t.isFloat() && e.isInteger()) return false;
        if (t.isInteger()) {
            Long k = ConstEval.integer(s);
            if (k != null) {
                if (e.isFloat()) return true;
                long size = e.size();
                if (size >= 8) return e.isUnsigned ? k >= 0 || t.isUnsigned : k >= 0 || !t.isUnsigned;
                long min = e.isUnsigned ? 0 : -(1L << (size * 8 - 1)),
                        max = e.isUnsigned ? (1L << (size * 8)) - 1 : (1L << (size * 8 - 1)) - 1;
                return k >= min && k <= max;
            }
            if (e.isFloat()) return t.size() < e.size();
            return t.size() < e.size() || t.size() == e.size() && !(t.isUnsigned && !e.isUnsigned);
        }
        return s instanceof Expr.FloatLit || t.size() <= e.size();
    }

    /** -v, +v, ~v (integer elements only). */
    Expr unary(Expr.Unary.Op op, Expr v, Token opTok) {
        Type t = v.type().unqualified();
        if (op == Expr.Unary.Op.BITNOT && !t.record.vectorElement.isInteger()) {
            p.diags.error(opTok.loc, "invalid argument type " + TypePrinter.quoteAka(t) + " to unary expression");
            return new Expr.IntLit(0, Parser.ERROR, opTok.loc);
        }
        return new Expr.VectorOp(null, op, null, v, t, opTok.loc);
    }

    /** v[i]: the element, through the vector's array member (an lvalue when v is one). */
    Expr element(Expr v, Expr index, Token open) {
        jomp.compiler.type.Member m = v.type().record.members.get(0);
        Type mt = v.type().isConst() ? m.type().qualified(Type.CONST) : m.type();
        return p.exprs.subscript(new Expr.Member(v, m, mt, v.loc()), index, open);
    }

    /** The vector of signed integers of the element size that a comparison of vectors of type t gives. */
    static Type comparisonType(Type t) {
        Type e = t.record.vectorElement;
        Type ie = switch ((int) e.size()) {
            case 1 -> Type.SCHAR;
            case 2 -> Type.SHORT;
            case 4 -> Type.INT;
            case 8 -> Type.LONG;
            default -> Type.INT128;
        };
        return GnuAttributes.vectorType(ie, t.size(), t.align());
    }

    /**
     * An explicit cast to or from a vector type: between vectors (and integers or doubles) of the
     * same size it keeps the bits, as gcc's does; null when neither side is a vector.
     */
    Expr cast(Expr r, Type to, jomp.compiler.diag.SourceLocation loc) {
        Type from = r.type().unqualified();
        if (!from.isVector() && !to.isVector()) return null;
        if (from.isVector() && to.isVector() && from.record == to.record) return r;
        Type scalar = from.isVector() ? to : from;
        boolean ok = from.size() == to.size() && (scalar.isVector() || scalar.isInteger() || scalar.isFloat());
        if (!ok || scalar.isComplex) {
            p.diags.error(
                    loc,
                    "invalid conversion between vector type " + TypePrinter.quoteAka(to.isVector() ? to : from)
                            + " and " + (scalar.isVector() ? "" : scalar.isInteger() ? "integer type " : "scalar type ")
                            + TypePrinter.quoteAka(scalar.isVector() ? from : scalar) + " of different size");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        return new Expr.Cast(r, to, false, loc);
    }

    private static Expr error(Token opTok) {
        return new Expr.IntLit(0, Parser.ERROR, opTok.loc);
    }

    /**
     * {@code __builtin_shufflevector(a, b, i...)}: the vector of a's and b's elements chosen by
     * the constant indices (b's numbered after a's; -1: any value, here 0), as a statement
     * expression that evaluates a and b once into temporaries.
     */
    Expr shuffle(Token kw) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        Expr a = p.exprs.rvalue(p.exprs.assign());
        p.expect(",");
        Expr b = p.exprs.rvalue(p.exprs.assign());
        List<Expr> indices = new java.util.ArrayList<>();
        while (p.consume(",")) indices.add(p.exprs.rvalue(p.exprs.assign()));
        p.expectClose(")", open);
        if (a.type() == Parser.ERROR || b.type() == Parser.ERROR) return error(kw);
        Type at = a.type().unqualified(), bt = b.type().unqualified();
        if (!at.isVector() || !bt.isVector())
            return fail(kw, "first two arguments to '__builtin_shufflevector' must be vectors");
        if (at.record != bt.record)
            return fail(kw, "first two arguments to '__builtin_shufflevector' must have the same type");
        long n = at.vectorLength();
        Type e = at.record.vectorElement;
        long[] picks = new long[indices.size()];
        for (int i = 0; i < picks.length; i++) {
            Long k = jomp.compiler.sema.ConstEval.integer(indices.get(i));
            if (k == null) return fail(kw, "index for __builtin_shufflevector must be a constant integer");
            if (k >= 2 * n || k < -1)
                return fail(
                        kw, "index for __builtin_shufflevector must be less than the total number of vector elements");
            picks[i] = k;
        }
        long size = picks.length * e.size();
        Type result = GnuAttributes.vectorType(e, size, (int) size);
        jomp.compiler.ast.Var va = temporary(at, kw), vb = temporary(bt, kw);
        List<jomp.compiler.ast.Initializer.Item> items = new java.util.ArrayList<>();
        for (int i = 0; i < picks.length; i++) {
            if (picks[i] < 0) continue;
            jomp.compiler.ast.Var from = picks[i] < n ? va : vb;
            items.add(new jomp.compiler.ast.Initializer.Item(i * e.size(), e, lane(from, picks[i] % n, kw), null));
        }
        return temporaries(List.of(va, vb), List.of(a, b), result, items, kw);
    }

    /**
     * gcc's {@code __builtin_shuffle(a, mask)} and {@code __builtin_shuffle(a, b, mask)}: element i
     * is element mask[i] of a (of a's then b's), the index taken modulo the number of elements (its
     * low bits: vector lengths are powers of two); the mask may vary at run time. The operands are
     * evaluated once into temporaries (a and b together in one vector of twice the length).
     */
    Expr gccShuffle(Token kw) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        List<Expr> args = new java.util.ArrayList<>();
        do args.add(p.exprs.rvalue(p.exprs.assign()));
        while (p.consume(","));
        p.expectClose(")", open);
        for (Expr a : args) if (a.type() == Parser.ERROR) return error(kw);
        if (args.size() < 2 || args.size() > 3) return fail(kw, "wrong number of arguments to '__builtin_shuffle'");
        Expr a = args.get(0), b = args.size() == 3 ? args.get(1) : null, mask = args.get(args.size() - 1);
        Type at = a.type().unqualified(), mt = mask.type().unqualified();
        if (!at.isVector() || b != null && !b.type().unqualified().isVector())
            return fail(kw, "'__builtin_shuffle' arguments must be vectors");
        if (b != null && b.type().unqualified().record != at.record)
            return fail(kw, "'__builtin_shuffle' argument vectors must be of the same type");
        if (!mt.isVector() || !mt.record.vectorElement.isInteger())
            return fail(kw, "'__builtin_shuffle' last argument must be an integer vector");
        long n = at.vectorLength();
        if (mt.vectorLength() != n)
            return fail(
                    kw,
                    "'__builtin_shuffle' number of elements of the argument vector(s) and the mask vector should be"
                            + " the same");
        Type e = at.record.vectorElement;
        List<jomp.compiler.ast.Var> vars = new java.util.ArrayList<>();
        List<jomp.compiler.ast.Initializer> inits = new java.util.ArrayList<>();
        jomp.compiler.ast.Var va = temporary(at, kw), vm = temporary(mt, kw), from = va;
        vars.add(va);
        inits.add(whole(at, a));
        vars.add(vm);
        inits.add(whole(mt, mask));
        if (b != null) {
            jomp.compiler.ast.Var vb = temporary(at, kw);
            vars.add(vb);
            inits.add(whole(at, b));
            Type both = GnuAttributes.vectorType(e, 2 * at.size(), (int) Math.min(2 * at.size(), 64));
            from = temporary(both, kw);
            List<jomp.compiler.ast.Initializer.Item> lanes = new java.util.ArrayList<>();
            for (long i = 0; i < 2 * n; i++)
                lanes.add(new jomp.compiler.ast.Initializer.Item(
                        i * e.size(), e, lane(i < n ? va : vb, i % n, kw), null));
            vars.add(from);
            inits.add(new jomp.compiler.ast.Initializer(both, lanes));
        }
        long count = b == null ? n : 2 * n;
        List<jomp.compiler.ast.Initializer.Item> items = new java.util.ArrayList<>();
        for (long i = 0; i < n; i++) {
            Expr index = new Expr.Binary(
                    Expr.Binary.Op.BITAND,
                    p.sema.convert(lane(vm, i, kw), Type.LONG),
                    new Expr.IntLit(count - 1, Type.LONG, kw.loc),
                    Type.LONG,
                    kw.loc);
            Expr pick = p.exprs.rvalue(element(new Expr.VarRef(from, from.type, kw.loc), index, kw));
            items.add(new jomp.compiler.ast.Initializer.Item(i * e.size(), e, pick, null));
        }
        List<jomp.compiler.ast.Stmt.LocalVar> decls = new java.util.ArrayList<>();
        for (int i = 0; i < vars.size(); i++)
            decls.add(new jomp.compiler.ast.Stmt.LocalVar(vars.get(i), inits.get(i), kw.loc));
        jomp.compiler.ast.Var r = p.decls.syntheticLocal(at, kw.loc);
        Expr literal = new Expr.CompoundLiteral(r, new jomp.compiler.ast.Initializer(at, items), at, kw.loc);
        jomp.compiler.ast.Stmt.Compound body =
                new jomp.compiler.ast.Stmt.Compound(List.of(new jomp.compiler.ast.Stmt.Decl(decls, kw.loc)), kw.loc);
        return new Expr.StmtExpr(body, literal, at, kw.loc);
    }

    private static jomp.compiler.ast.Initializer whole(Type t, Expr v) {
        return new jomp.compiler.ast.Initializer(t, List.of(new jomp.compiler.ast.Initializer.Item(0, t, v, null)));
    }

    /** {@code __builtin_convertvector(v, T)}: each element converted to T's element type (as C converts). */
    Expr convert(Token kw) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        Expr v = p.exprs.rvalue(p.exprs.assign());
        p.expect(",");
        Type to = p.declarators.typeName().unqualified();
        p.expectClose(")", open);
        if (v.type() == Parser.ERROR) return error(kw);
        Type from = v.type().unqualified();
        if (!from.isVector()) return fail(kw, "first argument to __builtin_convertvector must be a vector");
        if (!to.isVector()) return fail(kw, "second argument to __builtin_convertvector must be of vector type");
        if (from.vectorLength() != to.vectorLength())
            return fail(kw, "first two arguments to __builtin_convertvector must have the same number of elements");
        jomp.compiler.ast.Var t = temporary(from, kw);
        Type e = to.record.vectorElement;
        List<jomp.compiler.ast.Initializer.Item> items = new java.util.ArrayList<>();
        for (long i = 0; i < to.vectorLength(); i++)
            items.add(new jomp.compiler.ast.Initializer.Item(i * e.size(), e, p.sema.convert(lane(t, i, kw), e), null));
        return temporaries(List.of(t), List.of(v), to, items, kw);
    }

    private Expr fail(Token kw, String message) {
        p.diags.error(kw.loc, message);
        return error(kw);
    }

    private jomp.compiler.ast.Var temporary(Type t, Token kw) {
        jomp.compiler.ast.Var v = p.decls.syntheticLocal(t, kw.loc);
        v.used = true;
        return v;
    }

    /** Element i of the temporary v, as an rvalue. */
    private Expr lane(jomp.compiler.ast.Var v, long i, Token kw) {
        Expr e = element(new Expr.VarRef(v, v.type, kw.loc), new Expr.IntLit(i, Type.LONG, kw.loc), kw);
        return p.exprs.rvalue(e);
    }

    /** ({ T1 v1 = e1; ...; (result){items}; }): the operands once, then the result built from them. */
    private Expr temporaries(
            List<jomp.compiler.ast.Var> vars,
            List<Expr> values,
            Type result,
            List<jomp.compiler.ast.Initializer.Item> items,
            Token kw) {
        List<jomp.compiler.ast.Stmt.LocalVar> decls = new java.util.ArrayList<>();
        for (int i = 0; i < vars.size(); i++) {
            jomp.compiler.ast.Var v = vars.get(i);
            decls.add(new jomp.compiler.ast.Stmt.LocalVar(
                    v,
                    new jomp.compiler.ast.Initializer(
                            v.type, List.of(new jomp.compiler.ast.Initializer.Item(0, v.type, values.get(i), null))),
                    kw.loc));
        }
        jomp.compiler.ast.Var r = p.decls.syntheticLocal(result, kw.loc);
        Expr literal = new Expr.CompoundLiteral(r, new jomp.compiler.ast.Initializer(result, items), result, kw.loc);
        jomp.compiler.ast.Stmt.Compound body =
                new jomp.compiler.ast.Stmt.Compound(List.of(new jomp.compiler.ast.Stmt.Decl(decls, kw.loc)), kw.loc);
        return new Expr.StmtExpr(body, literal, result, kw.loc);
    }
}
