package jomp.compiler.devrt;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.IrPrinter;
import jomp.compiler.ir.Module;
import jomp.compiler.lower.Lowering;
import jomp.compiler.opt.PassManager;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;

/**
 * Compiles the NVPTX device runtime ({@code compiler/devrt/src/main/devrt/devrt.c}) to jomp IR text at build
 * time (Maven's process-classes phase, frontend/pom.xml), as clang's build compiles
 * {@code libomptarget-nvptx-*.bc}: the jar ships {@value #RESOURCE}, which the nvptx back end
 * parses and links (jomp.compiler.nvptx.DeviceRuntime, in the nvptx module above this one) without the preprocessor, parser
 * or lowering. {@code DeviceRuntimeIrTest} checks that the shipped IR is what this gives.
 */
public final class DeviceRuntimeCompiler {
    private DeviceRuntimeCompiler() {}

    /** The runtime's IR in the jar; its module's source name is {@link #SOURCE_NAME}. */
    public static final String RESOURCE = "jomp/devrt/devrt.jir";

    public static final String SOURCE_NAME = "jomp/devrt/devrt.c";

    /** The IR text of the runtime's C source; throws with the diagnostics when it does not compile. */
    public static String compile(String cSource) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err, true, StandardCharsets.UTF_8));
        Module m = null;
        try {
            var tokens =
                    Preprocessor.run(new SourceFile(SOURCE_NAME, cSource), PreprocessorOptions.defaults(false), diags);
            var tu = diags.hasErrors() ? null : Parser.parse(tokens, diags);
            m = diags.hasErrors() ? null : Lowering.lower(tu, diags, SOURCE_NAME);
        } catch (Diagnostics.FatalError e) {
            m = null; // too many errors: the diagnostics so far say why
        }
        if (m == null || diags.hasErrors()) {
            throw new IllegalStateException("jomp: the device runtime (compiler/devrt/src/main/devrt/devrt.c, named "
                    + SOURCE_NAME + " below) does not compile:\n" + err.toString(StandardCharsets.UTF_8));
        }
        PassManager.run(m, 2);
        return IrPrinter.print(m);
    }

    /** {@code DeviceRuntimeCompiler devrt.c out.jir}: writes the IR, or fails with the C diagnostics. */
    public static void main(String[] args) throws IOException {
        if (args.length != 2) throw new IllegalArgumentException("usage: DeviceRuntimeCompiler <devrt.c> <out.jir>");
        String ir = compile(Files.readString(Path.of(args[0]), StandardCharsets.UTF_8));
        Path out = Path.of(args[1]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, ir, StandardCharsets.UTF_8);
    }
}
