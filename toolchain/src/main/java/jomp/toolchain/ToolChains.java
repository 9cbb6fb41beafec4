package jomp.toolchain;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The offload devices jomp has, each one {@link ToolChain} (the host, the JVM, has no choices to
 * make: its triple is {@link Triple#HOST}). The seam a new target plugs into: one class, one line
 * in {@link #DEVICES}.
 */
public final class ToolChains {
    private ToolChains() {}

    private static final List<ToolChain> DEVICES = List.of(new Nvptx(), new JvmDevice(), new PtxSim());

    public static List<ToolChain> devices() {
        return DEVICES;
    }

    /** The offload device a name ({@code -fopenmp-targets=} value, short or full triple) selects; null if none. */
    public static ToolChain device(String name) {
        for (ToolChain tc : DEVICES) if (tc.selectedBy(name)) return tc;
        return null;
    }

    /** The target {@code --offload-arch} means without {@code -fopenmp-targets} (clang's: nvptx64). */
    public static ToolChain offloadArchTarget() {
        for (ToolChain tc : DEVICES) if (tc.impliedByOffloadArch()) return tc;
        throw new IllegalStateException("no target takes --offload-arch alone");
    }

    /**
     * The device link of images whose triple jomp has no toolchain for (the linker-wrapper links
     * what objects carry unless --offload-targets says otherwise): as nvptx64's when
     * --device-linker names a linker, else they pass through one by one.
     */
    public static DeviceLinker foreignLinker() {
        return FOREIGN;
    }

    private static final DeviceLinker FOREIGN = new NvptxDeviceLink(null, true);

    /**
     * The archs of the devices present, in device order, as the target's arch tool (clang's
     * nvptx-arch) prints them; empty when the target has none, the tool is missing or fails
     * (no driver library), or prints nothing (no device). Lines that are not valid archs are
     * ignored.
     */
    public static List<String> detectArchs(ToolChain tc, Path tool) {
        List<String> archs = new ArrayList<>();
        if (tool == null || Programs.executable(tool) == null) return archs;
        try {
            Programs.Result r = Programs.runForOutput(List.of(tool.toString()));
            if (!r.ok()) return archs;
            for (String line : r.output().split("\n")) {
                String a = line.strip();
                if (!a.isEmpty() && tc.checkArch(a) == null && !archs.contains(a)) archs.add(a);
            }
        } catch (java.io.IOException e) {
            return archs; // a tool that cannot start finds nothing, as a failing nvptx-arch
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return archs;
    }
}
