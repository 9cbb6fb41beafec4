package jomp.runtime.libc;

import jomp.runtime.ffi.NativeWorld;
import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;

/**
 * The scanf family. On a FILE* (fscanf, vfscanf, and scanf once glibc's streams serve stdin) it is
 * glibc's own engine, one native call per call (docs/libc.md § Java or glibc): jomp's reading a
 * stream a character at a time through native calls cost about 20 times glibc's. From a string
 * (sscanf, vsscanf), and from stdin before native code runs (no FFM started), it is this Java
 * engine (C11 7.21.6.2, with glibc's extensions that C programs use: ranges in scansets, "(nil)"
 * for %p): directives read from a string or a stream, conversions stored through the pointer
 * arguments (8-byte slots of the variadic area), the count of assignments returned, or EOF when
 * the input ends before anything was assigned (glibc's reading of C's "before the first
 * conversion"). ScanfTest compares it with glibc's sscanf.
 */
public final class Scanf {
    private Scanf() {}

    public static int scanf(long fmt, long va) {
        return vscanf(fmt, va);
    }

    /**
     * On the Java stdin while it serves, holding its lock for the call (one lock a call, not one a
     * character); glibc's engine on glibc's stdin after.
     */
    public static int vscanf(long fmt, long ap) {
        if (!Stdio.glibcStreams()) {
            Stdio.beforeStdinRead();
            synchronized (Stdio.STDIN) {
                if (!Stdio.glibcStreams()) {
                    Reader r = new Reader(Stdio.STDIN, 0);
                    try {
                        return new Scan(r, fmt, ap).run();
                    } finally {
                        r.finish();
                    }
                }
            }
        }
        return vfscanf(Glibc.stdin(), fmt, ap);
    }

    public static int fscanf(long file, long fmt, long va) {
        return vfscanf(file, fmt, va);
    }

    public static int sscanf(long s, long fmt, long va) {
        return vsscanf(s, fmt, va);
    }

    public static int vsscanf(long s, long fmt, long ap) {
        return new Scan(new Reader(null, s), fmt, ap).run();
    }

    /** glibc's engine on the stream: native code reads it, so the native world starts first (what the Java stdin holds goes back to glibc's). */
    public static int vfscanf(long file, long fmt, long ap) {
        NativeWorld.start();
        Stack s = Stack.current();
        long mark = s.sp;
        try {
            return Glibc.vfscanf(file, GlibcFormat.scanf(fmt, s), ap);
        } finally {
            s.reset(mark);
        }
    }

    // glibc's headers name the C99 scanf family so (<stdio.h> redirects scanf to __isoc99_scanf)
    public static int __isoc99_scanf(long fmt, long va) {
        return vscanf(fmt, va);
    }

    public static int __isoc99_vscanf(long fmt, long ap) {
        return vscanf(fmt, ap);
    }

    public static int __isoc99_fscanf(long file, long fmt, long va) {
        return vfscanf(file, fmt, va);
    }

    public static int __isoc99_vfscanf(long file, long fmt, long ap) {
        return vfscanf(file, fmt, ap);
    }

    public static int __isoc99_sscanf(long s, long fmt, long va) {
        return vsscanf(s, fmt, va);
    }

    public static int __isoc99_vsscanf(long s, long fmt, long ap) {
        return vsscanf(s, fmt, ap);
    }

    /**
     * Where a scan's characters come from: a C string, or the Java stdin's buffer, read in place
     * (its lock held for the call); with one character of push-back (the last one read), the count
     * taken for %n, and whether the input ran dry. A byte of the buffer is an array load: the reader
     * was an interface over the stream, and a character cost several calls.
     */
    static final class Reader {
        /** The Java stdin, or null: the C string at p. */
        private final Stdio.Stream stream;

        private long p;
        private final long start;
        /** The stream's buffer and the reader's place in it (the stream's inPos, written back by {@link #finish}); empty for a string. */
        private byte[] buf;

        private int pos, lim;
        /** The stream's bytes taken before buf[0] (the count is taken + pos). */
        private long taken;

        boolean ended;
        /** The last integer conversion's value: magnitude (unsigned), sign, and whether it passed 64 bits. */
        long magnitude;

        boolean negative, overflow;

        Reader(Stdio.Stream stream, long s) {
            this.stream = stream;
            p = start = s;
            if (stream != null) {
                buf = stream.in;
                pos = stream.inPos;
                lim = stream.inLen;
                taken = -pos;
            }
        }

