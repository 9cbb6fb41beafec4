package jomp.compiler.preprocess;

import static jomp.compiler.preprocess.Preprocessor.afterToken;
import static jomp.compiler.preprocess.Preprocessor.isPunct;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;

/**
 * {@code #include}, {@code #include_next}, {@code #import} and -imacros' {@code #__include_macros}:
 * the header is found by {@link HeaderSearch}, skipped when {@code #pragma once} or its include
 * guard says it is done, and read as a new frame of the {@link Preprocessor}. Separate from the
 * other directives because it keeps state of its own across includes: each file's tokens, its
 * include guard, and the list of headers found (for dependency files).
 */
final class IncludeDirective {
    private static final int MAX_INCLUDE_DEPTH = 200;

    private final Preprocessor pp;
    private final Diagnostics diags;
    private final HeaderSearch headers;
    private final Map<String, List<Token>> tokenCache = new HashMap<>();
    /** Include-guard macro of a file whose whole content is #ifndef X ... #endif, by file key. */
    private final Map<String, String> includeGuards = new HashMap<>();
    /** Every header an #include found, in the order found (again when re-included), for dependency files. */
    final List<Preprocessor.IncludedFile> included = new ArrayList<>();

    IncludeDirective(Preprocessor pp) {
        this.pp = pp;
        this.diags = pp.diags;
        this.headers = pp.headers;
    }

    void include(Token d) {
        if (pp.lineEnded()) {
            diags.error(afterToken(d), "expected \"FILENAME\" or <FILENAME>");
            return;
        }
        List<Token> line = pp.readLine();
        Token first = line.get(0);
        if (!(first.kind == Token.Kind.STRING && first.text.startsWith("\"")) && !isPunct(first, "<")) {
            line = pp.expandArg(line); // computed include (C11 6.10.2p4)
            if (line.isEmpty()) {
                diags.error(first.loc, "expected \"FILENAME\" or <FILENAME>");
                return;
            }
            first = line.get(0);
        }
        String name;
        boolean quoted;
        int end;
        if (first.kind == Token.Kind.STRING && first.text.startsWith("\"")) {
            name = first.text.substring(1, first.text.length() - 1);
            quoted = true;
            end = 1;
        } else if (isPunct(first, "<")) {
            int i = 1;
            while (i < line.size() && !isPunct(line.get(i), ">")) i++;
            if (i == line.size()) {
                diags.error(afterToken(line.get(i - 1)), "expected '>'");
                return;
            }
            name = FeatureTests.angledName(line, 1);
            quoted = false;
            end = i + 1;
        } else {
            diags.error(first.loc, "expected \"FILENAME\" or <FILENAME>");
            return;
        }
        if (end < line.size()) {
            diags.warning(line.get(end).loc, "extra tokens at end of #" + d.text + " directive", "-Wextra-tokens");
        }
        if (name.isEmpty()) {
            diags.error(first.loc, "empty filename");
            return;
        }
        // #include_next: on after the directory that found this file (clang warns in the main file and starts over)
        int from = 0;
        if (d.text.equals("include_next")) {
            if (pp.top() == pp.frames.get(0)) {
                diags.warning(
                        d.loc,
                        "#include_next in primary source file; will search from start of include path",
                        "-Winclude-next-outside-header");
            } else {
                from = headers.nextIndex(pp.top().foundIndex);
            }
        }
        HeaderSearch.Found f = headers.resolve(name, quoted, from == 0 ? pp.top().dir : null, from);
        if (f == null) throw diags.fatal(first.loc, "'" + name + "' file not found");
        boolean macrosOnly = d.text.equals("__include_macros");
        if (pp.pragmaOnce.contains(f.key()) && !macrosOnly) return;
        if (d.text.equals("import")) pp.pragmaOnce.add(f.key());
        enter(f, first, name, macrosOnly);
    }

    /** Starts reading an included file (unless #pragma once or its include guard says it is done). */
    private void enter(HeaderSearch.Found f, Token at, String name, boolean macrosOnly) {
        // for -MD (clang's DependencyCollector): every file an #include names, entered or skipped
        // by its guard; a file is system when found in a system directory or included by one
        included.add(new Preprocessor.IncludedFile(
                f.name(),
                f.system() || pp.top().flavor != HeaderSearch.Flavor.USER,
                f.key().startsWith("resource:")));
        String guard = includeGuards.get(f.key());
        if (guard != null && pp.macros.containsKey(guard)) return;
        if (pp.visibleDepth() >= MAX_INCLUDE_DEPTH) {
            diags.error(at.loc, "#include nested too deeply");
            return;
        }
        List<Token> toks = tokenCache.get(f.key());
        SourceFile file;
        if (toks == null) {
            String text;
            try {
                text = headers.read(f);
            } catch (IOException e) {
                throw diags.fatal(at.loc, "'" + name + "' file not found");
            }
            file = new SourceFile(f.name(), text);
            toks = pp.tokens(file);
            tokenCache.put(f.key(), toks);
            String g = detectGuard(toks);
            if (g != null) includeGuards.put(f.key(), g);
        } else {
            file = toks.get(0).loc.file();
        }
        // a file is of its directory's kind, and at least of its includer's: what a system header
        // includes is a system header too, wherever it is found (clang's rule)
        HeaderSearch.Flavor flavor = pp.top().flavor.compareTo(f.flavor()) > 0 ? pp.top().flavor : f.flavor();
        if (flavor != HeaderSearch.Flavor.USER) file.markSystem();
        boolean discard = macrosOnly || pp.top().macrosOnly;
        HeaderSearch.Dir dir =
                new HeaderSearch.Dir(f.fileDir().path(), f.fileDir().resource(), flavor, -1);
        pp.frames.add(
                new Preprocessor.Frame(file, toks, f.key(), dir, f.index(), pp.openConds(), false, flavor, discard));
        pp.markers.add(new Preprocessor.LineMarker(
                pp.out.size(),
                f.name(),
                1,
                1,
                flavor != HeaderSearch.Flavor.USER,
                flavor == HeaderSearch.Flavor.EXTERN_C));
    }

    /** The X of a file shaped "#ifndef X ... #endif" with nothing outside, else null. */
    private static String detectGuard(List<Token> toks) {
        if (toks.size() < 4
                || !isPunct(toks.get(0), "#")
                || !toks.get(1).is("ifndef")
                || toks.get(2).kind != Token.Kind.IDENT) return null;
        int depth = 0;
        for (int i = 0; i < toks.size() - 1; i++) {
            Token t = toks.get(i);
            if (!(t.atLineStart && isPunct(t, "#"))) continue;
            Token n = toks.get(i + 1);
            if (n.atLineStart) continue;
            switch (n.text) {
                case "if", "ifdef", "ifndef" -> depth++;
                case "elif", "else" -> {
                    if (depth == 1) return null;
                }
                case "endif" -> {
                    if (--depth == 0) {
                        int j = i + 2;
                        while (!toks.get(j).atLineStart) j++;
                        return toks.get(j).kind == Token.Kind.EOF ? toks.get(2).text : null;
                    }
                }
                default -> {}
            }
        }
        return null;
    }
}
