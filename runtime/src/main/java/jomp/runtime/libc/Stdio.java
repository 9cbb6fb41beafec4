package jomp.runtime.libc;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import jomp.runtime.mem.Mem;

/**
 * stdio.h's Java half (docs/libc.md § One C world). The streams are glibc's: FILE* values are
 * glibc's FILE objects, and every function on them that jomp does not define here is glibc's own.
 * jomp keeps the printf and scanf engines (glibc's output exactly, and a long double that is a
 * double) and, until native code first runs, the standard streams of a program that only prints:
 * printf, puts, putchar and scanf then go to file descriptors 0, 1 and 2 through Java buffers with
 * glibc's buffering (stdout fully buffered, line buffered on a terminal; stderr unbuffered), and no
 * FFM is started (tens of milliseconds). When native code starts (jomp.runtime.ffi.NativeWorld),
 * {@link #toGlibc} flushes those buffers and from then on the same functions format in Java and
 * write with glibc's fwrite to glibc's stdout, so output of jomp and native code keeps program order.
 */
public final class Stdio {
    private Stdio() {}

    /** A standard stream before glibc's serve: its descriptor's Java stream and glibc's buffering. */
    static final class Stream {
        final OutputStream os;
        final InputStream is;
        byte[] buf;
        int len;
        int mode; // _IOFBF 0, _IOLBF 1, _IONBF 2
        boolean error, eof;
        /**
         * Input read ahead, as glibc's stdin buffer reads it (a block at a time): in[inPos, inLen),
         * the byte before inPos the last one taken. scanf's reader takes bytes from it directly
         * and gives the last one back by stepping inPos back (Scanf.Reader), under the lock.
         */
        byte[] in;

        int inPos, inLen;

        Stream(long unused, OutputStream os, InputStream is, int mode) {
            this.os = os;
            this.is = is;
            this.mode = mode;
            this.buf = new byte[8192];
        }

        synchronized void write(byte[] b, int off, int n) {
            if (os == null) {
                error = true;
                return;
            }
            if (mode == 2) {
                emit(b, off, n);
                return;
            }
            if (len + n > buf.length) {
                flush();
                if (n > buf.length) {
                    emit(b, off, n);
                    return;
                }
            }
            System.arraycopy(b, off, buf, len, n);
            len += n;
            if (mode == 1) {
                for (int i = off; i < off + n; i++) {
                    if (b[i] == '\n') {
                        flush();
                        break;
                    }
                }
            }
        }

        synchronized void write(int c) {
            if (os == null) {
                error = true;
                return;
            }
            if (len == buf.length) flush();
            buf[len++] = (byte) c;
            if (mode == 2 || (mode == 1 && c == '\n')) flush();
        }

        synchronized void flush() {
            if (len > 0) {
                emit(buf, 0, len);
                len = 0;
            }
        }

        /** Whether the next read must read(2): nothing read ahead (read without the lock: a hint). */
        boolean drained() {
            return inPos >= inLen;
        }

        private void emit(byte[] b, int off, int n) {
            try {
                os.write(b, off, n);
                os.flush();
            } catch (IOException e) {
                error = true;
            }
        }

        /** The next byte, or -1 at the end (eof set) or on an error (error set); the caller holds the stream's lock. */
        int readLocked() {
            return inPos < inLen || fillLocked() ? in[inPos++] & 0xff : -1;
        }

        /**
         * Reads the next block into in[0, inLen) once all before it is taken; false at the end (eof
         * set) or on an error (error set). The caller holds the lock. A block at a time, as glibc's
         * stdin reads (4096 bytes, its buffer for a file or a pipe; a terminal gives a line): a
         * read(2) per character made scanf from stdin 20 times slower.
         */
        boolean fillLocked() {
            if (is == null) {
                error = true;
                return false;
            }
            try {
                if (in == null) in = new byte[4096];
                int n = is.read(in, 0, in.length);
                if (n <= 0) {
                    eof = true;
                    return false;
                }
                inPos = 0;
                inLen = n;
                return true;
            } catch (IOException e) {
                error = true;
                return false;
            }
        }

        /** What was read ahead and not yet taken, pushed back into glibc's stream, last byte first: it reads them next. */
        void giveBack(long file) {
            for (int i = inLen - 1; i >= inPos; i--) Glibc.ungetc(in[i] & 0xff, file);
            inPos = inLen = 0;
        }
    }

    static final Stream STDIN, STDOUT, STDERR;

    /** Set (under the streams' locks) when glibc's streams take over. */
    private static volatile boolean glibc;

    static {
        boolean tty = stdoutIsTerminal();
        STDIN = new Stream(0, null, new FileInputStream(FileDescriptor.in), 0);
        STDOUT = new Stream(0, new FileOutputStream(FileDescriptor.out), null, tty ? 1 : 0);
        STDERR = new Stream(0, new FileOutputStream(FileDescriptor.err), null, 2);
        // a Java-level exit that bypasses exit() (an uncaught exception) still flushes
        Runtime.getRuntime().addShutdownHook(new FlushAtExit());
        jomp.runtime.start.Startup.stdioFlush = new FlushAll(); // before a fatal error's message
        jomp.runtime.ffi.NativeWorld.whenStarted(new ToGlibc()); // one C world once native code runs
    }

