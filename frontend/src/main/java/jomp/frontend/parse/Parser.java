package jomp.frontend.parse;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jomp.frontend.ast.Expr;
import jomp.frontend.ast.Initializer;
import jomp.frontend.ast.Stmt;
import jomp.frontend.ast.TranslationUnit;
import jomp.frontend.ast.Var;
import jomp.frontend.diag.Diagnostics;
import jomp.frontend.diag.SourceLocation;
import jomp.frontend.lex.Token;
import jomp.frontend.sema.Sema;
import jomp.frontend.type.Member;
import jomp.frontend.type.Record;
import jomp.frontend.type.Type;
import jomp.frontend.type.TypePrinter;
import jomp.frontend.type.Types;

/**
 * The C11 parser, chibicc style: recursive descent over the preprocessed tokens, building a typed
 * AST as it goes. Semantic checks happen as each construct is built (types are known bottom-up),
 * with clang's wording; see {@link Sema} for conversions and their diagnostics. Every implicit
 * conversion becomes an explicit {@link Expr.Cast}. Reads top to bottom: translation unit,
 * declarations, declarators, initializers, statements, expressions, primary expressions.
 * One pass, no backtracking beyond a declarator's parentheses: time is linear in the input.
 */
public final class Parser {
    /** Unwinds to the nearest statement or declaration after a syntax error has been reported. */
    static final class SyntaxError extends RuntimeException {
        SyntaxError() { super(null, null, false, false); }
    }

    /** The type of an expression that already produced an error; later checks stay silent about it. */
    public static final Type ERROR = Type.INT.withTypedefName("<error>");

    static final Set<String> KEYWORDS = Set.of(
        "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum", "extern",
        "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return", "short", "signed",
        "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while",
        "_Alignas", "_Alignof", "_Atomic", "_Bool", "_Complex", "_Generic", "_Imaginary", "_Noreturn",
        "_Static_assert", "_Thread_local", "__restrict", "__restrict__", "__inline", "__inline__", "__attribute__",
        "__extension__", "__signed__", "__const", "__volatile__", "__volatile", "__typeof__", "typeof", "__alignof__",
        "__thread", "__asm__", "asm", "__builtin_va_arg", "__builtin_offsetof",
        "__asm", "__int128", "__signed", "__typeof", "__typeof_unqual__", "__typeof_unqual", "__auto_type", "__complex__",
        "__real", "__imag", "__real__", "__imag__", "__alignof", "__builtin_types_compatible_p", "__builtin_choose_expr");

    final Diagnostics diags;
    final Sema sema;
    final Literals literals;
    List<Token> toks;
    int pos;

    // ---- scopes (C11 6.2.1): ordinary identifiers and tags, innermost last ----
    /** An enumeration constant in scope. */
    record EnumConst(long value, Type type, SourceLocation loc) {}
    /** A typedef name in scope. */
    record Typedef(Type type, SourceLocation loc) {}

    private static final class Scope {
        final HashMap<String, Object> names = new HashMap<>();
        final HashMap<String, Type> tags = new HashMap<>();
    }
    private final ArrayList<Scope> scopes = new ArrayList<>();

    // ---- per-function state ----
    private Var currentFn;
    /** The parameters of the function being defined (va_start checks its second argument against the last). */
    private List<Var> currentParams = List.of();
    private List<Var> locals;
    private int loopDepth, breakDepth;
    private final ArrayDeque<SwitchCtx> switches = new ArrayDeque<>();
    private Map<String, SourceLocation> labels;
    private List<Token> gotos;
    private int uniq;

    private static final class SwitchCtx {
        final Type type;
        final List<Stmt.Case> cases = new ArrayList<>();
        final HashMap<Long, SourceLocation> seen = new HashMap<>();
        Stmt.Default dflt;
        SourceLocation dfltLoc;
        SwitchCtx(Type type) { this.type = type; }
    }

    // ---- output ----
    final List<TranslationUnit.TopLevel> items = new ArrayList<>();
    private final List<Var> globals = new ArrayList<>();
    private final HashSet<Var> emitted = new HashSet<>();
    /** File-scope objects with only tentative definitions, emitted zero-filled at the end. */
    private final List<Var> tentative = new ArrayList<>();
    /**
     * Where each tentative definition was first seen among the items: it is emitted there, so that
     * what surrounds it (an OpenMP begin/end declare target) applies to it.
     */
    private final java.util.Map<Var, Integer> tentativeAt = new java.util.IdentityHashMap<>();

    Parser(List<Token> toks, Diagnostics diags) {
        this.toks = toks;
        this.diags = diags;
        this.sema = new Sema(diags);
        this.literals = new Literals(diags);
        this.pragmas = new ParserPragmas(diags);
        scopes.add(new Scope());
        declareBuiltins();
    }

    /** Parses and checks a whole translation unit. Errors are reported to diags; the AST is usable only if there were none. */
    public static TranslationUnit parse(List<Token> toks, Diagnostics diags) {
        return new Parser(toks, diags).translationUnit();
    }

    /** The same with the OpenMP version of -fopenmp-version (51, clang 19's default, when not given). */
    public static TranslationUnit parse(List<Token> toks, Diagnostics diags, int ompVersion) {
        Parser p = new Parser(toks, diags);
        p.ompVersion = ompVersion;
        return p.translationUnit();
    }

    /** -fopenmp-version: 45, 50, 51 or 52 (OmpParser checks linear's syntax by it). */
    int ompVersion = 51;
    /** OpenMP constructs whose statement is being parsed (an orphaned loop construct needs bind). */
    int ompNesting;

    private void declareBuiltins() {
        // __builtin_va_list: jomp passes variadic arguments in a native area; va_list is a pointer into it
        scopes.get(0).names.put("__builtin_va_list", new Typedef(Type.VA_LIST, null));
        // clang's predeclared names for the 128-bit integers
        scopes.get(0).names.put("__int128_t", new Typedef(Type.INT128.withTypedefName("__int128_t"), null));
        scopes.get(0).names.put("__uint128_t", new Typedef(Type.UINT128.withTypedefName("__uint128_t"), null));
    }

    // ================================================================
    // tokens
    // ================================================================

    Token tok() { return toks.get(pos); }
    Token peek(int n) { int i = Math.min(pos + n, toks.size() - 1); return toks.get(i); }
    Token prev() { return toks.get(pos - 1); }
    Token next() { Token t = toks.get(pos); if (t.kind != Token.Kind.EOF) pos++; return t; }
    boolean at(String s) { Token t = tok(); return (t.kind == Token.Kind.PUNCT || t.kind == Token.Kind.KEYWORD || t.kind == Token.Kind.IDENT) && t.text.equals(s); }
    boolean consume(String s) { if (at(s)) { pos++; return true; } return false; }
    boolean atEof() { return tok().kind == Token.Kind.EOF; }

    boolean isIdent(Token t) { return t.kind == Token.Kind.IDENT && !KEYWORDS.contains(t.text); }

    /** Where clang points for "expected X after Y": just past the previous token. */
    SourceLocation afterPrev() {
        Token p = pos > 0 ? prev() : tok();
        if (pos > 0 && p.loc.file() == tok().loc.file() && p.loc.offset() < tok().loc.offset()) {
            int len = p.text.length();
            if (p.kind == Token.Kind.PRAGMA) len = 0;
            return Literals.at(p, Math.min(len, tok().loc.offset() - p.loc.offset()));
        }
        return pos > 0 ? Literals.at(p, p.text.length()) : p.loc;
    }

    SyntaxError errorAt(SourceLocation loc, String msg) {
        diags.error(loc, msg);
        return new SyntaxError();
    }

    void expect(String s) {
        if (!consume(s)) throw errorAt(tok().loc, "expected '" + s + "'");
    }

    /** expected ';' (or another token) after something: the caret goes right after the previous token. */
    void expectAfter(String s, String what) {
        if (consume(s)) return;
        throw errorAt(afterPrev(), "expected '" + s + "' " + what);
    }

    /** A closing ')' ']' '}' with clang's "to match this" note. */
    void expectClose(String close, Token open) {
        if (consume(close)) return;
        diags.error(tok().loc, "expected '" + close + "'");
        diags.note(open.loc, "to match this '" + open.text + "'");
        throw new SyntaxError();
    }

    Token expectIdent() {
        Token t = tok();
        if (!isIdent(t)) throw errorAt(t.loc, "expected identifier");
        pos++;
        return t;
    }

    /** Skips to just past the next ';' at this nesting level, or to a '}' that closes the current block. */
    void skipToStatementEnd() {
        int depth = 0;
        while (!atEof()) {
            Token t = tok();
            if (t.kind == Token.Kind.PUNCT) {
                if (t.text.equals("{") || t.text.equals("(") || t.text.equals("[")) depth++;
                else if (t.text.equals(")") || t.text.equals("]")) { if (depth > 0) depth--; }
                else if (t.text.equals("}")) {
                    if (depth == 0) return;
                    depth--;
                    if (depth == 0) { pos++; if (at(";")) pos++; return; }
                } else if (t.text.equals(";") && depth == 0) { pos++; return; }
            }
            pos++;
        }
    }

    // ================================================================
    // scopes
    // ================================================================

    /** The declare reductions seen so far, by name (OmpParser); later ones shadow earlier ones. */
    final java.util.Map<String, List<jomp.frontend.ast.OmpClause.UserReduction>> userReductions = new HashMap<>();
    /** The declare mappers seen so far, by name ("default" for unnamed ones; OmpMapParser). */
    final java.util.Map<String, List<jomp.frontend.ast.OmpClause.UserMapper>> userMappers = new HashMap<>();
    /** A requires reverse_offload was seen (device(ancestor: 1) needs one). */
    boolean requiresReverseOffload;

    /**
     * omp_in, omp_out, omp_priv or omp_orig of a declare reduction, in the current scope: a local
     * of no function, which the lowering binds to the address it stands for.
     */
    Var declareOmpVariable(String name, Type t, SourceLocation loc) {
        Var v = new Var(name, t, loc, true);
        v.synthetic = true;
        scopes.get(scopes.size() - 1).names.put(name, v);
        return v;
    }

    void enterScope() { scopes.add(new Scope()); }
    void leaveScope() { scopes.remove(scopes.size() - 1); }
    boolean atFileScope() { return scopes.size() == 1; }

    Object lookup(String name) {
        for (int i = scopes.size() - 1; i >= 0; i--) {
            Object o = scopes.get(i).names.get(name);
            if (o != null) return o;
        }
        return null;
    }

    Type lookupTag(String name) {
        for (int i = scopes.size() - 1; i >= 0; i--) {
            Type t = scopes.get(i).tags.get(name);
            if (t != null) return t;
        }
        return null;
    }

    boolean isTypedefName(Token t) {
        return t.kind == Token.Kind.IDENT && !KEYWORDS.contains(t.text) && lookup(t.text) instanceof Typedef;
    }

    /**
     * Does a type name start at peek(k)? {@code __extension__} may come first, before a type or an
     * expression: {@code (__extension__ ({ ... }))} is an expression (glibc's ctype.h at -O).
     */
    boolean typeNameAt(int k) {
        while (peek(k).text.equals("__extension__")) k++;
        return isTypeName(peek(k));
    }

    /** Does a type name start here? */
    boolean isTypeName(Token t) {
        if (t.kind == Token.Kind.KEYWORD || t.kind == Token.Kind.IDENT && KEYWORDS.contains(t.text)) {
            return switch (t.text) {
                case "void", "_Bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "struct",
                     "union", "enum", "typedef", "static", "extern", "inline", "const", "volatile", "restrict", "auto",
                     "register", "_Alignas", "_Atomic", "_Complex", "_Noreturn", "_Thread_local", "__restrict",
                     "__restrict__", "__inline", "__inline__", "__attribute__", "__extension__", "__signed__", "__const",
                     "__volatile__", "__volatile", "__typeof__", "typeof", "__thread", "__int128", "__signed", "__typeof",
                     "__typeof_unqual__", "__typeof_unqual", "__auto_type", "__complex__" -> true;
                default -> false;
            };
        }
        return isTypedefName(t);
    }

    // ================================================================
    // translation unit (C11 6.9)
    // ================================================================

    TranslationUnit translationUnit() {
        while (!atEof()) {
            int start = pos;
            try {
                if (tok().kind == Token.Kind.PRAGMA) { pragmaAtFileScope(next()); continue; }
                if (consume(";")) continue;
                if (at("_Static_assert")) { staticAssert(); continue; }
                externalDeclaration();
            } catch (SyntaxError e) {
                skipToStatementEnd();
                if (at("}")) pos++;
                if (pos == start) pos++;
            }
        }
        List<TranslationUnit.TopLevel> late = new ArrayList<>();
        for (Var v : tentative) {
            if (!emitted.contains(v) && !v.isFunction()) {
                if (v.type.kind == Type.Kind.ARRAY && v.type.arrayLen < 0) {
                    // int a[]; at file scope is a one-element array (C11 6.9.2p2, clang warns)
                    diags.warning(v.loc, "tentative array definition assumed to have one element");
                    v.type = Type.arrayOf(v.type.base, 1);
                }
                if (!v.type.isComplete()) {
                    diags.error(v.loc, "tentative definition has type '" + v.type + "' that is never completed");
                    continue;
                }
                emitted.add(v);
                late.add(new TranslationUnit.Global(v, null, v.loc));
            }
        }
        for (int k = late.size() - 1; k >= 0; k--) {   // in place, last first so that earlier positions hold
            TranslationUnit.Global g = (TranslationUnit.Global) late.get(k);
            items.add(Math.min(tentativeAt.getOrDefault(g.var(), items.size()), items.size()), g);
        }
        for (Var v : globals) {
            // C11 6.7.4p7: inline in every declaration and extern in none makes an inline definition only
            if (v.isFunction() && v.isDefined && v.isInline && !v.externalDecl && v.storage != Var.Storage.STATIC) v.inlineOnly = true;
        }
        return new TranslationUnit(items, globals);
    }

    /** Storage class and function specifiers collected by declspec, and its attributes. */
    static final class Attr {
        Var.Storage storage = Var.Storage.NONE;
        boolean isInline, threadLocal, noreturn;
        int align;
        Token storageTok;
        List<GnuAttributes.Attribute> attrs = List.of();
    }

    final GnuAttributes gnuAttrs = new GnuAttributes(this);

    private void externalDeclaration() {
        Attr attr = new Attr();
        Token first = tok();
        Type base = declspec(attr);
        if (consume(";")) { checkEmptyDeclaration(base, first); return; }
        boolean firstDecl = true;
        while (true) {
            Declarator d = declarator(base);
            if (d.type.isFunction() && firstDecl && at("{")) {
                functionDefinition(d, attr);
                return;
            }
            if (d.type.isFunction() && firstDecl && !at(";") && !at(",") && !at("=") && isTypeName(tok()) && d.type.oldStyle) {
                throw errorAt(tok().loc, "K&R-style (identifier-list) function definitions are not supported");
            }
            firstDecl = false;
            if (d.name == null) diags.error(d.loc, "declaration does not declare anything");
            else if (attr.storage == Var.Storage.TYPEDEF) declareTypedef(typedefOf(d, attr));
            else globalDeclaration(d, attr);
            if (consume(",")) continue;
            if (at(";")) { pos++; return; }
            throw errorAt(afterPrev(), d.type.isFunction() ? "expected ';' after top level declarator" : "expected ';' after top level declarator");
        }
    }

    private void checkEmptyDeclaration(Type t, Token first) {
        if (t.isStructOrUnion() || t.kind == Type.Kind.ENUM) return;
        diags.warning(first.loc, "declaration does not declare anything", "-Wmissing-declarations");
    }

    /** d with the type its typedef names (aligned, transparent_union). */
    private Declarator typedefOf(Declarator d, Attr attr) {
        Type t = gnuAttrs.typedefType(d.type, attr, d);
        return t == d.type ? d : new Declarator(t, d.name, d.params, d.loc, d.attrs, d.asmLabel);
    }

    void declareTypedef(Declarator d) {
        Scope s = scopes.get(scopes.size() - 1);
        Object old = s.names.get(d.name.text);
        if (old instanceof Typedef td) {
            if (!Types.compatible(td.type, d.type)) {
                diags.error(d.name.loc, "typedef redefinition with different types (" + TypePrinter.quoteAka(d.type) + " vs " + TypePrinter.quoteAka(td.type.withTypedefName(null)) + ")");
                if (td.loc != null) diags.note(td.loc, "previous definition is here");
            }
            return;
        }
        if (old != null) {
            diags.error(d.name.loc, "redefinition of '" + d.name.text + "' as different kind of symbol");
            diags.note(locOf(old), "previous definition is here");
            return;
        }
        s.names.put(d.name.text, new Typedef(d.type.withTypedefName(d.name.text), d.name.loc));
    }

