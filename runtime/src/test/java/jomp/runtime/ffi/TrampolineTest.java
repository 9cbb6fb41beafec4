package jomp.runtime.ffi;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;
import org.junit.jupiter.api.Test;

/**
 * Function pointers (docs/design/abi.md § Function pointers): a registered jomp function's pointer
 * is callable by native code (glibc's qsort calls it), means the same function to jomp code, and a
 * pointer to native code is called through a downcall made for the call's C signature.
 */
class TrampolineTest {
    static int calls;

    public static int compare(long a, long b) {
        calls++;
        return Integer.compare(Mem.getInt(a), Mem.getInt(b));
    }

    public static long addLong(long a, int b) {
        return a + b;
    }

    @Test
    void nativeCodeCallsJompFunctionsThroughTheirPointers() throws Throwable {
        MethodHandles.Lookup l = MethodHandles.lookup();
        long cmp = Functions.register(
                l.findStatic(TrampolineTest.class, "compare", MethodType.methodType(int.class, long.class, long.class)),
                "i(p,p)");
        long add = Functions.register(
                l.findStatic(TrampolineTest.class, "addLong", MethodType.methodType(long.class, long.class, int.class)),
                "l(l,i)");
        assertThat(cmp).isNotZero().isNotEqualTo(add);
        assertThat(Functions.index(cmp)).isGreaterThanOrEqualTo(0);
        // jomp code calling the pointer gets the function itself
        assertThat((long) Functions.handle(add, "l(l,i)").invokeExact(40L, 2, Stack.current()))
                .isEqualTo(42L);
        NativeWorld.start();
        Linker linker = Linker.nativeLinker();
        @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
        MethodHandle qsort = linker.downcallHandle(
                linker.defaultLookup().find("qsort").orElseThrow(),
                FunctionDescriptor.ofVoid(
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG));
        int n = 1000;
        long a = Arena.global().allocate(4L * n, 4).address();
        for (int i = 0; i < n; i++) Mem.putInt(a + 4L * i, (i * 7919) % n);
        qsort.invokeExact(a, (long) n, 4L, cmp);
        for (int i = 0; i < n; i++) assertThat(Mem.getInt(a + 4L * i)).isEqualTo(i);
        assertThat(calls).isGreaterThan(n);
        // the second time the GOT points at the bound stub directly
        calls = 0;
        qsort.invokeExact(a, (long) n, 4L, cmp);
        assertThat(calls).isGreaterThan(0);
    }

    @Test
    void pointersToNativeCodeAreCalledWithTheCallsSignature() throws Throwable {
        NativeWorld.start();
        long strlen = Linker.nativeLinker()
                .defaultLookup()
                .find("strlen")
                .orElseThrow()
                .address();
        long s = Arena.global().allocateFrom("twelve chars").address();
        MethodHandle h = Functions.handle(strlen, "m(p)");
        assertThat((long) h.invokeExact(s, Stack.current())).isEqualTo(12L);
        assertThat(Functions.handle(strlen, "m(p)")).isSameAs(h); // one downcall per address and signature
        long snprintf = Linker.nativeLinker()
                .defaultLookup()
                .find("snprintf")
                .orElseThrow()
                .address();
        long buf = Arena.global().allocate(64).address(),
                fmt = Arena.global().allocateFrom("%d-%.1f-%s").address();
        long va = Arena.global().allocate(24, 8).address(); // jomp's variadic area: three 8-byte slots
        Mem.putLong(va, 42);
        Mem.putDouble(va + 8, 2.5);
        Mem.putLong(va + 16, s);
        int r = (int) Functions.handle(snprintf, "i(p,m,p|i,d,p)").invokeExact(buf, 64L, fmt, va, Stack.current());
        assertThat(Mem.cString(buf)).isEqualTo("42-2.5-twelve chars");
        assertThat(r).isEqualTo(19);
    }
}
