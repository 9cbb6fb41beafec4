package jomp.offload.abi.jvm;

import java.util.List;
import jomp.offload.abi.ContextTraits;

/**
 * The jvm device's OpenMP context traits, the host's CPU with memory of its own: kind nohost, cpu
 * and any; arch jvm64 and jvm; no isa. Its ToolChain names them, and its plugin answers host code
 * and the code it runs with them.
 */
public final class JvmDeviceTraits {
    private JvmDeviceTraits() {}

    public static final ContextTraits CONTEXT =
            new ContextTraits(List.of("nohost", "cpu", "any"), List.of("jvm64", "jvm"), List.of());
}
