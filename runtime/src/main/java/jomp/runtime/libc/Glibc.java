package jomp.runtime.libc;

import java.lang.foreign.MemorySegment;
import jomp.runtime.ffi.Universal;
import jomp.runtime.mem.Mem;

/**
 * glibc's functions that jomp's Java C library calls once native code runs (docs/libc.md § One C
 * world): the Java printf and scanf engines then read and write glibc's own FILE streams, exit
 * is glibc's, atexit registers with glibc. All through the universal downcall handles
 * (jomp.runtime.ffi.Universal), so they add no FFM code generation; each address is looked up
 * on first use.
 */
final class Glibc {
    private Glibc() {}

    private static final class Fwrite {
        static final MemorySegment F = Universal.glibc("fwrite");
    }

    private static final class Fputc {
        static final MemorySegment F = Universal.glibc("fputc");
    }

    private static final class Getc {
        static final MemorySegment F = Universal.glibc("getc");
    }

    private static final class Ungetc {
        static final MemorySegment F = Universal.glibc("ungetc");
    }

    private static final class Fflush {
        static final MemorySegment F = Universal.glibc("fflush");
    }

    private static final class Exit {
        static final MemorySegment F = Universal.glibc("exit");
    }

    private static final class UnderscoreExit {
        static final MemorySegment F = Universal.glibc("_exit");
    }

    private static final class CxaAtexit {
        static final MemorySegment F = Universal.glibc("__cxa_atexit");
    }

    private static final class Getenv {
        static final MemorySegment F = Universal.glibc("getenv");
    }

    private static final class SystemCall {
        static final MemorySegment F = Universal.glibc("system");
    }

    private static final class Vfscanf {
        static final MemorySegment F = Universal.glibc("__isoc99_vfscanf");
    }

    private static final class Vfprintf {
        static final MemorySegment F = Universal.glibc("vfprintf");
    }

    /** The addresses of glibc's stdin, stdout and stderr variables (a FILE* each). */
    private static final class Streams {
        static final long STDIN = Universal.glibc("stdin").address();
        static final long STDOUT = Universal.glibc("stdout").address();
        static final long STDERR = Universal.glibc("stderr").address();
    }

    /** glibc's current stdin, stdout, stderr (a program may assign them). */
    static long stdin() {
        return Mem.getLong(Streams.STDIN);
    }

    static long stdout() {
        return Mem.getLong(Streams.STDOUT);
    }

    static long stderr() {
        return Mem.getLong(Streams.STDERR);
    }

    /** fwrite of bytes[0..n) to a FILE*: the Java formatter's output, in the stream's order. */
    static long fwrite(byte[] bytes, int n, long file) {
        if (n == 0) return 0;
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long buf = s.alloc(n, 16);
            Mem.copyFromArray(bytes, 0, buf, n);
            return Universal.call(Fwrite.F, buf, 1, n, file, 0, 0);
        } finally {
            s.reset(mark);
        }
    }

    static int fputc(int c, long file) {
        return (int) Universal.call(Fputc.F, c, file, 0, 0, 0, 0);
    }

    static int getc(long file) {
        return (int) Universal.call(Getc.F, file, 0, 0, 0, 0, 0);
    }

    static int ungetc(int c, long file) {
        return (int) Universal.call(Ungetc.F, c, file, 0, 0, 0, 0);
    }

    static int fflush(long file) {
        return (int) Universal.call(Fflush.F, file, 0, 0, 0, 0, 0);
    }

    static void exit(int status) {
        Universal.call(Exit.F, status, 0, 0, 0, 0, 0);
    }
    /** _exit: the end of the process, no handlers, no flush. */
    static void _exit(int status) {
        Universal.call(UnderscoreExit.F, status, 0, 0, 0, 0, 0);
    }
    /** atexit(f) as glibc's libc_nonshared.a makes it: __cxa_atexit(f, NULL, NULL). */
    static int atexit(long f) {
        return (int) Universal.call(CxaAtexit.F, f, 0, 0, 0, 0, 0);
    }
    /**
     * glibc's scanf engine on a FILE*: {@code __isoc99_vfscanf(file, fmt, ap)} (C99's, as
     * {@code <stdio.h>} names fscanf), {@code ap} jomp's variadic area ({@link #withVaList}).
     */
    static int vfscanf(long file, long fmt, long ap) {
        return withVaList(Vfscanf.F, file, fmt, ap);
    }

    /** glibc's printf engine on a FILE*: {@code vfprintf(file, fmt, ap)}, {@code ap} as for {@link #vfscanf}. */
    static int vfprintf(long file, long fmt, long ap) {
        return withVaList(Vfprintf.F, file, fmt, ap);
    }

    /**
     * Calls {@code fn(file, fmt, va_list)} with jomp's variadic area {@code ap} as a SysV va_list
     * whose arguments are all in the overflow area (gp_offset 48, fp_offset 176): the area's
     * 8-byte slots are exactly what va_arg reads there (docs/design/abi.md § Native calls).
     */
    private static int withVaList(MemorySegment fn, long file, long fmt, long ap) {
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            long va = s.alloc(24, 16);
            Mem.putInt(va, 48);
            Mem.putInt(va + 4, 176);
            Mem.putLong(va + 8, ap);
            Mem.putLong(va + 16, ap);
            return (int) Universal.call(fn, file, fmt, va, 0, 0, 0);
        } finally {
            s.reset(mark);
        }
    }

    static long getenv(long name) {
        return Universal.call(Getenv.F, name, 0, 0, 0, 0, 0);
    }

    static int system(long command) {
        return (int) Universal.call(SystemCall.F, command, 0, 0, 0, 0, 0);
    }
}
