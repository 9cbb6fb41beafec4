package jomp.plugin.ptxsim;

import java.util.ArrayList;
import java.util.List;

/**
 * A thread block (CTA): its warps, its shared memory, its threads' local memory and its 16
 * hardware barriers. Barriers count threads: {@code bar.sync a} waits for every thread of the
 * block, {@code bar.sync a, n} for n threads; the threads that arrived go on when the count is
 * reached. A block whose threads all wait (at barriers or warp-synchronous instructions) with
 * none left to run is deadlocked, which is reported with what every thread is doing.
 */
final class Block {
    static final int BARRIERS = 16;

    final Launch launch;
    final int ctaid;
    final int nthreads;
    final Warp[] warps;
    final long shared, local;
    final long sharedSize, localBytes;
    private final int[] arrived = new int[BARRIERS], expected = new int[BARRIERS];
    private final int[][] waiting;
    /** For bar.sync (aligned): the instruction each warp's lanes arrived at, or -1. */
    private final int[][] alignedPc;
    /** Barrier completions so far (the race check's epochs). */
    int epoch;

    long threadInstructions;
    final RaceCheck race;

    Block(
            Launch launch,
            int ctaid,
            int nthreads,
            long shared,
            long sharedSize,
            long local,
            long localBytes,
            int regs,
            RaceCheck race,
            Warp[] pool) {
        this.launch = launch;
        this.ctaid = ctaid;
        this.nthreads = nthreads;
        this.shared = shared;
        this.sharedSize = sharedSize;
        this.local = local;
        this.localBytes = localBytes;
        this.race = race;
        int nw = (nthreads + 31) / 32;
        warps = new Warp[nw];
        for (int i = 0; i < nw; i++) {
            warps[i] = pool != null && pool[i] != null
                    ? pool[i].reset(this)
                    : new Warp(this, i, Math.min(32, nthreads - 32 * i), regs);
            if (pool != null) pool[i] = warps[i];
        }
        waiting = new int[BARRIERS][nw];
        alignedPc = new int[BARRIERS][nw];
        for (int[] a : alignedPc) java.util.Arrays.fill(a, -1);
    }

    /** Native address of byte {@code off} of thread {@code tid}'s local memory. */
    long localAddress(int tid, long off) {
        return local + tid * localBytes + off;
    }

    /**
     * Lanes {@code m} of warp w arrive at barrier id (expecting {@code count} threads, 0 for all);
     * {@code wait} makes them wait for its completion (bar.sync), else they go on (bar.arrive).
     */
    void arrive(Warp w, int m, int id, int count, boolean wait, boolean aligned, Insn in, int lane) {
        if (id < 0 || id >= BARRIERS)
            throw SimError.at(
                    launch, this, w, lane, in, "barrier " + id + " does not exist", "PTX has barriers 0 to 15");
        if (count != 0 && (count & 31) != 0)
            throw SimError.at(
                    launch,
                    this,
                    w,
                    lane,
                    in,
                    "barrier thread count " + count + " is not a multiple of the warp size",
                    null);
        int exp = count == 0 ? nthreads : count;
        if (arrived[id] == 0) expected[id] = exp;
        else if (expected[id] != exp)
            throw SimError.at(
                    launch,
                    this,
                    w,
                    lane,
                    in,
                    "barrier " + id + " used with different thread counts (" + expected[id] + " and " + exp + ")",
                    null);
        if (aligned) {
            if (alignedPc[id][w.index] >= 0 && alignedPc[id][w.index] != w.gpc)
                throw SimError.at(
                        launch,
                        this,
                        w,
                        lane,
                        in,
                        "divergent bar.sync: threads of one warp reached barrier " + id + " at different instructions",
                        "bar.sync is barrier.sync.aligned: every thread of a warp must execute the same barrier instruction (the other: PTX line "
                                + launch.program.code[alignedPc[id][w.index]].line + ")");
            alignedPc[id][w.index] = w.gpc;
        }
        arrived[id] += Integer.bitCount(m);
        if (wait) {
            waiting[id][w.index] |= m;
            w.block(m, w.gpc + 1);
            w.barMask |= m;
        }
        if (arrived[id] >= expected[id]) complete(id);
    }

    private void complete(int id) {
        arrived[id] = 0;
        progress = threadInstructions;
        epoch++;
        for (int i = 0; i < warps.length; i++) {
            int m = waiting[id][i];
            if (m == 0) continue;
            waiting[id][i] = 0;
            warps[i].barMask &= ~m;
            warps[i].wake(m);
            alignedPc[id][i] = -1;
        }
        java.util.Arrays.fill(alignedPc[id], -1);
    }

