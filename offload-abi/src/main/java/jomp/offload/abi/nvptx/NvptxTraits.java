package jomp.offload.abi.nvptx;

import java.util.List;
import jomp.offload.abi.ContextTraits;

/**
 * An NVIDIA GPU's OpenMP context traits (real or simulated): kind gpu, nohost and any; arch nvptx
 * and nvptx64; no isa. nvptx64's and the PTX simulator's ToolChains name them (the nvptx back end
 * writes them into the device runtime), and the cuda and ptxsim plugins answer host code with them.
 */
public final class NvptxTraits {
    private NvptxTraits() {}

    public static final ContextTraits CONTEXT =
            new ContextTraits(List.of("gpu", "nohost", "any"), List.of("nvptx", "nvptx64"), List.of());
}
