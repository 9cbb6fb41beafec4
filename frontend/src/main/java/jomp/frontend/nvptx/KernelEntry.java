package jomp.frontend.nvptx;

import jomp.frontend.ir.BasicBlock;
import jomp.frontend.ir.Function;
import jomp.frontend.ir.Global;
import jomp.frontend.ir.Insn;

/**
 * The {@code .entry} of a kernel: every thread of the launch enters it, gives the device
 * runtime a per-thread state block in its local memory ({@code __jomp_target_init}), and the
 * threads the runtime selects call the kernel's body, a {@code .func}. In generic mode that is
 * each team's thread 0 while the block's other threads wait in the runtime for parallel regions;
 * in SPMD mode ({@link Function#spmd}) every thread. A kernel that calls {@code __jomp_teams}
 * runs one team per block; any other kernel is one team, the first block.
 */
final class KernelEntry {
    private KernelEntry() {}

    /** Mode bits of {@code __jomp_target_init} (devrt.c). */
    static final int TEAMS = 1, SPMD = 2;

    static String bodySymbol(String kernel) { return PtxText.symbol(kernel) + "$body"; }

    /** The kernel's mode bits. */
    static int mode(Function k) {
        int mode = k.spmd ? SPMD : 0;
        for (BasicBlock b : k.blocks) {
            for (Insn i : b.insns) if (i instanceof Insn.Call c && c.callee().equals("__jomp_teams")) mode |= TEAMS;
        }
        return mode;
    }

    static String generate(PtxBackend.Context ctx, Function k) {
        int mode = mode(k);
        long stateSize = threadStateSize(ctx);
        StringBuilder sb = new StringBuilder();
        sb.append(PtxFunction.kernelPrototype(PtxText.symbol(k.name))).append("\n{\n");
        sb.append("\t.reg .b32 %r<1>;\n\t.reg .b64 %rd<2>;\n\t.reg .pred %p<1>;\n");
        sb.append("\t.local .align 8 .b8 __thread[").append(stateSize).append("];\n");
        sb.append("\tld.param.u64 %rd0, [__args];\n");
        sb.append("\tmov.u64 %rd1, __thread;\n\tcvta.local.u64 %rd1, %rd1;\n");
        sb.append("\t{\n\t.param .b32 __a0;\n\tst.param.b32 [__a0], ").append(mode).append(";\n");
        sb.append("\t.param .b64 __a1;\n\tst.param.b64 [__a1], %rd1;\n\t.param .b32 __r;\n");
        sb.append("\tcall.uni (__r), ").append(DeviceRuntime.INIT).append(", (__a0, __a1);\n");
        sb.append("\tld.param.b32 %r0, [__r];\n\t}\n");
        sb.append("\tsetp.eq.s32 %p0, %r0, 0;\n\t@%p0 bra $Ldone;\n");
        sb.append("\t{\n\t.param .b64 __a0;\n\tst.param.b64 [__a0], %rd0;\n");
        sb.append("\tcall.uni ").append(bodySymbol(k.name)).append(", (__a0);\n\t}\n");
        sb.append("\t{\n\t.param .b32 __a0;\n\tst.param.b32 [__a0], ").append(mode).append(";\n");
        sb.append("\tcall.uni ").append(DeviceRuntime.DEINIT).append(", (__a0);\n\t}\n");
        sb.append("$Ldone:\n\tret;\n}\n");
        return sb.toString();
    }

    /** sizeof(struct __jomp_thread), which the runtime publishes as {@code __jomp_thread_size}. */
    private static long threadStateSize(PtxBackend.Context ctx) {
        Global g = ctx.module.global("__jomp_thread_size");
        if (g == null || g.data == null || g.data.length < 4) throw new IllegalStateException("jomp: the device runtime lacks __jomp_thread_size");
        return (g.data[0] & 0xFF) | (g.data[1] & 0xFF) << 8 | (g.data[2] & 0xFF) << 16 | (long) (g.data[3] & 0xFF) << 24;
    }
}
