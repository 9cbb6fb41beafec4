package jomp.compiler.parse;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.OmpClause;
import jomp.compiler.ast.OmpDirective;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.ConstEval;
import jomp.compiler.type.Type;
import jomp.compiler.type.TypePrinter;

/**
 * The data-mapping part of OpenMP's syntax (OpenMP 5.2 §5.8–5.9, §14): map clauses and their
 * modifiers (always, close, present, ompx_hold, mapper, iterator), the motion clauses of target
 * update, list items with strided sections, declare mapper, and the interop clauses. List items
 * carry their text as clang prints it, for the map names the runtime reports.
 */
final class OmpMapParser {
    private final Parser p;
    /** Inside a declare mapper: its variable, which its own clauses map without the mapper (no recursion). */
    private Var mapperVar;

    OmpMapParser(Parser p) {
        this.p = p;
    }

    // ---- map -----------------------------------------------------------------------------------

    /** {@code map([modifiers,] [type:] list)} after the clause name. */
    OmpClause.Map map(SourceLocation loc) {
        Token o = open("map");
        Set<OmpDirective.MapModifier> mods = EnumSet.noneOf(OmpDirective.MapModifier.class);
        Token mapperId = null;
        OmpClause.Iterator iterator = null;
        boolean scoped = false;
        try {
            while (true) {
                Token m = p.tok();
                if (m.kind != Token.Kind.IDENT) break;
                boolean modifier = switch (m.text) {
                    case "always", "close", "present", "ompx_hold", "self", "ref_ptr", "ref_ptee", "ref_ptr_ptee" ->
                        // OpenMP 6.0: modifiers without a map type (map(present: x)) keep the default type
                        p.peek(1).is(",")
                                || p.peek(1).kind == Token.Kind.IDENT
                                || p.peek(1).is(":");
                    case "delete" -> p.peek(1).is(","); // OpenMP 6.0's delete modifier (map(delete, storage: x))
                    case "mapper", "iterator", "attach" -> p.peek(1).is("(");
                    default -> false;
                };
                if (!modifier) break;
                p.pos++;
                switch (m.text) {
                    case "mapper" -> mapperId = mapperName();
                    case "attach" -> attachModifier(m, mods);
                    case "iterator" -> {
                        if (iterator != null) p.diags.error(m.loc, "only one 'iterator' modifier is allowed");
                        p.enterScope();
                        scoped = true;
                        iterator = iterator();
                    }
                    default -> {
                        OmpDirective.MapModifier mm = OmpDirective.MapModifier.valueOf(m.text.toUpperCase(Locale.ROOT));
                        if (!mods.add(mm))
                            p.diags.error(m.loc, "same map type modifier has been specified more than once");
                    }
                }
                p.consume(",");
            }
            OmpClause.MapType type = OmpClause.MapType.TOFROM;
            boolean written = false;
            if (p.peek(1).is(":") && p.tok().kind != Token.Kind.PUNCT) {
                Token k = p.next();
                p.pos++;
                written = true;
                type = switch (k.text) {
                    case "to" -> OmpClause.MapType.TO;
                    case "from" -> OmpClause.MapType.FROM;
                    case "tofrom" -> OmpClause.MapType.TOFROM;
                    case "alloc" -> OmpClause.MapType.ALLOC;
                    case "release" -> OmpClause.MapType.RELEASE;
                    case "delete" -> OmpClause.MapType.DELETE;
                    // OpenMP 6.0: storage allocates on entry and releases on exit (alloc and release together)
                    case "storage" ->
                        mods.contains(OmpDirective.MapModifier.DELETE)
                                ? OmpClause.MapType.DELETE
                                : OmpClause.MapType.ALLOC;
                    default -> {
                        p.diags.error(
                                k.loc,
                                "incorrect map type, expected one of 'to', 'from', 'tofrom', 'alloc', 'release', or 'delete'");
                        throw new Parser.SyntaxError();
                    }
                };
            } else if (!mods.isEmpty() || mapperId != null || iterator != null) {
                p.expect(":");
                if (mods.contains(OmpDirective.MapModifier.DELETE)) type = OmpClause.MapType.DELETE;
            }
            List<OmpDirective.Item> items = itemList(true);
            p.expectClose(")", o);
            return new OmpClause.Map(type, Set.copyOf(mods), items, written, loc, mappers(items, mapperId), iterator);
        } finally {
            if (scoped) p.leaveScope();
        }
    }

