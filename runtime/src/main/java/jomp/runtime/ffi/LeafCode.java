package jomp.runtime.ffi;

import jomp.runtime.mem.Mem;

/**
 * Whether a native function is a short leaf: machine code that calls nothing, makes no system
 * call, jumps through no pointer, has no loop (every branch goes forward), and touches no
 * segment-relative (thread-local) memory. Such a function cannot block, call back into jomp code
 * or set errno, and it ends after a bounded number of instructions, so a downcall to it may be
 * critical (no thread-state transition) and capture no errno: {@code int add(int, int)} of a
 * library then costs about what a C call costs. The decision is made on the code the process has
 * loaded, when the downcall is bound, by a conservative x86-64 decoder: an instruction it does not
 * know makes the answer no.
 */
final class LeafCode {
    private LeafCode() {}

    /** How many bytes of code are looked at before the answer is no. */
    private static final int LIMIT = 512;

    static boolean isShortLeaf(long entry) {
        if (!"amd64".equals(System.getProperty("os.arch"))) return false;
        try {
            return decode(entry);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static int u8(long a) {
        return Mem.getByte(a) & 0xff;
    }

    private static boolean decode(long start) {
        long p = start, furthest = start;
        while (p - start < LIMIT) {
            long insn = p;
            boolean opsize = false, rexW = false;
            int b = u8(p);
            // prefixes: operand size, address size, rep/repne, lock, branch hints and CET's notrack; REX last
            while (b == 0x66 || b == 0x67 || b == 0xf2 || b == 0xf3 || b == 0xf0 || b == 0x2e || b == 0x3e) {
                if (b == 0x66) opsize = true;
                b = u8(++p);
            }
            if (b == 0x64 || b == 0x65) return false; // fs/gs: thread-local storage
            if (b >= 0x40 && b <= 0x4f) {
                rexW = (b & 8) != 0;
                b = u8(++p);
            }
            p++;
            int imm = opsize ? 2 : 4;
            if (b == 0x0f) {
                int c = u8(p++);
                if (c >= 0x80 && c <= 0x8f) { // jcc rel32
                    long target = p + 4 + Mem.getInt(p);
                    if (target <= insn) return false;
                    furthest = Math.max(furthest, target);
                    p += 4;
                    continue;
                }
                p = twoByte(c, p);
                if (p < 0) return false;
                continue;
            }
            if (b < 0x40) {
                int lo = b & 7;
                if (lo <= 3) {
                    p = modrm(p);
                    continue;
                } // add/or/adc/sbb/and/sub/xor/cmp r/m forms
                if (lo == 4) {
                    p += 1;
                    continue;
                }
                if (lo == 5) {
                    p += imm;
                    continue;
                }
                return false;
            }
            if (b >= 0x50 && b <= 0x5f) continue; // push, pop
            if (b >= 0x70 && b <= 0x7f || b == 0xeb || b == 0xe9) {
                long rel = b == 0xe9 ? Mem.getInt(p) : (byte) u8(p);
                p += b == 0xe9 ? 4 : 1;
                long target = p + rel;
                if (target <= insn) return false; // a loop: no bound on the time
                furthest = Math.max(furthest, target); // reached by decoding on, as every target lies ahead
                continue;
            }
            if (b >= 0x91 && b <= 0x99 || b == 0x90) continue;
            if (b >= 0xb0 && b <= 0xb7) {
                p += 1;
                continue;
            }
            if (b >= 0xb8 && b <= 0xbf) {
                p += rexW ? 8 : imm;
                continue;
            }
            switch (b) {
                case 0x63, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8d, 0x8f, 0xd0, 0xd1, 0xd2, 0xd3 -> {
                    p = modrm(p);
                    continue;
                }
                case 0x68 -> {
                    p += 4;
                    continue;
                }
                case 0x6a, 0xa8 -> {
                    p += 1;
                    continue;
                }
                case 0xa9 -> {
                    p += imm;
                    continue;
                }
                case 0x69, 0x81, 0xc7 -> {
                    p = modrm(p) + imm;
                    continue;
                }
                case 0x6b, 0x80, 0x83, 0xc0, 0xc1, 0xc6 -> {
                    p = modrm(p) + 1;
                    continue;
                }
                case 0xc9 -> {
                    continue;
                } // leave
                case 0xc3, 0xc2 -> { // ret: done when nothing jumps further
                    if (b == 0xc2) p += 2;
                    if (p >= furthest) return true;
                    continue;
                }
                case 0xf6, 0xf7 -> {
                    int reg = u8(p) >> 3 & 7;
                    p = modrm(p) + (reg <= 1 ? (b == 0xf6 ? 1 : imm) : 0);
                    continue;
                }
                case 0xfe, 0xff -> {
                    int reg = u8(p) >> 3 & 7;
                    if (reg >= 2 && reg <= 5) return false; // call, jmp through a pointer
                    p = modrm(p);
                    continue;
                }
                default -> {
                    return false;
                } // call, int3, hlt, in/out, anything unknown
            }
        }
        return false;
    }

    /**
     * The address after the operands (from p) of a two-byte opcode 0x0f c other than a jcc, or -1
     * for one that makes the answer no.
     */
    private static long twoByte(int c, long p) {
        if (c == 0x38) return modrm(p + 1);
        if (c == 0x3a) return modrm(p + 1) + 1;
        if (c == 0x70 || (c >= 0x71 && c <= 0x73) || c == 0xa4 || c == 0xac || c == 0xba || c == 0xc2 || c == 0xc6)
            return modrm(p) + 1;
        if ((c >= 0x10 && c <= 0x17)
                || c == 0x1e
                || c == 0x1f
                || (c >= 0x28 && c <= 0x2f)
                || (c >= 0x40 && c <= 0x6f)
                || (c >= 0x74 && c <= 0x7f)
                || (c >= 0x90 && c <= 0x9f)
                || c == 0xa3
                || c == 0xa5
                || c == 0xab
                || c == 0xad
                || c == 0xaf
                || c == 0xb0
                || c == 0xb1
                || c == 0xb3
                || (c >= 0xb6 && c <= 0xb7)
                || (c >= 0xbb && c <= 0xbf)
                || c == 0xc0
                || c == 0xc1
                || (c >= 0xd0 && c <= 0xfe)) return modrm(p);
        if (c >= 0xc8 && c <= 0xcf) return p; // bswap
        return -1; // syscall, cpuid, ud2, rdtsc, ...
    }

    /** The address after a ModRM operand (with its SIB byte and displacement) that starts at p. */
    private static long modrm(long p) {
        int m = u8(p++);
        int mod = m >> 6, rm = m & 7;
        if (mod == 3) return p;
        if (rm == 4) {
            int sib = u8(p++);
            if ((sib & 7) == 5 && mod == 0) return p + 4;
        }
        if (mod == 0 && rm == 5) return p + 4; // rip-relative
        return p + (mod == 1 ? 1 : mod == 2 ? 4 : 0);
    }
}
