package jomp.compiler.nvptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Reg;
import jomp.offload.abi.EntryPoints;

/**
 * OpenMP 6.0 groupprivate on the GPU: a team is a CUDA block, and a block's shared memory is
 * exactly a copy per contention group that starts uninitialised and lives as long as the block.
 * The lowering asks the runtime for the group's copy ({@code __jomp_groupprivate(&v, size,
 * device_type)}); here each call becomes the variable's own address, and the variable moves to
 * {@code .shared} memory, unless its device_type is host (then device code uses it as an ordinary
 * global).
 */
final class GroupPrivateCopies {
    private GroupPrivateCopies() {}

    private static final long HOST = 1;

    static void apply(Module m) {
        for (Function f : m.functions) {
            Map<Integer, String> globalOf = new HashMap<>();
            for (BasicBlock b : f.blocks)
                for (Insn i : b.insns) if (i instanceof Insn.GlobalAddr g) globalOf.put(g.dst().id, g.symbol());
            for (BasicBlock b : f.blocks) {
                List<Insn> insns = b.insns;
                for (int k = 0; k < insns.size(); k++) {
                    if (!(insns.get(k) instanceof Insn.Call c) || !c.callee().equals(EntryPoints.GROUPPRIVATE))
                        continue;
                    String symbol = c.args().get(0) instanceof Reg r ? globalOf.get(r.id) : null;
                    Global g = symbol == null ? null : m.global(symbol);
                    if (g == null)
                        throw new PtxException(
                                "groupprivate access in '" + f.name + "' names no variable of the module");
                    if (!(c.args().get(2) instanceof IntConst t && t.value() == HOST)) g.perTeam = true;
                    insns.set(k, new Insn.Copy(c.dst(), c.args().get(0)));
                }
            }
        }
    }
}