    /**
     * OpenMP 6.1's {@code attach(always|auto|never)} map modifier: whether the item's pointers are
     * attached to their pointees (always: even when neither is new; never: not at all; auto: as
     * without it, when one of them is new).
     */
    private void attachModifier(Token m, Set<OmpDirective.MapModifier> mods) {
        Token o = p.next();
        Token k = p.next();
        OmpDirective.MapModifier mm = switch (k.text) {
            case "always" -> OmpDirective.MapModifier.ATTACH_ALWAYS;
            case "never" -> OmpDirective.MapModifier.ATTACH_NEVER;
            case "auto" -> null;
            default -> {
                p.diags.error(k.loc, "expected 'always', 'auto' or 'never' in 'attach' modifier");
                throw new Parser.SyntaxError();
            }
        };
        p.expectClose(")", o);
        boolean twice = mods.contains(OmpDirective.MapModifier.ATTACH_ALWAYS)
                || mods.contains(OmpDirective.MapModifier.ATTACH_NEVER)
                || mods.contains(OmpDirective.MapModifier.ATTACH_AUTO);
        if (twice) p.diags.error(m.loc, "same map type modifier has been specified more than once");
        mods.add(mm == null ? OmpDirective.MapModifier.ATTACH_AUTO : mm);
    }

    /** A motion clause of target update after its name: {@code to|from([present,] [mapper(id),] [iterator(...)] : list)}. */
    OmpClause.Motion motion(boolean to, SourceLocation loc) {
        Token o = open(to ? "to" : "from");
        Set<OmpDirective.MapModifier> mods = EnumSet.noneOf(OmpDirective.MapModifier.class);
        Token mapperId = null;
        OmpClause.Iterator iterator = null;
        boolean scoped = false;
        try {
            boolean any = false;
            while (p.tok().kind == Token.Kind.IDENT) {
                Token m = p.tok();
                boolean modifier = switch (m.text) {
                    case "present" -> p.peek(1).is(",") || p.peek(1).is(":");
                    case "mapper", "iterator" -> p.peek(1).is("(");
                    default -> false;
                };
                if (!modifier) break;
                p.pos++;
                any = true;
                switch (m.text) {
                    case "present" -> mods.add(OmpDirective.MapModifier.PRESENT);
                    case "mapper" -> mapperId = mapperName();
                    default -> {
                        p.enterScope();
                        scoped = true;
                        iterator = iterator();
                    }
                }
                if (!p.consume(",")) break;
            }
            if (any) p.expect(":");
            List<OmpDirective.Item> items = itemList(true);
            p.expectClose(")", o);
            return new OmpClause.Motion(to, Set.copyOf(mods), items, loc, mappers(items, mapperId), iterator);
        } finally {
            if (scoped) p.leaveScope();
        }
    }

    /** {@code mapper(id)} after the word: the identifier ("default" allowed). */
    private Token mapperName() {
        Token o = p.tok();
        p.expect("(");
        Token id = p.next();
        if (id.kind != Token.Kind.IDENT && !id.text.equals("default")) {
            p.diags.error(id.loc, "expected mapper identifier");
            throw new Parser.SyntaxError();
        }
        p.expectClose(")", o);
        return id;
    }