        int next() {
            if (pos < lim) return buf[pos++] & 0xff;
            return more();
        }

        private int more() {
            if (stream == null) {
                int c = Mem.getByte(p) & 0xff;
                if (c != 0) {
                    p++;
                    return c;
                }
            } else {
                stream.inPos = pos;
                if (stream.fillLocked()) {
                    taken += pos;
                    buf = stream.in;
                    lim = stream.inLen;
                    pos = 1;
                    return buf[0] & 0xff;
                }
            }
            ended = true;
            return -1;
        }

        /** Gives back c, the character the last {@link #next} returned (nothing if it was the end). */
        void unread(int c) {
            if (c < 0) return;
            if (stream != null) pos--;
            else p--;
        }

        /** The characters taken so far. */
        long count() {
            return stream != null ? taken + pos : p - start;
        }

        /** The stream's place is where the reader stopped. */
        void finish() {
            if (stream != null) stream.inPos = pos;
        }

        int peek() {
            int c = next();
            unread(c);
            return c;
        }

        void skipSpace() {
            int c;
            do c = next();
            while (c >= 0 && isSpace(c));
            unread(c);
        }
    }

    private static boolean isSpace(int c) {
        return c == ' ' || c >= '\t' && c <= '\r';
    }

    /** A conversion specification: {@code %[*][width][length]conversion}. */
    private record Spec(boolean suppress, int width, int size, boolean isLong, boolean longDouble, char conv) {
        /** The most characters the field may take. */
        int limit() {
            return width > 0 ? width : Integer.MAX_VALUE;
        }
    }

    /**
     * One scan: the input, where it is in the format, the next argument slot and the assignments
     * so far. A directive's step answers {@link #GO_ON}, or the scan's result when it stops there.
     */
    private static final class Scan {
        static final int GO_ON = Integer.MIN_VALUE;

        final Reader r;
        final long va;
        long f;
        int slot, assigned;
        /** The floating conversions' field, made at the first. */
        FloatField floats;

        Scan(Reader r, long fmt, long va) {
            this.r = r;
            this.f = fmt;
            this.va = va;
        }

        int run() {
            while (true) {
                int fc = Mem.getByte(f) & 0xff;
                if (fc == 0) break;
                if (isSpace(fc)) {
                    while (isSpace(Mem.getByte(f) & 0xff)) f++;
                    r.skipSpace();
                    continue;
                }
                if (fc != '%') {
                    f++;
                    int c = r.next();
                    if (c != fc) {
                        r.unread(c);
                        return failure(c < 0);
                    }
                    continue;
                }
                f++;
                Spec s = spec();
                if (s.conv() == 0) break;
                if (s.conv() != '[' && s.conv() != 'c' && s.conv() != 'n') r.skipSpace();
                int result = convert(s);
                if (result != GO_ON) return result;
            }
            return assigned;
        }

        /** The conversion specification after a '%': its flag, width, length modifier and conversion. */
        private Spec spec() {
            boolean suppress = false;
            if (Mem.getByte(f) == '*') {
                suppress = true;
                f++;
            }
            int width = 0;
            while (Character.isDigit(Mem.getByte(f))) width = width * 10 + (Mem.getByte(f++) - '0');
            int size = 4; // bytes of the integer stored: hh 1, h 2, none 4, l ll j z t 8
            boolean longDouble = false, isLong = false;
            char m = (char) Mem.getByte(f);
            if (m == 'h') {
                f++;
                size = 2;
                if (Mem.getByte(f) == 'h') {
                    f++;
                    size = 1;
                }
            } else if (m == 'l') {
                f++;
                size = 8;
                isLong = true;
                if (Mem.getByte(f) == 'l') f++;
            } else if (m == 'j' || m == 'z' || m == 't' || m == 'q') {
                f++;
                size = 8;
            } else if (m == 'L') {
                f++;
                size = 8;
                longDouble = true;
            }
            char conv = (char) Mem.getByte(f);
            if (conv != 0) f++;
            return new Spec(suppress, width, size, isLong, longDouble, conv);
        }

        private int convert(Spec s) {
            return switch (s.conv()) {
                case '%' -> percent();
                case 'n' -> {
                    if (!s.suppress()) storeInt(nextArg(), r.count(), s.size());
                    yield GO_ON;
                }
                case 'd', 'i', 'u', 'o', 'x', 'X', 'p' -> integer(s);
                case 'f', 'e', 'g', 'a', 'E', 'F', 'G', 'A' -> floatingPoint(s);
                case 's' -> string(s);
                case 'c' -> characters(s);
                case '[' -> scanset(s);
                default -> assigned; // an invalid conversion ends the scan
            };
        }

