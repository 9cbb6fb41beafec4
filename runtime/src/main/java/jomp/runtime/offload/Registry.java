package jomp.runtime.offload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import jomp.offload.abi.BinaryDescriptor;
import jomp.offload.abi.HostEntry;

/**
 * Registration of a program's device images and offload entries (__tgt_register_lib). The
 * executable's start-up calls {@link #registerLib} before C's main with what the linker-wrapper
 * wrapped (the generated class jomp/link/Registration, see jomp.linker.offload.Registration).
 */
public final class Registry {
    private Registry() {}

    private static final List<BinaryDescriptor> LIBS = new ArrayList<>();
    private static final Map<Long, HostEntry> BY_ADDRESS = new java.util.concurrent.ConcurrentHashMap<>();
    /** Bumped at every registration, so devices know cheaply whether there are images to load. */
    private static volatile int generation;

    static int generation() {
        return generation;
    }

    private static volatile boolean exitHook;

    public static synchronized void registerLib(BinaryDescriptor desc) {
        if (jomp.runtime.omp.OmptHost.ON)
            OmptTarget.start(); // a tool starts with libomptarget, before the devices it will see
        if (LIBS.isEmpty()) LlvmApi.installAllocators(); // libomp's llvm_omp_target_* allocators find libomptarget
        LIBS.add(desc);
        for (HostEntry e : desc.hostEntries()) {
            if ((e.flags() & Requires.REGISTER) != 0) Requires.add(e.data() != 0 ? e.data() : e.size());
            else BY_ADDRESS.put(e.hostAddress(), e);
        }
        generation++;
        Info.debug(
                "registered %d device image(s) and %d offload entries",
                desc.images().size(), desc.hostEntries().size());
        if (!exitHook) {
            exitHook = true;
            jomp.runtime.libc.Stdlib.onExit(
                    Registry::atExit); // after the C program's atexit handlers, as clang's unregistration
        }
    }

    public static synchronized void unregisterLib(BinaryDescriptor desc) {
        if (!LIBS.remove(desc)) return;
        generation++;
        for (HostEntry e : desc.hostEntries()) BY_ADDRESS.remove(e.hostAddress(), e);
        Devices.unloadImagesOf(desc);
    }

    /** Every registered descriptor, in registration order. */
    static synchronized List<BinaryDescriptor> libs() {
        return List.copyOf(LIBS);
    }

    /** The position of the entry at addr among its descriptor's entries (libomptarget's table index), or -1. */
    static synchronized int index(long addr) {
        for (BinaryDescriptor d : LIBS) {
            List<HostEntry> es = d.hostEntries();
            for (int i = 0; i < es.size(); i++) if (es.get(i).hostAddress() == addr) return i;
        }
        return -1;
    }

    /** The entry whose host address is {@code addr} (a region id or a global), or null. */
    static HostEntry entry(long addr) {
        return BY_ADDRESS.get(addr);
    }

    /** Unregisters everything and writes the reports the environment asked for. */
    private static void atExit() {
        if (Info.on(Info.DUMP_TABLE)) Tgt.dumpTables();
        for (BinaryDescriptor d : libs()) unregisterLib(d);
        if (jomp.runtime.omp.OmptHost.ON) Devices.finalizeForTools();
        Profile.write();
    }
}
