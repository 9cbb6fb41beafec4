package jomp.driver.toolchain;

/**
 * Target triples. The host is the JVM; its triple stands where clang's x86_64-pc-linux-gnu stands.
 * Short names expand the way clang expands them ({@code nvptx64} → {@code nvptx64-nvidia-cuda}).
 */
public final class Triple {
    public static final String HOST = "jvm64-jomp-linux";
    public static final String NVPTX64 = "nvptx64-nvidia-cuda";

    /** Expands a short triple; returns null for a triple jomp has no toolchain for. */
    public static String normalize(String t) {
        return switch (t) {
            case "jvm", "jvm64", HOST -> HOST;
            case "nvptx64", NVPTX64 -> NVPTX64;
            default -> null;
        };
    }

    public static boolean isNvptx(String triple) { return triple.startsWith("nvptx64"); }

    private Triple() {}
}
