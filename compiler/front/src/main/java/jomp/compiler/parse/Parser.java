package jomp.compiler.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.sema.Sema;
import jomp.compiler.type.Type;

/**
 * The C11 parser, chibicc style: recursive descent over the preprocessed tokens, building a typed
 * AST as it goes. Semantic checks happen as each construct is built (types are known bottom-up),
 * with clang's wording; see {@link Sema} for conversions and their diagnostics. Every implicit
 * conversion becomes an explicit {@link jomp.compiler.ast.Expr.Cast}. One pass, no backtracking
 * beyond a declarator's parentheses: time is linear in the input.
 *
 * <p>This class is the state the grammar shares: the token cursor, the scopes, the function being
 * defined and the output. The grammar is split by C11 section, one class each, in this order:
 * {@link ExternalDefinitions} (6.9), {@link Declarations} (6.7), {@link Declarators} (6.7.6-7),
 * {@link TagSpecifiers} (6.7.2.1-3), {@link Initializers} (6.7.9), {@link Statements} (6.8),
 * {@link Expressions} (6.5.2-17), {@link PrimaryExpressions} (6.5.1); GNU and OpenMP forms are in
 * {@link GnuAttributes}, {@link GnuTypes}, {@link GnuStatements}, {@link BuiltinCalls} and
 * {@link OmpParser}. Struct and enum layout, flow checks and typo correction are sema's
 * ({@link jomp.compiler.sema.RecordLayout}, {@link jomp.compiler.sema.EnumLayout}, {@link jomp.compiler.sema.Flow},
 * {@link jomp.compiler.sema.TypoCorrection}).
 */
public final class Parser {
    /** Unwinds to the nearest statement or declaration after a syntax error has been reported. */
    static final class SyntaxError extends RuntimeException {
        SyntaxError() {
            super(null, null, false, false);
        }
    }

    /** The type of an expression that already produced an error ({@link Sema#ERROR}, named here for the parser's many uses). */
    public static final Type ERROR = Sema.ERROR;

    static final Set<String> KEYWORDS = Set.of(
            "auto",
            "break",
            "case",
            "char",
            "const",
            "continue",
            "default",
            "do",
            "double",
            "else",
            "enum",
            "extern",
            "float",
            "for",
            "goto",
            "if",
            "inline",
            "int",
            "long",
            "register",
            "restrict",
            "return",
            "short",
            "signed",
            "sizeof",
            "static",
            "struct",
            "switch",
            "typedef",
            "union",
            "unsigned",
            "void",
            "volatile",
            "while",
            "_Alignas",
            "_Alignof",
            "_Atomic",
            "_Bool",
            "_Complex",
            "_Generic",
            "_Imaginary",
            "_Noreturn",
            "_Static_assert",
            "_Thread_local",
            "__restrict",
            "__restrict__",
            "__inline",
            "__inline__",
            "__attribute__",
            "__extension__",
            "__signed__",
            "__const",
            "__volatile__",
            "__volatile",
            "__typeof__",
            "typeof",
            "__alignof__",
            "__thread",
            "__asm__",
            "asm",
            "__builtin_va_arg",
            "__builtin_offsetof",
            "__asm",
            "__int128",
            "_Float16",
            "__float128",
            "_Float128",
            "__signed",
            "__typeof",
            "__typeof_unqual__",
            "__typeof_unqual",
            "__auto_type",
            "__complex__",
            "__real",
            "__imag",
            "__real__",
            "__imag__",
            "__alignof",
            "__builtin_types_compatible_p",
            "__builtin_choose_expr",
            "__builtin_shufflevector",
            "__builtin_shuffle",
            "__builtin_convertvector");

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

    static final class Scope {
        final HashMap<String, Object> names = new HashMap<>();
        final HashMap<String, Type> tags = new HashMap<>();
    }

    final ArrayList<Scope> scopes = new ArrayList<>();

    // ---- per-function state ----
    Var currentFn;
    /** The parameters of the function being defined (va_start checks its second argument against the last). */
    List<Var> currentParams = List.of();

