package jomp.runtime.ffi;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import jomp.runtime.ffi.CSig.CType;
import jomp.runtime.ffi.CSig.Scalar;
import jomp.runtime.mem.Mem;

/**
 * Four downcall handles that call any function whose arguments are at most eight integers or
 * pointers and at most eight floating-point values, with no struct by value (docs/design/abi.md §
 * Native calls): {@code (fn, [errno capture,] long a0..a7, double d0..d7) -> long or double},
 * all arguments variadic. x86-64 SysV passes integers in rdi, rsi, rdx, rcx, r8, r9 and
 * floating-point values in xmm0-7 in their own orders, for variadic callees too, so the function
 * gets its arguments where it looks for them; the seventh and eighth integers go on the stack in
 * order, where a function taking them (a six-argument {@code syscall}, a variadic one reading them)
 * finds them, since no floating-point argument goes there while there are at most eight; it
 * ignores the registers and stack slots it does not read (the caller pops them); al (the
 * vector count a variadic callee wants) is 8, enough for any. An int result is the low half of
 * rax, a float result the low half of xmm0. Every native call of such a signature goes through one
 * of these four handles: FFM generates code once per descriptor, at tens of milliseconds each when
 * cold, so sharing them is what keeps a program's first native calls cheap.
 */
public final class Universal {
    private Universal() {}

    /** How many arguments of each class one handle passes. */
    public static final int INTS = 8, FLOATS = 8;

    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    private static MethodHandle make(boolean doubleResult, boolean capture) {
        MemoryLayout[] args = new MemoryLayout[INTS + FLOATS];
        for (int i = 0; i < INTS; i++) args[i] = ValueLayout.JAVA_LONG;
        for (int i = 0; i < FLOATS; i++) args[INTS + i] = ValueLayout.JAVA_DOUBLE;
        FunctionDescriptor d =
                FunctionDescriptor.of(doubleResult ? ValueLayout.JAVA_DOUBLE : ValueLayout.JAVA_LONG, args);
        Linker.Option first = Linker.Option.firstVariadicArg(0);
        return NativeWorld.Ffm.LINKER.downcallHandle(
                d, first, capture ? Linker.Option.captureCallState("errno") : Linker.Option.critical(false));
    }

    /** (MemorySegment fn, MemorySegment capture, long×8, double×8) long. */
    public static final class CaptureLong {
        public static final MethodHandle H = make(false, true);
    }
    /** (MemorySegment fn, MemorySegment capture, long×8, double×8) double. */
    public static final class CaptureDouble {
        public static final MethodHandle H = make(true, true);
    }
    /** (MemorySegment fn, long×8, double×8) long, critical. */
    public static final class CriticalLong {
        public static final MethodHandle H = make(false, false);
    }
    /** (MemorySegment fn, long×8, double×8) double, critical. */
    public static final class CriticalDouble {
        public static final MethodHandle H = make(true, false);
    }

    /** Whether a signature's calls fit the universal handles. */
    public static boolean fits(CSig s) {
        if (s.unsupported() != null) return false;
        int ints = 0, floats = 0;
        java.util.List<CType> args = s.arguments();
        for (int k = 0; k < args.size(); k++) {
            CType t = args.get(k);
            if (k < s.params().size() && inOneRegister(t)) {
                ints++;
                continue;
            }
            if (!(t instanceof Scalar sc) || sc.code() == 'V' || sc.code() == 'e') return false;
            if (sc.code() == 'f' || sc.code() == 'd') floats++;
            else ints++;
        }
        return ints <= INTS && floats <= FLOATS && (s.ret() instanceof Scalar r) && r.code() != 'V' && r.code() != 'e';
    }

    /**
     * Whether a struct or union passed by value as {@code t} travels in one general-purpose
     * register, as an integer does: at most 8 bytes, every member an integer or a pointer, each at
     * its alignment (SysV's INTEGER class; unaligned members put it in memory). glibc's socket
     * functions take such a union (the transparent {@code __SOCKADDR_ARG}: bind, connect, accept).
     */
    public static boolean inOneRegister(CType t) {
        return t instanceof CSig.Aggregate a && a.size() > 0 && a.size() <= 8 && integersOnly(a);
    }

    private static boolean integersOnly(CType t) {
        if (t instanceof Scalar sc) return "Bchstijlmp".indexOf(sc.code()) >= 0;
        if (t instanceof CSig.Array r) return integersOnly(r.element());
        CSig.Aggregate a = (CSig.Aggregate) t;
        for (CSig.Member m : a.members())
            if (m.offset() % m.type().align() != 0 || !integersOnly(m.type())) return false;
        return true;
    }

    /** Such an argument's bytes (at {@code a}, {@code size} of them), as the register holds them. */
    public static long aggregateArg(long a, int size) {
        if (size == 8) return Mem.getLong(a);
        if (size == 4) return Mem.getInt(a) & 0xffffffffL;
        long v = 0;
        for (int i = size - 1; i >= 0; i--) v = v << 8 | (Mem.getByte(a + i) & 0xff);
        return v;
    }

    /** The function a stub calls: its address as FFM takes it. */
    public static MemorySegment function(String lib, String symbol) {
        return MemorySegment.ofAddress(NativeLibs.symbol(lib, symbol));
    }

    /**
     * Whether calls to {@code fn} may be critical (Downcalls' glibc list, or a short leaf); when
     * not, native code is about to run and the native world starts.
     */
    public static boolean critical(String lib, String symbol, MemorySegment fn) {
        boolean c = Downcalls.critical(lib, symbol) || LeafCode.isShortLeaf(fn.address());
        if (!c) NativeWorld.start();
        return c;
    }

