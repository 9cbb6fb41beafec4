package jomp.compiler.nvptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Module;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.nvptx.NvptxTraits;

/**
 * The passes that run on a device module before PTX emission, each named so that cc1's pass
 * list ({@code jomp.compiler.cc1.Pipeline}) shows them: specialising code only SPMD kernels reach, linking
 * the device runtime's IR in, finding each kernel's execution mode, rewriting kernel parameters
 * into loads of the kernel argument block, and finding which registers hold global addresses. {@link PtxBackend#emit} then only writes the text.
 */
public final class PtxPreparation {
    /** A module on its way to PTX; the passes fill it in, in {@link #PASSES} order. */
    public static final class State {
        Module module;
        Set<String> runtimeSymbols = Set.of();
        /** Each kernel's mode bits for the device runtime (KernelEntry), found before the kernels are rewritten. */
        final Map<String, Integer> kernelModes = new HashMap<>();
        /** The functions only SPMD kernels reach (SpmdSpecialization): their runtime calls take the SPMD forms. */
        Set<String> spmdOnly = Set.of();
        /** The registers holding global addresses, by function (GlobalAddresses). */
        GlobalAddresses.Result addresses = GlobalAddresses.Result.NONE;

        /** The target's OpenMP context traits (its ToolChain's), which the device runtime answers selectors with. */
        final ContextTraits traits;

        public State(Module m, ContextTraits traits) {
            this.module = m;
            this.traits = traits;
        }

        /** A module for an NVIDIA GPU. */
        public State(Module m) {
            this(m, NvptxTraits.CONTEXT);
        }

        public Module module() {
            return module;
        }
    }

    /** One preparation pass: its name in the pass list, what it does, and the step. */
    public record Pass(String name, String description, Consumer<State> step) {}

    public static final List<Pass> PASSES = List.of(
            new Pass(
                    "ptx-groupprivate",
                    "groupprivate variables: each block's copy in .shared memory, accessed directly (nvptx/GroupPrivateCopies)",
                    s -> GroupPrivateCopies.apply(s.module)),
            new Pass(
                    "ptx-spmd-specialize",
                    "call the SPMD forms of the runtime from code only SPMD kernels reach (nvptx/SpmdSpecialization)",
                    s -> s.spmdOnly = SpmdSpecialization.apply(s.module)),
            new Pass(
                    "ptx-link-runtime",
                    "link the device runtime's IR functions and globals the module reaches (nvptx/DeviceRuntime)",
                    PtxPreparation::linkRuntime),
            new Pass(
                    "ptx-kernel-modes",
                    "analysis: each kernel's execution mode (generic or SPMD, teams) for its entry (nvptx/KernelEntry)",
                    PtxPreparation::kernelModes),
            new Pass(
                    "ptx-kernel-arguments",
                    "rewrite kernel parameters into loads of the kernel argument block (nvptx/KernelArguments)",
                    PtxPreparation::kernelArguments),
            new Pass(
                    "ptx-global-addresses",
                    "analysis: registers that hold global-space addresses, for ld.global/st.global (nvptx/GlobalAddresses)",
                    s -> s.addresses = GlobalAddresses.analyse(s.module, s.runtimeSymbols)));

    private PtxPreparation() {}

    /** The user's module plus the runtime's functions and globals it reaches. */
    static void linkRuntime(State s) {
        DeviceRuntime.Linked linked = DeviceRuntime.link(s.module, s.traits);
        s.module = linked.module();
        s.runtimeSymbols = linked.runtimeSymbols();
    }

    static void kernelModes(State s) {
        for (Function f : s.module.functions)
            if (PtxBackend.isKernel(f.name)) s.kernelModes.put(f.name, KernelEntry.mode(f));
    }

    static void kernelArguments(State s) {
        for (Function f : s.module.functions) if (PtxBackend.isKernel(f.name)) KernelArguments.rewrite(f);
    }

    /** All the passes in order (tests and callers without a pass list). */
    public static State run(Module m) {
        State s = new State(m);
        for (Pass p : PASSES) p.step().accept(s);
        return s;
    }
}