    List<Var> locals;
    int loopDepth, breakDepth;
    final ArrayDeque<SwitchCtx> switches = new ArrayDeque<>();
    Map<String, SourceLocation> labels;
    List<Token> gotos;
    /** The labels whose address the function takes (&&l), each with its value: 1, 2, ... in the order first taken. */
    Map<String, Long> labelValues;

    int uniq;

    /** A duplicate case value: the value (for the order), as clang prints it, where, and where it was first. */
    record Duplicate(java.math.BigInteger value, String text, SourceLocation loc, SourceLocation first) {}

    static final class SwitchCtx {
        final Type type;
        final List<Stmt.Case> cases = new ArrayList<>();
        /** The case values seen (Long, or BigInteger in a switch on an __int128). */
        final HashMap<Object, SourceLocation> seen = new HashMap<>();
        /** Case values seen before, reported when the switch ends, by value (as clang reports them). */
        final List<Duplicate> duplicates = new ArrayList<>();

        Stmt.Default dflt;
        SourceLocation dfltLoc;

        SwitchCtx(Type type) {
            this.type = type;
        }
    }

    // ---- output ----
    final List<TranslationUnit.TopLevel> items = new ArrayList<>();
    final List<Var> globals = new ArrayList<>();
    final HashSet<Var> emitted = new HashSet<>();
    /** Block-scope variables declared with an initialiser (OpenMP's groupprivate refuses them). */
    final java.util.Set<Var> initializedLocals = new java.util.HashSet<>();

    /** File-scope objects with only tentative definitions, emitted zero-filled at the end. */
    final List<Var> tentative = new ArrayList<>();
    /**
     * Where each tentative definition was first seen among the items: it is emitted there, so that
     * what surrounds it (an OpenMP begin/end declare target) applies to it.
     */
    final java.util.Map<Var, Integer> tentativeAt = new java.util.IdentityHashMap<>();

    // ---- the grammar, by C11 section; each part parses through this object's cursor and scopes ----
    final ExternalDefinitions externals;
    final Declarations decls;
    final Declarators declarators;
    final TagSpecifiers tags;
    final Initializers inits;
    final Statements stmts;
    final Expressions exprs;
    final PrimaryExpressions primaries;
    final FunctionCalls calls;
    final OldStyleDefinitions oldStyle;

    Parser(List<Token> toks, Diagnostics diags) {
        this.toks = toks;
        this.diags = diags;
        this.sema = new Sema(diags);
        this.literals = new Literals(diags);
        this.pragmas = new ParserPragmas(diags);
        this.externals = new ExternalDefinitions(this);
        this.decls = new Declarations(this);
        this.declarators = new Declarators(this);
        this.tags = new TagSpecifiers(this);
        this.inits = new Initializers(this);
        this.stmts = new Statements(this);
        this.exprs = new Expressions(this);
        this.primaries = new PrimaryExpressions(this);
        this.calls = new FunctionCalls(this);
        this.oldStyle = new OldStyleDefinitions(this);
        scopes.add(new Scope());
        declareBuiltins();
    }

    /** Parses and checks a whole translation unit. Errors are reported to diags; the AST is usable only if there were none. */
    public static TranslationUnit parse(List<Token> toks, Diagnostics diags) {
        return parse(toks, diags, 51);
    }

    /** The same with the OpenMP version of -fopenmp-version (51, clang 19's default, when not given). */
    public static TranslationUnit parse(List<Token> toks, Diagnostics diags, int ompVersion) {
        return parse(toks, diags, ompVersion, Language.DEFAULT, BRACKET_DEPTH);
    }

    /** The same in a language (-std, -fgnu89-inline). */
    public static TranslationUnit parse(List<Token> toks, Diagnostics diags, int ompVersion, Language language) {
        return parse(toks, diags, ompVersion, language, BRACKET_DEPTH);
    }

