package jomp.plugin.ptxsim;

import static jomp.plugin.ptxsim.Insn.*;

import jomp.runtime.mem.Mem;

/**
 * Runs warps: fetches the current group's instruction, works out which lanes execute it (its
 * guard predicate), and executes it for all of them at once: sources are read as 32-lane
 * arrays (registers of the group's frame, immediates, special registers, local addresses), the
 * result written lane by lane. Control instructions split and join groups ({@link Warp});
 * memory instructions go through {@link #resolve}, which checks every access.
 */
final class Executor {
    private static final long[] ZERO = new long[32];

    final Launch launch;
    final Program program;
    final Insn[] code;
    final Memory mem;
    final SimDevice device;
    Block block;

    private final long[][] scratch = {new long[32], new long[32], new long[32]};
    private int off;

    Executor(Launch launch) {
        this.launch = launch;
        this.program = launch.program;
        this.code = program.code;
        this.device = launch.device;
        this.mem = device.memory;
    }

    // ---- sources -----------------------------------------------------------------------------

    /** Source {@code pos} of an instruction as a 32-lane array; its offset in {@link #off}. */
    private long[] src(Warp w, int pos, byte kind, int slot, long value, long[] imm) {
        switch (kind) {
            case K_REG:
                off = (w.gbase + slot) << 5;
                return w.R;
            case K_IMM:
                off = 0;
                return imm;
            case K_SREG:
                off = 0;
                return sreg(w, pos, slot);
            case K_LOCAL: {
                off = 0;
                long[] s = scratch[pos], R = w.R;
                int fp = w.gbase << 5;
                for (int l = 0; l < 32; l++) s[l] = R[fp + l] + value;
                return s;
            }
            default:
                off = 0;
                return ZERO;
        }
    }

    private int def(Warp w, byte kind, int slot) {
        return kind == K_REG ? w.D[w.gbase + slot] : -1;
    }

    private long[] sreg(Warp w, int pos, int id) {
        long[] s = w.sreg[id];
        if (s != null) return s;
        s = new long[32];
        Block b = w.block;
        switch (id) {
            case Decoder.SR_TID_X -> {
                for (int l = 0; l < 32; l++) s[l] = (long) w.tid0 + l;
            }
            case Decoder.SR_NTID_X -> java.util.Arrays.fill(s, b.nthreads);
            case Decoder.SR_CTAID_X -> java.util.Arrays.fill(s, b.ctaid);
            case Decoder.SR_NCTAID_X -> java.util.Arrays.fill(s, launch.blocks);
            case Decoder.SR_NTID_Y, Decoder.SR_NTID_Z, Decoder.SR_NCTAID_Y, Decoder.SR_NCTAID_Z ->
                java.util.Arrays.fill(s, 1);
            case Decoder.SR_LANEID -> {
                for (int l = 0; l < 32; l++) s[l] = l;
            }
            case Decoder.SR_WARPID -> java.util.Arrays.fill(s, w.index);
            case Decoder.SR_NWARPID -> java.util.Arrays.fill(s, SimDevice.WARPS_PER_SM);
            case Decoder.SR_SMID -> java.util.Arrays.fill(s, b.ctaid % device.multiprocessors);
            case Decoder.SR_NSMID -> java.util.Arrays.fill(s, device.multiprocessors);
            case Decoder.SR_GRIDID -> java.util.Arrays.fill(s, launch.gridId);
            case Decoder.SR_LANEMASK_EQ -> {
                for (int l = 0; l < 32; l++) s[l] = 1L << l;
            }
            case Decoder.SR_LANEMASK_LE -> {
                for (int l = 0; l < 32; l++) s[l] = (2L << l) - 1;
            }
            case Decoder.SR_LANEMASK_LT -> {
                for (int l = 0; l < 32; l++) s[l] = (1L << l) - 1;
            }
            case Decoder.SR_LANEMASK_GE -> {
                for (int l = 0; l < 32; l++) s[l] = ~((1L << l) - 1) & 0xFFFFFFFFL;
            }
            case Decoder.SR_LANEMASK_GT -> {
                for (int l = 0; l < 32; l++) s[l] = ~((2L << l) - 1) & 0xFFFFFFFFL;
            }
            case Decoder.SR_TOTAL_SMEM -> java.util.Arrays.fill(s, b.sharedSize);
            case Decoder.SR_CLOCK,
                    Decoder.SR_CLOCK64,
                    Decoder.SR_GLOBALTIMER,
                    Decoder.SR_GLOBALTIMER_LO,
                    Decoder.SR_GLOBALTIMER_HI -> {
                // they change: computed at each read, not cached
                long v = switch (id) {
                    case Decoder.SR_CLOCK -> (launch.threadInstructions + b.threadInstructions) & 0xFFFFFFFFL;
                    case Decoder.SR_CLOCK64 -> launch.threadInstructions + b.threadInstructions;
                    case Decoder.SR_GLOBALTIMER_LO -> device.globalTimer() & 0xFFFFFFFFL;
                    case Decoder.SR_GLOBALTIMER_HI -> device.globalTimer() >>> 32;
                    default -> device.globalTimer();
                };
                long[] t = scratch[pos];
                java.util.Arrays.fill(t, v);
                return t;
            }
            default -> {} // the rest read as 0 (%tid.y, %envregN, %dynamic_smem_size...)
        }
        w.sreg[id] = s;
        return s;
    }

