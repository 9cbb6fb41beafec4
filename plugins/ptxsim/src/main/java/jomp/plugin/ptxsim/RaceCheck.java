package jomp.plugin.ptxsim;

import java.util.Arrays;

/**
 * Shared-memory race detection (JOMP_PTXSIM_RACECHECK=1), as compute-sanitizer's racecheck: two
 * threads of a block touching the same 4-byte word of shared memory between two completions of
 * a barrier, at least one of them writing, neither an atomic or volatile access (those are how
 * threads synchronise without barriers), is a hazard. Each word remembers its last writer and
 * its reader(s) with the barrier epoch of the access.
 */
final class RaceCheck {
    private final int[] writer, writerEpoch, reader, readerEpoch;

    RaceCheck(long sharedSize) {
        int words = (int) ((sharedSize + 3) / 4);
        writer = new int[words];
        writerEpoch = new int[words];
        reader = new int[words];
        readerEpoch = new int[words];
    }

    void reset() {
        Arrays.fill(writer, 0);
        Arrays.fill(reader, 0);
    }

    void access(Executor ex, Warp w, int l, long off, int bytes, boolean write, Insn in) {
        if (in.isVolatile || in.op == Insn.ATOM) return;
        int epoch = w.block.epoch, me = w.tid0 + l + 1;
        for (int k = (int) (off >>> 2), end = (int) ((off + bytes + 3) >>> 2); k < end; k++) {
            int wr = writerEpoch[k] == epoch ? writer[k] : 0, rd = readerEpoch[k] == epoch ? reader[k] : 0;
            if (wr != 0 && wr != me)
                throw hazard(ex, w, l, in, off, write ? "write after write" : "read after write", wr - 1);
            if (write && rd != 0 && rd != me) throw hazard(ex, w, l, in, off, "write after read", rd < 0 ? -1 : rd - 1);
            if (write) {
                writer[k] = me;
                writerEpoch[k] = epoch;
            } else if (rd == 0) {
                reader[k] = me;
                readerEpoch[k] = epoch;
            } else if (rd != me) {
                reader[k] = -1; // several readers
            }
        }
    }

    private static SimError hazard(Executor ex, Warp w, int l, Insn in, long off, String kind, int other) {
        return SimError.at(
                ex.launch,
                w.block,
                w,
                l,
                in,
                "shared memory race (" + kind + ") at shared address 0x" + Long.toHexString(off),
                (other >= 0 ? "thread " + other : "other threads")
                        + " of the block accessed this word since the last barrier, "
                        + "without an atomic or volatile access: a barrier (or __syncwarp) is missing between them");
    }
}
