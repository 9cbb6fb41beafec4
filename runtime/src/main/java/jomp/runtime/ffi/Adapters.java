package jomp.runtime.ffi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import jomp.runtime.ffi.CSig.CType;
import jomp.runtime.ffi.CSig.Scalar;
import jomp.runtime.mem.Mem;

/**
 * Converts between jomp's calling convention (docs/design/abi.md: aggregates by address, a struct
 * result through a hidden first pointer, variadic arguments in an area of 8-byte slots, narrow
 * integers as normalised ints) and FFM's (aggregates as segments, variadic arguments one by one),
 * with method handle combinators: {@link #toJomp} for downcalls, {@link #fromJomp} for upcalls.
 */
final class Adapters {
    private Adapters() {}

    private static final MethodHandles.Lookup L = MethodHandles.lookup();

    private static MethodHandle find(String name, MethodType t) {
        try {
            return L.findStatic(Adapters.class, name, t);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final MethodHandle SEGMENT =
            find("segment", MethodType.methodType(MemorySegment.class, long.class, long.class));
    private static final MethodHandle ADDRESS = find("address", MethodType.methodType(long.class, MemorySegment.class));
    private static final MethodHandle RETURN_TO =
            find("returnTo", MethodType.methodType(SegmentAllocator.class, long.class));
    private static final MethodHandle CAPTURE = find("capture", MethodType.methodType(MemorySegment.class));
    private static final MethodHandle VA_LIST = find("vaList", MethodType.methodType(long.class, long.class));
    private static final MethodHandle UNSIGNED_BYTE =
            find("unsignedByte", MethodType.methodType(int.class, byte.class));
    private static final MethodHandle RETURN_BUFFER =
            find("returnBuffer", MethodType.methodType(long.class, long.class));

    @SuppressWarnings(
            "restricted") // native calls through FFM are this code's purpose; the launchers enable native access
    static MemorySegment segment(long address, long size) {
        return MemorySegment.ofAddress(address).reinterpret(size);
    }

    static long address(MemorySegment s) {
        return s.address();
    }

    static MemorySegment capture() {
        return ThreadState.current().beforeCall();
    }

    private static final MethodHandle ENTER = find("enter", MethodType.methodType(void.class));
    private static final MethodHandle LEAVE = find("leave", MethodType.methodType(void.class));

    static void enter() {
        ThreadState.current().enterFromNative();
    }

    static void leave() {
        ThreadState.current().returnToNative();
    }

    static int unsignedByte(byte b) {
        return b & 0xff;
    }

    /** A struct result goes straight to the caller's buffer: FFM asks the allocator for it. */
    static SegmentAllocator returnTo(long address) {
        return (size, align) -> segment(address, size);
    }

    /**
     * A SysV va_list over jomp's slots: every register already consumed (gp_offset 48, fp_offset
     * 176), so va_arg reads each argument from the overflow area, which has jomp's layout (8-byte
     * slots, structs in consecutive slots). Lives as long as the thread's arena of such tags.
     */
    static long vaList(long ap) {
        long tag = VA_TAGS.get().next();
        Mem.putInt(tag, 48);
        Mem.putInt(tag + 4, 176);
        Mem.putLong(tag + 8, ap);
        Mem.putLong(tag + 16, 0);
        return tag;
    }

    /** Small per-thread rings of memory for va_list tags and struct results of upcalls: live for one call. */
    private static final class Ring {
        final long base = Arena.global().allocate(RING, 16).address();
        long at;

        long next() {
            return take(24);
        }

        long take(long size) {
            long n = (size + 15) & -16;
            if (at + n > RING) at = 0;
            long a = base + at;
            at += n;
            return a;
        }
    }

    private static final long RING = 16 << 10;

    private static final class Rings extends ThreadLocal<Ring> {
        @Override
        protected Ring initialValue() {
            return new Ring();
        }
    }

    private static final ThreadLocal<Ring> VA_TAGS = new Rings();

    static long returnBuffer(long size) {
        return VA_TAGS.get().take(size);
    }

    private static MethodHandle after(Class<?> ret) {
        String name = ret == void.class
                ? "afterV"
                : "after" + Character.toUpperCase(ret.getName().charAt(0));
        MethodType t = ret == void.class ? MethodType.methodType(void.class) : MethodType.methodType(ret, ret);
        if (ret == boolean.class) name = "afterZ";
        return find(name, t);
    }

    static void afterV() {
        ThreadState.current().afterCall();
    }

    static int afterI(int r) {
        ThreadState.current().afterCall();
        return r;
    }

    static long afterL(long r) {
        ThreadState.current().afterCall();
        return r;
    }

    static float afterF(float r) {
        ThreadState.current().afterCall();
        return r;
    }

    static double afterD(double r) {
        ThreadState.current().afterCall();
        return r;
    }

    static byte afterB(byte r) {
        ThreadState.current().afterCall();
        return r;
    }

    static short afterS(short r) {
        ThreadState.current().afterCall();
        return r;
    }

    static char afterC(char r) {
        ThreadState.current().afterCall();
        return r;
    }

    static boolean afterZ(boolean r) {
        ThreadState.current().afterCall();
        return r;
    }

    static MemorySegment afterM(MemorySegment r) {
        ThreadState.current().afterCall();
        return r;
    }

    /** Reads a variadic argument of type t from slot offset {@code off} of the area. */
    private static MethodHandle slotReader(CType t, long off) {
        MethodHandle read;
        try {
            if (t instanceof Scalar s) {
                read = switch (s.code()) {
                    case 'f' -> L.findStatic(Mem.class, "getFloat", MethodType.methodType(float.class, long.class));
                    case 'd' -> L.findStatic(Mem.class, "getDouble", MethodType.methodType(double.class, long.class));
                    case 'i', 'j', 'c', 'h', 's', 't', 'B' ->
                        L.findStatic(Mem.class, "getInt", MethodType.methodType(int.class, long.class));
                    default -> L.findStatic(Mem.class, "getLong", MethodType.methodType(long.class, long.class));
                };
            } else {
                read = MethodHandles.insertArguments(SEGMENT, 1, t.size());
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        // (long va) -> read(va + off)
        MethodHandle plus = MethodHandles.insertArguments(
                find("plus", MethodType.methodType(long.class, long.class, long.class)), 1, off);
        return MethodHandles.filterArguments(read, 0, plus);
    }

    static long plus(long a, long b) {
        return a + b;
    }

    /**
     * A downcall handle (of {@link CSig#downcallType}) with jomp's JVM type for signature s:
     * errno passed in and the capture taken back (ThreadState), aggregates read from their addresses, a
     * struct result written to the hidden pointer, variadic arguments read from their slots.
     */
    static MethodHandle toJomp(MethodHandle ffm, CSig s, boolean errno) {
        MethodHandle h = ffm;
        int at = 0;
        if (s.returnsAggregate()) {
            h = MethodHandles.filterArguments(h, 0, RETURN_TO);
            h = MethodHandles.filterReturnValue(h, ADDRESS);
            at = 1;
        }
        if (errno) {
            h = MethodHandles.filterReturnValue(h, after(h.type().returnType()));
            h = MethodHandles.foldArguments(h, at, CAPTURE);
        }
        List<CType> fixed = s.params();
        for (int k = 0; k < fixed.size(); k++) {
            CType t = fixed.get(k);
            if (t instanceof Scalar sc && sc.code() == 'V') h = MethodHandles.filterArguments(h, at + k, VA_LIST);
            else if (!(t instanceof Scalar))
                h = MethodHandles.filterArguments(h, at + k, MethodHandles.insertArguments(SEGMENT, 1, t.size()));
        }
        if (s.variadic()) {
            int first = at + fixed.size();
            List<CType> va = s.varargs();
            long off = 0;
            for (int k = 0; k < va.size(); k++) {
                CType t = va.get(k);
                h = MethodHandles.filterArguments(h, first + k, slotReader(t, off));
                off += t instanceof Scalar ? 8 : (t.size() + 7) / 8 * 8;
            }
            // the n slot readers all take the one area pointer
            MethodType mt =
                    h.type().dropParameterTypes(first, first + va.size()).appendParameterTypes(long.class);
            int[] order = new int[h.type().parameterCount()];
            for (int i = 0; i < first; i++) order[i] = i;
            for (int k = 0; k < va.size(); k++) order[first + k] = first;
            h = MethodHandles.permuteArguments(h, mt, order);
        }
        // results narrower than int become jomp's normalised ints
        if (s.ret() instanceof Scalar r && r.code() == 'h') h = MethodHandles.filterReturnValue(h, UNSIGNED_BYTE);
        return MethodHandles.explicitCastArguments(h, jompType(s));
    }

    /** jomp's JVM type of a function of signature s (abi.md): the hidden result pointer, aggregates by address, the area last. */
    static MethodType jompType(CSig s) {
        List<Class<?>> ps = new ArrayList<>();
        if (s.returnsAggregate()) ps.add(long.class);
        for (CType t : s.params()) ps.add(CSig.jompType(t));
        if (s.variadic()) ps.add(long.class);
        return MethodType.methodType(s.returnsAggregate() ? long.class : CSig.jompType(s.ret()), ps);
    }

    /**
     * The reverse, for an upcall: a jomp function (jomp's type for s) as FFM calls it, with the
     * exact carriers of s's parameters and result; an exception escaping into native code ends
     * the program ({@link Upcalls#uncaught}).
     */
    static MethodHandle fromJomp(MethodHandle jomp, CSig s) {
        MethodHandle h = jomp;
        int at = 0;
        if (s.returnsAggregate()) {
            // (long ret, args) -> long  ==>  (args) -> MemorySegment of a buffer the result is written to
            h = MethodHandles.filterReturnValue(
                    h, MethodHandles.insertArguments(SEGMENT, 1, s.ret().size()));
            h = MethodHandles.foldArguments(
                    h,
                    0,
                    MethodHandles.insertArguments(RETURN_BUFFER, 0, s.ret().size()));
        }
        List<CType> fixed = s.params();
        for (int k = 0; k < fixed.size(); k++) {
            CType t = fixed.get(k);
            if (!(t instanceof Scalar)) h = MethodHandles.filterArguments(h, at + k, ADDRESS);
            else if (((Scalar) t).code() == 'h') h = MethodHandles.filterArguments(h, at + k, UNSIGNED_BYTE);
        }
        List<Class<?>> ps = new ArrayList<>();
        for (CType t : fixed) ps.add(CSig.carrier(t));
        MethodType want = MethodType.methodType(CSig.carrier(s.ret()), ps);
        h = MethodHandles.explicitCastArguments(h, want);
        MethodHandle handler = MethodHandles.explicitCastArguments(
                find("uncaught", MethodType.methodType(Object.class, Throwable.class)),
                MethodType.methodType(want.returnType(), Throwable.class));
        handler = MethodHandles.dropArguments(handler, 1, want.parameterList());
        h = MethodHandles.catchException(h, Throwable.class, handler);
        return errnoAcross(h);
    }

    /** An upcall's errno: glibc's becomes jomp's on the way in, and jomp's glibc's on the way out. */
    private static MethodHandle errnoAcross(MethodHandle h) {
        Class<?> r = h.type().returnType();
        MethodHandle out = r == void.class ? LEAVE : MethodHandles.foldArguments(MethodHandles.identity(r), LEAVE);
        return MethodHandles.foldArguments(MethodHandles.filterReturnValue(h, out), ENTER);
    }

    static Object uncaught(Throwable t) {
        Upcalls.uncaught(t);
        return null;
    }
}
