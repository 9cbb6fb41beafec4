package jomp.runtime.program;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.runtime.libc.Assert;
import jomp.runtime.libc.BitIntCalls;
import jomp.runtime.libc.CType;
import jomp.runtime.libc.Complex;
import jomp.runtime.libc.Errno;
import jomp.runtime.libc.Fork;
import jomp.runtime.libc.MathLib;
import jomp.runtime.libc.QuadCalls;
import jomp.runtime.libc.Scanf;
import jomp.runtime.libc.Setjmp;
import jomp.runtime.libc.Signal;
import jomp.runtime.libc.SoftFloat;
import jomp.runtime.libc.Stdio;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.libc.Str;
import jomp.runtime.libc.Time;
import jomp.runtime.libc.X86;
import jomp.runtime.offload.DeviceApi;
import jomp.runtime.offload.Tgt;
import jomp.runtime.omp.Kmpc;
import jomp.runtime.omp.OmpApi;

/**
 * The runtime's index of C functions for the host link: which class defines a C function (the C
 * library's, the OpenMP runtime's, the offload entry points). A call the link cannot resolve to a
 * translation unit goes to {@code find(name)}'s class (docs/design/abi.md). It sits above every
 * package it lists, so that none of them depends on another through it.
 */
public final class CFunctions {
    private CFunctions() {}

    /** The classes holding C functions, one per header, and the OpenMP runtime's entry points. */
    public static final List<Class<?>> CLASSES = List.of(
            Stdio.class,
            Scanf.class,
            Stdlib.class,
            Str.class,
            MathLib.class,
            CType.class,
            Time.class,
            Assert.class,
            Complex.class,
            Errno.class,
            Setjmp.class,
            Signal.class,
            Fork.class,
            jomp.runtime.libc.Pthread.class,
            jomp.runtime.libc.ProcSelf.class,
            jomp.runtime.libc.Priority.class,
            SoftFloat.class,
            QuadCalls.class,
            BitIntCalls.class,
            X86.class,
            OmpApi.class,
            DeviceApi.class,
            Tgt.class,
            Kmpc.class,
            jomp.runtime.omp.KmpApi.class,
            jomp.runtime.omp.Ompx.class,
            jomp.runtime.offload.LlvmApi.class,
            jomp.runtime.offload.MemSpaceApi.class);

    /** Public static methods that are Java API for jomp itself, not C functions. */
    private static final Set<String> JAVA_ONLY =
            Set.of("setProgramName", "flushAll", "fflush", "toGlibc", "onExit", "exitRunsShutdownHooks", "save");

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
    public static Method find(String name) {
        return BY_NAME.get(name);
    }

    /** Every C function name the library defines. */
    public static Set<String> names() {
        return BY_NAME.keySet();
    }
}
