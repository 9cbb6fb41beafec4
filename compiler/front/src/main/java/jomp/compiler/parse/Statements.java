package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.SwitchCtx;
import jomp.compiler.parse.Parser.SyntaxError;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.sema.Int128Const;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * Statements and blocks (C11 6.8): labels, compound statements, selection, iteration and jump
 * statements, with the checks C and clang make on them (switch cases, break/continue placement).
 * Part of the parser: shares {@link Parser}'s token cursor, scopes and function state.
 */
final class Statements {
    private final Parser p;
    private final Diagnostics diags;
    private final Sema sema;

    Statements(Parser p) {
        this.p = p;
        this.diags = p.diags;
        this.sema = p.sema;
    }

    /** { block-item* }; newScope false for a function body (its parameters' scope is the block's). */
    Stmt.Compound compoundStatement(boolean newScope) {
        Token open = p.tok();
        p.expect("{");
        if (newScope) p.enterScope();
        List<Stmt> out = new ArrayList<>();
        p.blockDepth++;
        try {
            while (!p.at("}")) {
                if (p.atEof()) {
                    diags.error(p.tok().loc, "expected '}'");
                    diags.note(open.loc, "to match this '{'");
                    throw new SyntaxError();
                }
                int start = p.pos;
                try {
                    out.add(blockItem());
                } catch (SyntaxError e) {
                    p.skipToStatementEnd();
                    if (p.pos == start) p.pos++;
                }
            }
            p.pos++;
        } finally {
            p.blockDepth--;
            if (newScope) p.leaveScope();
        }
        return new Stmt.Compound(out, open.loc);
    }

    private Stmt blockItem() {
        if (p.gnuAttrs.at()) {
            // attributes start a declaration or a statement (fallthrough;): look past them
            int save = p.pos;
            p.gnuAttrs.parse();
            boolean decl = p.isTypeName(p.tok())
                    && !(p.isTypedefName(p.tok()) && p.peek(1).is(":"));
            p.pos = save;
            return decl ? p.decls.localDeclaration() : statement(true);
        }
        if (p.isTypeName(p.tok()) && !(p.isTypedefName(p.tok()) && p.peek(1).is(":")))
            return p.decls.localDeclaration();
        if (p.at("_Static_assert")) {
            p.decls.staticAssert();
            return new Stmt.Null(p.prev().loc);
        }
        return statement(true);
    }

    Stmt statement() {
        return statement(false);
    }

    /**
     * A statement; {@code blockItem} when it is an item of a compound statement, the only place a
     * standalone OpenMP directive (barrier, taskwait, ...) may stand: not the body of an if, a
     * loop or an OpenMP construct, nor a labelled statement (clang's "immediate substatement").
     */
    private Stmt statement(boolean blockItem) {
        Token t = p.tok();
        SourceLocation loc = t.loc;
        if (t.kind == Token.Kind.PRAGMA) {
            p.pos++;
            return p.pragmaStatement(t, blockItem);
        }
        if (t.kind == Token.Kind.PUNCT) {
            if (t.text.equals("{")) return compoundStatement(true);
            if (t.text.equals(";")) {
                p.pos++;
                return new Stmt.Null(loc);
            }
        }
        if (p.gnuAttrs.at()) return attributeStatement(loc);
        if (p.isIdent(t) && p.peek(1).is(":")) return labelStatement(t);
        if (t.kind == Token.Kind.KEYWORD || t.kind == Token.Kind.IDENT && Parser.KEYWORDS.contains(t.text)) {
            switch (t.text) {
                case "if":
                    return ifStatement(loc);
                case "while":
                    return whileStatement(loc);
                case "do":
                    return doStatement(t);
                case "for":
                    return forStatement();
                case "switch":
                    return switchStatement();
                case "case":
                    return caseLabel();
                case "default":
                    return defaultLabel(t);
                case "break":
                    return breakStatement(loc);
                case "continue":
                    return continueStatement(loc);
                case "goto":
                    return gotoStatement(t);
                case "return":
                    return returnStatement();
                default:
                    break;
            }
        }
        if (p.at("asm") || p.at("__asm__") || p.at("__asm")) return p.gnuStatements.asm();
        Expr e = p.exprs.expr();
        p.expectAfter(";", "after expression");
        if (!p.gnuStatements.isStatementExpressionValue()) checkUnused(e);
        return new Stmt.ExprStmt(e, loc);
    }

    /**
     * An attribute statement (__attribute__((fallthrough));) or attributes on a statement; a
     * fallthrough statement is the Null at the attribute (-Wimplicit-fallthrough sees it so, macro
     * or not), another at its ';'.
     */
    private Stmt attributeStatement(SourceLocation loc) {
        var attrs = p.gnuAttrs.parse();
        p.gnuAttrs.check(attrs);
        Token semi = p.tok();
        if (p.consume(";")) return new Stmt.Null(attrs.stream().anyMatch(a -> a.is("fallthrough")) ? loc : semi.loc);
        return statement();
    }

