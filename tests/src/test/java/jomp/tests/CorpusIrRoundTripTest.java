package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.Module;
import jomp.compiler.lower.Lowering;
import jomp.compiler.opt.PassManager;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The IR's text form round-trips over the whole corpus: for every program the frontend
 * accepts, print → parse → print gives the same text, at -O0 and at -O2.
 */
class CorpusIrRoundTripTest {
    @Execution(ExecutionMode.CONCURRENT)
    @TestFactory
    Stream<DynamicTest> irTextRoundTrips() {
        return Corpus.runPrograms().stream().map(p -> DynamicTest.dynamicTest(Corpus.key(p), () -> roundTrip(p)));
    }

    private static void roundTrip(Path program) {
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(errBytes, true)).suppressWarnings(true);
        List<Path> includes = new ArrayList<>(), embedDirs = new ArrayList<>();
        Map<String, String> defines = new LinkedHashMap<>();
        String std = null;
        List<String> warnings = new ArrayList<>();
        for (String f : Corpus.flags(program)) {
            if (f.startsWith("-W")) warnings.add(f); // -Wno-implicit-int: what clang makes an error by default
            if (f.startsWith("-std=")) std = f.substring(5);
            else if (f.startsWith("-I")) includes.add(program.getParent().resolve(f.substring(2)));
            else if (f.startsWith("--embed-dir="))
                embedDirs.add(program.getParent().resolve(f.substring("--embed-dir=".length())));
            else if (f.startsWith("-D")) {
                String d = f.substring(2);
                int eq = d.indexOf('=');
                defines.put(eq < 0 ? d : d.substring(0, eq), eq < 0 ? "1" : d.substring(eq + 1));
            }
        }
        diags.warningOptions(jomp.compiler.diag.WarningOptions.parse(warnings));
        PreprocessorOptions opts = new PreprocessorOptions(
                includes,
                List.of(),
                defines,
                Corpus.usesOpenMP(program),
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
                null,
                embedDirs);
        var toks = Preprocessor.run(program, opts, diags);
        TranslationUnit tu = Parser.parse(toks, diags, 51, jomp.compiler.parse.Language.of(std, null));
        if (Corpus.xfail().contains(Corpus.key(program)) && diags.hasErrors())
            return; // a known frontend gap, listed in xfail.txt
        assertThat(diags.hasErrors())
                .as("frontend errors:\n" + errBytes.toString(StandardCharsets.UTF_8))
                .isFalse();
        for (int opt : new int[] {0, 2}) {
            Module m = Lowering.lower(tu, diags, program.getFileName().toString());
            PassManager.run(m, opt);
            String printed = IrPrinter.print(m);
            Module again = IrParser.parse(new SourceFile(program.getFileName() + ".jir", printed), diags);
            assertThat(diags.hasErrors())
                    .as("IR parse errors at -O" + opt + ":\n" + errBytes.toString(StandardCharsets.UTF_8))
                    .isFalse();
            assertThat(IrPrinter.print(again)).as("-O" + opt).isEqualTo(printed);
        }
    }
}
