package jomp.compiler.preprocess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.compiler.lex.Tokenizer;
import jomp.env.Invocation;

/**
 * The C11 preprocessor (translation phase 4), after chibicc: files are tokenized whole, then
 * read token by token; directives are recognised only on tokens read straight from a file;
 * macro expansions are pushed back onto a stack and rescanned, with Prosser's hide sets
 * (C11 6.10.3.4) stopping recursion. Arguments are fully expanded in isolation before
 * substitution except as operands of # and ##.
 *
 * <p>{@link #run} then does phases 6/7's token work: adjacent string literals are concatenated
 * here (prefix of the prefixed piece wins; mixed prefixes are an error), and identifiers that
 * are keywords become KEYWORD tokens, inside PRAGMA bodies too. {@link #expand} gives the tokens
 * before those two steps, for -E.
 *
 * <p>Files are read as ISO-8859-1, so each char of a token is one source byte (as clang counts
 * columns). Tokens from macro bodies carry the location of the outermost macro name; tokens
 * from macro arguments keep their own. Each {@code #pragma} line and {@code _Pragma("...")}
 * becomes one PRAGMA token; macros are expanded in {@code #pragma omp} lines only, as clang does.
 * The preprocessor's own pragmas are done by {@link PragmaDirectives}, {@code #define} and
 * {@code #undef} by {@link DefineDirective}.
 *
 * <p>As in clang, {@code #error} reports an error and preprocessing goes on (the compile fails
 * on the error count); a missing include is a fatal error that ends {@link #expand} early.
 * Includes are done by {@link IncludeDirective} and found by {@link HeaderSearch};
 * {@code #include_next} goes on after the directory that found the current file, {@code #import}
 * includes a file once. {@code __FILE__}, {@code __COUNTER__}, ... and the feature-test operators
 * ({@code __has_include}, {@code __has_attribute}, ...) are built-in macros ({@link BuiltinMacros},
 * {@link FeatureTests}).
 */
public final class Preprocessor {
    /** A -E line marker: before output token {@code tokenIndex}, print {@code # line "file" flags}. */
    public record LineMarker(int tokenIndex, String file, int line, int flag, boolean system, boolean externC) {
        public LineMarker(int tokenIndex, String file, int line, int flag, boolean system) {
            this(tokenIndex, file, line, flag, system, false);
        }
    }

    private final PreprocessorOptions opts;
    private final MacroSubstitution substitution;
    private final PragmaDirectives pragmas;
    private final DefineDirective defines;
    private final IncludeDirective includes;
    private final BuiltinMacros builtins;
    final EmbedDirective embeds;
    final Diagnostics diags;
    final HeaderSearch headers;
    final Map<String, Macro> macros = new HashMap<>();
    final Set<String> pragmaOnce = new HashSet<>();
    final List<LineMarker> markers = new ArrayList<>();

    /** A header an #include found: its name as found ("inc/x.h"), whether it is a system header or one of jomp's own. */
    public record IncludedFile(String name, boolean system, boolean bundled) {}

    final List<Frame> frames = new ArrayList<>();
    private final List<Cond> conds = new ArrayList<>();
    List<Token> out;

    /** A file being read. */
    static final class Frame {
        final SourceFile file;
        final List<Token> toks;
        final String key;
        final HeaderSearch.Dir dir;
        /** The search-list index of the directory that found this file (-1: not found through the list), for #include_next. */
        final int foundIndex;
        /** -imacros: the file's tokens are not output, only its macros kept. */
        final boolean macrosOnly;

        final int condBase;
        final boolean hidden; // <built-in> and <command line>: no line markers
        HeaderSearch.Flavor flavor;
        int pos;
        String presumedName; // set by #line
        int lineDelta;
        boolean relocated;

        Frame(
                SourceFile file,
                List<Token> toks,
                String key,
                HeaderSearch.Dir dir,
                int foundIndex,
                int condBase,
                boolean hidden,
                HeaderSearch.Flavor flavor,
                boolean macrosOnly) {
            this.file = file;
            this.toks = toks;
            this.key = key;
            this.dir = dir;
            this.foundIndex = foundIndex;
            this.condBase = condBase;
            this.hidden = hidden;
            this.flavor = flavor;
            this.presumedName = file.name();
            this.macrosOnly = macrosOnly;
        }

        boolean system() {
            return flavor != HeaderSearch.Flavor.USER;
        }

        boolean externC() {
            return flavor == HeaderSearch.Flavor.EXTERN_C;
        }
    }

    /** An open #if group. */
    private static final class Cond {
        static final int THEN = 0, ELIF = 1, ELSE = 2;
        int ctx = THEN;
        boolean included;
        final SourceLocation loc;