    /**
     * {@code iterator([type] id = begin : end [: step], ...)} after the word, the iterator variables
     * declared in the current (new) scope for the list items that follow (map, motion and depend clauses).
     */
    OmpClause.Iterator iterator() {
        Token o = p.tok();
        p.expect("(");
        List<Var> vars = new ArrayList<>();
        List<Expr> begins = new ArrayList<>(), ends = new ArrayList<>(), steps = new ArrayList<>();
        do {
            Type t = Type.INT;
            if (p.isTypeName(p.tok())) t = p.declarators.typeName();
            Token id = p.expectIdent();
            if (!t.isInteger() && !t.isPointer())
                p.diags.error(
                        id.loc,
                        "expected integral or pointer type as the iterator-type, not " + TypePrinter.quoteAka(t));
            p.expect("=");
            Expr b = p.sema.convert(p.exprs.rvalue(p.exprs.assign()), t);
            p.expect(":");
            Expr e = p.sema.convert(p.exprs.rvalue(p.exprs.assign()), t);
            Expr s = p.consume(":") ? p.sema.convert(p.exprs.rvalue(p.exprs.assign()), Type.LONG) : null;
            Var v = p.declareOmpVariable(id.text, t, id.loc);
            v.synthetic = false;
            vars.add(v);
            begins.add(b);
            ends.add(e);
            steps.add(s);
        } while (p.consume(","));
        p.expectClose(")", o);
        return new OmpClause.Iterator(
                List.copyOf(vars),
                List.copyOf(begins),
                List.copyOf(ends),
                java.util.Collections.unmodifiableList(steps));
    }

    /** The declare mapper each item uses: mapper(id) for its type, else the type's default mapper, else none. */
    private List<OmpClause.UserMapper> mappers(List<OmpDirective.Item> items, Token id) {
        List<OmpClause.UserMapper> out = new ArrayList<>();
        boolean any = false;
        for (OmpDirective.Item it : items) {
            Type t = elementType(it.expr().type());
            if (mapperVar != null && it.expr() instanceof Expr.VarRef r && r.var() == mapperVar) {
                out.add(null);
                continue;
            }
            OmpClause.UserMapper m = find(id == null ? "default" : id.text, t);
            if (m == null && id != null && !id.text.equals("default")) {
                if (!t.isStructOrUnion()) p.diags.error(id.loc, "mapper type must be of struct, union or class type");
                else
                    p.diags.error(
                            id.loc,
                            "cannot find a valid user-defined mapper for type '"
                                    + (t.typedefName != null ? t.typedefName : t.toString()) + "' with name '" + id.text
                                    + "'");
            }
            out.add(m);
            any |= m != null;
        }
        return any ? java.util.Collections.unmodifiableList(out) : List.of();
    }

    static Type elementType(Type t) {
        while (t.isArray()) t = t.base;
        return t;
    }

    private OmpClause.UserMapper find(String name, Type t) {
        List<OmpClause.UserMapper> known = p.userMappers.get(name);
        if (known == null || !t.isStructOrUnion()) return null;
        for (int k = known.size() - 1; k >= 0; k--)
            if (jomp.compiler.type.Types.compatibleUnqualified(known.get(k).type(), t)) return known.get(k);
        return null;
    }

    // ---- declare mapper ------------------------------------------------------------------------

    /**
     * {@code declare mapper([id :] type var) map-clauses} after the directive's words: the mapper
     * is registered for (id or "default", type); its map clauses see var.
     */
    OmpClause.UserMapper declareMapper() {
        Token open = p.tok();
        p.expect("(");
        String name = "default";
        if ((p.tok().kind == Token.Kind.IDENT || p.at("default"))
                && p.peek(1).is(":")
                && !p.peek(2).is(":")) {
            name = p.next().text;
            p.pos++;
        }
        SourceLocation typeLoc = p.tok().loc;
        Type t = p.declarators.typeName();
        Token var = p.expectIdent();
        p.expectClose(")", open);
        if (!t.isStructOrUnion()) {
            p.diags.error(typeLoc, "mapper type must be of struct, union or class type");
            while (!p.atEof()) p.pos++;
            return null;
        }
        List<OmpClause.UserMapper> known = p.userMappers.computeIfAbsent(name, x -> new ArrayList<>());
        for (OmpClause.UserMapper m : known) {
            if (jomp.compiler.type.Types.compatibleUnqualified(m.type(), t)) {
                p.diags.error(
                        var.loc,
                        "redefinition of user-defined mapper for type " + TypePrinter.quoteAka(t) + " with name '"
                                + name + "'");
                p.diags.note(m.loc(), "previous definition is here");
                while (!p.atEof()) p.pos++;
                return null;
            }
        }
        p.enterScope();
        List<OmpClause.Map> maps = new ArrayList<>();
        OmpClause.UserMapper self;
        try {
            Var v = p.declareOmpVariable(var.text, t, var.loc);
            v.synthetic = false;
            mapperVar = v;
            self = new OmpClause.UserMapper(name, t, v, maps, var.loc);
            known.add(self); // visible in its own clauses: a recursive mapper maps nested members of its type
            while (!p.atEof()) {
                if (p.consume(",")) continue;
                Token c = p.next();
                if (!c.text.equals("map")) {
                    p.diags.error(
                            c.loc,
                            "unexpected OpenMP clause '" + c.text + "' in directive '#pragma omp declare mapper'");
                    while (!p.atEof()) p.pos++;
                    break;
                }
                OmpClause.Map m = map(c.loc);
                if (m.type() == OmpClause.MapType.RELEASE || m.type() == OmpClause.MapType.DELETE)
                    p.diags.error(
                            m.loc(),
                            "map type '" + m.type().name().toLowerCase(Locale.ROOT)
                                    + "' is not allowed for '#pragma omp declare mapper'");
                maps.add(m);
            }
        } finally {
            p.leaveScope();
        }
        if (maps.isEmpty())
            p.diags.error(open.loc, "expected at least one clause on '#pragma omp declare mapper' directive");
        return self;
    }

