package jomp.runtime.libc;

import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import jomp.runtime.mem.Mem;

/** string.h over native memory. Bytes compare as unsigned char, as C requires. */
public final class Str {
    private Str() {}

    public static long memcpy(long d, long s, long n) {
        if (n != 0) Mem.copy(d, s, n);
        return d;
    }

    public static long memmove(long d, long s, long n) {
        if (n != 0) Mem.copy(d, s, n);
        return d;
    }

    public static long memset(long d, int c, long n) {
        if (n != 0) Mem.fill(d, (byte) c, n);
        return d;
    }

    /** Eight bytes at a time where both objects have them (all n bytes are readable), then bytes. */
    public static int memcmp(long a, long b, long n) {
        long i = 0;
        if (WORDS) {
            for (; n - i >= 8; i += 8) {
                long x = Mem.getLong(a + i), y = Mem.getLong(b + i);
                if (x != y) {
                    int d = Long.numberOfTrailingZeros(x ^ y) & ~7; // bit offset of the first differing byte
                    return (int) ((x >>> d) & 0xff) - (int) ((y >>> d) & 0xff);
                }
            }
        }
        for (; i < n; i++) {
            int x = Mem.getByte(a + i) & 0xff, y = Mem.getByte(b + i) & 0xff;
            if (x != y) return x - y;
        }
        return 0;
    }

    public static long memchr(long s, int c, long n) {
        byte b = (byte) c;
        long i = 0;
        if (WORDS) {
            // C11 lets n pass the object's end when c comes first (memchr(s, 0, SIZE_MAX)): a word is
            // read only where it stays in the page of its first byte, as strlen does
            long pattern = (b & 0xffL) * LO;
            while (n - i >= 8) {
                if (!Mem.wordInPage(s + i)) {
                    if (Mem.getByte(s + i) == b) return s + i;
                    i++;
                    continue;
                }
                long z = zeroBytes(Mem.getLong(s + i) ^ pattern);
                if (z != 0) return s + i + (Long.numberOfTrailingZeros(z) >>> 3);
                i += 8;
            }
        }
        for (; i < n; i++) if (Mem.getByte(s + i) == b) return s + i;
        return 0;
    }

    // Word-at-a-time scanning (little-endian only): a word is read wherever it cannot leave the
    // page of its first byte (Mem.wordInPage). ((x - LO) & ~x & HI) flags the bytes of x that
    // are zero; the lowest flag is exact (borrows only produce false flags above a true zero).
    private static final boolean WORDS = java.nio.ByteOrder.nativeOrder() == java.nio.ByteOrder.LITTLE_ENDIAN;
    private static final long LO = 0x0101010101010101L, HI = 0x8080808080808080L;

    private static long zeroBytes(long x) {
        return (x - LO) & ~x & HI;
    }

    public static long strlen(long s) {
        long p = s;
        if (WORDS) {
            for (; ; ) {
                if (Mem.wordInPage(p)) {
                    long z = zeroBytes(Mem.getLong(p));
                    if (z != 0) return p - s + (Long.numberOfTrailingZeros(z) >>> 3);
                    p += 8;
                } else {
                    if (Mem.getByte(p) == 0) return p - s;
                    p++;
                }
            }
        }
        while (Mem.getByte(p) != 0) p++;
        return p - s;
    }

    public static long strnlen(long s, long max) {
        long n = 0;
        while (n < max && Mem.getByte(s + n) != 0) n++;
        return n;
    }

    public static long strcpy(long d, long s) {
        // One pass, a word at a time while the word holds no NUL (the usual strings are short,
        // and a bulk copy's set-up cost more than the copy); the tail byte by byte.
        long i = 0;
        if (WORDS) {
            while (Mem.wordInPage(s + i)) {
                long x = Mem.getLong(s + i);
                if (zeroBytes(x) != 0) break;
                Mem.putLong(d + i, x);
                i += 8;
            }
        }
        for (; ; i++) {
            byte b = Mem.getByte(s + i);
            Mem.putByte(d + i, b);
            if (b == 0) return d;
        }
    }

    public static long strncpy(long d, long s, long n) {
        long i = 0;
        for (; i < n; i++) {
            byte b = Mem.getByte(s + i);
            if (b == 0) break;
            Mem.putByte(d + i, b);
        }
        if (i < n) Mem.fill(d + i, (byte) 0, n - i);
        return d;
    }

    public static long strcat(long d, long s) {
        strcpy(d + strlen(d), s);
        return d;
    }

    public static long strncat(long d, long s, long n) {
        long e = d + strlen(d);
        long i = 0;
        for (; i < n; i++) {
            byte b = Mem.getByte(s + i);
            if (b == 0) break;
            Mem.putByte(e + i, b);
        }
        Mem.putByte(e + i, (byte) 0);
        return d;
    }

    public static int strcmp(long a, long b) {
        long i = 0;
        if (WORDS) {
            for (; ; ) {
                if (Mem.wordInPage(a + i) && Mem.wordInPage(b + i)) {
                    long x = Mem.getLong(a + i), y = Mem.getLong(b + i);
                    long z = zeroBytes(x);
                    if (x == y) {
                        if (z != 0) return 0;
                        i += 8;
                        continue;
                    }
                    int d = Long.numberOfTrailingZeros(x ^ y) & ~7; // bit offset of the first differing byte
                    if (z != 0 && (Long.numberOfTrailingZeros(z) & ~7) < d) return 0; // equal through the NUL
                    return (int) ((x >>> d) & 0xff) - (int) ((y >>> d) & 0xff);
                }
                int x = Mem.getByte(a + i) & 0xff, y = Mem.getByte(b + i) & 0xff;
                if (x != y) return x - y;
                if (x == 0) return 0;
                i++;
            }
        }
        for (; ; i++) {
            int x = Mem.getByte(a + i) & 0xff, y = Mem.getByte(b + i) & 0xff;
            if (x != y) return x - y;
            if (x == 0) return 0;
        }
    }

