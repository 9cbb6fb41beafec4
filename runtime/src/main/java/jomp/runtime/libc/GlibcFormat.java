package jomp.runtime.libc;

import jomp.runtime.mem.Mem;
import jomp.runtime.mem.Stack;

/**
 * A printf or scanf format as glibc's engines must read it when jomp calls them (docs/libc.md §
 * Java or glibc). jomp's {@code long double} is a double, passed in one 8-byte slot and stored in
 * 8 bytes, where glibc's engines would read 16 bytes of an x87 value or store 10: a conversion
 * that says long double ({@code L}, and glibc's {@code q} and {@code ll}, before a floating
 * conversion) says double instead, in a copy on the thread's stack. The format itself when it
 * has none (nearly always).
 */
final class GlibcFormat {
    private GlibcFormat() {}

    /** For printf: {@code %Lf} becomes {@code %f}. */
    static long printf(long fmt, Stack s) {
        return rewrite(fmt, s, false);
    }

    /** For scanf: {@code %Lf} becomes {@code %lf}. */
    static long scanf(long fmt, Stack s) {
        return rewrite(fmt, s, true);
    }

    private static boolean isFloating(int c) {
        return c != 0 && "aAeEfFgG".indexOf(c) >= 0;
    }

    private static long rewrite(long fmt, Stack s, boolean scan) {
        // a format with no 'L', 'q' or "ll" anywhere (nearly every one) goes as it is, copied to nothing
        int n = 0;
        boolean maybe = false;
        for (byte b, prev = 0; (b = Mem.getByte(fmt + n)) != 0; prev = b, n++)
            maybe |= b == 'L' || b == 'q' || b == 'l' && prev == 'l';
        if (!maybe) return fmt;
        byte[] f = new byte[n];
        Mem.copyToArray(fmt, f, 0, n);
        // what may come between '%' and the length modifier: printf's position, flags, width and
        // precision; scanf's suppression, width and allocation flag ('m', a conversion in printf)
        String spec = scan ? "0123456789*'m" : "0123456789$*.-+ #'I";
        boolean edited = false;
        int w = 0; // the copy is written over the bytes read, never ahead of them
        for (int i = 0; i < n; ) {
            byte c = f[i++];
            f[w++] = c;
            if (c != '%') continue;
            if (i < n && f[i] == '%') {
                f[w++] = f[i++];
                continue;
            }
            while (i < n && spec.indexOf(f[i]) >= 0) f[w++] = f[i++];
            int length = i;
            while (i < n && "hlLqjzt".indexOf(f[i]) >= 0) i++;
            int conv = i < n ? f[i] : 0;
            boolean longDouble = i - length == 1 && (f[length] == 'L' || f[length] == 'q')
                    || i - length == 2 && f[length] == 'l' && f[length + 1] == 'l';
            if (longDouble && isFloating(conv)) {
                if (scan) f[w++] = 'l';
                edited = true;
            } else {
                for (int k = length; k < i; k++) f[w++] = f[k];
            }
            if (i == n) break;
            f[w++] = f[i++];
            if (scan && conv == '[') { // a scanset: a ']' first (after '^') belongs to it
                if (i < n && f[i] == '^') f[w++] = f[i++];
                if (i < n && f[i] == ']') f[w++] = f[i++];
                while (i < n && f[i] != ']') f[w++] = f[i++];
                if (i < n) f[w++] = f[i++];
            }
        }
        if (!edited) return fmt;
        long copy = s.alloc(w + 1, 1);
        Mem.copyFromArray(f, 0, copy, w);
        Mem.putByte(copy + w, (byte) 0);
        return copy;
    }
}
