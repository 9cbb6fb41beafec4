package jomp.runtime.libc;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The C library's index for the host link: which class defines a C function. A call the link
 * cannot resolve to a translation unit goes to {@code find(name)}'s class (docs/design/abi.md).
 */
public final class Libc {
    private Libc() {}

    /** The classes holding C functions, one per header. */
    public static final List<Class<?>> CLASSES = List.of(Stdio.class, Scanf.class, Stdlib.class, Str.class, MathLib.class,
            CType.class, Time.class, Assert.class, Complex.class, Errno.class, jomp.runtime.omp.OmpApi.class, jomp.runtime.offload.DeviceApi.class, jomp.runtime.offload.Tgt.class,
            jomp.runtime.omp.Kmpc.class);

    /** Public static methods that are Java API for jomp itself, not C functions. */
    private static final Set<String> JAVA_ONLY = Set.of("setProgramName", "flushAll", "fflush", "toGlibc", "onExit", "exitRunsShutdownHooks");

    private static final Map<String, Method> BY_NAME = index();

    private static Map<String, Method> index() {
        Map<String, Method> m = new HashMap<>();
        for (Class<?> c : CLASSES) {
            for (Method f : c.getDeclaredMethods()) {
                int mod = f.getModifiers();
                if (Modifier.isPublic(mod) && Modifier.isStatic(mod) && !JAVA_ONLY.contains(f.getName())) {
                    Method old = m.put(f.getName(), f);
                    if (old != null) throw new IllegalStateException("C function defined twice: " + f.getName());
                }
            }
        }
        return Map.copyOf(m);
    }

    /** The method implementing C function {@code name}, or null when the library lacks it. */
    public static Method find(String name) { return BY_NAME.get(name); }

    /** Every C function name the library defines. */
    public static Set<String> names() { return BY_NAME.keySet(); }
}
