package jomp.runtime.offload;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;
import jomp.runtime.plugin.DevicePlugin;

/**
 * interop objects (OpenMP 5.2 §14.1, §18.12): {@code #pragma omp interop init} makes one for a
 * device, filled by the device's plugin (the CUDA plugin's device, context and, with targetsync,
 * a stream of its own; the jvm device has no foreign runtime handles, so it names itself and its
 * device number); {@code use} waits for its synchronisation object; {@code destroy} gives it back.
 * An omp_interop_t is the address of a small native block that stands for the object here.
 */
final class Interop {
    private Interop() {}

    /** The properties in omp_interop_property_t order (-1 … -9) with their types and names. */
    static final String[] NAMES = {
        "fr_id", "fr_name", "vendor", "vendor_name", "device_num", "platform", "device", "device_context", "targetsync"
    };

    static final String[] TYPES = {
        "omp_interop_fr_t", "const char *", "int", "const char *", "int", "intptr_t", "void *", "void *", "void *"
    };
    /** 'i' int, 's' string, 'p' pointer: how each property is read. */
    private static final char[] KIND = {'i', 's', 'i', 's', 'i', 'i', 'p', 'p', 'p'};

    record Obj(Device device, boolean targetsync, DevicePlugin.InteropInfo info) {}

    private static final Map<Long, Obj> OBJECTS = new ConcurrentHashMap<>();

    /** A new interop object for device (-1: the default device); 0 (omp_interop_none) when there is no such device. */
    static long init(long device, boolean targetsync) {
        Device d = Devices.get(Devices.resolve(device));
        if (d == null) return 0;
        d.ready();
        DevicePlugin.InteropInfo info = d.plugin.interop(d.local, targetsync);
        if (info == null) return 0;
        long handle = Stdlib.malloc(16);
        Mem.putLong(handle, d.id);
        OBJECTS.put(handle, new Obj(d, targetsync, info));
        Info.debug("Created interop object %s for device %d (%s)", Info.hex(handle), d.id, info.frName());
        return handle;
    }

    static void use(long handle) {
        Obj o = OBJECTS.get(handle);
        if (o != null) o.device().plugin.interopSync(o.device().local, o.info());
    }

    static void destroy(long handle) {
        Obj o = OBJECTS.remove(handle);
        if (o == null) return;
        o.device().plugin.interopRelease(o.device().local, o.info());
        Stdlib.free(handle);
    }

    /** Writes the return code where the caller asked for it. */
    private static void rc(long retCode, int value) {
        if (retCode != 0) Mem.putInt(retCode, value);
    }

    static final int SUCCESS = 0,
            NO_VALUE = 1,
            EMPTY = -1,
            OUT_OF_RANGE = -2,
            TYPE_INT = -3,
            TYPE_PTR = -4,
            TYPE_STR = -5,
            OTHER = -6;

    /** The object and the property's index, or null after writing the error code. */
    private static Object[] check(long handle, int property, char kind, long retCode) {
        Obj o = handle == 0 ? null : OBJECTS.get(handle);
        if (o == null) {
            rc(retCode, EMPTY);
            return null;
        }
        if (property >= 0 || property < -9) {
            rc(retCode, OUT_OF_RANGE);
            return null;
        }
        int i = -property - 1;
        if (KIND[i] != kind) {
            rc(retCode, KIND[i] == 'i' ? TYPE_INT : KIND[i] == 's' ? TYPE_STR : TYPE_PTR);
            return null;
        }
        if (property == -9 && !o.targetsync()) {
            rc(retCode, OTHER);
            return null;
        } // targetsync only where asked for
        return new Object[] {o, i};
    }

    static long getInt(long handle, int property, long retCode) {
        Object[] c = check(handle, property, 'i', retCode);
        if (c == null) return 0;
        Obj o = (Obj) c[0];
        long v;
        boolean has;
        switch ((int) c[1]) {
            case 0 -> {
                v = o.info().frId();
                has = v != 0;
            }
            case 2 -> {
                v = o.info().vendor();
                has = v != 0;
            }
            case 4 -> {
                v = o.device().id;
                has = true;
            }
            default -> {
                v = o.info().platform();
                has = v != 0;
            }
        }
        rc(retCode, has ? SUCCESS : NO_VALUE);
        return has ? v : 0;
    }

    static long getPtr(long handle, int property, long retCode) {
        Object[] c = check(handle, property, 'p', retCode);
        if (c == null) return 0;
        Obj o = (Obj) c[0];
        long v = switch ((int) c[1]) {
            case 6 -> o.info().device();
            case 7 -> o.info().context();
            default -> o.info().targetsync();
        };
        rc(retCode, v != 0 ? SUCCESS : NO_VALUE);
        return v;
    }

    private static final Map<String, Long> STRINGS = new ConcurrentHashMap<>();

    /** A NUL-terminated copy of s that lives as long as the program. */
    static long cString(String s) {
        return STRINGS.computeIfAbsent(s, x -> {
            byte[] b = (x + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8);
            long a = Mem.permanent(b.length, 1);
            Mem.copyFromArray(b, 0, a, b.length);
            return a;
        });
    }

    static long getStr(long handle, int property, long retCode) {
        Object[] c = check(handle, property, 's', retCode);
        if (c == null) return 0;
        Obj o = (Obj) c[0];
        String v = (int) c[1] == 1 ? o.info().frName() : o.info().vendorName();
        rc(retCode, v != null ? SUCCESS : NO_VALUE);
        return v == null ? 0 : cString(v);
    }

    static long name(int property) {
        return property < 0 && property >= -9 ? cString(NAMES[-property - 1]) : 0;
    }

    static long typeDesc(int property) {
        return property < 0 && property >= -9 ? cString(TYPES[-property - 1]) : 0;
    }

    static long rcDesc(int code) {
        String s = switch (code) {
            case NO_VALUE -> "parameter has no value";
            case SUCCESS -> "success";
            case EMPTY -> "parameter is empty (no interop object)";
            case OUT_OF_RANGE -> "property id is out of range";
            case TYPE_INT -> "property is of integer type";
            case TYPE_PTR -> "property is of pointer type";
            case TYPE_STR -> "property is of string type";
            case OTHER -> "other error";
            default -> null;
        };
        return s == null ? 0 : cString(s);
    }
}
