package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.ast.Var;
import jomp.compiler.ast.Vla;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.SyntaxError;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.sema.Int128Const;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * Expressions (C11 6.5.2-6.5.17): postfix, unary, cast, binary operators by precedence, conditional,
 * assignment and comma; each operator is checked and its implicit conversions made explicit.
 * Part of the parser: shares {@link Parser}'s token cursor, scopes and function state.
 */
final class Expressions {
    private final Parser p;
    private final Diagnostics diags;
    private final Sema sema;

    Expressions(Parser p) {
        this.p = p;
        this.diags = p.diags;
        this.sema = p.sema;
    }

    /** Lvalue conversion's visible part: arrays and functions decay to pointers. */
    Expr rvalue(Expr e) {
        Type t = e.type();
        if (t.kind == Type.Kind.ARRAY || t.kind == Type.Kind.VLA) {
            markAddressTaken(e);
            return new Expr.Decay(e, Type.pointerTo(t.base), e.loc());
        }
        if (t.kind == Type.Kind.FUNC) return new Expr.Decay(e, Type.pointerTo(t), e.loc());
        return e;
    }

    static Type rvalueType(Expr e) {
        return e.type();
    }

    private static void markAddressTaken(Expr e) {
        while (true) {
            switch (e) {
                case Expr.VarRef v -> {
                    v.var().addressTaken = true;
                    return;
                }
                case Expr.Member m -> e = m.base();
                case Expr.CompoundLiteral c -> {
                    c.var().addressTaken = true;
                    return;
                }
                default -> {
                    return;
                }
            }
        }
    }

    Expr expr() {
        if (typoDepth++ == 0) pendingTypos = new ArrayList<>();
        try {
            return commaExpr();
        } finally {
            if (--typoDepth == 0) flushTypos();
        }
    }

    private Expr commaExpr() {
        Expr e = assign();
        while (p.at(",")) {
            Token op = p.next();
            Expr r = assign();
            Expr rr = rvalue(r);
            e = new Expr.Binary(Expr.Binary.Op.COMMA, rvalue(e), rr, rr.type().unqualified(), op.loc);
        }
        return e;
    }

    Expr assign() {
        if (typoDepth++ == 0) pendingTypos = new ArrayList<>();
        try {
            return assignment();
        } finally {
            if (--typoDepth == 0) flushTypos();
        }
    }

    // ---- undeclared identifiers: like clang's delayed typo correction, reported at the end of the full expression
    // ----
    record Typo(Token name, String fix) {}

    private int typoDepth;
    private final OnePastEnd onePastEnd = new OnePastEnd();
    List<Typo> pendingTypos;

    /** Reports the undeclared identifiers of a full expression; clang suggests names only if every one has a suggestion. */
    private void flushTypos() {
        List<Typo> ts = pendingTypos;
        pendingTypos = null;
        if (ts == null || ts.isEmpty()) return;
        boolean all = true;
        for (Typo t : ts) all &= t.fix != null;
        for (Typo t : ts) reportUndeclared(t.name, all ? t.fix : null);
    }

    void reportUndeclared(Token t, String fix) {
        if (fix == null) {
            diags.error(t.loc, "use of undeclared identifier '" + t.text + "'");
            return;
        }
        diags.error(t.loc, "use of undeclared identifier '" + t.text + "'; did you mean '" + fix + "'?");
        SourceLocation at = Parser.locOf(p.lookup(fix));
        if (at != null) diags.note(at, "'" + fix + "' declared here");
    }

    private Expr assignment() {
        Expr lhs = conditional();
        Token t = p.tok();
        if (t.kind != Token.Kind.PUNCT) return lhs;
        Expr.Binary.Op op = switch (t.text) {
            case "=" -> null;
            case "+=" -> Expr.Binary.Op.ADD;
            case "-=" -> Expr.Binary.Op.SUB;
            case "*=" -> Expr.Binary.Op.MUL;
            case "/=" -> Expr.Binary.Op.DIV;
            case "%=" -> Expr.Binary.Op.MOD;
            case "<<=" -> Expr.Binary.Op.SHL;
            case ">>=" -> Expr.Binary.Op.SHR;
            case "&=" -> Expr.Binary.Op.BITAND;
            case "|=" -> Expr.Binary.Op.BITOR;
            case "^=" -> Expr.Binary.Op.BITXOR;
            default -> Expr.Binary.Op.COMMA; // not an assignment operator
        };
        if (op == Expr.Binary.Op.COMMA) return lhs;
        p.pos++;
        Expr rhs = assign();
        if (!checkAssignable(lhs, t)) return new Expr.IntLit(0, Parser.ERROR, t.loc);
        Type lt = lhs.type().unqualified();
        Expr r = rvalue(rhs);
        if (r.type() == Parser.ERROR) return new Expr.IntLit(0, Parser.ERROR, t.loc);
        if (op == null) {
            Expr v = sema.assignConvert(r, lt, Sema.Context.ASSIGN, t.loc, rhs);
            return new Expr.Assign(lhs, v, lt, t.loc);
        }
        // compound assignment: lhs op= rhs is lhs = (T)(lhs op rhs) with lhs evaluated once
        if (r.type().isVector() && !lt.isVector()) {
            diags.error(
                    t.loc,
                    "assigning to " + TypePrinter.quoteAka(lt) + " from incompatible type "
                            + TypePrinter.quoteAka(r.type(), lt));
            return new Expr.IntLit(0, Parser.ERROR, t.loc);
        }
        // a bit-field narrower than int takes part as an int (its promotion), as in lhs = lhs op rhs
        Type placeholder = Sema.bitFieldFitsInt(lhs) ? Type.INT : lt;
        Expr probe = arith(op, new Expr.VarRef(null, placeholder, lhs.loc()), r, t, true);
        if (probe.type() == Parser.ERROR) return probe;
        if (probe instanceof Expr.VectorOp v) return new Expr.CompoundAssign(op, lhs, v.right(), lt, lt, t.loc);
        if (lt.isPointer()) {
            Expr off = ((Expr.Binary) probe).right();
            return new Expr.CompoundAssign(op, lhs, off, lt, lt, t.loc);
        }
        Expr.Binary b = (Expr.Binary) probe;
        Type opType = b.left().type();
        return new Expr.CompoundAssign(op, lhs, b.right(), opType, lt, t.loc);
    }

