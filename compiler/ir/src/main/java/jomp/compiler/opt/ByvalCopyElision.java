package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.List;
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
 * Struct copies that nothing needs (LLVM's MemCpyOpt, for the ABI's argument copies). The ABI
 * passes a struct by value as the address of a copy the caller makes, which the callee may
 * change (abi.md); calls the inliner leaves, such as a ray passed to a large intersection test,
 * still copy it, and inlining chains copies (the caller's copy for the inlined function, its copy
 * for the next call). A copy T made by a memcpy from an original S is replaced by S itself when
 * <ul>
 * <li>S is one of the function's own struct parameters, which it only reads
 *     ({@link ReadOnlyParams}): that memory is the copy its caller made for it, which only the
 *     waiting callers above can name, so it holds the same bytes for the whole call; T is then
 *     any slot the memcpy alone writes and that is only read (loads, memcpy sources, arguments
 *     of read-only parameters);</li>
 * <li>or S is a slot of the function whose address does not escape (but to read-only
 *     parameters), and T is read only by the
 *     call that follows the memcpy, as an argument of a read-only parameter, with nothing between
 *     them that could write S.</li>
 * </ul>
 * Repeats until nothing changes, so that a chain of copies collapses onto its original. Runs
 * before scalar replacement, which would otherwise take the copies apart into pieces.
 */
public final class ByvalCopyElision implements Pass {
    static final String NAME = "byval-copy-elision";

    private final ReadOnlyParams readOnly;