    /** threadInstructions when a thread last wrote memory, passed a barrier or exited (the livelock check). */
    long progress;

    /** Runs the block to its end. */
    void run(Executor ex) {
        long limit = launch.device.spinLimit;
        while (true) {
            boolean ran = false;
            int live = 0;
            for (Warp w : warps) {
                if (w.done()) continue;
                live++;
                if (ex.run(w, 2048) > 0) ran = true;
            }
            if (live == 0) return;
            if (!ran) throw deadlock();
            if (threadInstructions - progress > limit) throw livelock(limit);
        }
    }

    /** Threads run but none has changed anything for a long time: a spin-wait that cannot end. */
    private SimError livelock(long limit) {
        List<String> lines = new ArrayList<>();
        Warp firstW = null;
        int firstLane = -1;
        for (Warp w : warps) {
            for (int l = 0; l < w.lanes; l++) {
                if ((w.exitMask >>> l & 1) != 0) continue;
                if (firstW == null && (w.runMask >>> l & 1) != 0) {
                    firstW = w;
                    firstLane = l;
                }
            }
        }
        Insn at = firstW == null ? null : launch.program.code[firstW.pcOf(firstLane)];
        lines.add("no thread of the block wrote memory, passed a barrier or exited in the last " + limit
                + " thread-instructions");
        lines.add(
                "(a spin-wait for something no thread will do; JOMP_PTXSIM_SPIN_LIMIT raises the limit for long register-only loops)");
        return SimError.at(
                launch, this, firstW, firstLane, at, "livelock: the block makes no progress", String.join("\n", lines));
    }

    /** No thread can run: describe who waits where. */
    private SimError deadlock() {
        List<String> lines = new ArrayList<>();
        Warp firstW = null;
        int firstLane = -1;
        Insn firstIn = null;
        int exited = 0;
        for (Warp w : warps) {
            for (int l = 0; l < w.lanes; l++) {
                if ((w.exitMask >>> l & 1) != 0) {
                    exited++;
                    continue;
                }
                Insn in = launch.program.code[Math.max(0, w.pc[l] - ((w.barMask >>> l & 1) != 0 ? 1 : 0))];
                if (firstW == null) {
                    firstW = w;
                    firstLane = l;
                    firstIn = in;
                }
            }
        }
        // summarise by what they wait for
        java.util.Map<String, int[]> groups = new java.util.LinkedHashMap<>();
        for (Warp w : warps) {
            for (int l = 0; l < w.lanes; l++) {
                if ((w.exitMask >>> l & 1) != 0) continue;
                String what;
                if ((w.barMask >>> l & 1) != 0) {
                    Insn in = launch.program.code[w.pc[l] - 1];
                    what = "wait at a barrier, PTX line " + in.line + ": " + in.text;
                } else if (((w.syncMask | w.wsyncMask) >>> l & 1) != 0) {
                    Insn in = launch.program.code[w.pc[l]];
                    what = "wait for the lanes of member mask 0x" + Integer.toHexString(w.need[l]) + " of warp "
                            + w.index + ", PTX line " + in.line + ": " + in.text;
                } else {
                    what = "are at PTX line " + launch.program.code[w.pc[l]].line;
                }
                int[] c = groups.computeIfAbsent(what, k -> new int[] {0, w.tid0 + 0, -1});
                if (c[0] == 0) c[1] = w.tid0 + l;
                c[0]++;
                c[2] = w.tid0 + l;
            }
        }
        for (var e : groups.entrySet()) {
            int[] c = e.getValue();
            lines.add(c[0] + " thread(s) (" + (c[0] == 1 ? "thread " + c[1] : "threads " + c[1] + ".." + c[2]) + ") "
                    + e.getKey());
        }
        if (exited > 0)
            lines.add(exited + " thread(s) of the block's " + nthreads + " have exited and will never arrive");
        for (int id = 0; id < BARRIERS; id++) {
            if (arrived[id] > 0)
                lines.add("barrier " + id + ": " + arrived[id] + " of the " + expected[id]
                        + " threads it waits for arrived");
        }
        return SimError.at(
                launch,
                this,
                firstW,
                firstLane,
                firstIn,
                "deadlock: a barrier or warp-synchronous instruction is not reached by every thread it waits for",
                String.join("\n", lines));
    }
}
