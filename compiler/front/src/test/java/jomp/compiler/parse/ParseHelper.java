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
        this.unit = unit; this.diagnostics = diagnostics; this.diags = diags;
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

    public static ParseHelper parse(String src) { return parse("t.c", src); }

    /** Only the "file:line:col: kind: message" lines. */
    public String messages() {
        StringBuilder sb = new StringBuilder();
        for (String l : diagnostics.split("\n")) if (l.matches("^\\S+:\\d+:\\d+: (error|warning|note|fatal error): .*")) sb.append(l).append('\n');
        return sb.toString();
    }
}
