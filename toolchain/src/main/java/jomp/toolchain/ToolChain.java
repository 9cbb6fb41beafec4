package jomp.toolchain;

import java.util.List;

import jomp.offload.abi.ImageKind;

/**
 * What jomp knows about one target (clang's ToolChain): its triple and the names that select it,
 * its code generator and archs, whether its device code is assembled by a separate tool and with
 * which command, how its device images are linked, and how the GPUs present are found. The
 * driver, cc1's device compile and the linker-wrapper ask this; none of them tests triple strings.
 * A new target is one class implementing this, listed in {@link ToolChains}, plus a runtime plugin
 * that loads its images.
 */
public interface ToolChain {
    /** The normalised triple (what actions, images and plugins carry). */
    String triple();

    /** The names {@code -fopenmp-targets=} accepts for this target, besides its triple. */
    List<String> aliases();

    /** Does {@code -fopenmp-targets=name} select this target? Its triple and aliases (a target may accept more). */
    default boolean selectedBy(String name) { return triple().equals(name) || aliases().contains(name); }

    /** The code generator of its device code. */
    CodeGen codeGen();

    /**
     * The image kind of an assembled device object: what the device compile (and the assembler,
     * if any) hands the packager (a cubin is {@code OBJECT}, kind elf, as clang packages ptxas's
     * output). PTX that is not assembled is always {@link ImageKind#PTX}.
     */
    ImageKind imageKind();

    /** The arch device code is compiled for when none is given or found; null for a target without archs. */
    default String defaultArch() { return null; }

    /** The error for an arch this target has not ({@code --offload-arch}, {@code -march=}); null when it is valid. */
    default String checkArch(String arch) { return null; }

    /**
     * The archs bound in the action graph for the user's {@code --offload-arch} values, one device
     * compile each (clang binds them the same way); empty: one device compile, unbound.
     */
    default List<String> archs(List<String> requested) { return List.of(); }

    /**
     * True if device code is assembled by a separate tool (its own job: ptxas turns PTX into a
     * cubin); false if the compile job's output is the device object (JVM classes) or the image
     * itself (PTX that is never assembled).
     */
    default boolean separateAssembler() { return false; }

    /** The assembler's program name, found as {@link #findProgram} finds it; null without {@link #separateAssembler()}. */
    default String assembler() { return null; }

    /** The assembler's arguments (after the program) for one arch, at an optimisation level ("-O0" ... "-O3"). */
    default List<String> assemblerArgs(String arch, String optLevel, String input, String output) {
        throw new UnsupportedOperationException(triple() + " has no separate assembler");
    }

    /** The program that links several device objects of one arch (nvlink); null when images are linked in-process or not at all. */
    default String deviceLinker() { return null; }

    /** The device linker's arguments (after the program). */
    default List<String> deviceLinkArgs(String arch, String output, List<String> inputs) {
        throw new UnsupportedOperationException(triple() + " has no device linker");
    }

    /**
     * The tool that prints the archs of the devices present, one per line (clang's nvptx-arch),
     * looked up in jomp's bin directory; null when the target has no devices to ask.
     */
    default String archTool() { return null; }

    /**
     * Where this target's programs ({@link #assembler()}, {@link #deviceLinker()}) are: on the
     * caller's PATH, then wherever the target's installation puts them; {@code installPath} is
     * the user's choice of installation (--cuda-path), or null.
     */
    default java.nio.file.Path findProgram(String name, String installPath) { return Programs.find(name, List.of()); }
}
