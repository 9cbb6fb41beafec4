package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;

/**
 * Which frame slots' addresses stay known, and how the function touches them: the analysis
 * scalar replacement and slot promotion share. A register assigned once, by {@code slotaddr $s},
 * by {@code add}/{@code sub ptr} of such a register and a constant, or by a {@code copy} of one,
 * holds a known place in a slot (slot, byte offset). A slot does not escape when every such
 * register is only the address of a plain load or store inside the slot, the destination or
 * source of a constant-size memcpy, the destination of a constant memset, or the base of another
 * known address; anything else (a call argument, a stored value, a compare, an atomic, a
 * variable offset, a register assigned twice) lets it escape, and it is left in memory.
 */
final class SlotAccesses {
    /** A known place: a byte offset into a slot. */
    record Place(Slot slot, long off) {}

    /** The registers holding known places. */
    final Map<Integer, Place> places = new HashMap<>();
    /** Slots whose address escapes, or that are accessed outside their bounds. */
    final Set<Slot> escaped = new HashSet<>();
    /** Slots whose address some register assigned more than once holds: their uses are not followed. */
    final Set<Slot> untracked = new HashSet<>();
    /** For each slot, the loads, stores, memcpys and memsets that touch it, in block order. */
    final Map<Slot, List<Insn>> uses = new LinkedHashMap<>();

    private SlotAccesses() {}

    static SlotAccesses of(Function f) {
        SlotAccesses a = new SlotAccesses();
        a.findPlaces(f);
        for (Slot s : f.slots)
            if (s.isVolatile) { // its accesses are the program's to keep: no pass rewrites them
                a.escaped.add(s);
                a.untracked.add(s);
            }
        a.classifyUses(f);
        return a;
    }

    /** The place a value holds, or null. */
    Place place(Value v) {
        return v instanceof Reg r ? places.get(r.id) : null;
    }

    /** Whether the slot can be rewritten: it does not escape. */
    boolean known(Slot s) {
        return !escaped.contains(s);
    }

    private void findPlaces(Function f) {
        Map<Integer, Integer> defs = new HashMap<>();
        for (Reg p : f.params) defs.put(p.id, 2);
        if (f.vaArea != null) defs.put(f.vaArea.id, 2);
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns) if (i.dst() != null) defs.merge(i.dst().id, 1, Integer::sum);
        for (boolean again = true; again; ) {
            again = false;
            for (BasicBlock b : f.blocks)
                for (Insn i : b.insns) {
                    Reg d = i.dst();
                    if (d == null || defs.get(d.id) != 1 || places.containsKey(d.id)) continue;
                    Place p = switch (i) {
                        case Insn.SlotAddr s -> new Place(s.slot(), 0);
                        case Insn.Copy c -> place(c.src());
                        case Insn.Binary bin
                        when d.type() == IrType.PTR
                                && bin.b() instanceof IntConst k
                                && place(bin.a()) instanceof Place base ->
                            bin.op() == Insn.BinOp.ADD
                                    ? new Place(base.slot(), base.off() + k.value())
                                    : bin.op() == Insn.BinOp.SUB
                                            ? new Place(base.slot(), base.off() - k.value())
                                            : null;
                        default -> null;
                    };
                    if (p != null) {
                        places.put(d.id, p);
                        again = true;
                    }
                }
        }
    }

    private void classifyUses(Function f) {
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                switch (i) {
                    case Insn.Load l -> access(i, l.addr(), l.dst().type().size);
                    case Insn.Store s -> {
                        escape(s.value());
                        access(i, s.addr(), s.value().type().size);
                    }
                    case Insn.MemCopy m
                    when m.size() instanceof IntConst n -> {
                        access(i, m.dstAddr(), n.value());
                        access(i, m.srcAddr(), n.value());
                    }
                    case Insn.MemSet m
                    when m.size() instanceof IntConst n && m.value() instanceof IntConst ->
                        access(i, m.dstAddr(), n.value());
                    case Insn.SlotAddr sa
                    when !places.containsKey(sa.dst().id) -> {
                        untracked.add(sa.slot());
                        escaped.add(sa.slot());
                    }
                    case Insn.Copy c when places.containsKey(c.dst().id) -> {}
                    case Insn.Binary bin when places.containsKey(bin.dst().id) -> {}
                    default -> {
                        for (Value v : Operands.of(i)) escape(v);
                    }
                }
            }
            if (b.terminator != null) escape(Operands.of(b.terminator));
        }
        for (Slot s : escaped) uses.remove(s);
    }

    private void access(Insn i, Value addr, long size) {
        Place p = place(addr);
        if (p == null) return;
        if (p.off() < 0 || size <= 0 || p.off() + size > p.slot().size) escaped.add(p.slot());
        List<Insn> l = uses.computeIfAbsent(p.slot(), k -> new ArrayList<>());
        if (l.isEmpty() || l.get(l.size() - 1) != i) l.add(i); // a memcpy within one slot is listed once
    }

    private void escape(Value v) {
        Place p = place(v);
        if (p != null) escaped.add(p.slot());
    }
}
