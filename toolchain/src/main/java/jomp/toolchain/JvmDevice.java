package jomp.toolchain;

import java.util.List;
import jomp.offload.abi.ContextTraits;
import jomp.offload.abi.jvm.JvmDeviceTraits;

/**
 * The host CPU as an offload device (clang's x86_64 offload target): the device compile writes a
 * jomp object of JVM classes, the linker-wrapper links the objects into a jar in-process, and the
 * jvm plugin (plugins/jvm) loads it. No archs, no external tools. The triples with which clang's
 * users offload to the host CPU select it too ({@code -fopenmp-targets=x86_64-pc-linux-gnu},
 * {@code x86_64}, ...): it is jomp's host-CPU device, with memory of its own as libomptarget's host
 * plugin has.
 */
public final class JvmDevice implements ToolChain {
    @Override
    public String triple() {
        return Triple.HOST;
    }

    @Override
    public List<String> aliases() {
        return List.of("jvm", "jvm64");
    }

    @Override
    public boolean selectedBy(String name) {
        return ToolChain.super.selectedBy(name) || isHostCpu(name);
    }

    /**
     * A triple of the x86-64 Linux host as clang spells it: the arch (x86_64, amd64), then
     * optionally a vendor (pc, unknown), the OS (linux) and the environment (gnu), as in
     * x86_64-pc-linux-gnu, x86_64-unknown-linux-gnu, x86_64-linux-gnu or x86_64.
     */
    static boolean isHostCpu(String name) {
        String[] p = name.split("-", -1);
        if (!p[0].equals("x86_64") && !p[0].equals("amd64")) return false;
        int i = 1;
        if (i < p.length && (p[i].equals("pc") || p[i].equals("unknown"))) i++;
        if (i < p.length) {
            if (!p[i].equals("linux")) return false;
            i++;
            if (i < p.length && p[i].equals("gnu")) i++;
        } else if (p.length > 1) {
            return false; // a vendor without an OS
        }
        return i == p.length;
    }

    @Override
    public String backEnd() {
        return "jvm";
    }

    @Override
    public ContextTraits contextTraits() {
        return JvmDeviceTraits.CONTEXT;
    }
    /** Its compile job writes the jomp object (clang's integrated assembler). */
    @Override
    public boolean compileEmitsObject() {
        return true;
    }
    /** The objects are linked as the host's are, into the jar the jvm plugin loads. */
    @Override
    public DeviceLinker linker() {
        return LINKER;
    }

    @Override
    public String describeLto(String arch, String assemblerPath) {
        return "jvm classes";
    }

    private static final DeviceLinker LINKER = new JvmDeviceLink();
}