        Cond(boolean included, SourceLocation loc) {
            this.included = included;
            this.loc = loc;
        }
    }

    /** Pending tokens (a stack: last element is next), optionally backed by the open files. */
    static final class Stream {
        final ArrayList<Token> stack = new ArrayList<>();
        final boolean main;

        Stream(boolean main) {
            this.main = main;
        }
    }

    private final Token eofToken;
    private boolean lastFromFile;

    public Preprocessor(PreprocessorOptions opts, Diagnostics diags) {
        this(opts, diags, HeaderSearch.RESOURCE_ROOT);
    }

    /** With the bundled headers taken from another classpath folder (for tests). */
    Preprocessor(PreprocessorOptions opts, Diagnostics diags, String resourceRoot) {
        this.opts = opts;
        this.diags = diags;
        this.headers = new HeaderSearch(opts, resourceRoot);
        this.substitution = new MacroSubstitution(this, diags);
        this.pragmas = new PragmaDirectives(this);
        this.defines = new DefineDirective(this);
        this.includes = new IncludeDirective(this);
        this.builtins = new BuiltinMacros(this);
        this.embeds = new EmbedDirective(this);
        eofToken = new Token(Token.Kind.EOF, "", SourceLocation.of(new SourceFile("<eof>", ""), 0));
    }

    // ---------------------------------------------------------------------------------------
    // Entry points

    /** Preprocesses a file and returns the parser's tokens (keywords marked, strings joined), ending with EOF. */
    public static List<Token> run(SourceFile file, PreprocessorOptions opts, Diagnostics diags) {
        return finish(new Preprocessor(opts, diags).expand(file), diags);
    }

    /** Reads and preprocesses a file; a file that cannot be read is a fatal error. */
    public static List<Token> run(Path path, PreprocessorOptions opts, Diagnostics diags) {
        return run(readSource(path, diags), opts, diags);
    }

    /** Reads a main source file (as ISO-8859-1: one char per byte), reporting a fatal error if it cannot. */
    public static SourceFile readSource(Path path, Diagnostics diags) {
        try {
            return new SourceFile(
                    path.toString(), Files.readString(Invocation.resolve(path), StandardCharsets.ISO_8859_1));
        } catch (IOException e) {
            throw diags.fatal(null, "no such file or directory: '" + path + "'");
        }
    }

    /** The headers the last {@link #expand} included, for -MD and friends (clang's DependencyCollector). */
    public List<IncludedFile> includedFiles() {
        return includes.included;
    }

    /** The macros defined at the end of the last {@link #expand}, as {@code -dM} prints them (MacroDump). */
    public String macroDefinitions() {
        return MacroDump.print(macros);
    }

    /** The line markers recorded by the last {@link #expand}, for -E. */
    public List<LineMarker> markers() {
        return markers;
    }

    /**
     * Phase 4 only: the fully macro-expanded tokens with directives executed, ending with EOF.
     * A fatal error (missing include) stops here: the tokens so far are returned with an EOF.
     */
    public List<Token> expand(SourceFile main) {
        out = new ArrayList<>(main.text().length() / 4 + 16);
        builtins.baseFile = main.name();
        markers.clear();
        includes.included.clear();
        markers.add(new LineMarker(0, main.name(), 1, 0, false));
        if (opts.verbose()) headers.printSearchList(diags.stream());
        List<Token> mainToks = tokens(main);
        HeaderSearch.Flavor user = HeaderSearch.Flavor.USER;
        pushFrame(main, mainToks, main.name(), HeaderSearch.dirOf(main.name(), user), false, user);
        // -include files are looked up from the working directory first, as clang does
        pushFrame(
                new SourceFile("<command line>", commandLineText()),
                null,
                "<command line>",
                HeaderSearch.dirOf("<command line>", user),
                true,
                user);
        pushFrame(
                new SourceFile("<built-in>", PredefinedMacros.text(opts)),
                null,
                "<built-in>",
                null,
                true,
                HeaderSearch.Flavor.SYSTEM);
        BuiltinMacros.defineAll(macros);
        try {
            mainLoop();
        } catch (Diagnostics.FatalError e) {
            // already reported; return what we have
        }
        Token eof = new Token(Token.Kind.EOF, "", mainToks.get(mainToks.size() - 1).loc); // the end of the main file
        eof.atLineStart = true;
        out.add(eof);
        diags.resetPragmaDiagnostics(); // the parser meets them again in its own order
        List<Token> result = out;
        out = null;
        frames.clear();
        conds.clear();
        return result;
    }