    static SourceLocation locOf(Object o) {
        return switch (o) {
            case Var v -> v.loc;
            case Typedef t -> t.loc();
            case EnumConst e -> e.loc();
            default -> null;
        };
    }

    /** A file-scope object or function declaration; handles redeclaration and composite types. */
    private void globalDeclaration(Declarator d, Attr attr) {
        String name = d.name.text;
        Type type = d.type;
        if (attr.storage == Var.Storage.REGISTER || attr.storage == Var.Storage.NONE && attr.storageTok != null) {
            diags.error(attr.storageTok.loc, "illegal storage class on file-scoped variable");
        }
        if (type.kind == Type.Kind.VLA) {
            diags.error(d.name.loc, "variable length array declaration not allowed at file scope");
            type = Type.arrayOf(type.base, 1);
        }
        Var v = declareGlobal(d.name, type, attr);
        if (v == null) return;
        gnuAttrs.applyToVar(v, attr, d);
        if (d.params != null && type.isFunction()) paramDecls.putIfAbsent(v, d.params);
        if (GnuTypes.isAutoType(type)) {
            Initializer init = gnuTypes.autoTyped(d, true);
            v.type = init.type();
            v.isDefined = true;
            emitted.add(v);
            items.add(new TranslationUnit.Global(v, init, d.name.loc));
            return;
        }
        if (consume("=")) {
            if (type.isFunction()) {
                diags.error(d.name.loc, "illegal initializer (only variables can be initialized)");
                initializerSkip();
                return;
            }
            if (attr.storage == Var.Storage.EXTERN)
                diags.warning(d.name.loc, "'extern' variable has an initializer", "-Wextern-initializer");
            if (v.isDefined && emitted.contains(v)) {
                diags.error(d.name.loc, "redefinition of '" + name + "'");
                diags.note(v.loc, "previous definition is here");
                initializerSkip();
                return;
            }
            initNameLoc = d.name.loc;
            Initializer init = initializer(v.type, true);
            initNameLoc = null;
            v.type = init.type();
            v.isDefined = true;
            emitted.add(v);
            items.add(new TranslationUnit.Global(v, init, d.name.loc));
            return;
        }
        if (!type.isFunction() && attr.storage != Var.Storage.EXTERN && !tentative.contains(v)) {
            tentative.add(v);
            tentativeAt.put(v, items.size());
        }
    }

    private void initializerSkip() { try { initializer(Type.INT, false); } catch (SyntaxError e) { skipToStatementEnd(); pos--; } }

    Var declareGlobal(Token nameTok, Type type, Attr attr) {
        if (ompVariants != null && type.isFunction()) {   // OpenMP declare variant (OmpVariants)
            Var variant = ompVariants.declared(nameTok, type, scopes.get(0).names.get(nameTok.text));
            if (variant != null) return variant;
            Var base = declareGlobalPlain(nameTok, type, attr);
            ompVariants.attach(base);
            return base;
        }
        return declareGlobalPlain(nameTok, type, attr);
    }

    /** OpenMP declare variant state, made by the first such directive. */
    OmpVariants ompVariants;

    private Var declareGlobalPlain(Token nameTok, Type type, Attr attr) {
        String name = nameTok.text;
        Scope file = scopes.get(0);
        Object old = file.names.get(name);
        if (old instanceof Var v) {
            if (!Types.compatible(v.type, type) && !(v.type.isFunction() && type.isFunction() && Types.compatibleUnqualified(v.type, type))) {
                if (v.type.isFunction() && type.isFunction()) {
                    diags.error(nameTok.loc, "conflicting types for '" + name + "'");
                } else {
                    diags.error(nameTok.loc, "redefinition of '" + name + "' with a different type: " + TypePrinter.quoteAka(type) + " vs " + TypePrinter.quoteAka(v.type));
                }
                diags.note(v.loc, "previous declaration is here");
                return null;
            }
            v.type = Types.composite(type, v.type);
            if (attr.storage == Var.Storage.STATIC && v.storage != Var.Storage.STATIC && !v.synthetic) {
                diags.error(nameTok.loc, "static declaration of '" + name + "' follows non-static declaration");
                diags.note(v.loc, "previous declaration is here");
            }
            if (attr.isInline) v.isInline = true;
            if (type.isFunction() && (!attr.isInline || attr.storage == Var.Storage.EXTERN)) v.externalDecl = true;
            if (attr.noreturn) v.noreturn = true;
            return v;
        }
        if (old != null) {
            diags.error(nameTok.loc, "redefinition of '" + name + "' as different kind of symbol");
            diags.note(locOf(old), "previous definition is here");
            return null;
        }
        Var v = new Var(name, type, nameTok.loc, false);
        v.storage = attr.storage;
        v.threadLocal = attr.threadLocal;
        v.isInline = attr.isInline;
        v.noreturn = attr.noreturn;
        if (type.isFunction() && (!attr.isInline || attr.storage == Var.Storage.EXTERN)) v.externalDecl = true;
        file.names.put(name, v);
        globals.add(v);
        return v;
    }

    private void functionDefinition(Declarator d, Attr attr) {
        Var fn = declareGlobal(d.name, d.type, attr);
        if (fn == null) { skipBlock(); return; }
        gnuAttrs.applyToVar(fn, attr, d);
        fn.externInlineDef = attr.isInline && attr.storage == Var.Storage.EXTERN;
        if (d.params != null) paramDecls.putIfAbsent(fn, d.params);
        if (fn.isDefined) {
            diags.error(d.name.loc, "redefinition of '" + d.name.text + "'");
            diags.note(fn.loc, "previous definition is here");
            skipBlock();
            return;
        }
        fn.isDefined = true;
        if (!d.type.base.isVoid() && !d.type.base.isComplete())
            diags.error(d.name.loc, "incomplete result type '" + d.type.base + "' in function definition");
        currentFn = fn;
        locals = new ArrayList<>();
        labels = new HashMap<>();
        gotos = new ArrayList<>();
        enterScope();
        List<Var> params = new ArrayList<>();
        List<ParamDecl> pds = d.params == null ? List.of() : d.params;
        for (int i = 0; i < pds.size(); i++) {
            ParamDecl p = pds.get(i);
            Var pv;
            if (p.var != null) {
                pv = p.var;
                scopes.get(scopes.size() - 1).names.put(p.name.text, pv);
                locals.add(pv);
            } else if (p.name != null) {
                pv = declareLocal(p.name, p.type);
            } else {
                pv = new Var("__param" + i, p.type, p.loc, true);
                pv.synthetic = true;
                locals.add(pv);
            }
            if (p.name == null) {
                diags.error(p.loc, "parameter name omitted");
            }
            if (!p.type.isComplete() && !p.type.isArray())
                diags.error(p.loc, "variable has incomplete type '" + p.type + "'");
            pv.paramIndex = i;
            params.add(pv);
        }
        currentParams = params;
        int errorsBefore = diags.errorCount();
        Stmt.Compound body;
        try {
            body = compoundStatement(false);
        } finally {
            leaveScope();
        }
        for (Token g : gotos) if (!labels.containsKey(g.text)) diags.error(g.loc, "use of undeclared label '" + g.text + "'");
        // like clang, no flow warning for a body that had errors (statements were dropped)
        if (diags.errorCount() == errorsBefore && !fn.type.base.isVoid() && !fn.name.equals("main") && mayFallThrough(body)) {
            diags.warning(prev().loc, hasReturn(body) ? "non-void function does not return a value in all control paths"
                                                      : "non-void function does not return a value", "-Wreturn-type");
        }
        items.add(new TranslationUnit.Function(fn, params, body, locals, d.name.loc));
        emitted.add(fn);
        currentFn = null;
    }

    /**
     * Can control reach the end of s? A conservative approximation of clang's CFG check: where the
     * answer is unclear (switch, loops left by break) it says no, so the warning is never spurious.
     */
    private static boolean mayFallThrough(Stmt s) {
        return switch (s) {
            case Stmt.Return r -> false;
            case Stmt.Goto g -> false;
            case Stmt.Compound c -> c.items().isEmpty() || mayFallThrough(c.items().get(c.items().size() - 1));
            case Stmt.If i -> i.otherwise() == null || mayFallThrough(i.then()) || mayFallThrough(i.otherwise());
            case Stmt.Label l -> mayFallThrough(l.body());
            case Stmt.ExprStmt e -> !(e.expr() instanceof Expr.Call c && c.direct() != null
                && (c.direct().noreturn || c.direct().name.equals("exit") || c.direct().name.equals("abort")
                    || c.direct().name.equals("_Exit") || c.direct().name.equals("__builtin_unreachable")
                    || c.direct().name.equals("__builtin_trap")));
            case Stmt.Null n -> true;
            case Stmt.Decl d -> true;
            case Stmt.Omp o -> o.body() == null || mayFallThrough(o.body());
            default -> false;
        };
    }

    private static boolean hasReturn(Stmt s) {
        return switch (s) {
            case Stmt.Return r -> true;
            case Stmt.Compound c -> c.items().stream().anyMatch(Parser::hasReturn);
            case Stmt.If i -> hasReturn(i.then()) || i.otherwise() != null && hasReturn(i.otherwise());
            case Stmt.Label l -> hasReturn(l.body());
            case Stmt.For f -> hasReturn(f.body());
            case Stmt.While w -> hasReturn(w.body());
            case Stmt.DoWhile d -> hasReturn(d.body());
            case Stmt.Switch w -> hasReturn(w.body());
            case Stmt.Case c -> hasReturn(c.body());
            case Stmt.Default d -> hasReturn(d.body());
            case Stmt.Omp o -> o.body() != null && hasReturn(o.body());
            default -> false;
        };
    }

    private void skipBlock() {
        int depth = 0;
        while (!atEof()) {
            Token t = next();
            if (t.is("{")) depth++;
            else if (t.is("}") && --depth == 0) return;
        }
    }

    Var declareLocal(Token name, Type type) {
        Scope s = scopes.get(scopes.size() - 1);
        Object old = s.names.get(name.text);
        if (old != null) {
            diags.error(name.loc, old instanceof Var ov && ov.storage != Var.Storage.EXTERN || old instanceof Typedef
                ? "redefinition of '" + name.text + "'" : "redefinition of '" + name.text + "' as different kind of symbol");
            diags.note(locOf(old), "previous definition is here");
        }
        Var v = new Var(name.text, type, name.loc, true);
        s.names.put(name.text, v);
        locals.add(v);
        return v;
    }

    // ================================================================
    // declaration specifiers (C11 6.7.1-6.7.7)
    // ================================================================

    private static final int VOID = 1, BOOL = 1 << 2, CHAR = 1 << 4, SHORT = 1 << 6, INT = 1 << 8, LONG = 1 << 10,
        OTHER = 1 << 12, SIGNED = 1 << 13, UNSIGNED = 1 << 14, FLOAT = 1 << 15, DOUBLE = 1 << 16, COMPLEX = 1 << 17,
        INT128 = 1 << 18;

    /** declaration-specifiers: returns the base type; storage class and function specifiers go to attr (null: not allowed). */
    Type declspec(Attr attr) {
        int counter = 0, quals = 0;
        Type ty = Type.INT;
        Token first = tok();
        List<GnuAttributes.Attribute> specAttrs = List.of();
        while (true) {
            Token t = tok();
            if (t.kind == Token.Kind.PRAGMA) break;
            String s = t.text;
            if (!(t.kind == Token.Kind.KEYWORD || t.kind == Token.Kind.IDENT || t.is("[") && peek(1).is("["))) break;
            if (isStorage(s)) {
                if (attr == null) throw errorAt(t.loc, "invalid storage class specifier in function declarator");
                pos++;
                switch (s) {
                    case "typedef", "static", "extern", "register", "auto" -> {
                        Var.Storage st = switch (s) {
                            case "typedef" -> Var.Storage.TYPEDEF; case "static" -> Var.Storage.STATIC;
                            case "extern" -> Var.Storage.EXTERN; case "register" -> Var.Storage.REGISTER; default -> Var.Storage.NONE;
                        };
                        if (attr.storageTok != null && !attr.storageTok.text.equals(s)) {
                            diags.error(t.loc, "cannot combine with previous '" + attr.storageTok.text + "' declaration specifier");
                        }
                        attr.storage = st;
                        attr.storageTok = t;
                    }
                    case "inline", "__inline", "__inline__" -> attr.isInline = true;
                    case "_Thread_local", "__thread" -> attr.threadLocal = true;
                    case "_Noreturn" -> attr.noreturn = true;
                    default -> {}
                }
                continue;
            }
            switch (s) {
                case "const", "__const" -> { quals |= Type.CONST; pos++; continue; }
                case "volatile", "__volatile__", "__volatile" -> { quals |= Type.VOLATILE; pos++; continue; }
                case "restrict", "__restrict", "__restrict__" -> { quals |= Type.RESTRICT; pos++; continue; }
                case "__extension__" -> { pos++; continue; }
                case "__attribute__", "[" -> {
                    if (s.equals("[") && !peek(1).is("[")) break;
                    specAttrs = concat(specAttrs, attribute(attr));
                    continue;
                }
                case "_Atomic" -> {
                    pos++;
                    if (at("(")) { Token o = next(); ty = typeName(); expectClose(")", o); counter += OTHER; }
                    continue;
                }
                case "_Alignas" -> {
                    Token kw = next();
                    Token o = tok();
                    expect("(");
                    int a;
                    if (isTypeName(tok())) a = typeName().align();
                    else a = (int) constInt(conditional());
                    expectClose(")", o);
                    if (a != 0 && Integer.bitCount(a) != 1) diags.error(kw.loc, "requested alignment is not a power of 2");
                    if (attr != null) attr.align = Math.max(attr.align, a);
                    continue;
                }
                default -> {}
            }
            boolean typedefName = isTypedefName(t);
            boolean typeofWord = isTypeofWord(s);
            if (!(typedefName || s.equals("struct") || s.equals("union") || s.equals("enum") || typeofWord || isBasicTypeWord(s)))
                break;
            if (typedefName && counter != 0) break;          // "typedef int T; T T;" : the second T is the declarator
            if (typedefName || s.equals("struct") || s.equals("union") || s.equals("enum") || typeofWord) {
                if (counter != 0) throw errorAt(t.loc, "cannot combine with previous '" + prev().text + "' declaration specifier");
                pos++;
                if (typedefName) ty = ((Typedef) lookup(s)).type();
                else if (s.equals("struct")) ty = structUnionDecl(Type.Kind.STRUCT, t);
                else if (s.equals("union")) ty = structUnionDecl(Type.Kind.UNION, t);
                else if (s.equals("enum")) ty = enumDecl(t);
                else if (s.equals("__auto_type")) ty = GnuTypes.AUTO_TYPE;
                else ty = gnuTypes.typeofSpecifier(t);
                counter += OTHER;
                continue;
            }
            pos++;
            int before = counter;
            switch (s) {
                case "void" -> counter += VOID;
                case "_Bool" -> counter += BOOL;
                case "char" -> counter += CHAR;
                case "short" -> counter += SHORT;
                case "int" -> counter += INT;
                case "long" -> counter += LONG;
                case "float" -> counter += FLOAT;
                case "double" -> counter += DOUBLE;
                case "signed", "__signed__", "__signed" -> counter |= SIGNED;
                case "unsigned" -> counter |= UNSIGNED;
                case "_Complex", "__complex__" -> counter |= COMPLEX;
                case "__int128" -> counter += INT128;
                default -> throw new IllegalStateException(s);
            }
            Type r = basicType(counter);
            if (r == null) {
                diags.error(t.loc, "cannot combine with previous '" + prev(before, t) + "' declaration specifier");
                counter = before;
            } else ty = r;
        }
        if (!specAttrs.isEmpty()) ty = gnuAttrs.applyVectorSize(gnuAttrs.applyMode(ty, specAttrs), specAttrs);
        if (first == tok() && !isTypedefName(first)) {
            // no type at all: C89's implicit int, an error in C99
            if (attr == null || attr.storageTok == null && !attr.isInline)
                throw errorAt(tok().loc, isIdent(tok()) ? "unknown type name '" + tok().text + "'" : "expected expression");
        }
        if (counter == 0 && ty == Type.INT && pos > 0 && attr != null && (attr.storageTok != null || attr.isInline || quals != 0)) {
            diags.error(first.loc, "type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int");
        }
        return quals == 0 ? ty : ty.qualified(quals);
    }

