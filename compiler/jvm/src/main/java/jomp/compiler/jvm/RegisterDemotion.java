package jomp.compiler.jvm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Puts registers in frame slots: each read becomes a load before the instruction, each write a
 * store after it. {@link MethodSplitter} does it to the named registers (C's variables) of a
 * function with setjmp calls (a region hands back the variables it assigned only when it
 * returns, and a longjmp that leaves it from the middle would lose them, where C keeps the latest
 * value of a volatile variable), and to registers live across so much of a function that every
 * region would take and give them back.
 *
 * <p>Every slot made here is named (the register's name, else {@code "spill"}): {@link SharedSlots}
 * lets unnamed slots share bytes by the lives of the registers holding their addresses, which is
 * right for C's temporaries but not here, where each access takes the address anew and the value
 * stays live between them (around a loop's back edge, where another slot's accesses lie between
 * the store and the next load in block order).
 */
final class RegisterDemotion {
    private RegisterDemotion() {}

    static void toMemory(Function f, Predicate<Reg> which) {
        Map<Integer, Slot> slots = new HashMap<>();
        List<Reg> params = new ArrayList<>(f.params);
        if (f.vaArea != null) params.add(f.vaArea);
        for (Reg p : params) if (which.test(p)) slots.put(p.id, slotFor(f, p));
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                for (Value v : Operands.of(i))
                    if (v instanceof Reg r && which.test(r)) slots.computeIfAbsent(r.id, k -> slotFor(f, r));
                Reg d = i.dst();
                if (d != null && which.test(d)) slots.computeIfAbsent(d.id, k -> slotFor(f, d));
            }
            if (Operands.of(b.terminator) instanceof Reg r && which.test(r))
                slots.computeIfAbsent(r.id, k -> slotFor(f, r));
        }
        if (slots.isEmpty()) return;
        for (BasicBlock b : f.blocks) {
            List<Insn> out = new ArrayList<>();
            for (Insn i : b.insns) {
                Insn m = Operands.map(
                        i, v -> v instanceof Reg r && slots.containsKey(r.id) ? load(f, out, r, slots.get(r.id)) : v);
                Reg d = m.dst();
                Reg t = d != null && slots.containsKey(d.id) ? f.newReg(d.type()) : null;
                if (t != null) m = Operands.withDst(m, t);
                f.moveLine(i, m);
                out.add(m);
                if (t != null) {
                    Reg a = f.newReg(IrType.PTR);
                    out.add(new Insn.SlotAddr(a, slots.get(d.id)));
                    out.add(new Insn.Store(t, a));
                }
            }
            Terminator t = b.terminator;
            Terminator u = Operands.map(
                    t, v -> v instanceof Reg r && slots.containsKey(r.id) ? load(f, out, r, slots.get(r.id)) : v);
            f.moveLine(t, u);
            b.terminator = u;
            b.insns.clear();
            b.insns.addAll(out);
        }
        // the parameters start in their slots, in a block of its own (the old entry may be a loop's head)
        BasicBlock entry = f.newBlock("params");
        f.blocks.remove(entry);
        entry.terminator = new Terminator.Br(f.entry());
        f.blocks.add(0, entry);
        for (Reg p : params) {
            if (!slots.containsKey(p.id)) continue;
            Reg a = f.newReg(IrType.PTR);
            entry.insns.add(new Insn.SlotAddr(a, slots.get(p.id)));
            entry.insns.add(new Insn.Store(p, a));
        }
    }

    private static Slot slotFor(Function f, Reg r) {
        return f.newSlot(r.name != null ? r.name : "spill", 8, 8);
    }

    private static Reg load(Function f, List<Insn> out, Reg r, Slot s) {
        Reg a = f.newReg(IrType.PTR), v = f.newReg(r.type());
        out.add(new Insn.SlotAddr(a, s));
        out.add(new Insn.Load(v, a));
        return v;
    }
}