    private void mainLoop() {
        Stream s = new Stream(true);
        boolean pendingLineStart = false, pendingSpace = false;
        while (true) {
            Token t = next(s);
            if (t.kind == Token.Kind.EOF) {
                if (!popFrame()) return;
                continue;
            }
            if (lastFromFile && t.atLineStart && t.kind == Token.Kind.PUNCT && t.text.equals("#")) {
                directive(t);
                continue;
            }
            if (t.kind == Token.Kind.IDENT) {
                if (lastFromFile && !pragmas.poisoned.isEmpty() && pragmas.poisoned.contains(t.text))
                    diags.error(t.loc, "attempt to use a poisoned identifier");
                int before = s.stack.size();
                if (expandMacro(t, s)) {
                    // An empty expansion at line start hands its line start and space on (for -E).
                    if (s.stack.size() == before && (t.atLineStart || t.spaceBefore)) {
                        pendingLineStart |= t.atLineStart;
                        pendingSpace |= t.spaceBefore;
                    }
                    continue;
                }
                if (t.text.equals("_Pragma") && pragmas.pragmaOperator(t, s)) continue;
            }
            if (t.kind == Token.Kind.PUNCT && Tokenizer.isUnterminatedLiteral(t))
                Tokenizer.reportUnterminated(diags, t);
            if (embedLine >= 0) t = afterEmbed(t);
            if (pendingLineStart || pendingSpace) {
                t = t.copy();
                t.atLineStart |= pendingLineStart;
                t.spaceBefore |= pendingSpace;
                pendingLineStart = pendingSpace = false;
            }
            if (!top().macrosOnly) out.add(t);
        }
    }

    /** The line of the last #embed that output tokens (-1: none since the last token), and whether it ended with its numbers. */
    private int embedLine = -1;

    private String embedFile;
    private boolean spaceAfterEmbed;

    /** Called when an #embed (at d) has output tokens: the next token is placed as clang -E places it. */
    void embedEnded(Token d, boolean space) {
        embedLine = d.loc.presumedLine();
        embedFile = d.loc.presumedFile();
        spaceAfterEmbed = space;
    }

    /**
     * The token after an #embed's output, as clang -E prints it: on the same output line when it is
     * on the line after the directive, with a space after the numbers or if_empty's tokens.
     */
    private Token afterEmbed(Token t) {
        Token c = t.copy();
        if (c.loc.presumedLine() <= embedLine + 1 && c.loc.presumedFile().equals(embedFile)) c.atLineStart = false;
        c.spaceBefore |= spaceAfterEmbed;
        embedLine = -1;
        return c;
    }

    /** The last token output so far (null: none). */
    Token lastOutput() {
        return out.isEmpty() ? null : out.get(out.size() - 1);
    }

    /** A file's tokens; C23 and later lex digit separators (1'000) as part of numbers. */
    List<Token> tokens(SourceFile file) {
        return new Tokenizer(file, diags, true, PreprocessorOptions.standardYear(opts.std()) >= 2023).tokenize();
    }

    /** The -std value (null: clang's default). */
    String std() {
        return opts.std();
    }

    /** The --embed-dir folders. */
    List<java.nio.file.Path> embedDirs() {
        return opts.embedDirs();
    }

    // ---------------------------------------------------------------------------------------
    // Reading tokens

    Token next(Stream s) {
        int k = s.stack.size();
        if (k > 0) {
            lastFromFile = false;
            return s.stack.remove(k - 1);
        }
        if (!s.main) {
            lastFromFile = false;
            return eofToken;
        }
        lastFromFile = true;
        return frameNext();
    }

    Token peek(Stream s) {
        int k = s.stack.size();
        if (k > 0) return s.stack.get(k - 1);
        if (!s.main) return eofToken;
        Frame f = top();
        return f.toks.get(f.pos);
    }

    private static void push(Stream s, List<Token> toks) {
        for (int i = toks.size() - 1; i >= 0; i--) s.stack.add(toks.get(i));
    }

    Frame top() {
        return frames.get(frames.size() - 1);
    }

    /** How many #if groups are open, in all files (a new frame's condBase). */
    int openConds() {
        return conds.size();
    }

    /** The next token of the current file (its EOF again and again at the end), with #line applied. */
    Token frameNext() {
        Frame f = top();
        Token t = f.toks.get(f.pos);
        if (t.kind != Token.Kind.EOF) f.pos++;
        if (f.relocated && t.kind != Token.Kind.EOF) {
            Token r = new Token(
                    t.kind,
                    t.text,
                    new SourceLocation(
                            t.loc.file(), t.loc.offset(), f.presumedName, t.loc.presumedLine() + f.lineDelta));
            r.spaceBefore = t.spaceBefore;
            r.atLineStart = t.atLineStart;
            return r;
        }
        return t;
    }

