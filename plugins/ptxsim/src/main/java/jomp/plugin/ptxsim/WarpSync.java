package jomp.plugin.ptxsim;

import static jomp.plugin.ptxsim.Insn.*;

/**
 * The warp-synchronous instructions: shfl.sync, vote.sync, match.sync and bar.warp.sync. A lane
 * that executes one waits until every lane of its member mask has reached the same instruction
 * (bar.warp.sync: any bar.warp.sync), then they execute it together, each reading the others'
 * registers in its own frame. A member mask that names an exited lane is an error, as is a mask
 * without the lane itself; lanes that never arrive are found by the block's deadlock check.
 */
final class WarpSync {
    private WarpSync() {}

    static void execute(Executor ex, Warp w, Insn in, int mask, int exec) {
        if (exec != mask) {
            w.split(mask & ~exec, w.gpc + 1);
            return;
        }
        int need = 0;
        int[] members = new int[32];
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int mm = (int) memberMask(ex, w, in, l, w.gbase);
            if ((mm >>> l & 1) == 0)
                throw SimError.at(
                        ex.launch,
                        ex.block,
                        w,
                        l,
                        in,
                        "lane " + l + " is not in its own member mask 0x" + Integer.toHexString(mm),
                        null);
            members[l] = mm;
            need |= mm;
        }
        checkExited(ex, w, in, need, Integer.numberOfTrailingZeros(exec));
        if (in.op == BAR_WARP) {
            if ((need & ~exec) == 0) {
                w.gpc++;
                return;
            }
            for (int m = exec; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                w.need[l] = members[l];
            }
            w.block(exec, w.gpc + 1);
            w.wsyncMask |= exec;
            int waiting = w.wsyncMask, all = 0;
            for (int m = waiting; m != 0; m &= m - 1) all |= w.need[Integer.numberOfTrailingZeros(m)];
            if ((all & ~waiting) == 0) {
                w.wsyncMask = 0;
                w.wake(waiting);
            }
            return;
        }
        if ((need & ~exec) == 0) { // the usual case: the whole mask is here, in one frame
            int[] bases = new int[32];
            java.util.Arrays.fill(bases, w.gbase);
            perform(ex, w, in, exec, bases, members);
            w.gpc++;
            return;
        }
        int at = w.gpc;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            w.need[l] = members[l];
        }
        w.block(exec, at);
        w.syncMask |= exec;
        int here = 0, all = 0;
        for (int m = w.syncMask; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if (w.pc[l] == at) {
                here |= 1 << l;
                all |= w.need[l];
            }
        }
        if ((all & ~here) != 0) return; // still waiting for some
        int[] bases = new int[32];
        int[] mem = new int[32];
        for (int m = here; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            bases[l] = w.base[l];
            mem[l] = w.need[l];
        }
        perform(ex, w, in, here, bases, mem);
        for (int m = here; m != 0; m &= m - 1) w.pc[Integer.numberOfTrailingZeros(m)] = at + 1;
        w.syncMask &= ~here;
        w.wake(here);
    }

    private static void checkExited(Executor ex, Warp w, Insn in, int need, int lane) {
        int gone = need & w.exitMask;
        if (gone != 0) {
            int l = Integer.numberOfTrailingZeros(gone);
            boolean exists = l < w.lanes;
            throw SimError.at(
                    ex.launch,
                    ex.block,
                    w,
                    lane,
                    in,
                    "member mask 0x" + Integer.toHexString(need) + " names lane " + l
                            + (exists
                                    ? ", which has exited"
                                    : ", which does not exist (the block has " + w.block.nthreads + " threads)"),
                    null);
        }
    }

    private static long memberMask(Executor ex, Warp w, Insn in, int l, int base) {
        return switch (in.op) {
            case SHFL -> value(ex, w, in, l, base, in.svk[0], in.sv[0], in.svi[0]);
            case BAR_WARP -> value(ex, w, in, l, base, in.ka, in.a, in.ia);
            default -> value(ex, w, in, l, base, in.kb, in.b, in.ib);
        };
    }

    static long value(Executor ex, Warp w, Insn in, int l, int base, byte kind, int slot, long imm) {
        return switch (kind) {
            case K_REG -> {
                if ((w.D[base + slot] >>> l & 1) == 0)
                    throw ex.uninitialised(w, in, 1 << l, "an operand of a warp-synchronous instruction");
                yield w.R[((base + slot) << 5) + l];
            }
            case K_IMM -> imm;
            case K_SREG -> slot == Decoder.SR_LANEID ? l : slot == Decoder.SR_TID_X ? w.tid0 + l : 0;
            default -> 0;
        };
    }

    private static void perform(Executor ex, Warp w, Insn in, int lanes, int[] base, int[] members) {
        long[] out = new long[32];
        boolean[] p = new boolean[32];
        switch (in.op) {
            case SHFL -> shfl(ex, w, in, lanes, base, out, p);
            case VOTE -> vote(ex, w, in, lanes, base, members, out);
            default -> match(ex, w, in, lanes, base, members, out, p);
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if (in.d >= 0) {
                w.R[((base[l] + in.d) << 5) + l] = out[l];
                w.D[base[l] + in.d] |= 1 << l;
            }
            if (in.d2 >= 0) {
                w.R[((base[l] + in.d2) << 5) + l] = p[l] ? 1 : 0;
                w.D[base[l] + in.d2] |= 1 << l;
            }
        }
    }

    /** shfl.sync: each lane's value from lane j (up, down, bfly or idx), and whether j was in range. */
    private static void shfl(Executor ex, Warp w, Insn in, int lanes, int[] base, long[] out, boolean[] p) {
        long[] a = new long[32];
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            a[l] = value(ex, w, in, l, base[l], in.ka, in.a, in.ia);
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int bval = (int) value(ex, w, in, l, base[l], in.kb, in.b, in.ib) & 31;
            int c = (int) value(ex, w, in, l, base[l], in.kc, in.c, in.ic);
            int cval = c & 31, seg = (c >> 8) & 31;
            int maxLane = (l & seg) | (cval & ~seg), minLane = l & seg;
            int j;
            boolean pv;
            switch (in.mode) {
                case 0 -> {
                    j = l - bval;
                    pv = j >= maxLane;
                }
                case 1 -> {
                    j = l + bval;
                    pv = j <= maxLane;
                }
                case 2 -> {
                    j = l ^ bval;
                    pv = j <= maxLane;
                }
                default -> {
                    j = minLane | (bval & ~seg);
                    pv = j <= maxLane;
                }
            }
            if (!pv || j < 0 || j > 31 || (lanes >>> j & 1) == 0) j = l; // inactive or out of range: its own value
            out[l] = a[j] & 0xFFFFFFFFL;
            p[l] = pv;
        }
    }

    /** vote.sync: all, any, uni (as 1 or 0) or ballot over each lane's member lanes. */
    private static void vote(Executor ex, Warp w, Insn in, int lanes, int[] base, int[] members, long[] out) {
        int trues = 0;
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if ((value(ex, w, in, l, base[l], in.ka, in.a, in.ia) & 1) != 0) trues |= 1 << l;
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int mine = members[l] & lanes, t = trues & mine;
            out[l] = switch (in.mode) {
                case 0 -> t == mine ? 1 : 0;
                case 1 -> t != 0 ? 1 : 0;
                case 2 -> t == 0 || t == mine ? 1 : 0;
                default -> t & 0xFFFFFFFFL;
            };
        }
    }

    /** match.sync: the member lanes with the same value (any), or all of them if all agree (all). */
    private static void match(
            Executor ex, Warp w, Insn in, int lanes, int[] base, int[] members, long[] out, boolean[] p) {
        long[] v = new long[32];
        long mask = PtxType.size(in.type) == 8 ? -1L : 0xFFFFFFFFL;
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            v[l] = value(ex, w, in, l, base[l], in.ka, in.a, in.ia) & mask;
        }
        for (int m = lanes; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int mine = members[l] & lanes, same = 0;
            for (int k = mine; k != 0; k &= k - 1) {
                int j = Integer.numberOfTrailingZeros(k);
                if (v[j] == v[l]) same |= 1 << j;
            }
            if (in.mode == 1) out[l] = same & 0xFFFFFFFFL;
            else {
                p[l] = same == mine;
                out[l] = p[l] ? mine & 0xFFFFFFFFL : 0;
            }
        }
    }
}
