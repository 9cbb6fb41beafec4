package jomp.runtime.libc;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jomp.runtime.mem.Mem;

/**
 * stdio.h on the process's file descriptors 0, 1 and 2. stdout is fully buffered (line buffered
 * on a terminal), stderr unbuffered, as in glibc, so the interleaving of the two matches C.
 * A FILE* is the address of a small native object; only the three standard streams exist.
 */
public final class Stdio {
    private Stdio() {}

    /** One stream: its FILE* address, its descriptor's stream and its buffer. */
    static final class Stream {
        final long address;
        final OutputStream os;
        final InputStream is;
        byte[] buf;
        int len;
        int mode; // _IOFBF 0, _IOLBF 1, _IONBF 2
        boolean error, eof;

        Stream(long address, OutputStream os, InputStream is, int mode) {
            this.address = address;
            this.os = os;
            this.is = is;
            this.mode = mode;
            this.buf = new byte[8192];
        }

        synchronized void write(byte[] b, int off, int n) {
            if (os == null) { error = true; return; }
            if (mode == 2) { emit(b, off, n); return; }
            if (len + n > buf.length) {
                flush();
                if (n > buf.length) { emit(b, off, n); return; }
            }
            System.arraycopy(b, off, buf, len, n);
            len += n;
            if (mode == 1) {
                for (int i = off; i < off + n; i++) {
                    if (b[i] == '\n') { flush(); break; }
                }
            }
        }

        synchronized void write(int c) {
            if (os == null) { error = true; return; }
            if (len == buf.length) flush();
            buf[len++] = (byte) c;
            if (mode == 2 || (mode == 1 && c == '\n')) flush();
        }

        synchronized void flush() {
            if (len > 0) { emit(buf, 0, len); len = 0; }
        }

        private void emit(byte[] b, int off, int n) {
            try {
                os.write(b, off, n);
                os.flush();
            } catch (IOException e) {
                error = true;
            }
        }
    }

    static final Stream STDIN, STDOUT, STDERR;

    static {
        long files = Arena.global().allocate(3 * 16, 16).address();
        boolean tty = System.console() != null && System.console().isTerminal();
        STDIN = new Stream(files, null, new FileInputStream(FileDescriptor.in), 0);
        STDOUT = new Stream(files + 16, new FileOutputStream(FileDescriptor.out), null, tty ? 1 : 0);
        STDERR = new Stream(files + 32, new FileOutputStream(FileDescriptor.err), null, 2);
        // a Java-level exit that bypasses exit() (an uncaught exception) still flushes
        Runtime.getRuntime().addShutdownHook(new Thread(Stdio::flushAll));
    }

    public static long __jomp_stdin() { return STDIN.address; }
    public static long __jomp_stdout() { return STDOUT.address; }
    public static long __jomp_stderr() { return STDERR.address; }

    static Stream stream(long file) {
        if (file == STDOUT.address) return STDOUT;
        if (file == STDERR.address) return STDERR;
        if (file == STDIN.address) return STDIN;
        throw new IllegalArgumentException("jomp libc: not a FILE*: 0x" + Long.toHexString(file));
    }

    /** Flushes stdout and stderr (exit, abort). */
    public static void flushAll() {
        STDOUT.flush();
        STDERR.flush();
    }

    // ---- formatted output ----

    public static int printf(long fmt, long va) { return vfprintf(STDOUT.address, fmt, va); }
    public static int vprintf(long fmt, long ap) { return vfprintf(STDOUT.address, fmt, ap); }
    public static int fprintf(long file, long fmt, long va) { return vfprintf(file, fmt, va); }

    public static int vfprintf(long file, long fmt, long ap) {
        Format.Out out = Format.format(fmt, ap);
        if (out.invalid) { Errno.set(Errno.EINVAL); return -1; }
        stream(file).write(out.buf, 0, out.len);
        return out.len;
    }

    public static int sprintf(long s, long fmt, long va) { return vsprintf(s, fmt, va); }

