package jomp.compiler.offload;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.OffloadEntry;
import jomp.compiler.ir.Reg;

/**
 * {@code declare target indirect} on nvptx64 (libomptarget's indirect function table): a host
 * function pointer a region calls must reach the device's copy of the function, whichever
 * translation unit defines it. Each indirect function f defined in a unit has a host global
 * {@code __jomp_indirect_f} holding its host address and an offload entry (flag
 * {@link #ENTRY_FLAG}) by that name (the lowering makes them); the device image gets a slot of the
 * same name holding the device function's address. When the runtime loads the linked image it
 * pairs the two of every unit into the device runtime's table (runtime's IndirectFunctions), and
 * every indirect call in device code first asks the runtime's {@code __jomp_indirect_lookup}
 * (devrt.c) to translate its target: a host address of the table gives the device function's
 * address, anything else (a device function pointer) stays as it is, as clang's
 * {@code __llvm_omp_indirect_call_lookup} does. Calls are translated in every unit, also one that
 * defines no indirect function, since the function may come from another unit.
 */
public final class IndirectCallTable {
    private IndirectCallTable() {}

    /** Entry flag of an indirect function's slot (libomptarget's OMP_DECLARE_TARGET_INDIRECT). */
    public static final int ENTRY_FLAG = jomp.offload.abi.OffloadEntries.FLAG_INDIRECT;

    public static final String SLOT_PREFIX = "__jomp_indirect_";
    static final String LOOKUP = "__jomp_indirect_lookup";

    /** Makes the device module's slots visible device data and routes its indirect calls through the runtime's lookup. */
    public static void apply(Module dev) {
        Set<String> slots = new HashSet<>();
        for (OffloadEntry e : dev.offloadEntries)
            if ((e.flags() & ENTRY_FLAG) != 0 && e.name().startsWith(SLOT_PREFIX)) slots.add(e.name());
        // the host's slot (static, read-only, holding &f) becomes the device's: the same relocation is the device
        // function's address
        for (int i = 0; i < dev.globals.size(); i++) {
            Global g = dev.globals.get(i);
            if (!slots.contains(g.name)) continue;
            Global d = new Global(g.name, 8, 8, false, false, new byte[8]);
            d.relocs.addAll(g.relocs);
            dev.globals.set(i, d);
        }
        FuncType sig = new FuncType(IrType.PTR, List.of(IrType.PTR), false);
        boolean calls = false;
        for (Function f : dev.functions) {
            for (BasicBlock b : f.blocks) {
                for (int k = 0; k < b.insns.size(); k++) {
                    if (!(b.insns.get(k) instanceof Insn.CallIndirect c)) continue;
                    Reg t = f.newReg(IrType.PTR, "indirect.target");
                    b.insns.add(k, new Insn.Call(t, LOOKUP, sig, List.of(c.target())));
                    b.insns.set(++k, c.withArgs(c.dst(), t, c.args()));
                    calls = true;
                }
            }
        }
        if (calls) dev.externFunctions.putIfAbsent(LOOKUP, sig);
    }
}