    /** typeof and its GNU spellings; the _unqual forms drop the qualifiers (C23, clang's __typeof_unqual__). */
    private static boolean isTypeofWord(String s) {
        return switch (s) {
            case "typeof", "__typeof__", "__typeof", "__typeof_unqual__", "__typeof_unqual", "__auto_type" -> true;
            default -> false;
        };
    }

    private String prev(int before, Token t) { return prev() == t && pos >= 2 ? toks.get(pos - 2).text : prev().text; }

    private static boolean isStorage(String s) {
        return switch (s) {
            case "typedef", "static", "extern", "register", "auto", "inline", "__inline", "__inline__", "_Thread_local", "__thread", "_Noreturn" -> true;
            default -> false;
        };
    }

    private static boolean isBasicTypeWord(String s) {
        return switch (s) {
            case "void", "_Bool", "char", "short", "int", "long", "float", "double", "signed", "__signed__", "__signed", "unsigned",
                 "_Complex", "__complex__", "__int128" -> true;
            default -> false;
        };
    }

    private static Type basicType(int c) {
        return switch (c) {
            case VOID -> Type.VOID;
            case BOOL -> Type.BOOL;
            case CHAR -> Type.CHAR;
            case SIGNED + CHAR -> Type.SCHAR;
            case UNSIGNED + CHAR -> Type.UCHAR;
            case SHORT, SHORT + INT, SIGNED + SHORT, SIGNED + SHORT + INT -> Type.SHORT;
            case UNSIGNED + SHORT, UNSIGNED + SHORT + INT -> Type.USHORT;
            case INT, SIGNED, SIGNED + INT -> Type.INT;
            case UNSIGNED, UNSIGNED + INT -> Type.UINT;
            case LONG, LONG + INT, SIGNED + LONG, SIGNED + LONG + INT -> Type.LONG;
            case UNSIGNED + LONG, UNSIGNED + LONG + INT -> Type.ULONG;
            case LONG + LONG, LONG + LONG + INT, SIGNED + LONG + LONG, SIGNED + LONG + LONG + INT -> Type.LLONG;
            case UNSIGNED + LONG + LONG, UNSIGNED + LONG + LONG + INT -> Type.ULLONG;
            case FLOAT -> Type.FLOAT;
            case DOUBLE -> Type.DOUBLE;
            case LONG + DOUBLE -> Type.LDOUBLE;
            case COMPLEX, COMPLEX + DOUBLE -> Type.DOUBLE_COMPLEX;
            case COMPLEX + FLOAT -> Type.FLOAT_COMPLEX;
            case COMPLEX + LONG + DOUBLE -> Type.LDOUBLE_COMPLEX;
            case COMPLEX + LONG -> Type.LDOUBLE_COMPLEX;   // on the way to _Complex long double (glibc's complex.h writes it so)
            case INT128, SIGNED + INT128 -> Type.INT128;
            case UNSIGNED + INT128 -> Type.UINT128;
            default -> null;                     // e.g. "long char", "signed unsigned"

        };
    }

    /** Attribute specifiers (GnuAttributes): checked, and aligned(n) noted in attr; returns them. */
    List<GnuAttributes.Attribute> attribute(Attr attr) {
        List<GnuAttributes.Attribute> as = gnuAttrs.parse();
        gnuAttrs.check(as);
        if (attr != null) {
            attr.align = Math.max(attr.align, gnuAttrs.alignment(as));
            attr.attrs = concat(attr.attrs, as);
        }
        return as;
    }

    static <T> List<T> concat(List<T> a, List<T> b) {
        if (b.isEmpty()) return a;
        if (a.isEmpty()) return b;
        List<T> r = new ArrayList<>(a);
        r.addAll(b);
        return r;
    }

    // ================================================================
    // declarators (C11 6.7.6)
    // ================================================================

    /**
     * A parameter as written: its adjusted type, its name (null when omitted) and its variable in the
     * prototype scope (null when unnamed), which a definition reuses so that variably modified
     * parameter types (double a[r][c]) refer to the same variables as the body.
     */
    record ParamDecl(Type type, Token name, SourceLocation loc, Var var) {}

    /**
     * The result of a declarator: the declared type, the name (null for abstract declarators), the
     * parameters of a function declarator, the attributes after it and its {@code __asm__("label")}.
     */
    record Declarator(Type type, Token name, List<ParamDecl> params, SourceLocation loc,
                      List<GnuAttributes.Attribute> attrs, String asmLabel) {
        Declarator(Type type, Token name, List<ParamDecl> params, SourceLocation loc) { this(type, name, params, loc, List.of(), null); }
    }

    private List<ParamDecl> lastParams;
    /** The name of the declarator whose suffixes are being parsed (for "'a' declared as an array with a negative size"). */
    private String declName;
    /** The parameter names of each declared function (for "passing argument to parameter 'p' here"). */
    private final HashMap<Var, List<ParamDecl>> paramDecls = new HashMap<>();

    Declarator declarator(Type ty) {
        SourceLocation loc = tok().loc;
        if (gnuAttrs.at()) gnuAttrs.skip();                  // void (__attribute__((x)) *fp)(void)
        ty = pointers(ty);
        if (at("(") && nestedDeclaratorAhead()) {
            // int (*fp)(int): parse the suffix first with a placeholder, then the inner declarator on the real type
            Token open = next();
            int start = pos;
            declarator(Type.INT);
            expectClose(")", open);
            ty = typeSuffix(ty);
            List<ParamDecl> outerParams = lastParams;
            int end = pos;
            pos = start;
            Declarator inner = declarator(ty);
            pos = end;
            lastParams = inner.params != null ? inner.params : outerParams;
            return trailing(inner);
        }
        Token name = null;
        if (isIdent(tok())) name = next();
        else if (tok().kind == Token.Kind.IDENT && !isTypeName(tok()) && !KEYWORDS.contains(tok().text)) name = next();
        lastParams = null;
        String outerName = declName;
        declName = name == null ? null : name.text;
        ty = typeSuffix(ty);
        declName = outerName;
        List<ParamDecl> params = ty.isFunction() ? lastParams : null;
        List<GnuAttributes.Attribute> attrs = attribute(null);
        String label = null;
        if (at("__asm__") || at("asm") || at("__asm")) {
            label = gnuAttrs.asmLabel();
            attrs = concat(attrs, attribute(null));
        }
        if (!attrs.isEmpty()) ty = gnuAttrs.applyVectorSize(gnuAttrs.applyMode(ty, attrs), attrs);
        lastParams = params;
        return new Declarator(ty, name, params, name != null ? name.loc : loc, attrs, label);
    }

    /**
     * At '(': does a parenthesized declarator follow (not a parameter list)? Attributes at its
     * start are looked past: "(__attribute__((x)) *p)" is a declarator, "(__attribute__((x)) int)" a parameter list.
     */
    private boolean nestedDeclaratorAhead() {
        int i = pos + 1;
        while (toks.get(i).is("__attribute__") && toks.get(i + 1).is("(")) {
            int depth = 0, j = i + 1;
            do {
                if (toks.get(j).is("(")) depth++;
                else if (toks.get(j).is(")")) depth--;
                j++;
            } while (depth > 0 && toks.get(j).kind != Token.Kind.EOF);
            i = j;
        }
        Token t = toks.get(i);
        return !isTypeName(t) && !t.is(")");
    }

    /** Attributes and an asm label after a parenthesized declarator's suffix: int (*f)(void) __attribute__((x)). */
    private Declarator trailing(Declarator d) {
        List<ParamDecl> params = lastParams;
        List<GnuAttributes.Attribute> attrs = attribute(null);
        String label = d.asmLabel;
        if (at("__asm__") || at("asm") || at("__asm")) {
            label = gnuAttrs.asmLabel();
            attrs = concat(attrs, attribute(null));
        }
        lastParams = params;
        if (attrs.isEmpty() && label == d.asmLabel) return d;
        return new Declarator(gnuAttrs.applyMode(d.type, attrs), d.name, d.params, d.loc, concat(d.attrs, attrs), label);
    }

    private Type pointers(Type ty) {
        while (consume("*")) {
            ty = Type.pointerTo(ty);
            int q = 0;
            while (true) {
                if (consume("const") || consume("__const")) q |= Type.CONST;
                else if (consume("volatile") || consume("__volatile__") || consume("__volatile")) q |= Type.VOLATILE;
                else if (consume("restrict") || consume("__restrict") || consume("__restrict__")) q |= Type.RESTRICT;
                else if (consume("_Atomic")) {}
                else if (gnuAttrs.at()) gnuAttrs.skip();
                else break;
            }
            if (q != 0) ty = ty.qualified(q);
        }
        return ty;
    }

    /** An abstract declarator (for type names). */
    Type abstractDeclarator(Type ty) {
        if (gnuAttrs.at()) gnuAttrs.skip();
        ty = pointers(ty);
        if (at("(") && nestedDeclaratorAhead()) {
            Token open = next();
            int start = pos;
            abstractDeclarator(Type.INT);
            expectClose(")", open);
            ty = typeSuffix(ty);
            int end = pos;
            pos = start;
            Type t = abstractDeclarator(ty);
            pos = end;
            return t;
        }
        return typeSuffix(ty);
    }

    /** type-name (C11 6.7.7). */
    Type typeName() {
        String outerName = declName;
        declName = null;
        try {
            Type base = declspec(null);
            return abstractDeclarator(base);
        } finally {
            declName = outerName;
        }
    }

    private Type typeSuffix(Type ty) {
        if (at("(")) return funcParams(ty);
        if (at("[") && !peek(1).is("[")) return arraySuffix(ty);   // "[[" starts an attribute
        return ty;
    }

    private Type funcParams(Type ret) {
        Token open = next();
        if (ret.isFunction()) diags.error(open.loc, "function cannot return function type '" + ret + "'");
        else if (ret.isArray()) diags.error(open.loc, "function cannot return array type '" + ret + "'");
        if (at("void") && peek(1).is(")")) {
            pos += 2;
            lastParams = List.of();
            return Type.func(ret, List.of(), false, false);
        }
        if (consume(")")) {
            lastParams = List.of();
            return Type.func(ret, List.of(), false, true);
        }
        List<Type> types = new ArrayList<>();
        List<ParamDecl> params = new ArrayList<>();
        boolean variadic = false;
        enterScope();               // prototype scope: tags declared here stay here
        try {
            while (true) {
                if (consume("...")) { variadic = true; break; }
                Token start = tok();
                if (!isTypeName(tok())) {
                    if (isIdent(tok()) && lookup(tok().text) == null && (peek(1).is(",") || peek(1).is(")"))) {
                        // old-style identifier list: int f(a, b)
                        if (peek(1).is(",") || peek(1).is(")")) diags.error(tok().loc, "unknown type name '" + tok().text + "'");
                    } else if (isIdent(tok())) {
                        diags.error(tok().loc, "unknown type name '" + tok().text + "'");
                    } else throw errorAt(tok().loc, "expected parameter declarator");
                }
                Attr pa = new Attr();
                Type base;
                if (isIdent(tok()) && !isTypeName(tok())) base = Type.INT;
                else base = declspec(pa);
                if (pa.storageTok != null && pa.storage != Var.Storage.REGISTER)
                    diags.error(pa.storageTok.loc, "invalid storage class specifier in function declarator");
                Declarator d = declarator(base);
                Type t = d.type;
                // 6.7.6.3p7-8: arrays and functions adjust to pointers
                if (t.isArray()) t = Type.pointerTo(t.base).qualified(t.quals);
                else if (t.isFunction()) t = Type.pointerTo(t);
                if (t.isVoid()) diags.error(start.loc, "'void' must be the first and only parameter if specified");
                types.add(t);
                Var pv = null;
                if (d.name != null) {
                    // 6.2.1p4: a parameter's scope starts after its declarator, so later parameters can use it
                    Scope ps = scopes.get(scopes.size() - 1);
                    if (ps.names.get(d.name.text) instanceof Var old) {
                        diags.error(d.name.loc, "redefinition of parameter '" + d.name.text + "'");
                        diags.note(old.loc, "previous declaration is here");
                    }
                    pv = new Var(d.name.text, t, d.name.loc, true);
                    gnuAttrs.applyToVar(pv, pa, d);   // unused on a parameter: no -Wunused-parameter
                    ps.names.put(d.name.text, pv);
                }
                params.add(new ParamDecl(t, d.name, d.name != null ? d.name.loc : start.loc, pv));
                if (consume(",")) continue;
                break;
            }
        } finally {
            leaveScope();
        }
        expectClose(")", open);
        lastParams = params;
        return Type.func(ret, types, variadic, false);
    }

    private Type arraySuffix(Type ty) {
        Token open = next();
        while (consume("static") || consume("const") || consume("restrict") || consume("volatile") || consume("__restrict")) {}
        if (consume("]")) {
            List<ParamDecl> keep = lastParams;
            ty = typeSuffix(ty);
            lastParams = keep;
            checkElement(ty, open);
            return Type.arrayOf(ty, -1);
        }
        if (at("*") && peek(1).is("]")) {
            pos += 2;
            ty = typeSuffix(ty);
            return Type.vlaOf(ty, new Expr.IntLit(1, Type.ULONG, open.loc));
        }
        Expr len = assign();
        expectClose("]", open);
        ty = typeSuffix(ty);
        checkElement(ty, open);
        Expr rl = rvalue(len);
        if (!rl.type().isInteger() && rl.type() != ERROR) {
            diags.error(len.loc(), "size of array has non-integer type '" + rl.type() + "'");
            return Type.arrayOf(ty, 1);
        }
        Long n = ConstEval.integer(rl);
        if (n != null && !ty.isVariablyModified()) {
            if (n < 0 && !rl.type().isUnsigned) {
                diags.error(len.loc(), declName == null ? "array size is negative" : "'" + declName + "' declared as an array with a negative size");
                return Type.arrayOf(ty, 1);
            }
            return Type.arrayOf(ty, n);
        }
        return Type.vlaOf(ty, sema.convert(rl, Type.ULONG));
    }

    private void checkElement(Type elem, Token at) {
        if (elem.isFunction()) diags.error(at.loc, "'type name' declared as array of functions of type '" + elem + "'");
        else if (elem.isVoid() || !elem.isComplete() && elem.kind != Type.Kind.VLA && !elem.isStructOrUnion())
            diags.error(at.loc, "array has incomplete element type '" + elem + "'");
    }

    // ================================================================
    // struct, union, enum (C11 6.7.2.1-3)
    // ================================================================

