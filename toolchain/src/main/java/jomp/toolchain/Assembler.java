package jomp.toolchain;

import java.util.List;
import jomp.offload.abi.ImageKind;

/**
 * A target's assembler (clang's {@code ToolChain::buildAssembler}): the external program that
 * turns the device compile's assembly text into the device object, for the driver's job and the
 * linker-wrapper's -foffload-lto alike. Found by its ToolChain's {@link ToolChain#findProgram}.
 */
public interface Assembler {
    /** The program's name. */
    String program();

    /** The tool's name in -ccc-print-bindings (clang's {@code NVPTX::Assembler}). */
    String toolName();

    /**
     * The program's arguments for one arch, at the compile's optimisation level
     * ({@code optLevel}: what followed -O, "0" ... "3", "s", "fast"; null when none was given).
     */
    List<String> args(String arch, String optLevel, String input, String output);

    /** The extensions of its input and output files where jomp names them (the linker-wrapper's LTO: linked.ptx, linked.cubin). */
    String inputExtension();

    String outputExtension();

    /** The image kind of what it writes (a cubin is {@code OBJECT}, kind elf, as clang packages ptxas's output). */
    ImageKind imageKind();

    /**
     * Whether its input travels with its output as an image of its own (a cubin with the PTX it came
     * from, as nvcc's fat binaries carry both, which a GPU of another arch and the PTX simulator
     * can run); the driver's {@code --no-cuda-include-ptx=} leaves it out.
     */
    default boolean keepsInput() {
        return false;
    }

    /** The -v note when the program is not found under {@code installPath} (null: the default places) and the text is the image. */
    String missingNote(String installPath);
}
