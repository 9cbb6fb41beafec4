package jomp.toolchain;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.nvptx.CudaArch;
import jomp.offload.abi.nvptx.NvptxTraits;

/**
 * NVIDIA GPUs (clang's CudaToolChain for OpenMP): PTX from the NVPTX back end for one sm_XX,
 * assembled by ptxas into a relocatable cubin (packaged as kind elf, as clang does, with the PTX
 * beside it), device objects linked by nvlink into a fat binary with the PTX
 * ({@link NvptxDeviceLink}); the GPUs present are found by jomp-nvptx-arch (clang's nvptx-arch),
 * which the cuda plugin provides. Without ptxas the PTX itself is the image.
 */
public final class Nvptx implements ToolChain {
    /** The oldest arch jomp's PTX supports: the arch of portable PTX, and the default. */
    public static final String LOWEST_ARCH = CudaArch.LOWEST.name();

    @Override
    public String triple() {
        return Triple.NVPTX64;
    }

    @Override
    public List<String> aliases() {
        return List.of("nvptx64");
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
        return LOWEST_ARCH;
    }

    @Override
    public String checkArch(String arch) {
        return checkSm(arch);
    }

    @Override
    public List<String> archs(List<String> requested) {
        return new ArrayList<>(new LinkedHashSet<>(requested));
    }

    @Override
    public boolean impliedByOffloadArch() {
        return true;
    }

    @Override
    public List<String> deviceCompileArgs(String cpu) {
        return List.of("-target-cpu", cpu);
    }

    @Override
    public Assembler assembler() {
        return PTXAS;
    }

    @Override
    public DeviceLinker linker() {
        return LINKER;
    }

    @Override
    public String archTool() {
        return "jomp-nvptx-arch";
    }

    @Override
    public Path findProgram(String name, String cudaPath) {
        return CudaInstallation.find(name, cudaPath);
    }

    @Override
    public String describeLto(String arch, String assemblerPath) {
        return "PTX for " + arch
                + (assemblerPath == null
                        ? " (no " + PTXAS.program() + ": the PTX is the image)"
                        : ", then " + assemblerPath + " into a cubin");
    }

    @Override
    public String archNote(String found) {
        return found != null
                ? "no --offload-arch given; compiling for the GPU present, " + found
                : "no --offload-arch given and no NVIDIA GPU found; compiling portable PTX for " + defaultArch()
                        + ", which the CUDA driver compiles for the GPU when the program loads it";
    }

    private static final DeviceLinker LINKER = new NvptxDeviceLink("nvlink", true);

    /** ptxas -c: a relocatable cubin, which nvlink links (clang's NVPTX::Assembler). */
    static final Assembler PTXAS = new Assembler() {
        @Override
        public String program() {
            return "ptxas";
        }

        @Override
        public String toolName() {
            return "NVPTX::Assembler";
        }

        @Override
        public ImageKind imageKind() {
            return ImageKind.OBJECT;
        }

        @Override
        public String inputExtension() {
            return "ptx";
        }

        @Override
        public String outputExtension() {
            return "cubin";
        }

        @Override
        public boolean keepsInput() {
            return true;
        }

        @Override
        public List<String> args(String arch, String optLevel, String input, String output) {
            return List.of("-m64", ptxasOptLevel(optLevel), "--gpu-name", arch, "--output-file", output, input, "-c");
        }

        @Override
        public String missingNote(String cudaPath) {
            return "ptxas not found (" + CudaInstallation.searched(cudaPath)
                    + "); embedding PTX, which the CUDA driver compiles when the program loads it";
        }
    };

    /**
     * ptxas's -O as clang 19 maps the compile's (Cuda.cpp, NVPTX::Assembler): none is -O0 (ptxas's
     * own default would be -O3), -O0 to -O3 as given, -Os and -Oz -O2, -O4 and -Ofast -O3.
     */
    static String ptxasOptLevel(String level) {
        if (level == null) return "-O0";
        return switch (level) {
            case "0", "1", "2", "3" -> "-O" + level;
            case "4", "fast" -> "-O3";
            default -> "-O2";
        };
    }

    /** clang's check of a CUDA arch name: {@code sm_XX}, {@code sm_XXa} ({@link CudaArch#check}). */
    static String checkSm(String arch) {
        return CudaArch.check(arch);
    }
}