    private Type structUnionDecl(Type.Kind kind, Token kw) {
        List<GnuAttributes.Attribute> typeAttrs = attribute(null);
        Token tag = null;
        if (isIdent(tok()) || tok().kind == Token.Kind.IDENT) tag = next();
        if (tag != null && !at("{")) {
            Type t = lookupTag(tag.text);
            if (t != null) {
                if (t.kind != kind) {
                    diags.error(tag.loc, "use of '" + tag.text + "' with tag type that does not match previous declaration");
                    diags.note(t.record.defLoc != null ? t.record.defLoc : tag.loc, "previous use is here");
                }
                // "struct S;" alone declares a new tag in this scope
                if (!(at(";") && scopes.get(scopes.size() - 1).tags.get(tag.text) == null)) return t;
            }
            Type nt = Type.newTag(kind, tag.text);
            nt.record.declLoc = tag.loc;
            scopes.get(scopes.size() - 1).tags.put(tag.text, nt);
            return nt;
        }
        if (tag == null && !at("{")) throw errorAt(tok().loc, "declaration of anonymous " + (kind == Type.Kind.STRUCT ? "struct" : "union") + " must be a definition");
        Type t;
        Type existing = tag == null ? null : scopes.get(scopes.size() - 1).tags.get(tag.text);
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
            if (tag != null) scopes.get(scopes.size() - 1).tags.put(tag.text, t);
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

    private Type structBody(Type t, List<GnuAttributes.Attribute> typeAttrs) {
        Token open = next();
        List<Member> members = new ArrayList<>();
        List<Integer> aligns = new ArrayList<>();
        HashMap<String, SourceLocation> names = new HashMap<>();
        while (!at("}") && !atEof()) {
            try {
                if (at("_Static_assert")) { staticAssert(); continue; }
                if (tok().kind == Token.Kind.PRAGMA) { pragmas.apply(next()); continue; }
                if (consume(";")) continue;
                Attr a = new Attr();
                Token startTok = tok();
                Type base = declspec(a);
                if (at(";") && base.isStructOrUnion() && base.record.tag == null) {
                    // anonymous struct/union member (C11 6.7.2.1p13)
                    pos++;
                    members.add(new Member(null, base, 0, -1, 0, members.size(), startTok.loc));
                    aligns.add(GnuAttributes.has(a.attrs, "packed") ? -Math.max(1, a.align) : a.align);
                    continue;
                }
                boolean first = true;
                while (first || consume(",")) {
                    first = false;
                    Declarator d = at(":") ? new Declarator(base, null, null, tok().loc) : declarator(base);
                    int width = -1;
                    if (consume(":")) {
                        Expr w = conditional();
                        Long wv = ConstEval.integer(rvalue(w));
                        if (wv == null) { diags.error(w.loc(), "expression is not an integer constant expression"); wv = 1L; }
                        if (!d.type.isInteger()) diags.error(d.loc, "bit-field " + (d.name == null ? "" : "'" + d.name.text + "' ") + "has non-integral type '" + d.type + "'");
                        else if (wv > d.type.size() * 8) diags.error(w.loc(), "width of bit-field " + (d.name == null ? "" : "'" + d.name.text + "' ") + "(" + wv + " bits) exceeds the width of its type (" + d.type.size() * 8 + " bits)");
                        else if (wv < 0) diags.error(w.loc(), "bit-field " + (d.name == null ? "" : "'" + d.name.text + "' ") + "has negative width (" + wv + ")");
                        else if (wv == 0 && d.name != null) diags.error(d.loc, "named bit-field '" + d.name.text + "' has zero width");
                        width = (int) Math.max(0, Math.min(wv, 64));
                    }
                    List<GnuAttributes.Attribute> after = attribute(null);
                    if (d.name != null) {
                        SourceLocation prevLoc = names.put(d.name.text, d.name.loc);
                        if (prevLoc != null) { diags.error(d.name.loc, "duplicate member '" + d.name.text + "'"); diags.note(prevLoc, "previous declaration is here"); }
                    }
                    boolean bad = true;
                    if (d.type.isFunction()) diags.error(d.loc, "field '" + (d.name == null ? "" : d.name.text) + "' declared as a function");
                    else if (d.type.kind == Type.Kind.VLA) diags.error(d.loc, "fields must have a constant size: 'variable length array in structure' extension will never be supported");
                    else if (!d.type.isComplete() && !(d.type.kind == Type.Kind.ARRAY && d.type.arrayLen < 0)) {
                        diags.error(d.loc, "field has incomplete type '" + d.type + "'");
                        forwardNote(d.type);
                    } else bad = false;
                    if (bad) continue;                   // left out, so that a struct never contains itself
                    members.add(new Member(d.name == null ? null : d.name.text, d.type, 0, width, 0, members.size(), d.loc));
                    // the member's alignment from aligned(n); negative: a packed member (byte-aligned unless aligned says more)
                    int ma = Math.max(a.align, Math.max(gnuAttrs.alignment(d.attrs), gnuAttrs.alignment(after)));
                    boolean mpacked = GnuAttributes.has(a.attrs, "packed") || GnuAttributes.has(d.attrs, "packed")
                                      || GnuAttributes.has(after, "packed");
                    aligns.add(mpacked ? -Math.max(1, ma) : ma);
                }
                if (at("}")) diags.warning(afterPrev(), "expected ';' at end of declaration list");
                else expectAfter(";", "at end of declaration list");
            } catch (SyntaxError e) {
                while (!at(";") && !at("}") && !atEof()) pos++;
                consume(";");
            }
        }
        expectClose("}", open);
        typeAttrs = concat(typeAttrs, attribute(null));
        t.record.packed = GnuAttributes.has(typeAttrs, "packed");
        t.record.maxAlign = pragmas.pack();
        layout(t, members, aligns);
        int align = gnuAttrs.alignment(typeAttrs);
        if (align > t.record.align) {
            t.record.align = align;
            t.record.size = alignTo(t.record.size, align);
        }
        if (GnuAttributes.has(typeAttrs, "transparent_union")) {
            if (t.kind == Type.Kind.UNION) t.record.transparentUnion = true;
            else diags.warning(t.record.defLoc, "'transparent_union' attribute only applies to unions", "-Wignored-attributes");
        }
        return t;
    }

    /** Lays out members like gcc on x86-64 (System V ABI), bit-fields included. */
    private void layout(Type t, List<Member> members, List<Integer> aligns) {
        Record r = t.record;
        boolean isUnion = t.kind == Type.Kind.UNION;
        long bits = 0;       // current position in bits
        int align = 1;
        List<Member> out = new ArrayList<>(members.size());
        for (int i = 0; i < members.size(); i++) {
            Member m = members.get(i);
            Type mt = m.type();
            boolean flexible = mt.kind == Type.Kind.ARRAY && mt.arrayLen < 0;
            if (flexible && (i != members.size() - 1 || isUnion)) {
                diags.error(m.loc(), isUnion ? "flexible array member '" + m.name() + "' in a union is not allowed" : "flexible array member '" + m.name() + "' with type '" + mt + "' is not at the end of struct");
            } else if (flexible) {
                r.flexible = true;
                if (out.isEmpty()) diags.error(m.loc(), "flexible array member '" + m.name() + "' not allowed in otherwise empty struct");
            }
            int given = aligns.get(i);       // aligned(n) on the member; negative for a packed member
            int ma = r.packed || given < 0 ? Math.max(1, Math.abs(given)) : Math.max(mt.align(), given);
            if (r.maxAlign > 0 && given <= 0) ma = Math.min(ma, r.maxAlign);           // #pragma pack caps natural alignment
            long msize = Math.max(mt.size(), 0);
            if (m.isBitField()) {
                int w = m.bitWidth();
                long unitBits = msize * 8;
                if (w == 0) {
                    // a zero-width bit-field moves to the next unit boundary
                    if (!isUnion) bits = alignTo(bits, unitBits);
                    out.add(new Member(m.name(), mt, bits / 8, 0, 0, i, m.loc()));
                    continue;
                }
                long start = isUnion ? 0 : bits;
                // gcc: the field goes into the storage unit (aligned to its type) holding start, unless it would straddle it
                if (!r.packed && (start / unitBits) != ((start + w - 1) / unitBits)) start = alignTo(start, unitBits);
                long unitOffset = (start / unitBits) * unitBits / 8;
                if (r.packed) unitOffset = start / 8;
                int bitOff = (int) (start - unitOffset * 8);
                out.add(new Member(m.name(), mt, unitOffset, w, bitOff, i, m.loc()));
                if (!isUnion) bits = start + w;
                else bits = Math.max(bits, w);
                align = Math.max(align, r.packed ? 1 : r.maxAlign > 0 ? Math.min(mt.align(), r.maxAlign) : mt.align());
                continue;
            }
            long off = isUnion ? 0 : alignTo(bits, ma * 8L) / 8;
            out.add(new Member(m.name(), mt, off, -1, 0, i, m.loc()));
            if (isUnion) bits = Math.max(bits, msize * 8);
            else bits = off * 8 + msize * 8;
            align = Math.max(align, ma);
        }
        r.members = out;
        r.align = align;
        r.size = alignTo(alignTo(bits, 8) / 8, align);
        r.complete = true;
    }

    static long alignTo(long n, long a) { return a <= 1 ? n : (n + a - 1) / a * a; }

    private Type enumDecl(Token kw) {
        List<GnuAttributes.Attribute> typeAttrs = attribute(null);
        Token tag = null;
        if (tok().kind == Token.Kind.IDENT && !KEYWORDS.contains(tok().text)) tag = next();
        if (tag != null && !at("{")) {
            Type t = lookupTag(tag.text);
            if (t != null) {
                if (t.kind != Type.Kind.ENUM) diags.error(tag.loc, "use of '" + tag.text + "' with tag type that does not match previous declaration");
                return t;
            }
            Type nt = Type.newTag(Type.Kind.ENUM, tag.text);
            scopes.get(scopes.size() - 1).tags.put(tag.text, nt);
            return nt;
        }
        Type t = Type.newTag(Type.Kind.ENUM, tag == null ? null : tag.text);
        if (tag != null) {
            Type existing = scopes.get(scopes.size() - 1).tags.get(tag.text);
            if (existing != null && existing.record.complete) {
                diags.error(tag.loc, "redefinition of '" + tag.text + "'");
                diags.note(existing.record.defLoc, "previous definition is here");
            }
            if (existing != null && existing.kind == Type.Kind.ENUM && !existing.record.complete) t = existing;
            scopes.get(scopes.size() - 1).tags.put(tag.text, t);
        }
        t.record.defLoc = tag != null ? tag.loc : kw.loc;
        Token open = tok();
        expect("{");
        long val = 0;
        boolean negative = false;
        List<EnumConst> consts = new ArrayList<>();
        List<Token> names = new ArrayList<>();
        boolean first = true;
        while (!at("}")) {
            if (!first) {
                expect(",");
                if (at("}")) break;
            }
            first = false;
            Token name = expectIdent();
            attribute(null);                              // enumerator attributes (deprecated, unavailable)
            if (consume("=")) {
                Expr e = conditional();
                Long v = ConstEval.integer(rvalue(e));
                if (v == null) diags.error(e.loc(), "expression is not an integer constant expression");
                else val = v;
            }
            Object old = scopes.get(scopes.size() - 1).names.get(name.text);
            if (old != null) {
                diags.error(name.loc, "redefinition of enumerator '" + name.text + "'");
                diags.note(locOf(old), "previous definition is here");
            }
            EnumConst c = new EnumConst(val, Type.INT, name.loc);
            if (val < 0) negative = true;
            scopes.get(scopes.size() - 1).names.put(name.text, c);
            consts.add(c);
            names.add(name);
            val++;
        }
        expectClose("}", open);
        typeAttrs = concat(typeAttrs, attribute(null));
        // the enum's type is unsigned int unless a value is negative (gcc); the constants are int
        t.record.complete = true;
        t.record.size = 4;
        t.record.align = 4;
        t.record.negative = negative;
        Type under = EnumLayout.underlying(consts.stream().mapToLong(EnumConst::value).toArray(), GnuAttributes.has(typeAttrs, "packed"));
        if (under != null) {
            // values beyond int, or packed: the enum's type and size follow its values, as in gcc and clang
            t.record.underlying = under;
            t.record.size = under.size();
            t.record.align = under.align();
            for (int i = 0; i < consts.size(); i++) {
                EnumConst c = consts.get(i);
                if (!Types.fits(c.value(), Type.INT) || under.size() > 4)
                    scopes.get(scopes.size() - 1).names.put(names.get(i).text, new EnumConst(c.value(), Types.fits(c.value(), Type.INT) ? Type.INT : under, c.loc()));
            }
        }
        return t;
    }

    // ================================================================
    // block-scope declarations (C11 6.7)
    // ================================================================

    /** A declaration inside a function; returns the statement (possibly with no variables). */
    Stmt.Decl localDeclaration() {
        SourceLocation loc = tok().loc;
        Attr attr = new Attr();
        Token first = tok();
        Type base = declspec(attr);
        List<Stmt.LocalVar> vars = new ArrayList<>();
        if (consume(";")) { checkEmptyDeclaration(base, first); return new Stmt.Decl(vars, loc); }
        while (true) {
            Declarator d = declarator(base);
            if (d.name == null) throw errorAt(d.loc, "expected identifier or '('");
            if (attr.storage == Var.Storage.TYPEDEF) {
                vlaSizes(d.type, d.loc, vars);
                declareTypedef(typedefOf(d, attr));
            } else if (d.type.isFunction() || attr.storage == Var.Storage.EXTERN) {
                // block-scope extern/function: refers to the file-scope entity
                Var g = declareGlobal(d.name, d.type, attr);
                if (g != null) gnuAttrs.applyToVar(g, attr, d);
                if (g != null) scopes.get(scopes.size() - 1).names.put(d.name.text, g);
                if (at("{") && d.type.isFunction()) throw errorAt(tok().loc, "function definition is not allowed here");
            } else {
                vlaSizes(d.type, d.loc, vars);
                vars.add(localVariable(d, attr));
            }
            if (consume(",")) continue;
            expectAfter(";", "at end of declaration");
            return new Stmt.Decl(vars, loc);
        }
    }

    private Stmt.LocalVar localVariable(Declarator d, Attr attr) {
        Type t = d.type;
        if (t.isVoid()) diags.error(d.name.loc, "variable has incomplete type 'void'");
        if (attr.storage == Var.Storage.STATIC && t.isVariablyModified())
            diags.error(d.name.loc, "variable length array declaration cannot have 'static' storage duration");
        Var v = declareLocal(d.name, t);
        v.storage = attr.storage;
        v.threadLocal = attr.threadLocal;
        if (attr.storage == Var.Storage.STATIC) v.linkName = currentFn.name + "." + v.name;
        Declarator local = attr.storage == Var.Storage.STATIC || d.asmLabel == null ? d
                         : new Declarator(d.type, d.name, d.params, d.loc, d.attrs, null);   // a register variable's asm("reg") means nothing here
        gnuAttrs.applyToVar(v, attr, local);
        if (t.isVariablyModified()) v.addressTaken = true;
        if (t.kind == Type.Kind.VLA) {
            if (consume("=")) {
                diags.error(t.vlaLen.loc(), "variable-sized object may not be initialized");
                if (consume("{")) skipBraces(); else assign();
            }
            return new Stmt.LocalVar(v, null, d.name.loc);
        }
        Initializer init = null;
        if (GnuTypes.isAutoType(t)) {
            init = gnuTypes.autoTyped(d, attr.storage == Var.Storage.STATIC);
            v.type = init.type();
        } else if (consume("=")) {
            initNameLoc = d.name.loc;
            init = initializer(t, attr.storage == Var.Storage.STATIC);
            initNameLoc = null;
            v.type = init.type();
        } else if (!t.isComplete()) {
            diags.error(d.name.loc, t.isArray() ? "definition of variable with array type needs an explicit size or an initializer"
                                                : "variable has incomplete type '" + t + "'");
        }
        return new Stmt.LocalVar(v, init, d.name.loc);
    }

    /**
     * A VLA's sizes: for each VLA level (innermost first) a hidden unsigned long local initialized
     * to its sizeof at the declaration, as chibicc does; {@code type.vlaSize} names it.
     */
    private void vlaSizes(Type t, SourceLocation loc, List<Stmt.LocalVar> out) {
        if (t == null || t.isFunction() || !t.isVariablyModified() && t.kind != Type.Kind.VLA) return;
        vlaSizes(t.base, loc, out);
        if (t.kind != Type.Kind.VLA || t.vlaSize != null) return;
        Expr elemSize = t.base.kind == Type.Kind.VLA ? new Expr.VarRef(t.base.vlaSize, Type.ULONG, loc)
                                                     : new Expr.IntLit(t.base.size(), Type.ULONG, loc);
        Var sz = syntheticLocal(Type.ULONG, loc);
        t.vlaSize = sz;
        Expr value = new Expr.Binary(Expr.Binary.Op.MUL, t.vlaLen, elemSize, Type.ULONG, loc);
        out.add(new Stmt.LocalVar(sz, new Initializer(Type.ULONG, List.of(new Initializer.Item(0, Type.ULONG, value, null))), loc));
    }

    Var syntheticLocal(Type t, SourceLocation loc) {
        Var v = new Var("__tmp" + (uniq++), t, loc, currentFn != null);
        v.synthetic = true;
        if (currentFn != null) locals.add(v);
        else { v.storage = Var.Storage.STATIC; v.linkName = ".L.tmp" + (uniq - 1); globals.add(v); }
        return v;
    }

    // ================================================================
    // initializers (C11 6.7.9), flattened to (offset, type, value) stores
    // ================================================================

    private List<Initializer.Item> initItems;
    private boolean initStatic;
    /** clang reports a non-braced initializer's conversion at the declared name. */
    private SourceLocation initNameLoc;

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
        if (at("{")) initNameLoc = null;
        if (t.kind == Type.Kind.ARRAY && t.arrayLen < 0) {
            long n;
            if (at("{")) n = initBraced(t, 0);
            else if (isStringFor(t)) n = initString(t, 0);
            else { diags.error(tok().loc, "array initializer must be an initializer list"); assign(); return Type.arrayOf(t.base, 1); }
            return Type.arrayOf(t.base, n);
        }
        init(t, 0);
        return t;
    }

    /** Is the next token a string literal that can initialize the char/wchar array t? */
    private boolean isStringFor(Type t) {
        if (!t.isArray() || tok().kind != Token.Kind.STRING) return false;
        Type e = t.base;
        return e.isInteger() && e.size() == Literals.stringElem(tok().text).size();
    }

