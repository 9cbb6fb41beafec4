package jomp.compiler.lower;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.IrInterpreter;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.IrVerifier;
import jomp.compiler.ir.Module;
import jomp.compiler.opt.PassManager;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * C programs parsed, lowered, printed, parsed back and run by the test interpreter at -O0, -O1
 * and -O2; stdout and exit status must equal what the same program gives when compiled by gcc.
 */
class CProgramsTest {
    static List<String> programs() {
        return CPrograms.ALL;
    }

    @org.junit.jupiter.api.Test
    void variadicFunctions() throws Exception {
        matchesGcc(CPrograms.VARIADIC);
    }

    @ParameterizedTest(name = "{index}")
    @MethodSource("programs")
    void matchesGcc(String source) throws Exception {
        IrInterpreter.Result expected = gcc(source);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true));
        SourceFile file = new SourceFile("t.c", source);
        TranslationUnit tu = Parser.parse(Preprocessor.run(file, PreprocessorOptions.defaults(true), diags), diags);
        assertThat(err.toString()).as("parse").doesNotContain("error");
        Module m = Lowering.lower(tu, diags);
        assertThat(err.toString()).as("lower").doesNotContain("error");
        PassManager.run(m, 0);
        assertThat(IrVerifier.verify(m)).isEmpty();
        String text = IrPrinter.print(m);
        int before = err.size(); // the front end's warnings (K&R definitions) come before
        Module back = IrParser.parse(new SourceFile("t.jir", text), diags);
        assertThat(err.toString().substring(before)).as("IR parse").isEmpty();
        assertThat(IrPrinter.print(back)).isEqualTo(text);
        IrInterpreter.Result r0 = IrInterpreter.run(m);
        assertThat(r0).isEqualTo(expected);
        // -O1's scalar passes only shrink the code; -O2 inlines, which may grow it
        Module o1 = IrParser.parse(new SourceFile("t.jir", text), diags);
        PassManager.run(o1, 1);
        assertThat(IrPrinter.print(o1).length()).isLessThan(text.length());
        assertThat(IrInterpreter.run(o1)).isEqualTo(expected);
        PassManager.run(back, 2);
        assertThat(IrVerifier.verify(back)).isEmpty();
        String optimised = IrPrinter.print(back);
        assertThat(IrPrinter.print(IrParser.parse(new SourceFile("t2.jir", optimised), diags)))
                .isEqualTo(optimised);
        assertThat(IrInterpreter.run(back)).isEqualTo(expected);
    }

    /** Compiles and runs the program with gcc -O0 (skipped where gcc is missing). */
    static IrInterpreter.Result gcc(String source) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("jomp-lower");
        try {
            Path c = dir.resolve("t.c"), exe = dir.resolve("t");
            Files.writeString(c, source);
            Process p;
            try {
                p = jomp.env.ExternalTools.processBuilder("gcc", "-O0", "-w", "-o", exe.toString(), c.toString(), "-lm")
                        .redirectErrorStream(true)
                        .start();
            } catch (IOException e) {
                org.junit.jupiter.api.Assertions.fail("gcc is the oracle here: install it (.ci/run does)");
                return null;
            }
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as("gcc: " + log).isZero();
            Process run = new ProcessBuilder(exe.toString()).start();
            String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
            return new IrInterpreter.Result(out, run.exitValue());
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder())
                        .forEach(f -> f.toFile().delete());
            }
        }
    }
}