    /** Is e a modifiable lvalue? Reports clang's error at the operator otherwise. */
    boolean checkAssignable(Expr e, Token op) {
        if (e.type() == Parser.ERROR) return false;
        if (!Expr.isLvalue(e)) {
            diags.error(op.loc, "expression is not assignable");
            return false;
        }
        Type t = e.type();
        if (t.isArray()) {
            diags.error(op.loc, "array type '" + t + "' is not assignable");
            return false;
        }
        if (t.isConst()) {
            if (e instanceof Expr.VarRef v) {
                diags.error(
                        op.loc,
                        "cannot assign to variable '" + v.var().name + "' with const-qualified type "
                                + TypePrinter.quoteAka(t));
                diags.note(v.var().loc, "variable '" + v.var().name + "' declared const here");
            } else {
                diags.error(op.loc, "read-only variable is not assignable");
            }
            return false;
        }
        if (t.isStructOrUnion() && hasConstMember(t)) {
            diags.error(
                    op.loc,
                    "cannot assign to " + (e instanceof Expr.VarRef v ? "variable '" + v.var().name + "'" : "lvalue")
                            + " with const-qualified data member");
            return false;
        }
        if (!t.isComplete() && !t.isArray()) {
            diags.error(op.loc, "incomplete type '" + t + "' is not assignable");
            return false;
        }
        return true;
    }

    private static boolean hasConstMember(Type t) {
        for (Member m : t.members())
            if (m.type().isConst() || m.type().isStructOrUnion() && hasConstMember(m.type())) return true;
        return false;
    }

    Expr conditional() {
        Expr c = logor();
        if (!p.at("?")) return c;
        Token q = p.next();
        Expr cond = p.stmts.condition(
                c, "used type '" + rvalue(c).type() + "' where arithmetic or pointer type is required");
        Expr a = p.at(":") ? cond : expr(); // GNU a ?: b
        if (!p.consume(":")) {
            diags.error(p.tok().loc, "expected ':'");
            diags.note(q.loc, "to match this '?'");
            conditional(); // reports "expected expression" where clang does
            throw new SyntaxError();
        }
        Expr b = conditional();
        return sema.conditional(cond, rvalue(a), rvalue(b), q.loc);
    }

    private Expr logor() {
        Expr e = logand();
        while (p.at("||")) {
            Token op = p.next();
            e = logical(Expr.Binary.Op.LOGOR, e, logand(), op);
        }
        return e;
    }

    private Expr logand() {
        Expr e = bitor();
        while (p.at("&&")) {
            Token op = p.next();
            e = logical(Expr.Binary.Op.LOGAND, e, bitor(), op);
        }
        return e;
    }

    private Expr logical(Expr.Binary.Op op, Expr l, Expr r, Token opTok) {
        Expr a = rvalue(l), b = rvalue(r);
        if (a.type() == Parser.ERROR || b.type() == Parser.ERROR) return new Expr.IntLit(0, Parser.ERROR, opTok.loc);
        if (a.type().isVector() || b.type().isVector()) {
            diags.error(
                    opTok.loc,
                    "logical expression with vector types " + TypePrinter.quoteAka(a.type()) + " and "
                            + TypePrinter.quoteAka(b.type(), a.type()) + " is only supported in C++");
            return new Expr.IntLit(0, Parser.ERROR, opTok.loc);
        }
        if (!a.type().isScalar() || !b.type().isScalar()) return invalidOperands(a, b, opTok);
        return new Expr.Binary(op, a, b, Type.INT, opTok.loc);
    }

    private Expr bitor() {
        Expr e = bitxor();
        while (p.at("|")) {
            Token op = p.next();
            e = arith(Expr.Binary.Op.BITOR, e, bitxor(), op, false);
        }
        return e;
    }

