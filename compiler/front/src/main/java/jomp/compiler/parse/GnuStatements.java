package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.lex.Token;
import jomp.compiler.type.Type;

/**
 * GNU statement forms the system's headers use: statement expressions {@code ({ ... })}
 * (glibc's assert, tgmath and many library macros) and asm statements (static inline functions
 * in kernel and glibc headers). Statement expressions are compiled; asm statements are parsed
 * and checked here, and compiled by lowering where they have a meaning on the JVM (AsmLowering).
 */
final class GnuStatements {
    private final Parser p;
    /** The compound-statement depth of the innermost statement expression's own block (-1: none). */
    private int stmtExprDepth = -1;

    GnuStatements(Parser p) {
        this.p = p;
    }

    /** Is the last expression statement of a statement expression being parsed ('}' follows at its depth)? */
    boolean isStatementExpressionValue() {
        return stmtExprDepth == p.blockDepth && p.at("}");
    }

    /** {@code ( { block } )} after the '(' (at the '{'): the block runs, its last expression statement is the value. */
    Expr statementExpression(Token open) {
        if (p.currentFunction() == null) {
            p.diags.error(open.loc, "statement expression not allowed at file scope");
            throw skipStatementExpression();
        }
        int outer = stmtExprDepth;
        stmtExprDepth = p.blockDepth + 1;
        Stmt.Compound block;
        try {
            block = p.stmts.compoundStatement(true);
        } finally {
            stmtExprDepth = outer;
        }
        p.expectClose(")", open);
        List<Stmt> items = block.items();
        Expr result = null;
        if (!items.isEmpty()
                && items.get(items.size() - 1) instanceof Stmt.ExprStmt last
                && !last.expr().type().isVoid()) {
            // the value is the last expression's, as an rvalue: arrays decay, qualifiers go
            result = p.exprs.rvalue(last.expr());
            if (result.type() != Parser.ERROR && !result.type().isVoid() && result.type().quals != 0)
                result = p.sema.convert(result, result.type().unqualified());
            items = new ArrayList<>(items.subList(0, items.size() - 1));
        }
        Type t = result == null ? Type.VOID : result.type();
        return new Expr.StmtExpr(new Stmt.Compound(items, block.loc()), result, t, open.loc);
    }

    /** After "statement expression not allowed at file scope": skips to the matching ')'. */
    private Parser.SyntaxError skipStatementExpression() {
        int depth = 0;
        while (!p.atEof()) {
            Token t = p.next();
            if (t.is("(") || t.is("{")) depth++;
            else if ((t.is(")") || t.is("}")) && --depth < 0) break;
        }
        return new Parser.SyntaxError();
    }

    /**
     * {@code asm [volatile|inline|goto] ( "template" [: outputs [: inputs [: clobbers [: labels]]]] );}
     * with operands {@code [name] "constraint" (expression)}.
     */
    Stmt asm() {
        Token kw = p.next();
        boolean isVolatile = false, isGoto = false;
        while (p.at("volatile")
                || p.at("__volatile__")
                || p.at("__volatile")
                || p.at("inline")
                || p.at("__inline__")
                || p.at("__inline")
                || p.at("goto")) {
            isVolatile |= p.tok().text.contains("volatile");
            isGoto |= p.at("goto");
            p.pos++;
        }
        Token open = p.tok();
        p.expect("(");
        String template = strings("expected string literal in 'asm'");
        List<String> outConstraints = new ArrayList<>(),
                inConstraints = new ArrayList<>(),
                clobbers = new ArrayList<>(),
                labels = new ArrayList<>();
        List<Expr> outputs = new ArrayList<>(), inputs = new ArrayList<>();
        int section = 0;
        while (colon()) {
            section++;
            if (p.at(")") || p.at(":")) continue;
            do {
                switch (section) {
                    case 1 -> {
                        outConstraints.add(operand(outputs, true));
                    }
                    case 2 -> {
                        inConstraints.add(operand(inputs, false));
                    }
                    case 3 -> clobbers.add(strings("expected string literal"));
                    default -> { // asm goto's labels: each must be the function's, as a goto's
                        Token l = p.expectIdent();
                        p.gotos.add(l);
                        labels.add(l.text);
                    }
                }
            } while (p.consume(","));
        }
        p.expectClose(")", open);
        p.expectAfter(";", "after asm statement");
        return new Stmt.Asm(
                template, outConstraints, outputs, inConstraints, inputs, clobbers, isVolatile, isGoto, labels, kw.loc);
    }

    /**
     * File-scope {@code asm("...");}: {@code .symver name, name2@VERS} becomes a
     * {@link TranslationUnit.Symver}; assembler directives that mean nothing on the JVM are
     * accepted (.ident, .section .note..., .previous, comments); anything else is code or data jomp
     * cannot place, and refused.
     */
    void fileScopeAsm() {
        Token kw = p.next();
        Token open = p.tok();
        p.expect("(");
        String text = strings("expected string literal in 'asm'");
        p.expectClose(")", open);
        p.expectAfter(";", "after top-level asm block");
        for (String line : text.split("[\\n;]")) {
            String l = line.strip();
            java.util.regex.Matcher symver = java.util.regex.Pattern.compile(
                            "\\.symver\\s+([\\w.$]+)\\s*,\\s*([\\w.$]+@{1,3}[\\w.$]+)(\\s*,\\s*\\w+)?")
                    .matcher(l);
            if (symver.matches()) {
                p.items.add(new jomp.compiler.ast.TranslationUnit.Symver(symver.group(1), symver.group(2), kw.loc));
                continue;
            }
            if (l.isEmpty()
                    || l.startsWith("#")
                    || l.startsWith("//")
                    || l.startsWith(".ident")
                    || l.startsWith(".symver")
                    || l.startsWith(".previous")
                    || l.matches("\\.section\\s+\\.note\\b.*")) continue;
            p.diags.error(
                    kw.loc,
                    "jomp cannot compile file-scope assembly '" + l + "': it is code or data for an x86 assembler, "
                            + "not the JVM");
            return;
        }
    }

    /** A ':' (also the first half of '::'). */
    private boolean colon() {
        if (p.consume(":")) return true;
        if (p.at("::")) {
            Token t = p.tok();
            p.toks.set(p.pos, new Token(Token.Kind.PUNCT, ":", t.loc)); // '::' is two separators here
            return true;
        }
        return false;
    }

    /** {@code [name] "constraint" (expression)}: adds the expression to out, returns the constraint. */
    private String operand(List<Expr> out, boolean output) {
        if (p.at("[")) {
            Token o = p.next();
            p.expectIdent();
            p.expectClose("]", o);
        }
        String constraint = strings("expected string literal in 'asm'");
        Token o = p.tok();
        p.expect("(");
        Expr e = p.exprs.expr();
        p.expectClose(")", o);
        if (output && !Expr.isLvalue(e) && e.type() != Parser.ERROR)
            p.diags.error(e.loc(), "invalid lvalue in asm output");
        out.add(output ? e : p.exprs.rvalue(e));
        return constraint;
    }

    /** Adjacent string literals, as the characters they hold. */
    private String strings(String msg) {
        if (p.tok().kind != Token.Kind.STRING) throw p.errorAt(p.tok().loc, msg);
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        while (p.tok().kind == Token.Kind.STRING) p.literals.appendString(p.next(), 1, b);
        return b.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
