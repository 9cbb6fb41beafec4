package jomp.compiler.codegen;

import java.io.IOException;
import java.util.List;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.ImageKind;

/**
 * A code generator as cc1 runs it (LLVM's {@code TargetMachine::addPassesToEmitFile}): the passes
 * that turn a device's optimised IR into the target's code, which cc1's device compile and the
 * linker-wrapper's device LTO both run. A target's ToolChain names its back end
 * ({@code ToolChain.backEnd()}); cc1 finds it in its list of back ends and asks it for its passes,
 * so no stage above tests which target it compiles for.
 */
public interface BackEnd {
    /** The name a ToolChain gives for it. */
    String name();

    /**
     * IR passes on the device half before it is written as IR or code-generated (what
     * -foffload-lto's IR must already have undergone); none by default.
     */
    default List<Pass> deviceIrPasses() {
        return List.of();
    }

    /** The passes that make the device image's bytes ({@link Unit#output}) from the device half's optimised IR. */
    List<Pass> devicePasses(Target target);

    /** The image kind of what {@link #devicePasses} write (before any assembler of the target runs). */
    ImageKind deviceImageKind();

    /**
     * What one device code generation is for: the arch (null for a target without archs), the
     * -O level, and the OpenMP context traits of the target (its ToolChain's), which the code's
     * device runtime answers selectors with.
     */
    record Target(String arch, int optLevel, ContextTraits traits) {}

    /** One pass: its name in cc1's list, what it does (and which file does it), and the step. */
    record Pass(String name, String description, Step step) {}

    interface Step {
        void run(Unit u) throws IOException;
    }

    /** IR a back end cannot translate for its target; the message names the function and the construct. */
    class Refusal extends RuntimeException {
        public Refusal(String message) {
            super(message);
        }
    }
}
