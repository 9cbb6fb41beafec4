package jomp.driver.toolchain;

import java.util.List;

/**
 * What jomp knows about one target: its triple, its default arch and whether its device code
 * needs a separate assembler job (NVPTX: ptxas turns PTX into a cubin) or is assembled by the
 * compile job itself (JVM classes).
 */
public sealed interface ToolChain permits ToolChain.Host, ToolChain.JvmDevice, ToolChain.Nvptx {
    String triple();

    /** The arch names to compile for, given the user's --offload-arch/-march values. */
    List<String> archs(List<String> requested);

    /** True if an "assembler" job is a real separate tool for this target. */
    boolean separateAssembler();

    /** The host: JVM classes in an ELF object. */
    record Host() implements ToolChain {
        public String triple() { return Triple.HOST; }
        public List<String> archs(List<String> requested) { return List.of(""); }
        public boolean separateAssembler() { return false; }
    }

    /** The host CPU as an offload device: JVM classes loaded by the jvm plugin. */
    record JvmDevice() implements ToolChain {
        public String triple() { return Triple.HOST; }
        public List<String> archs(List<String> requested) { return List.of(""); }
        public boolean separateAssembler() { return false; }
    }

    /** NVIDIA GPUs: PTX from the NVPTX backend, then ptxas when present. */
    record Nvptx() implements ToolChain {
        /** The oldest arch jomp's PTX supports: the arch of portable PTX. */
        public static final String LOWEST_ARCH = "sm_75";

        public String triple() { return Triple.NVPTX64; }
        public List<String> archs(List<String> requested) { return requested.isEmpty() ? List.of(LOWEST_ARCH) : requested; }
        public boolean separateAssembler() { return true; }
    }

    static ToolChain forDevice(String triple) {
        return Triple.isNvptx(triple) ? new Nvptx() : new JvmDevice();
    }
}
