package jomp.plugin.cuda;

/**
 * Prints the architecture of each GPU present, one per line, like clang's nvptx-arch: without
 * libcuda it says so on stderr and exits with status 1; with the driver but no GPU it prints
 * nothing and exits with 0.
 */
public final class NvptxArch {
    private NvptxArch() {}

    public static void main(String[] args) {
        if (!CudaSymbols.AVAILABLE) {
            System.err.println("nvptx-arch: failed to load " + CudaLibrary.LIBCUDA);
            System.exit(1);
        }
        try {
            for (String arch : GpuArch.detect()) System.out.println(arch);
        } catch (RuntimeException | LinkageError e) { // a driver that misbehaves: a message, not a stack trace
            System.err.println("nvptx-arch: failed to query the GPUs: " + e);
            System.exit(1);
        }
    }
}