    private Expr bitxor() {
        Expr e = bitand();
        while (p.at("^")) {
            Token op = p.next();
            e = arith(Expr.Binary.Op.BITXOR, e, bitand(), op, false);
        }
        return e;
    }

    private Expr bitand() {
        Expr e = equality();
        while (p.at("&")) {
            Token op = p.next();
            e = arith(Expr.Binary.Op.BITAND, e, equality(), op, false);
        }
        return e;
    }

    private Expr equality() {
        Expr e = relational();
        while (true) {
            if (p.at("==")) {
                Token op = p.next();
                e = compare(Expr.Binary.Op.EQ, e, relational(), op);
            } else if (p.at("!=")) {
                Token op = p.next();
                e = compare(Expr.Binary.Op.NE, e, relational(), op);
            } else return e;
        }
    }

    private Expr relational() {
        Expr e = shift();
        while (true) {
            Expr.Binary.Op op = p.at("<")
                    ? Expr.Binary.Op.LT
                    : p.at("<=")
                            ? Expr.Binary.Op.LE
                            : p.at(">") ? Expr.Binary.Op.GT : p.at(">=") ? Expr.Binary.Op.GE : null;
            if (op == null) return e;
            Token t = p.next();
            e = compare(op, e, shift(), t);
        }
    }

    private Expr shift() {
        Expr e = additive();
        while (true) {
            if (p.at("<<")) {
                Token op = p.next();
                e = arith(Expr.Binary.Op.SHL, e, additive(), op, false);
            } else if (p.at(">>")) {
                Token op = p.next();
                e = arith(Expr.Binary.Op.SHR, e, additive(), op, false);
            } else return e;
        }
    }

    private Expr additive() {
        Expr e = multiplicative();
        while (true) {
            if (p.at("+")) {
                Token op = p.next();
                e = arith(Expr.Binary.Op.ADD, e, multiplicative(), op, false);
            } else if (p.at("-")) {
                Token op = p.next();
                e = arith(Expr.Binary.Op.SUB, e, multiplicative(), op, false);
            } else return e;
        }
    }

    private Expr multiplicative() {
        Expr e = cast();
        while (true) {
            if (p.at("*")) {
                Token op = p.next();
                e = arith(Expr.Binary.Op.MUL, e, cast(), op, false);
            } else if (p.at("/")) {
                Token op = p.next();
                e = arith(Expr.Binary.Op.DIV, e, cast(), op, false);
            } else if (p.at("%")) {
                Token op = p.next();
                e = arith(Expr.Binary.Op.MOD, e, cast(), op, false);
            } else return e;
        }
    }

    Expr invalidOperands(Expr a, Expr b, Token op) {
        diags.error(
                op.loc,
                "invalid operands to binary expression (" + TypePrinter.quoteAka(origType(a)) + " and "
                        + TypePrinter.quoteAka(origType(b), origType(a)) + ")");
        return new Expr.IntLit(0, Parser.ERROR, op.loc);
    }

    /** The type clang names in diagnostics: before array/function decay. */
    static Type origType(Expr e) {
        return e instanceof Expr.Decay d ? d.operand().type() : e.type();
    }

