package jomp.toolchain;

import java.util.List;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.nvptx.NvptxTraits;

/**
 * The PTX simulator as a target of its own ({@code -fopenmp-targets=ptxsim}): the same PTX as
 * nvptx64 (the simulator is a checker of what a GPU would run), but never assembled or
 * nvlinked, since the simulator runs PTX and never SASS, and no GPU is asked for its arch. The
 * images carry the triple {@code nvptx64-jomp-ptxsim}; the ptxsim plugin (plugins/ptxsim) runs
 * them, and a GPU's driver would compile them as any PTX. This class and that plugin are all
 * the target is: the driver, cc1 and the linker-wrapper learn everything else from here.
 */
public final class PtxSim implements ToolChain {
    public static final String TRIPLE = "nvptx64-jomp-ptxsim";

    /** nvptx64's device link without nvlink: PTX passes through, several PTX objects go into a fat binary, linked when loaded. */
    private static final DeviceLinker LINKER = new NvptxDeviceLink(null, false);

    @Override
    public String triple() {
        return TRIPLE;
    }

    @Override
    public List<String> aliases() {
        return List.of("ptxsim");
    }

    @Override
    public String backEnd() {
        return "nvptx";
    }

    @Override
    public ContextTraits contextTraits() {
        return NvptxTraits.CONTEXT;
    }

    @Override
    public String defaultArch() {
        return Nvptx.LOWEST_ARCH;
    }

    @Override
    public String checkArch(String arch) {
        return Nvptx.checkSm(arch);
    }

    @Override
    public List<String> archs(List<String> requested) {
        return new Nvptx().archs(requested);
    }

    @Override
    public List<String> deviceCompileArgs(String cpu) {
        return new Nvptx().deviceCompileArgs(cpu);
    }

    @Override
    public DeviceLinker linker() {
        return LINKER;
    }

    @Override
    public String describeLto(String arch, String assemblerPath) {
        return "PTX for " + arch;
    }
}
