package jomp.toolchain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jomp.env.Invocation;

/**
 * Where NVIDIA's CUDA toolkit is, found as clang's CudaInstallationDetector finds it, in the
 * caller's environment ({@link Invocation}): the programs (ptxas, nvlink) and libdevice.
 */
public final class CudaInstallation {
    private CudaInstallation() {}

    /**
     * A CUDA program: in {@code cudaPath}/bin when a CUDA path is given (--cuda-path), else on
     * PATH, then in $CUDA_HOME/bin, then in /usr/local/cuda/bin; null if there is none.
     */
    public static Path find(String program, String cudaPath) {
        if (cudaPath != null)
            return Programs.executable(Invocation.path(cudaPath).resolve("bin").resolve(program));
        List<Path> dirs = new ArrayList<>();
        String home = Invocation.getenv("CUDA_HOME");
        if (home != null && !home.isEmpty()) dirs.add(Invocation.path(home).resolve("bin"));
        dirs.add(Path.of("/usr/local/cuda/bin"));
        return Programs.find(program, dirs);
    }

    /** Where {@link #find} looks, for messages. */
    public static String searched(String cudaPath) {
        return cudaPath != null ? "--cuda-path" : "PATH, $CUDA_HOME/bin, /usr/local/cuda/bin";
    }

    /** libdevice.10.bc: in $CUDA_HOME, $CUDA_PATH, /usr/local/cuda, Debian's toolkit (nvvm/libdevice); null if none. */
    public static Path libdevice() {
        List<Path> dirs = new ArrayList<>();
        for (String env : List.of("CUDA_HOME", "CUDA_PATH")) {
            String v = Invocation.getenv(env);
            if (v != null && !v.isEmpty()) dirs.add(Invocation.path(v).resolve("nvvm/libdevice"));
        }
        dirs.add(Path.of("/usr/local/cuda/nvvm/libdevice"));
        dirs.add(Path.of("/usr/lib/nvidia-cuda-toolkit/libdevice"));
        for (Path d : dirs) if (Files.isRegularFile(d.resolve("libdevice.10.bc"))) return d.resolve("libdevice.10.bc");
        return null;
    }
}
