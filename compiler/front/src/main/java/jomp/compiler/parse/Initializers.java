package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Initializer;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.SyntaxError;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Member;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;
import jomp.compiler.type.Types;

/**
 * Initializers (C11 6.7.9): braced lists with designators and brace elision, string literals for
 * character arrays, scalars; the result is a flat list of (offset, value) items.
 * Part of the parser: shares {@link Parser}'s token cursor, scopes and function state.
 */
final class Initializers {
    private final Parser p;
    private final Diagnostics diags;
    private final Sema sema;

    Initializers(Parser p) {
        this.p = p;
        this.diags = p.diags;
        this.sema = p.sema;
    }

    private List<Initializer.Item> initItems;
    private boolean initStatic;
    /** clang reports a non-braced initializer's conversion at the declared name. */
    SourceLocation initNameLoc;

    /** Parses an initializer for an object of type t; an array of unknown size gets its size here. */
    Initializer initializer(Type t, boolean isStatic) {
        List<Initializer.Item> saved = initItems;
        boolean savedStatic = initStatic;
        initItems = new ArrayList<>();
        initStatic = isStatic;
        try {
            Type ft = initTop(t);
            return new Initializer(ft, initItems);
        } finally {
            initItems = saved;
            initStatic = savedStatic;
        }
    }

    private Type initTop(Type t) {
        if (p.at("{")) initNameLoc = null;
        if (t.kind == Type.Kind.ARRAY && t.arrayLen < 0) {
            long n;
            if (p.at("{")) n = initBraced(t, 0);
            else if (isStringFor(t)) n = initString(t, 0);
            else {
                diags.error(p.tok().loc, "array initializer must be an initializer list");
                p.exprs.assign();
                return Type.arrayOf(t.base, 1);
            }
            return Type.arrayOf(t.base, n);
        }
        init(t, 0);
        return t;
    }

    /** Is the next token a string literal that can initialize the char/wchar array t? */
    private boolean isStringFor(Type t) {
        if (!t.isArray() || p.tok().kind != Token.Kind.STRING) return false;
        Type e = t.base;
        return e.isInteger() && e.size() == Literals.stringElem(p.tok().text).size();
    }

    /** One initializer (braced or not) for the sub-object of type t at offset. */
    private void init(Type t, long offset) {
        if (p.at("{")) {
            initBraced(t, offset);
            return;
        }
        if (t.isArray()) {
            if (isStringFor(t)) {
                initString(t, offset);
                return;
            }
            if (t.kind == Type.Kind.VLA) {
                diags.error(p.tok().loc, "variable-sized object may not be initialized");
                p.exprs.assign();
                return;
            }
            Token at = p.tok();
            diags.error(
                    at.loc,
                    "array initializer must be an initializer list"
                            + (at.kind == Token.Kind.STRING ? " or wide string literal" : ""));
            p.exprs.assign();
            return;
        }
        Expr e = loneNumber();
        if (e == null) e = p.exprs.assign();
        if (t.isStructOrUnion()) {
            Expr r = p.exprs.rvalue(e);
            SourceLocation where = initNameLoc != null ? initNameLoc : e.loc();
            initNameLoc = null;
            if (r.type() != Parser.ERROR && !Types.compatibleUnqualified(r.type(), t)) {
                diags.error(
                        where,
                        "initializing " + TypePrinter.quoteAka(t) + " with an expression of incompatible type "
                                + TypePrinter.quoteAka(r.type()));
                return;
            }
            addItem(offset, t, r, null);
            return;
        }
        scalarItem(t, offset, e, null);
    }

    /**
     * An initializer that is one number constant followed by ',' or '}' (long tables, #embed's
     * among them): the constant, without the descent through the expression grammar; else null.
     */
    private Expr loneNumber() {
        Token t = p.tok();
        if (t.kind != Token.Kind.NUMBER || p.pos + 1 >= p.toks.size()) return null;
        Token n = p.toks.get(p.pos + 1);
        if (n.kind != Token.Kind.PUNCT || !(n.text.equals(",") || n.text.equals("}"))) return null;
        p.pos++;
        return p.literals.number(t, p.language.c23());
    }

    private void scalarItem(Type t, long offset, Expr e, Member bf) {
        SourceLocation where = initNameLoc != null ? initNameLoc : e.loc();
        initNameLoc = null;
        Expr v = sema.assignConvert(p.exprs.rvalue(e), t, Sema.Context.INIT, where, e);
        addItem(offset, t, v, bf);
    }

    private void addItem(long offset, Type t, Expr v, Member bf) {
        if (initStatic && v.type() != Parser.ERROR && !ConstEval.isStaticInitializer(v)) {
            diags.error(v.loc(), "initializer element is not a compile-time constant");
        }
        initItems.add(new Initializer.Item(offset, t.unqualified(), v, bf));
    }

