package jomp.plugin.ptxsim;

import jomp.runtime.mem.Mem;

/**
 * {@code call} and {@code ret}. A call pushes, per lane, a register frame above the caller's
 * (base + the caller's register count) and a local-memory frame at the top of the thread's stack
 * (its .local and .param variables), copies the argument .param variables into the callee's
 * parameters, and remembers where to return. Indirect calls go through function addresses;
 * lanes that call different functions split. Library functions (vprintf, malloc, ...) run at
 * once without a frame.
 */
final class Calls {
    private Calls() {}

    static void call(Executor ex, Warp w, Insn in, int mask, int exec) {
        if (exec == 0) {
            w.gpc++;
            return;
        }
        if (exec != mask) { // lanes whose guard is false go on; the others call when their group runs again
            w.split(mask & ~exec, w.gpc + 1);
            return;
        }
        Decoder.Function f = in.callee;
        int lanes = exec;
        if (f == null) {
            f = indirectCallee(ex, w, in, exec);
            lanes = sameCallee(w, in, exec);
        }
        if (f.builtin != null) {
            Builtins.call(ex, w, in, f, lanes);
            w.gpc++;
            if ((w.runMask & ~w.gmask) != 0) w.computeMerge();
            return;
        }
        if (f.entryPc < 0)
            throw SimError.at(
                    ex.launch,
                    ex.block,
                    w,
                    Integer.numberOfTrailingZeros(lanes),
                    in,
                    "call of " + f.name + ", which is declared but not defined",
                    null);
        int oldBase = w.gbase, newBase = oldBase + in.fn.nregs;
        w.ensure(newBase + f.nregs + 1);
        for (int m = lanes; m != 0; m &= m - 1)
            pushFrame(ex, w, in, f, Integer.numberOfTrailingZeros(m), oldBase, newBase);
        int[] D = w.D;
        for (int s = newBase + 1; s < newBase + f.nregs; s++) D[s] &= ~lanes;
        D[newBase] |= lanes;
        w.gbase = newBase;
        w.gpc = f.entryPc;
        if ((w.runMask & ~w.gmask) != 0) w.computeMerge();
    }

    /** An indirect call's function: the one at the first executing lane's target address. */
    private static Decoder.Function indirectCallee(Executor ex, Warp w, Insn in, int exec) {
        int dm = w.D[w.gbase + in.a];
        if ((dm & exec) != exec) throw ex.uninitialised(w, in, exec & ~dm, "a call target");
        int first = Integer.numberOfTrailingZeros(exec);
        long target = w.R[((w.gbase + in.a) << 5) + first];
        Decoder.Function f = ex.program.functionAt(target);
        if (f == null)
            throw SimError.at(
                    ex.launch,
                    ex.block,
                    w,
                    first,
                    in,
                    "indirect call of address 0x" + Long.toHexString(target) + ", which is not a function",
                    null);
        return f;
    }

    /**
     * The lanes of an indirect call whose target is the first lane's, which call now; the others
     * call later (they stay at this instruction).
     */
    private static int sameCallee(Warp w, Insn in, int exec) {
        long[] R = w.R;
        int o = (w.gbase + in.a) << 5;
        long target = R[o + Integer.numberOfTrailingZeros(exec)];
        int same = 0;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if (R[o + l] == target) same |= 1 << l;
        }
        if (same != exec) {
            for (int m = exec & ~same; m != 0; m &= m - 1) {
                int l = Integer.numberOfTrailingZeros(m);
                w.pc[l] = w.gpc;
                w.base[l] = w.gbase;
            }
            w.gmask = same;
        }
        return same;
    }

    /**
     * Lane l's frame for a call of f: where to return, the local-memory frame above its stack
     * pointer (the arguments copied into f's parameters), and the frame pointer in the callee's
     * first register.
     */
    private static void pushFrame(Executor ex, Warp w, Insn in, Decoder.Function f, int l, int oldBase, int newBase) {
        Block b = ex.block;
        int frame = (f.localSize + 15) & ~15;
        int d = w.depth[l];
        w.ensureDepth(d + 1);
        int idx = d * 32 + l;
        w.retPc[idx] = w.gpc + 1;
        w.retBase[idx] = oldBase;
        w.retSp[idx] = w.sp[l];
        w.depth[l] = d + 1;
        long fp = (w.sp[l] + 15) & ~15L, end = fp + frame;
        if (end > b.localBytes)
            throw SimError.at(
                    ex.launch,
                    b,
                    w,
                    l,
                    in,
                    "stack overflow calling " + f.name,
                    "the thread's local memory is " + b.localBytes + " bytes (JOMP_PTXSIM_STACK sets it); call depth "
                            + (d + 1));
        long callerFp = w.R[(oldBase << 5) + l];
        int tid = w.tid0 + l;
        int n = Math.min(in.argOff.length, f.paramOff.length);
        for (int i = 0; i < n; i++)
            Mem.copy(
                    b.localAddress(tid, fp + f.paramOff[i]),
                    b.localAddress(tid, callerFp + in.argOff[i]),
                    f.paramSize[i]);
        w.sp[l] = (int) end;
        w.R[(newBase << 5) + l] = fp;
    }

    static void ret(Executor ex, Warp w, Insn in, int mask, int exec) {
        if (exec == 0) {
            w.gpc++;
            return;
        }
        if (exec != mask) {
            w.split(mask & ~exec, w.gpc + 1);
            return;
        }
        Decoder.Function f = in.fn;
        int calleeBase = w.gbase, exited = 0;
        Block b = ex.block;
        long[] R = w.R;
        int rp0 = -1, rb0 = -1;
        boolean uniform = true;
        for (int m = exec; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            int d = w.depth[l];
            if (d == 0) {
                exited |= 1 << l;
                continue;
            }
            int idx = (d - 1) * 32 + l;
            int rp = w.retPc[idx], rb = w.retBase[idx];
            Insn call = ex.code[rp - 1];
            if (call.retOff >= 0 && f.retOff >= 0) {
                int tid = w.tid0 + l;
                long calleeFp = R[(calleeBase << 5) + l], callerFp = R[(rb << 5) + l];
                Mem.copy(
                        b.localAddress(tid, callerFp + call.retOff),
                        b.localAddress(tid, calleeFp + f.retOff),
                        f.retSize);
            }
            w.pc[l] = rp;
            w.base[l] = rb;
            w.sp[l] = w.retSp[idx];
            w.depth[l] = d - 1;
            if (rp0 < 0) {
                rp0 = rp;
                rb0 = rb;
            } else if (rp != rp0 || rb != rb0) uniform = false;
        }
        if (exited != 0) {
            ex.exit(w, exited);
            if (w.gmask == 0) {
                w.pick();
                return;
            }
        }
        if (uniform && rp0 >= 0) {
            w.gpc = rp0;
            w.gbase = rb0;
            if ((w.runMask & ~w.gmask) != 0) {
                w.suspend();
                w.pick();
            }
            return;
        }
        w.gmask = 0; // the lanes' own pc and base are set: choose again
        w.pick();
    }
}