    private Stmt ifStatement(SourceLocation loc) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        Expr c = condition(p.exprs.expr(), "statement requires expression of scalar type");
        p.expectClose(")", open);
        Stmt then = substatement();
        Stmt els = p.consume("else") ? substatement() : null;
        return new Stmt.If(c, then, els, loc);
    }

    private Stmt whileStatement(SourceLocation loc) {
        p.pos++;
        Token open = p.tok();
        p.expect("(");
        Expr c = condition(p.exprs.expr(), "statement requires expression of scalar type");
        p.expectClose(")", open);
        p.loopDepth++;
        p.breakDepth++;
        try {
            return new Stmt.While(c, substatement(), loc);
        } finally {
            p.loopDepth--;
            p.breakDepth--;
        }
    }

    private Stmt breakStatement(SourceLocation loc) {
        p.pos++;
        if (p.breakDepth == 0) diags.error(loc, "'break' statement not in loop or switch statement");
        p.expectAfter(";", "after break statement");
        return new Stmt.Break(loc);
    }

    private Stmt continueStatement(SourceLocation loc) {
        p.pos++;
        if (p.loopDepth == 0) diags.error(loc, "'continue' statement not in loop statement");
        p.expectAfter(";", "after continue statement");
        return new Stmt.Continue(loc);
    }

    /** {@code name:} (t is the name) and the statement it labels. */
    private Stmt labelStatement(Token t) {
        p.pos += 2;
        if (p.gnuAttrs.at()) p.gnuAttrs.check(p.gnuAttrs.parse()); // label attributes (unused)
        SourceLocation old = p.labels.putIfAbsent(t.text, t.loc);
        if (old != null) {
            diags.error(t.loc, "redefinition of label '" + t.text + "'");
            diags.note(old, "previous definition is here");
        }
        return new Stmt.Label(t.text, labelled(), t.loc);
    }

    /** The statement after a label, case or default: none before a '}' (C23; an extension before, as clang says). */
    private Stmt labelled() {
        if (p.isTypeName(p.tok()) && !(p.isTypedefName(p.tok()) && p.peek(1).is(":"))) {
            if (!p.language.c23())
                diags.warning(p.tok().loc, "label followed by a declaration is a C23 extension", "-Wc23-extensions");
            return p.decls.localDeclaration();
        }
        if (!p.at("}")) return statement();
        if (!p.language.c23())
            diags.warning(p.tok().loc, "label at end of compound statement is a C23 extension", "-Wc23-extensions");
        return new Stmt.Null(p.tok().loc);
    }

    /** A statement that is a loop/if body: declarations are not allowed there. */
    private Stmt substatement() {
        if (p.isTypeName(p.tok()) && !p.isTypedefName(p.tok())) throw p.errorAt(p.tok().loc, "expected expression");
        if (p.atEof() || p.at("}")) throw p.errorAt(p.tok().loc, "expected statement");
        return statement();
    }

    private void checkUnused(Expr e) {
        if (e.type() == Parser.ERROR) return;
        switch (e) {
            case Expr.Binary b
            when b.op() == Expr.Binary.Op.EQ || b.op() == Expr.Binary.Op.NE -> {
                diags.warning(
                        b.loc(),
                        (b.op() == Expr.Binary.Op.EQ ? "equality" : "inequality") + " comparison result unused",
                        "-Wunused-comparison");
                diags.note(
                        b.loc(),
                        b.op() == Expr.Binary.Op.EQ
                                ? "use '=' to turn this equality comparison into an assignment"
                                : "use '|=' to turn this inequality comparison into an or-assignment");
            }
            case Expr.Binary b
            when b.op() == Expr.Binary.Op.LT
                    || b.op() == Expr.Binary.Op.LE
                    || b.op() == Expr.Binary.Op.GT
                    || b.op() == Expr.Binary.Op.GE ->
                diags.warning(b.loc(), "relational comparison result unused", "-Wunused-comparison");
            case Expr.Binary b
            when b.op() != Expr.Binary.Op.COMMA && b.op() != Expr.Binary.Op.LOGAND && b.op() != Expr.Binary.Op.LOGOR ->
                diags.warning(b.loc(), "expression result unused", "-Wunused-value");
            case Expr.VarRef v
            when !v.type().isVoid() -> diags.warning(v.loc(), "expression result unused", "-Wunused-value");
            case Expr.IntLit i -> diags.warning(i.loc(), "expression result unused", "-Wunused-value");
            default -> {}
        }
    }

    /** The controlling expression of if/while/for/?: must be scalar. */
    Expr condition(Expr e, String msg) {
        Expr r = p.exprs.rvalue(e);
        if (r.type() != Parser.ERROR && !r.type().isScalar()) {
            diags.error(
                    e.loc(),
                    msg.equals("statement requires expression of scalar type")
                            ? "statement requires expression of scalar type (" + TypePrinter.quoteAka(r.type())
                                    + " invalid)"
                            : msg);
            return new Expr.IntLit(0, Parser.ERROR, e.loc());
        }
        return r;
    }

    private Stmt forStatement() {
        Token kw = p.next();
        Token open = p.tok();
        p.expect("(");
        p.enterScope();
        try {
            Stmt init = null;
            if (p.isTypeName(p.tok())) init = p.decls.localDeclaration();
            else if (!p.consume(";")) {
                Expr e = p.exprs.expr();
                init = new Stmt.ExprStmt(e, e.loc());
                p.expectAfter(";", "in 'for' statement specifier");
            }
            Expr cond = p.at(";") ? null : condition(p.exprs.expr(), "statement requires expression of scalar type");
            p.expectAfter(";", "in 'for' statement specifier");
            Expr step = p.at(")") ? null : p.exprs.expr();
            p.expectClose(")", open);
            p.loopDepth++;
            p.breakDepth++;
            try {
                return new Stmt.For(init, cond, step, substatement(), kw.loc);
            } finally {
                p.loopDepth--;
                p.breakDepth--;
            }
        } finally {
            p.leaveScope();
        }
    }

    private Stmt doStatement(Token kw) {
        p.pos++;
        Stmt body;
        p.loopDepth++;
        p.breakDepth++;
        try {
            body = substatement();
        } finally {
            p.loopDepth--;
            p.breakDepth--;
        }
        if (!p.consume("while")) {
            diags.error(p.tok().loc, "expected 'while' in do/while loop");
            diags.note(kw.loc, "to match this 'do'");
            throw new SyntaxError();
        }
        Token open = p.tok();
        p.expect("(");
        Expr c = condition(p.exprs.expr(), "statement requires expression of scalar type");
        p.expectClose(")", open);
        p.expectAfter(";", "after do/while statement");
        return new Stmt.DoWhile(body, c, kw.loc);
    }

    private Stmt switchStatement() {
        Token kw = p.next();
        Token open = p.tok();
        p.expect("(");
        Expr c = p.exprs.expr();
        p.expectClose(")", open);
        Expr r = p.exprs.rvalue(c);
        Type ct;
        if (r.type() == Parser.ERROR) ct = Type.INT;
        else if (!r.type().isInteger()) {
            diags.error( // at the keyword, as clang (the expression is the range it underlines)
                    kw.loc, "statement requires expression of integer type ('" + r.type() + "' invalid)");
            ct = Type.INT;
        } else {
            r = sema.promoteBitField(r);
            ct = Types.promote(r.type());
        }
        r = sema.convert(r, ct);
        SwitchCtx sw = new SwitchCtx(ct);
        p.switches.push(sw);
        p.breakDepth++;
        Stmt body;
        try {
            body = substatement();
        } finally {
            p.breakDepth--;
            p.switches.pop();
        }
        sw.duplicates.sort(java.util.Comparator.comparing(Parser.Duplicate::value));
        for (Parser.Duplicate d : sw.duplicates) {
            diags.error(d.loc(), "duplicate case value '" + d.text() + "'");
            diags.note(d.first(), "previous case defined here");
        }
        return new Stmt.Switch(r, body, sw.cases, sw.dflt, kw.loc);
    }

    private Stmt caseLabel() {
        Token kw = p.next();
        SwitchCtx outer = p.switches.peek();
        if (outer != null && outer.type.kind == Type.Kind.INT128) return wideCaseLabel(kw, outer);
        SourceLocation at = p.tok().loc;
        Expr e = p.exprs.conditional();
        Long v = ConstEval.integer(p.exprs.rvalue(e));
        Long hi = v;
        if (v == null && p.exprs.rvalue(e).type() != Parser.ERROR)
            diags.error(e.loc(), "expression is not an integer constant expression");
        if (p.consume("...")) {
            Expr h = p.exprs.conditional();
            hi = ConstEval.integer(p.exprs.rvalue(h));
            if (hi == null) hi = v;
        }
        p.expectAfter(":", "after 'case'");
        SwitchCtx sw = p.switches.peek();
        if (sw == null) {
            diags.error(kw.loc, "'case' statement not in switch statement");
            return p.at("}") ? new Stmt.Null(p.tok().loc) : statement();
        }
        long lo = v == null ? 0 : ConstEval.truncate(v, sw.type);
        long h2 = hi == null ? lo : ConstEval.truncate(hi, sw.type);
        if (v != null) {
            SourceLocation prevLoc = sw.seen.putIfAbsent(lo, at);
            if (prevLoc != null) {
                String text = sw.type.isUnsigned ? Long.toUnsignedString(lo) : Long.toString(lo);
                sw.duplicates.add(new Parser.Duplicate(new java.math.BigInteger(text), text, at, prevLoc));
            }
        }
        Stmt.Case c = new Stmt.Case(lo, h2, labelled(), kw.loc);
        sw.cases.add(c);
        return c;
    }

    /** A case label of a switch on an __int128: its values are 128-bit constants. */
    private Stmt wideCaseLabel(Token kw, SwitchCtx sw) {
        SourceLocation at = p.tok().loc;
        Expr e = p.exprs.conditional();
        java.math.BigInteger v = wideCaseValue(e, sw.type), hi = v;
        if (p.consume("...")) {
            java.math.BigInteger h = wideCaseValue(p.exprs.conditional(), sw.type);
            if (h != null) hi = h;
        }
        p.expectAfter(":", "after 'case'");
        if (v == null) v = hi = java.math.BigInteger.ZERO;
        else {
            SourceLocation prevLoc = sw.seen.putIfAbsent(v, at);
            if (prevLoc != null) sw.duplicates.add(new Parser.Duplicate(v, v.toString(), at, prevLoc));
        }
        Stmt.Case c = new Stmt.Case(v.longValue(), hi.longValue(), labelled(), kw.loc, v, hi);
        sw.cases.add(c);
        return c;
    }

    /** A case value of a switch on an __int128, converted to the switch's type; null (reported) if not constant. */
    private java.math.BigInteger wideCaseValue(Expr e, Type t) {
        Expr r = p.exprs.rvalue(e);
        if (r.type() == Parser.ERROR) return null;
        java.math.BigInteger v = r.type().isInteger() ? Int128Const.eval(sema.convert(r, t)) : null;
        if (v == null) diags.error(e.loc(), "expression is not an integer constant expression");
        return v;
    }

    private Stmt defaultLabel(Token kw) {
        SourceLocation loc = kw.loc;
        p.pos++;
        p.expectAfter(":", "after 'default'");
        SwitchCtx sw = p.switches.peek();
        if (sw == null) {
            diags.error(loc, "'default' statement not in switch statement");
            return statement();
        }
        if (sw.dfltLoc != null) {
            // clang reports at the first default and points the note at the later one
            diags.error(sw.dfltLoc, "multiple default labels in one switch");
            diags.note(loc, "previous case defined here");
        }
        sw.dfltLoc = loc;
        Stmt.Default d = new Stmt.Default(labelled(), loc);
        sw.dflt = d;
        return d;
    }

    private Stmt gotoStatement(Token kw) {
        SourceLocation loc = kw.loc;
        p.pos++;
        if (p.at("*")) { // GNU: goto *p, p converted as an argument of type const void * is (clang)
            Token star = p.next();
            Expr e = p.exprs.expr();
            Type cvp = Type.pointerTo(Type.VOID.qualified(Type.CONST));
            Expr target = sema.assignConvert(p.exprs.rvalue(e), cvp, Sema.Context.PASS, star.loc, e);
            p.expectAfter(";", "after goto statement");
            return new Stmt.IndirectGoto(target, loc);
        }
        Token name = p.expectIdent();
        p.gotos.add(name);
        p.expectAfter(";", "after goto statement");
        return new Stmt.Goto(name.text, loc);
    }

    private Stmt returnStatement() {
        Token kw = p.next();
        Type ret = p.currentFn.type.base;
        if (p.consume(";")) {
            if (!ret.isVoid())
                diags.defaultError(
                        kw.loc,
                        "non-void function '" + p.currentFn.name + "' should return a value",
                        "-Wreturn-mismatch");
            return new Stmt.Return(null, kw.loc);
        }
        Expr e = p.exprs.expr();
        p.expectAfter(";", "after return statement");
        Expr r = p.exprs.rvalue(e);
        if (e instanceof Expr.LabelAddr)
            diags.warning(e.loc(), "returning address of label, which is local", "-Wreturn-stack-address");
        if (ret.isVoid()) {
            if (!r.type().isVoid())
                diags.defaultError(
                        kw.loc,
                        "void function '" + p.currentFn.name + "' should not return a value",
                        "-Wreturn-mismatch");
            return new Stmt.Return(r, kw.loc); // evaluated, its value dropped (under -Wno-error=return-mismatch)
        }
        return new Stmt.Return(sema.assignConvert(r, ret.unqualified(), Sema.Context.RETURN, e.loc(), e), kw.loc);
    }
}
