package jomp.plugin.cuda;

import java.util.ArrayList;
import java.util.List;

/** The architectures of the GPUs present, as clang's nvptx-arch reports them. */
public final class GpuArch {
    private GpuArch() {}

    /** "sm_XX" of each present GPU in device order; empty without libcuda or without GPUs. */
    public static List<String> detect() {
        return detect(CudaLibrary.LIBCUDA);
    }

    static List<String> detect(String libraryName) {
        List<String> archs = new ArrayList<>();
        if (!libraryName.equals(CudaLibrary.LIBCUDA)) {
            CudaLibrary.open(libraryName);
            return archs;
        }
        if (!CudaSymbols.AVAILABLE) return archs;
        try {
            Cuda.init();
            int n = Cuda.deviceCount();
            for (int i = 0; i < n; i++)
                archs.add(jomp.offload.abi.nvptx.CudaArch.of(CudaDevice.computeCapability(Cuda.device(i)))
                        .name());
        } catch (CudaException e) {
            CudaLibrary.debug("no usable CUDA device: " + e.getMessage());
        }
        return archs;
    }
}
