package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.parse.Parser.Attr;
import jomp.compiler.parse.Parser.Declarator;
import jomp.compiler.parse.Parser.EnumConst;
import jomp.compiler.parse.Parser.SyntaxError;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.sema.EnumLayout;
import jomp.compiler.sema.RecordLayout;
import jomp.compiler.type.Member;
import jomp.compiler.type.Record;
import jomp.compiler.type.Type;
import jomp.compiler.type.Types;

/**
 * Structure, union and enumeration specifiers (C11 6.7.2.1-3): tags in scope, member lists and
 * bit-fields, enumerators and their underlying type. Layout is {@link jomp.compiler.sema.RecordLayout}'s.
 * Part of the parser: shares {@link Parser}'s token cursor, scopes and function state.
 */
final class TagSpecifiers {
    private final Parser p;
    private final Diagnostics diags;

    TagSpecifiers(Parser p) {
        this.p = p;
        this.diags = p.diags;
    }

    Type structUnionDecl(Type.Kind kind, Token kw) {
        List<GnuAttributes.Attribute> typeAttrs = p.decls.attribute(null);
        Token tag = null;
        if (p.isIdent(p.tok()) || p.tok().kind == Token.Kind.IDENT) tag = p.next();
        if (tag != null && !p.at("{")) {
            Type t = p.lookupTag(tag.text);
            if (t != null) {
                if (t.kind != kind) {
                    diags.error(
                            tag.loc,
                            "use of '" + tag.text + "' with tag type that does not match previous declaration");
                    diags.note(t.record.defLoc != null ? t.record.defLoc : tag.loc, "previous use is here");
                }
                // "struct S;" alone declares a new tag in this scope
                if (!(p.at(";") && p.scopes.get(p.scopes.size() - 1).tags.get(tag.text) == null)) return t;
            }
            Type nt = Type.newTag(kind, tag.text);
            nt.record.declLoc = tag.loc;
            p.scopes.get(p.scopes.size() - 1).tags.put(tag.text, nt);
            return nt;
        }
        if (tag == null && !p.at("{"))
            throw p.errorAt(
                    p.tok().loc,
                    "declaration of anonymous " + (kind == Type.Kind.STRUCT ? "struct" : "union")
                            + " must be a definition");
        Type t;
        Type existing =
                tag == null ? null : p.scopes.get(p.scopes.size() - 1).tags.get(tag.text);
        if (existing != null && beingDefined.contains(existing.record)) {
            diags.error(tag.loc, "nested redefinition of '" + tag.text + "'");
            existing = null;
            t = Type.newTag(kind, tag.text);
        } else if (existing != null && existing.kind == kind && !existing.record.complete) t = existing;
        else {
            if (existing != null && existing.record.complete) {
                diags.error(tag.loc, "redefinition of '" + tag.text + "'");
                diags.note(existing.record.defLoc, "previous definition is here");
            }
            t = Type.newTag(kind, tag == null ? null : tag.text);
            t.record.declLoc = tag != null ? tag.loc : kw.loc;
            if (tag != null) p.scopes.get(p.scopes.size() - 1).tags.put(tag.text, t);
        }
        t.record.defLoc = tag != null ? tag.loc : kw.loc;
        beingDefined.add(t.record);
        try {
            return structBody(t, typeAttrs);
        } finally {
            beingDefined.remove(t.record);
        }
    }

    /** Struct/union definitions in progress: their tags cannot be redefined inside them. */
    private final Set<Record> beingDefined = new HashSet<>();

    /** Is a struct or union body being parsed (its members' specifiers are no file-scope declaration's)? */
    boolean inBody() {
        return !beingDefined.isEmpty();
    }

