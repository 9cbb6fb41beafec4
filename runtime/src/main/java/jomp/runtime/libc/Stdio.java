package jomp.runtime.libc;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import jomp.runtime.mem.Mem;

/**
 * stdio.h: the process's file descriptors 0, 1 and 2, and files opened with fopen. stdout is
 * fully buffered (line buffered on a terminal), stderr unbuffered, as in glibc, so the
 * interleaving of the two matches C; files are fully buffered, with one position for reading and
 * writing as C's update streams have. A FILE* is the address of a small native object.
 */
public final class Stdio {
    private Stdio() {}

    /** One stream: its FILE* address, its descriptor's stream and its buffer. */
    static final class Stream {
        final long address;
        final OutputStream os;
        final InputStream is;
        /** A file from fopen (os and is are null), with what its mode allows. */
        final java.io.RandomAccessFile file;
        final boolean readable, writable, append;
        byte[] buf;
        int len;
        int mode; // _IOFBF 0, _IOLBF 1, _IONBF 2
        boolean error, eof;
        /** Read-ahead of a file (rpos..rlen of rbuf not yet consumed), and one pushed-back byte (-1: none). */
        byte[] rbuf;
        int rpos, rlen, pushback = -1;

        Stream(long address, OutputStream os, InputStream is, int mode) {
            this.address = address;
            this.os = os;
            this.is = is;
            this.mode = mode;
            this.buf = new byte[8192];
            this.file = null;
            this.readable = is != null;
            this.writable = os != null;
            this.append = false;
        }

        Stream(long address, java.io.RandomAccessFile file, boolean readable, boolean writable, boolean append) {
            this.address = address;
            this.os = null;
            this.is = null;
            this.file = file;
            this.readable = readable;
            this.writable = writable;
            this.append = append;
            this.mode = 0;
            this.buf = new byte[8192];
        }

        synchronized void write(byte[] b, int off, int n) {
            if (!writable) { error = true; return; }
            if (file != null) dropReadAhead();
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
            if (!writable) { error = true; return; }
            if (file != null) dropReadAhead();
            if (len == buf.length) flush();
            buf[len++] = (byte) c;
            if (mode == 2 || (mode == 1 && c == '\n')) flush();
        }

        synchronized void flush() {
            if (len > 0) { emit(buf, 0, len); len = 0; }
        }

        private void emit(byte[] b, int off, int n) {
            try {
                if (file != null) {
                    if (append) file.seek(file.length());
                    file.write(b, off, n);
                    return;
                }
                os.write(b, off, n);
                os.flush();
            } catch (IOException e) {
                error = true;
            }
        }

        /** Reading after writing (or seeking) starts from the file's position: unread bytes are given back. */
        void dropReadAhead() {
            if (rlen - rpos > 0 || pushback >= 0) {
                try {
                    file.seek(file.getFilePointer() - (rlen - rpos) - (pushback >= 0 ? 1 : 0));
                } catch (IOException e) {
                    error = true;
                }
            }
            rpos = rlen = 0;
            pushback = -1;
        }

        /** The next byte, or -1 at the end (eof set) or on an error (error set). */
        synchronized int read() {
            if (pushback >= 0) { int c = pushback; pushback = -1; return c; }
            if (!readable) { error = true; return -1; }
            try {
                if (file == null) {
                    int c = is.read();
                    if (c < 0) eof = true;
                    return c;
                }
                flush();
                if (rpos == rlen) {
                    if (rbuf == null) rbuf = new byte[8192];
                    int n = file.read(rbuf, 0, rbuf.length);
                    if (n <= 0) { eof = true; return -1; }
                    rpos = 0;
                    rlen = n;
                }
                return rbuf[rpos++] & 0xff;
            } catch (IOException e) {
                error = true;
                return -1;
            }
        }

        /** The position C's ftell reports. */
        synchronized long position() throws IOException {
            return file.getFilePointer() - (rlen - rpos) - (pushback >= 0 ? 1 : 0) + len;
        }
    }

    /** The streams fopen made, by FILE* address. */
    private static final java.util.concurrent.ConcurrentHashMap<Long, Stream> FILES = new java.util.concurrent.ConcurrentHashMap<>();

    static final Stream STDIN, STDOUT, STDERR;

    static {
        long files = Mem.permanent(3 * 16, 16);
        boolean tty = stdoutIsTerminal();
        STDIN = new Stream(files, null, new FileInputStream(FileDescriptor.in), 0);
        STDOUT = new Stream(files + 16, new FileOutputStream(FileDescriptor.out), null, tty ? 1 : 0);
        STDERR = new Stream(files + 32, new FileOutputStream(FileDescriptor.err), null, 2);
        // a Java-level exit that bypasses exit() (an uncaught exception) still flushes
        Runtime.getRuntime().addShutdownHook(new FlushAtExit());
    }

    /**
     * isatty(1), as glibc asks to choose stdout's buffering. The executable's shell preamble
     * passes it in jomp.stdout.tty; without it (the jar run by java -jar) Java's console is asked,
     * which costs milliseconds and requires stdin to be a terminal too.
     */
    private static boolean stdoutIsTerminal() {
        String t = System.getProperty("jomp.stdout.tty");
        if (t != null) return t.equals("1");
        java.io.Console c = System.console();
        return c != null && c.isTerminal();
    }

    /** A named class, not a method reference: every program runs this, and the first lambda costs milliseconds. */
    private static final class FlushAtExit extends Thread {
        FlushAtExit() { super("jomp-stdio-flush"); }
        @Override public void run() { flushAll(); }
    }