    // named classes, not method references: every program runs this, and each first lambda costs
    // a program without the start cache about a millisecond (docs/PERFORMANCE.md § Start-up)
    private static final class FlushAll implements Runnable {
        @Override
        public void run() {
            flushAll();
        }
    }

    private static final class ToGlibc implements Runnable {
        @Override
        public void run() {
            toGlibc();
        }
    }

    /**
     * isatty(1), as glibc asks to choose stdout's buffering. The executable's shell preamble
     * passes it in jomp.stdout.tty; without it (the jar run by java -jar) Java's console is asked,
     * which costs milliseconds and requires stdin to be a terminal too.
     */
    @SuppressWarnings(
            "SystemConsoleNull") // null still comes with -Djdk.console=jdk.internal.le off and in some launchers
    private static boolean stdoutIsTerminal() {
        String t = System.getProperty("jomp.stdout.tty");
        if (t != null) return t.equals("1");
        java.io.Console c = System.console();
        return c != null && c.isTerminal();
    }

    /** A named class, not a method reference: every program runs this, and the first lambda costs milliseconds. */
    private static final class FlushAtExit extends Thread {
        FlushAtExit() {
            super("jomp-stdio-flush");
        }

        @Override
        public void run() {
            Stdlib.runOnExit();
        }
    }

    /**
     * Native code is about to run: what the Java streams hold moves to glibc's (stdout's buffer;
     * what stdin read ahead), and glibc's streams serve from now on.
     */
    public static void toGlibc() {
        synchronized (STDOUT) {
            synchronized (STDERR) {
                synchronized (STDIN) {
                    if (glibc) return;
                    // what C's stdout still holds goes into glibc's stdout buffer, not out: C would not have written it
                    // yet
                    if (STDOUT.len > 0) Glibc.fwrite(STDOUT.buf, STDOUT.len, Glibc.stdout());
                    STDOUT.len = 0;
                    STDERR.flush();
                    glibc = true;
                    STDIN.giveBack(Glibc.stdin());
                }
            }
        }
    }

    /** Whether glibc's streams serve stdin, stdout and stderr (native code has started). */
    static boolean glibcStreams() {
        return glibc;
    }

    /** Flushes the standard streams: Java's before native code ran, glibc's (all of them, as fflush(NULL)) after. */
    public static void flushAll() {
        if (glibc) Glibc.fflush(0);
        else {
            STDOUT.flush();
            STDERR.flush();
        }
    }

    /** For the runtime's own reports (not C's fflush, which is glibc's): flush C's output first. */
    public static int fflush(long file) {
        flushAll();
        return 0;
    }

    /** Output to stdout: the Java buffer, or glibc's stdout once it serves. */
    private static void out(byte[] b, int n) {
        if (!glibc) {
            synchronized (STDOUT) {
                if (!glibc) {
                    STDOUT.write(b, 0, n);
                    return;
                }
            }
        }
        Glibc.fwrite(b, n, Glibc.stdout());
    }

    /** Before an abnormal end: what stderr holds goes out (glibc's stderr is unbuffered). */
    static void flushStderr() {
        if (!glibc) STDERR.flush();
    }

    /** Output to stderr, likewise. */
    static void err(byte[] b, int n) {
        if (!glibc) {
            synchronized (STDERR) {
                if (!glibc) {
                    STDERR.write(b, 0, n);
                    return;
                }
            }
        }
        Glibc.fwrite(b, n, Glibc.stderr());
    }

    // ---- formatted output ----

    public static int printf(long fmt, long va) {
        return vprintf(fmt, va);
    }

    /** The Java engine into the Java stdout while it serves; glibc's vfprintf on its stdout after. */
    public static int vprintf(long fmt, long ap) {
        if (!glibc) {
            Format.Out out = Format.format(fmt, ap);
            if (out.invalid) {
                Errno.set(Errno.EINVAL);
                return -1;
            }
            synchronized (STDOUT) {
                if (!glibc) {
                    STDOUT.write(out.buf, 0, out.len);
                    return out.len;
                }
            }
        }
        return vfprintf(Glibc.stdout(), fmt, ap);
    }

    public static int fprintf(long file, long fmt, long va) {
        return vfprintf(file, fmt, va);
    }

    /**
     * glibc's vfprintf on a glibc FILE* (which any FILE* a program holds is): one native call,
     * glibc's output by definition, and no engine for the JIT to compile first (the Java engine,
     * formatting into fwrite, took 5 times gcc's time over a file's first 200,000 lines;
     * docs/PERFORMANCE.md § The C library's stdio). Native code writes the stream, so the native
     * world starts first (what the Java stdout holds goes into glibc's).
     */
    public static int vfprintf(long file, long fmt, long ap) {
        jomp.runtime.ffi.NativeWorld.start();
        jomp.runtime.mem.Stack s = jomp.runtime.mem.Stack.current();
        long mark = s.sp;
        try {
            return Glibc.vfprintf(file, GlibcFormat.printf(fmt, s), ap);
        } finally {
            s.reset(mark);
        }
    }