    private Type structBody(Type t, List<GnuAttributes.Attribute> typeAttrs) {
        Token open = p.next();
        List<Member> members = new ArrayList<>();
        List<Integer> aligns = new ArrayList<>();
        HashMap<String, SourceLocation> names = new HashMap<>();
        while (!p.at("}") && !p.atEof()) {
            try {
                if (p.at("_Static_assert")) {
                    p.decls.staticAssert();
                    continue;
                }
                if (p.tok().kind == Token.Kind.PRAGMA) {
                    p.pragmas.apply(p.next());
                    continue;
                }
                if (p.consume(";")) continue;
                Attr a = new Attr();
                Token startTok = p.tok();
                Type base = p.decls.declspec(a);
                boolean implicit = p.decls.implicitInt;
                if (p.at(";") && base.isStructOrUnion() && base.record.tag == null) {
                    // anonymous struct/union member (C11 6.7.2.1p13)
                    p.pos++;
                    members.add(new Member(null, base, 0, -1, 0, members.size(), startTok.loc));
                    aligns.add(GnuAttributes.has(a.attrs, "packed") ? -Math.max(1, a.align) : a.align);
                    continue;
                }
                boolean first = true;
                while (first || p.consume(",")) {
                    first = false;
                    Declarator d = p.at(":")
                            ? new Declarator(base, null, null, p.tok().loc)
                            : p.at(";")
                                    ? p.declarators.declarator(base)
                                    : p.declarators.namedDeclarator(
                                            base, "expected member name or ';' after declaration specifiers");
                    if (implicit) p.decls.implicitInt(d.loc());
                    int width = p.consume(":") ? bitFieldWidth(d) : -1;
                    List<GnuAttributes.Attribute> after = p.decls.attribute(null);
                    if (d.name() != null) {
                        SourceLocation prevLoc = names.put(d.name().text, d.name().loc);
                        if (prevLoc != null) {
                            diags.error(d.name().loc, "duplicate member '" + d.name().text + "'");
                            diags.note(prevLoc, "previous declaration is here");
                        }
                    }
                    if (badFieldType(d)) continue; // left out, so that a struct never contains itself
                    members.add(new Member(
                            d.name() == null ? null : d.name().text, d.type(), 0, width, 0, members.size(), d.loc()));
                    // the member's alignment from aligned(n); negative: a packed member (byte-aligned unless aligned
                    // says more)
                    int ma = Math.max(a.align, Math.max(p.gnuAttrs.alignment(d.attrs()), p.gnuAttrs.alignment(after)));
                    boolean mpacked = GnuAttributes.has(a.attrs, "packed")
                            || GnuAttributes.has(d.attrs(), "packed")
                            || GnuAttributes.has(after, "packed");
                    aligns.add(mpacked ? -Math.max(1, ma) : ma);
                }
                if (p.at("}")) diags.warning(p.afterPrev(), "expected ';' at end of declaration list");
                else p.expectAfter(";", "at end of declaration list");
            } catch (SyntaxError e) {
                while (!p.at(";") && !p.at("}") && !p.atEof()) p.pos++;
                p.consume(";");
            }
        }
        p.expectClose("}", open);
        layout(t, members, aligns, Declarations.concat(typeAttrs, p.decls.attribute(null)));
        return t;
    }

    /** Is the member's type one a field cannot have (a function, a VLA, incomplete but a flexible array)? Reported. */
    private boolean badFieldType(Declarator d) {
        if (d.type().isFunction())
            diags.error(d.loc(), "field '" + (d.name() == null ? "" : d.name().text) + "' declared as a function");
        else if (d.type().kind == Type.Kind.VLA)
            diags.error(
                    d.loc(),
                    "fields must have a constant size: 'variable length array in structure' extension will never be supported");
        else if (!d.type().isComplete() && !(d.type().kind == Type.Kind.ARRAY && d.type().arrayLen < 0)) {
            diags.error(d.loc(), "field has incomplete type '" + d.type() + "'");
            p.exprs.forwardNote(d.type());
        } else return false;
        return true;
    }

    /** The width after a bit-field's ':' (clamped to 0..the type's width once diagnosed). */
    private int bitFieldWidth(Declarator d) {
        Expr w = p.exprs.conditional();
        Long wv = ConstEval.integer(p.exprs.rvalue(w));
        if (wv == null) {
            diags.error(w.loc(), "expression is not an integer constant expression");
            wv = 1L;
        }
        if (!d.type().isInteger())
            diags.error(
                    d.loc(),
                    "bit-field " + (d.name() == null ? "" : "'" + d.name().text + "' ") + "has non-integral type '"
                            + d.type() + "'");
        else if (wv > typeWidth(d.type()))
            diags.error(
                    d.name() == null ? w.loc() : d.loc(), // clang: at the member's name
                    "width of bit-field " + (d.name() == null ? "" : "'" + d.name().text + "' ") + "(" + wv
                            + " bits) exceeds the width of its type ("
                            + typeWidth(d.type()) + " bits)");
        else if (wv < 0)
            diags.error(
                    w.loc(),
                    "bit-field " + (d.name() == null ? "" : "'" + d.name().text + "' ") + "has negative width (" + wv
                            + ")");
        else if (wv == 0 && d.name() != null)
            diags.error(d.loc(), "named bit-field '" + d.name().text + "' has zero width");
        return (int) Math.max(0, Math.min(wv, d.type().isInteger() ? typeWidth(d.type()) : 64));
    }

    /** Lays out a struct or union's members, with the type's attributes (before and after its body). */
    private void layout(Type t, List<Member> members, List<Integer> aligns, List<GnuAttributes.Attribute> typeAttrs) {
        t.record.packed = GnuAttributes.has(typeAttrs, "packed");
        t.record.maxAlign = p.pragmas.pack();
        RecordLayout.layout(diags, t, members, aligns);
        int align = p.gnuAttrs.alignment(typeAttrs);
        if (align > t.record.align) {
            t.record.align = align;
            t.record.size = RecordLayout.alignTo(t.record.size, align);
        }
        if (GnuAttributes.has(typeAttrs, "transparent_union")) {
            if (t.kind == Type.Kind.UNION) t.record.transparentUnion = true;
            else
                diags.warning(
                        t.record.defLoc,
                        "'transparent_union' attribute only applies to unions",
                        "-Wignored-attributes");
        }
    }