    // ---- interop -------------------------------------------------------------------------------

    /**
     * interop's clauses after the clause name: {@code init([prefer_type(...),] target|targetsync[, ...] : var)},
     * {@code use(var)}, {@code destroy(var)}.
     */
    OmpClause.Interop interop(String action, SourceLocation loc) {
        Token o = open(action);
        Set<String> types = new LinkedHashSet<>();
        List<String> prefer = new ArrayList<>();
        if (action.equals("init")) {
            while (true) {
                Token t = p.tok();
                if (t.text.equals("prefer_type") && p.peek(1).is("(")) {
                    p.pos++;
                    prefer.addAll(preferType());
                } else if (t.text.equals("target") || t.text.equals("targetsync")) {
                    p.pos++;
                    types.add(t.text);
                } else {
                    p.diags.error(t.loc, "expected interop type: 'target' and/or 'targetsync'");
                    throw new Parser.SyntaxError();
                }
                if (p.consume(":")) break;
                p.expect(",");
            }
        }
        OmpDirective.Item it = item(false);
        p.expectClose(")", o);
        if (it != null && !(it.expr().type().isInteger() || it.expr().type().isPointer())) {
            p.diags.error(it.loc(), "expected variable of type 'omp_interop_t'");
        }
        return new OmpClause.Interop(action, Set.copyOf(types), List.copyOf(prefer), it, loc);
    }

    /**
     * prefer_type's list after its name: each preference a foreign runtime (a string literal or an
     * integral constant: omp_ifr_cuda, ...), or OpenMP 6.0's {@code {fr(runtime), attr("ompx_...", ...)}}
     * with at most one fr and any number of attr. A preference is kept as text ("cuda",
     * "cuda+ompx_a", "+ompx_a"): every jomp device has one foreign runtime, which the object gets
     * whatever the list asks, as the specification lets an implementation choose.
     */
    private List<String> preferType() {
        Token po = open("prefer_type");
        List<String> out = new ArrayList<>();
        do {
            if (p.at("{")) {
                Token brace = p.next();
                StringBuilder pref = new StringBuilder();
                boolean fr = false;
                do {
                    Token w = p.tok();
                    if (w.text.equals("fr") && p.peek(1).is("(")) {
                        p.pos++;
                        Token fo = p.next();
                        if (fr) p.diags.error(w.loc, "only one 'fr' is allowed in a preference specification");
                        fr = true;
                        pref.insert(0, foreignRuntime());
                        p.expectClose(")", fo);
                    } else if (w.text.equals("attr") && p.peek(1).is("(")) {
                        p.pos++;
                        Token ao = p.next();
                        do {
                            Expr a = p.exprs.assign();
                            if (a instanceof Expr.StrLit str) pref.append('+').append(text(str));
                            else p.diags.error(a.loc(), "expected string literal in 'attr'");
                        } while (p.consume(","));
                        p.expectClose(")", ao);
                    } else {
                        p.diags.error(w.loc, "expected 'fr' or 'attr' in preference specification");
                        throw new Parser.SyntaxError();
                    }
                } while (p.consume(","));
                p.expectClose("}", brace);
                out.add(pref.toString());
            } else out.add(foreignRuntime());
        } while (p.consume(","));
        p.expectClose(")", po);
        return out;
    }

