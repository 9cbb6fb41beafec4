package jomp.toolchain;

/**
 * Target triples, and the one place that turns the names users give ({@code -fopenmp-targets=},
 * {@code -Xopenmp-target=}, the linker-wrapper's {@code --offload-targets=}) into triples. The host
 * is the JVM; its triple stands where clang's x86_64-pc-linux-gnu stands, and the jvm device shares
 * it (as clang's host device x86_64 does).
 */
public final class Triple {
    public static final String HOST = "jvm64-jomp-linux";
    public static final String NVPTX64 = "nvptx64-nvidia-cuda";

    /** The triple of a device name (short or full, as each ToolChain lists them); null for one jomp has no toolchain for. */
    public static String normalize(String name) {
        ToolChain tc = ToolChains.device(name);
        return tc == null ? null : tc.triple();
    }

    private Triple() {}
}
