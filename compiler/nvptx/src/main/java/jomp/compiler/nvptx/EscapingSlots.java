package jomp.compiler.nvptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;

/**
 * Which frame slots of a function escape: their address is used other than as a load, store or
 * memcpy address (directly or plus an offset), so the team's other threads may reach them and they
 * cannot live in the thread's local memory ({@link PtxFunction}'s frame layout). An analysis of its
 * own because the device runtime's link asks it too (whether the team-frame helpers are needed).
 */
final class EscapingSlots {
    private EscapingSlots() {}

    /** The slots of {@code f} whose address escapes. */
    static java.util.Set<Slot> of(Function f) {
        return of(f, new HashMap<>());
    }

    /** The same, filling {@code from} with the registers that hold a slot's address (plus an offset). */
    static java.util.Set<Slot> of(Function f, Map<Integer, java.util.Set<Slot>> from) {
        java.util.Set<Slot> escaping = new java.util.HashSet<>();
        for (int round = 0; round < 2; round++) { // twice: a loop may use a register above its definition
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns) {
                    java.util.Set<Slot> src = switch (i) {
                        case Insn.SlotAddr sa -> java.util.Set.of(sa.slot());
                        case Insn.Copy c when c.src() instanceof Reg r -> from.get(r.id);
                        case Insn.Binary bin
                        when bin.a() instanceof Reg r && (bin.op() == Insn.BinOp.ADD || bin.op() == Insn.BinOp.SUB) ->
                            from.get(r.id);
                        default -> null;
                    };
                    if (src != null)
                        from.computeIfAbsent(i.dst().id, k -> new java.util.HashSet<>())
                                .addAll(src);
                }
            }
        }
        if (from.isEmpty()) return escaping;
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                List<Value> escapes = switch (i) {
                    case Insn.Load l -> List.of();
                    case Insn.Store st -> List.of(st.value());
                    case Insn.MemCopy m -> List.of(m.size());
                    case Insn.MemSet m -> List.of(m.value(), m.size());
                    case Insn.Copy c -> List.of();
                    case Insn.AtomicLoad l -> List.of();
                    case Insn.AtomicStore st -> List.of(st.value());
                    case Insn.AtomicRmw a -> List.of(a.value());
                    case Insn.CmpXchg x -> List.of(x.expected(), x.desired());
                    case Insn.Binary bin
                    when bin.op() == Insn.BinOp.ADD || bin.op() == Insn.BinOp.SUB -> List.of(bin.b());
                    default -> Operands.of(i);
                };
                for (Value v : escapes)
                    if (v instanceof Reg r && from.containsKey(r.id)) escaping.addAll(from.get(r.id));
            }
            if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r && from.containsKey(r.id))
                escaping.addAll(from.get(r.id));
        }
        return escaping;
    }
}
