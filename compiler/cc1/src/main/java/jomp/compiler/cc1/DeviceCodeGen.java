package jomp.compiler.cc1;

import java.nio.charset.StandardCharsets;
import jomp.compiler.codegen.BackEnd;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.ir.Module;
import jomp.offload.abi.ImageKind;
import jomp.toolchain.ToolChain;

/**
 * The device code generation entry: the device half of a unit (or, with -foffload-lto, the IR
 * linked at the link) to the code of its target's back end ({@link ToolChain#backEnd()},
 * {@link BackEnds}). cc1's device compile and the linker-wrapper's device LTO both come here, so
 * neither tests triples.
 */
public final class DeviceCodeGen {
    private DeviceCodeGen() {}

    /** The code: as the back end writes it (a jomp object of JVM classes, kind elf; PTX text, kind ptx). */
    public record Output(ImageKind imageKind, byte[] bytes) {
        public String text() {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    /**
     * Generates a module's device code for {@code arch} (null: the target's default).
     * @throws BackEnd.Refusal for IR the target cannot run, naming the function
     */
    public static Output generate(ToolChain tc, Module m, String arch, int optLevel) {
        Cc1.Options o = new Cc1.Options();
        o.optLevel = optLevel;
        Compilation c = new Compilation(o, new Diagnostics(System.err));
        c.module = m;
        // the code generation passes of cc1's device list (Pipeline), so that both run the same
        BackEnd be = BackEnds.of(tc);
        java.util.List<Pipeline.Pass> passes = Pipeline.of(be.devicePasses(target(tc, arch, optLevel)));
        try {
            Pipeline.run(passes, c, Pipeline.Trace.NONE, m.sourceName, System.err);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // no pass of code generation reads a file
        }
        return new Output(be.deviceImageKind(), c.output);
    }

    /** What a device code generation is for: {@code arch} (null or empty: the target's default), the -O level, the target's traits. */
    static BackEnd.Target target(ToolChain tc, String arch, int optLevel) {
        return new BackEnd.Target(
                arch != null && !arch.isEmpty() ? arch : tc.defaultArch(), optLevel, tc.contextTraits());
    }
}
