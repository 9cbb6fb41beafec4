package jomp.runtime.libc;

import java.lang.foreign.Arena;
import java.nio.charset.StandardCharsets;
import jomp.runtime.mem.Mem;

/** Test helpers: C strings and variadic areas in native memory (never freed: tests are short). */
final class Native {
    private Native() {}

    static final Arena ARENA = Arena.ofAuto();

    static long alloc(long n) {
        return ARENA.allocate(Math.max(n, 1), 16).address();
    }

    static long cstr(String s) {
        return cstr(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    static long cstr(byte[] b) {
        long a = alloc(b.length + 1);
        for (int i = 0; i < b.length; i++) Mem.putByte(a + i, b[i]);
        Mem.putByte(a + b.length, (byte) 0);
        return a;
    }

    static String str(long a) {
        return a == 0 ? null : Mem.cString(a);
    }

    static byte[] bytes(long a, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = Mem.getByte(a + i);
        return b;
    }

    /** Builds a variadic area: one 8-byte slot per argument, as docs/design/abi.md lays it out. */
    static final class Va {
        private final long[] slots = new long[64];
        private int n;

        Va i(long v) {
            slots[n++] = v;
            return this;
        }

        Va d(double v) {
            slots[n++] = Double.doubleToRawLongBits(v);
            return this;
        }

        Va s(String v) {
            slots[n++] = v == null ? 0 : cstr(v);
            return this;
        }

        long build() {
            long a = alloc(8L * Math.max(n, 1));
            for (int k = 0; k < n; k++) Mem.putLong(a + 8L * k, slots[k]);
            return a;
        }
    }

    static Va va() {
        return new Va();
    }

    /** snprintf into a fresh buffer; returns the formatted string (ISO-8859-1). */
    static String sprintf(String fmt, Va args) {
        long buf = alloc(4096);
        int n = Stdio.snprintf(buf, 4096, cstr(fmt), args.build());
        if (n < 0) return "ERR";
        return new String(bytes(buf, Math.min(n, 4095)), StandardCharsets.ISO_8859_1);
    }
}
