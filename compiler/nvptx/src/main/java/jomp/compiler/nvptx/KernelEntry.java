package jomp.compiler.nvptx;

import java.util.List;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;

/**
 * The start and end of a kernel's {@code .entry}, around its body: every thread of the launch
 * gives the device runtime a per-thread state block in its local memory
 * ({@code __jomp_target_init}), and the threads the runtime selects run the body, the others
 * return. In generic mode that is each team's thread 0 while the block's other threads wait in
 * the runtime for parallel regions; in SPMD mode ({@link Function#spmd}) every thread. A kernel
 * that calls {@code __jomp_teams} runs one team per block; any other kernel is one team, the
 * first block. Each return of the body calls {@code __jomp_target_deinit} first. The entry's
 * parameters are the kernel's arguments ({@link KernelArguments}).
 */
final class KernelEntry {
    private KernelEntry() {}

    /** Mode bits of {@code __jomp_target_init} (devrt.c). */
    static final int TEAMS = 1, SPMD = 2;

    /** The kernel's mode bits. */
    static int mode(Function k) {
        int mode = k.spmd ? SPMD : 0;
        for (BasicBlock b : k.blocks) {
            for (Insn i : b.insns) {
                if (i instanceof Insn.Call c
                        && (c.callee().equals("__jomp_teams") || c.callee().equals(SpmdSpecialization.TEAMS)))
                    mode |= TEAMS;
            }
        }
        return mode;
    }

    /** The values of {@code <kernel>_exec_mode}, clang's OMP_TGT_EXEC_MODE_GENERIC and _SPMD. */
    static final int EXEC_MODE_GENERIC = 1, EXEC_MODE_SPMD = 2;

    /**
     * {@code .visible .global .u8 k_exec_mode = 1|2}: the global clang's kernels carry for the
     * plugin, which sizes the grid by it when the host passes a trip count (generic: one block
     * per iteration of the distribute loop; SPMD: one thread per iteration of the whole loop).
     */
    static String execModeGlobal(Function k, int mode) {
        return ".visible .global .align 1 .u8 " + PtxText.symbol(k.name) + "_exec_mode = "
                + ((mode & SPMD) != 0 ? EXEC_MODE_SPMD : EXEC_MODE_GENERIC) + ";\n";
    }

    /** {@code .visible .entry k(.param .u64 __arg0, ...)}. */
    static String prototype(Function k) {
        return ".visible .entry " + PtxText.symbol(k.name) + "(" + KernelArguments.parameters(k) + ")";
    }

    /** The per-thread state's declaration (a {@code .local} array), for the entry's declarations. */
    static String stateDeclaration(PtxBackend.Context ctx) {
        return "\t.local .align 8 .b8 __thread[" + threadStateSize(ctx) + "];\n";
    }

    /** The code before the body: the runtime's init, and the return of the threads it does not select. */
    static void prologue(PtxFunction fn, int mode) {
        String init = spmd(fn, mode) ? SpmdSpecialization.INIT : DeviceRuntime.INIT;
        String state = fn.temp(IrType.PTR), run = fn.temp(IrType.I32), skip = fn.pred();
        fn.emit("mov.u64 " + state + ", __thread");
        fn.emit("cvta.local.u64 " + state + ", " + state);
        fn.code.append("\t{\n");
        fn.emit(".param .b32 __a0");
        fn.emit("st.param.b32 [__a0], " + mode);
        fn.emit(".param .b64 __a1");
        fn.emit("st.param.b64 [__a1], " + state);
        fn.emit(".param .b32 __r");
        fn.ctx.useFunction(init, new FuncType(IrType.I32, List.of(IrType.I32, IrType.PTR), false), fn.f.name);
        fn.emit("call.uni (__r), " + init + ", (__a0, __a1)");
        fn.emit("ld.param.b32 " + run + ", [__r]");
        fn.code.append("\t}\n");
        fn.emit("setp.eq.s32 " + skip + ", " + run + ", 0");
        fn.emit("@" + skip + " ret");
    }

    /** Before each return of the body. */
    static void epilogue(PtxFunction fn, int mode) {
        if (spmd(fn, mode)) return; // __jomp_target_deinit has nothing to do in SPMD mode
        fn.code.append("\t{\n");
        fn.emit(".param .b32 __a0");
        fn.emit("st.param.b32 [__a0], " + mode);
        fn.ctx.useFunction(DeviceRuntime.DEINIT, new FuncType(IrType.VOID, List.of(IrType.I32), false), fn.f.name);
        fn.emit("call.uni " + DeviceRuntime.DEINIT + ", (__a0)");
        fn.code.append("\t}\n");
    }

    /** An SPMD kernel whose runtime calls SpmdSpecialization rewrote: its entry takes the SPMD path. */
    private static boolean spmd(PtxFunction fn, int mode) {
        return (mode & SPMD) != 0 && fn.ctx.spmdOnly.contains(fn.f.name);
    }

    /** sizeof(struct __jomp_thread), which the runtime publishes as {@code __jomp_thread_size}. */
    private static long threadStateSize(PtxBackend.Context ctx) {
        Global g = ctx.module.global("__jomp_thread_size");
        if (g == null || g.data == null || g.data.length < 4)
            throw new IllegalStateException("jomp: the device runtime lacks __jomp_thread_size");
        return (g.data[0] & 0xFF)
                | (g.data[1] & 0xFF) << 8
                | (g.data[2] & 0xFF) << 16
                | (long) (g.data[3] & 0xFF) << 24;
    }
}
