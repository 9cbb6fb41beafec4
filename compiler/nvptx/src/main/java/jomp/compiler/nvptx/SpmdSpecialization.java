package jomp.compiler.nvptx;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Calls of the device runtime in code that runs only in SPMD kernels go to the runtime's SPMD
 * paths ({@code __jomp_spmd_*} in devrt.c), as LLVM's OpenMPOpt folds its device runtime's mode
 * checks for SPMD kernels: such a kernel then carries neither the generic mode's state machine,
 * fork and team stack nor the dynamic loop dispatch, and each thread skips their set-up.
 *
 * <p>Where a function runs is found from the module's call graph: an SPMD kernel and the teams
 * region its {@code __jomp_teams} calls run at {@link Where#SPMD_TEAMS}, the parallel region
 * their {@code __jomp_fork} calls (a team of the whole block) at {@link Where#SPMD_PARALLEL},
 * a static function called directly where its caller runs. Anything else — a generic kernel, a
 * nested parallel region, a task, a function whose address is taken otherwise or that other
 * units can call — is {@link Where#OTHER}. Only functions that run in exactly one SPMD place are
 * rewritten:
 * <ul>
 * <li>teams place: {@code __jomp_teams(@g, nt, tl, a)} becomes {@code t = __jomp_spmd_teams(nt,
 *     tl); if (t >= 0) g(t, a)} (a direct call), {@code __jomp_fork(@g, n, a)} becomes
 *     {@code g(__jomp_spmd_fork_begin(), a); __jomp_spmd_fork_end()};</li>
 * <li>parallel place: a static loop's {@code __jomp_loop_init} (kind static, auto or runtime) and,
 *     when every loop of the function is one, {@code __jomp_loop_next/_stride}, and
 *     {@code __jomp_barrier}, become their SPMD forms;</li>
 * <li>both: the frame slots whose addresses escape stay in the thread's local frame (the team
 *     stack's {@code __jomp_frame_push} answers 0 there), unless the function publishes its frame
 *     ({@code copyprivate}).</li>
 * </ul>
 * The kernel entry of an SPMD kernel calls {@code __jomp_spmd_init} and no deinit (KernelEntry).
 */
final class SpmdSpecialization {
    private SpmdSpecialization() {}

    /** Where a function may run. */
    enum Where {
        SPMD_TEAMS,
        SPMD_PARALLEL,
        OTHER
    }

    static final String INIT = "__jomp_spmd_init",
            TEAMS = "__jomp_spmd_teams",
            FORK_BEGIN = "__jomp_spmd_fork_begin",
            FORK_END = "__jomp_spmd_fork_end",
            LOOP_INIT = "__jomp_spmd_loop_init",
            LOOP_NEXT = "__jomp_spmd_loop_next",
            LOOP_STRIDE = "__jomp_spmd_loop_stride",
            BARRIER = "__jomp_spmd_barrier";

    private static final FuncType REGION = new FuncType(IrType.VOID, List.of(IrType.I32, IrType.PTR), false);

    /**
     * Rewrites the module's functions that run only in SPMD kernels (before the runtime is linked:
     * the SPMD entries it calls become externs the link resolves). Returns those functions' names:
     * their escaping frame slots stay in the local frame.
     */
    static Set<String> apply(Module m) {
        Map<String, EnumSet<Where>> where = places(m);
        Set<String> local = new java.util.HashSet<>();
        boolean spmdKernel = false;
        for (Function f : m.functions) {
            EnumSet<Where> w = where.get(f.name);
            if (w == null || w.size() != 1 || w.contains(Where.OTHER)) continue;
            if (f.spmd && PtxBackend.isKernel(f.name)) spmdKernel = true;
            if (w.contains(Where.SPMD_TEAMS)) {
                teamsPlace(m, f);
                dropUnusedAddresses(
                        f); // the regions' addresses, now called directly (their parameters can be followed:
                // GlobalAddresses)
            } else {
                parallelPlace(m, f);
            }
            local.add(f.name);
        }
        if (spmdKernel)
            m.externFunctions.putIfAbsent(INIT, new FuncType(IrType.I32, List.of(IrType.I32, IrType.PTR), false));
        return local;
    }

    /** Where each defined function may run, by propagation from the kernels over the call graph. */
    static Map<String, EnumSet<Where>> places(Module m) {
        Map<String, EnumSet<Where>> where = new HashMap<>();
        java.util.ArrayDeque<Function> work = new java.util.ArrayDeque<>();
        for (Function f : m.functions) {
            EnumSet<Where> w = EnumSet.noneOf(Where.class);
            if (PtxBackend.isKernel(f.name)) w.add(f.spmd ? Where.SPMD_TEAMS : Where.OTHER);
            else if (!f.isStatic) w.add(Where.OTHER); // other units may call it
            where.put(f.name, w);
        }
        // a function whose address is data (a table of pointers) runs anywhere
        for (Global g : m.globals) for (Global.Reloc r : g.relocs) add(where, r.symbol(), Where.OTHER);
        // addresses taken other than as the region of __jomp_teams/__jomp_fork
        for (Function f : m.functions) {
            Map<Integer, String> regions = regionArguments(f);
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns) {
                    if (i instanceof Insn.FuncAddr a && !regions.containsKey(a.dst().id))
                        add(where, a.symbol(), Where.OTHER);
                }
            }
        }
        work.addAll(m.functions);
        while (!work.isEmpty()) {
            Function f = work.pop();
            EnumSet<Where> w = where.get(f.name);
            if (w.isEmpty()) continue;
            Map<Integer, String> regions = regionArguments(f);
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns) {
                    if (!(i instanceof Insn.Call c)) continue;
                    String region =
                            c.args().isEmpty() || !(c.args().get(0) instanceof Reg r) ? null : regions.get(r.id);
                    EnumSet<Where> callee;
                    if (region != null && c.callee().equals("__jomp_teams")) {
                        callee = w;
                    } else if (region != null && c.callee().equals("__jomp_fork")) {
                        callee = EnumSet.noneOf(Where.class);
                        for (Where x : w) callee.add(x == Where.SPMD_TEAMS ? Where.SPMD_PARALLEL : Where.OTHER);
                    } else {
                        region = c.callee();
                        callee = w;
                    }
                    EnumSet<Where> old = where.get(region);
                    if (old != null && !old.containsAll(callee)) {
                        old.addAll(callee);
                        work.add(m.function(region));
                    }
                }
            }
        }
        return where;
    }

    private static void add(Map<String, EnumSet<Where>> where, String fn, Where w) {
        EnumSet<Where> s = where.get(fn);
        if (s != null) s.add(w);
    }

    /**
     * The registers that hold a function's address and are used only as the region argument of
     * {@code __jomp_teams}/{@code __jomp_fork}, with the function: a register defined once by
     * {@code funcaddr}, each of whose uses is such an argument.
     */
    private static Map<Integer, String> regionArguments(Function f) {
        Map<Integer, String> addr = new HashMap<>();
        Map<Integer, Integer> defs = new HashMap<>();
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                if (i.dst() != null) defs.merge(i.dst().id, 1, Integer::sum);
                if (i instanceof Insn.FuncAddr a) addr.put(a.dst().id, a.symbol());
            }
        }
        addr.keySet().removeIf(id -> defs.get(id) != 1);
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                List<Value> ops = jomp.compiler.ir.Operands.of(i);
                boolean region = i instanceof Insn.Call c
                        && (c.callee().equals("__jomp_teams") || c.callee().equals("__jomp_fork"));
                for (int k = 0; k < ops.size(); k++) {
                    if (ops.get(k) instanceof Reg r && !(region && k == 0)) addr.remove(r.id);
                }
            }
            if (b.terminator != null && jomp.compiler.ir.Operands.of(b.terminator) instanceof Reg r) addr.remove(r.id);
        }
        return addr;
    }

    /** The kernel or teams region of an SPMD kernel: teams and fork call their regions directly. */
    private static void teamsPlace(Module m, Function f) {
        Map<Integer, String> regions = regionArguments(f);
        for (int k = 0; k < f.blocks.size(); k++) {
            BasicBlock b = f.blocks.get(k);
            for (int n = 0; n < b.insns.size(); n++) {
                if (!(b.insns.get(n) instanceof Insn.Call c)
                        || c.args().isEmpty()
                        || !(c.args().get(0) instanceof Reg r)) continue;
                String region = regions.get(r.id);
                if (region == null
                        || m.function(region) == null
                        || !m.function(region).type.equals(REGION)) continue;
                if (c.callee().equals("__jomp_teams")) {
                    // b: ... t = spmd_teams(nt, tl); cond = t >= 0; condbr cond, call, rest
                    Reg t = f.newReg(IrType.I32), cond = f.newReg(IrType.I32);
                    BasicBlock call = f.newBlock("spmd.teams"), rest = f.newBlock("spmd.teams.done");
                    f.blocks.remove(call);
                    f.blocks.remove(rest);
                    f.blocks.add(k + 1, call);
                    f.blocks.add(k + 2, rest);
                    rest.insns.addAll(b.insns.subList(n + 1, b.insns.size()));
                    rest.terminator = b.terminator;
                    b.insns.subList(n, b.insns.size()).clear();
                    declare(m, TEAMS, new FuncType(IrType.I32, List.of(IrType.I32, IrType.I32), false));
                    b.insns.add(new Insn.Call(
                            t,
                            TEAMS,
                            m.externFunctions.get(TEAMS),
                            List.of(c.args().get(1), c.args().get(2))));
                    b.insns.add(new Insn.Cmp(Insn.CmpOp.GE, cond, t, new IntConst(IrType.I32, 0)));
                    b.terminator = new Terminator.CondBr(cond, call, rest);
                    call.insns.add(new Insn.Call(
                            null, region, REGION, List.of(t, c.args().get(3))));
                    call.terminator = new Terminator.Br(rest);
                    break; // the rest of b is in rest, which the loop visits next but one
                }
                if (c.callee().equals("__jomp_fork")) {
                    Reg tid = f.newReg(IrType.I32);
                    declare(m, FORK_BEGIN, new FuncType(IrType.I32, List.of(), false));
                    declare(m, FORK_END, new FuncType(IrType.VOID, List.of(), false));
                    b.insns.set(n, new Insn.Call(tid, FORK_BEGIN, m.externFunctions.get(FORK_BEGIN), List.of()));
                    b.insns.add(
                            n + 1,
                            new Insn.Call(
                                    null, region, REGION, List.of(tid, c.args().get(2))));
                    b.insns.add(n + 2, new Insn.Call(null, FORK_END, m.externFunctions.get(FORK_END), List.of()));
                    n += 2;
                }
            }
        }
    }

    private static void dropUnusedAddresses(Function f) {
        Set<Integer> used = new java.util.HashSet<>();
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns)
                for (Value v : jomp.compiler.ir.Operands.of(i)) if (v instanceof Reg r) used.add(r.id);
            if (b.terminator != null && jomp.compiler.ir.Operands.of(b.terminator) instanceof Reg r) used.add(r.id);
        }
        for (BasicBlock b : f.blocks) b.insns.removeIf(i -> i instanceof Insn.FuncAddr a && !used.contains(a.dst().id));
    }

    /** The parallel region of an SPMD kernel (or a function only it calls): static loops and barriers. */
    private static void parallelPlace(Module m, Function f) {
        boolean allStatic = true;
        List<Insn.Call> inits = new ArrayList<>();
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                if (i instanceof Insn.Call c && c.callee().equals("__jomp_loop_init")) {
                    if (isStatic(c)) inits.add(c);
                    else allStatic = false;
                }
            }
        }
        for (BasicBlock b : f.blocks) {
            for (int n = 0; n < b.insns.size(); n++) {
                if (!(b.insns.get(n) instanceof Insn.Call c) || m.function(c.callee()) != null) continue;
                String to = switch (c.callee()) {
                    case "__jomp_loop_init" -> inits.contains(c) ? LOOP_INIT : null;
                    case "__jomp_loop_next" -> allStatic && !inits.isEmpty() ? LOOP_NEXT : null;
                    case "__jomp_loop_stride" -> allStatic && !inits.isEmpty() ? LOOP_STRIDE : null;
                    case "__jomp_barrier" -> BARRIER;
                    default -> null;
                };
                if (to == null) continue;
                List<Value> args = to.equals(LOOP_INIT) ? c.args().subList(1, 4) : c.args();
                FuncType type = new FuncType(
                        c.type().ret(),
                        to.equals(LOOP_INIT)
                                ? c.type().params().subList(1, 4)
                                : c.type().params(),
                        false);
                declare(m, to, type);
                b.insns.set(n, new Insn.Call(c.dst(), to, m.externFunctions.get(to), args));
            }
        }
    }

    /** A loop init whose schedule is static, auto or runtime (static on the device), with the usual types. */
    private static boolean isStatic(Insn.Call c) {
        if (c.args().size() != 4 || !(c.args().get(0) instanceof IntConst k)) return false;
        long kind = k.value();
        return (kind == 1 || kind == 4 || kind == 5)
                && c.type()
                        .equals(new FuncType(
                                IrType.VOID, List.of(IrType.I32, IrType.I64, IrType.I64, IrType.I64), false));
    }

    private static void declare(Module m, String name, FuncType type) {
        m.externFunctions.putIfAbsent(name, type);
    }
}
