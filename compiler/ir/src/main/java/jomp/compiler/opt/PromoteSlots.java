package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;

/**
 * Promotion of frame slots to registers (LLVM's mem2reg): a slot whose address does not escape
 * ({@link SlotAccesses}) and that is only loaded and stored whole, as one scalar, becomes a
 * register: a load a {@code copy} from it, a store a {@code copy} into it. The IR's registers are
 * not SSA, so no phi is placed: the register holds what the slot held at every point. Accesses of
 * another type of the same size (a union of {@code long} and {@code double}) go through
 * {@code bitcast}s; a slot read as i8 and as i16, or of different types below 4 bytes, stays.
 * An address-taken local whose address only ever feeds its own loads and stores, and the pieces
 * {@link ScalarReplacement} cut from aggregates, end here.
 */
public final class PromoteSlots implements Pass {
    @Override
    public String name() {
        return "mem2reg";
    }

    @Override
    public boolean run(Function f) {
        if (f.slots.isEmpty()) return false;
        SlotAccesses acc = SlotAccesses.of(f);
        Map<Slot, Reg> promoted = new java.util.LinkedHashMap<>(); // in order met: register numbers the same every run
        Set<Slot> neverStored = Collections.newSetFromMap(new IdentityHashMap<>());
        for (var e : acc.uses.entrySet()) {
            IrType t = registerType(acc, e.getKey(), e.getValue());
            if (t == null) continue;
            promoted.put(e.getKey(), f.newReg(t, e.getKey().name));
            if (e.getValue().stream().noneMatch(i -> i instanceof Insn.Store)) neverStored.add(e.getKey());
        }
        if (promoted.isEmpty()) return false;
        Set<Insn> touched = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Slot s : promoted.keySet()) touched.addAll(acc.uses.get(s));
        for (BasicBlock b : f.blocks) {
            List<Insn> out = new ArrayList<>(b.insns.size());
            for (Insn i : b.insns) {
                if (!touched.contains(i)) {
                    out.add(i);
                    continue;
                }
                int from = out.size();
                switch (i) {
                    // a slot never written (the padding a struct copy carries) reads as zero: a register
                    // nothing assigns is not valid IR text
                    case Insn.Load l
                    when neverStored.contains(acc.place(l.addr()).slot()) ->
                        out.add(new Insn.Copy(l.dst(), zero(l.dst().type())));
                    case Insn.Load l ->
                        assign(f, out, l.dst(), promoted.get(acc.place(l.addr()).slot()));
                    case Insn.Store s ->
                        assign(f, out, promoted.get(acc.place(s.addr()).slot()), s.value());
                    default -> throw new IllegalStateException(i.toString());
                }
                for (Insn n : out.subList(from, out.size())) f.moveLine(i, n);
            }
            b.insns.clear();
            b.insns.addAll(out);
        }
        f.slots.removeAll(promoted.keySet());
        return true;
    }

    /**
     * The register type of a slot that can be promoted, or null: the type of its first store (else
     * of its first load), when every access is the whole slot and types below 4 bytes agree.
     */
    private static IrType registerType(SlotAccesses acc, Slot slot, List<Insn> uses) {
        IrType stored = null, loaded = null;
        for (Insn i : uses) {
            IrType u;
            Value addr;
            switch (i) {
                case Insn.Load l -> {
                    u = l.dst().type();
                    addr = l.addr();
                    if (loaded == null) loaded = u;
                }
                case Insn.Store s -> {
                    u = s.value().type();
                    addr = s.addr();
                    if (stored == null) stored = u;
                }
                default -> {
                    return null;
                } // memcpy, memset: ScalarReplacement's
            }
            if (acc.place(addr).off() != 0 || u.size != slot.size) return null;
            IrType first = stored != null ? stored : loaded;
            if (u != first && u.size < 4) return null;
        }
        return stored != null ? stored : loaded;
    }

    static Value zero(IrType t) {
        return t.isFloat() ? new jomp.compiler.ir.FloatConst(t, 0.0) : new jomp.compiler.ir.IntConst(t, 0);
    }

    /** dst = v, converting between types of one size with bitcasts (ptr and floats through i64). */
    static void assign(Function f, List<Insn> out, Reg dst, Value v) {
        Value c = convert(f, out, v, dst.type(), dst);
        if (c != dst) out.add(new Insn.Copy(dst, c));
    }

    /** v as type t (a register of t, or v itself). */
    static Value convert(Function f, List<Insn> out, Value v, IrType t) {
        return convert(f, out, v, t, null);
    }

    private static Value convert(Function f, List<Insn> out, Value v, IrType t, Reg into) {
        IrType from = v.type();
        if (from == t) return v;
        if (from == IrType.PTR && t.isFloat() || from.isFloat() && t == IrType.PTR) {
            Reg mid = f.newReg(IrType.I64);
            out.add(new Insn.Convert(Insn.ConvOp.BITCAST, mid, v));
            v = mid;
        }
        Reg r = into != null ? into : f.newReg(t);
        out.add(new Insn.Convert(Insn.ConvOp.BITCAST, r, v));
        return r;
    }
}