    private static final String[] FOREIGN_RUNTIMES = {"", "cuda", "cuda_driver", "opencl", "sycl", "hip", "level_zero"};

    /** A foreign runtime of prefer_type: a string literal or an integral constant (clang's check). */
    private String foreignRuntime() {
        Expr e = p.exprs.assign();
        if (e instanceof Expr.StrLit str) return text(str);
        Long v = e.type().isInteger() ? ConstEval.integer(p.exprs.rvalue(e)) : null;
        if (v == null) {
            p.diags.error(e.loc(), "prefer_list item must be a string literal or constant integral expression");
            return "";
        }
        return v > 0 && v < FOREIGN_RUNTIMES.length ? FOREIGN_RUNTIMES[(int) (long) v] : Long.toString(v);
    }

    private static String text(Expr.StrLit s) {
        byte[] b = s.bytes();
        int n = b.length;
        while (n > 0 && b[n - 1] == 0) n--;
        return new String(b, 0, n, java.nio.charset.StandardCharsets.UTF_8);
    }

    // ---- list items ----------------------------------------------------------------------------

    private Token open(String clause) {
        Token o = p.tok();
        if (!p.consume("(")) {
            p.diags.error(o.loc, "expected '(' after '" + clause + "'");
            throw new Parser.SyntaxError();
        }
        return o;
    }

    /** A list of variables, member accesses and array sections (strides allowed when {@code strided}). */
    List<OmpDirective.Item> itemList(boolean strided) {
        List<OmpDirective.Item> items = new ArrayList<>();
        do {
            OmpDirective.Item it = item(strided);
            if (it != null) items.add(it);
        } while (p.consume(","));
        return items;
    }

    /**
     * A list item of a map, motion or depend clause: a variable, an array section, or (OpenMP 5.0)
     * any lvalue with a base variable: {@code *p}, {@code *(p + 1)}, {@code p->x},
     * {@code (*pp)[0:n]}, {@code s.q->a[1:2]}. The item's variable is the one its storage is
     * reached from (the pointer an indirection goes through, the struct a member is of).
     */
    OmpDirective.Item item(boolean strided) {
        int start = p.pos;
        List<OmpDirective.Section> sections = new ArrayList<>();
        Expr e = unaryLocator(strided, sections);
        if (e == null) return null;
        Expr.VarRef root = root(e);
        if (root == null) {
            p.diags.error(p.toks.get(start).loc, "expected addressable lvalue in 'map' clause");
            return null;
        }
        return new OmpDirective.Item(root.var(), e, List.copyOf(sections), root.loc(), text(start, p.pos));
    }

    /** {@code *locator} or a postfix locator. */
    private Expr unaryLocator(boolean strided, List<OmpDirective.Section> sections) {
        if (p.at("*")) {
            Token star = p.next();
            Expr e = unaryLocator(strided, sections);
            return e == null ? null : p.exprs.deref(p.exprs.rvalue(e), star.loc);
        }
        return postfixLocator(strided, sections);
    }

