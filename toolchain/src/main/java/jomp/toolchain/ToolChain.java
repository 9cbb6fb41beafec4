package jomp.toolchain;

import java.util.List;
import jomp.offload.abi.ContextTraits;

/**
 * What jomp knows about one target (clang's ToolChain): its triple and the names that select it,
 * its back end, OpenMP context traits and archs, the device compile's arguments, the tools it
 * builds for its jobs (its {@link Assembler}, its {@link DeviceLinker}), and how the GPUs present
 * are found. The driver, cc1's device compile and the linker-wrapper ask this; none of them tests
 * triple strings or names a target. A new target is one class implementing this, listed in
 * {@link ToolChains}, its back end (listed in cc1's {@code BackEnds}) and a runtime plugin that
 * loads its images (docs/design/driver.md, "Adding a target").
 */
public interface ToolChain {
    /** The normalised triple (what actions, images and plugins carry). */
    String triple();

    /** The names {@code -fopenmp-targets=} accepts for this target, besides its triple. */
    List<String> aliases();

    /** Does {@code -fopenmp-targets=name} select this target? Its triple and aliases (a target may accept more). */
    default boolean selectedBy(String name) {
        return triple().equals(name) || aliases().contains(name);
    }

    /**
     * The back end that generates its device code, by name ("jvm": JVM classes in a jomp object;
     * "nvptx": PTX for one arch): cc1 asks that back end for its passes, for cc1's device compile
     * and for -foffload-lto at the link ({@code jomp.compiler.cc1.BackEnds}).
     */
    String backEnd();

    /**
     * The OpenMP context's device traits of the target (kind, arch, isa), which its device code's
     * runtime answers {@code declare variant} and {@code metadirective} selectors with; the
     * target's plugin names the same record for host code asking about its devices.
     */
    ContextTraits contextTraits();

    /** The arch device code is compiled for when none is given or found; null for a target without archs. */
    default String defaultArch() {
        return null;
    }

    /** The error for an arch this target has not ({@code --offload-arch}, {@code -march=}); null when it is valid. */
    default String checkArch(String arch) {
        return null;
    }

    /**
     * The archs bound in the action graph for the user's {@code --offload-arch} values, one device
     * compile each (clang binds them the same way); empty: one device compile, unbound.
     */
    default List<String> archs(List<String> requested) {
        return List.of();
    }

    /** Whether {@code --offload-arch} without {@code -fopenmp-targets} means this target (clang's: CUDA's archs mean nvptx64). */
    default boolean impliedByOffloadArch() {
        return false;
    }

    /**
     * The device compile's target options for arch {@code cpu} (clang's
     * {@code addClangTargetOptions}: {@code -target-cpu sm_90}); none by default.
     */
    default List<String> deviceCompileArgs(String cpu) {
        return List.of();
    }

    /**
     * Whether the device compile writes the device object itself ({@code -emit-obj}, as clang's
     * integrated assembler): then no assembler job follows. Otherwise it writes assembly text
     * ({@code -S}), which the target's {@link #assembler()} assembles, or which is the image.
     */
    default boolean compileEmitsObject() {
        return false;
    }

    /** The assembler of the device compile's text (clang's {@code buildAssembler}: ptxas); null when there is none. */
    default Assembler assembler() {
        return null;
    }

    /** How device images of one arch are linked into the image the runtime loads (clang's {@code buildLinker}). */
    DeviceLinker linker();

    /**
     * What -foffload-lto makes of the linked IR at the link, for --dry-run and --wrapper-verbose:
     * the code for {@code arch}, then the assembler found at {@code assemblerPath} (null: none found).
     */
    String describeLto(String arch, String assemblerPath);

    /**
     * The tool that prints the archs of the devices present, one per line (clang's nvptx-arch),
     * looked up in jomp's bin directory; null when the target has no devices to ask.
     */
    default String archTool() {
        return null;
    }

    /** The -v note when no arch was given: compiling for {@code found} (the {@link #archTool()}'s), or with none found, for {@link #defaultArch()}. */
    default String archNote(String found) {
        return null;
    }

    /**
     * Where this target's programs ({@link Assembler#program()}, its device linker) are: on the
     * caller's PATH, then wherever the target's installation puts them; {@code installPath} is
     * the user's choice of installation (--cuda-path), or null.
     */
    default java.nio.file.Path findProgram(String name, String installPath) {
        return Programs.find(name, List.of());
    }
}
