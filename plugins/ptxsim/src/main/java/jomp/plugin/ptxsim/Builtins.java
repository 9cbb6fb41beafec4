package jomp.plugin.ptxsim;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import jomp.runtime.mem.Mem;

/**
 * CUDA's device library as the simulator provides it (what ptxas/nvlink resolve on a GPU):
 * {@code vprintf} (formatted by the C library of the program, so the output is glibc's and goes
 * to the program's stdout in order with the host's), {@code malloc} and {@code free} (the device
 * heap in device memory; a free of anything else is an error), and {@code __assertfail} (the
 * assert message, then the kernel fails as a GPU's does).
 */
final class Builtins {
    private Builtins() {}

    enum Kind {
        VPRINTF,
        MALLOC,
        FREE,
        ASSERTFAIL
    }

    static Kind kind(String name) {
        return switch (name) {
            case "vprintf" -> Kind.VPRINTF;
            case "malloc" -> Kind.MALLOC;
            case "free" -> Kind.FREE;
            case "__assertfail" -> Kind.ASSERTFAIL;
            default -> null;
        };
    }

    /** The parameter layout the callers' .param variables have. */
    static void layout(Decoder.Function f) {
        switch (f.builtin) {
            case VPRINTF -> {
                f.paramSize = new int[] {8, 8};
                f.retSize = 4;
            }
            case MALLOC -> {
                f.paramSize = new int[] {8};
                f.retSize = 8;
            }
            case FREE -> {
                f.paramSize = new int[] {8};
            }
            case ASSERTFAIL -> {
                f.paramSize = new int[] {8, 8, 4, 8, 8};
            }
        }
        f.paramOff = new int[f.paramSize.length];
        f.retOff = f.retSize > 0 ? 0 : -1;
    }

    static void call(Executor ex, Warp w, Insn in, Decoder.Function f, int lanes) {
        Block b = ex.block;
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int tid = w.tid0 + l;
            long fp = w.R[(w.gbase << 5) + l];
            long[] args = new long[f.paramSize.length];
            for (int i = 0; i < args.length && i < in.argOff.length; i++) {
                long at = b.localAddress(tid, fp + in.argOff[i]);
                args[i] = f.paramSize[i] == 4 ? Mem.getInt(at) : Mem.getLong(at);
            }
            long result = switch (f.builtin) {
                case MALLOC -> ex.device.deviceMalloc(args[0]);
                case FREE -> {
                    if (args[0] != 0 && !ex.device.deviceFree(args[0]))
                        throw SimError.at(
                                ex.launch,
                                b,
                                w,
                                l,
                                in,
                                "free of 0x" + Long.toHexString(args[0]) + ", which device malloc did not return",
                                null);
                    yield 0;
                }
                case VPRINTF -> vprintf(ex, w, l, in, args[0], args[1]);
                case ASSERTFAIL -> throw assertion(ex, w, l, in, args);
            };
            if (in.retOff >= 0 && f.retSize > 0) {
                long at = b.localAddress(tid, fp + in.retOff);
                if (f.retSize == 4) Mem.putInt(at, (int) result);
                else Mem.putLong(at, result);
            }
        }
    }

    /** A NUL-terminated string of device memory (any space, through generic addressing, checked). */
    static byte[] string(Executor ex, Warp w, int l, Insn in, long addr) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (long p = addr; ; p++) {
            byte c = Mem.getByte(ex.resolve(w, l, p, 1, Insn.S_GENERIC, false, in));
            if (c == 0) break;
            out.write(c);
            if (out.size() > 1 << 20) break;
        }
        return out.toByteArray();
    }

    private static long readArg(Executor ex, Warp w, int l, Insn in, long addr, int bytes) {
        long p = ex.resolve(w, l, addr, bytes, Insn.S_GENERIC, false, in);
        return bytes == 4 ? Mem.getInt(p) : Mem.getLong(p);
    }

    /**
     * CUDA's vprintf: the arguments packed at their natural alignment in a buffer, as the format
     * says (integers 4 bytes, or 8 with l, ll, j, z, t; floating point 8; %s and %p 8), moved to
     * the C library's 8-byte slots; %s strings are copied to the host.
     */
    private static long vprintf(Executor ex, Warp w, int l, Insn in, long fmtAddr, long argAddr) {
        byte[] fmt = string(ex, w, l, in, fmtAddr);
        List<Long> slots = new ArrayList<>();
        List<byte[]> strings = new ArrayList<>();
        List<Integer> stringSlots = new ArrayList<>();
        long off = 0;
        int i = 0, n = fmt.length;
        while (i < n) {
            if (fmt[i++] != '%') continue;
            if (i < n && fmt[i] == '%') {
                i++;
                continue;
            }
            while (i < n && "-+ #0'".indexOf(fmt[i]) >= 0) i++;
            while (i < n && (fmt[i] == '*' || Character.isDigit(fmt[i]) || fmt[i] == '.')) {
                if (fmt[i] == '*') {
                    off = (off + 3) & ~3L;
                    slots.add(readArg(ex, w, l, in, argAddr + off, 4));
                    off += 4;
                }
                i++;
            }
            boolean wide = false;
            while (i < n && "hlLqjzt".indexOf(fmt[i]) >= 0) {
                if (fmt[i] != 'h') wide = true;
                i++;
            }
            if (i >= n) break;
            char c = (char) fmt[i++];
            if ("diouxXc".indexOf(c) >= 0) {
                int size = wide && c != 'c' ? 8 : 4;
                off = (off + size - 1) & -(long) size;
                slots.add(readArg(ex, w, l, in, argAddr + off, size));
                off += size;
            } else if ("fFeEgGaAsp".indexOf(c) >= 0) {
                off = (off + 7) & ~7L;
                long v = readArg(ex, w, l, in, argAddr + off, 8);
                off += 8;
                if (c == 's') {
                    stringSlots.add(slots.size());
                    strings.add(v == 0 ? "(null)".getBytes(StandardCharsets.ISO_8859_1) : string(ex, w, l, in, v));
                }
                slots.add(v);
            }
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment f = a.allocate(fmt.length + 1L);
            MemorySegment.copy(fmt, 0, f, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, fmt.length);
            MemorySegment va = a.allocate(8L * Math.max(1, slots.size()), 8);
            for (int k = 0; k < slots.size(); k++)
                va.setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, k, slots.get(k));
            for (int k = 0; k < strings.size(); k++) {
                byte[] s = strings.get(k);
                MemorySegment h = a.allocate(s.length + 1L);
                MemorySegment.copy(s, 0, h, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, s.length);
                va.setAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, stringSlots.get(k), h.address());
            }
            return jomp.runtime.libc.Stdio.printf(f.address(), va.address());
        }
    }

    private static SimError assertion(Executor ex, Warp w, int l, Insn in, long[] args) {
        String msg = new String(string(ex, w, l, in, args[0]), StandardCharsets.ISO_8859_1);
        String file = new String(string(ex, w, l, in, args[1]), StandardCharsets.ISO_8859_1);
        String fn = args[3] == 0 ? "" : new String(string(ex, w, l, in, args[3]), StandardCharsets.ISO_8859_1);
        String text = file + ":" + (int) args[2] + ": " + fn + ": block: [" + ex.block.ctaid + ",0,0], thread: ["
                + (w.tid0 + l) + ",0,0] Assertion `" + msg + "` failed.";
        return SimError.at(ex.launch, ex.block, w, l, in, "device-side assertion failed", text);
    }
}
