package jomp.compiler.opt;

import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;

/**
 * Loads from a slot that only constant stores at the top of the entry block write: the
 * type-punning idiom {@code const union { U32 u; BYTE c[4]; } one = { 1 }; return one.c[0];}
 * (the endianness tests of lz4, xxHash, zstd), which scalar replacement leaves whole because its
 * accesses overlap. Each load whose bytes those stores all wrote becomes the constant they make
 * (little-endian, as every target jomp has); when no load is left, the stores go too, and with
 * them the slot and, often, the function's frame. The slot must not escape (SlotAccesses), and
 * no load of it may come before its last store (the entry block runs once, before all others).
 */
final class ConstantSlots implements Pass {
    @Override
    public String name() {
        return "constant-slots";
    }

    @Override
    public boolean run(Function f) {
        if (f.slots.isEmpty()) return false;
        for (BasicBlock b : f.blocks)
            if (b.terminator != null && b.terminator.successors().contains(f.entry())) return false;
        SlotAccesses acc = SlotAccesses.of(f);
        boolean changed = false;
        for (Map.Entry<Slot, List<Insn>> e : acc.uses.entrySet()) {
            Slot s = e.getKey();
            if (!acc.known(s) || s.size > 64) continue;
            Image img = image(f, acc, s, e.getValue());
            if (img == null) continue;
            boolean allLoads = true;
            for (BasicBlock b : f.blocks) {
                for (ListIterator<Insn> it = b.insns.listIterator(); it.hasNext(); ) {
                    Insn i = it.next();
                    if (!(i instanceof Insn.Load l)
                            || acc.place(l.addr()) == null
                            || acc.place(l.addr()).slot() != s) continue;
                    Value v = img.read((int) acc.place(l.addr()).off(), l.dst().type());
                    if (v == null) {
                        allLoads = false;
                        continue;
                    }
                    Insn c = new Insn.Copy(l.dst(), v);
                    f.moveLine(i, c);
                    it.set(c);
                    changed = true;
                }
            }
            if (allLoads)
                f.entry()
                        .insns
                        .removeIf(i -> i instanceof Insn.Store st
                                && acc.place(st.addr()) != null
                                && acc.place(st.addr()).slot() == s);
        }
        return changed;
    }

    /** The slot's bytes after its stores, and which of them a store wrote. */
    private record Image(byte[] bytes, boolean[] known) {
        /** The value of type t at off, or null when a byte of it is unknown (or t is a pointer). */
        Value read(int off, IrType t) {
            if (t == IrType.PTR) return null;
            long v = 0;
            for (int j = t.size - 1; j >= 0; j--) {
                if (!known[off + j]) return null;
                v = (v << 8) | (bytes[off + j] & 0xff);
            }
            return switch (t) {
                case I8 -> new IntConst(t, (byte) v);
                case I16 -> new IntConst(t, (short) v);
                case I32 -> new IntConst(t, (int) v);
                case I64 -> new IntConst(t, v);
                case F32 -> new FloatConst(t, Float.intBitsToFloat((int) v));
                case F64 -> new FloatConst(t, Double.longBitsToDouble(v));
                default -> null;
            };
        }
    }

    /**
     * The slot's image after its stores, when its only accesses are loads and stores of integer
     * constants, the stores all in the entry block before any load there; else null.
     */
    private static Image image(Function f, SlotAccesses acc, Slot s, List<Insn> uses) {
        java.util.Set<Insn> inEntry = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        inEntry.addAll(f.entry().insns);
        for (Insn i : uses)
            if (!(i instanceof Insn.Load) && !(i instanceof Insn.Store && inEntry.contains(i))) return null;
        Image img = new Image(new byte[(int) s.size], new boolean[(int) s.size]);
        boolean loaded = false, stored = false;
        for (Insn i : f.entry().insns) {
            if (i instanceof Insn.Load l && acc.place(l.addr()) instanceof SlotAccesses.Place p && p.slot() == s)
                loaded = true;
            if (!(i instanceof Insn.Store st)
                    || !(acc.place(st.addr()) instanceof SlotAccesses.Place p)
                    || p.slot() != s) continue;
            if (loaded || !(st.value() instanceof IntConst k)) return null;
            stored = true;
            for (int j = 0; j < k.type().size; j++) {
                img.bytes[(int) p.off() + j] = (byte) (k.value() >>> (8 * j));
                img.known[(int) p.off() + j] = true;
            }
        }
        return stored ? img : null;
    }
}
