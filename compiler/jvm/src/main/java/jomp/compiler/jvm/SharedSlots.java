package jomp.compiler.jvm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * The layout of a function's frame on the native stack, where the compiler's temporaries (the
 * unnamed slots: copies of structs passed by value, struct results, an expression's struct value)
 * share space when their lives do not overlap, as gcc's frame reuses stack for them. C ends a
 * temporary's life with its full expression, so its address is only ever held in registers: a
 * temporary lives over the intervals ({@link SharedLocals#spans}) of the registers that hold its
 * address or a value computed from it (arithmetic, and a call's result: it may return the address), and two of one size and alignment whose lives are
 * disjoint share their bytes. One whose address is stored to memory, returned, or given to the
 * OpenMP runtime (which may keep it past the call) keeps bytes of its own, as do the named slots
 * (C's variables, arrays and compound literals). Without sharing, each by-value call of a jq
 * function of {@code jv} values gave its caller 16 bytes more: {@code jv_dump_term}'s frame was
 * 2.5 KiB where gcc's is 288 bytes, and a value nested 10,000 deep overflowed 8 MiB.
 */
final class SharedSlots {
    private SharedSlots() {}

    /**
     * Fills {@code offset} with each slot's offset in the frame and returns the frame's size;
     * {@code span} (register intervals) null: no sharing, each slot its own bytes in order.
     */
    static long layout(Function f, Map<Integer, int[]> span, Map<Slot, Long> offset) {
        Map<Slot, int[]> life = span == null ? Map.of() : lives(f, span);
        long size = 0;
        List<Slot> temps = new ArrayList<>();
        for (Slot s : f.slots) {
            if (life.containsKey(s)) {
                temps.add(s);
                continue;
            }
            size = (size + s.align - 1) & -(long) s.align;
            offset.put(s, size);
            size += Math.max(1, s.size);
        }
        temps.sort((a, b) -> life.get(a)[0] != life.get(b)[0]
                ? Integer.compare(life.get(a)[0], life.get(b)[0])
                : Integer.compare(a.id, b.id));
        PriorityQueue<Slot> active = new PriorityQueue<>((a, b) -> life.get(a)[1] != life.get(b)[1]
                ? Integer.compare(life.get(a)[1], life.get(b)[1])
                : Integer.compare(a.id, b.id));
        Map<String, ArrayDeque<Long>> free = new HashMap<>(); // "size/align" -> offsets free for reuse
        for (Slot s : temps) {
            while (!active.isEmpty() && life.get(active.peek())[1] < life.get(s)[0]) {
                Slot done = active.poll();
                free.computeIfAbsent(done.size + "/" + done.align, k -> new ArrayDeque<>())
                        .add(offset.get(done));
            }
            ArrayDeque<Long> reuse = free.get(s.size + "/" + s.align);
            Long at = reuse == null ? null : reuse.pollFirst();
            if (at == null) {
                size = (size + s.align - 1) & -(long) s.align;
                at = size;
                size += Math.max(1, s.size);
            }
            offset.put(s, at);
            active.add(s);
        }
        return size;
    }

    /** The unnamed slots that may share, each with its life {first, last position}. */
    private static Map<Slot, int[]> lives(Function f, Map<Integer, int[]> span) {
        Map<Slot, Set<Integer>> holders = new HashMap<>(); // slot -> registers holding an address derived from it
        Map<Integer, Set<Slot>> derived = new HashMap<>();
        for (Slot s : f.slots) if (s.name == null) holders.put(s, new HashSet<>());
        Set<Slot> escaped = new HashSet<>();
        boolean changed = true;
        while (changed) { // addresses flow through arithmetic and copies, in any block order
            changed = false;
            for (BasicBlock b : f.blocks) {
                for (Insn insn : b.insns) {
                    Reg d = insn.dst();
                    Set<Slot> from = new HashSet<>();
                    if (insn instanceof Insn.SlotAddr sa && holders.containsKey(sa.slot())) from.add(sa.slot());
                    else if (!(insn instanceof Insn.Load
                            || insn instanceof Insn.Cmp)) // a call may return what it was given
                    for (Value v : Operands.of(insn))
                            if (v instanceof Reg r && derived.containsKey(r.id)) from.addAll(derived.get(r.id));
                    if (d == null || from.isEmpty()) continue;
                    Set<Slot> known = derived.computeIfAbsent(d.id, k -> new HashSet<>());
                    if (known.addAll(from)) changed = true;
                }
            }
        }
        for (BasicBlock b : f.blocks) {
            for (Insn insn : b.insns) {
                List<Value> stored = switch (insn) {
                    case Insn.Store st -> List.of(st.value());
                    case Insn.AtomicStore st -> List.of(st.value());
                    case Insn.AtomicRmw a -> List.of(a.value());
                    case Insn.CmpXchg x -> List.of(x.expected(), x.desired());
                    case Insn.Call c
                    when c.callee().startsWith("__kmpc") || c.callee().startsWith("__tgt") -> c.args();
                    default -> List.of();
                };
                for (Value v : stored)
                    if (v instanceof Reg r && derived.containsKey(r.id)) escaped.addAll(derived.get(r.id));
            }
            if (b.terminator instanceof Terminator.Ret ret && ret.value() instanceof Reg r && derived.containsKey(r.id))
                escaped.addAll(derived.get(r.id));
        }
        for (Map.Entry<Integer, Set<Slot>> e : derived.entrySet())
            for (Slot s : e.getValue()) holders.get(s).add(e.getKey());
        Map<Slot, int[]> life = new HashMap<>();
        for (Map.Entry<Slot, Set<Integer>> e : holders.entrySet()) {
            if (escaped.contains(e.getKey()) || e.getValue().isEmpty()) continue;
            int first = Integer.MAX_VALUE, last = -1;
            for (int id : e.getValue()) {
                int[] s = span.get(id);
                if (s == null) continue;
                first = Math.min(first, s[0]);
                last = Math.max(last, s[1]);
            }
            if (last >= 0) life.put(e.getKey(), new int[] {first, last});
        }
        return life;
    }
}