    public ByvalCopyElision(ReadOnlyParams readOnly) {
        this.readOnly = readOnly;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean run(Function f) {
        if (f.slots.isEmpty()) return false;
        boolean changed = false;
        while (once(f)) changed = true;
        return changed;
    }

    private boolean once(Function f) {
        SlotAccesses acc = SlotAccesses.of(f);
        List<Boolean> byValue = structParams(f);
        for (BasicBlock b : f.blocks) {
            for (int j = 0; j < b.insns.size(); j++) {
                if (!(b.insns.get(j) instanceof Insn.MemCopy c) || !(c.size() instanceof IntConst n)) continue;
                SlotAccesses.Place t = acc.place(c.dstAddr());
                if (t == null || t.off() != 0 || t.slot().size != n.value() || acc.untracked.contains(t.slot()))
                    continue;
                if (c.srcAddr() instanceof Reg s && readOnlyStructParam(f, s, byValue)) {
                    if (onlyReadCopy(f, acc, t.slot(), c)) {
                        forward(f, acc, t.slot(), c, s);
                        return true;
                    }
                } else if (acc.place(c.srcAddr()) instanceof SlotAccesses.Place s
                        && s.slot() != t.slot()
                        && privateSlot(f, acc, s.slot())) {
                    int k = callReading(f, b, j, t.slot(), acc, s);
                    if (k >= 0) {
                        forward(f, acc, t.slot(), c, c.srcAddr());
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether only f reaches slot s: its addresses are only load and store addresses, memcpy and
     * memset operands and arguments of read-only parameters (where copies elided before put them).
     */
    private boolean privateSlot(Function f, SlotAccesses acc, Slot s) {
        if (acc.untracked.contains(s)) return false;
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                if (i instanceof Insn.SlotAddr || i.dst() != null && acc.places.containsKey(i.dst().id)) continue;
                boolean ok = switch (i) {
                    case Insn.Load l -> true;
                    case Insn.Store st -> !in(acc, st.value(), s);
                    case Insn.MemCopy m -> !in(acc, m.size(), s);
                    case Insn.MemSet m -> !in(acc, m.value(), s) && !in(acc, m.size(), s);
                    case Insn.Call call -> {
                        for (int k = 0; k < call.args().size(); k++)
                            if (in(acc, call.args().get(k), s) && !readOnly.reads(call, k)) yield false;
                        yield true;
                    }
                    default -> {
                        for (Value v : Operands.of(i)) if (in(acc, v, s)) yield false;
                        yield true;
                    }
                };
                if (!ok) return false;
            }
            if (b.terminator != null && in(acc, Operands.of(b.terminator), s)) return false;
        }
        return true;
    }

    /** Whether s is one of f's struct parameters (by its C signature) through which f only reads. */
    private boolean readOnlyStructParam(Function f, Reg s, List<Boolean> byValue) {
        int i = f.params.indexOf(s);
        return i >= 0 && byValue != null && i < byValue.size() && byValue.get(i) && readOnly.onlyRead(f, i);
    }

    /** Whether the memcpy c is the only write of slot t, every other use reading it. */
    private boolean onlyReadCopy(Function f, SlotAccesses acc, Slot t, Insn.MemCopy c) {
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                if (i == c || i instanceof Insn.SlotAddr || i.dst() != null && acc.places.containsKey(i.dst().id))
                    continue;
                boolean ok = switch (i) {
                    case Insn.Load l -> true;
                    case Insn.MemCopy m -> !in(acc, m.dstAddr(), t) && !in(acc, m.size(), t);
                    case Insn.Call call -> {
                        for (int k = 0; k < call.args().size(); k++)
                            if (in(acc, call.args().get(k), t) && !readOnly.reads(call, k)) yield false;
                        yield true;
                    }
                    default -> {
                        for (Value v : Operands.of(i)) if (in(acc, v, t)) yield false;
                        yield true;
                    }
                };
                if (!ok) return false;
            }
            if (b.terminator != null && in(acc, Operands.of(b.terminator), t)) return false;
        }
        return true;
    }

    /**
     * The index of the call after the memcpy at j that is the only reader of the copy t (as an
     * argument of a read-only parameter), with nothing between them that could write the
     * original s (only pure instructions, loads, and memcpys and memsets into other slots); -1 if none.
     */
    private int callReading(Function f, BasicBlock b, int j, Slot t, SlotAccesses acc, SlotAccesses.Place s) {
        int k = j + 1;
        for (; k < b.insns.size() && !(b.insns.get(k) instanceof Insn.Call); k++) {
            Insn i = b.insns.get(k);
            boolean harmless = Operands.isPure(i)
                    || i instanceof Insn.Load
                    || i instanceof Insn.MemCopy mc && intoOtherSlot(acc, mc.dstAddr(), s)
                    || i instanceof Insn.MemSet ms && intoOtherSlot(acc, ms.dstAddr(), s);
            if (!harmless || mentions(acc, i, t)) return -1;
        }
        if (k == b.insns.size()) return -1;
        Insn.Call call = (Insn.Call) b.insns.get(k);
        int uses = 0;
        for (int a = 0; a < call.args().size(); a++) {
            if (in(acc, call.args().get(a), t)) {
                if (!readOnly.reads(call, a)) return -1;
                uses++;
            }
        }
        if (uses != 1) return -1;
        for (BasicBlock x : f.blocks) { // the copy's slot: filled by this memcpy, read by this call, nothing else
            for (int q = 0; q < x.insns.size(); q++)
                if (!(x == b && (q == j || q == k)) && mentions(acc, x.insns.get(q), t)) return -1;
            if (x.terminator != null && in(acc, Operands.of(x.terminator), t)) return -1;
        }
        return k;
    }

    private static boolean intoOtherSlot(SlotAccesses acc, Value addr, SlotAccesses.Place original) {
        SlotAccesses.Place p = acc.place(addr);
        return p != null && p.slot() != original.slot();
    }

    private static boolean in(SlotAccesses acc, Value v, Slot t) {
        return acc.place(v) instanceof SlotAccesses.Place p && p.slot() == t;
    }

    /** Whether i uses an address in slot t (the address definitions aside). */
    private static boolean mentions(SlotAccesses acc, Insn i, Slot t) {
        if (i instanceof Insn.SlotAddr || i.dst() != null && acc.places.containsKey(i.dst().id)) return false;
        for (Value v : Operands.of(i)) if (in(acc, v, t)) return true;
        return false;
    }

    /** Drops the memcpy c and makes every use of an address in t use the same offset into s instead. */
    private static void forward(Function f, SlotAccesses acc, Slot t, Insn.MemCopy c, Value s) {
        for (BasicBlock b : f.blocks) {
            List<Insn> out = new ArrayList<>(b.insns.size());
            for (Insn i : b.insns) {
                if (i == c) continue;
                if (i instanceof Insn.SlotAddr
                        || i.dst() != null && acc.places.containsKey(i.dst().id)
                        || !mentions(acc, i, t)) {
                    out.add(i);
                    continue;
                }
                List<Insn> before = new ArrayList<>(1);
                Insn r = Operands.map(i, v -> {
                    if (!(acc.place(v) instanceof SlotAccesses.Place p) || p.slot() != t) return v;
                    if (p.off() == 0) return s;
                    Reg a = f.newReg(IrType.PTR);
                    before.add(new Insn.Binary(Insn.BinOp.ADD, a, s, IntConst.i64(p.off())));
                    return a;
                });
                for (Insn n : before) f.moveLine(i, n);
                f.moveLine(i, r);
                out.addAll(before);
                out.add(r);
            }
            b.insns.clear();
            b.insns.addAll(out);
        }
    }

    /**
     * For each IR parameter, whether it is a struct or union passed by value, from the C
     * signature (a struct result's hidden pointer comes first); null without one.
     */
    static List<Boolean> structParams(Function f) {
        String s = f.csig;
        if (s == null || s.isEmpty()) return null;
        int open = typeEnd(s, 0);
        if (open >= s.length() || s.charAt(open) != '(') return null;
        List<Boolean> out = new ArrayList<>();
        if (s.charAt(0) == 'S' || s.charAt(0) == 'U') out.add(false); // the hidden result pointer
        for (int at = open + 1; at < s.length() && s.charAt(at) != ')' && s.charAt(at) != '|'; ) {
            out.add(s.charAt(at) == 'S' || s.charAt(at) == 'U');
            at = typeEnd(s, at);
            if (at < s.length() && s.charAt(at) == ',') at++;
        }
        return out;
    }

    /** Where the csig type starting at i ends (lower.CSignature's grammar). */
    private static int typeEnd(String s, int i) {
        char c = s.charAt(i);
        if (c == 'S' || c == 'U') {
            int depth = 0;
            for (int k = i; k < s.length(); k++) {
                if (s.charAt(k) == '{') depth++;
                else if (s.charAt(k) == '}' && --depth == 0) return k + 1;
            }
            return s.length();
        }
        if (c == 'A') return typeEnd(s, s.indexOf('*', i) + 1);
        return i + 1;
    }
}
