package jomp.compiler.jvm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeSet;
import java.util.function.ToIntFunction;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.ControlFlow;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * JVM locals for a function's registers, shared by registers that are never live at once
 * (linear scan, Poletto and Sarkar): each register's interval runs, in the order the blocks are
 * emitted, from the first place it is written or live to the last place it is used or live
 * (live on entry to a block counts from the block's start, live on exit to its end), and a
 * register takes a local whose last holder's interval ended before its own begins. A method's
 * interpreted frame holds every local it declares: with a local per register a large C
 * function's frame was kilobytes (jq's {@code jv_dump_term} at -O2: 340 locals, 3.6 KiB a call),
 * so recursion that gcc's build runs on its 8 MiB stack overflowed the JVM's. Registers of one
 * width (1 or 2 JVM slots) share; where two registers of different types hold one local, neither
 * is live where control flow merges their paths, so the verifier's merged frame never reads it.
 */
final class SharedLocals {
    private SharedLocals() {}

    /**
     * Locals for the registers {@code f} writes (their intervals {@link #spans}), except those
     * {@code own} keeps apart (parameters; the named ones under -g), from {@code next} on: fills
     * {@code into} and returns the first local after them.
     */
    static int assign(
            Function f,
            Map<Integer, int[]> span,
            java.util.function.Predicate<Reg> own,
            int next,
            ToIntFunction<Reg> width,
            Map<Integer, Integer> into) {
        Map<Integer, Reg> regs = new HashMap<>();
        for (BasicBlock b : f.blocks)
            for (Insn insn : b.insns)
                if (insn.dst() != null && !own.test(insn.dst())) regs.putIfAbsent(insn.dst().id, insn.dst());
        List<Integer> order = new ArrayList<>(regs.keySet());
        order.sort((a, c) -> span.get(a)[0] != span.get(c)[0]
                ? Integer.compare(span.get(a)[0], span.get(c)[0])
                : Integer.compare(a, c));
        PriorityQueue<Integer> active = new PriorityQueue<>((a, c) -> span.get(a)[1] != span.get(c)[1]
                ? Integer.compare(span.get(a)[1], span.get(c)[1])
                : Integer.compare(a, c));
        List<TreeSet<Integer>> free = List.of(new TreeSet<>(), new TreeSet<>());
        for (int id : order) {
            int[] s = span.get(id);
            while (!active.isEmpty() && span.get(active.peek())[1] < s[0]) {
                int done = active.poll();
                free.get(width.applyAsInt(regs.get(done)) - 1).add(into.get(done));
            }
            int w = width.applyAsInt(regs.get(id));
            Integer local = free.get(w - 1).pollFirst();
            if (local == null) {
                local = next;
                next += w;
            }
            into.put(id, local);
            active.add(id);
        }
        return next;
    }

    /**
     * Each register's interval, {first, last} position, positions numbering the instructions and
     * terminators of the blocks in order: where it is written, used, live on entry to a block
     * (the block's start) or live on exit (its terminator).
     */
    static Map<Integer, int[]> spans(Function f, Liveness live) {
        Map<Integer, int[]> span = new HashMap<>();
        int n = f.blocks.size();
        int[] start = new int[n], end = new int[n];
        int pos = 0;
        for (int i = 0; i < n; i++) {
            BasicBlock b = f.blocks.get(i);
            start[i] = pos;
            for (Insn insn : b.insns) {
                for (Value v : Operands.of(insn)) if (v instanceof Reg r) extend(span, r.id, pos);
                if (insn.dst() != null) extend(span, insn.dst().id, pos);
                pos++;
            }
            if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r) extend(span, r.id, pos);
            end[i] = pos++;
        }
        for (int i = 0; i < n; i++) {
            BasicBlock b = f.blocks.get(i);
            BitSet in = new BitSet(), out = new BitSet();
            live.addLiveIn(b, in);
            for (BasicBlock s : ControlFlow.successors(b)) if (live.knows(s)) live.addLiveIn(s, out);
            for (int id = in.nextSetBit(0); id >= 0; id = in.nextSetBit(id + 1)) extend(span, id, start[i]);
            for (int id = out.nextSetBit(0); id >= 0; id = out.nextSetBit(id + 1)) extend(span, id, end[i]);
        }
        return span;
    }

    private static void extend(Map<Integer, int[]> span, int id, int pos) {
        int[] s = span.get(id);
        if (s == null) span.put(id, new int[] {pos, pos});
        else {
            s[0] = Math.min(s[0], pos);
            s[1] = Math.max(s[1], pos);
        }
    }
}
