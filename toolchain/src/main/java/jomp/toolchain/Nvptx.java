package jomp.toolchain;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

import jomp.offload.abi.ImageKind;
import jomp.offload.abi.nvptx.CudaArch;

/**
 * NVIDIA GPUs (clang's CudaToolChain for OpenMP): PTX from the NVPTX back end for one sm_XX,
 * assembled by ptxas into a relocatable cubin (packaged as kind elf, as clang does), device
 * objects linked by nvlink; the GPUs present are found by jomp-nvptx-arch (clang's nvptx-arch),
 * which the cuda plugin provides. Without ptxas the PTX itself is the image.
 */
public final class Nvptx implements ToolChain {
    /** The oldest arch jomp's PTX supports: the arch of portable PTX, and the default. */
    public static final String LOWEST_ARCH = CudaArch.LOWEST.name();

    public String triple() { return Triple.NVPTX64; }
    public List<String> aliases() { return List.of("nvptx64"); }
    public CodeGen codeGen() { return CodeGen.PTX; }
    public ImageKind imageKind() { return ImageKind.OBJECT; }
    @Override public String defaultArch() { return LOWEST_ARCH; }
    @Override public String checkArch(String arch) { return checkSm(arch); }
    @Override public List<String> archs(List<String> requested) { return new ArrayList<>(new LinkedHashSet<>(requested)); }
    @Override public boolean separateAssembler() { return true; }
    @Override public String assembler() { return "ptxas"; }

    /**
     * ptxas -c: a relocatable cubin, which nvlink links (as clang's NVPTX::Assembler, which passes
     * the compile's -O level mapped as the driver's JobBuilder.ptxasOptLevel does; -O3 at the link's LTO).
     */
    @Override public List<String> assemblerArgs(String arch, String optLevel, String input, String output) {
        return List.of("-m64", optLevel, "--gpu-name", arch, "--output-file", output, input, "-c");
    }

    @Override public String deviceLinker() { return "nvlink"; }

    @Override public List<String> deviceLinkArgs(String arch, String output, List<String> inputs) {
        List<String> args = new ArrayList<>();
        if (arch != null && !arch.isEmpty()) args.add("-arch=" + arch);
        args.addAll(List.of("-o", output));
        args.addAll(inputs);
        return args;
    }

    @Override public String archTool() { return "jomp-nvptx-arch"; }

    @Override public Path findProgram(String name, String cudaPath) { return CudaInstallation.find(name, cudaPath); }

    /** clang's check of a CUDA arch name: {@code sm_XX}, {@code sm_XXa} ({@link CudaArch#check}). */
    static String checkSm(String arch) { return CudaArch.check(arch); }
}
