package jomp.compiler.jvm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;

/**
 * A struct result written straight into the variable it is assigned to. The lowering gives a
 * call of a function returning a struct a temporary of the caller's frame as its hidden result
 * pointer (abi.md) and copies the temporary into the destination after the call:
 * <pre>
 *   call ptr @mul(ptr %tmp, ...)          call ptr @mul(ptr %z, ...)
 *   memcpy %z, %tmp, i64 16          =&gt;
 * </pre>
 * The destination can take the temporary's place when nothing but this function can see it
 * during the call: it is a frame slot whose address goes nowhere else (loads, stores and copies
 * of this function's own, addresses derived from it for those), so no argument, global or callee
 * reaches it, and what the callee writes there while it runs, nobody reads before the call
 * returns. gcc's and clang's callers do the same for such destinations. Functions with setjmp
 * calls are left alone (a longjmp out of the callee would leave the destination half written).
 */
final class StructResults {
    private StructResults() {}

    /** Rewrites the calls of f that return a struct into a temporary copied at once into a variable that does not escape. */
    @SuppressWarnings("IncrementInForLoopAndHeader") // a call and its copy are rewritten as a pair: the copy is skipped
    static void elide(Function f, Map<String, String> csigs) {
        for (BasicBlock b : f.blocks) if (MethodSplitter.callsSetjmp(b)) return;
        Map<Integer, Integer> uses = new HashMap<>();
        Map<Integer, Insn> def = new HashMap<>();
        BitSet many = new BitSet();
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                for (Value v : Operands.of(i)) if (v instanceof Reg r) uses.merge(r.id, 1, Integer::sum);
                if (i.dst() != null && def.put(i.dst().id, i) != null) many.set(i.dst().id);
            }
            if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r) uses.merge(r.id, 1, Integer::sum);
        }
        BitSet escapes = escapingSlots(f, def, many);
        for (BasicBlock b : f.blocks) {
            for (int k = 0; k < b.insns.size(); k++) {
                if (!(b.insns.get(k) instanceof Insn.Call c)
                        || c.args().isEmpty()
                        || !(c.args().get(0) instanceof Reg tmp)) continue;
                long size = structResultSize(c.csig() != null ? c.csig() : csigs.get(c.callee()));
                if (size <= 0 || c.dst() != null && uses.getOrDefault(c.dst().id, 0) > 0) continue;
                // the temporary: one slot's address, used by this call and the copy alone
                if (many.get(tmp.id)
                        || !(def.get(tmp.id) instanceof Insn.SlotAddr)
                        || uses.getOrDefault(tmp.id, 0) != 2) continue;
                int j = k + 1;
                while (j < b.insns.size() && touchesNoMemory(b.insns.get(j))) j++;
                if (j == b.insns.size()
                        || !(b.insns.get(j) instanceof Insn.MemCopy m)
                        || !(m.srcAddr() instanceof Reg src)
                        || src.id != tmp.id
                        || !(m.size() instanceof IntConst n)
                        || n.value() != size
                        || !(m.dstAddr() instanceof Reg d)) continue;
                Slot dst = slotOf(d, def, many);
                if (dst == null || escapes.get(dst.id) || ((Insn.SlotAddr) def.get(tmp.id)).slot() == dst) continue;
                Reg at = f.newReg(IrType.PTR);
                List<Value> args = new ArrayList<>(c.args());
                args.set(0, at);
                Insn.Call direct = c.withArgs(c.dst(), args);
                Insn.SlotAddr address = new Insn.SlotAddr(at, dst);
                f.moveLine(c, direct);
                b.insns.set(k, direct);
                b.insns.add(k, address);
                b.insns.remove(j + 1);
                k++;
            }
        }
    }

    /** The size of the struct or union a C signature returns, or 0 when it returns none. */
    static long structResultSize(String csig) {
        if (csig == null || csig.isEmpty() || (csig.charAt(0) != 'S' && csig.charAt(0) != 'U')) return 0;
        int comma = csig.indexOf(',');
        try {
            return comma < 0 ? 0 : Long.parseLong(csig.substring(1, comma));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean touchesNoMemory(Insn i) {
        return i instanceof Insn.SlotAddr
                || i instanceof Insn.GlobalAddr
                || i instanceof Insn.FuncAddr
                || i instanceof Insn.Copy
                || i instanceof Insn.Unary
                || i instanceof Insn.Convert
                || i instanceof Insn.Cmp
                || i instanceof Insn.Binary b && !Operands.isDivision(b.op());
    }

    /** The slot a register holds the address of (directly, once assigned), or null. */
    private static Slot slotOf(Reg r, Map<Integer, Insn> def, BitSet many) {
        return !many.get(r.id) && def.get(r.id) instanceof Insn.SlotAddr s ? s.slot() : null;
    }

    /**
     * The slots (by id) whose address may reach anything but this function's own loads, stores,
     * copies and comparisons: passed to a call, stored, returned, or held in a register assigned
     * more than once.
     */
    private static BitSet escapingSlots(Function f, Map<Integer, Insn> def, BitSet many) {
        // registers that may hold a slot's address (or one derived from it), to the slot
        Map<Integer, Slot> alias = new HashMap<>();
        for (boolean grew = true; grew; ) {
            grew = false;
            for (Map.Entry<Integer, Insn> e : def.entrySet()) {
                if (alias.containsKey(e.getKey())) continue;
                Slot s = switch (e.getValue()) {
                    case Insn.SlotAddr a -> a.slot();
                    case Insn.Copy c when c.src() instanceof Reg r -> alias.get(r.id);
                    case Insn.Binary b when b.a() instanceof Reg r -> alias.get(r.id);
                    case Insn.Binary b when b.b() instanceof Reg r -> alias.get(r.id);
                    default -> null;
                };
                if (s != null) {
                    alias.put(e.getKey(), s);
                    grew = true;
                }
            }
        }
        BitSet out = new BitSet();
        for (Map.Entry<Integer, Slot> e : alias.entrySet()) if (many.get(e.getKey())) out.set(e.getValue().id);
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                // the operands through which an address goes somewhere: all but those of an access or a derived address
                List<Value> leaving = switch (i) {
                    case Insn.Load l -> List.of();
                    case Insn.Store s -> List.of(s.value());
                    case Insn.MemCopy m -> List.of(m.size());
                    case Insn.MemSet m -> List.of(m.value(), m.size());
                    case Insn.Cmp c -> List.of();
                    case Insn.Copy c -> List.of();
                    case Insn.Binary x -> List.of();
                    default -> Operands.of(i);
                };
                for (Value v : leaving) if (v instanceof Reg r && alias.containsKey(r.id)) out.set(alias.get(r.id).id);
            }
            if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r && alias.containsKey(r.id))
                out.set(alias.get(r.id).id);
        }
        return out;
    }

    /** Elides the struct-result copies of every function of m (the module's C signatures name which calls return structs). */
    static void elide(Module m) {
        Map<String, String> csigs = new HashMap<>();
        for (Function f : m.functions) if (f.csig != null) csigs.put(f.name, f.csig);
        for (Function f : m.functions) elide(f, csigs);
    }
}