    /** A float argument in a double's register: its bits in the low half (what movss leaves there). */
    public static double floatArg(float f) {
        return Double.longBitsToDouble(Float.floatToRawIntBits(f) & 0xFFFF_FFFFL);
    }

    /** A float result from a double's register. */
    public static float floatResult(double d) {
        return Float.intBitsToFloat((int) Double.doubleToRawLongBits(d));
    }

    // ---- the runtime's own calls into glibc (integers and pointers only) ----

    /**
     * A call through the universal handle that captures errno, as the stubs make it (with the
     * thread's state; the caller's {@link ThreadState#afterCall} takes errno back): through JNI
     * where its library is loaded ({@link JniCalls}: no method handle made at all, and the JIT
     * folds the test), else through FFM's handle.
     */
    public static long captureLong(
            MemorySegment fn,
            ThreadState ts,
            long a0,
            long a1,
            long a2,
            long a3,
            long a4,
            long a5,
            long a6,
            long a7,
            double d0,
            double d1,
            double d2,
            double d3,
            double d4,
            double d5,
            double d6,
            double d7) {
        if (JniCalls.LOADED)
            return JniCalls.captureLong0(
                    fn.address(), ts.beforeJniCall(), a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7);
        try {
            return (long) CaptureLong.H.invokeExact(
                    fn, ts.beforeCall(), a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The same for a floating-point result. */
    public static double captureDouble(
            MemorySegment fn,
            ThreadState ts,
            long a0,
            long a1,
            long a2,
            long a3,
            long a4,
            long a5,
            long a6,
            long a7,
            double d0,
            double d1,
            double d2,
            double d3,
            double d4,
            double d5,
            double d6,
            double d7) {
        if (JniCalls.LOADED)
            return JniCalls.captureDouble0(
                    fn.address(), ts.beforeJniCall(), a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7);
        try {
            return (double) CaptureDouble.H.invokeExact(
                    fn, ts.beforeCall(), a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** Calls fn with up to six integer arguments, errno passed in and captured back (ThreadState). */
    public static long call(MemorySegment fn, long a, long b, long c, long d, long e, long f) {
        try {
            ThreadState ts = ThreadState.current();
            long r = captureLong(fn, ts, a, b, c, d, e, f, 0L, 0L, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * A critical call as the stubs make it. Where JNI's library is loaded, the first
     * {@link #CRITICAL_BY_JNI} critical calls of the program go through it (errno stored in a
     * cell nobody reads): FFM's critical handle costs its linker and first handle, tens of
     * milliseconds, which a program calling {@code pthread_rwlock_init} once at its start should
     * not pay inside its first timed work (libuv's loop start). A program that calls critical
     * functions more often than that gets FFM's handle, whose calls make no thread transition.
     */
    public static long criticalLong(
            MemorySegment fn,
            long a0,
            long a1,
            long a2,
            long a3,
            long a4,
            long a5,
            long a6,
            long a7,
            double d0,
            double d1,
            double d2,
            double d3,
            double d4,
            double d5,
            double d6,
            double d7) {
        if (JniCalls.LOADED && criticalByJni())
            return JniCalls.captureLong0(
                    fn.address(), scratch(), a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7);
        try {
            return (long)
                    CriticalLong.H.invokeExact(fn, a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The same for a floating-point result. */
    public static double criticalDouble(
            MemorySegment fn,
            long a0,
            long a1,
            long a2,
            long a3,
            long a4,
            long a5,
            long a6,
            long a7,
            double d0,
            double d1,
            double d2,
            double d3,
            double d4,
            double d5,
            double d6,
            double d7) {
        if (JniCalls.LOADED && criticalByJni())
            return JniCalls.captureDouble0(
                    fn.address(), scratch(), a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7);
        try {
            return (double)
                    CriticalDouble.H.invokeExact(fn, a0, a1, a2, a3, a4, a5, a6, a7, d0, d1, d2, d3, d4, d5, d6, d7);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** How many critical calls go through JNI before FFM's critical handles are made. */
    static final int CRITICAL_BY_JNI = 10_000;

    /** Critical calls made so far, up to the limit (a race only moves the switch by a few calls). */
    private static int criticalCalls;

    private static boolean criticalByJni() {
        if (criticalCalls >= CRITICAL_BY_JNI) return false;
        criticalCalls++;
        return true;
    }

    /** Where JNI's critical calls store errno, which nobody reads. */
    private static long scratch() {
        long s = scratch;
        if (s == 0) scratch = s = jomp.runtime.mem.Mem.permanent(16, 8);
        return s;
    }

    private static long scratch;

    /** The same as a critical call: for functions that cannot block, call back or set errno. */
    public static long callCritical(MemorySegment fn, long a, long b, long c, long d, long e, long f) {
        try {
            return criticalLong(fn, a, b, c, d, e, f, 0L, 0L, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }

    /** A glibc function's address, from the default lookup (no downcall needed to find it). */
    public static MemorySegment glibc(String name) {
        long a = glibcAddress(name);
        if (a == 0) throw new UnsatisfiedLinkError("glibc has no " + name);
        return MemorySegment.ofAddress(a);
    }

    /** The address of glibc's {@code name} (FFM's default lookup: libc, libm, libdl), or 0; through JNI when it serves, which leaves FFM's linker unmade. */
    public static long glibcAddress(String name) {
        if (JniCalls.LOADED) return JniCalls.lookup(name);
        return NativeWorld.Ffm.LINKER
                .defaultLookup()
                .find(name)
                .map(MemorySegment::address)
                .orElse(0L);
    }
}
