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

    /** What one instruction tells: decode on, the function is a short leaf, or it is not. */
    private static final int NEXT = 0, LEAF = 1, NOT = 2;

    private static boolean decode(long start) {
        Decoder d = new Decoder(start);
        while (d.p - start < LIMIT) {
            int r = d.instruction();
            if (r != NEXT) return r == LEAF;
        }
        return false;
    }

    /**
     * Where decoding is: the next byte, the furthest branch target seen, and the current
     * instruction's start and prefixes.
     */
    private static final class Decoder {
        long p, furthest, insn;
        boolean opsize, rexW;

        Decoder(long start) {
            p = start;
            furthest = start;
        }

        /** Decodes the instruction at p and steps over it. */
        int instruction() {
            insn = p;
            int b = prefixes();
            if (b < 0) return NOT;
            p++;
            if (b == 0x0f) return twoByteOpcode();
            if (b < 0x40) return arithmetic(b);
            if (b >= 0x50 && b <= 0x5f) return NEXT; // push, pop
            if (b >= 0x70 && b <= 0x7f || b == 0xeb || b == 0xe9) {
                long rel = b == 0xe9 ? Mem.getInt(p) : (byte) u8(p);
                p += b == 0xe9 ? 4 : 1;
                return branch(p + rel);
            }
            if (b >= 0x91 && b <= 0x99 || b == 0x90) return NEXT;
            if (b >= 0xb0 && b <= 0xb7) {
                p += 1;
                return NEXT;
            }
            if (b >= 0xb8 && b <= 0xbf) {
                p += rexW ? 8 : imm();
                return NEXT;
            }
            return oneByteOpcode(b);
        }

        /** The size of a full immediate: 2 bytes under the operand-size prefix, else 4. */
        private int imm() {
            return opsize ? 2 : 4;
        }

        /** Steps over the prefixes and answers the opcode byte (at p), or -1 for a segment override. */
        private int prefixes() {
            opsize = false;
            rexW = false;
            int b = u8(p);
            // prefixes: operand size, address size, rep/repne, lock, branch hints and CET's notrack; REX last
            while (b == 0x66 || b == 0x67 || b == 0xf2 || b == 0xf3 || b == 0xf0 || b == 0x2e || b == 0x3e) {
                if (b == 0x66) opsize = true;
                b = u8(++p);
            }
            if (b == 0x64 || b == 0x65) return -1; // fs/gs: thread-local storage
            if (b >= 0x40 && b <= 0x4f) {
                rexW = (b & 8) != 0;
                b = u8(++p);
            }
            return b;
        }

        /** A branch to target, taken or not. */
        private int branch(long target) {
            if (target <= insn) return NOT; // a loop: no bound on the time
            furthest = Math.max(furthest, target); // reached by decoding on, as every target lies ahead
            return NEXT;
        }

        private int twoByteOpcode() {
            int c = u8(p++);
            if (c >= 0x80 && c <= 0x8f) { // jcc rel32
                long target = p + 4 + Mem.getInt(p);
                p += 4;
                return branch(target);
            }
            p = twoByte(c, p);
            return p < 0 ? NOT : NEXT;
        }

        /** 0x00-0x3f: add/or/adc/sbb/and/sub/xor/cmp in their r/m, al and eax forms. */
        private int arithmetic(int b) {
            int lo = b & 7;
            if (lo <= 3) p = modrm(p);
            else if (lo == 4) p += 1;
            else if (lo == 5) p += imm();
            else return NOT;
            return NEXT;
        }

        private int oneByteOpcode(int b) {
            switch (b) {
                case 0x63, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8d, 0x8f, 0xd0, 0xd1, 0xd2, 0xd3 ->
                    p = modrm(p);
                case 0x68 -> p += 4;
                case 0x6a, 0xa8 -> p += 1;
                case 0xa9 -> p += imm();
                case 0x69, 0x81, 0xc7 -> p = modrm(p) + imm();
                case 0x6b, 0x80, 0x83, 0xc0, 0xc1, 0xc6 -> p = modrm(p) + 1;
                case 0xc9 -> {} // leave
                case 0xc3, 0xc2 -> { // ret: done when nothing jumps further
                    if (b == 0xc2) p += 2;
                    if (p >= furthest) return LEAF;
                }
                case 0xf6, 0xf7 -> {
                    int reg = u8(p) >> 3 & 7;
                    p = modrm(p) + (reg <= 1 ? (b == 0xf6 ? 1 : imm()) : 0);
                }
                case 0xfe, 0xff -> {
                    int reg = u8(p) >> 3 & 7;
                    if (reg >= 2 && reg <= 5) return NOT; // call, jmp through a pointer
                    p = modrm(p);
                }
                default -> {
                    return NOT;
                } // call, int3, hlt, in/out, anything unknown
            }
            return NEXT;
        }
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