    // ---- the loop ------------------------------------------------------------------------------

    /** Runs warp w for at most {@code budget} instructions; returns how many it executed. */
    int run(Warp w, int budget) {
        int done = 0;
        while (done < budget) {
            if (w.gmask == 0 && !w.pick()) break;
            if (w.gpc == w.mergePc) w.merge();
            Insn in = code[w.gpc];
            int mask = w.gmask, exec = mask;
            if (in.guard >= 0) exec = guard(w, in, mask);
            done++;
            block.threadInstructions += Integer.bitCount(mask);
            step(w, in, mask, exec);
            if (w.gmask != 0) w.tick();
        }
        return done;
    }

    private int guard(Warp w, Insn in, int mask) {
        int g = w.gbase + in.guard;
        if ((w.D[g] & mask) != mask) throw uninitialised(w, in, mask & ~w.D[g], "guard predicate");
        long[] R = w.R;
        int o = g << 5, exec = 0;
        for (int m = mask; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if (((R[o + l] & 1) != 0) != in.guardNeg) exec |= 1 << l;
        }
        return exec;
    }

    private void step(Warp w, Insn in, int mask, int exec) {
        switch (in.op) {
            case MOV,
                    ALU,
                    SETP,
                    MOV_PACK,
                    MOV_UNPACK,
                    CARRY,
                    LD,
                    ST,
                    ATOM,
                    CVTA,
                    ISSPACEP,
                    ACTIVEMASK,
                    ALLOCA,
                    STACKSAVE,
                    STACKRESTORE -> {
                if (exec != 0) compute(w, in, mask, exec);
                w.gpc++;
            }
            case NOP -> w.gpc++;
            case BRA -> {
                if (exec == mask) w.jump(in.target);
                else if (exec == 0) w.gpc++;
                else w.diverge(exec, in.target, w.gpc + 1);
            }
            case BRX -> brx(w, in, mask, exec);
            case CALL -> Calls.call(this, w, in, mask, exec);
            case RET -> Calls.ret(this, w, in, mask, exec);
            case EXIT -> {
                if (exec != mask) w.split(mask & ~exec, w.gpc + 1); // the others exit when their group runs again
                else exit(w, exec);
            }
            case TRAP -> {
                if (exec == 0) {
                    w.gpc++;
                    return;
                }
                int lane = Integer.numberOfTrailingZeros(exec);
                if (in.mode == 1) throw SimError.at(launch, block, w, lane, in, "unsupported PTX instruction", in.text);
                throw SimError.at(launch, block, w, lane, in, "trap instruction executed", null);
            }
            case BAR -> barrier(w, in, mask, exec);
            case BAR_WARP, SHFL, VOTE, MATCH -> WarpSync.execute(this, w, in, mask, exec);
            default ->
                throw SimError.at(
                        launch,
                        block,
                        w,
                        Integer.numberOfTrailingZeros(mask),
                        in,
                        "internal error: no execution for this instruction",
                        null);
        }
    }

