package jomp.compiler.preprocess;

import static jomp.compiler.preprocess.Preprocessor.afterToken;
import static jomp.compiler.preprocess.Preprocessor.isPunct;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceLocation;
import jomp.compiler.lex.Token;
import jomp.env.Invocation;

/**
 * C23's {@code #embed} and {@code __has_embed}, as clang 19 does them. The file is looked up in
 * the including file's folder (quoted names only), then in the {@code --embed-dir=} folders; its
 * bytes (from {@code clang::offset(N)}, at most {@code limit(N)} of them) become a
 * comma-separated list of integer constants, between the {@code prefix(...)} and
 * {@code suffix(...)} tokens, or {@code if_empty(...)}'s tokens when there are none. The line is
 * macro-expanded unless it starts with a header name, as {@code #include}'s is.
 */
final class EmbedDirective {
    /** __has_embed's answers (__STDC_EMBED_NOT_FOUND__, _FOUND__, _EMPTY__). */
    static final int NOT_FOUND = 0, FOUND = 1, EMPTY = 2;

    /** The spelling of each byte value, shared by every number token made. */
    private static final String[] BYTES = new String[256];

    static {
        for (int i = 0; i < 256; i++) BYTES[i] = Integer.toString(i);
    }

    private final Preprocessor pp;
    private final Diagnostics diags;

    EmbedDirective(Preprocessor pp) {
        this.pp = pp;
        this.diags = pp.diags;
    }

    /** The parameters of one #embed or __has_embed; {@code ok} is false after an error or an unknown parameter. */
    private static final class Params {
        long limit = -1;
        long offset;
        List<Token> prefix, suffix, ifEmpty;
        boolean ok = true;
    }

    /** The tokens that stand for an #embed line (the directive name d read); empty after an error. */
    List<Token> embed(Token d) {
        if (PreprocessorOptions.standardYear(pp.std()) < 2023)
            diags.warning(d.loc, "#embed is a C23 extension", "-Wc23-extensions");
        if (pp.lineEnded()) {
            diags.error(afterToken(d), "expected \"FILENAME\" or <FILENAME>");
            return List.of();
        }
        List<Token> line = header(pp.readLine());
        if (line == null) return List.of();
        Token first = line.get(0);
        int end = nameEnd(line);
        if (end < 0) return List.of();
        String name = name(line, end);
        boolean quoted = first.kind == Token.Kind.STRING;
        if (name.isEmpty()) {
            diags.error(first.loc, "empty filename");
            return List.of();
        }
        Params p = params(line, end, true);
        if (!p.ok) return List.of();
        Path file = find(name, quoted);
        if (file == null) throw diags.fatal(first.loc, "'" + name + "' file not found");
        byte[] data;
        try {
            data = Files.readAllBytes(Invocation.resolve(file));
        } catch (IOException e) {
            throw diags.fatal(first.loc, "'" + name + "' file not found");
        }
        pp.includedFiles().add(new Preprocessor.IncludedFile(file.toString(), false, false));
        int from = (int) Math.min(p.offset, data.length);
        int to = p.limit < 0 ? data.length : (int) Math.min(data.length, from + p.limit);
        ArrayList<Token> out = new ArrayList<>();
        if (from == to) {
            if (p.ifEmpty != null) {
                out.addAll(copies(p.ifEmpty, true));
                pp.embedEnded(d, p.suffix == null); // clang's space after, unless a suffix was asked for
            }
            return out;
        }
        if (p.prefix != null) out.addAll(copies(p.prefix, true));
        // clang -E puts a space before the numbers, except after an opening bracket or a comma
        Token before = out.isEmpty() ? pp.lastOutput() : out.get(out.size() - 1);
        boolean spaced = before != null && !isOpening(before);
        SourceLocation at = first.loc;
        out.ensureCapacity(out.size() + 2 * (to - from) + 4);
        for (int i = from; i < to; i++) {
            if (i > from) out.add(new Token(Token.Kind.PUNCT, ",", at));
            Token n = new Token(Token.Kind.NUMBER, BYTES[data[i] & 0xff], at);
            n.spaceBefore = i > from || spaced; // clang prints "65, 66, 10"
            out.add(n);
        }
        if (p.suffix != null && !p.suffix.isEmpty()) {
            List<Token> s = copies(p.suffix, false);
            s.get(0).spaceBefore = true; // clang's space after the numbers
            out.addAll(s);
            pp.embedEnded(d, false);
        } else {
            pp.embedEnded(d, true);
        }
        return out;
    }

