package jomp.runtime.target;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import jomp.offload.abi.BinaryDescriptor;

/** Test stand-in for the runtime's Registry: records what the generated registration class hands it. */
public final class Registry {
    private Registry() {}

    public static final List<BinaryDescriptor> REGISTERED = new CopyOnWriteArrayList<>();

    public static void registerLib(BinaryDescriptor desc) { REGISTERED.add(desc); }

    public static void unregisterLib(BinaryDescriptor desc) { REGISTERED.remove(desc); }
}