    /**
     * Arithmetic, bitwise and shift operators, with pointer arithmetic scaled to bytes.
     * compound: building op= (the left operand is a placeholder of the target's type).
     */
    Expr arith(Expr.Binary.Op op, Expr l, Expr r, Token opTok, boolean compound) {
        Expr a = rvalue(l), b = rvalue(r);
        Type at = a.type(), bt = b.type();
        SourceLocation loc = opTok.loc;
        if (at == Parser.ERROR || bt == Parser.ERROR) return new Expr.IntLit(0, Parser.ERROR, loc);
        if (at.isVector() || bt.isVector()) return p.vectors.binary(op, a, b, opTok);
        switch (op) {
            case ADD, SUB -> {
                if (at.isArithmetic() && bt.isArithmetic()) return usual(op, a, b, loc);
                if (at.isPointer() && bt.isInteger()) return pointerOffset(op, a, b, loc, opTok);
                if (op == Expr.Binary.Op.ADD && at.isInteger() && bt.isPointer() && !compound)
                    return pointerOffset(op, b, a, loc, opTok);
                if (op == Expr.Binary.Op.SUB && at.isPointer() && bt.isPointer() && !compound) {
                    if (!Types.compatibleUnqualified(at.base.unqualified(), bt.base.unqualified())) {
                        diags.error(loc, "'" + at + "' and '" + bt + "' are not pointers to compatible types");
                        return new Expr.IntLit(0, Parser.ERROR, loc);
                    }
                    Expr diff = new Expr.Binary(Expr.Binary.Op.PTR_DIFF, a, b, Type.LONG, loc);
                    long size = elemSizeForArith(at, opTok);
                    if (size == 1) return diff;
                    return new Expr.Binary(
                            Expr.Binary.Op.DIV, diff, new Expr.IntLit(size, Type.LONG, loc), Type.LONG, loc);
                }
                return invalidOperands(a, b, opTok);
            }
            case MUL, DIV -> {
                if (at.isArithmetic() && bt.isArithmetic()) {
                    if (op == Expr.Binary.Op.DIV && bt.isInteger() && ConstEval.integer(b) instanceof Long z && z == 0)
                        diags.warning(b.loc(), "division by zero is undefined", "-Wdivision-by-zero");
                    return usual(op, a, b, loc);
                }
                return invalidOperands(a, b, opTok);
            }
            case MOD, BITAND, BITOR, BITXOR -> {
                if (at.isInteger() && bt.isInteger()) {
                    if (op == Expr.Binary.Op.MOD && ConstEval.integer(b) instanceof Long z && z == 0)
                        diags.warning(b.loc(), "remainder by zero is undefined", "-Wdivision-by-zero");
                    return usual(op, a, b, loc);
                }
                return invalidOperands(a, b, opTok);
            }
            case SHL, SHR -> {
                if (!at.isInteger() || !bt.isInteger()) return invalidOperands(a, b, opTok);
                a = sema.promoteBitField(a);
                b = sema.promoteBitField(b);
                Type lt = Types.promote(a.type());
                Long n = ConstEval.integer(b);
                if (n != null && b.type().kind == Type.Kind.INT128) // a count past 64 bits: its sign, or past N
                n = Int128Const.eval(b).signum() < 0 ? -1L : Int128Const.eval(b).bitLength() > 62 ? Long.MAX_VALUE : n;
                if (n != null && n < 0) // both at the operator, as clang
                diags.warning(loc, "shift count is negative", "-Wshift-count-negative");
                else if (n != null && n >= Types.width(lt))
                    diags.warning(loc, "shift count >= width of type", "-Wshift-count-overflow");
                return new Expr.Binary(op, sema.convert(a, lt), sema.convert(b, Types.promote(b.type())), lt, loc);
            }
            default -> throw new IllegalStateException(op.toString());
        }
    }

    private Expr usual(Expr.Binary.Op op, Expr l, Expr r, SourceLocation loc) {
        Expr a = sema.promoteBitField(l), b = sema.promoteBitField(r);
        Type t = Types.usualArithmetic(a.type(), b.type());
        return new Expr.Binary(op, sema.convert(a, t), sema.convert(b, t), t, loc);
    }

    private long elemSizeForArith(Type ptr, Token opTok) {
        Type e = ptr.base;
        if (e.isVoid() || e.isFunction()) {
            diags.warning(
                    opTok.loc,
                    "arithmetic on a pointer to " + (e.isVoid() ? "void" : "the function type '" + e + "'")
                            + " is a GNU extension",
                    "-Wgnu-pointer-arith");
            return 1;
        }
        if (!e.isComplete() && e.kind != Type.Kind.VLA) {
            diags.error(opTok.loc, "arithmetic on a pointer to an incomplete type '" + e + "'");
            return 1;
        }
        return e.kind == Type.Kind.VLA ? -1 : e.size();
    }

    /** p + i, p - i: the index becomes a long byte offset. */
    private Expr pointerOffset(Expr.Binary.Op op, Expr p, Expr i, SourceLocation loc, Token opTok) {
        long size = elemSizeForArith(p.type(), opTok);
        Expr idx = sema.convert(i, Type.LONG);
        Expr off;
        if (size == -1)
            off = new Expr.Binary(
                    Expr.Binary.Op.MUL, idx, sema.convert(sizeofExpr(p.type().base, loc), Type.LONG), Type.LONG, loc);
        else if (size == 1) off = idx;
        else off = new Expr.Binary(Expr.Binary.Op.MUL, idx, new Expr.IntLit(size, Type.LONG, loc), Type.LONG, loc);
        return new Expr.Binary(op, p, off, p.type().unqualified(), loc);
    }