    /** A string literal for a char array; returns the array length it needs. */
    private long initString(Type t, long offset) {
        Expr.StrLit s = (Expr.StrLit) p.primaries.primary();
        long elem = t.base.size();
        long n = s.bytes().length / elem;
        if (t.kind == Type.Kind.ARRAY && t.arrayLen >= 0) {
            if (n - 1 > t.arrayLen)
                diags.warning(s.loc(), "initializer-string for char array is too long", "-Wexcess-initializers");
            addItem(offset, t, s, null);
            return t.arrayLen;
        }
        addItem(offset, Type.arrayOf(t.base, n), s, null);
        return n;
    }

    /** { ... } for t at offset; returns the number of array elements seen (for unsized arrays). */
    private long initBraced(Type t, long offset) {
        Token open = p.next();
        if (p.at("}")) {
            p.pos++;
            return 0;
        }
        long count;
        if (t.isArray()) {
            if (t.kind == Type.Kind.VLA) {
                diags.error(open.loc, "variable-sized object may not be initialized");
                skipBraces();
                return 0;
            }
            if (isStringFor(t)
                    && (p.peek(1).is("}") || p.peek(1).is(",") && p.peek(2).is("}"))) {
                count = initString(t, offset);
                p.consume(",");
                p.expectClose("}", open);
                return count;
            }
            count = arrayElements(t, offset, true);
        } else if (t.isStructOrUnion()) {
            if (!t.isComplete()) {
                diags.error(open.loc, "variable has incomplete type '" + t + "'");
                skipBraces();
                return 0;
            }
            structMembers(t, offset, true, 0);
            count = 1;
        } else {
            // a scalar in braces: { expr }
            init(t, offset);
            if (p.consume(",") && !p.at("}")) {
                diags.warning(p.tok().loc, "excess elements in scalar initializer", "-Wexcess-initializers");
                while (!p.at("}") && !p.atEof()) {
                    p.exprs.assign();
                    if (!p.consume(",")) break;
                }
            }
            count = 1;
        }
        p.consume(",");
        p.expectClose("}", open);
        return count;
    }

    void skipBraces() {
        int depth = 1;
        while (depth > 0 && !p.atEof()) {
            Token t = p.next();
            if (t.is("{")) depth++;
            else if (t.is("}")) depth--;
        }
    }

    /**
     * Array elements, with [i] designators; braced: until '}', else (brace elision) as many as the
     * array holds. Returns the element count the initializer implies.
     */
    private long arrayElements(Type t, long offset, boolean braced) {
        Type elem = t.base;
        long len = t.arrayLen;
        long i = 0, max = 0;
        boolean first = true;
        while (!p.at("}") && !p.atEof()) {
            boolean comma = false;
            if (!first) {
                if (!braced && (p.at("[") || p.at("."))) break; // a designator belongs to the enclosing list
                if (!p.consume(",")) break;
                comma = true;
                if (p.at("}")) break;
            }
            first = false;
            if (p.at("[")) {
                if (!braced) {
                    if (comma) p.pos--;
                    break;
                }
                Token open = p.next();
                Expr ie = p.exprs.conditional();
                Long v = ConstEval.integer(p.exprs.rvalue(ie));
                long hi;
                if (v == null) {
                    diags.error(ie.loc(), "expression is not an integer constant expression");
                    v = 0L;
                }
                if (p.consume("...")) {
                    Long h = ConstEval.integer(p.exprs.rvalue(p.exprs.conditional()));
                    hi = h == null ? v : h;
                } else hi = v;
                p.expectClose("]", open);
                if (len >= 0 && v >= len) {
                    diags.error(ie.loc(), "array designator index (" + v + ") exceeds array bounds (" + len + ")");
                    v = len - 1;
                    hi = v;
                }
                i = v;
                for (long k = v; k <= hi; k++) {
                    int save = p.pos;
                    if (k < hi) {
                        designatedInit(elem, offset + k * elem.size());
                        p.pos = save;
                    } else designatedInit(elem, offset + k * elem.size());
                }
                i = hi + 1;
                max = Math.max(max, i);
                continue;
            }
            if (len >= 0 && i >= len) {
                if (!braced) {
                    if (comma) p.pos--;
                    break;
                }
                diags.warning(p.tok().loc, "excess elements in array initializer", "-Wexcess-initializers");
                while (!p.at("}") && !p.atEof()) {
                    if (p.at("{")) {
                        p.pos++;
                        skipBraces();
                    } else p.exprs.assign();
                    if (!p.consume(",")) break;
                }
                break;
            }
            elementInit(elem, offset + i * elem.size());
            i++;
            max = Math.max(max, i);
        }
        return max;
    }

