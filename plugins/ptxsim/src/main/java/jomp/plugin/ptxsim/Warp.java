package jomp.plugin.ptxsim;

import java.util.Arrays;

/**
 * A warp: 32 lanes, each with its own program counter, frame base and call stack (independent
 * thread scheduling, as on Volta and later). Lanes at the same instruction in the same frame
 * execute together as the current group, one decoded instruction for all of them at once.
 *
 * <p>Which group runs: the deepest frame first, then the lowest code index, so that lanes that
 * took different sides of a branch meet again where the sides join (for structured code the
 * join comes later in the code, and a loop's lanes that stay in it come before the ones that
 * left). When the running group reaches an instruction where suspended lanes of the same frame
 * wait, they join it. So that spinning lanes cannot starve the lane they wait for (a lock's
 * holder), every few hundred instructions another lane's group, in turn, gets the warp for a
 * while.
 *
 * <p>Registers: slot s of the frame at base b for lane l is {@code R[((b + s) << 5) + l]}; the
 * defined-lanes mask of that slot is {@code D[b + s]}, for the uninitialised-register check.
 */
final class Warp {
    static final int SLICE = 512;

    Block block;
    final int index;
    /** Thread index of lane 0 in the block, and the lanes that exist (a block's last warp may be partial). */
    final int tid0;

    final int lanes;

    long[] R;
    int[] D;
    final int[] pc = new int[32], base = new int[32], sp = new int[32], depth = new int[32];
    /** Per lane call stacks: [depth * 32 + lane]. */
    int[] retPc = new int[32 * 8], retBase = new int[32 * 8], retSp = new int[32 * 8];
    /** Carry flags (add.cc and friends). */
    final int[] cc = new int[32];

    int runMask, exitMask, barMask, syncMask, wsyncMask;
    /** The member mask a lane waiting at a warp-synchronous instruction named. */
    final int[] need = new int[32];

    // the current group
    int gmask, gpc, gbase;
    int mergePc = -1;
    private int focus, rr, slice = SLICE;

    /** Special registers that do not change: per lane values. */
    final long[][] sreg = new long[Decoder.SR_COUNT][];

    final long[] scratch = new long[32];

    Warp(Block block, int index, int lanes, int regs) {
        this.block = block;
        this.index = index;
        this.tid0 = index * 32;
        this.lanes = lanes;
        R = new long[Math.max(regs, 64) << 5];
        D = new int[Math.max(regs, 64)];
        int all = lanes == 32 ? -1 : (1 << lanes) - 1;
        runMask = all;
        exitMask = ~all; // lanes that do not exist count as exited
    }

    /** The same warp for the next block of a launch (its arrays are kept: no allocation per block). */
    Warp reset(Block b) {
        block = b;
        java.util.Arrays.fill(D, 0);
        java.util.Arrays.fill(depth, 0);
        java.util.Arrays.fill(cc, 0);
        java.util.Arrays.fill(sreg, null);
        int all = lanes == 32 ? -1 : (1 << lanes) - 1;
        runMask = all;
        exitMask = ~all;
        barMask = syncMask = wsyncMask = 0;
        gmask = 0;
        mergePc = -1;
        focus = 0;
        rr = 0;
        slice = SLICE;
        return this;
    }

    void ensure(int slots) {
        if (slots <= D.length) return;
        int n = Math.max(slots, D.length * 2);
        R = Arrays.copyOf(R, n << 5);
        D = Arrays.copyOf(D, n);
    }

    void ensureDepth(int d) {
        if ((d + 1) * 32 <= retPc.length) return;
        int n = Math.max((d + 1) * 32, retPc.length * 2);
        retPc = Arrays.copyOf(retPc, n);
        retBase = Arrays.copyOf(retBase, n);
        retSp = Arrays.copyOf(retSp, n);
    }

    /** Lanes of the current group go back to the per-lane state (at the group's pc and base). */
    void suspend() {
        for (int m = gmask; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            pc[l] = gpc;
            base[l] = gbase;
        }
        gmask = 0;
    }