    boolean lineEnded() {
        Frame f = top();
        return f.toks.get(f.pos).atLineStart;
    }

    /** The rest of the directive line (not macro-expanded). */
    List<Token> readLine() {
        List<Token> line = new ArrayList<>();
        while (!lineEnded()) line.add(frameNext());
        return line;
    }

    void skipLine() {
        while (!lineEnded()) top().pos++;
    }

    /** Warns about tokens left on a directive line and skips them. */
    void extraTokens(String directive) {
        if (!lineEnded()) {
            diags.warning(
                    top().toks.get(top().pos).loc,
                    "extra tokens at end of #" + directive + " directive",
                    "-Wextra-tokens");
            skipLine();
        }
    }

    private void pushFrame(
            SourceFile file,
            List<Token> toks,
            String key,
            HeaderSearch.Dir dir,
            boolean hidden,
            HeaderSearch.Flavor flavor) {
        if (toks == null) toks = tokens(file);
        frames.add(new Frame(file, toks, key, dir, -1, conds.size(), hidden, flavor, false));
    }

    /** Ends the current file: reports open conditionals; returns false when the main file ended. */
    private boolean popFrame() {
        Frame f = top();
        while (conds.size() > f.condBase) {
            Cond c = conds.remove(conds.size() - 1);
            diags.error(c.loc, "unterminated conditional directive");
        }
        frames.remove(frames.size() - 1);
        if (frames.isEmpty()) return false;
        Frame p = top();
        if (!f.hidden && !p.hidden) {
            int line = lastLine(p) + p.lineDelta; // the line after the #include, as clang says
            markers.add(new LineMarker(out.size(), p.presumedName, line, 2, p.system(), p.externC()));
        }
        return true;
    }

    private static int lastLine(Frame p) {
        int pos = p.pos;
        return pos > 0 ? p.file.line(p.toks.get(pos - 1).loc.offset()) + 1 : 1;
    }

    // ---------------------------------------------------------------------------------------
    // Macro expansion

    /** Expands t if it names a macro that is not in t's hide set; returns whether it did. */
    private boolean expandMacro(Token t, Stream s) {
        if (t.hideSet.contains(t.text)) return false;
        Macro m = macros.get(t.text);
        if (m == null) return false;
        if (m.builtin != Macro.Builtin.NONE) {
            Token r = builtins.expand(m, t, s);
            r.spaceBefore = t.spaceBefore;
            r.atLineStart = t.atLineStart;
            s.stack.add(r);
            return true;
        }
        if (!m.functionLike && !m.hasPaste) {
            Set<String> hs = union(t.hideSet, m);
            List<Token> body = new ArrayList<>(m.body.size());
            for (Token b : m.body) body.add(relocate(b, t.loc, hs));
            if (!body.isEmpty()) {
                body.get(0).spaceBefore = t.spaceBefore;
                body.get(0).atLineStart = t.atLineStart;
            }
            push(s, body);
            return true;
        }
        List<List<Token>> args = new ArrayList<>();
        Set<String> hs;
        if (m.functionLike) {
            Token lp = peek(s);
            if (!(lp.kind == Token.Kind.PUNCT && lp.text.equals("("))) return false;
            next(s);
            Token outer = argsOf;
            argsOf = t;
            Token rparen;
            try {
                rparen = readArgs(m, t, s, args);
            } finally {
                argsOf = outer;
            }
            if (rparen == null) return true; // error reported; the invocation is dropped
            hs = intersect(t.hideSet, rparen.hideSet);
            hs = hs.isEmpty() ? m.self : with(hs, m.name);
        } else {
            hs = union(t.hideSet, m); // an object-like macro using ##
        }
        List<Token> body = substitution.subst(m, args, t);
        for (int i = 0; i < body.size(); i++) {
            Token b = body.get(i);
            b.hideSet = b.hideSet.isEmpty() ? hs : union2(b.hideSet, hs);
        }
        if (!body.isEmpty()) {
            body.get(0).spaceBefore = t.spaceBefore;
            body.get(0).atLineStart = t.atLineStart;
        }
        push(s, body);
        return true;
    }

    /** A copy of a macro-body token placed at the expansion site. */
    static Token relocate(Token b, SourceLocation loc, Set<String> hs) {
        Token c = new Token(b.kind, b.text, loc);
        c.spaceBefore = b.spaceBefore;
        c.hideSet = b.hideSet.isEmpty() ? hs : union2(b.hideSet, hs);
        c.pragmaTokens = b.pragmaTokens;
        return c;
    }

