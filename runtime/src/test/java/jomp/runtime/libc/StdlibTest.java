package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import jomp.runtime.mem.Mem;
import org.junit.jupiter.api.Test;

/** stdlib.h pieces that need no oracle run: allocation, abs/div, getenv, system. */
class StdlibTest {
    @Test
    void blocksCrossBetweenThisAllocatorAndTheCLibrarys() throws Throwable {
        // The allocator must be libc's own heap (Unsafe's os::malloc is, with no tracking header):
        // a block from one freed or grown by the other would make glibc abort the JVM otherwise.
        var linker = java.lang.foreign.Linker.nativeLinker();
        var libc = linker.defaultLookup();
        var J = java.lang.foreign.ValueLayout.JAVA_LONG;
        @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
        var cMalloc =
                linker.downcallHandle(libc.find("malloc").orElseThrow(), java.lang.foreign.FunctionDescriptor.of(J, J));
        @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
        var cFree =
                linker.downcallHandle(libc.find("free").orElseThrow(), java.lang.foreign.FunctionDescriptor.ofVoid(J));
        @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
        var cRealloc = linker.downcallHandle(
                libc.find("realloc").orElseThrow(), java.lang.foreign.FunctionDescriptor.of(J, J, J));
        @SuppressWarnings("restricted") // the test calls C through FFM; surefire's argLine enables native access
        var usable = linker.downcallHandle(
                libc.find("malloc_usable_size").orElseThrow(), java.lang.foreign.FunctionDescriptor.of(J, J));
        for (int i = 0; i < 100; i++) {
            long p = Stdlib.malloc(24 + i);
            assertThat((long) usable.invokeExact(p)).isBetween(24L + i, 24L + i + 32);
            Mem.putByte(p + 23 + i, (byte) i);
            long q = (long) cRealloc.invokeExact(p, 4096L + i);
            assertThat(Mem.getByte(q + 23 + i)).isEqualTo((byte) i);
            cFree.invokeExact(q);
            long c = (long) cMalloc.invokeExact(40L + i);
            c = Stdlib.realloc(c, 8000 + i);
            Stdlib.free(c);
        }
        assertThat(Stdlib.malloc(0)).isNotZero(); // like glibc
        long r = Stdlib.malloc(8);
        assertThat(Stdlib.realloc(r, 0)).isZero(); // glibc frees it
    }

    @Test
    void allocationRoundTrips() {
        long p = Stdlib.malloc(100);
        assertThat(p).isNotZero();
        Mem.fill(p, (byte) 7, 100);
        long q = Stdlib.realloc(p, 100000);
        assertThat(Mem.getByte(q + 99)).isEqualTo((byte) 7);
        Stdlib.free(q);
        long z = Stdlib.calloc(10, 8);
        for (int i = 0; i < 80; i++) assertThat(Mem.getByte(z + i)).isZero();
        Stdlib.free(z);
        Stdlib.free(0);
        long a = Stdlib.aligned_alloc(4096, 4096);
        assertThat(a % 4096).isZero();
        Stdlib.free(a);
        Errno.set(0);
        assertThat(Stdlib.malloc(-1L)).isZero(); // SIZE_MAX cannot be allocated
        assertThat(Errno.get()).isEqualTo(Errno.ENOMEM);
    }

    @Test
    void absAndDiv() {
        assertThat(Stdlib.abs(-5)).isEqualTo(5);
        assertThat(Stdlib.abs(Integer.MIN_VALUE)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Stdlib.labs(-5L)).isEqualTo(5L);
        long r = Native.alloc(16);
        assertThat(Stdlib.div(r, -7, 2)).isEqualTo(r);
        assertThat(Mem.getInt(r)).isEqualTo(-3);
        assertThat(Mem.getInt(r + 4)).isEqualTo(-1);
        Stdlib.ldiv(r, 7L, -2L);
        assertThat(Mem.getLong(r)).isEqualTo(-3);
        assertThat(Mem.getLong(r + 8)).isEqualTo(1);
    }

    @Test
    void getenvReturnsACachedCString() {
        String path = System.getenv("PATH");
        long v = Stdlib.getenv(Native.cstr("PATH"));
        assertThat(Native.str(v)).isEqualTo(path);
        assertThat(Stdlib.getenv(Native.cstr("PATH"))).isEqualTo(v);
        assertThat(Stdlib.getenv(Native.cstr("JOMP_SURELY_UNSET_VARIABLE"))).isZero();
    }

    @Test
    void systemReturnsTheWaitStatus() {
        assertThat(Stdlib.system(0)).isEqualTo(1);
        assertThat(Stdlib.system(Native.cstr("exit 3"))).isEqualTo(3 << 8);
        assertThat(Stdlib.system(Native.cstr("true"))).isZero();
    }
}