    public static int sprintf(long s, long fmt, long va) {
        return vsprintf(s, fmt, va);
    }

    public static int vsprintf(long s, long fmt, long ap) {
        Format.Out out = Format.format(fmt, ap);
        if (out.invalid) {
            Errno.set(Errno.EINVAL);
            return -1;
        }
        Mem.copyFromArray(out.buf, 0, s, out.len);
        Mem.putByte(s + out.len, (byte) 0);
        return out.len;
    }

    public static int snprintf(long s, long n, long fmt, long va) {
        return vsnprintf(s, n, fmt, va);
    }

    public static int vsnprintf(long s, long n, long fmt, long ap) {
        Format.Out out = Format.format(fmt, ap);
        if (out.invalid) {
            Errno.set(Errno.EINVAL);
            return -1;
        }
        if (n != 0) {
            int m = (int) Math.min(out.len, Math.max(0, n - 1));
            Mem.copyFromArray(out.buf, 0, s, m);
            Mem.putByte(s + m, (byte) 0);
        }
        return out.len;
    }

    // ---- _FORTIFY_SOURCE's checked forms (glibc's headers call these with -D_FORTIFY_SOURCE and -O) ----

    public static int __printf_chk(int flag, long fmt, long va) {
        return vprintf(fmt, va);
    }

    public static int __vprintf_chk(int flag, long fmt, long ap) {
        return vprintf(fmt, ap);
    }

    public static int __fprintf_chk(long file, int flag, long fmt, long va) {
        return vfprintf(file, fmt, va);
    }

    public static int __vfprintf_chk(long file, int flag, long fmt, long ap) {
        return vfprintf(file, fmt, ap);
    }

    public static int __sprintf_chk(long s, int flag, long size, long fmt, long va) {
        return __vsprintf_chk(s, flag, size, fmt, va);
    }

    public static int __vsprintf_chk(long s, int flag, long size, long fmt, long ap) {
        Format.Out out = Format.format(fmt, ap);
        if (out.invalid) {
            Errno.set(Errno.EINVAL);
            return -1;
        }
        if (Long.compareUnsigned(out.len, size) >= 0) bufferOverflow();
        Mem.copyFromArray(out.buf, 0, s, out.len);
        Mem.putByte(s + out.len, (byte) 0);
        return out.len;
    }

    public static int __snprintf_chk(long s, long n, int flag, long size, long fmt, long va) {
        return __vsnprintf_chk(s, n, flag, size, fmt, va);
    }

    public static int __vsnprintf_chk(long s, long n, int flag, long size, long fmt, long ap) {
        if (Long.compareUnsigned(n, size) > 0) bufferOverflow();
        return vsnprintf(s, n, fmt, ap);
    }

    /** glibc's __chk_fail: the message, then abort. */
    private static void bufferOverflow() {
        byte[] b =
                "*** buffer overflow detected ***: terminated\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        err(b, b.length);
        Stdlib.abort();
    }

    // ---- character and string output to stdout ----

    public static int puts(long s) {
        int n = 0;
        while (Mem.getByte(s + n) != 0) n++;
        byte[] b = new byte[n + 1];
        Mem.copyToArray(s, b, 0, n);
        b[n] = '\n';
        out(b, n + 1);
        return n + 1; // glibc returns the bytes written
    }

    public static int putchar(int c) {
        if (!glibc) {
            synchronized (STDOUT) {
                if (!glibc) {
                    STDOUT.write(c);
                    return c & 0xff;
                }
            }
        }
        return Glibc.fputc(c, Glibc.stdout());
    }

    /** perror: "s: message" on stderr (glibc's strerror text). */
    public static void perror(long s) {
        String msg = Str.message(Errno.get());
        String text = (s != 0 && Mem.getByte(s) != 0 ? Mem.cString(s) + ": " : "") + msg + "\n";
        byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        err(b, b.length);
    }

    // ---- input from stdin ----

    /**
     * One lock a character (it was three: a character cost 170 ns, 20 times glibc's getchar). A
     * line-buffered stdout is flushed before stdin must read(2), as glibc flushes before it reads
     * a terminal; outside stdin's lock, since the switch to glibc takes stdout's lock first.
     */
    public static int getchar() {
        if (!glibc) {
            beforeStdinRead();
            synchronized (STDIN) {
                if (!glibc) return STDIN.readLocked();
            }
        }
        return Glibc.getc(Glibc.stdin());
    }

    /** What reading stdin does first: a line-buffered stdout goes out when stdin must read(2). */
    static void beforeStdinRead() {
        if (STDOUT.mode == 1 && STDIN.drained()) STDOUT.flush();
    }
}
