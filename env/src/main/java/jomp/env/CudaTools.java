package jomp.env;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where CUDA's programs are, found as clang's CUDA toolchain finds them, for the command being run. */
public final class CudaTools {
    private CudaTools() {}

    /**
     * ptxas: in {@code cudaPath}/bin when a CUDA path is given (--cuda-path), else on PATH, then
     * in $CUDA_HOME/bin, then in /usr/local/cuda/bin; null if there is none.
     */
    public static Path findPtxas(String cudaPath) {
        if (cudaPath != null) return executable(Invocation.path(cudaPath).resolve("bin/ptxas"));
        String path = Invocation.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(":")) {
                if (dir.isEmpty()) continue;
                Path p = executable(Invocation.path(dir).resolve("ptxas"));
                if (p != null) return p;
            }
        }
        String cudaHome = Invocation.getenv("CUDA_HOME");
        if (cudaHome != null) {
            Path p = executable(Invocation.path(cudaHome).resolve("bin/ptxas"));
            if (p != null) return p;
        }
        return executable(Path.of("/usr/local/cuda/bin/ptxas"));
    }

    private static Path executable(Path p) { return Files.isExecutable(p) ? p : null; }
}
