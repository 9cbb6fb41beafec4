package jomp.frontend.offload;

import java.util.ArrayList;
import java.util.List;

import jomp.frontend.ir.BasicBlock;
import jomp.frontend.ir.FuncType;
import jomp.frontend.ir.Function;
import jomp.frontend.ir.Global;
import jomp.frontend.ir.Insn;
import jomp.frontend.ir.IrBuilder;
import jomp.frontend.ir.IrType;
import jomp.frontend.ir.Module;
import jomp.frontend.ir.OffloadEntry;
import jomp.frontend.ir.Reg;

/**
 * {@code declare target indirect} on nvptx64 (libomptarget's indirect function table): a host
 * function pointer a region calls must reach the device's copy of the function. Each indirect
 * function f defined in the unit has a host global {@code __jomp_indirect_f} holding its host
 * address and an offload entry (flag {@link #ENTRY_FLAG}) by that name (the lowering makes them);
 * the device image gets a zeroed 8-byte slot of the same name, which the runtime fills with the
 * host address when it loads the image. Every indirect call in device code first asks
 * {@code __jomp_indirect_lookup} (this unit's, static) to translate its target: a slot that holds
 * it gives the device function's address, anything else (a device function pointer) stays as it
 * is, as clang's {@code __llvm_omp_indirect_call_lookup} does. The table is per translation unit:
 * a call translates the indirect functions its own unit defines.
 */
public final class IndirectCallTable {
    private IndirectCallTable() {}

    /** Entry flag of an indirect function's slot (libomptarget's OMP_DECLARE_TARGET_INDIRECT). */
    public static final int ENTRY_FLAG = jomp.offload.abi.OffloadEntries.FLAG_INDIRECT;
    public static final String SLOT_PREFIX = "__jomp_indirect_";
    static final String LOOKUP = "__jomp_indirect_lookup";

    /** Adds the lookup to a device module with indirect functions and routes its indirect calls through it. */
    public static void apply(Module dev) {
        List<String> slots = new ArrayList<>();
        for (OffloadEntry e : dev.offloadEntries) if ((e.flags() & ENTRY_FLAG) != 0 && e.name().startsWith(SLOT_PREFIX)) slots.add(e.name());
        if (slots.isEmpty()) return;
        // the device's slots start as zero: the runtime writes the host addresses
        dev.globals.removeIf(g -> slots.contains(g.name));
        for (String s : slots) dev.globals.add(new Global(s, 8, 8, false, false, null));
        FuncType sig = new FuncType(IrType.PTR, List.of(IrType.PTR), false);
        for (Function f : dev.functions) {
            for (BasicBlock b : f.blocks) {
                for (int k = 0; k < b.insns.size(); k++) {
                    if (!(b.insns.get(k) instanceof Insn.CallIndirect c)) continue;
                    Reg t = f.newReg(IrType.PTR, "indirect.target");
                    b.insns.add(k, new Insn.Call(t, LOOKUP, sig, List.of(c.target())));
                    b.insns.set(++k, c.withArgs(c.dst(), t, c.args()));
                }
            }
        }
        dev.functions.add(lookup(slots, sig));
    }

    /** {@code p == *slot_i ? &f_i : ... : p}. */
    private static Function lookup(List<String> slots, FuncType sig) {
        Function fn = new Function(LOOKUP, sig, true);
        Reg p = fn.newReg(IrType.PTR, "p");
        fn.params.add(p);
        IrBuilder b = new IrBuilder(fn);
        Reg key = b.convert(Insn.ConvOp.BITCAST, p, IrType.I64);
        for (String s : slots) {
            BasicBlock hit = b.newBlock("hit"), next = b.newBlock("next");
            b.condBr(b.cmp(Insn.CmpOp.EQ, b.load(IrType.I64, b.globalAddr(s)), key), hit, next);
            b.setBlock(hit);
            b.ret(b.funcAddr(s.substring(SLOT_PREFIX.length())));
            b.setBlock(next);
        }
        b.ret(p);
        return fn;
    }
}
