package jomp.runtime.libc;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import jomp.runtime.mem.Mem;

/**
 * complex.h basics. A complex argument is the address of its two parts (real then imaginary);
 * a complex result is written to the hidden first argument {@code ret}, which is returned
 * (docs/design/abi.md, "Complex numbers in calls").
 */
public final class Complex {
    private Complex() {}

    public static double creal(long z) {
        return Mem.getDouble(z);
    }

    public static double cimag(long z) {
        return Mem.getDouble(z + 8);
    }

    public static double cabs(long z) {
        return MathLib.hypot(Mem.getDouble(z), Mem.getDouble(z + 8));
    }

    public static double carg(long z) {
        return MathLib.atan2(Mem.getDouble(z + 8), Mem.getDouble(z));
    }

    public static long conj(long ret, long z) {
        double re = Mem.getDouble(z), im = Mem.getDouble(z + 8);
        Mem.putDouble(ret, re);
        Mem.putDouble(ret + 8, -im);
        return ret;
    }

    /** Infinities project to (inf, copysign(0, im)); everything else is unchanged. */
    public static long cproj(long ret, long z) {
        double re = Mem.getDouble(z), im = Mem.getDouble(z + 8);
        if (Double.isInfinite(re) || Double.isInfinite(im)) {
            re = Double.POSITIVE_INFINITY;
            im = Math.copySign(0.0, im);
        }
        Mem.putDouble(ret, re);
        Mem.putDouble(ret + 8, im);
        return ret;
    }

    public static float crealf(long z) {
        return Mem.getFloat(z);
    }

    public static float cimagf(long z) {
        return Mem.getFloat(z + 4);
    }

    public static float cabsf(long z) {
        return MathLib.hypotf(Mem.getFloat(z), Mem.getFloat(z + 4));
    }

    public static float cargf(long z) {
        return MathLib.atan2f(Mem.getFloat(z + 4), Mem.getFloat(z));
    }

    public static long conjf(long ret, long z) {
        float re = Mem.getFloat(z), im = Mem.getFloat(z + 4);
        Mem.putFloat(ret, re);
        Mem.putFloat(ret + 4, -im);
        return ret;
    }

    // ---- glibc's complex functions, called by value through FFM ----

    private static final StructLayout DC = MemoryLayout.structLayout(ValueLayout.JAVA_DOUBLE, ValueLayout.JAVA_DOUBLE);

    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    private static MethodHandle bind(String name, int args) {
        Linker linker = Linker.nativeLinker();
        var found = linker.defaultLookup().find(name);
        if (found.isEmpty()) throw new UnsatisfiedLinkError("jomp libc: libm has no " + name);
        var symbol = found.get();
        MemoryLayout[] a = new MemoryLayout[args];
        java.util.Arrays.fill(a, DC);
        return linker.downcallHandle(symbol, FunctionDescriptor.of(DC, a));
    }

    private static final MethodHandle CSQRT = bind("csqrt", 1),
            CEXP = bind("cexp", 1),
            CLOG = bind("clog", 1),
            CSIN = bind("csin", 1),
            CCOS = bind("ccos", 1),
            CPOW = bind("cpow", 2);

    private static MemorySegment at(long z) {
        return Mem.all().asSlice(z, 16);
    }

    /** Writes the result straight into {@code ret}. */
    private static SegmentAllocator into(long ret) {
        return (size, align) -> Mem.all().asSlice(ret, size);
    }

    private static long call1(MethodHandle h, long ret, long z) {
        try {
            MemorySegment r = (MemorySegment) h.invokeExact(into(ret), at(z));
            if (r.address() != ret) Mem.copy(ret, r.address(), 16);
            return ret;
        } catch (Throwable t) {
            throw t instanceof RuntimeException e ? e : new RuntimeException(t);
        }
    }

    public static long csqrt(long ret, long z) {
        return call1(CSQRT, ret, z);
    }

    public static long cexp(long ret, long z) {
        return call1(CEXP, ret, z);
    }

    public static long clog(long ret, long z) {
        return call1(CLOG, ret, z);
    }

    public static long csin(long ret, long z) {
        return call1(CSIN, ret, z);
    }

    public static long ccos(long ret, long z) {
        return call1(CCOS, ret, z);
    }

    public static long cpow(long ret, long x, long y) {
        try {
            MemorySegment r = (MemorySegment) CPOW.invokeExact(into(ret), at(x), at(y));
            if (r.address() != ret) Mem.copy(ret, r.address(), 16);
            return ret;
        } catch (Throwable t) {
            throw t instanceof RuntimeException e ? e : new RuntimeException(t);
        }
    }
}