    /** A variable or a parenthesised C expression, then sections, subscripts and member accesses. */
    private Expr postfixLocator(boolean strided, List<OmpDirective.Section> sections) {
        Expr e;
        if (p.at("(")) {
            Token open = p.next();
            e = p.exprs.expr();
            p.expectClose(")", open);
        } else {
            Token name = p.expectIdent();
            Object o = p.lookup(name.text);
            if (!(o instanceof Var v)) {
                p.diags.error(name.loc, "use of undeclared identifier '" + name.text + "'");
                while (!p.at(",") && !p.at(")") && !p.atEof()) p.pos++;
                return null;
            }
            v.used = true;
            e = new Expr.VarRef(v, v.type, name.loc);
        }
        while (true) {
            if (p.at("[")) {
                Token open = p.next();
                Expr lower = p.at(":") ? null : p.sema.convert(p.exprs.rvalue(p.exprs.expr()), Type.LONG);
                Expr length = null, stride = null;
                boolean single = true;
                if (p.consume(":")) {
                    single = false;
                    length = p.at("]") || p.at(":") ? null : p.sema.convert(p.exprs.rvalue(p.exprs.expr()), Type.LONG);
                    if (p.at(":")) {
                        Token c = p.next();
                        if (!strided) {
                            p.diags.error(c.loc, "expected ']'");
                            throw new Parser.SyntaxError();
                        }
                        stride = p.sema.convert(p.exprs.rvalue(p.exprs.expr()), Type.LONG);
                        if (ConstEval.integer(stride) instanceof Long k && k <= 0)
                            p.diags.error(stride.loc(), "section stride is evaluated to a non-positive value " + k);
                    }
                }
                p.expectClose("]", open);
                Type t = e.type();
                if (!t.isArray() && !t.isPointer()) {
                    p.diags.error(open.loc, "subscripted value is not an array or pointer");
                    return null;
                }
                if (length == null && !single && t.isPointer()) {
                    // OpenMP 6.0: p[lo:] of a pointer is an assumed-size array section: it refers to
                    // the storage already mapped there (a zero-length section, as an implicit pointer's)
                    if (p.ompVersion < 60 && !p.at(",") && !p.at(")")) {
                        p.diags.error(
                                open.loc,
                                "section length is unspecified and cannot be inferred because subscripted value is not an array");
                        return null;
                    }
                    length = new Expr.IntLit(0, Type.LONG, open.loc);
                }
                sections.add(new OmpDirective.Section(lower, length, single, stride));
                e = p.exprs.subscript(e, lower != null ? lower : new Expr.IntLit(0, Type.LONG, open.loc), open);
            } else if (p.at(".") || p.at("->")) {
                Token op = p.next();
                Token m = p.expectIdent();
                e = p.exprs.member(e, m, op, op.text.equals("->"));
                if (Parser.ERROR.equals(e.type())) return null;
            } else break;
        }
        return e;
    }

    /** The variable an lvalue's storage is reached from: through members, indirections, pointer arithmetic; null for none. */
    static Expr.VarRef root(Expr e) {
        while (true) {
            switch (e) {
                case Expr.VarRef r -> {
                    return r.var().isFunction() ? null : r;
                }
                case Expr.Cast c -> e = c.operand();
                case Expr.Decay d -> e = d.operand();
                case Expr.Member m -> e = m.base();
                case Expr.Unary u when u.op() == Expr.Unary.Op.DEREF -> e = u.operand();
                case Expr.Binary b
                when b.op() == Expr.Binary.Op.ADD || b.op() == Expr.Binary.Op.SUB ->
                    e = b.left().type().isPointer() || b.left().type().isArray() ? b.left() : b.right();
                default -> {
                    return null;
                }
            }
        }
    }

    private static final Set<String> BINARY = Set.of(
            "+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "&&", "||", "=", "+=",
            "-=", "*=", "/=", "?");

    /** The tokens [from, to) printed as clang prints an expression: binary operators spaced, the rest tight. */
    String text(int from, int to) {
        StringBuilder sb = new StringBuilder();
        Token prev = null;
        for (int i = from; i < to; i++) {
            Token t = p.toks.get(i);
            boolean operand = prev != null
                    && (prev.kind == Token.Kind.IDENT
                            || prev.kind == Token.Kind.NUMBER
                            || prev.is(")")
                            || prev.is("]")
                            || prev.kind == Token.Kind.STRING
                            || prev.kind == Token.Kind.CHAR);
            if (t.kind == Token.Kind.PUNCT && BINARY.contains(t.text) && operand)
                sb.append(' ').append(t.text).append(' ');
            else if (t.is(",")) sb.append(", ");
            else if (prev != null
                    && (prev.kind == Token.Kind.IDENT
                            || prev.kind == Token.Kind.KEYWORD
                            || prev.kind == Token.Kind.NUMBER)
                    && (t.kind == Token.Kind.IDENT || t.kind == Token.Kind.KEYWORD || t.kind == Token.Kind.NUMBER))
                sb.append(' ').append(t.text);
            else sb.append(t.text);
            prev = t;
        }
        return sb.toString();
    }
}