        /** The result when input fails (at its end, or not matching) or a conversion fails. */
        private int failure(boolean atEnd) {
            return atEnd && assigned == 0 ? -1 : assigned;
        }

        private long nextArg() {
            return arg(va, slot++);
        }

        private int percent() {
            int c = r.next();
            if (c != '%') {
                r.unread(c);
                return failure(c < 0);
            }
            return GO_ON;
        }

        private int integer(Spec s) {
            long before = r.count();
            char conv = s.conv();
            int base = switch (conv) {
                case 'd', 'u' -> 10;
                case 'o' -> 8;
                case 'x', 'X', 'p' -> 16;
                default -> 0;
            };
            boolean found = conv == 'p' && r.peek() == '(' ? nil(r) : Scanf.integer(r, base, s.limit());
            if (!found) return failure(inputFailure(r, before));
            if (!s.suppress()) {
                storeInt(nextArg(), saturate(r, conv == 'd' || conv == 'i'), conv == 'p' ? 8 : s.size());
                assigned++;
            }
            return GO_ON;
        }

        private int floatingPoint(Spec s) {
            long before = r.count();
            if (floats == null) floats = new FloatField();
            if (!floats.read(r, s.limit())) return failure(inputFailure(r, before));
            if (!s.suppress()) {
                boolean single = !(s.isLong() || s.longDouble());
                long p = nextArg(), bits = floats.bits(single);
                if (single) Mem.putInt(p, (int) bits);
                else Mem.putLong(p, bits);
                assigned++;
            }
            return GO_ON;
        }

        private int string(Spec s) {
            long p = s.suppress() ? 0 : nextArg();
            int n = field(r, p, s.limit(), null);
            if (n < 0) return failure(true);
            if (p != 0) {
                Mem.putByte(p + n, (byte) 0);
                assigned++;
            }
            return GO_ON;
        }

        private int characters(Spec s) {
            long p = s.suppress() ? 0 : nextArg();
            if (chars(r, p, s.width() > 0 ? s.width() : 1) == 0) return failure(true);
            if (p != 0) assigned++;
            return GO_ON;
        }

        private int scanset(Spec s) {
            boolean[] set = new boolean[256];
            f = Scanf.scanset(f, set);
            if (f == 0) return assigned;
            long p = s.suppress() ? 0 : nextArg();
            int n = field(r, p, s.limit(), set);
            if (n < 0) return failure(true);
            if (n == 0) return assigned; // a matching failure
            if (p != 0) {
                Mem.putByte(p + n, (byte) 0);
                assigned++;
            }
            return GO_ON;
        }
    }

    /**
     * The characters of a %s field (set null: up to a space) or a %[ field (those in set), at most
     * limit, stored at p unless it is 0: how many, or -1 at the end of input.
     */
    private static int field(Reader r, long p, int limit, boolean[] set) {
        int n = 0, c = r.next();
        if (c < 0) return -1;
        while (c >= 0 && (set == null ? !isSpace(c) : set[c]) && n < limit) {
            if (p != 0) Mem.putByte(p + n, (byte) c);
            n++;
            c = n < limit ? r.next() : -2;
        }
        if (c != -2) r.unread(c);
        return n;
    }

    /** The n characters of a %c field, stored at p unless it is 0: how many there were. */
    private static int chars(Reader r, long p, int n) {
        for (int k = 0; k < n; k++) {
            int c = r.next();
            if (c < 0) return k; // glibc keeps the characters there were
            if (p != 0) Mem.putByte(p + k, (byte) c);
        }
        return n;
    }