    /** After a designator: either more designators, or '=' and an initializer for the sub-object. */
    private void designatedInit(Type t, long offset) {
        if (p.at("[") && t.isArray()) {
            Token open = p.next();
            Expr ie = p.exprs.conditional();
            Long v = ConstEval.integer(p.exprs.rvalue(ie));
            if (v == null) {
                diags.error(ie.loc(), "expression is not an integer constant expression");
                v = 0L;
            }
            p.expectClose("]", open);
            designatedInit(t.base, offset + v * t.base.size());
            return;
        }
        if (p.at(".") && t.isStructOrUnion()) {
            p.pos++;
            Token name = p.expectIdent();
            List<Member> path = t.findMember(name.text);
            if (path == null) {
                diags.error(
                        name.loc,
                        "field designator '" + name.text + "' does not refer to any field in type '" + t + "'");
                skipInit();
                return;
            }
            long off = offset;
            for (Member m : path) off += m.offset();
            Member last = path.get(path.size() - 1);
            if (last.isBitField() && !p.at("[") && !p.at(".")) {
                p.expect("=");
                scalarItem(last.type(), off, p.exprs.assign(), last);
                return;
            }
            designatedInit(last.type(), off);
            return;
        }
        if (p.at("[") || p.at(".")) throw p.errorAt(p.tok().loc, "expected '='");
        p.consume("=");
        init(t, offset);
    }

    private void skipInit() {
        p.consume("=");
        if (p.at("{")) {
            p.pos++;
            skipBraces();
        } else p.exprs.assign();
    }

    /** An element of a braced list: a nested list, a string for a char array, or brace elision. */
    private void elementInit(Type t, long offset) {
        if (p.at("{") || t.isScalar()) {
            init(t, offset);
            return;
        }
        if (t.isArray() && isStringFor(t)) {
            initString(t, offset);
            return;
        }
        if (t.isStructOrUnion()) {
            // an expression of the struct type initializes it whole; otherwise elide braces
            if (!startsDesignator()) {
                int save = p.pos;
                int errs = diags.errorCount();
                Expr e;
                try {
                    e = p.exprs.assign();
                } catch (SyntaxError ex) {
                    throw ex;
                }
                Expr r = p.exprs.rvalue(e);
                if (Types.compatibleUnqualified(r.type(), t)) {
                    addItem(offset, t, r, null);
                    return;
                }
                if (diags.errorCount() != errs) return; // already reported; the expression is consumed
                p.pos = save;
            }
            structMembers(t, offset, false, 0);
            return;
        }
        if (t.isArray()) {
            arrayElements(t, offset, false);
            return;
        }
        init(t, offset);
    }

    private boolean startsDesignator() {
        return p.at("[") || p.at(".");
    }

    /** Struct/union members, with .name designators; braced: until '}', else as many as the struct holds. */
    private void structMembers(Type t, long offset, boolean braced, int from) {
        List<Member> ms = t.members();
        int i = from;
        boolean first = true;
        boolean isUnion = t.kind == Type.Kind.UNION;
        while (!p.at("}") && !p.atEof()) {
            boolean comma = false;
            if (!first) {
                if (!p.consume(",")) break;
                comma = true;
                if (p.at("}")) break;
                if (!braced && (p.at(".") || p.at("["))) {
                    p.pos--;
                    break;
                }
            }
            first = false;
            if (p.at(".")) {
                if (!braced) {
                    if (comma) p.pos--;
                    break;
                }
                p.pos++;
                Token name = p.expectIdent();
                List<Member> path = t.findMember(name.text);
                if (path == null) {
                    diags.error(
                            name.loc,
                            "field designator '" + name.text + "' does not refer to any field in type '" + t + "'");
                    skipInit();
                    continue;
                }
                long off = offset;
                for (Member m : path) off += m.offset();
                Member last = path.get(path.size() - 1);
                if (last.isBitField() && !p.at("[") && !p.at(".")) {
                    p.expect("=");
                    scalarItem(last.type(), off, p.exprs.assign(), last);
                } else designatedInit(last.type(), off);
                i = path.get(0).index() + 1;
                if (isUnion) i = ms.size();
                continue;
            }
            while (i < ms.size() && ms.get(i).isBitField() && ms.get(i).name() == null)
                i++; // unnamed bit-fields take no initializer
            if (i >= ms.size() || isUnion && i > 0) {
                if (!braced) {
                    if (comma) p.pos--;
                    break;
                }
                diags.warning(
                        p.tok().loc,
                        "excess elements in " + (isUnion ? "union" : "struct") + " initializer",
                        "-Wexcess-initializers");
                while (!p.at("}") && !p.atEof()) {
                    if (p.at("{")) {
                        p.pos++;
                        skipBraces();
                    } else p.exprs.assign();
                    if (!p.consume(",")) break;
                }
                break;
            }
            Member m = ms.get(i);
            if (m.isBitField()) scalarItem(m.type(), offset + m.offset(), p.exprs.assign(), m);
            else if (m.type().kind == Type.Kind.ARRAY && m.type().arrayLen < 0) {
                // flexible array member: gcc allows initializing it in static objects
                long n = p.at("{") ? initBraced(m.type(), offset + m.offset()) : 0;
                if (n > 0 && !initStatic)
                    diags.error(m.loc(), "initialization of flexible array member is not allowed");
            } else elementInit(m.type(), offset + m.offset());
            i++;
        }
    }
}