    public static long __jomp_stdin() { return STDIN.address; }
    public static long __jomp_stdout() { return STDOUT.address; }
    public static long __jomp_stderr() { return STDERR.address; }

    static Stream stream(long file) {
        if (file == STDOUT.address) return STDOUT;
        if (file == STDERR.address) return STDERR;
        if (file == STDIN.address) return STDIN;
        Stream st = FILES.get(file);
        if (st != null) return st;
        throw new IllegalArgumentException("jomp libc: not a FILE* (closed, or never opened): 0x" + Long.toHexString(file));
    }

    // ---- files ----

    /** fopen: modes r, w, a, with + for update; b is accepted and means nothing, as on Linux. */
    public static long fopen(long path, long modeStr) {
        String name = Mem.cString(path), m = Mem.cString(modeStr).replace("b", "");
        boolean plus = m.contains("+");
        char kind = m.isEmpty() ? '?' : m.charAt(0);
        if (kind != 'r' && kind != 'w' && kind != 'a' || m.length() > (plus ? 2 : 1) && !m.endsWith("x")) {
            Errno.set(Errno.EINVAL);
            return 0;
        }
        java.io.File f = new java.io.File(name);
        if (kind == 'r' && !f.exists()) { Errno.set(Errno.ENOENT); return 0; }
        if (f.isDirectory()) { Errno.set(Errno.EISDIR); return 0; }
        try {
            java.io.RandomAccessFile raf = new java.io.RandomAccessFile(f, kind == 'r' && !plus ? "r" : "rw");
            if (kind == 'w') raf.setLength(0);
            long address = Stdlib.malloc(16);
            FILES.put(address, new Stream(address, raf, kind == 'r' || plus, kind != 'r' || plus, kind == 'a'));
            return address;
        } catch (IOException | SecurityException e) {
            Errno.set(f.exists() ? Errno.EACCES : Errno.ENOENT);
            return 0;
        }
    }

    public static int fclose(long file) {
        Stream st = stream(file);
        st.flush();
        if (st.file == null) return 0;   // the standard streams stay usable by the runtime
        FILES.remove(file);
        try {
            st.file.close();
        } catch (IOException e) {
            return -1;
        } finally {
            Stdlib.free(file);
        }
        return st.error ? -1 : 0;
    }

    public static int fseek(long file, long offset, int whence) {
        Stream st = stream(file);
        if (st.file == null) { Errno.set(Errno.ESPIPE); return -1; }
        synchronized (st) {
            try {
                long base = switch (whence) { case 0 -> 0; case 1 -> st.position(); case 2 -> { st.flush(); yield st.file.length(); } default -> -1; };
                if (base < 0 || base + offset < 0) { Errno.set(Errno.EINVAL); return -1; }
                st.flush();
                st.rpos = st.rlen = 0;
                st.pushback = -1;
                st.file.seek(base + offset);
                st.eof = false;
                return 0;
            } catch (IOException e) {
                st.error = true;
                return -1;
            }
        }
    }

    public static long ftell(long file) {
        Stream st = stream(file);
        if (st.file == null) { Errno.set(Errno.ESPIPE); return -1; }
        try { return st.position(); } catch (IOException e) { return -1; }
    }

    public static void rewind(long file) { fseek(file, 0, 0); clearerr(file); }

    public static long fread(long ptr, long size, long n, long file) {
        Stream st = stream(file);
        if (size == 0 || n == 0) return 0;
        long total = size * n, got = 0;
        if (st == STDIN) STDOUT.flush();
        while (got < total) {
            int c = st.read();
            if (c < 0) break;
            Mem.putByte(ptr + got++, (byte) c);
        }
        return got / size;
    }

    public static int ungetc(int c, long file) {
        if (c == -1) return -1;
        Stream st = stream(file);
        synchronized (st) {
            if (st.pushback >= 0) return -1;   // one byte of push-back, as C guarantees
            st.pushback = c & 0xff;
            st.eof = false;
        }
        return c & 0xff;
    }

    public static int remove(long path) {
        java.io.File f = new java.io.File(Mem.cString(path));
        if (!f.exists()) { Errno.set(Errno.ENOENT); return -1; }
        if (!f.delete()) { Errno.set(Errno.EACCES); return -1; }
        return 0;
    }

    public static int rename(long from, long to) {
        try {
            java.nio.file.Files.move(java.nio.file.Path.of(Mem.cString(from)), java.nio.file.Path.of(Mem.cString(to)),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return 0;
        } catch (java.nio.file.NoSuchFileException e) {
            Errno.set(Errno.ENOENT);
            return -1;
        } catch (IOException e) {
            Errno.set(Errno.EACCES);
            return -1;
        }
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
        Mem.copyFromArray(out.buf, 0, s, out.len);
        Mem.putByte(s + out.len, (byte) 0);
        return out.len;
    }

    public static int snprintf(long s, long n, long fmt, long va) { return vsnprintf(s, n, fmt, va); }

    public static int vsnprintf(long s, long n, long fmt, long ap) {
        Format.Out out = Format.format(fmt, ap);
        if (out.invalid) { Errno.set(Errno.EINVAL); return -1; }
        if (n != 0) {
            int m = (int) Math.min(out.len, Math.max(0, n - 1));
            Mem.copyFromArray(out.buf, 0, s, m);
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
        Mem.copyToArray(ptr, b, 0, b.length);
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

    // ---- input ----

    public static int fgetc(long file) {
        Stream st = stream(file);
        if (st == STDIN) STDOUT.flush(); // glibc flushes line-buffered stdout; harmless when fully buffered
        return st.read();
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
        Mem.copyToArray(s, b, 0, n);
        return b;
    }
}
