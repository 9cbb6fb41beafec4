package jomp.plugin.ptxsim;

import jomp.runtime.mem.Mem;

/**
 * One kernel launch: a grid of blocks of threads, run one block after another (blocks of one
 * grid do not wait for each other in CUDA's model, and OpenMP teams may not either). Each thread
 * starts in the kernel's frame with the kernel's parameters in its local memory.
 */
final class Launch {
    final SimDevice device;
    final Program program;
    final Decoder.Function kernel;
    final int blocks, threads;
    final byte[] params;
    final long gridId;
    long threadInstructions;

    Launch(
            SimDevice device,
            Program program,
            Decoder.Function kernel,
            int blocks,
            int threads,
            byte[] params,
            long gridId) {
        this.device = device;
        this.program = program;
        this.kernel = kernel;
        this.blocks = blocks;
        this.threads = threads;
        this.params = params;
        this.gridId = gridId;
    }

    void run() {
        long sharedSize = program.sharedSize;
        long shared = device.sharedMemory(sharedSize);
        long localBytes = device.stackBytes;
        long local = device.localMemory(threads * localBytes);
        Executor ex = new Executor(this);
        RaceCheck race = device.racecheck ? new RaceCheck(sharedSize) : null;
        Warp[] pool = new Warp[(threads + 31) / 32];
        for (int b = 0; b < blocks; b++) {
            if (sharedSize > 0) Mem.fill(shared, (byte) 0, sharedSize);
            if (race != null) race.reset();
            Block blk = new Block(this, b, threads, shared, sharedSize, local, localBytes, kernel.nregs, race, pool);
            for (Warp w : blk.warps) start(blk, w);
            ex.block = blk;
            blk.run(ex);
            threadInstructions += blk.threadInstructions;
        }
    }

    /** Every lane at the kernel's first instruction, in frame 0 with its parameters. */
    private void start(Block blk, Warp w) {
        w.ensure(kernel.nregs + 1);
        int all = w.lanes == 32 ? -1 : (1 << w.lanes) - 1;
        for (int l = 0; l < w.lanes; l++) {
            w.pc[l] = kernel.entryPc;
            w.base[l] = 0;
            w.sp[l] = (kernel.localSize + 15) & ~15;
            w.R[l] = 0; // slot 0: the frame's local base
            long at = blk.localAddress(w.tid0 + l, 0);
            if (params.length > 0) Mem.copyFromArray(params, 0, at, params.length);
        }
        w.D[0] = all;
    }
}
