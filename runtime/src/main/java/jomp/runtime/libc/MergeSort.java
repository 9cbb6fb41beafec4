package jomp.runtime.libc;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;

/**
 * qsort's merge sort with the comparison function as a constant, so that the JIT inlines it. This
 * class is a template: {@link Stdlib#qsort} defines a hidden copy of it per comparison function,
 * with the function's handle as class data; a static final field is a constant to the JIT, so each
 * copy's {@code CMP.invokeExact} becomes a direct, inlinable call instead of a call through an
 * unknown handle. In the template itself CMP is null and {@link #sort} is never called.
 */
final class MergeSort {
    private static final MethodHandle CMP = comparison();

    private MergeSort() {}

    private static MethodHandle comparison() {
        try {
            return MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, MethodHandle.class);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /** Sorts n elements of s bytes at b, using tmp (n * s bytes) as scratch: glibc's msort; stack is the caller's, for the comparison. */
    static void sort(long b, long n, long s, long tmp, Stack stack) {
        if (n <= 1) return;
        long n1 = n / 2, n2 = n - n1;
        long b1 = b, b2 = b + n1 * s;
        sort(b1, n1, s, tmp, stack);
        sort(b2, n2, s, tmp, stack);
        long t = tmp;
        while (n1 > 0 && n2 > 0) {
            if (compare(b1, b2, stack) <= 0) {
                copyElement(t, b1, s);
                b1 += s;
                n1--;
            } else {
                copyElement(t, b2, s);
                b2 += s;
                n2--;
            }
            t += s;
        }
        if (n1 > 0) Mem.copy(t, b1, n1 * s);
        Mem.copy(b, tmp, (n - n2) * s);
    }

    private static int compare(long a, long b, Stack stack) {
        try {
            return (int) CMP.invokeExact(a, b, stack);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new RuntimeException(t);
        }
    }

    /** One element: pointers and ints (the usual qsort payloads) as single loads and stores. */
    private static void copyElement(long dst, long src, long s) {
        if (s == 8) Mem.putLong(dst, Mem.getLong(src));
        else if (s == 4) Mem.putInt(dst, Mem.getInt(src));
        else Mem.copy(dst, src, s);
    }
}
