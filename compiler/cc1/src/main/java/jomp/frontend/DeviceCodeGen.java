package jomp.frontend;

import java.nio.charset.StandardCharsets;

import jomp.frontend.ir.Module;
import jomp.frontend.jvm.HostObjectWriter;
import jomp.frontend.jvm.JvmBackend;
import jomp.frontend.nvptx.PtxBackend;
import jomp.toolchain.ToolChain;
import jomp.offload.abi.ImageKind;

/**
 * The device code generation entry: the device half of a unit (or, with -foffload-lto, the IR
 * linked at the link) to the code its target's {@link ToolChain#codeGen()} names. cc1's device
 * compile and the linker-wrapper's device LTO both come here, so neither tests triples.
 */
public final class DeviceCodeGen {
    private DeviceCodeGen() {}

    /** The code: a jomp object of JVM classes (kind elf) or PTX text (kind ptx). */
    public record Output(ImageKind imageKind, byte[] bytes) {
        public String text() { return new String(bytes, StandardCharsets.ISO_8859_1); }
    }

    /**
     * Generates a module's device code for {@code arch} (null: the target's default).
     * @throws jomp.frontend.nvptx.PtxException for IR the GPU cannot run, naming the function
     */
    public static Output generate(ToolChain tc, Module m, String arch, int optLevel) {
        return switch (tc.codeGen()) {
            case JVM -> new Output(ImageKind.OBJECT, HostObjectWriter.write(m, JvmBackend.compile(m, optLevel), null));
            case PTX -> new Output(ImageKind.PTX,
                    PtxBackend.compile(m, arch != null && !arch.isEmpty() ? arch : tc.defaultArch()).getBytes(StandardCharsets.ISO_8859_1));
        };
    }
}