    /**
     * Marks in set the characters the scanset at f (after '[') matches, as glibc reads it: a ']'
     * or '-' first (after '^') is a member; "x-y" adds x up to y where x <= y as signed chars (the
     * endpoints alone for bytes past 0x7f), else the '-' is a member (so "z-a" is three members,
     * and a range may start at the end of the one before). Returns the format position after its
     * ']', or 0 where the set has no ']' (a conversion error: the scan ends there).
     */
    private static long scanset(long f, boolean[] set) {
        boolean negate = Mem.getByte(f) == '^';
        if (negate) f++;
        int fc = Mem.getByte(f) & 0xff;
        if (fc == ']' || fc == '-') {
            set[fc] = true;
            f++;
        }
        while ((fc = Mem.getByte(f++) & 0xff) != 0 && fc != ']') {
            byte before = Mem.getByte(f - 2), after = Mem.getByte(f);
            if (fc == '-' && after != 0 && after != ']' && before <= after) {
                for (int k = before & 0xff; k < after; k++) set[k] = true; // 'after' is marked next
            } else set[fc] = true;
        }
        if (fc == 0) return 0;
        if (negate) for (int k = 0; k < set.length; k++) set[k] = !set[k];
        return f;
    }

    /** A failed conversion is an input failure (EOF) when the input ended before it took a character, else a matching failure. */
    private static boolean inputFailure(Reader r, long before) {
        return r.ended && r.count() == before;
    }

    /**
     * The integer {@link #integer} read, as glibc converts it: strtol (signed, clamped to long) or
     * strtoul (the magnitude clamped to 2^64 - 1, a minus sign wraps).
     */
    private static long saturate(Reader r, boolean signed) {
        long m = r.magnitude;
        if (!signed) return r.overflow ? -1L : r.negative ? -m : m;
        if (r.negative) return r.overflow || Long.compareUnsigned(m, Long.MIN_VALUE) > 0 ? Long.MIN_VALUE : -m;
        return r.overflow || m < 0 ? Long.MAX_VALUE : m;
    }

    private static long arg(long va, int i) {
        return Mem.getLong(va + 8L * i);
    }

    private static void storeInt(long p, long v, int size) {
        switch (size) {
            case 1 -> Mem.putByte(p, (byte) v);
            case 2 -> Mem.putShort(p, (short) v);
            case 4 -> Mem.putInt(p, (int) v);
            default -> Mem.putLong(p, v);
        }
    }

    /** glibc's %p reads back what its printf writes for a null pointer. */
    private static boolean nil(Reader r) {
        String want = "(nil)";
        for (int k = 0; k < want.length(); k++) {
            int c = r.next();
            if (c != want.charAt(k)) {
                r.unread(c);
                return false;
            }
        }
        r.magnitude = 0;
        r.negative = r.overflow = false;
        return true;
    }

    /** c's value as a digit in base (8, 10 or 16), or -1 (Character.digit's answer for a byte, without its tables). */
    private static int digit(int c, int base) {
        int lower = c | 0x20;
        int d = c >= '0' && c <= '9' ? c - '0' : lower >= 'a' && lower <= 'z' ? lower - 'a' + 10 : base;
        return d < base ? d : -1;
    }

    /**
     * Reads the longest prefix of the input that forms an integer in base (0: C's prefixes
     * decide), at most limit characters, into the reader's magnitude, sign and overflow (past
     * 64 bits); false when there are no digits.
     */
    private static boolean integer(Reader r, int base, int limit) {
        int used = 0, digits = 0;
        boolean negative = false;
        r.magnitude = 0;
        r.overflow = false;
        int c = r.next();
        if ((c == '+' || c == '-') && used < limit) {
            negative = c == '-';
            used++;
            c = used < limit ? r.next() : -2;
        }
        if (c == '0' && used < limit && (base == 0 || base == 16)) {
            used++;
            int x = used < limit ? r.next() : -2;
            if ((x == 'x' || x == 'X') && used < limit) {
                used++;
                int d = used < limit ? r.next() : -2;
                if (d >= 0 && digit(d, 16) >= 0) {
                    base = 16;
                    c = d;
                } else { // "0x" with no hex digit: the 0 was the number
                    if (d != -2) r.unread(d);
                    r.negative = negative;
                    return true;
                }
            } else {
                digits++;
                if (base == 0) base = 8;
                c = x;
            }
        } else if (base == 0) {
            base = 10;
        }
        while (c >= 0 && used < limit && digit(c, base) >= 0) {
            // magnitude * base + digit, unsigned, remembering a carry past 64 bits
            long m = r.magnitude, lo = m * base, sum = lo + digit(c, base);
            if (Math.unsignedMultiplyHigh(m, base) != 0 || Long.compareUnsigned(sum, lo) < 0) r.overflow = true;
            r.magnitude = sum;
            digits++;
            used++;
            c = used < limit ? r.next() : -2;
        }
        if (c != -2) r.unread(c);
        r.negative = negative;
        return digits > 0;
    }
}