    private Expr compare(Expr.Binary.Op op, Expr l, Expr r, Token opTok) {
        Expr a = rvalue(l), b = rvalue(r);
        Type at = a.type(), bt = b.type();
        SourceLocation loc = opTok.loc;
        if (at == Parser.ERROR || bt == Parser.ERROR) return new Expr.IntLit(0, Parser.ERROR, loc);
        if (at.isVector() || bt.isVector()) return p.vectors.binary(op, a, b, opTok);
        boolean eq = op == Expr.Binary.Op.EQ || op == Expr.Binary.Op.NE;
        if (at.isArithmetic() && bt.isArithmetic()) {
            if (!eq && (at.isComplex || bt.isComplex)) return invalidOperands(a, b, opTok);
            a = sema.promoteBitField(a);
            b = sema.promoteBitField(b);
            Type t = Types.usualArithmetic(a.type(), b.type());
            return new Expr.Binary(op, sema.convert(a, t), sema.convert(b, t), Type.INT, loc);
        }
        if (at.isPointer() && bt.isPointer()) {
            Type pa = at.base.unqualified(), pb = bt.base.unqualified();
            if (!Types.compatibleUnqualified(pa, pb) && !(eq && (pa.isVoid() || pb.isVoid()))) {
                if (pa.isVoid() || pb.isVoid()) {
                    /* fine for relational in GNU C */
                } else
                    diags.warning(
                            loc,
                            "comparison of distinct pointer types (" + TypePrinter.quoteAka(at) + " and "
                                    + TypePrinter.quoteAka(bt) + ")",
                            "-Wcompare-distinct-pointer-types");
            }
            return new Expr.Binary(op, a, sema.convert(b, at.unqualified()), Type.INT, loc);
        }
        if (at.isPointer() && bt.isInteger() || at.isInteger() && bt.isPointer()) {
            Expr p = at.isPointer() ? a : b, i = at.isPointer() ? b : a;
            if (!Sema.isNullPointerConstant(i)) {
                diags.warning(
                        loc,
                        "comparison between pointer and integer (" + TypePrinter.quoteAka(at) + " and "
                                + TypePrinter.quoteAka(bt) + ")",
                        "-Wpointer-integer-compare");
            } else if (!eq) {
                diags.warning(
                        loc,
                        "ordered comparison between pointer and zero (" + TypePrinter.quoteAka(at) + " and "
                                + TypePrinter.quoteAka(bt) + ") is an extension",
                        "-Wpedantic");
            }
            Expr ci = sema.convert(i, p.type().unqualified());
            return at.isPointer()
                    ? new Expr.Binary(op, a, ci, Type.INT, loc)
                    : new Expr.Binary(op, ci, b, Type.INT, loc);
        }
        return invalidOperands(a, b, opTok);
    }

    /** cast-expression: (type-name) cast-expression, or a compound literal (type-name){...}. */
    Expr cast() {
        if (p.at("(") && p.typeNameAt(1)) {
            Token open = p.next();
            Type t = p.declarators.typeName();
            p.expectClose(")", open);
            if (p.at("{")) return postfixTail(compoundLiteral(t, open));
            Expr e = cast();
            return explicitCast(e, t, open.loc);
        }
        return unary();
    }