    /**
     * The same in a language (-std, -fgnu89-inline) with -fbracket-depth's limit on nested
     * parentheses, brackets and braces (256 when not given).
     */
    public static TranslationUnit parse(
            List<Token> toks, Diagnostics diags, int ompVersion, Language language, int bracketDepth) {
        Parser p = new Parser(toks, diags);
        p.ompVersion = ompVersion;
        p.language = language;
        p.bracketDepth = bracketDepth;
        p.tooDeep = firstTooDeep(toks, bracketDepth);
        return p.externals.translationUnit();
    }

    /** The C standard and inline's meaning (-std, -fgnu89-inline). */
    Language language = Language.DEFAULT;

    /** clang's default -fbracket-depth. */
    public static final int BRACKET_DEPTH = 256;

    private int bracketDepth = BRACKET_DEPTH;
    /** The first '(' '[' or '{' nested deeper than -fbracket-depth (each kind counted apart, as clang counts), or null. */
    private Token tooDeep;

    private static Token firstTooDeep(List<Token> toks, int limit) {
        int paren = 0, square = 0, brace = 0;
        for (Token t : toks) {
            if (t.kind != Token.Kind.PUNCT) continue;
            switch (t.text) {
                case "(" -> {
                    if (paren++ == limit) return t;
                }
                case "[" -> {
                    if (square++ == limit) return t;
                }
                case "{" -> {
                    if (brace++ == limit) return t;
                }
                case ")" -> paren = Math.max(0, paren - 1);
                case "]" -> square = Math.max(0, square - 1);
                case "}" -> brace = Math.max(0, brace - 1);
                default -> {}
            }
        }
        return null;
    }

    /**
     * Reaching a bracket nested past the limit ends the compile, as in clang (whose parser, like this
     * one, recurses on nesting: deeper input would exhaust the stack, or time).
     */
    private Token tooDeep(Token t) {
        if (t == tooDeep) {
            diags.report(
                    Diagnostics.Severity.FATAL, t.loc, "bracket nesting level exceeded maximum of " + bracketDepth);
            diags.noteAtSamePlace(t.loc, "use -fbracket-depth=N to increase maximum nesting level");
            throw new Diagnostics.FatalError("bracket nesting");
        }
        return t;
    }

    /** -fopenmp-version: 45, 50, 51 or 52 (OmpParser checks linear's syntax by it). */
    int ompVersion = 51;
    /** OpenMP constructs whose statement is being parsed (an orphaned loop construct needs bind). */
    int ompNesting;
    /** The OpenMP constructs of the function whose statements are being parsed, outermost first (OmpNesting's checks). */
    final List<OmpNesting.Region> ompRegions = new ArrayList<>();
    /** OpenMP declare variant state, made by the first such directive. */
    OmpVariants ompVariants;

    private void declareBuiltins() {
        // __builtin_va_list: jomp passes variadic arguments in a native area; va_list is a pointer into it
        scopes.get(0).names.put("__builtin_va_list", new Typedef(Type.VA_LIST, null));
        // clang's predeclared names for the 128-bit integers
        scopes.get(0).names.put("__int128_t", new Typedef(Type.INT128.withTypedefName("__int128_t"), null));
        scopes.get(0).names.put("__uint128_t", new Typedef(Type.UINT128.withTypedefName("__uint128_t"), null));
    }

    // ---- the token cursor ----

    Token tok() {
        Token t = toks.get(pos);
        return t == tooDeep ? tooDeep(t) : t;
    }

    Token peek(int n) {
        int i = Math.min(pos + n, toks.size() - 1);
        return toks.get(i);
    }

    Token prev() {
        return toks.get(pos - 1);
    }

    Token next() {
        Token t = tok();
        if (t.kind != Token.Kind.EOF) pos++;
        return t;
    }

    boolean at(String s) {
        Token t = tok();
        return (t.kind == Token.Kind.PUNCT || t.kind == Token.Kind.KEYWORD || t.kind == Token.Kind.IDENT)
                && t.text.equals(s);
    }

