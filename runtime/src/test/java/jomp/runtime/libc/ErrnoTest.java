package jomp.runtime.libc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import jomp.runtime.ffi.Downcalls;
import jomp.runtime.ffi.NativeWorld;
import jomp.runtime.ffi.ThreadState;
import jomp.runtime.ffi.Universal;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * errno across native calls (docs/design/abi.md § errno). The JVM makes system calls of its own in
 * the thread that runs C code, at any moment between two of the C code's statements, and they set
 * glibc's errno (class loading, java.io, a safepoint's futex wait); here java.io's stat does, at
 * the worst moments. Still C code reads the value its failing native call set, native code reads
 * the value C code set, and a jomp function's errno reaches the native code that called it.
 */
class ErrnoTest {
    private static final int ENOTDIR = 20;

    @TempDir
    static Path dir;

    private static File notADirectory;

    @BeforeAll
    static void start() throws IOException {
        NativeWorld.start();
        notADirectory = Files.createFile(dir.resolve("file")).toFile();
        glibcErrnoLocation.get();
    }

    /**
     * Work of the JVM's own in this thread that sets glibc's errno: java.io stats a path under a
     * file (ENOTDIR), as the JVM's other system calls may do between a C program's statements.
     */
    private static void jvmWork() {
        boolean exists = new File(notADirectory, "x").exists();
        int glibcErrno = Mem.getInt(glibcErrnoLocation.get()); // before anything loads a class
        assertThat(exists).isFalse();
        assertThat(glibcErrno).as("the JVM's stat set glibc's errno").isEqualTo(ENOTDIR);
    }

    /** The address of glibc's own errno of the thread (a critical call: no thread-state transition). */
    private static final ThreadLocal<Long> glibcErrnoLocation = ThreadLocal.withInitial(
            () -> Universal.callCritical(Universal.glibc("__errno_location"), 0, 0, 0, 0, 0, 0));

    /** An int function of glibc, called the way the runtime calls glibc. */
    private static int call(String function, long a, long b, long c) {
        return (int) Universal.call(Universal.glibc(function), a, b, c, 0, 0, 0);
    }

    private static long address(String function) {
        return Universal.glibc(function).address();
    }

    @Test
    void cCodeReadsTheErrnoItsFailingCallSet() throws Throwable {
        // the runtime's own calls (Universal)
        assertThat(call("access", Native.cstr("/no/such/dir/x"), 0, 0)).isEqualTo(-1);
        jvmWork();
        assertThat(Errno.get()).isEqualTo(Errno.ENOENT);
        // a call through a pointer to native code (Adapters)
        int r = (int) Functions.handle(address("close"), "i(i)").invokeExact(-1, Stack.current());
        assertThat(r).isEqualTo(-1);
        jvmWork();
        assertThat(Errno.get()).isEqualTo(Errno.EBADF);
        // a linked program's call stub: FFM's own handle between ThreadState's two steps
        MethodHandle rmdir = Downcalls.bind("libc.so.6", "rmdir", "i(p)");
        ThreadState ts = ThreadState.current();
        r = (int) rmdir.invokeExact(ts.beforeCall(), Native.cstr(notADirectory.getPath()));
        ts.afterCall();
        assertThat(r).isEqualTo(-1);
        jvmWork();
        assertThat(Mem.getInt(Errno.__errno_location())).isEqualTo(ENOTDIR);
        assertThat(call("access", Native.cstr("/no/such/dir/x"), 0, 0)).isEqualTo(-1);
        jvmWork();
        assertThat(Mem.getInt(Errno.__errno_location())).isEqualTo(Errno.ENOENT);
    }

    @Test
    void nativeCodeReadsTheErrnoCCodeSet() throws Throwable {
        long buf = Native.alloc(64);
        Errno.set(Errno.EACCES);
        jvmWork();
        call("snprintf", buf, 64, Native.cstr("%m"));
        assertThat(Mem.cString(buf)).isEqualTo("Permission denied");
        Errno.set(Errno.EBADF);
        jvmWork();
        long va = Native.va().i(0).build();
        int n = (int) Functions.handle(address("snprintf"), "i(p,m,p|i)")
                .invokeExact(buf, 64L, Native.cstr("%m"), va, Stack.current());
        assertThat(Mem.cString(buf)).isEqualTo("Bad file descriptor").hasSize(n);
    }

    static int comparisons;

    /** A comparison that sets errno, as a jomp function may before it returns to native code. */
    public static int compareSettingErrno(long a, long b) {
        comparisons++;
        Errno.set(Errno.ERANGE);
        jvmWork();
        return Integer.compare(Mem.getInt(a), Mem.getInt(b));
    }

    @Test
    void aJompFunctionsErrnoReachesItsNativeCaller() throws Throwable {
        long cmp = Functions.register(
                MethodHandles.lookup()
                        .findStatic(
                                ErrnoTest.class,
                                "compareSettingErrno",
                                MethodType.methodType(int.class, long.class, long.class)),
                "i(p,p)");
        long a = Native.alloc(4 * 8);
        for (int i = 0; i < 8; i++) Mem.putInt(a + 4L * i, 7 - i);
        Errno.set(0);
        Functions.handle(address("qsort"), "v(p,m,m,p)").invokeExact(a, 8L, 4L, cmp, Stack.current());
        assertThat(comparisons).isPositive();
        for (int i = 0; i < 8; i++) assertThat(Mem.getInt(a + 4L * i)).isEqualTo(i);
        // glibc's errno when qsort returned: the comparison's, not the JVM's ENOTDIR
        assertThat(Errno.get()).isEqualTo(Errno.ERANGE);
    }
}