    /** An instruction that computes on lanes exec (not none) and does not change the control flow. */
    private void compute(Warp w, Insn in, int mask, int exec) {
        switch (in.op) {
            case MOV, ALU -> alu(w, in, exec);
            case SETP -> setp(w, in, exec);
            case MOV_PACK -> pack(w, in, exec);
            case MOV_UNPACK -> unpack(w, in, exec);
            case CARRY -> carry(w, in, exec);
            case LD -> load(w, in, exec);
            case ST -> store(w, in, exec);
            case ATOM -> atom(w, in, exec);
            case CVTA, ISSPACEP -> cvta(w, in, exec);
            case ACTIVEMASK -> {
                int d = w.gbase + in.d;
                for (int m = exec; m != 0; m &= m - 1)
                    w.R[(d << 5) + Integer.numberOfTrailingZeros(m)] = mask & 0xFFFFFFFFL;
                w.D[d] |= exec;
            }
            case ALLOCA, STACKSAVE, STACKRESTORE -> stack(w, in, exec);
            default -> throw new IllegalStateException("not a computing instruction: " + in.op);
        }
    }

    /** Lanes m end (exit, or a return from the kernel); lanes waiting at a warp-synchronous instruction for them never can go on. */
    void exit(Warp w, int m) {
        w.block(m, w.gpc);
        w.exitMask |= m;
        block.progress = block.threadInstructions;
        for (int k = w.syncMask | w.wsyncMask; k != 0; k &= k - 1) {
            int l = Integer.numberOfTrailingZeros(k);
            int gone = w.need[l] & m;
            if (gone != 0) {
                Insn at = code[(w.syncMask >>> l & 1) != 0 ? w.pc[l] : w.pc[l] - 1];
                throw SimError.at(
                        launch,
                        block,
                        w,
                        l,
                        at,
                        "member mask 0x" + Integer.toHexString(w.need[l]) + " names lane "
                                + Integer.numberOfTrailingZeros(gone) + ", which has exited",
                        "lane " + l + " waits for it at this instruction");
            }
        }
    }

    // ---- arithmetic ----------------------------------------------------------------------------

    private void alu(Warp w, Insn in, int exec) {
        long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
        int ao = off;
        long[] B = src(w, 1, in.kb, in.b, in.ib, in.xb);
        int bo = off;
        long[] C = src(w, 2, in.kc, in.c, in.ic, in.xc);
        int co = off;
        int dm = def(w, in.ka, in.a) & def(w, in.kb, in.b) & def(w, in.kc, in.c);
        if (in.d < 0) return;
        int d = w.gbase + in.d;
        long[] R = w.R;
        int dof = d << 5;
        if (in.fast != FastOps.NONE) {
            FastOps.run(in.fast, R, dof, A, ao, B, bo, C, co, exec);
        } else if (exec == -1) {
            for (int l = 0; l < 32; l++) R[dof + l] = Alu.eval(in, A[ao + l], B[bo + l], C[co + l]);
        } else {
            for (int m = exec; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                R[dof + l] = Alu.eval(in, A[ao + l], B[bo + l], C[co + l]);
            }
        }
        w.D[d] = (w.D[d] & ~exec) | (dm & exec);
    }