    boolean consume(String s) {
        if (at(s)) {
            pos++;
            return true;
        }
        return false;
    }

    boolean atEof() {
        return tok().kind == Token.Kind.EOF;
    }

    boolean isIdent(Token t) {
        return t.kind == Token.Kind.IDENT && !KEYWORDS.contains(t.text);
    }

    /** Where clang points for "expected X after Y": just past the previous token. */
    SourceLocation afterPrev() {
        Token p = pos > 0 ? prev() : tok();
        if (pos > 0
                && p.loc.file() == tok().loc.file()
                && p.loc.offset() < tok().loc.offset()) {
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
                else if (t.text.equals(")") || t.text.equals("]")) {
                    if (depth > 0) depth--;
                } else if (t.text.equals("}")) {
                    if (depth == 0) return;
                    depth--;
                    if (depth == 0) {
                        pos++;
                        if (at(";")) pos++;
                        return;
                    }
                } else if (t.text.equals(";") && depth == 0) {
                    pos++;
                    return;
                }
            }
            pos++;
        }
    }

    /** The declare mappers seen so far, by name ("default" for unnamed ones; OmpMapParser). */
    final java.util.Map<String, List<jomp.compiler.ast.OmpClause.UserMapper>> userMappers = new HashMap<>();
    /** A requires reverse_offload was seen (device(ancestor: 1) needs one). */
    boolean requiresReverseOffload;
    /** The memory order of a requires atomic_default_mem_order seen so far (seq_cst, acq_rel, relaxed), or null. */
    String atomicDefaultMemOrder;

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

    void enterScope() {
        scopes.add(new Scope());
    }

    void leaveScope() {
        scopes.remove(scopes.size() - 1);
    }

    boolean atFileScope() {
        return scopes.size() == 1;
    }

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

    /** The visible variables, functions and enumerators, each name once (its innermost binding), for typo correction. */
    List<String> visibleValueNames() {
        HashSet<String> seen = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (int i = scopes.size() - 1; i >= 0; i--)
            for (Map.Entry<String, Object> en : scopes.get(i).names.entrySet())
                if (seen.add(en.getKey()) && (en.getValue() instanceof Var || en.getValue() instanceof EnumConst))
                    out.add(en.getKey());
        return out;
    }

    /** Does a type name start here? */
    boolean isTypeName(Token t) {
        if (t.kind == Token.Kind.IDENT && t.text.equals("_BitInt") && lookup(t.text) == null)
            return true; // C23's _BitInt(N)
        if (t.kind == Token.Kind.KEYWORD || t.kind == Token.Kind.IDENT && KEYWORDS.contains(t.text)) {
            return switch (t.text) {
                case "void",
                        "_Bool",
                        "char",
                        "short",
                        "int",
                        "long",
                        "float",
                        "double",
                        "signed",
                        "unsigned",
                        "struct",
                        "union",
                        "enum",
                        "typedef",
                        "static",
                        "extern",
                        "inline",
                        "const",
                        "volatile",
                        "restrict",
                        "auto",
                        "register",
                        "_Alignas",
                        "_Atomic",
                        "_Complex",
                        "_Noreturn",
                        "_Thread_local",
                        "__restrict",
                        "__restrict__",
                        "__inline",
                        "__inline__",
                        "__attribute__",
                        "__extension__",
                        "__signed__",
                        "__const",
                        "__volatile__",
                        "__volatile",
                        "__typeof__",
                        "typeof",
                        "__thread",
                        "__int128",
                        "_Float16",
                        "__float128",
                        "_Float128",
                        "__signed",
                        "__typeof",
                        "__typeof_unqual__",
                        "__typeof_unqual",
                        "__auto_type",
                        "__complex__" -> true;
                default -> false;
            };
        }
        return isTypedefName(t);
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
    final CleanupAttribute cleanups = new CleanupAttribute(this);
    final VectorOps vectors = new VectorOps(this);

    static SourceLocation locOf(Object o) {
        return switch (o) {
            case Var v -> v.loc;
            case Typedef t -> t.loc();
            case EnumConst e -> e.loc();
            default -> null;
        };
    }

    Var declareLocal(Token name, Type type) {
        Scope s = scopes.get(scopes.size() - 1);
        Object old = s.names.get(name.text);
        if (old != null) {
            diags.error(
                    name.loc,
                    old instanceof Var ov && ov.storage != Var.Storage.EXTERN || old instanceof Typedef
                            ? "redefinition of '" + name.text + "'"
                            : "redefinition of '" + name.text + "' as different kind of symbol");
            diags.note(locOf(old), "previous definition is here");
        }
        Var v = new Var(name.text, type, name.loc, true);
        s.names.put(name.text, v);
        locals.add(v);
        return v;
    }

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
    record Declarator(
            Type type,
            Token name,
            List<ParamDecl> params,
            SourceLocation loc,
            List<GnuAttributes.Attribute> attrs,
            String asmLabel) {
        Declarator(Type type, Token name, List<ParamDecl> params, SourceLocation loc) {
            this(type, name, params, loc, List.of(), null);
        }
    }

    /** The parameter names of each declared function (for "passing argument to parameter 'p' here"). */
    final HashMap<Var, List<ParamDecl>> paramDecls = new HashMap<>();

    final BuiltinCalls builtins = new BuiltinCalls(this);
    final GnuStatements gnuStatements = new GnuStatements(this);
    final GnuTypes gnuTypes = new GnuTypes(this);
    final ParserPragmas pragmas;
    final WeakAliasPragmas weakAliases = new WeakAliasPragmas(this);
    /** How many compound statements enclose the parse position. */
    int blockDepth;

    /** The function declared at file scope under this name, or null. */
    Var fileScopeFunction(String name) {
        return scopes.get(0).names.get(name) instanceof Var v && v.isFunction() ? v : null;
    }

    Stmt pragmaStatement(Token p, boolean blockItem) {
        if (!OmpParser.isOmp(p)) {
            pragmas.apply(p);
            weakAliases.read(pragmas.weakAliases);
            return new Stmt.Null(p.loc);
        }
        return new OmpParser(this).statement(p, blockItem);
    }

    void pragmaAtFileScope(Token p) {
        if (!OmpParser.isOmp(p)) {
            pragmas.apply(p);
            weakAliases.read(pragmas.weakAliases);
            // #pragma weak after the declaration (GnuAttributes marks those that follow it)
            for (String w : pragmas.weak) if (scopes.get(0).names.get(w) instanceof Var v) v.weak = true;
            List<Token> t = p.pragmaTokens; // and redefine_extname
            if (t != null
                    && t.size() > 1
                    && t.get(0).is("redefine_extname")
                    && scopes.get(0).names.get(t.get(1).text) instanceof Var v) pragmas.redefineExtname(v, v.loc);
            return;
        }
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

    /** {@code &&name} in the function being defined: the label's value (it must be defined in the function, as a goto's). */
    long labelAddress(Token name) {
        if (labelValues == null) throw errorAt(name.loc, "use of undeclared label '" + name.text + "'");
        gotos.add(name);
        return labelValues.computeIfAbsent(name.text, k -> (long) labelValues.size() + 1);
    }

    Var currentFunction() {
        return currentFn;
    }
    /** The parameters of the function being defined. */
    List<Var> currentParams() {
        return currentParams;
    }

    boolean inLoopForBody() {
        return loopDepth > 0;
    }

    void enterLoop() {
        loopDepth++;
        breakDepth++;
    }

    void leaveLoop() {
        loopDepth--;
        breakDepth--;
    }
    /** Directive bodies are not inside the enclosing loop for break/continue (OpenMP structured blocks). */
    int[] saveLoopState() {
        int[] s = {loopDepth, breakDepth};
        loopDepth = 0;
        breakDepth = 0;
        return s;
    }

    void restoreLoopState(int[] s) {
        loopDepth = s[0];
        breakDepth = s[1];
    }
}