    /** One initializer (braced or not) for the sub-object of type t at offset. */
    private void init(Type t, long offset) {
        if (at("{")) { initBraced(t, offset); return; }
        if (t.isArray()) {
            if (isStringFor(t)) { initString(t, offset); return; }
            if (t.kind == Type.Kind.VLA) { diags.error(tok().loc, "variable-sized object may not be initialized"); assign(); return; }
            Token at = tok();
            diags.error(at.loc, "array initializer must be an initializer list" + (at.kind == Token.Kind.STRING ? " or wide string literal" : ""));
            assign();
            return;
        }
        Expr e = assign();
        if (t.isStructOrUnion()) {
            Expr r = rvalue(e);
            SourceLocation where = initNameLoc != null ? initNameLoc : e.loc();
            initNameLoc = null;
            if (r.type() != ERROR && !Types.compatibleUnqualified(r.type(), t)) {
                diags.error(where, "initializing " + TypePrinter.quoteAka(t) + " with an expression of incompatible type " + TypePrinter.quoteAka(r.type()));
                return;
            }
            addItem(offset, t, r, null);
            return;
        }
        scalarItem(t, offset, e, null);
    }

    private void scalarItem(Type t, long offset, Expr e, Member bf) {
        SourceLocation where = initNameLoc != null ? initNameLoc : e.loc();
        initNameLoc = null;
        Expr v = sema.assignConvert(rvalue(e), t, Sema.Context.INIT, where, e);
        addItem(offset, t, v, bf);
    }

    private void addItem(long offset, Type t, Expr v, Member bf) {
        if (initStatic && v.type() != ERROR && !ConstEval.isStaticInitializer(v)) {
            diags.error(v.loc(), "initializer element is not a compile-time constant");
        }
        initItems.add(new Initializer.Item(offset, t.unqualified(), v, bf));
    }

    /** A string literal for a char array; returns the array length it needs. */
    private long initString(Type t, long offset) {
        Expr.StrLit s = (Expr.StrLit) primary();
        long elem = t.base.size();
        long n = s.bytes().length / elem;
        if (t.kind == Type.Kind.ARRAY && t.arrayLen >= 0) {
            if (n - 1 > t.arrayLen) diags.warning(s.loc(), "initializer-string for char array is too long", "-Wexcess-initializers");
            addItem(offset, t, s, null);
            return t.arrayLen;
        }
        addItem(offset, Type.arrayOf(t.base, n), s, null);
        return n;
    }

    /** { ... } for t at offset; returns the number of array elements seen (for unsized arrays). */
    private long initBraced(Type t, long offset) {
        Token open = next();
        if (at("}")) { pos++; return 0; }
        long count;
        if (t.isArray()) {
            if (t.kind == Type.Kind.VLA) { diags.error(open.loc, "variable-sized object may not be initialized"); skipBraces(); return 0; }
            if (isStringFor(t) && (peek(1).is("}") || peek(1).is(",") && peek(2).is("}"))) {
                count = initString(t, offset);
                consume(",");
                expectClose("}", open);
                return count;
            }
            count = arrayElements(t, offset, true);
        } else if (t.isStructOrUnion()) {
            if (!t.isComplete()) { diags.error(open.loc, "variable has incomplete type '" + t + "'"); skipBraces(); return 0; }
            structMembers(t, offset, true, 0);
            count = 1;
        } else {
            // a scalar in braces: { expr }
            init(t, offset);
            if (consume(",") && !at("}")) {
                diags.warning(tok().loc, "excess elements in scalar initializer", "-Wexcess-initializers");
                while (!at("}") && !atEof()) { assign(); if (!consume(",")) break; }
            }
            count = 1;
        }
        consume(",");
        expectClose("}", open);
        return count;
    }

