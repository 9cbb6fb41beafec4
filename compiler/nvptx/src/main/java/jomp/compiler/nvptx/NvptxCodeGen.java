package jomp.compiler.nvptx;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import jomp.compiler.codegen.BackEnd;
import jomp.compiler.offload.IndirectCallTable;
import jomp.offload.abi.ImageKind;

/**
 * The NVPTX back end's passes, as cc1 runs them for a device compile and the linker-wrapper for
 * -foffload-lto: calls through host function pointers through the unit's indirect table (before
 * the IR is written, so LTO's IR has it), then {@link PtxPreparation}'s passes and the PTX text.
 */
public final class NvptxCodeGen implements BackEnd {
    static final Pass INDIRECT_CALLS = new Pass(
            "indirect-calls",
            "calls through host function pointers go through the unit's indirect table (offload/IndirectCallTable)",
            u -> IndirectCallTable.apply(u.module));

    @Override
    public String name() {
        return "nvptx";
    }

    /** PTX text, which the target's assembler (ptxas) may turn into a cubin. */
    @Override
    public ImageKind deviceImageKind() {
        return ImageKind.PTX;
    }

    /** Host function pointers called in PTX code go through the unit's indirect table (the jvm device calls them as they are). */
    @Override
    public List<Pass> deviceIrPasses() {
        return List.of(INDIRECT_CALLS);
    }

    @Override
    public List<Pass> devicePasses(Target target) {
        List<Pass> l = new ArrayList<>();
        boolean first = true;
        for (PtxPreparation.Pass p : PtxPreparation.PASSES) {
            boolean start = first;
            l.add(new Pass(p.name(), p.description(), u -> {
                if (start) u.backEndState = new PtxPreparation.State(u.module, target.traits());
                p.step().accept((PtxPreparation.State) u.backEndState);
            }));
            first = false;
        }
        String arch = target.arch();
        l.add(new Pass(
                "ptx-emit",
                "PTX text for " + arch + " (nvptx/PtxBackend, PtxFunction)",
                u -> u.output = PtxBackend.emit((PtxPreparation.State) u.backEndState, arch)
                        .getBytes(StandardCharsets.ISO_8859_1)));
        return l;
    }
}