    public static int strncmp(long a, long b, long n) {
        for (long i = 0; i < n; i++) {
            int x = Mem.getByte(a + i) & 0xff, y = Mem.getByte(b + i) & 0xff;
            if (x != y) return x - y;
            if (x == 0) return 0;
        }
        return 0;
    }

    public static int strcoll(long a, long b) {
        return strcmp(a, b);
    }

    public static long strchr(long s, int c) {
        byte b = (byte) c;
        for (long p = s; ; p++) {
            byte x = Mem.getByte(p);
            if (x == b) return p;
            if (x == 0) return 0;
        }
    }

    public static long strrchr(long s, int c) {
        byte b = (byte) c;
        long found = 0;
        for (long p = s; ; p++) {
            byte x = Mem.getByte(p);
            if (x == b) found = p;
            if (x == 0) return found;
        }
    }

    public static long strstr(long h, long n) {
        long nl = strlen(n);
        if (nl == 0) return h;
        byte first = Mem.getByte(n);
        for (long p = h; Mem.getByte(p) != 0; p++) {
            if (Mem.getByte(p) == first && strncmp(p, n, nl) == 0) return p;
        }
        return 0;
    }

    public static long strdup(long s) {
        long n = strlen(s) + 1;
        long d = Stdlib.malloc(n);
        if (d != 0) Mem.copy(d, s, n);
        return d;
    }

    public static long strndup(long s, long max) {
        long n = strnlen(s, max);
        long d = Stdlib.malloc(n + 1);
        if (d == 0) return 0;
        Mem.copy(d, s, n);
        Mem.putByte(d + n, (byte) 0);
        return d;
    }

    private static boolean in(byte c, long set) {
        for (long p = set; ; p++) {
            byte x = Mem.getByte(p);
            if (x == 0) return false;
            if (x == c) return true;
        }
    }

    public static long strspn(long s, long accept) {
        long n = 0;
        for (byte c; (c = Mem.getByte(s + n)) != 0 && in(c, accept); ) n++;
        return n;
    }

    public static long strcspn(long s, long reject) {
        long n = 0;
        for (byte c; (c = Mem.getByte(s + n)) != 0 && !in(c, reject); ) n++;
        return n;
    }

    public static long strpbrk(long s, long accept) {
        long p = s + strcspn(s, accept);
        return Mem.getByte(p) != 0 ? p : 0;
    }

    private static final class TokState extends ThreadLocal<long[]> {
        @Override
        protected long[] initialValue() {
            return new long[1];
        }
    }

    private static final ThreadLocal<long[]> TOK = new TokState();

    public static long strtok(long s, long delim) {
        long[] save = TOK.get();
        if (s == 0) s = save[0];
        if (s == 0) return 0;
        s += strspn(s, delim);
        if (Mem.getByte(s) == 0) {
            save[0] = 0;
            return 0;
        }
        long end = s + strcspn(s, delim);
        if (Mem.getByte(end) == 0) save[0] = 0;
        else {
            Mem.putByte(end, (byte) 0);
            save[0] = end + 1;
        }
        return s;
    }

    // ---- strerror ----

    private static final ConcurrentHashMap<Integer, Long> MESSAGES = new ConcurrentHashMap<>();

    public static long strerror(int e) {
        Long known = MESSAGES.get(e);
        if (known != null) return known;
        byte[] b = message(e).getBytes(StandardCharsets.ISO_8859_1);
        synchronized (MESSAGES) {
            known = MESSAGES.get(e);
            if (known != null) return known;
            long a = Arena.global().allocate(b.length + 1).address();
            for (int i = 0; i < b.length; i++) Mem.putByte(a + i, b[i]);
            Mem.putByte(a + b.length, (byte) 0);
            MESSAGES.put(e, a);
            return a;
        }
    }

    /** glibc's message for an errno value. */
    static String message(int e) {
        return switch (e) {
            case 0 -> "Success";
            case 1 -> "Operation not permitted";
            case 2 -> "No such file or directory";
            case 3 -> "No such process";
            case 4 -> "Interrupted system call";
            case 5 -> "Input/output error";
            case 6 -> "No such device or address";
            case 7 -> "Argument list too long";
            case 8 -> "Exec format error";
            case 9 -> "Bad file descriptor";
            case 10 -> "No child processes";
            case 11 -> "Resource temporarily unavailable";
            case 12 -> "Cannot allocate memory";
            case 13 -> "Permission denied";
            case 14 -> "Bad address";
            case 16 -> "Device or resource busy";
            case 17 -> "File exists";
            case 18 -> "Invalid cross-device link";
            case 19 -> "No such device";
            case 20 -> "Not a directory";
            case 21 -> "Is a directory";
            case 22 -> "Invalid argument";
            case 23 -> "Too many open files in system";
            case 24 -> "Too many open files";
            case 25 -> "Inappropriate ioctl for device";
            case 27 -> "File too large";
            case 28 -> "No space left on device";
            case 29 -> "Illegal seek";
            case 30 -> "Read-only file system";
            case 31 -> "Too many links";
            case 32 -> "Broken pipe";
            case 33 -> "Numerical argument out of domain";
            case 34 -> "Numerical result out of range";
            case 35 -> "Resource deadlock avoided";
            case 36 -> "File name too long";
            case 38 -> "Function not implemented";
            case 84 -> "Invalid or incomplete multibyte or wide character";
            case 110 -> "Connection timed out";
            default -> "Unknown error " + e;
        };
    }
}