    private void setp(Warp w, Insn in, int exec) {
        long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
        int ao = off;
        long[] B = src(w, 1, in.kb, in.b, in.ib, in.xb);
        int bo = off;
        long[] C = src(w, 2, in.kc, in.c, in.ic, in.xc);
        int co = off;
        int dm = def(w, in.ka, in.a) & def(w, in.kb, in.b) & def(w, in.kc, in.c);
        long[] R = w.R;
        int d = in.d < 0 ? -1 : w.gbase + in.d, d2 = in.d2 < 0 ? -1 : w.gbase + in.d2;
        int table = in.fast; // integer compares: the outcome by sign of the comparison
        int t = in.type;
        boolean signed = PtxType.isSigned(t) && in.mode <= Alu.GE;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            boolean r;
            if (table > 0) {
                long x = PtxType.extend(t, A[ao + l]), y = PtxType.extend(t, B[bo + l]);
                int c = signed ? Long.compare(x, y) : Long.compareUnsigned(x, y);
                r = (table >> (c + 1) & 1) != 0;
            } else {
                r = Alu.compare(in.mode, t, A[ao + l], B[bo + l], in.flags);
            }
            boolean p = r, q = !r;
            if (in.boolOp != 0) {
                boolean c = ((C[co + l] & 1) != 0) != in.negC;
                switch (in.boolOp) {
                    case Alu.AND -> {
                        p &= c;
                        q &= c;
                    }
                    case Alu.OR -> {
                        p |= c;
                        q |= c;
                    }
                    default -> {
                        p ^= c;
                        q ^= c;
                    }
                }
            }
            if (d >= 0) R[(d << 5) + l] = p ? 1 : 0;
            if (d2 >= 0) R[(d2 << 5) + l] = q ? 1 : 0;
        }
        if (d >= 0) w.D[d] = (w.D[d] & ~exec) | (dm & exec);
        if (d2 >= 0) w.D[d2] = (w.D[d2] & ~exec) | (dm & exec);
    }

    private void pack(Warp w, Insn in, int exec) {
        int n = in.svk.length, eb = PtxType.bits(in.type) / n;
        long emask = eb == 64 ? -1L : (1L << eb) - 1;
        long[] R = w.R;
        int dof = (w.gbase + in.d) << 5;
        int dm = -1;
        for (int i = 0; i < n; i++) dm &= def(w, in.svk[i], in.sv[i]);
        for (int m = exec; m != 0; m &= m - 1) R[dof + Integer.numberOfTrailingZeros(m)] = 0;
        for (int i = 0; i < n; i++) {
            long[] A = src(w, 0, in.svk[i], in.sv[i], in.svi[i], in.xv[i]);
            int ao = off;
            for (int m = exec; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                R[dof + l] |= (A[ao + l] & emask) << (i * eb);
            }
        }
        int d = w.gbase + in.d;
        w.D[d] = (w.D[d] & ~exec) | (dm & exec);
    }

    private void unpack(Warp w, Insn in, int exec) {
        int n = in.dv.length, eb = PtxType.bits(in.type) / n;
        long emask = eb == 64 ? -1L : (1L << eb) - 1;
        long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
        int ao = off;
        int dm = def(w, in.ka, in.a);
        long[] R = w.R;
        for (int i = 0; i < n; i++) {
            if (in.dv[i] < 0) continue;
            int d = w.gbase + in.dv[i];
            for (int m = exec; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                R[(d << 5) + l] = (A[ao + l] >>> (i * eb)) & emask;
            }
            w.D[d] = (w.D[d] & ~exec) | (dm & exec);
        }
    }

    /** add.cc, addc, sub.cc, subc, mad.cc, madc: the carry flag is per lane. */
    private void carry(Warp w, Insn in, int exec) {
        long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
        int ao = off;
        long[] B = src(w, 1, in.kb, in.b, in.ib, in.xb);
        int bo = off;
        long[] C = src(w, 2, in.kc, in.c, in.ic, in.xc);
        int co = off;
        int dm = def(w, in.ka, in.a) & def(w, in.kb, in.b) & def(w, in.kc, in.c);
        boolean wide = PtxType.size(in.type) == 8, signed = PtxType.isSigned(in.type);
        boolean cin = (in.mode & 1) != 0, cout = (in.mode & 2) != 0;
        int d = in.d < 0 ? -1 : w.gbase + in.d;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long a = A[ao + l], b = B[bo + l], c = C[co + l];
            long ci = cin ? w.cc[l] : 0, r;
            int co2;
            if (!wide) {
                long M = 0xFFFFFFFFL, s;
                switch (in.sub) {
                    case Alu.ADD -> s = (a & M) + (b & M) + ci;
                    case Alu.SUB -> s = (a & M) - (b & M) - ci;
                    case Alu.MAD_LO -> s = (((a & M) * (b & M)) & M) + (c & M) + ci;
                    default ->
                        s = ((signed ? ((long) (int) a * (int) b) >> 32 : ((a & M) * (b & M)) >>> 32) & M)
                                + (c & M)
                                + ci;
                }
                r = s & M;
                co2 = in.sub == Alu.SUB ? (s < 0 ? 1 : 0) : (int) ((s >>> 32) & 1);
            } else {
                long x;
                switch (in.sub) {
                    case Alu.ADD, Alu.SUB -> x = a;
                    case Alu.MAD_LO -> x = a * b;
                    default -> x = signed ? Math.multiplyHigh(a, b) : Math.unsignedMultiplyHigh(a, b);
                }
                if (in.sub == Alu.SUB) {
                    r = x - b - ci;
                    co2 = Long.compareUnsigned(x, b) < 0 || (Long.compareUnsigned(x - b, ci) < 0) ? 1 : 0;
                } else {
                    long y = in.sub == Alu.ADD ? b : c;
                    long s1 = x + y;
                    int k1 = Long.compareUnsigned(s1, x) < 0 ? 1 : 0;
                    r = s1 + ci;
                    co2 = k1 | (Long.compareUnsigned(r, s1) < 0 ? 1 : 0);
                }
            }
            if (d >= 0) w.R[(d << 5) + l] = r;
            if (cout) w.cc[l] = co2;
        }
        if (d >= 0) w.D[d] = (w.D[d] & ~exec) | (dm & exec);
    }

    private void cvta(Warp w, Insn in, int exec) {
        long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
        int ao = off;
        int dm = def(w, in.ka, in.a);
        int d = w.gbase + in.d;
        long[] R = w.R;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long a = A[ao + l], r;
            if (in.op == ISSPACEP) {
                r = switch (in.space) {
                    case S_SHARED ->
                        a - Memory.SHARED_WINDOW >= 0 && a - Memory.SHARED_WINDOW < Memory.WINDOW_SIZE ? 1 : 0;
                    case S_LOCAL ->
                        a - Memory.LOCAL_WINDOW >= 0 && a - Memory.LOCAL_WINDOW < Memory.WINDOW_SIZE ? 1 : 0;
                    case S_GLOBAL, S_CONST -> mem.contains(a) ? 1 : 0;
                    default -> 0;
                };
            } else {
                long window =
                        in.space == S_SHARED ? Memory.SHARED_WINDOW : in.space == S_LOCAL ? Memory.LOCAL_WINDOW : 0;
                r = in.mode == 0 ? a + window : a - window;
            }
            R[(d << 5) + l] = r;
        }
        w.D[d] = (w.D[d] & ~exec) | (dm & exec);
    }

    private void stack(Warp w, Insn in, int exec) {
        long[] R = w.R;
        switch (in.op) {
            case ALLOCA -> {
                long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
                int ao = off;
                int d = w.gbase + in.d;
                long align = Math.max(1, in.imm4);
                for (int m = exec; m != 0; m &= m - 1) {
                    int l = Integer.numberOfTrailingZeros(m);
                    long p = (w.sp[l] + align - 1) & -align, end = p + A[ao + l];
                    if (end > block.localBytes || end < p)
                        throw SimError.at(
                                launch,
                                block,
                                w,
                                l,
                                in,
                                "stack overflow: alloca of " + A[ao + l] + " bytes",
                                "the thread's local memory is " + block.localBytes
                                        + " bytes (JOMP_PTXSIM_STACK sets it)");
                    w.sp[l] = (int) end;
                    R[(d << 5) + l] = p;
                }
                w.D[d] |= exec;
            }
            case STACKSAVE -> {
                int d = w.gbase + in.d;
                for (int m = exec; m != 0; m &= m - 1) {
                    int l = Integer.numberOfTrailingZeros(m);
                    R[(d << 5) + l] = w.sp[l];
                }
                w.D[d] |= exec;
            }
            default -> {
                long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
                int ao = off;
                for (int m = exec; m != 0; m &= m - 1) {
                    int l = Integer.numberOfTrailingZeros(m);
                    w.sp[l] = (int) A[ao + l];
                }
            }
        }
    }

    private void brx(Warp w, Insn in, int mask, int exec) {
        if (exec == 0) {
            w.gpc++;
            return;
        }
        long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
        int ao = off;
        if ((def(w, in.ka, in.a) & exec) != exec)
            throw uninitialised(w, in, exec & ~def(w, in.ka, in.a), "branch index");
        int first = Integer.numberOfTrailingZeros(exec);
        long idx0 = A[ao + first];
        int same = 0;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long k = A[ao + l];
            if (k < 0 || k >= in.targets.length)
                throw SimError.at(
                        launch,
                        block,
                        w,
                        l,
                        in,
                        "brx.idx index " + k + " is outside its table of " + in.targets.length + " targets",
                        null);
            if (k == idx0) same |= 1 << l;
        }
        int target = in.targets[(int) idx0];
        if (same == mask) {
            w.jump(target);
            return;
        }
        // lanes go to their own targets; not executing lanes fall through
        for (int m = mask & ~exec; m != 0; m &= m - 1) w.pc[Integer.numberOfTrailingZeros(m)] = w.gpc + 1;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            w.pc[l] = in.targets[(int) A[ao + l]];
        }
        for (int m = mask; m != 0; m &= m - 1) w.base[Integer.numberOfTrailingZeros(m)] = w.gbase;
        w.gmask = 0;
        w.pick();
    }

    private void barrier(Warp w, Insn in, int mask, int exec) {
        if (exec == 0) {
            w.gpc++;
            return;
        }
        long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
        int ao = off;
        long[] B = src(w, 1, in.kb, in.b, in.ib, in.xb);
        int bo = off;
        int lane = Integer.numberOfTrailingZeros(exec);
        if ((def(w, in.ka, in.a) & def(w, in.kb, in.b) & exec) != exec)
            throw uninitialised(w, in, exec & ~(def(w, in.ka, in.a) & def(w, in.kb, in.b)), "barrier operand");
        int id = (int) A[ao + lane], count = in.kb == K_NONE ? 0 : (int) B[bo + lane];
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if ((int) A[ao + l] != id || (in.kb != K_NONE && (int) B[bo + l] != count))
                throw SimError.at(
                        launch, block, w, l, in, "barrier operands differ between the threads of a warp", null);
        }
        if (exec != mask) { // threads whose guard is false go on; the others arrive when their group runs again
            w.split(mask & ~exec, w.gpc + 1);
            return;
        }
        boolean wait = in.mode == 0;
        block.arrive(w, exec, id, count, wait, in.flags == 1, in, lane);
        if (!wait) w.gpc++;
        else if (w.gmask == 0) w.pick();
    }

    // ---- memory --------------------------------------------------------------------------------

    /** The native address of an access of {@code bytes} at {@code addr} in a space, checked; throws the sanitizer's error otherwise. */
    long resolve(Warp w, int l, long addr, int bytes, int space, boolean write, Insn in) {
        if ((addr & (bytes - 1)) != 0 && space != S_PARAM)
            throw memoryError(
                    w,
                    l,
                    in,
                    "misaligned",
                    addr,
                    bytes,
                    write,
                    spaceOf(addr, space),
                    "a " + bytes + "-byte access must be aligned to " + bytes + " bytes");
        switch (space) {
            case S_GENERIC:
                if (addr - Memory.LOCAL_WINDOW >= 0 && addr - Memory.LOCAL_WINDOW < Memory.WINDOW_SIZE)
                    return local(w, l, addr - Memory.LOCAL_WINDOW, bytes, write, in, true);
                if (addr - Memory.SHARED_WINDOW >= 0 && addr - Memory.SHARED_WINDOW < Memory.WINDOW_SIZE)
                    return shared(w, l, addr - Memory.SHARED_WINDOW, bytes, write, in);
                return global(w, l, addr, bytes, write, in);
            case S_GLOBAL:
            case S_CONST:
                return global(w, l, addr, bytes, write, in);
            case S_SHARED:
                return shared(w, l, addr, bytes, write, in);
            default:
                return local(w, l, addr, bytes, write, in, false);
        }
    }

    private static String spaceOf(long addr, int space) {
        return switch (space) {
            case S_GLOBAL, S_CONST -> "global";
            case S_SHARED -> "shared";
            case S_LOCAL, S_PARAM -> "local";
            default ->
                addr - Memory.LOCAL_WINDOW >= 0 && addr - Memory.LOCAL_WINDOW < Memory.WINDOW_SIZE
                        ? "local"
                        : addr - Memory.SHARED_WINDOW >= 0 && addr - Memory.SHARED_WINDOW < Memory.WINDOW_SIZE
                                ? "shared"
                                : "global";
        };
    }

    private long global(Warp w, int l, long addr, int bytes, boolean write, Insn in) {
        boolean ok = bytes <= 8 ? mem.addressable(addr, bytes) : mem.addressableRange(addr, bytes);
        if (!ok
                && device.hostMemory
                && !mem.contains(addr)
                && !mem.contains(addr + bytes - 1)
                && (addr >= 4096 || addr < -4096)) return addr;
        if (!ok) {
            String detail;
            long[] near = mem.allocationNear(addr);
            if (addr == 0 || (addr > -4096 && addr < 4096)) detail = "a null pointer";
            else if (near != null && addr >= near[0] && addr < near[0] + near[1] + 65536)
                detail = addr - (near[0] + near[1]) >= 0
                        ? (addr - (near[0] + near[1])) + " bytes after the end of the " + near[1]
                                + "-byte allocation at 0x" + Long.toHexString(near[0])
                        : "runs past the end of the " + near[1] + "-byte allocation at 0x" + Long.toHexString(near[0]);
            else if (mem.contains(addr))
                detail = "not inside any live device allocation (freed memory, or before the first allocation)";
            else detail = "not a device address (a host pointer, or garbage)";
            throw memoryError(w, l, in, "out-of-bounds", addr, bytes, write, "global", detail);
        }
        return addr;
    }

    private long shared(Warp w, int l, long off, int bytes, boolean write, Insn in) {
        if (off < 0 || off + bytes > block.sharedSize || !sharedAddressable(off, bytes)) {
            String near = off >= 0 ? program.sharedVariableNear(off) : null;
            throw memoryError(
                    w,
                    l,
                    in,
                    "out-of-bounds",
                    off,
                    bytes,
                    write,
                    "shared",
                    off + bytes > block.sharedSize
                            ? "past the end of the block's " + block.sharedSize + " bytes of shared memory"
                                    + (near != null ? "; the last variable before it is " + near : "")
                            : "outside every shared variable" + (near != null ? ": after " + near : ""));
        }
        if (block.race != null) block.race.access(this, w, l, off, bytes, write, in);
        return block.shared + off;
    }

    private boolean sharedAddressable(long off, int bytes) {
        boolean[] m = program.sharedBytes;
        for (int i = 0; i < bytes; i++) if (!m[(int) off + i]) return false;
        return true;
    }

    private long local(Warp w, int l, long off, int bytes, boolean write, Insn in, boolean generic) {
        if (off < 0 || off + bytes > w.sp[l])
            throw memoryError(
                    w,
                    l,
                    in,
                    "out-of-bounds",
                    generic ? off + Memory.LOCAL_WINDOW : off,
                    bytes,
                    write,
                    "local",
                    off + bytes > w.sp[l] && off < block.localBytes
                            ? "beyond the thread's live stack frames (" + w.sp[l]
                                    + " bytes in use): a frame that has returned, or past a local array"
                            : "outside the thread's " + block.localBytes + " bytes of local memory");
        return block.localAddress(w.tid0 + l, off);
    }

    SimError memoryError(
            Warp w, int l, Insn in, String kind, long addr, int bytes, boolean write, String space, String detail) {
        return SimError.at(
                launch,
                block,
                w,
                l,
                in,
                kind + " " + space + " " + (write ? "write" : "read") + " of " + bytes + " byte(s) at address 0x"
                        + Long.toHexString(addr),
                detail);
    }

    SimError uninitialised(Warp w, Insn in, int lanes, String what) {
        int l = Integer.numberOfTrailingZeros(lanes);
        return SimError.at(
                launch,
                block,
                w,
                l,
                in,
                "use of an uninitialised register as " + what,
                "the register is read before any instruction of this thread wrote it");
    }

    private long[] addressSource(Warp w, Insn in, int exec) {
        long[] A = src(w, 0, in.ka, in.a, in.ia, in.xa);
        int dm = def(w, in.ka, in.a);
        if ((dm & exec) != exec) throw uninitialised(w, in, exec & ~dm, "an address");
        return A;
    }

    private void load(Warp w, Insn in, int exec) {
        long[] A = addressSource(w, in, exec);
        int ao = off;
        int size = PtxType.size(in.type), n = in.vec, total = size * n;
        long[] R = w.R;
        int gb = w.gbase;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            long p = resolve(w, l, A[ao + l] + in.off, total, in.space, false, in);
            if (n == 1) {
                if (in.d >= 0) R[((gb + in.d) << 5) + l] = read(p, in.type);
            } else {
                for (int i = 0; i < n; i++)
                    if (in.dv[i] >= 0) R[((gb + in.dv[i]) << 5) + l] = read(p + (long) i * size, in.type);
            }
        }
        if (n == 1) {
            if (in.d >= 0) w.D[gb + in.d] |= exec;
        } else {
            for (int i = 0; i < n; i++) if (in.dv[i] >= 0) w.D[gb + in.dv[i]] |= exec;
        }
    }

    static long read(long p, int type) {
        switch (PtxType.size(type)) {
            case 1:
                return PtxType.extend(type, Mem.getByte(p));
            case 2:
                return PtxType.extend(type, Mem.getShort(p));
            case 4:
                return PtxType.extend(type, Mem.getInt(p));
            default:
                return Mem.getLong(p);
        }
    }

    static void write(long p, int type, long v) {
        switch (PtxType.size(type)) {
            case 1 -> Mem.putByte(p, (byte) v);
            case 2 -> Mem.putShort(p, (short) v);
            case 4 -> Mem.putInt(p, (int) v);
            default -> Mem.putLong(p, v);
        }
    }

    private void store(Warp w, Insn in, int exec) {
        block.progress = block.threadInstructions;
        long[] A = addressSource(w, in, exec);
        int ao = off;
        int size = PtxType.size(in.type), n = in.vec, total = size * n;
        if (n == 1) {
            long[] B = src(w, 1, in.kb, in.b, in.ib, in.xb);
            int bo = off;
            int dm = def(w, in.kb, in.b);
            if ((dm & exec) != exec && in.space != S_PARAM) throw uninitialised(w, in, exec & ~dm, "the value stored");
            for (int m = exec; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                long p = resolve(w, l, A[ao + l] + in.off, total, in.space, true, in);
                write(p, in.type, B[bo + l]);
            }
            return;
        }
        long[] addrs = scratch[2];
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            addrs[l] = resolve(w, l, A[ao + l] + in.off, total, in.space, true, in);
        }
        for (int i = 0; i < n; i++) {
            long[] B = src(w, 1, in.svk[i], in.sv[i], in.svi[i], in.xv[i]);
            int bo = off;
            int dm = def(w, in.svk[i], in.sv[i]);
            if ((dm & exec) != exec && in.space != S_PARAM) throw uninitialised(w, in, exec & ~dm, "the value stored");
            for (int m = exec; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                write(addrs[l] + (long) i * size, in.type, B[bo + l]);
            }
        }
    }

    /**
     * An atomic on the aligned 32-bit word around a byte of global memory that lies partly past
     * its allocation: how compilers update a char atomically (PTX has no 8-bit atomics; LLVM's
     * partword expansion, jomp's AtomicEmitter). It cannot fault on a GPU, which allocates in
     * 256-byte granules (as {@link Memory#alloc} does), so it is no out-of-bounds access here.
     */
    private boolean partWord(long addr, int size, int space) {
        if (size != 4 || (addr & 3) != 0 || (space != S_GLOBAL && space != S_GENERIC)) return false;
        if (space == S_GENERIC && addr - Memory.SHARED_WINDOW >= 0 && addr - Memory.SHARED_WINDOW < Memory.WINDOW_SIZE)
            return false;
        if (mem.addressable(addr, 4) || !mem.addressable(addr, 1)) return false;
        return true;
    }

    private void atom(Warp w, Insn in, int exec) {
        long[] A = addressSource(w, in, exec);
        int ao = off;
        long[] B = src(w, 1, in.kb, in.b, in.ib, in.xb);
        int bo = off;
        long[] C = src(w, 2, in.kc, in.c, in.ic, in.xc);
        int co = off;
        int dm = def(w, in.kb, in.b) & def(w, in.kc, in.c);
        if ((dm & exec) != exec) throw uninitialised(w, in, exec & ~dm, "an atomic operand");
        int t = in.type, size = PtxType.size(t);
        long[] R = w.R;
        int d = in.d < 0 ? -1 : w.gbase + in.d;
        for (int m = exec; m != 0; m &= m - 1) { // one lane after another: each atomic sees the previous one
            int l = Integer.numberOfTrailingZeros(m);
            long addr = A[ao + l] + in.off;
            if (in.space == S_LOCAL
                    || in.space == S_PARAM
                    || (in.space == S_GENERIC
                            && addr - Memory.LOCAL_WINDOW >= 0
                            && addr - Memory.LOCAL_WINDOW < Memory.WINDOW_SIZE))
                throw memoryError(
                        w,
                        l,
                        in,
                        "atomic operation on local memory",
                        addr,
                        size,
                        true,
                        "local",
                        "atomics are defined on global and shared memory only");
            long p = partWord(addr, size, in.space) ? addr : resolve(w, l, addr, size, in.space, true, in);
            long old = read(p, t), b = B[bo + l], nv = Atomics.apply(in.sub, t, old, b, C[co + l]);
            if (nv != PtxType.extend(t, old)) {
                write(p, t, nv);
                block.progress = block.threadInstructions;
            }
            if (d >= 0) R[(d << 5) + l] = old;
        }
        if (d >= 0) w.D[d] |= exec;
    }
}
