package jomp.runtime.ompt;

import java.lang.invoke.MethodHandles;
import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;

/**
 * The lookup function a device_initialize callback is given (OpenMP 5.2 §19.6.2, device tracing
 * with trace buffers): jomp's devices record no traces, so ompt_set_trace_ompt and
 * ompt_set_trace_native answer ompt_set_never and ompt_start_trace and its siblings fail (0);
 * the other tracing entry points are not there (NULL), as with LLVM 19's libomptarget, whose
 * lookup knows none of them. The host's events (target, target_data_op, target_submit, ...)
 * are the tool's way to follow the devices.
 */
public final class DeviceTracing {
    private DeviceTracing() {}

    private static final String[][] ENTRIES = {
        {"ompt_set_trace_ompt", "i(p,j,j)"}, {"ompt_set_trace_native", "i(p,i,i)"}, {"ompt_start_trace", "i(p,p,p)"},
        {"ompt_pause_trace", "i(p,i)"}, {"ompt_flush_trace", "i(p)"}, {"ompt_stop_trace", "i(p)"},
    };

    private static final ConcurrentHashMap<String, Long> POINTERS = new ConcurrentHashMap<>();

    /** The device lookup function's pointer. */
    public static long lookupPointer() {
        return pointer("lookup", "p(p)");
    }

    public static long lookup(long name) {
        String n = Mem.cString(name);
        for (String[] e : ENTRIES) if (e[0].equals(n)) return pointer(e[0], e[1]);
        return 0;
    }

    private static long pointer(String method, String csig) {
        return POINTERS.computeIfAbsent(method, m -> {
            try {
                return Functions.register(
                        MethodHandles.lookup().findStatic(DeviceTracing.class, m, Inquiry.type(csig)), csig);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    public static int ompt_set_trace_ompt(long device, int enable, int etype) {
        return Events.SET_NEVER;
    }

    public static int ompt_set_trace_native(long device, int enable, int flags) {
        return Events.SET_NEVER;
    }

    public static int ompt_start_trace(long device, long request, long complete) {
        return 0;
    }

    public static int ompt_pause_trace(long device, int beginPause) {
        return 0;
    }

    public static int ompt_flush_trace(long device) {
        return 0;
    }

    public static int ompt_stop_trace(long device) {
        return 0;
    }
}