    Expr explicitCast(Expr e, Type t, SourceLocation loc) {
        Expr r = rvalue(e);
        if (r.type() == Parser.ERROR) return new Expr.IntLit(0, Parser.ERROR, loc);
        Type to = t.unqualified();
        Type from = r.type();
        if (to.isVoid()) return new Expr.Cast(r, to, false, loc);
        Expr vector = p.vectors.cast(r, to, loc);
        if (vector != null) return vector;
        if (!to.isScalar()) {
            if (to.isStructOrUnion() && Types.compatibleUnqualified(from, to)) return r;
            diags.error(loc, "used type '" + t + "' where arithmetic or pointer type is required");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        if (!from.isScalar()) {
            diags.error(e.loc(), "operand of type '" + from + "' where arithmetic or pointer type is required");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        if (to.isFloat() && from.isPointer()) {
            diags.error(e.loc(), "pointer cannot be cast to type '" + t + "'");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        if (to.isPointer() && from.isFloat()) {
            diags.error(e.loc(), "operand of type '" + from + "' cannot be cast to a pointer type");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        return new Expr.Cast(r, to, false, loc);
    }

    private Expr compoundLiteral(Type t, Token open) {
        boolean file = p.currentFn == null;
        Var v = p.decls.syntheticLocal(t, open.loc);
        if (t.kind == Type.Kind.VLA) diags.error(open.loc, "compound literal has variable-sized type '" + t + "'");
        Initializer init = p.inits.initializer(t, file);
        v.type = init.type();
        v.addressTaken = true;
        return new Expr.CompoundLiteral(v, init, init.type(), open.loc);
    }

    Expr unary() {
        Token t = p.tok();
        SourceLocation loc = t.loc;
        if (t.kind == Token.Kind.PUNCT) {
            switch (t.text) {
                case "+", "-" -> {
                    p.pos++;
                    Expr e = rvalue(cast());
                    if (e.type() == Parser.ERROR) return e;
                    if (e.type().isVector())
                        return p.vectors.unary(t.text.equals("-") ? Expr.Unary.Op.NEG : Expr.Unary.Op.PLUS, e, t);
                    if (!e.type().isArithmetic()) return invalidUnary(e, loc);
                    e = sema.promoteBitField(e);
                    Type pt = e.type().isInteger()
                            ? Types.promote(e.type())
                            : e.type().unqualified();
                    return new Expr.Unary(
                            t.text.equals("-") ? Expr.Unary.Op.NEG : Expr.Unary.Op.PLUS, sema.convert(e, pt), pt, loc);
                }
                case "~" -> {
                    p.pos++;
                    Expr e = rvalue(cast());
                    if (e.type() == Parser.ERROR) return e;
                    if (e.type().isComplex)
                        return new Expr.Unary(Expr.Unary.Op.BITNOT, e, e.type().unqualified(), loc); // conjugate (GNU)
                    if (e.type().isVector()) return p.vectors.unary(Expr.Unary.Op.BITNOT, e, t);
                    if (!e.type().isInteger()) return invalidUnary(e, loc);
                    e = sema.promoteBitField(e);
                    Type pt = Types.promote(e.type());
                    return new Expr.Unary(Expr.Unary.Op.BITNOT, sema.convert(e, pt), pt, loc);
                }
                case "!" -> {
                    p.pos++;
                    Expr e = rvalue(cast());
                    if (e.type() == Parser.ERROR) return e;
                    if (!e.type().isScalar()) return invalidUnary(e, loc);
                    return new Expr.Unary(Expr.Unary.Op.NOT, e, Type.INT, loc);
                }
                case "&&" -> {
                    if (!p.isIdent(p.peek(1))) break;
                    p.pos++;
                    return new Expr.LabelAddr(p.peek(0).text, p.labelAddress(p.next()), Type.pointerTo(Type.VOID), loc);
                }
                case "&" -> {
                    p.pos++;
                    int mark = onePastEnd.enter();
                    Expr e = null;
                    try {
                        e = cast();
                    } finally {
                        onePastEnd.leave(mark, e);
                    }
                    return addressOf(e, loc);
                }
                case "*" -> {
                    p.pos++;
                    Expr e = rvalue(cast());
                    return deref(e, loc);
                }
                case "++", "--" -> {
                    p.pos++;
                    Expr e = unary();
                    return incDec(e, true, t.text.equals("++"), t);
                }
                default -> {}
            }
        }
        if (p.at("sizeof") || p.at("_Alignof") || p.at("__alignof__") || p.at("__alignof")) return sizeofOrAlignof(loc);
        if (p.at("__real__") || p.at("__imag__") || p.at("__real") || p.at("__imag")) {
            boolean real = p.at("__real__") || p.at("__real");
            p.pos++;
            Expr e = rvalue(cast());
            Type et = e.type().isComplex ? e.type().base : e.type().unqualified();
            return new Expr.Unary(real ? Expr.Unary.Op.REAL : Expr.Unary.Op.IMAG, e, et, loc);
        }
        if (p.at("__extension__")) {
            p.pos++;
            return cast();
        }
        return postfix();
    }

    /** sizeof or _Alignof (at the keyword) of a type name or an expression, at loc. */
    private Expr sizeofOrAlignof(SourceLocation loc) {
        boolean isSizeof = p.at("sizeof");
        p.pos++;
        Type ty;
        if (p.at("(") && p.typeNameAt(1)) {
            Token open = p.next();
            ty = p.declarators.typeName();
            p.expectClose(")", open);
            if (p.at("{")) {
                Expr e = postfixTail(compoundLiteral(ty, open));
                ty = e.type();
            }
        } else {
            Expr e = unary();
            if (e.type() == Parser.ERROR) return new Expr.IntLit(0, Parser.ERROR, loc);
            if (e instanceof Expr.Member m && m.member().isBitField()) {
                diags.error(loc, "invalid application of '" + (isSizeof ? "sizeof" : "alignof") + "' to bit-field");
                return new Expr.IntLit(1, Type.ULONG, loc);
            }
            ty = e.type();
        }
        String what = isSizeof ? "sizeof" : "alignof";
        if (ty.isFunction()) {
            diags.warning(loc, "invalid application of '" + what + "' to a function type", "-Wpointer-arith");
            return new Expr.IntLit(1, Type.ULONG, loc);
        }
        if (ty.isVoid()) {
            diags.warning(loc, "invalid application of '" + what + "' to a void type", "-Wpointer-arith");
            return new Expr.IntLit(1, Type.ULONG, loc);
        }
        if (isSizeof && ty.isVariablyModified() && ty.isArray()) return sizeofExpr(ty, loc);
        if (!ty.isComplete() && ty.kind != Type.Kind.VLA) {
            diags.error(loc, "invalid application of '" + what + "' to an incomplete type '" + ty + "'");
            forwardNote(ty);
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        return new Expr.IntLit(isSizeof ? ty.size() : ty.align(), Type.ULONG, loc);
    }

    /** sizeof of a VLA type: the hidden size variable, or element count times element size. */
    Expr sizeofExpr(Type ty, SourceLocation loc) {
        if (ty.kind == Type.Kind.VLA && Vla.sizeVar(ty) != null)
            return new Expr.VarRef(Vla.sizeVar(ty), Type.ULONG, loc);
        if (ty.kind == Type.Kind.ARRAY && ty.base.isVariablyModified())
            return new Expr.Binary(
                    Expr.Binary.Op.MUL,
                    new Expr.IntLit(ty.arrayLen, Type.ULONG, loc),
                    sizeofExpr(ty.base, loc),
                    Type.ULONG,
                    loc);
        if (ty.kind == Type.Kind.VLA) return new Expr.VlaSizeof(ty, Type.ULONG, loc);
        return new Expr.IntLit(ty.size(), Type.ULONG, loc);
    }

    /** clang's note under errors about an incomplete struct/union/enum. */
    void forwardNote(Type t) {
        if (t.record != null && t.record.declLoc != null && !t.record.complete)
            diags.note(t.record.declLoc, "forward declaration of '" + t.unqualified() + "'");
    }

    private Expr invalidUnary(Expr e, SourceLocation loc) {
        diags.error(loc, "invalid argument type " + TypePrinter.quoteAka(origType(e)) + " to unary expression");
        return new Expr.IntLit(0, Parser.ERROR, loc);
    }

    Expr addressOf(Expr e, SourceLocation loc) {
        if (e.type() == Parser.ERROR) return e;
        if (e instanceof Expr.Member m && m.member().isBitField()) {
            diags.error(loc, "address of bit-field requested");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        if (e.type().isFunction()) return new Expr.Decay(e, Type.pointerTo(e.type()), loc);
        if (!Expr.isLvalue(e)) {
            diags.error(loc, "cannot take the address of an rvalue of type " + TypePrinter.quoteAka(e.type()));
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        if (e instanceof Expr.VarRef v && v.var().storage == Var.Storage.REGISTER) {
            diags.error(loc, "address of register variable requested");
        }
        markAddressTaken(e);
        return new Expr.Unary(Expr.Unary.Op.ADDR, e, Type.pointerTo(e.type()), loc);
    }

    Expr deref(Expr e, SourceLocation loc) {
        if (e.type() == Parser.ERROR) return e;
        if (!e.type().isPointer()) {
            diags.error(loc, "indirection requires pointer operand (" + TypePrinter.quoteAka(e.type()) + " invalid)");
            return new Expr.IntLit(0, Parser.ERROR, loc);
        }
        Type b = e.type().base;
        if (b.isFunction())
            return e instanceof Expr.Decay d ? d.operand() : new Expr.Unary(Expr.Unary.Op.DEREF, e, b, loc);
        if (b.isVoid())
            diags.warning(
                    loc, "ISO C does not allow indirection on operand of type 'void *'", "-Wvoid-ptr-dereference");
        return new Expr.Unary(Expr.Unary.Op.DEREF, e, b, loc);
    }

    private Expr incDec(Expr e, boolean prefix, boolean inc, Token op) {
        if (e.type() == Parser.ERROR) return e;
        Type t = e.type();
        if (!t.isScalar()) {
            diags.error(
                    op.loc,
                    "cannot " + (inc ? "increment" : "decrement") + " value of type " + TypePrinter.quoteAka(t));
            return new Expr.IntLit(0, Parser.ERROR, op.loc);
        }
        if (!checkAssignable(e, op)) return new Expr.IntLit(0, Parser.ERROR, op.loc);
        long step = 1;
        if (t.isPointer()) step = elemSizeForArith(t, op);
        if (step == -1) {
            diags.error(op.loc, "increment of a pointer to a variable length array is not supported");
            step = 1;
        }
        return new Expr.IncDec(e, prefix, inc, step, t.unqualified(), op.loc);
    }

    Expr postfix() {
        return postfixTail(p.primaries.primary());
    }

    private Expr postfixTail(Expr e) {
        while (true) {
            Token t = p.tok();
            if (t.kind != Token.Kind.PUNCT) return e;
            switch (t.text) {
                case "[" -> {
                    p.pos++;
                    Expr idx = expr();
                    p.expectClose("]", t);
                    e = subscript(e, idx, t);
                }
                case "(" -> e = call(e, t);
                case "." -> {
                    p.pos++;
                    Token name = p.expectIdent();
                    e = member(e, name, t, false);
                }
                case "->" -> {
                    p.pos++;
                    Token name = p.expectIdent();
                    e = member(e, name, t, true);
                }
                case "++", "--" -> {
                    p.pos++;
                    e = incDec(e, false, t.text.equals("++"), t);
                }
                default -> {
                    return e;
                }
            }
        }
    }

    Expr subscript(Expr base, Expr idx, Token open) {
        if (base.type().isVector()) return p.vectors.element(base, idx, open);
        Expr a = rvalue(base), b = rvalue(idx);
        if (a.type() == Parser.ERROR || b.type() == Parser.ERROR) return new Expr.IntLit(0, Parser.ERROR, open.loc);
        if (a.type().isInteger() && b.type().isPointer()) {
            Expr x = a;
            a = b;
            b = x;
        }
        if (!a.type().isPointer()) {
            diags.error(open.loc, "subscripted value is not an array, pointer, or vector");
            return new Expr.IntLit(0, Parser.ERROR, open.loc);
        }
        if (!b.type().isInteger()) {
            diags.error(open.loc, "array subscript is not an integer");
            return new Expr.IntLit(0, Parser.ERROR, open.loc);
        }
        Expr sum = pointerOffset(Expr.Binary.Op.ADD, a, b, open.loc, open);
        Expr result = deref(sum, open.loc);
        onePastEnd.subscript(result, base);
        Expr arr = base.type().kind == Type.Kind.ARRAY
                ? base
                : idx.type().kind == Type.Kind.ARRAY ? idx : null; // a[i] or i[a]
        if (arr != null
                && arr.type().arrayLen >= 0
                && !flexibleLike(arr)
                && ConstEval.integer(b) instanceof Long n
                && (n < 0 || n >= arr.type().arrayLen)) {
            Runnable warn = () -> diags.warning(
                    begin(arr),
                    "array index " + n + " is "
                            + (n < 0
                                    ? "before the beginning of the array"
                                    : "past the end of the array (that has type '" + arr.type() + "')"),
                    "-Warray-bounds");
            if (n == arr.type().arrayLen) onePastEnd.onePastEnd(result, warn);
            else warn.run();
        }
        return result;
    }

    /** A struct's or union's last member array: clang (-fstrict-flex-arrays=0) takes it as a flexible array, unbounded. */
    private static boolean flexibleLike(Expr arr) {
        if (!(arr instanceof Expr.Member m)) return false;
        Type rec = m.base().type().isPointer() ? m.base().type().base : m.base().type();
        return rec.isStructOrUnion() && m.member().index() == rec.members().size() - 1;
    }

    /** Where clang puts a diagnostic about e: where e begins (its leftmost operand's token). */
    private static SourceLocation begin(Expr e) {
        while (true) {
            switch (e) {
                case Expr.Member m -> e = m.base();
                case Expr.Decay d -> e = d.operand();
                case Expr.Cast c when c.implicit() -> e = c.operand();
                case Expr.Unary u
                when u.op() == Expr.Unary.Op.DEREF && u.operand() instanceof Expr.Binary b && b.loc() == u.loc() ->
                    e = b.left();
                default -> {
                    return e.loc();
                }
            }
        }
    }

    Expr member(Expr base, Token name, Token op, boolean arrow) {
        if (base.type() == Parser.ERROR) return base;
        Expr obj = base;
        Type t = base.type();
        if (arrow) {
            Expr p = rvalue(base);
            if (!p.type().isPointer()) {
                if (p.type().isStructOrUnion()) {
                    diags.error(
                            op.loc,
                            "member reference type " + TypePrinter.quoteAka(p.type())
                                    + " is not a pointer; did you mean to use '.'?");
                } else
                    diags.error(
                            op.loc, "member reference type " + TypePrinter.quoteAka(p.type()) + " is not a pointer");
                return new Expr.IntLit(0, Parser.ERROR, op.loc);
            }
            t = p.type().base;
            if (!t.isStructOrUnion()) {
                diags.error(
                        op.loc,
                        "member reference base type " + TypePrinter.quoteAka(t) + " is not a structure or union");
                return new Expr.IntLit(0, Parser.ERROR, op.loc);
            }
            obj = new Expr.Unary(Expr.Unary.Op.DEREF, p, t, op.loc);
        } else if (!t.isStructOrUnion()) {
            if (t.isPointer() && t.base.isStructOrUnion())
                diags.error(
                        op.loc,
                        "member reference type " + TypePrinter.quoteAka(t)
                                + " is a pointer; did you mean to use '->'?");
            else
                diags.error(
                        op.loc,
                        "member reference base type " + TypePrinter.quoteAka(t) + " is not a structure or union");
            return new Expr.IntLit(0, Parser.ERROR, op.loc);
        }
        if (!t.isComplete()) {
            diags.error(op.loc, "incomplete definition of type " + TypePrinter.quoteAka(t));
            forwardNote(t);
            return new Expr.IntLit(0, Parser.ERROR, op.loc);
        }
        List<Member> path = t.findMember(name.text);
        if (path == null) {
            diags.error(name.loc, "no member named '" + name.text + "' in " + TypePrinter.quoteAka(t.unqualified()));
            return new Expr.IntLit(0, Parser.ERROR, name.loc);
        }
        Expr e = obj;
        int quals = t.quals;
        for (Member m : path) {
            quals |= e.type().quals;
            e = new Expr.Member(e, m, m.type().qualified(quals & (Type.CONST | Type.VOLATILE)), name.loc);
        }
        return e;
    }

    private Expr call(Expr fn, Token open) {
        p.pos++;
        List<Expr> written = new ArrayList<>();
        if (!p.at(")")) {
            try {
                do {
                    Expr a = assign();
                    written.add(a);
                } while (p.consume(","));
            } catch (SyntaxError e) {
                // clang skips to the matching ')' (past ';' and braces) and goes on with an invalid call;
                // with none before the end of the file, the statement ends there
                int depth = 0;
                while (!p.atEof() && !(depth == 0 && p.at(")"))) {
                    if (p.at("(")) depth++;
                    else if (p.at(")")) depth--;
                    p.pos++;
                }
                if (p.atEof()) throw e;
                p.pos++;
                return new Expr.IntLit(0, Parser.ERROR, fn.loc());
            }
        }
        Token close = p.tok();
        p.expectClose(")", open);
        return p.calls.check(fn, written, open, close);
    }

    /** An integer constant expression's value (reports an error and gives 0 if it is not one). */
    long constInt(Expr e) {
        Long v = ConstEval.integer(rvalue(e));
        if (v == null) {
            if (e.type() != Parser.ERROR) diags.error(e.loc(), "expression is not an integer constant expression");
            return 0;
        }
        return v;
    }
}