    private void skipBraces() {
        int depth = 1;
        while (depth > 0 && !atEof()) { Token t = next(); if (t.is("{")) depth++; else if (t.is("}")) depth--; }
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
        while (!at("}") && !atEof()) {
            boolean comma = false;
            if (!first) {
                if (!braced && (at("[") || at("."))) break;   // a designator belongs to the enclosing list
                if (!consume(",")) break;
                comma = true;
                if (at("}")) break;
            }
            first = false;
            if (at("[")) {
                if (!braced) { if (comma) pos--; break; }
                Token open = next();
                Expr ie = conditional();
                Long v = ConstEval.integer(rvalue(ie));
                long hi;
                if (v == null) { diags.error(ie.loc(), "expression is not an integer constant expression"); v = 0L; }
                if (consume("...")) { Long h = ConstEval.integer(rvalue(conditional())); hi = h == null ? v : h; } else hi = v;
                expectClose("]", open);
                if (len >= 0 && v >= len) { diags.error(ie.loc(), "array designator index (" + v + ") exceeds array bounds (" + len + ")"); v = len - 1; hi = v; }
                i = v;
                for (long k = v; k <= hi; k++) {
                    int save = pos;
                    if (k < hi) { designatedInit(elem, offset + k * elem.size()); pos = save; }
                    else designatedInit(elem, offset + k * elem.size());
                }
                i = hi + 1;
                max = Math.max(max, i);
                continue;
            }
            if (len >= 0 && i >= len) {
                if (!braced) { if (comma) pos--; break; }
                diags.warning(tok().loc, "excess elements in array initializer", "-Wexcess-initializers");
                while (!at("}") && !atEof()) { if (at("{")) { pos++; skipBraces(); } else assign(); if (!consume(",")) break; }
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
        if (at("[") && t.isArray()) {
            Token open = next();
            Expr ie = conditional();
            Long v = ConstEval.integer(rvalue(ie));
            if (v == null) { diags.error(ie.loc(), "expression is not an integer constant expression"); v = 0L; }
            expectClose("]", open);
            designatedInit(t.base, offset + v * t.base.size());
            return;
        }
        if (at(".") && t.isStructOrUnion()) {
            pos++;
            Token name = expectIdent();
            List<Member> path = t.findMember(name.text);
            if (path == null) { diags.error(name.loc, "field designator '" + name.text + "' does not refer to any field in type '" + t + "'"); skipInit(); return; }
            long off = offset;
            for (Member m : path) off += m.offset();
            Member last = path.get(path.size() - 1);
            if (last.isBitField() && !at("[") && !at(".")) {
                expect("=");
                scalarItem(last.type(), off, assign(), last);
                return;
            }
            designatedInit(last.type(), off);
            return;
        }
        if (at("[") || at(".")) throw errorAt(tok().loc, "expected '='");
        consume("=");
        init(t, offset);
    }

    private void skipInit() {
        consume("=");
        if (at("{")) { pos++; skipBraces(); } else assign();
    }

    /** An element of a braced list: a nested list, a string for a char array, or brace elision. */
    private void elementInit(Type t, long offset) {
        if (at("{") || t.isScalar()) { init(t, offset); return; }
        if (t.isArray() && isStringFor(t)) { initString(t, offset); return; }
        if (t.isStructOrUnion()) {
            // an expression of the struct type initializes it whole; otherwise elide braces
            if (!startsDesignator()) {
                int save = pos;
                int errs = diags.errorCount();
                Expr e;
                try { e = assign(); } catch (SyntaxError ex) { throw ex; }
                Expr r = rvalue(e);
                if (Types.compatibleUnqualified(r.type(), t)) { addItem(offset, t, r, null); return; }
                if (diags.errorCount() != errs) return;      // already reported; the expression is consumed
                pos = save;
            }
            structMembers(t, offset, false, 0);
            return;
        }
        if (t.isArray()) { arrayElements(t, offset, false); return; }
        init(t, offset);
    }

    private boolean startsDesignator() { return at("[") || at("."); }

    /** Struct/union members, with .name designators; braced: until '}', else as many as the struct holds. */
    private void structMembers(Type t, long offset, boolean braced, int from) {
        List<Member> ms = t.members();
        int i = from;
        boolean first = true;
        boolean isUnion = t.kind == Type.Kind.UNION;
        while (!at("}") && !atEof()) {
            boolean comma = false;
            if (!first) {
                if (!consume(",")) break;
                comma = true;
                if (at("}")) break;
                if (!braced && (at(".") || at("["))) { pos--; break; }
            }
            first = false;
            if (at(".")) {
                if (!braced) { if (comma) pos--; break; }
                pos++;
                Token name = expectIdent();
                List<Member> path = t.findMember(name.text);
                if (path == null) { diags.error(name.loc, "field designator '" + name.text + "' does not refer to any field in type '" + t + "'"); skipInit(); continue; }
                long off = offset;
                for (Member m : path) off += m.offset();
                Member last = path.get(path.size() - 1);
                if (last.isBitField() && !at("[") && !at(".")) { expect("="); scalarItem(last.type(), off, assign(), last); }
                else designatedInit(last.type(), off);
                i = path.get(0).index() + 1;
                if (isUnion) i = ms.size();
                continue;
            }
            while (i < ms.size() && ms.get(i).isBitField() && ms.get(i).name() == null) i++;   // unnamed bit-fields take no initializer
            if (i >= ms.size() || isUnion && i > 0) {
                if (!braced) { if (comma) pos--; break; }
                diags.warning(tok().loc, "excess elements in " + (isUnion ? "union" : "struct") + " initializer", "-Wexcess-initializers");
                while (!at("}") && !atEof()) { if (at("{")) { pos++; skipBraces(); } else assign(); if (!consume(",")) break; }
                break;
            }
            Member m = ms.get(i);
            if (m.isBitField()) scalarItem(m.type(), offset + m.offset(), assign(), m);
            else if (m.type().kind == Type.Kind.ARRAY && m.type().arrayLen < 0) {
                // flexible array member: gcc allows initializing it in static objects
                long n = at("{") ? initBraced(m.type(), offset + m.offset()) : 0;
                if (n > 0 && !initStatic) diags.error(m.loc(), "initialization of flexible array member is not allowed");
            }
            else elementInit(m.type(), offset + m.offset());
            i++;
        }
    }

    // ================================================================
    // statements (C11 6.8)
    // ================================================================

    /** { block-item* }; newScope false for a function body (its parameters' scope is the block's). */
    Stmt.Compound compoundStatement(boolean newScope) {
        Token open = tok();
        expect("{");
        if (newScope) enterScope();
        List<Stmt> out = new ArrayList<>();
        blockDepth++;
        try {
            while (!at("}")) {
                if (atEof()) {
                    diags.error(tok().loc, "expected '}'");
                    diags.note(open.loc, "to match this '{'");
                    throw new SyntaxError();
                }
                int start = pos;
                try {
                    out.add(blockItem());
                } catch (SyntaxError e) {
                    skipToStatementEnd();
                    if (pos == start) pos++;
                }
            }
            pos++;
        } finally {
            blockDepth--;
            if (newScope) leaveScope();
        }
        return new Stmt.Compound(out, open.loc);
    }

    private Stmt blockItem() {
        if (gnuAttrs.at()) {
            // attributes start a declaration or a statement (fallthrough;): look past them
            int save = pos;
            gnuAttrs.parse();
            boolean decl = isTypeName(tok()) && !(isTypedefName(tok()) && peek(1).is(":"));
            pos = save;
            return decl ? localDeclaration() : statement();
        }
        if (isTypeName(tok()) && !(isTypedefName(tok()) && peek(1).is(":"))) return localDeclaration();
        if (at("_Static_assert")) { staticAssert(); return new Stmt.Null(prev().loc); }
        return statement();
    }

    Stmt statement() {
        Token t = tok();
        SourceLocation loc = t.loc;
        if (t.kind == Token.Kind.PRAGMA) { pos++; return pragmaStatement(t); }
        if (t.kind == Token.Kind.PUNCT) {
            if (t.text.equals("{")) return compoundStatement(true);
            if (t.text.equals(";")) { pos++; return new Stmt.Null(loc); }
        }
        if (gnuAttrs.at()) {
            // an attribute statement (__attribute__((fallthrough));) or attributes on a statement
            gnuAttrs.check(gnuAttrs.parse());
            if (consume(";")) return new Stmt.Null(loc);
            return statement();
        }
        if (isIdent(t) && peek(1).is(":")) {
            pos += 2;
            if (gnuAttrs.at()) gnuAttrs.check(gnuAttrs.parse());   // label attributes (unused)
            SourceLocation old = labels.putIfAbsent(t.text, t.loc);
            if (old != null) { diags.error(t.loc, "redefinition of label '" + t.text + "'"); diags.note(old, "previous definition is here"); }
            if (at("}")) { diags.error(tok().loc, "label at end of compound statement: expected statement"); return new Stmt.Label(t.text, new Stmt.Null(tok().loc), loc); }
            return new Stmt.Label(t.text, statement(), loc);
        }
        if (t.kind == Token.Kind.KEYWORD || t.kind == Token.Kind.IDENT && KEYWORDS.contains(t.text)) {
            switch (t.text) {
                case "if": {
                    pos++;
                    Token open = tok();
                    expect("(");
                    Expr c = condition(expr(), "statement requires expression of scalar type");
                    expectClose(")", open);
                    Stmt then = substatement();
                    Stmt els = consume("else") ? substatement() : null;
                    return new Stmt.If(c, then, els, loc);
                }
                case "while": {
                    pos++;
                    Token open = tok();
                    expect("(");
                    Expr c = condition(expr(), "statement requires expression of scalar type");
                    expectClose(")", open);
                    loopDepth++; breakDepth++;
                    try { return new Stmt.While(c, substatement(), loc); } finally { loopDepth--; breakDepth--; }
                }
                case "do": {
                    pos++;
                    Stmt body;
                    loopDepth++; breakDepth++;
                    try { body = substatement(); } finally { loopDepth--; breakDepth--; }
                    if (!consume("while")) {
                        diags.error(tok().loc, "expected 'while' in do/while loop");
                        diags.note(t.loc, "to match this 'do'");
                        throw new SyntaxError();
                    }
                    Token open = tok();
                    expect("(");
                    Expr c = condition(expr(), "statement requires expression of scalar type");
                    expectClose(")", open);
                    expectAfter(";", "after do/while statement");
                    return new Stmt.DoWhile(body, c, loc);
                }
                case "for": return forStatement();
                case "switch": return switchStatement();
                case "case": return caseLabel();
                case "default": {
                    pos++;
                    expectAfter(":", "after 'default'");
                    SwitchCtx sw = switches.peek();
                    if (sw == null) { diags.error(loc, "'default' statement not in switch statement"); return statement(); }
                    if (sw.dfltLoc != null) {
                        // clang reports at the first default and points the note at the later one
                        diags.error(sw.dfltLoc, "multiple default labels in one switch");
                        diags.note(loc, "previous case defined here");
                    }
                    sw.dfltLoc = loc;
                    Stmt body = at("}") ? new Stmt.Null(tok().loc) : statement();
                    Stmt.Default d = new Stmt.Default(body, loc);
                    sw.dflt = d;
                    return d;
                }
                case "break": {
                    pos++;
                    if (breakDepth == 0) diags.error(loc, "'break' statement not in loop or switch statement");
                    expectAfter(";", "after break statement");
                    return new Stmt.Break(loc);
                }
                case "continue": {
                    pos++;
                    if (loopDepth == 0) diags.error(loc, "'continue' statement not in loop statement");
                    expectAfter(";", "after continue statement");
                    return new Stmt.Continue(loc);
                }
                case "goto": {
                    pos++;
                    if (at("*")) throw errorAt(tok().loc, "indirect goto is not supported");
                    Token name = expectIdent();
                    gotos.add(name);
                    expectAfter(";", "after goto statement");
                    return new Stmt.Goto(name.text, loc);
                }
                case "return": return returnStatement();
                default: break;
            }
        }
        if (at("asm") || at("__asm__") || at("__asm")) return gnuStatements.asm();
        Expr e = expr();
        expectAfter(";", "after expression");
        if (!gnuStatements.isStatementExpressionValue()) checkUnused(e);
        return new Stmt.ExprStmt(e, loc);
    }

    /** A statement that is a loop/if body: declarations are not allowed there. */
    private Stmt substatement() {
        if (isTypeName(tok()) && !isTypedefName(tok())) throw errorAt(tok().loc, "expected expression");
        if (atEof() || at("}")) throw errorAt(tok().loc, "expected statement");
        return statement();
    }

    private void checkUnused(Expr e) {
        if (e.type() == ERROR) return;
        switch (e) {
            case Expr.Binary b when b.op() == Expr.Binary.Op.EQ || b.op() == Expr.Binary.Op.NE -> {
                diags.warning(b.loc(), (b.op() == Expr.Binary.Op.EQ ? "equality" : "inequality") + " comparison result unused", "-Wunused-comparison");
                diags.note(b.loc(), b.op() == Expr.Binary.Op.EQ ? "use '=' to turn this equality comparison into an assignment"
                                                                : "use '|=' to turn this inequality comparison into an or-assignment");
            }
            case Expr.Binary b when b.op() == Expr.Binary.Op.LT || b.op() == Expr.Binary.Op.LE || b.op() == Expr.Binary.Op.GT || b.op() == Expr.Binary.Op.GE ->
                diags.warning(b.loc(), "relational comparison result unused", "-Wunused-comparison");
            case Expr.Binary b when b.op() != Expr.Binary.Op.COMMA && b.op() != Expr.Binary.Op.LOGAND && b.op() != Expr.Binary.Op.LOGOR ->
                diags.warning(b.loc(), "expression result unused", "-Wunused-value");
            case Expr.VarRef v when !v.type().isVoid() -> diags.warning(v.loc(), "expression result unused", "-Wunused-value");
            case Expr.IntLit i -> diags.warning(i.loc(), "expression result unused", "-Wunused-value");
            default -> {}
        }
    }

    /** The controlling expression of if/while/for/?: must be scalar. */
    Expr condition(Expr e, String msg) {
        Expr r = rvalue(e);
        if (r.type() != ERROR && !r.type().isScalar()) {
            diags.error(e.loc(), msg.equals("statement requires expression of scalar type")
                ? "statement requires expression of scalar type ('" + r.type() + "' invalid)" : msg);
            return new Expr.IntLit(0, ERROR, e.loc());
        }
        return r;
    }

    private Stmt forStatement() {
        Token kw = next();
        Token open = tok();
        expect("(");
        enterScope();
        try {
            Stmt init = null;
            if (isTypeName(tok())) init = localDeclaration();
            else if (!consume(";")) {
                Expr e = expr();
                init = new Stmt.ExprStmt(e, e.loc());
                expectAfter(";", "in 'for' statement specifier");
            }
            Expr cond = at(";") ? null : condition(expr(), "statement requires expression of scalar type");
            expectAfter(";", "in 'for' statement specifier");
            Expr step = at(")") ? null : expr();
            expectClose(")", open);
            loopDepth++; breakDepth++;
            try {
                return new Stmt.For(init, cond, step, substatement(), kw.loc);
            } finally { loopDepth--; breakDepth--; }
        } finally {
            leaveScope();
        }
    }

    private Stmt switchStatement() {
        Token kw = next();
        Token open = tok();
        expect("(");
        Expr c = expr();
        expectClose(")", open);
        Expr r = rvalue(c);
        Type ct;
        if (r.type() == ERROR) ct = Type.INT;
        else if (!r.type().isInteger()) {
            diags.error(c.loc(), "statement requires expression of integer type ('" + r.type() + "' invalid)");
            ct = Type.INT;
        } else ct = Types.promote(r.type());
        r = sema.convert(r, ct);
        SwitchCtx sw = new SwitchCtx(ct);
        switches.push(sw);
        breakDepth++;
        Stmt body;
        try { body = substatement(); } finally { breakDepth--; switches.pop(); }
        return new Stmt.Switch(r, body, sw.cases, sw.dflt, kw.loc);
    }

    private Stmt caseLabel() {
        Token kw = next();
        Expr e = conditional();
        Long v = ConstEval.integer(rvalue(e));
        Long hi = v;
        if (v == null && rvalue(e).type() != ERROR) diags.error(e.loc(), "expression is not an integer constant expression");
        if (consume("...")) { Expr h = conditional(); hi = ConstEval.integer(rvalue(h)); if (hi == null) hi = v; }
        expectAfter(":", "after 'case'");
        SwitchCtx sw = switches.peek();
        if (sw == null) {
            diags.error(kw.loc, "'case' statement not in switch statement");
            return at("}") ? new Stmt.Null(tok().loc) : statement();
        }
        long lo = v == null ? 0 : ConstEval.truncate(v, sw.type);
        long h2 = hi == null ? lo : ConstEval.truncate(hi, sw.type);
        if (v != null) {
            SourceLocation prevLoc = sw.seen.putIfAbsent(lo, e.loc());
            if (prevLoc != null) {
                diags.error(e.loc(), "duplicate case value '" + (sw.type.isUnsigned ? Long.toUnsignedString(lo) : Long.toString(lo)) + "'");
                diags.note(prevLoc, "previous case defined here");
            }
        }
        Stmt body = at("}") ? new Stmt.Null(tok().loc) : statement();
        Stmt.Case c = new Stmt.Case(lo, h2, body, kw.loc);
        sw.cases.add(c);
        return c;
    }

    private Stmt returnStatement() {
        Token kw = next();
        Type ret = currentFn.type.base;
        if (consume(";")) {
            if (!ret.isVoid()) diags.error(kw.loc, "non-void function '" + currentFn.name + "' should return a value [-Wreturn-mismatch]");
            return new Stmt.Return(null, kw.loc);
        }
        Expr e = expr();
        expectAfter(";", "after return statement");
        Expr r = rvalue(e);
        if (ret.isVoid()) {
            if (!r.type().isVoid()) diags.error(kw.loc, "void function '" + currentFn.name + "' should not return a value [-Wreturn-mismatch]");
            return new Stmt.Return(r.type().isVoid() ? r : null, kw.loc);
        }
        return new Stmt.Return(sema.assignConvert(r, ret.unqualified(), Sema.Context.RETURN, e.loc(), e), kw.loc);
    }

    private void staticAssert() {
        Token kw = next();
        Token open = tok();
        expect("(");
        Expr e = conditional();
        String msg = null;
        if (consume(",")) {
            Token s = tok();
            if (s.kind != Token.Kind.STRING) throw errorAt(s.loc, "expected string literal");
            Expr.StrLit lit = (Expr.StrLit) primary();
            msg = new String(lit.bytes(), 0, lit.bytes().length - 1, java.nio.charset.StandardCharsets.UTF_8);
        }
        expectClose(")", open);
        expectAfter(";", "after static_assert");
        Long v = ConstEval.integer(rvalue(e));
        if (v == null) diags.error(e.loc(), "static assertion expression is not an integral constant expression");
        else if (v == 0) diags.error(e.loc(), "static assertion failed" + (msg == null ? "" : ": " + msg));
    }

    // ================================================================
    // expressions (C11 6.5), lowest precedence first
    // ================================================================

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

    static Type rvalueType(Expr e) { return e.type(); }

    private static void markAddressTaken(Expr e) {
        while (true) {
            switch (e) {
                case Expr.VarRef v -> { v.var().addressTaken = true; return; }
                case Expr.Member m -> e = m.base();
                case Expr.CompoundLiteral c -> { c.var().addressTaken = true; return; }
                default -> { return; }
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
        while (at(",")) {
            Token op = next();
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

    // ---- undeclared identifiers: like clang's delayed typo correction, reported at the end of the full expression ----
    private record Typo(Token name, String fix) {}
    private int typoDepth;
    private List<Typo> pendingTypos;

    /** Reports the undeclared identifiers of a full expression; clang suggests names only if every one has a suggestion. */
    private void flushTypos() {
        List<Typo> ts = pendingTypos;
        pendingTypos = null;
        if (ts == null || ts.isEmpty()) return;
        boolean all = true;
        for (Typo t : ts) all &= t.fix != null;
        for (Typo t : ts) reportUndeclared(t.name, all ? t.fix : null);
    }

    private void reportUndeclared(Token t, String fix) {
        if (fix == null) {
            diags.error(t.loc, "use of undeclared identifier '" + t.text + "'");
            return;
        }
        diags.error(t.loc, "use of undeclared identifier '" + t.text + "'; did you mean '" + fix + "'?");
        SourceLocation at = locOf(lookup(fix));
        if (at != null) diags.note(at, "'" + fix + "' declared here");
    }

    private Expr assignment() {
        Expr lhs = conditional();
        Token t = tok();
        if (t.kind != Token.Kind.PUNCT) return lhs;
        Expr.Binary.Op op = switch (t.text) {
            case "=" -> null;
            case "+=" -> Expr.Binary.Op.ADD; case "-=" -> Expr.Binary.Op.SUB; case "*=" -> Expr.Binary.Op.MUL;
            case "/=" -> Expr.Binary.Op.DIV; case "%=" -> Expr.Binary.Op.MOD; case "<<=" -> Expr.Binary.Op.SHL;
            case ">>=" -> Expr.Binary.Op.SHR; case "&=" -> Expr.Binary.Op.BITAND; case "|=" -> Expr.Binary.Op.BITOR;
            case "^=" -> Expr.Binary.Op.BITXOR;
            default -> Expr.Binary.Op.COMMA;   // not an assignment operator
        };
        if (op == Expr.Binary.Op.COMMA) return lhs;
        pos++;
        Expr rhs = assign();
        if (!checkAssignable(lhs, t)) return new Expr.IntLit(0, ERROR, t.loc);
        Type lt = lhs.type().unqualified();
        Expr r = rvalue(rhs);
        if (r.type() == ERROR) return new Expr.IntLit(0, ERROR, t.loc);
        if (op == null) {
            Expr v = sema.assignConvert(r, lt, Sema.Context.ASSIGN, t.loc, rhs);
            return new Expr.Assign(lhs, v, lt, t.loc);
        }
        // compound assignment: lhs op= rhs is lhs = (T)(lhs op rhs) with lhs evaluated once
        Expr probe = arith(op, new Expr.VarRef(null, lt, lhs.loc()), r, t, true);
        if (probe.type() == ERROR) return probe;
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
        if (e.type() == ERROR) return false;
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
                diags.error(op.loc, "cannot assign to variable '" + v.var().name + "' with const-qualified type " + TypePrinter.quoteAka(t));
                diags.note(v.var().loc, "variable '" + v.var().name + "' declared const here");
            } else if (e instanceof Expr.Unary u && u.op() == Expr.Unary.Op.DEREF) {
                diags.error(op.loc, "read-only variable is not assignable");
            } else {
                diags.error(op.loc, "read-only variable is not assignable");
            }
            return false;
        }
        if (t.isStructOrUnion() && hasConstMember(t)) {
            diags.error(op.loc, "cannot assign to " + (e instanceof Expr.VarRef v ? "variable '" + v.var().name + "'" : "lvalue") + " with const-qualified data member");
            return false;
        }
        if (!t.isComplete() && !t.isArray()) {
            diags.error(op.loc, "incomplete type '" + t + "' is not assignable");
            return false;
        }
        return true;
    }

    private static boolean hasConstMember(Type t) {
        for (Member m : t.members()) if (m.type().isConst() || m.type().isStructOrUnion() && hasConstMember(m.type())) return true;
        return false;
    }

    Expr conditional() {
        Expr c = logor();
        if (!at("?")) return c;
        Token q = next();
        Expr cond = condition(c, "used type '" + rvalue(c).type() + "' where arithmetic or pointer type is required");
        Expr a = at(":") ? cond : expr();       // GNU a ?: b
        if (!consume(":")) {
            diags.error(tok().loc, "expected ':'");
            diags.note(q.loc, "to match this '?'");
            conditional();                       // reports "expected expression" where clang does
            throw new SyntaxError();
        }
        Expr b = conditional();
        return sema.conditional(cond, rvalue(a), rvalue(b), q.loc);
    }

    private Expr logor() {
        Expr e = logand();
        while (at("||")) { Token op = next(); e = logical(Expr.Binary.Op.LOGOR, e, logand(), op); }
        return e;
    }

    private Expr logand() {
        Expr e = bitor();
        while (at("&&")) { Token op = next(); e = logical(Expr.Binary.Op.LOGAND, e, bitor(), op); }
        return e;
    }

    private Expr logical(Expr.Binary.Op op, Expr l, Expr r, Token opTok) {
        Expr a = rvalue(l), b = rvalue(r);
        if (a.type() == ERROR || b.type() == ERROR) return new Expr.IntLit(0, ERROR, opTok.loc);
        if (!a.type().isScalar() || !b.type().isScalar()) return invalidOperands(a, b, opTok);
        return new Expr.Binary(op, a, b, Type.INT, opTok.loc);
    }

    private Expr bitor() {
        Expr e = bitxor();
        while (at("|")) { Token op = next(); e = arith(Expr.Binary.Op.BITOR, e, bitxor(), op, false); }
        return e;
    }

    private Expr bitxor() {
        Expr e = bitand();
        while (at("^")) { Token op = next(); e = arith(Expr.Binary.Op.BITXOR, e, bitand(), op, false); }
        return e;
    }

    private Expr bitand() {
        Expr e = equality();
        while (at("&")) { Token op = next(); e = arith(Expr.Binary.Op.BITAND, e, equality(), op, false); }
        return e;
    }

    private Expr equality() {
        Expr e = relational();
        while (true) {
            if (at("==")) { Token op = next(); e = compare(Expr.Binary.Op.EQ, e, relational(), op); }
            else if (at("!=")) { Token op = next(); e = compare(Expr.Binary.Op.NE, e, relational(), op); }
            else return e;
        }
    }

    private Expr relational() {
        Expr e = shift();
        while (true) {
            Expr.Binary.Op op = at("<") ? Expr.Binary.Op.LT : at("<=") ? Expr.Binary.Op.LE : at(">") ? Expr.Binary.Op.GT : at(">=") ? Expr.Binary.Op.GE : null;
            if (op == null) return e;
            Token t = next();
            e = compare(op, e, shift(), t);
        }
    }

    private Expr shift() {
        Expr e = additive();
        while (true) {
            if (at("<<")) { Token op = next(); e = arith(Expr.Binary.Op.SHL, e, additive(), op, false); }
            else if (at(">>")) { Token op = next(); e = arith(Expr.Binary.Op.SHR, e, additive(), op, false); }
            else return e;
        }
    }

    private Expr additive() {
        Expr e = multiplicative();
        while (true) {
            if (at("+")) { Token op = next(); e = arith(Expr.Binary.Op.ADD, e, multiplicative(), op, false); }
            else if (at("-")) { Token op = next(); e = arith(Expr.Binary.Op.SUB, e, multiplicative(), op, false); }
            else return e;
        }
    }

    private Expr multiplicative() {
        Expr e = cast();
        while (true) {
            if (at("*")) { Token op = next(); e = arith(Expr.Binary.Op.MUL, e, cast(), op, false); }
            else if (at("/")) { Token op = next(); e = arith(Expr.Binary.Op.DIV, e, cast(), op, false); }
            else if (at("%")) { Token op = next(); e = arith(Expr.Binary.Op.MOD, e, cast(), op, false); }
            else return e;
        }
    }

    Expr invalidOperands(Expr a, Expr b, Token op) {
        diags.error(op.loc, "invalid operands to binary expression (" + TypePrinter.quoteAka(origType(a)) + " and " + TypePrinter.quoteAka(origType(b)) + ")");
        return new Expr.IntLit(0, ERROR, op.loc);
    }

    /** The type clang names in diagnostics: before array/function decay. */
    private static Type origType(Expr e) { return e instanceof Expr.Decay d ? d.operand().type() : e.type(); }

    /**
     * Arithmetic, bitwise and shift operators, with pointer arithmetic scaled to bytes.
     * compound: building op= (the left operand is a placeholder of the target's type).
     */
    Expr arith(Expr.Binary.Op op, Expr l, Expr r, Token opTok, boolean compound) {
        Expr a = rvalue(l), b = rvalue(r);
        Type at = a.type(), bt = b.type();
        SourceLocation loc = opTok.loc;
        if (at == ERROR || bt == ERROR) return new Expr.IntLit(0, ERROR, loc);
        switch (op) {
            case ADD, SUB -> {
                if (at.isArithmetic() && bt.isArithmetic()) return usual(op, a, b, loc);
                if (at.isPointer() && bt.isInteger()) return pointerOffset(op, a, b, loc, opTok);
                if (op == Expr.Binary.Op.ADD && at.isInteger() && bt.isPointer() && !compound) return pointerOffset(op, b, a, loc, opTok);
                if (op == Expr.Binary.Op.SUB && at.isPointer() && bt.isPointer() && !compound) {
                    if (!Types.compatibleUnqualified(at.base.unqualified(), bt.base.unqualified())) {
                        diags.error(loc, "'" + at + "' and '" + bt + "' are not pointers to compatible types");
                        return new Expr.IntLit(0, ERROR, loc);
                    }
                    Expr diff = new Expr.Binary(Expr.Binary.Op.PTR_DIFF, a, b, Type.LONG, loc);
                    long size = elemSizeForArith(at, opTok);
                    if (size == 1) return diff;
                    return new Expr.Binary(Expr.Binary.Op.DIV, diff, new Expr.IntLit(size, Type.LONG, loc), Type.LONG, loc);
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
                Type lt = Types.promote(at);
                Long n = ConstEval.integer(b);
                if (n != null && n < 0) diags.warning(b.loc(), "shift count is negative", "-Wshift-count-negative");
                else if (n != null && n >= lt.size() * 8) diags.warning(b.loc(), "shift count >= width of type", "-Wshift-count-overflow");
                return new Expr.Binary(op, sema.convert(a, lt), sema.convert(b, Types.promote(bt)), lt, loc);
            }
            default -> throw new IllegalStateException(op.toString());
        }
    }

    private Expr usual(Expr.Binary.Op op, Expr a, Expr b, SourceLocation loc) {
        Type t = Types.usualArithmetic(a.type(), b.type());
        return new Expr.Binary(op, sema.convert(a, t), sema.convert(b, t), t, loc);
    }

    private long elemSizeForArith(Type ptr, Token opTok) {
        Type e = ptr.base;
        if (e.isVoid() || e.isFunction()) {
            diags.warning(opTok.loc, "arithmetic on a pointer to " + (e.isVoid() ? "void" : "the function type '" + e + "'") + " is a GNU extension", "-Wgnu-pointer-arith");
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
        if (size == -1) off = new Expr.Binary(Expr.Binary.Op.MUL, idx, sema.convert(sizeofExpr(p.type().base, loc), Type.LONG), Type.LONG, loc);
        else if (size == 1) off = idx;
        else off = new Expr.Binary(Expr.Binary.Op.MUL, idx, new Expr.IntLit(size, Type.LONG, loc), Type.LONG, loc);
        return new Expr.Binary(op, p, off, p.type().unqualified(), loc);
    }

    private Expr compare(Expr.Binary.Op op, Expr l, Expr r, Token opTok) {
        Expr a = rvalue(l), b = rvalue(r);
        Type at = a.type(), bt = b.type();
        SourceLocation loc = opTok.loc;
        if (at == ERROR || bt == ERROR) return new Expr.IntLit(0, ERROR, loc);
        boolean eq = op == Expr.Binary.Op.EQ || op == Expr.Binary.Op.NE;
        if (at.isArithmetic() && bt.isArithmetic()) {
            if (!eq && (at.isComplex || bt.isComplex)) return invalidOperands(a, b, opTok);
            Type t = Types.usualArithmetic(at, bt);
            return new Expr.Binary(op, sema.convert(a, t), sema.convert(b, t), Type.INT, loc);
        }
        if (at.isPointer() && bt.isPointer()) {
            Type pa = at.base.unqualified(), pb = bt.base.unqualified();
            if (!Types.compatibleUnqualified(pa, pb) && !(eq && (pa.isVoid() || pb.isVoid()))) {
                if (pa.isVoid() || pb.isVoid()) { /* fine for relational in GNU C */ }
                else diags.warning(loc, "comparison of distinct pointer types (" + TypePrinter.quoteAka(at) + " and " + TypePrinter.quoteAka(bt) + ")", "-Wcompare-distinct-pointer-types");
            }
            return new Expr.Binary(op, a, sema.convert(b, at.unqualified()), Type.INT, loc);
        }
        if (at.isPointer() && bt.isInteger() || at.isInteger() && bt.isPointer()) {
            Expr p = at.isPointer() ? a : b, i = at.isPointer() ? b : a;
            if (!Sema.isNullPointerConstant(i)) {
                diags.warning(loc, "comparison between pointer and integer (" + TypePrinter.quoteAka(at) + " and " + TypePrinter.quoteAka(bt) + ")", "-Wpointer-integer-compare");
            } else if (!eq) {
                diags.warning(loc, "ordered comparison between pointer and zero (" + TypePrinter.quoteAka(at) + " and " + TypePrinter.quoteAka(bt) + ") is an extension", "-Wpedantic");
            }
            Expr ci = sema.convert(i, p.type().unqualified());
            return at.isPointer() ? new Expr.Binary(op, a, ci, Type.INT, loc) : new Expr.Binary(op, ci, b, Type.INT, loc);
        }
        return invalidOperands(a, b, opTok);
    }

    /** cast-expression: (type-name) cast-expression, or a compound literal (type-name){...}. */
    Expr cast() {
        if (at("(") && typeNameAt(1)) {
            Token open = next();
            Type t = typeName();
            expectClose(")", open);
            if (at("{")) return postfixTail(compoundLiteral(t, open));
            Expr e = cast();
            return explicitCast(e, t, open.loc);
        }
        return unary();
    }

    Expr explicitCast(Expr e, Type t, SourceLocation loc) {
        Expr r = rvalue(e);
        if (r.type() == ERROR) return new Expr.IntLit(0, ERROR, loc);
        Type to = t.unqualified();
        Type from = r.type();
        if (to.isVoid()) return new Expr.Cast(r, to, false, loc);
        if (!to.isScalar()) {
            if (to.isStructOrUnion() && Types.compatibleUnqualified(from, to)) return r;
            diags.error(loc, "used type '" + t + "' where arithmetic or pointer type is required");
            return new Expr.IntLit(0, ERROR, loc);
        }
        if (!from.isScalar()) {
            diags.error(e.loc(), "operand of type '" + from + "' where arithmetic or pointer type is required");
            return new Expr.IntLit(0, ERROR, loc);
        }
        if (to.isPointer() && from.isFloat() || to.isFloat() && from.isPointer()) {
            diags.error(e.loc(), "operand of type '" + from + "' cannot be cast to a pointer type");
            return new Expr.IntLit(0, ERROR, loc);
        }
        return new Expr.Cast(r, to, false, loc);
    }

    private Expr compoundLiteral(Type t, Token open) {
        boolean file = currentFn == null;
        Var v = syntheticLocal(t, open.loc);
        if (t.kind == Type.Kind.VLA) diags.error(open.loc, "compound literal has variable-sized type '" + t + "'");
        Initializer init = initializer(t, file);
        v.type = init.type();
        v.addressTaken = true;
        return new Expr.CompoundLiteral(v, init, init.type(), open.loc);
    }

    Expr unary() {
        Token t = tok();
        SourceLocation loc = t.loc;
        if (t.kind == Token.Kind.PUNCT) {
            switch (t.text) {
                case "+", "-" -> {
                    pos++;
                    Expr e = rvalue(cast());
                    if (e.type() == ERROR) return e;
                    if (!e.type().isArithmetic()) return invalidUnary(e, loc);
                    Type pt = e.type().isInteger() ? Types.promote(e.type()) : e.type().unqualified();
                    return new Expr.Unary(t.text.equals("-") ? Expr.Unary.Op.NEG : Expr.Unary.Op.PLUS, sema.convert(e, pt), pt, loc);
                }
                case "~" -> {
                    pos++;
                    Expr e = rvalue(cast());
                    if (e.type() == ERROR) return e;
                    if (e.type().isComplex) return new Expr.Unary(Expr.Unary.Op.BITNOT, e, e.type().unqualified(), loc); // conjugate (GNU)
                    if (!e.type().isInteger()) return invalidUnary(e, loc);
                    Type pt = Types.promote(e.type());
                    return new Expr.Unary(Expr.Unary.Op.BITNOT, sema.convert(e, pt), pt, loc);
                }
                case "!" -> {
                    pos++;
                    Expr e = rvalue(cast());
                    if (e.type() == ERROR) return e;
                    if (!e.type().isScalar()) return invalidUnary(e, loc);
                    return new Expr.Unary(Expr.Unary.Op.NOT, e, Type.INT, loc);
                }
                case "&" -> {
                    pos++;
                    Expr e = cast();
                    return addressOf(e, loc);
                }
                case "*" -> {
                    pos++;
                    Expr e = rvalue(cast());
                    return deref(e, loc);
                }
                case "++", "--" -> {
                    pos++;
                    Expr e = unary();
                    return incDec(e, true, t.text.equals("++"), t);
                }
                case "&&" -> throw errorAt(loc, "use of GNU address-of-label extension is not supported");
                default -> {}
            }
        }
        if (at("sizeof") || at("_Alignof") || at("__alignof__") || at("__alignof")) {
            boolean isSizeof = at("sizeof");
            pos++;
            Type ty;
            SourceLocation eloc = tok().loc;
            if (at("(") && typeNameAt(1)) {
                Token open = next();
                ty = typeName();
                expectClose(")", open);
                if (at("{")) {
                    Expr e = postfixTail(compoundLiteral(ty, open));
                    ty = e.type();
                }
            } else {
                Expr e = unary();
                if (e.type() == ERROR) return new Expr.IntLit(0, ERROR, loc);
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
                return new Expr.IntLit(0, ERROR, loc);
            }
            return new Expr.IntLit(isSizeof ? ty.size() : ty.align(), Type.ULONG, loc);
        }
        if (at("__real__") || at("__imag__") || at("__real") || at("__imag")) {
            boolean real = at("__real__") || at("__real");
            pos++;
            Expr e = rvalue(cast());
            Type et = e.type().isComplex ? e.type().base : e.type().unqualified();
            return new Expr.Unary(real ? Expr.Unary.Op.REAL : Expr.Unary.Op.IMAG, e, et, loc);
        }
        if (at("__extension__")) { pos++; return cast(); }
        return postfix();
    }

    /** sizeof of a VLA type: the hidden size variable, or element count times element size. */
    Expr sizeofExpr(Type ty, SourceLocation loc) {
        if (ty.kind == Type.Kind.VLA && ty.vlaSize != null) return new Expr.VarRef(ty.vlaSize, Type.ULONG, loc);
        if (ty.kind == Type.Kind.ARRAY && ty.base.isVariablyModified())
            return new Expr.Binary(Expr.Binary.Op.MUL, new Expr.IntLit(ty.arrayLen, Type.ULONG, loc), sizeofExpr(ty.base, loc), Type.ULONG, loc);
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
        return new Expr.IntLit(0, ERROR, loc);
    }

    Expr addressOf(Expr e, SourceLocation loc) {
        if (e.type() == ERROR) return e;
        if (e instanceof Expr.Member m && m.member().isBitField()) {
            diags.error(loc, "address of bit-field requested");
            return new Expr.IntLit(0, ERROR, loc);
        }
        if (e.type().isFunction()) return new Expr.Decay(e, Type.pointerTo(e.type()), loc);
        if (!Expr.isLvalue(e)) {
            diags.error(loc, "cannot take the address of an rvalue of type " + TypePrinter.quoteAka(e.type()));
            return new Expr.IntLit(0, ERROR, loc);
        }
        if (e instanceof Expr.VarRef v && v.var().storage == Var.Storage.REGISTER) {
            diags.error(loc, "address of register variable requested");
        }
        markAddressTaken(e);
        return new Expr.Unary(Expr.Unary.Op.ADDR, e, Type.pointerTo(e.type()), loc);
    }

    Expr deref(Expr e, SourceLocation loc) {
        if (e.type() == ERROR) return e;
        if (!e.type().isPointer()) {
            diags.error(loc, "indirection requires pointer operand (" + TypePrinter.quoteAka(e.type()) + " invalid)");
            return new Expr.IntLit(0, ERROR, loc);
        }
        Type b = e.type().base;
        if (b.isFunction()) return e instanceof Expr.Decay d ? d.operand() : new Expr.Unary(Expr.Unary.Op.DEREF, e, b, loc);
        if (b.isVoid()) diags.warning(loc, "ISO C does not allow indirection on operand of type 'void *'", "-Wvoid-ptr-dereference");
        return new Expr.Unary(Expr.Unary.Op.DEREF, e, b, loc);
    }

    private Expr incDec(Expr e, boolean prefix, boolean inc, Token op) {
        if (e.type() == ERROR) return e;
        Type t = e.type();
        if (!t.isScalar()) {
            diags.error(op.loc, "cannot " + (inc ? "increment" : "decrement") + " value of type " + TypePrinter.quoteAka(t));
            return new Expr.IntLit(0, ERROR, op.loc);
        }
        if (!checkAssignable(e, op)) return new Expr.IntLit(0, ERROR, op.loc);
        long step = 1;
        if (t.isPointer()) step = elemSizeForArith(t, op);
        if (step == -1) { diags.error(op.loc, "increment of a pointer to a variable length array is not supported"); step = 1; }
        return new Expr.IncDec(e, prefix, inc, step, t.unqualified(), op.loc);
    }

    Expr postfix() {
        return postfixTail(primary());
    }

    private Expr postfixTail(Expr e) {
        while (true) {
            Token t = tok();
            if (t.kind != Token.Kind.PUNCT) return e;
            switch (t.text) {
                case "[" -> {
                    pos++;
                    Expr idx = expr();
                    expectClose("]", t);
                    e = subscript(e, idx, t);
                }
                case "(" -> e = call(e, t);
                case "." -> {
                    pos++;
                    Token name = expectIdent();
                    e = member(e, name, t, false);
                }
                case "->" -> {
                    pos++;
                    Token name = expectIdent();
                    e = member(e, name, t, true);
                }
                case "++", "--" -> { pos++; e = incDec(e, false, t.text.equals("++"), t); }
                default -> { return e; }
            }
        }
    }

    Expr subscript(Expr base, Expr idx, Token open) {
        Expr a = rvalue(base), b = rvalue(idx);
        if (a.type() == ERROR || b.type() == ERROR) return new Expr.IntLit(0, ERROR, open.loc);
        if (a.type().isInteger() && b.type().isPointer()) { Expr x = a; a = b; b = x; }
        if (!a.type().isPointer()) {
            diags.error(open.loc, "subscripted value is not an array, pointer, or vector");
            return new Expr.IntLit(0, ERROR, open.loc);
        }
        if (!b.type().isInteger()) {
            diags.error(open.loc, "array subscript is not an integer");
            return new Expr.IntLit(0, ERROR, open.loc);
        }
        if (base.type().kind == Type.Kind.ARRAY && base.type().arrayLen >= 0 && ConstEval.integer(b) instanceof Long n
            && (n < 0 || n > base.type().arrayLen || n == base.type().arrayLen)) {
            diags.warning(idx.loc(), "array index " + n + " is " + (n < 0 ? "before the beginning of the array" : "past the end of the array (that has type '" + base.type() + "')"), "-Warray-bounds");
        }
        Expr sum = pointerOffset(Expr.Binary.Op.ADD, a, b, open.loc, open);
        return deref(sum, open.loc);
    }

    Expr member(Expr base, Token name, Token op, boolean arrow) {
        if (base.type() == ERROR) return base;
        Expr obj = base;
        Type t = base.type();
        if (arrow) {
            Expr p = rvalue(base);
            if (!p.type().isPointer()) {
                if (p.type().isStructOrUnion()) {
                    diags.error(op.loc, "member reference type " + TypePrinter.quoteAka(p.type()) + " is not a pointer; did you mean to use '.'?");
                } else diags.error(op.loc, "member reference type " + TypePrinter.quoteAka(p.type()) + " is not a pointer");
                return new Expr.IntLit(0, ERROR, op.loc);
            }
            t = p.type().base;
            if (!t.isStructOrUnion()) {
                diags.error(op.loc, "member reference base type " + TypePrinter.quoteAka(t) + " is not a structure or union");
                return new Expr.IntLit(0, ERROR, op.loc);
            }
            obj = new Expr.Unary(Expr.Unary.Op.DEREF, p, t, op.loc);
        } else if (!t.isStructOrUnion()) {
            if (t.isPointer() && t.base.isStructOrUnion())
                diags.error(op.loc, "member reference type " + TypePrinter.quoteAka(t) + " is a pointer; did you mean to use '->'?");
            else diags.error(op.loc, "member reference base type " + TypePrinter.quoteAka(t) + " is not a structure or union");
            return new Expr.IntLit(0, ERROR, op.loc);
        }
        if (!t.isComplete()) {
            diags.error(op.loc, "incomplete definition of type " + TypePrinter.quoteAka(t));
            forwardNote(t);
            return new Expr.IntLit(0, ERROR, op.loc);
        }
        List<Member> path = t.findMember(name.text);
        if (path == null) {
            diags.error(name.loc, "no member named '" + name.text + "' in " + TypePrinter.quoteAka(t.unqualified()));
            return new Expr.IntLit(0, ERROR, name.loc);
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
        pos++;
        List<Expr> written = new ArrayList<>();
        if (!at(")")) {
            try {
                do { Expr a = assign(); written.add(a); } while (consume(","));
            } catch (SyntaxError e) {
                // clang skips to the matching ')' (past ';' and braces) and goes on with an invalid call;
                // with none before the end of the file, the statement ends there
                int depth = 0;
                while (!atEof() && !(depth == 0 && at(")"))) {
                    if (at("(")) depth++;
                    else if (at(")")) depth--;
                    pos++;
                }
                if (atEof()) throw e;
                pos++;
                return new Expr.IntLit(0, ERROR, fn.loc());
            }
        }
        Token close = tok();
        expectClose(")", open);
        return checkCall(fn, written, open, close);
    }

    /** A call of fn with the arguments as written: checked and converted as C11 6.5.2.2 says. */
    Expr checkCall(Expr fn, List<Expr> written, Token open, Token close) {
        List<Expr> args = new ArrayList<>();
        if (fn.type() == ERROR) return new Expr.IntLit(0, ERROR, fn.loc());
        Expr callee = rvalue(fn);
        Type ct = callee.type();
        if (!(ct.isPointer() && ct.base.isFunction())) {
            diags.error(open.loc, "called object type " + TypePrinter.quoteAka(origType(callee)) + " is not a function or function pointer");
            return new Expr.IntLit(0, ERROR, fn.loc());
        }
        Type ft = ct.base;
        Var direct = fn instanceof Expr.VarRef v && v.var().isFunction() ? v.var() : null;
        int np = ft.params.size(), na = written.size();
        if (!ft.oldStyle && (na < np || na > np && !ft.variadic)) {
            boolean few = na < np;
            List<ParamDecl> pds = direct == null ? null : paramDecls.get(direct);
            String single = np == 1 && pds != null && pds.size() == 1 && pds.get(0).name() != null ? pds.get(0).name().text : null;
            String msg;
            if (single != null && !ft.variadic)
                msg = few ? "too few arguments to function call, single argument '" + single + "' was not specified"
                          : "too many arguments to function call, expected single argument '" + single + "', have " + na + " arguments";
            else msg = (few ? "too few" : "too many") + " arguments to function call, expected " + (ft.variadic ? "at least " : "") + np + ", have " + na;
            diags.error(few ? close.loc : written.get(np).loc(), msg);
            if (direct != null) diags.note(direct.loc, "'" + direct.name + "' declared here");
            return new Expr.IntLit(0, ERROR, fn.loc());
        }
        for (int i = 0; i < na; i++) {
            Expr a = rvalue(written.get(i));
            if (a.type() == ERROR) return new Expr.IntLit(0, ERROR, fn.loc());
            if (i < np && !ft.oldStyle) {
                int before = diags.errorCount() + diags.warningCount();
                Type pt = ft.params.get(i).unqualified();
                Expr tu = TransparentUnion.argument(this, a, pt);
                args.add(tu != null ? tu : sema.assignConvert(a, pt, Sema.Context.PASS, written.get(i).loc(), written.get(i)));
                List<ParamDecl> pds = direct == null ? null : paramDecls.get(direct);
                if (diags.errorCount() + diags.warningCount() != before && pds != null && i < pds.size() && pds.get(i).name() != null)
                    diags.note(pds.get(i).name().loc, "passing argument to parameter '" + pds.get(i).name().text + "' here");
            } else {
                if (a.type().isVoid()) { diags.error(a.loc(), "argument type 'void' is incomplete"); return new Expr.IntLit(0, ERROR, fn.loc()); }
                args.add(sema.convert(a, Types.defaultArgPromote(a.type())));
            }
        }
        if (direct != null) sema.checkFormat(direct.name, written, args, ft);
        Type ret = ft.base.unqualified();
        if (!ret.isVoid() && !ret.isComplete()) {
            diags.error(fn.loc(), "calling function with incomplete return type '" + ret + "'");
            return new Expr.IntLit(0, ERROR, fn.loc());
        }
        return new Expr.Call(callee, args, ft, direct, ret, fn.loc());
    }

    Expr primary() {
        Token t = tok();
        SourceLocation loc = t.loc;
        switch (t.kind) {
            case NUMBER -> { pos++; return literals.number(t); }
            case CHAR -> { pos++; return literals.character(t); }
            case STRING -> { return stringLiteral(); }
            case PUNCT -> {
                if (t.text.equals("(")) {
                    pos++;
                    if (at("{")) return gnuStatements.statementExpression(t);
                    Expr e = expr();
                    expectClose(")", t);
                    return e;
                }
                throw errorAt(loc, "expected expression");
            }
            case IDENT, KEYWORD -> {
                if (KEYWORDS.contains(t.text) || t.kind == Token.Kind.KEYWORD) return keywordPrimary(t);
                if (BuiltinCalls.isBuiltin(t.text) && peek(1).is("(") && !(lookup(t.text) instanceof Var)) return builtins.call(t);
                pos++;
                return identifier(t);
            }
            default -> throw errorAt(loc, "expected expression");
        }
    }

    private Expr identifier(Token t) {
        String name = t.text;
        Object o = lookup(name);
        if (o instanceof Var v) {
            v.used = true;
            return new Expr.VarRef(v, v.type, t.loc);
        }
        if (o instanceof EnumConst c) return new Expr.IntLit(c.value(), c.type(), t.loc);
        if (o instanceof Typedef) throw errorAt(t.loc, "unexpected type name '" + name + "': expected expression");
        if (name.equals("__func__") || name.equals("__FUNCTION__") || name.equals("__PRETTY_FUNCTION__")) {
            String fn = currentFn == null ? "" : currentFn.name;
            if (currentFn == null) diags.warning(t.loc, "predefined identifier is only valid inside function", "-Wpredefined-identifier-outside-function");
            byte[] b = java.util.Arrays.copyOf(fn.getBytes(java.nio.charset.StandardCharsets.UTF_8), fn.length() + 1);
            return new Expr.StrLit(b, Type.arrayOf(Type.CHAR.qualified(Type.CONST), b.length), t.loc);
        }
        if (at("(")) return implicitFunction(t);
        // clang reports the base of a subscript at once, without a suggestion
        if (at("[")) {
            reportUndeclared(t, null);
            return new Expr.IntLit(0, ERROR, t.loc);
        }
        // otherwise at the end of the full expression, going on meanwhile as if the suggested name had been written;
        // the base of a member access takes only a suggestion the access is valid on
        String fix = typoCorrection(name);
        if (fix != null && (at(".") || at("->"))) {
            Type ft = lookup(fix) instanceof Var fv ? fv.type : Type.INT;
            if (at("->") ? !(ft.isPointer() || ft.isArray()) || !ft.base.isStructOrUnion() : !ft.isStructOrUnion()) fix = null;
        }
        if (pendingTypos != null) pendingTypos.add(new Typo(t, fix));
        else reportUndeclared(t, fix);
        if (fix != null) return identifier(new Token(t.kind, fix, t.loc));
        return new Expr.IntLit(0, ERROR, t.loc);
    }

    /**
     * The visible variable, function or enumerator closest to a misspelt name, by clang's rule: an
     * edit distance of at most (length + 2) / 3 and at most a third of the length; null if there is
     * none or two names tie.
     */
    private String typoCorrection(String typo) {
        int bound = (typo.length() + 2) / 3;
        String best = null;
        int bestEd = Integer.MAX_VALUE;
        boolean tie = false;
        HashSet<String> seen = new HashSet<>();
        for (int i = scopes.size() - 1; i >= 0; i--) {
            for (Map.Entry<String, Object> en : scopes.get(i).names.entrySet()) {
                String n = en.getKey();
                if (!seen.add(n) || !(en.getValue() instanceof Var || en.getValue() instanceof EnumConst)) continue;
                if (n.startsWith("__") && !typo.startsWith("_")) continue;
                if (Math.abs(n.length() - typo.length()) > bound) continue;
                int ed = editDistance(typo, n, bound);
                if (ed > bound || ed == 0 || typo.length() / ed < 3) continue;
                if (ed < bestEd) { best = n; bestEd = ed; tie = false; }
                else if (ed == bestEd) tie = true;
            }
        }
        return tie ? null : best;
    }

    /**
     * Edit distance counting an adjacent transposition as one edit (clang suggests 'value' for
     * 'vaule'); gives up with bound + 1 once a whole row exceeds bound.
     */
    static int editDistance(String a, String b, int bound) {
        int m = b.length();
        int[] prev2 = new int[m + 1], prev = new int[m + 1], cur = new int[m + 1];
        for (int j = 0; j <= m; j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            int rowMin = i;
            for (int j = 1; j <= m; j++) {
                char x = a.charAt(i - 1), y = b.charAt(j - 1);
                int d = Math.min(prev[j - 1] + (x == y ? 0 : 1), Math.min(prev[j], cur[j - 1]) + 1);
                if (i > 1 && j > 1 && x == b.charAt(j - 2) && a.charAt(i - 2) == y) d = Math.min(d, prev2[j - 2] + 1);
                cur[j] = d;
                rowMin = Math.min(rowMin, d);
            }
            if (rowMin > bound) return bound + 1;
            int[] t = prev2; prev2 = prev; prev = cur; cur = t;
        }
        return prev[m];
    }

    /** A call to an undeclared function: an error since C99 (clang 16+), then declared as clang does to go on. */
    private Expr implicitFunction(Token t) {
        LibraryFunction lib = LibraryFunction.find(t.text);
        Type ft;
        if (lib != null) {
            diags.error(t.loc, "call to undeclared library function '" + t.text + "' with type '" + lib.type() + "'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]");
            diags.note(t.loc, "include the header <" + lib.header() + "> or explicitly provide a declaration for '" + t.text + "'");
            ft = lib.type();
        } else {
            diags.error(t.loc, "call to undeclared function '" + t.text + "'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]");
            ft = Type.func(Type.INT, List.of(), false, true);
        }
        Var v = new Var(t.text, ft, t.loc, false);
        v.storage = Var.Storage.EXTERN;
        scopes.get(0).names.put(t.text, v);
        globals.add(v);
        return new Expr.VarRef(v, ft, t.loc);
    }

    private Expr stringLiteral() {
        Token first = tok();
        Type elem = Literals.stringElem(first.text);
        // adjacent literals concatenate (C11 5.1.1.2 phase 6); a prefixed one decides the element type
        int p = pos;
        while (toks.get(p).kind == Token.Kind.STRING) {
            Type e = Literals.stringElem(toks.get(p).text);
            if (e != Type.CHAR) elem = e;
            p++;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (tok().kind == Token.Kind.STRING) literals.appendString(next(), (int) elem.size(), out);
        for (int i = 0; i < elem.size(); i++) out.write(0);
        byte[] b = out.toByteArray();
        return new Expr.StrLit(b, Type.arrayOf(elem, b.length / elem.size()), first.loc);
    }

    private Expr keywordPrimary(Token t) {
        switch (t.text) {
            case "__builtin_va_arg" -> {
                pos++;
                Token open = tok();
                expect("(");
                Expr ap = assign();
                expect(",");
                Token tyTok = tok();
                Type ty = typeName();
                expectClose(")", open);
                Type promoted = Types.defaultArgPromote(ty.unqualified());
                if (ty.kind == Type.Kind.FLOAT && !ty.isComplex || ty.isInteger() && ty.size() < Type.INT.size())
                    diags.warning(tyTok.loc, "second argument to 'va_arg' is of promotable type " + TypePrinter.quoteAka(ty)
                        + "; this va_arg has undefined behavior because arguments will be promoted to " + TypePrinter.quoteAka(promoted), "-Wvarargs");
                return new Expr.VaArg(ap, ty.unqualified(), t.loc);
            }
            case "__builtin_offsetof" -> {
                pos++;
                Token open = tok();
                expect("(");
                Type ty = typeName();
                expect(",");
                long off = 0;
                Type cur = ty;
                boolean first = true;
                while (true) {
                    if (first || consume(".")) {
                        Token name = expectIdent();
                        List<Member> path = cur.isStructOrUnion() ? cur.findMember(name.text) : null;
                        if (path == null) { diags.error(name.loc, "no member named '" + name.text + "' in '" + cur + "'"); skipParen(open); return new Expr.IntLit(0, ERROR, t.loc); }
                        for (Member m : path) off += m.offset();
                        cur = path.get(path.size() - 1).type();
                    } else if (at("[")) {
                        Token o = next();
                        Long n = ConstEval.integer(rvalue(expr()));
                        expectClose("]", o);
                        if (n == null || !cur.isArray()) { diags.error(o.loc, "expression is not an integer constant expression"); n = 0L; }
                        else { off += n * cur.base.size(); cur = cur.base; }
                    } else break;
                    first = false;
                }
                expectClose(")", open);
                return new Expr.IntLit(off, Type.ULONG, t.loc);
            }
            case "_Generic" -> { return generic(); }
            case "__builtin_types_compatible_p" -> {
                pos++;
                Token open = tok();
                expect("(");
                Type a = typeName();
                expect(",");
                Type b = typeName();
                expectClose(")", open);
                return new Expr.IntLit(Types.compatible(a.unqualified(), b.unqualified()) ? 1 : 0, Type.INT, t.loc);
            }
            case "__builtin_choose_expr" -> {
                pos++;
                Token open = tok();
                expect("(");
                long c = constInt(assign());
                expect(",");
                Expr a = assign();
                expect(",");
                Expr b = assign();
                expectClose(")", open);
                return c != 0 ? a : b;
            }
            case "sizeof", "_Alignof", "__alignof__", "__alignof", "__real__", "__imag__", "__real", "__imag" -> { return unary(); }
            default -> {}
        }
        throw errorAt(t.loc, "expected expression");
    }

    /** Builtins that are keywords, for their operands that are types or that are not evaluated. */
    static final Set<String> KEYWORD_BUILTINS = Set.of("__builtin_va_arg", "__builtin_offsetof", "__builtin_types_compatible_p",
        "__builtin_choose_expr");

    final BuiltinCalls builtins = new BuiltinCalls(this);
    final GnuStatements gnuStatements = new GnuStatements(this);
    final GnuTypes gnuTypes = new GnuTypes(this);
    final ParserPragmas pragmas;
    /** How many compound statements enclose the parse position. */
    int blockDepth;

    /** The function declared at file scope under this name, or null. */
    Var fileScopeFunction(String name) {
        return scopes.get(0).names.get(name) instanceof Var v && v.isFunction() ? v : null;
    }

    private void skipParen(Token open) {
        int depth = 1;
        while (depth > 0 && !atEof()) { Token x = next(); if (x.is("(")) depth++; else if (x.is(")")) depth--; }
    }

    /** _Generic(e, T1: e1, ..., default: d): resolved here to the selected expression (C11 6.5.1.1). */
    private Expr generic() {
        Token kw = next();
        Token open = tok();
        expect("(");
        Expr ctl = rvalue(assign());
        Type ct = ctl.type().unqualified();
        Expr chosen = null, dflt = null;
        while (consume(",")) {
            if (consume("default")) {
                expect(":");
                dflt = assign();
                continue;
            }
            Type at = typeName();
            expect(":");
            Expr e = assign();
            if (chosen == null && Types.compatible(at.unqualified(), ct)) chosen = e;
        }
        expectClose(")", open);
        if (chosen == null) chosen = dflt;
        if (chosen == null) {
            diags.error(ctl.loc(), "controlling expression type " + TypePrinter.quoteAka(ct) + " not compatible with any generic association type");
            return new Expr.IntLit(0, ERROR, kw.loc);
        }
        return chosen;
    }

    /** An integer constant expression's value (reports an error and gives 0 if it is not one). */
    long constInt(Expr e) {
        Long v = ConstEval.integer(rvalue(e));
        if (v == null) {
            if (e.type() != ERROR) diags.error(e.loc(), "expression is not an integer constant expression");
            return 0;
        }
        return v;
    }

    // ================================================================
    // pragmas
    // ================================================================

    private Stmt pragmaStatement(Token p) {
        if (!OmpParser.isOmp(p)) { pragmas.apply(p); return new Stmt.Null(p.loc); }
        return new OmpParser(this).statement(p);
    }

    private void pragmaAtFileScope(Token p) {
        if (!OmpParser.isOmp(p)) { pragmas.apply(p); return; }
        TranslationUnit.OmpDecl d = new OmpParser(this).declarative(p);
        if (d != null) items.add(d);
    }

    /** Runs f over another token list (a pragma's tokens), then restores the position. */
    <T> T withTokens(List<Token> other, java.util.function.Supplier<T> f) {
        List<Token> savedToks = toks;
        int savedPos = pos;
        toks = other;
        pos = 0;
        try {
            return f.get();
        } finally {
            toks = savedToks;
            pos = savedPos;
        }
    }

    Var currentFunction() { return currentFn; }
    /** The parameters of the function being defined. */
    List<Var> currentParams() { return currentParams; }
    boolean inLoopForBody() { return loopDepth > 0; }
    void enterLoop() { loopDepth++; breakDepth++; }
    void leaveLoop() { loopDepth--; breakDepth--; }
    /** Directive bodies are not inside the enclosing loop for break/continue (OpenMP structured blocks). */
    int[] saveLoopState() { int[] s = { loopDepth, breakDepth }; loopDepth = 0; breakDepth = 0; return s; }
    void restoreLoopState(int[] s) { loopDepth = s[0]; breakDepth = s[1]; }
}
