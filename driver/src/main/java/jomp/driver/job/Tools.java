package jomp.driver.job;

import java.nio.file.Path;

import jomp.env.CudaTools;

/** The tools jobs are bound to, with the launchers -### names for them. */
public record Tools(Tool cc1, Tool packager, Tool ptxas, Tool hostLinker, Tool offloadLinker) {

    /** jomp's own tools, run in-process; ptxas from PATH, $CUDA_HOME or /usr/local/cuda. */
    public static Tools standard(Path jompRoot, Path ptxas) {
        Path bin = jompRoot.resolve("bin");
        Tool.InProcess linker = jomp.linker.LinkerWrapperMain::run;
        return new Tools(
                Tool.inProcess("jomp", bin.resolve("jomp"), (args, out, err) -> jomp.frontend.Cc1.run(drop(args), out, err)),
                Tool.inProcess("Offload::Packager", bin.resolve("jomp-offload-packager"), jomp.objfile.packager.PackagerMain::run),
                Tool.external("NVPTX::Assembler", ptxas != null ? ptxas : Path.of("ptxas")),
                Tool.inProcess("jomp::Linker", bin.resolve("jomp-linker-wrapper"), linker),
                Tool.inProcess("Offload::Linker", bin.resolve("jomp-linker-wrapper"), linker));
    }

    /** cc1 command lines start with "-cc1" (so that they run as `jomp -cc1 ...`); Cc1 takes the rest. */
    private static String[] drop(String[] args) {
        return java.util.Arrays.copyOfRange(args, 1, args.length);
    }

    /** Finds ptxas as clang's CUDA toolchain does: --cuda-path, else PATH, $CUDA_HOME/bin, /usr/local/cuda/bin. */
    public static Path findPtxas(String cudaPath) {
        return CudaTools.findPtxas(cudaPath);
    }
}