    Type enumDecl(Token kw) {
        List<GnuAttributes.Attribute> typeAttrs = p.decls.attribute(null);
        Token tag = null;
        if (p.tok().kind == Token.Kind.IDENT && !Parser.KEYWORDS.contains(p.tok().text)) tag = p.next();
        if (tag != null && !p.at("{")) {
            Type t = p.lookupTag(tag.text);
            if (t != null) {
                if (t.kind != Type.Kind.ENUM)
                    diags.error(
                            tag.loc,
                            "use of '" + tag.text + "' with tag type that does not match previous declaration");
                return t;
            }
            Type nt = Type.newTag(Type.Kind.ENUM, tag.text);
            p.scopes.get(p.scopes.size() - 1).tags.put(tag.text, nt);
            return nt;
        }
        Type t = Type.newTag(Type.Kind.ENUM, tag == null ? null : tag.text);
        if (tag != null) t = declareDefinedEnum(tag, t);
        t.record.defLoc = tag != null ? tag.loc : kw.loc;
        Token open = p.tok();
        p.expect("{");
        long val = 0;
        boolean negative = false, wide = false;
        List<EnumConst> consts = new ArrayList<>();
        List<Token> names = new ArrayList<>();
        boolean first = true;
        while (!p.at("}")) {
            if (!first) {
                p.expect(",");
                if (p.at("}")) break;
            }
            first = false;
            Token name = p.expectIdent();
            p.decls.attribute(null); // enumerator attributes (deprecated, unavailable)
            if (p.consume("=")) {
                Expr e = p.exprs.conditional();
                Expr rv = p.exprs.rvalue(e);
                Long v = ConstEval.integer(rv);
                if (v == null) diags.error(e.loc(), "expression is not an integer constant expression");
                else val = v;
                // a value of unsigned long above LONG_MAX (UINTPTR_MAX): the enum is unsigned long, as in gcc and clang
                if (v != null
                        && v < 0
                        && rv.type() != null
                        && rv.type().isUnsigned
                        && rv.type().size() == 8) wide = true;
            }
            Object old = p.scopes.get(p.scopes.size() - 1).names.get(name.text);
            if (old != null) {
                diags.error(name.loc, "redefinition of enumerator '" + name.text + "'");
                diags.note(Parser.locOf(old), "previous definition is here");
            }
            EnumConst c = new EnumConst(val, Type.INT, name.loc);
            if (val < 0 && !wide) negative = true;
            p.scopes.get(p.scopes.size() - 1).names.put(name.text, c);
            consts.add(c);
            names.add(name);
            val++;
        }
        p.expectClose("}", open);
        typeAttrs = Declarations.concat(typeAttrs, p.decls.attribute(null));
        // the enum's type is unsigned int unless a value is negative (gcc); the constants are int
        t.record.complete = true;
        t.record.size = 4;
        t.record.align = 4;
        t.record.negative = negative;
        Type under = wide && !negative
                ? Type.ULONG
                : EnumLayout.underlying(
                        consts.stream().mapToLong(EnumConst::value).toArray(), GnuAttributes.has(typeAttrs, "packed"));
        if (under != null) retype(t, under, consts, names);
        return t;
    }

    /** The tag of an enum being defined: t, or the earlier forward declaration in this scope that it completes. */
    private Type declareDefinedEnum(Token tag, Type t) {
        Type existing = p.scopes.get(p.scopes.size() - 1).tags.get(tag.text);
        if (existing != null && existing.record.complete) {
            diags.error(tag.loc, "redefinition of '" + tag.text + "'");
            diags.note(existing.record.defLoc, "previous definition is here");
        }
        if (existing != null && existing.kind == Type.Kind.ENUM && !existing.record.complete) t = existing;
        p.scopes.get(p.scopes.size() - 1).tags.put(tag.text, t);
        return t;
    }

    /** Values beyond int, or packed: the enum's type and size follow its values, as in gcc and clang. */
    private void retype(Type t, Type under, List<EnumConst> consts, List<Token> names) {
        t.record.underlying = under;
        t.record.size = under.size();
        t.record.align = under.align();
        for (int i = 0; i < consts.size(); i++) {
            EnumConst c = consts.get(i);
            // in an enum of unsigned long a negative value stands for one above LONG_MAX
            boolean fitsInt = Types.fits(c.value(), Type.INT) && !(under == Type.ULONG && c.value() < 0);
            if (!fitsInt || under.size() > 4)
                p.scopes
                        .get(p.scopes.size() - 1)
                        .names
                        .put(names.get(i).text, new EnumConst(c.value(), fitsInt ? Type.INT : under, c.loc()));
        }
    }

    /** The width a bit-field of type t may have: N of _BitInt(N), else its size's bits. */
    private static long typeWidth(Type t) {
        return t.isBitInt() ? t.bitWidth() : t.size() * 8;
    }
}