    public static int vsprintf(long s, long fmt, long ap) {
        Format.Out out = Format.format(fmt, ap);
        if (out.invalid) { Errno.set(Errno.EINVAL); return -1; }
        MemorySegment.copy(out.buf, 0, Mem.ALL, ValueLayout.JAVA_BYTE, s, out.len);
        Mem.putByte(s + out.len, (byte) 0);
        return out.len;
    }

    public static int snprintf(long s, long n, long fmt, long va) { return vsnprintf(s, n, fmt, va); }

    public static int vsnprintf(long s, long n, long fmt, long ap) {
        Format.Out out = Format.format(fmt, ap);
        if (out.invalid) { Errno.set(Errno.EINVAL); return -1; }
        if (n != 0) {
            int m = (int) Math.min(out.len, Math.max(0, n - 1));
            MemorySegment.copy(out.buf, 0, Mem.ALL, ValueLayout.JAVA_BYTE, s, m);
            Mem.putByte(s + m, (byte) 0);
        }
        return out.len;
    }

    // ---- character and string output ----

    public static int puts(long s) {
        byte[] b = bytes(s);
        STDOUT.write(b, 0, b.length);
        STDOUT.write('\n');
        return b.length + 1; // glibc returns the bytes written
    }

    public static int putchar(int c) { STDOUT.write(c); return c & 0xff; }

    public static int fputc(int c, long file) { stream(file).write(c); return c & 0xff; }

    public static int putc(int c, long file) { return fputc(c, file); }

    public static int fputs(long s, long file) {
        byte[] b = bytes(s);
        stream(file).write(b, 0, b.length);
        return 1;
    }

    public static long fwrite(long ptr, long size, long n, long file) {
        long total = size * n;
        if (total == 0) return 0;
        byte[] b = new byte[(int) total];
        MemorySegment.copy(Mem.ALL, ValueLayout.JAVA_BYTE, ptr, b, 0, b.length);
        stream(file).write(b, 0, b.length);
        return n;
    }

    public static int fflush(long file) {
        if (file == 0) flushAll();
        else stream(file).flush();
        return 0;
    }

    public static int setvbuf(long file, long buf, int mode, long size) {
        Stream st = stream(file);
        st.flush();
        st.mode = mode;
        return 0;
    }

    public static void setbuf(long file, long buf) { setvbuf(file, buf, buf == 0 ? 2 : 0, 8192); }

    public static void perror(long s) {
        String msg = Str.message(Errno.get());
        String text = (s != 0 && Mem.getByte(s) != 0 ? Mem.cString(s) + ": " : "") + msg + "\n";
        byte[] b = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        STDERR.write(b, 0, b.length);
    }

    public static int ferror(long file) { return stream(file).error ? 1 : 0; }
    public static int feof(long file) { return stream(file).eof ? 1 : 0; }
    public static void clearerr(long file) { Stream st = stream(file); st.error = false; st.eof = false; }

    // ---- input (stdin only) ----

    public static int fgetc(long file) {
        Stream st = stream(file);
        if (st.is == null) { st.error = true; return -1; }
        if (st == STDIN) STDOUT.flush(); // glibc flushes line-buffered stdout; harmless when fully buffered
        try {
            int c = st.is.read();
            if (c < 0) st.eof = true;
            return c;
        } catch (IOException e) {
            st.error = true;
            return -1;
        }
    }

    public static int getc(long file) { return fgetc(file); }
    public static int getchar() { return fgetc(STDIN.address); }

    public static long fgets(long s, int n, long file) {
        if (n <= 0) return 0;
        int i = 0;
        while (i < n - 1) {
            int c = fgetc(file);
            if (c < 0) break;
            Mem.putByte(s + i++, (byte) c);
            if (c == '\n') break;
        }
        if (i == 0) return 0;
        Mem.putByte(s + i, (byte) 0);
        return s;
    }

    private static byte[] bytes(long s) {
        int n = 0;
        while (Mem.getByte(s + n) != 0) n++;
        byte[] b = new byte[n];
        MemorySegment.copy(Mem.ALL, ValueLayout.JAVA_BYTE, s, b, 0, n);
        return b;
    }
}