    private static Set<String> union(Set<String> hs, Macro m) {
        return hs.isEmpty() ? m.self : with(hs, m.name);
    }

    private static Set<String> with(Set<String> hs, String name) {
        if (hs.contains(name)) return hs;
        HashSet<String> r = new HashSet<>(hs);
        r.add(name);
        return r;
    }

    private static Set<String> union2(Set<String> a, Set<String> b) {
        if (a == b || b.containsAll(a)) return b;
        if (a.containsAll(b)) return a;
        HashSet<String> r = new HashSet<>(a);
        r.addAll(b);
        return r;
    }

    private static Set<String> intersect(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) return Set.of();
        HashSet<String> r = new HashSet<>();
        for (String x : a) if (b.contains(x)) r.add(x);
        return r;
    }

    /** The name of the function-like macro whose arguments are being read (null: none), for #embed's error. */
    private Token argsOf;

    /** Reads the arguments after '('; returns the ')' or null after reporting an error. */
    private Token readArgs(Macro m, Token name, Stream s, List<List<Token>> args) {
        int named = m.variadic ? m.params.size() - 1 : m.params.size();
        List<Token> cur = new ArrayList<>();
        args.add(cur);
        int depth = 0;
        Token firstExtra = null;
        while (true) {
            Token t = next(s);
            if (t.kind == Token.Kind.EOF) {
                diags.error(name.loc, "unterminated function-like macro invocation");
                diags.note(m.loc, "macro '" + m.name + "' defined here");
                return null;
            }
            if (lastFromFile && t.atLineStart && t.kind == Token.Kind.PUNCT && t.text.equals("#")) {
                directive(t); // clang runs directives inside arguments
                continue;
            }
            if (t.kind == Token.Kind.PUNCT) {
                if (depth == 0 && t.text.equals(")")) {
                    if (checkArgCount(m, named, args, t, firstExtra)) return t;
                    // like clang: the arguments are dropped and the name stays, unexpanded
                    Token kept = relocate(name, name.loc, with(name.hideSet, m.name));
                    kept.atLineStart = name.atLineStart;
                    push(s, new ArrayList<>(List.of(kept)));
                    return null;
                }
                if (depth == 0 && t.text.equals(",") && (!m.variadic || args.size() <= named)) {
                    cur = new ArrayList<>();
                    args.add(cur);
                    if (args.size() > m.params.size() && firstExtra == null) firstExtra = peek(s);
                    continue;
                }
                if (t.text.equals("(")) depth++;
                else if (t.text.equals(")")) depth--;
            }
            cur.add(t);
        }
    }

    private boolean checkArgCount(Macro m, int named, List<List<Token>> args, Token rparen, Token firstExtra) {
        int got = args.size();
        if (m.params.isEmpty() && got == 1 && args.get(0).isEmpty()) {
            args.clear();
            return true;
        }
        if (m.variadic) {
            if (got == named) {
                args.add(OMITTED);
                return true;
            } // GNU: variadic part left out
            if (named == 0 && got == 1 && args.get(0).isEmpty()) {
                args.set(0, OMITTED);
                return true;
            }
            if (got > named) return true;
        } else if (got == named) {
            return true;
        }
        if (got < named) {
            diags.error(rparen.loc, "too few arguments provided to function-like macro invocation");
        } else {
            diags.error(
                    firstExtra != null ? firstExtra.loc : rparen.loc,
                    "too many arguments provided to function-like macro invocation");
        }
        diags.note(m.loc, "macro '" + m.name + "' defined here");
        return false;
    }

    /** The variadic argument when the invocation has none at all (so GNU's ", ## __VA_ARGS__" drops the comma). */
    static final List<Token> OMITTED = List.of();

    static boolean isPunct(Token t, String s) {
        return t.kind == Token.Kind.PUNCT && t.text.equals(s);
    }

    /** Fully macro-expands one argument on its own (C11 6.10.3.1). */
    List<Token> expandArg(List<Token> arg) {
        if (arg.isEmpty()) return arg;
        Stream s = new Stream(false);
        push(s, arg);
        List<Token> res = new ArrayList<>(arg.size());
        while (true) {
            Token t = next(s);
            if (t.kind == Token.Kind.EOF) return res;
            if (inIfLine && t.kind == Token.Kind.IDENT && t.text.equals("defined")) {
                res.add(definedOperator(t, s));
                continue;
            }
            if (t.kind == Token.Kind.IDENT && expandMacro(t, s)) continue;
            res.add(t);
        }
    }

    /** __has_include(_next): whether the header would be found (from the current file's place for _next). */
    boolean headerExists(String name, boolean quoted, boolean next) {
        int from = next ? headers.nextIndex(top().foundIndex) : 0;
        return headers.resolve(name, quoted, from == 0 ? top().dir : null, from) != null;
    }

    /** Is an #if line being evaluated (__has_include is allowed only there)? */
    boolean inDirective() {
        return inIfLine;
    }

    /** How many files are open, not counting {@code <built-in>} and {@code <command line>}. */
    int visibleDepth() {
        int n = 0;
        for (Frame f : frames) if (!f.hidden) n++;
        return n;
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') sb.append('\\');
            sb.append(c);
        }
        return sb.append('"').toString();
    }

    // ---------------------------------------------------------------------------------------
    // Directives

    private void directive(Token hash) {
        if (lineEnded()) return; // the null directive
        Token d = frameNext();
        if (d.kind == Token.Kind.NUMBER) {
            lineDirective(d, true);
            return;
        }
        if (d.kind != Token.Kind.IDENT) {
            diags.error(d.loc, "invalid preprocessing directive");
            skipLine();
            return;
        }
        switch (d.text) {
            case "define" -> defines.define(d);
            case "undef" -> defines.undef(d);
            case "include", "include_next", "import", "__include_macros" -> includes.include(d);
            case "embed" -> {
                if (argsOf != null) {
                    diags.error(d.loc, "embedding a #embed directive within macro arguments is not supported");
                    diags.note(argsOf.loc, "expansion of macro '" + argsOf.text + "' requested here");
                    skipLine();
                    return;
                }
                List<Token> toks = embeds.embed(d);
                if (!top().macrosOnly) out.addAll(toks);
            }
            case "if" -> {
                boolean v = evalIf(d, readLine());
                pushCond(v, d);
            }
            case "ifdef", "ifndef" -> {
                Token name = macroName(d);
                if (name == null) {
                    pushCond(false, d);
                    return;
                }
                extraTokens(d.text);
                boolean def = macros.containsKey(name.text);
                pushCond(d.text.equals("ifdef") == def, d);
            }
            case "elif" -> elif(d);
            case "else" -> elseDirective(d);
            case "endif" -> {
                if (conds.size() <= top().condBase) {
                    diags.error(d.loc, "#endif without #if");
                    skipLine();
                    return;
                }
                conds.remove(conds.size() - 1);
                extraTokens("endif");
            }
            case "line" -> lineDirective(d, false);
            case "pragma" -> pragmas.pragma(hash, readLine());
            case "error" -> {
                diags.error(d.loc, restOfLineText());
                skipLine();
            }
            case "warning" -> {
                diags.warning(d.loc, restOfLineText(), "-W#warnings");
                skipLine();
            }
            case "ident", "sccs" -> skipLine();
            default -> {
                diags.error(d.loc, "invalid preprocessing directive");
                skipLine();
            }
        }
    }

    /** The raw source text after the directive name up to the end of its line, as #error prints it. */
    private String restOfLineText() {
        if (lineEnded()) return "";
        Frame f = top();
        Token first = f.toks.get(f.pos);
        String text = f.file.text();
        int start = first.loc.offset();
        int end;
        // the end of the last token of the line, splices included
        int i = f.pos;
        while (!f.toks.get(i + 1).atLineStart) i++;
        Token last = f.toks.get(i);
        end = last.loc.offset();
        int k = end;
        for (int n = 0; n < last.text.length() && k < text.length(); k++) {
            if (text.charAt(k) == '\\'
                    && k + 1 < text.length()
                    && (text.charAt(k + 1) == '\n' || text.charAt(k + 1) == '\r')) {
                k += text.charAt(k + 1) == '\r' ? 2 : 1;
                continue;
            }
            n++;
        }
        return text.substring(start, k);
    }

    private void pushCond(boolean included, Token directiveName) {
        conds.add(new Cond(included, directiveName.loc));
        if (!included) skipConditional();
    }

    private void elif(Token d) {
        if (conds.size() <= top().condBase) {
            diags.error(d.loc, "#elif without #if");
            skipLine();
            return;
        }
        Cond c = conds.get(conds.size() - 1);
        if (c.ctx == Cond.ELSE) {
            diags.error(d.loc, "#elif after #else");
            skipLine();
            skipConditional();
            return;
        }
        c.ctx = Cond.ELIF;
        if (!c.included) {
            List<Token> line = readLine();
            if (evalIf(d, line)) {
                c.included = true;
                return;
            }
        } else {
            skipLine();
        }
        skipConditional();
    }

    private void elseDirective(Token d) {
        if (conds.size() <= top().condBase) {
            diags.error(d.loc, "#else without #if");
            skipLine();
            return;
        }
        Cond c = conds.get(conds.size() - 1);
        if (c.ctx == Cond.ELSE) {
            diags.error(d.loc, "#else after #else");
            skipLine();
            skipConditional();
            return;
        }
        c.ctx = Cond.ELSE;
        extraTokens("else");
        if (c.included) skipConditional();
        c.included = true;
    }

    /**
     * Skips a group that is not included, up to (not past) the #elif, #else or #endif that ends
     * it; nested conditionals are skipped whole. Only directive names are looked at.
     */
    private void skipConditional() {
        Frame f = top();
        List<Token> toks = f.toks;
        int depth = 0;
        while (true) {
            Token t = toks.get(f.pos);
            if (t.kind == Token.Kind.EOF) return;
            if (t.atLineStart && t.kind == Token.Kind.PUNCT && t.text.equals("#")) {
                Token n = toks.get(f.pos + 1);
                if (!n.atLineStart && n.kind == Token.Kind.IDENT) {
                    switch (n.text) {
                        case "if", "ifdef", "ifndef" -> depth++;
                        case "endif" -> {
                            if (depth == 0) return;
                            depth--;
                        }
                        case "elif", "else" -> {
                            if (depth == 0) return;
                        }
                        default -> {}
                    }
                }
            }
            f.pos++;
        }
    }

    /** Reads the macro name of #ifdef/#ifndef/#undef/#define; reports and returns null if missing. */
    Token macroName(Token d) {
        if (lineEnded()) {
            diags.error(afterToken(d), "macro name missing");
            return null;
        }
        Token name = frameNext();
        if (name.kind != Token.Kind.IDENT) {
            diags.error(name.loc, "macro name must be an identifier");
            skipLine();
            return null;
        }
        if (name.text.equals("defined") && (d.text.equals("define") || d.text.equals("undef"))) {
            diags.error(name.loc, "'defined' cannot be used as a macro name");
            skipLine();
            return null;
        }
        return name;
    }

    static SourceLocation afterToken(Token d) {
        return new SourceLocation(
                d.loc.file(), d.loc.offset() + d.text.length(), d.loc.presumedFile(), d.loc.presumedLine());
    }

    Token peekFrame() {
        Frame f = top();
        return f.toks.get(f.pos);
    }

    Token lastRead() {
        Frame f = top();
        return f.toks.get(Math.max(0, f.pos - 1));
    }

    // #if ------------------------------------------------------------------------------------

    private boolean evalIf(Token d, List<Token> line) {
        for (Token t : line) // clang's lexer warns of them as it reads the line (1'000 before C23)
        if (t.kind == Token.Kind.PUNCT && Tokenizer.isUnterminatedLiteral(t)) Tokenizer.reportUnterminated(diags, t);
        if (line.isEmpty()) {
            diags.error(afterToken(d), "expected value in expression");
            return false;
        }
        // defined X / defined(X) are replaced as the line is expanded, before their operand could
        // be (C11 6.10.1p4); as in clang this also covers a "defined" that a macro expands to
        List<Token> pre = line;
        boolean outer = inIfLine;
        inIfLine = true;
        List<Token> expanded0;
        try {
            expanded0 = expandArg(pre);
        } catch (BadDefined e) {
            return false;
        } finally {
            inIfLine = outer;
        }
        List<Token> expanded = expanded0;
        for (int i = 0; i < expanded.size(); i++) {
            Token t = expanded.get(i);
            // an identifier followed by '(' that is not a macro: clang's wording
            if (t.kind == Token.Kind.IDENT
                    && i + 1 < expanded.size()
                    && isPunct(expanded.get(i + 1), "(")
                    && !t.text.equals("true")
                    && !t.text.equals("false")) {
                diags.error(t.loc, "function-like macro '" + t.text + "' is not defined");
                return false;
            }
        }
        List<Token> toks = new ArrayList<>(expanded);
        Token eof = new Token(Token.Kind.EOF, "", afterToken(line.get(line.size() - 1)));
        toks.add(eof);
        return ConstantExpression.evaluate(toks, diags);
    }

    /** Expanding an #if line: "defined" is an operator. */
    private boolean inIfLine;

    /** A malformed "defined" (already reported): the #if is false. */
    private static final class BadDefined extends RuntimeException {
        BadDefined() {
            super(null, null, false, false);
        }
    }

    /** "defined X" or "defined ( X )" read from the stream: 1 or 0. */
    private Token definedOperator(Token t, Stream s) {
        if (!t.hideSet.isEmpty())
            diags.warning(
                    t.loc, "macro expansion producing 'defined' has undefined behavior", "-Wexpansion-to-defined");
        boolean paren = isPunct(peek(s), "(");
        if (paren) next(s);
        Token name = next(s);
        if (name.kind != Token.Kind.IDENT) {
            diags.error(name.kind == Token.Kind.EOF ? afterToken(t) : name.loc, "macro name missing");
            throw new BadDefined();
        }
        if (paren) {
            Token close = next(s);
            if (!isPunct(close, ")")) {
                diags.error(close.kind == Token.Kind.EOF ? afterToken(name) : close.loc, "missing ')' after 'defined'");
                diags.note(t.loc, "to match this '('");
                throw new BadDefined();
            }
        }
        Token v = new Token(Token.Kind.NUMBER, macros.containsKey(name.text) ? "1" : "0", t.loc);
        v.spaceBefore = t.spaceBefore;
        return v;
    }

    // #line ----------------------------------------------------------------------------------

    private void lineDirective(Token d, boolean gnuMarker) {
        List<Token> line = gnuMarker ? new ArrayList<>(List.of(d)) : new ArrayList<>();
        line.addAll(readLine());
        if (!gnuMarker) line = expandArg(line);
        if (line.isEmpty() || line.get(0).kind != Token.Kind.NUMBER || !isDigits(line.get(0).text)) {
            SourceLocation at = line.isEmpty() ? afterToken(d) : line.get(0).loc;
            if (!line.isEmpty() && line.get(0).kind == Token.Kind.NUMBER) { // clang points at the first non-digit
                String n = line.get(0).text;
                int k = 0;
                while (n.charAt(k) >= '0' && n.charAt(k) <= '9') k++;
                at = new SourceLocation(at.file(), at.offset() + k, at.presumedFile(), at.presumedLine());
            }
            diags.error(at, "#line directive requires a simple digit sequence");
            return;
        }
        long n = Long.parseLong(line.get(0).text.length() > 12 ? "999999999999" : line.get(0).text);
        Frame f = top();
        String file = f.presumedName;
        int used = 1;
        if (line.size() > 1 && line.get(1).kind == Token.Kind.STRING) {
            String s = line.get(1).text;
            file = unescape(s.substring(1, s.length() - 1));
            used = 2;
        } else if (line.size() > 1) {
            diags.error(line.get(1).loc, "invalid filename for #line directive");
            return;
        }
        if (!gnuMarker && line.size() > used) {
            diags.warning(line.get(used).loc, "extra tokens at end of #line directive", "-Wextra-tokens");
        }
        // the physical line after the directive gets number n
        Token last = line.get(line.size() - 1);
        int physNext = last.loc.file() == f.file ? f.file.line(last.loc.offset()) + 1 : f.file.line(d.loc.offset()) + 1;
        f.lineDelta = (int) n - physNext;
        f.presumedName = file;
        f.relocated = true;
        markers.add(new LineMarker(out.size(), file, (int) n, 0, f.system(), f.externC()));
    }

    private static boolean isDigits(String s) {
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) < '0' || s.charAt(i) > '9') return false;
        return true;
    }

    private static String unescape(String s) {
        if (s.indexOf('\\') < 0) return s;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) c = s.charAt(++i);
            sb.append(c);
        }
        return sb.toString();
    }

    // #pragma and _Pragma: PragmaDirectives

    // ---------------------------------------------------------------------------------------
    // Predefined macros

    private String commandLineText() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : opts.defines().entrySet()) {
            String name = e.getKey();
            if (e.getValue() == null) {
                sb.append("#undef ").append(name).append('\n');
            } else {
                sb.append("#define ")
                        .append(name)
                        .append(' ')
                        .append(e.getValue().replace('\n', ' '))
                        .append('\n');
            }
        }
        // clang's order: -imacros files, then -include files, each looked up as "file" from the working directory
        for (String f : opts.imacros())
            sb.append("#__include_macros ").append(quote(f)).append('\n');
        for (String f : opts.includes()) sb.append("#include ").append(quote(f)).append('\n');
        return sb.toString();
    }

    // ---------------------------------------------------------------------------------------
    // Phases 6 and 7 (see ParserTokens)

    public static boolean isKeyword(String s) {
        return ParserTokens.isKeyword(s);
    }

    /** Marks keywords and joins adjacent string literals; the result is what the parser reads. */
    public static List<Token> finish(List<Token> toks, Diagnostics diags) {
        return ParserTokens.finish(toks, diags);
    }
}
