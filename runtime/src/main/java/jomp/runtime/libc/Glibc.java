package jomp.runtime.libc;

import java.lang.invoke.MethodHandle;

import jomp.runtime.ffi.Downcalls;
import jomp.runtime.ffi.NativeLibs;
import jomp.runtime.ffi.ThreadState;
import jomp.runtime.mem.Mem;

/**
 * glibc's functions that jomp's Java C library calls once native code runs (docs/libc.md § One C
 * world): the Java printf and scanf engines then read and write glibc's own FILE streams, exit
 * is glibc's, atexit registers with glibc. Each handle is bound on first use, in a holder.
 */
final class Glibc {
    private Glibc() {}

    private static final String LIBC = "libc.so.6";

    private static MethodHandle bind(String name, String csig) { return Downcalls.bind(LIBC, name, csig); }

    private static final class Fwrite { static final MethodHandle H = bind("fwrite", "m(p,m,m,p)"); }
    private static final class Fputc { static final MethodHandle H = bind("fputc", "i(i,p)"); }
    private static final class Getc { static final MethodHandle H = bind("getc", "i(p)"); }
    private static final class Ungetc { static final MethodHandle H = bind("ungetc", "i(i,p)"); }
    private static final class Fflush { static final MethodHandle H = bind("fflush", "i(p)"); }
    private static final class Exit { static final MethodHandle H = bind("exit", "v(i)"); }
    private static final class UnderscoreExit { static final MethodHandle H = bind("_exit", "v(i)"); }
    private static final class CxaAtexit { static final MethodHandle H = bind("__cxa_atexit", "i(p,p,p)"); }
    private static final class Getenv { static final MethodHandle H = bind("getenv", "p(p)"); }
    private static final class SystemCall { static final MethodHandle H = bind("system", "i(p)"); }

    /** The addresses of glibc's stdin, stdout and stderr variables (a FILE* each). */
    private static final class Streams {
        static final long STDIN = NativeLibs.symbol(LIBC, "stdin");
        static final long STDOUT = NativeLibs.symbol(LIBC, "stdout");
        static final long STDERR = NativeLibs.symbol(LIBC, "stderr");
    }

    /** glibc's current stdin, stdout, stderr (a program may assign them). */
    static long stdin() { return Mem.getLong(Streams.STDIN); }
    static long stdout() { return Mem.getLong(Streams.STDOUT); }
    static long stderr() { return Mem.getLong(Streams.STDERR); }

    private static RuntimeException fail(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }

    /** fwrite of bytes[0..n) to a FILE*: the Java formatter's output, in the stream's order. */
    static long fwrite(byte[] bytes, int n, long file) {
        if (n == 0) return 0;
        Stack s = Stack.of();
        long buf = s.bytes(bytes, n);
        try {
            ThreadState ts = ThreadState.current();
            long r = (long) Fwrite.H.invokeExact(ts.capture, buf, 1L, (long) n, file);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw fail(t);
        } finally {
            s.release();
        }
    }

    static int fputc(int c, long file) {
        try {
            ThreadState ts = ThreadState.current();
            int r = (int) Fputc.H.invokeExact(ts.capture, c, file);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    static int getc(long file) {
        try {
            ThreadState ts = ThreadState.current();
            int r = (int) Getc.H.invokeExact(ts.capture, file);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    static int ungetc(int c, long file) {
        try {
            ThreadState ts = ThreadState.current();
            int r = (int) Ungetc.H.invokeExact(ts.capture, c, file);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    static int fflush(long file) {
        try {
            ThreadState ts = ThreadState.current();
            int r = (int) Fflush.H.invokeExact(ts.capture, file);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    static void exit(int status) {
        try {
            Exit.H.invokeExact(ThreadState.current().capture, status);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    /** _exit: the end of the process, no handlers, no flush. */
    static void _exit(int status) {
        try {
            UnderscoreExit.H.invokeExact(ThreadState.current().capture, status);
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    /** atexit(f) as glibc's libc_nonshared.a makes it: __cxa_atexit(f, NULL, NULL). */
    static int atexit(long f) {
        try {
            ThreadState ts = ThreadState.current();
            int r = (int) CxaAtexit.H.invokeExact(ts.capture, f, 0L, 0L);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    static long getenv(long name) {
        try {
            ThreadState ts = ThreadState.current();
            long r = (long) Getenv.H.invokeExact(ts.capture, name);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    static int system(long command) {
        try {
            ThreadState ts = ThreadState.current();
            int r = (int) SystemCall.H.invokeExact(ts.capture, command);
            ts.afterCall();
            return r;
        } catch (Throwable t) {
            throw fail(t);
        }
    }

    /** A little native memory for one call's bytes: the thread's jomp stack, released after the call. */
    private static final class Stack {
        private final jomp.runtime.mem.Stack stack = jomp.runtime.mem.Stack.current();
        private final long mark = stack.sp;

        static Stack of() { return new Stack(); }

        long bytes(byte[] b, int n) {
            long a = stack.alloc(n, 16);
            Mem.copyFromArray(b, 0, a, n);
            return a;
        }

        void release() { stack.reset(mark); }
    }
}