    /** Lanes {@code m} of the group continue at {@code at}; the rest of the group stays; then the next group is chosen. */
    void split(int m, int at) {
        for (int k = m; k != 0; k &= k - 1) {
            int l = Integer.numberOfTrailingZeros(k);
            pc[l] = at;
            base[l] = gbase;
        }
        gmask &= ~m;
        suspend();
        pick();
    }

    /** A divergent branch: lanes m go to {@code target}, the rest of the group to {@code fall}; then the next group is chosen. */
    void diverge(int m, int target, int fall) {
        for (int k = gmask; k != 0; k &= k - 1) {
            int l = Integer.numberOfTrailingZeros(k);
            pc[l] = (m >>> l & 1) != 0 ? target : fall;
            base[l] = gbase;
        }
        gmask = 0;
        pick();
    }

    /** Chooses the next group among the runnable lanes; false when none can run. */
    boolean pick() {
        if (gmask != 0) suspend();
        int cand = runMask;
        if (cand == 0) return false;
        if ((cand & focus) != 0) cand &= focus;
        int bestBase = -1, bestPc = Integer.MAX_VALUE;
        for (int m = cand; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if (base[l] > bestBase || (base[l] == bestBase && pc[l] < bestPc)) {
                bestBase = base[l];
                bestPc = pc[l];
            }
        }
        gpc = bestPc;
        gbase = bestBase;
        int g = 0;
        for (int m = runMask; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if (pc[l] == bestPc && base[l] == bestBase) g |= 1 << l;
        }
        gmask = g;
        computeMerge();
        return true;
    }

    /** The next instruction at which suspended lanes of this frame wait, or -1. */
    void computeMerge() {
        int rest = runMask & ~gmask;
        int best = Integer.MAX_VALUE;
        for (int m = rest; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if (base[l] == gbase && pc[l] > gpc && pc[l] < best) best = pc[l];
        }
        mergePc = best == Integer.MAX_VALUE ? -1 : best;
    }

    /** The group reached mergePc: the lanes waiting there join. */
    void merge() {
        int rest = runMask & ~gmask;
        for (int m = rest; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            if (base[l] == gbase && pc[l] == gpc) gmask |= 1 << l;
        }
        computeMerge();
    }

    /** The group jumps to {@code target}; with other runnable lanes about, the scheduling rule decides who runs next. */
    void jump(int target) {
        gpc = target;
        if ((runMask & ~gmask) != 0) {
            suspend();
            pick();
        }
    }

    /** Called once per instruction: after a slice, the next lane in turn (and its group) gets the warp. */
    void tick() {
        if (--slice > 0) return;
        slice = SLICE;
        int others = runMask & ~gmask;
        if (others == 0) {
            focus = 0;
            return;
        }
        int next = -1;
        for (int k = 1; k <= 32; k++) {
            int l = (rr + k) & 31;
            if ((others >>> l & 1) != 0) {
                next = l;
                break;
            }
        }
        rr = next;
        focus = 1 << next;
        suspend();
        pick();
    }

    /** Lanes {@code m} stop being runnable (they wait or exited); the group loses them. */
    void block(int m, int resumePc) {
        for (int k = m; k != 0; k &= k - 1) {
            int l = Integer.numberOfTrailingZeros(k);
            pc[l] = resumePc;
            base[l] = gbase;
        }
        runMask &= ~m;
        gmask &= ~m;
    }

    /** Lanes wake up (a barrier completed); they are chosen by the next pick. */
    void wake(int m) {
        runMask |= m;
    }

    boolean done() {
        return exitMask == -1;
    }

    /** The lane's current instruction (group lanes use the group's pc). */
    int pcOf(int lane) {
        return (gmask >>> lane & 1) != 0 ? gpc : pc[lane];
    }

    int baseOf(int lane) {
        return (gmask >>> lane & 1) != 0 ? gbase : base[lane];
    }
}