    /** __has_embed(operand) in an #if line (arg: the tokens between the parentheses). */
    long hasEmbed(List<Token> arg) {
        List<Token> line = header(arg);
        if (line == null) return NOT_FOUND;
        int end = nameEnd(line);
        if (end < 0) return NOT_FOUND;
        String name = name(line, end);
        if (name.isEmpty()) {
            diags.error(line.get(0).loc, "empty filename");
            return NOT_FOUND;
        }
        Params p = params(line, end, false);
        if (!p.ok) return NOT_FOUND;
        Path file = find(name, line.get(0).kind == Token.Kind.STRING);
        if (file == null) return NOT_FOUND;
        long size;
        try {
            size = Files.size(Invocation.resolve(file));
        } catch (IOException e) {
            return NOT_FOUND;
        }
        long left = Math.max(0, size - p.offset);
        return p.limit == 0 || left == 0 ? EMPTY : FOUND;
    }

    /** The line with its header name first, macro-expanded if it did not start with one; null after an error. */
    private List<Token> header(List<Token> line) {
        Token first = line.get(0);
        if (!(first.kind == Token.Kind.STRING && first.text.startsWith("\"")) && !isPunct(first, "<")) {
            line = pp.expandArg(line);
            if (line.isEmpty()
                    || !(line.get(0).kind == Token.Kind.STRING
                                    && line.get(0).text.startsWith("\""))
                            && !isPunct(line.get(0), "<")) {
                diags.error(first.loc, "expected \"FILENAME\" or <FILENAME>");
                return null;
            }
        }
        return line;
    }

    /** The index after the header name (a string, or "<" ... ">"); -1 after an error. */
    private int nameEnd(List<Token> line) {
        if (line.get(0).kind == Token.Kind.STRING) return 1;
        int i = 1;
        while (i < line.size() && !isPunct(line.get(i), ">")) i++;
        if (i == line.size()) {
            diags.error(afterToken(line.get(i - 1)), "expected '>'");
            return -1;
        }
        return i + 1;
    }

    private static String name(List<Token> line, int end) {
        Token first = line.get(0);
        if (first.kind == Token.Kind.STRING) return first.text.substring(1, first.text.length() - 1);
        return FeatureTests.angledName(line.subList(0, end), 1);
    }

    /**
     * The parameters after the header name. Each is a name (standard, or {@code vendor::name}),
     * optionally with a parenthesized clause; clang reports its errors at the token after the
     * parameter (or the end of the line).
     */
    private Params params(List<Token> line, int from, boolean directive) {
        Params p = new Params();
        boolean seenLimit = false, seenOffset = false;
        int i = from;
        while (i < line.size()) {
            Token t = line.get(i);
            if (t.kind != Token.Kind.IDENT) {
                diags.error(t.loc, "expected identifier");
                p.ok = false;
                return p;
            }
            StringBuilder name = new StringBuilder(t.text);
            i++;
            if (i + 1 < line.size() && isPunct(line.get(i), ":") && isPunct(line.get(i + 1), ":")) {
                // the tokenizer spells '::' as two ':'
                i += 2;
                if (i < line.size() && line.get(i).kind == Token.Kind.IDENT)
                    name.append("::").append(line.get(i++).text);
            } else if (i < line.size() && isPunct(line.get(i), "::")) {
                i++;
                if (i < line.size() && line.get(i).kind == Token.Kind.IDENT)
                    name.append("::").append(line.get(i++).text);
            }
            String n = standardName(name.toString());
            Token afterName = i < line.size() ? line.get(i) : null;
            List<Token> clause = null;
            if (i < line.size() && isPunct(line.get(i), "(")) {
                int depth = 0, start = i + 1;
                for (; i < line.size(); i++) {
                    if (isPunct(line.get(i), "(")) depth++;
                    else if (isPunct(line.get(i), ")") && --depth == 0) break;
                }
                if (i == line.size()) {
                    diags.error(afterToken(line.get(i - 1)), "expected ')'");
                    p.ok = false;
                    return p;
                }
                clause = line.subList(start, i);
                i++;
            }
            SourceLocation after = i < line.size() ? line.get(i).loc : afterToken(line.get(i - 1));
            switch (n) {
                case "limit", "clang::offset" -> {
                    boolean limit = n.equals("limit");
                    if (limit ? seenLimit : seenOffset) {
                        twice(p, afterName, after, n);
                        return p;
                    }
                    if (limit) seenLimit = true;
                    else seenOffset = true;
                    if (clause == null) {
                        diags.error(after, "expected '('");
                        p.ok = false;
                        return p;
                    }
                    long v = value(pp.expandArg(clause), after);
                    if (v < 0) {
                        p.ok = false;
                        return p;
                    }
                    if (limit) p.limit = v;
                    else p.offset = v;
                }
                case "prefix", "suffix", "if_empty" -> {
                    List<Token> old = n.equals("prefix") ? p.prefix : n.equals("suffix") ? p.suffix : p.ifEmpty;
                    if (old != null) {
                        twice(p, afterName, after, n);
                        return p;
                    }
                    if (clause == null) {
                        diags.error(after, "expected '('");
                        p.ok = false;
                        return p;
                    }
                    switch (n) {
                        case "prefix" -> p.prefix = clause;
                        case "suffix" -> p.suffix = clause;
                        default -> p.ifEmpty = clause;
                    }
                }
                default -> {
                    // __has_embed answers "not found" for a parameter it does not know, without an error
                    if (directive) diags.error(after, "unknown embed preprocessor parameter '" + name + "'");
                    p.ok = false;
                    return p;
                }
            }
        }
        return p;
    }

