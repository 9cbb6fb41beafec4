package jomp.compiler.parse;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.lex.Token;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;

/** Preprocesses and parses a source string, capturing the diagnostics text. */
public final class ParseHelper {
    public final TranslationUnit unit;
    public final String diagnostics;
    public final Diagnostics diags;

    private ParseHelper(TranslationUnit unit, String diagnostics, Diagnostics diags) {
        this.unit = unit;
        this.diagnostics = diagnostics;
        this.diags = diags;
    }

    public static ParseHelper parse(String name, String src) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        Diagnostics d = new Diagnostics(ps);
        TranslationUnit tu = null;
        try {
            List<Token> toks = Preprocessor.run(new SourceFile(name, src), PreprocessorOptions.defaults(true), d);
            tu = Parser.parse(toks, d);
        } catch (Diagnostics.FatalError e) {
            // reported already
        }
        return new ParseHelper(tu, out.toString(StandardCharsets.UTF_8), d);
    }

    public static ParseHelper parse(String src) {
        return parse("t.c", src);
    }

    /**
     * As cc1 runs the front end on a file with these options ({@code -std=}, {@code -ansi},
     * {@code -fgnu89-inline}, {@code -W...}, {@code -w}): preprocess, parse, then the warnings
     * pass, its warnings merged in clang's order.
     */
    public static ParseHelper compile(String name, String src, List<String> flags) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
        String std = null;
        Boolean gnu89Inline = null;
        List<String> warnings = new java.util.ArrayList<>();
        for (String f : flags) {
            if (f.startsWith("-std=")) std = f.substring(5);
            else if (f.equals("-ansi")) std = "c89";
            else if (f.equals("-fgnu89-inline")) gnu89Inline = true;
            else if (f.equals("-fno-gnu89-inline")) gnu89Inline = false;
            else if (f.startsWith("-W") || f.equals("-w")) warnings.add(f);
            else throw new IllegalArgumentException(f);
        }
        Diagnostics d = new Diagnostics(ps)
                .werror(warnings.contains("-Werror"))
                .suppressWarnings(warnings.contains("-w"))
                .warningOptions(jomp.compiler.diag.WarningOptions.parse(warnings));
        TranslationUnit tu = null;
        SourceFile file = new SourceFile(name, src);
        try {
            PreprocessorOptions o = new PreprocessorOptions(
                    List.of(),
                    List.of(),
                    java.util.Map.of(),
                    false,
                    List.of(),
                    List.of(),
                    false,
                    false,
                    false,
                    List.of(),
                    List.of(),
                    false,
                    std,
                    0,
                    false,
                    false,
                    gnu89Inline);
            List<Token> toks = Preprocessor.run(file, o, d);
            d.hold();
            tu = Parser.parse(toks, d, 51, Language.of(std, gnu89Inline));
            d.release(d.hasErrors() ? List.of() : jomp.compiler.sema.Warnings.check(tu, d, file));
        } catch (Diagnostics.FatalError e) {
            // reported already
        }
        return new ParseHelper(tu, out.toString(StandardCharsets.UTF_8), d);
    }

    /** Only the "file:line:col: kind: message" lines. */
    public String messages() {
        StringBuilder sb = new StringBuilder();
        for (String l : diagnostics.split("\n"))
            if (l.matches("^\\S+:\\d+:\\d+: (error|warning|note|fatal error): .*"))
                sb.append(l).append('\n');
        return sb.toString();
    }
}