    private void twice(Params p, Token afterName, SourceLocation after, String n) {
        diags.error(
                afterName != null ? afterName.loc : after,
                "cannot specify parameter '" + n + "' twice in the same '#embed' directive");
        p.ok = false;
    }

    /** limit(N)'s and clang::offset(N)'s N: a non-negative integer constant; -1 after an error. */
    private long value(List<Token> clause, SourceLocation after) {
        StringBuilder sb = new StringBuilder();
        for (Token t : clause) sb.append(t.text);
        String text = sb.toString();
        if (clause.size() == 1 && clause.get(0).kind == Token.Kind.NUMBER) {
            Long v = integer(clause.get(0).text);
            if (v != null) return v;
        }
        if (clause.size() == 2 && isPunct(clause.get(0), "-") && clause.get(1).kind == Token.Kind.NUMBER) {
            diags.error(after, "invalid value '" + text + "'; must be positive");
            return -1;
        }
        diags.error(clause.isEmpty() ? after : clause.get(0).loc, "expected value in expression");
        return -1;
    }

    /** An integer literal's value (decimal, octal, hex or binary, suffixes ignored); null if it is none. */
    private static Long integer(String s) {
        String t = s.toLowerCase(Locale.ROOT).replace("'", "");
        int e = t.length();
        while (e > 0 && (t.charAt(e - 1) == 'u' || t.charAt(e - 1) == 'l')) e--;
        t = t.substring(0, e);
        try {
            if (t.startsWith("0x")) return Long.parseLong(t.substring(2), 16);
            if (t.startsWith("0b")) return Long.parseLong(t.substring(2), 2);
            if (t.length() > 1 && t.startsWith("0")) return Long.parseLong(t.substring(1), 8);
            return Long.parseLong(t);
        } catch (NumberFormatException ex) {
            return null;
        }
    }

    /** __limit__ is limit, and so on (C23 6.10.4.1). */
    private static String standardName(String n) {
        return n.length() > 4 && n.startsWith("__") && n.endsWith("__") && !n.contains("::")
                ? n.substring(2, n.length() - 2)
                : n;
    }

    private static boolean isOpening(Token t) {
        return isPunct(t, ",") || isPunct(t, "{") || isPunct(t, "[") || isPunct(t, "(");
    }

    private static List<Token> copies(List<Token> toks, boolean first) {
        List<Token> r = new ArrayList<>(toks.size());
        for (Token t : toks) {
            Token c = t.copy();
            c.atLineStart = false;
            r.add(c);
        }
        if (!r.isEmpty() && first) r.get(0).spaceBefore = false;
        return r;
    }

    /**
     * Where the file is, as clang's -M lists it: a quoted name from the including file's folder
     * (an absolute path, as clang gives it), then from each --embed-dir folder in order, then a quoted
     * name from the working directory; an absolute name as it is. Null when not found.
     */
    private Path find(String name, boolean quoted) {
        Path n = Path.of(name);
        if (n.isAbsolute()) return isFile(n) ? n : null;
        if (quoted) {
            HeaderSearch.Dir dir = pp.top().dir;
            Path base = dir == null || dir.path() == null ? Path.of("") : dir.path();
            Path p = base.resolve(name);
            if (dir != null && dir.resource() == null && isFile(p))
                return Invocation.resolve(p).toAbsolutePath().normalize();
        }
        for (Path d : pp.embedDirs()) {
            Path p = d.resolve(name);
            if (isFile(p)) return p.normalize();
        }
        // last, a quoted name from the working directory, where clang 19 finds it too: `#embed __FILE__` of a
        // file compiled from another folder (`cc ../src/a.c`) names it relative to the working directory
        if (quoted && isFile(n)) return n;
        return null;
    }

    private static boolean isFile(Path p) {
        return Files.isRegularFile(Invocation.resolve(p));
    }
}
