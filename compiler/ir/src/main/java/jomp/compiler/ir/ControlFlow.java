package jomp.compiler.ir;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The control-flow facts the loop passes share: the blocks reachable from the entry in reverse
 * postorder, their predecessors, dominators (Cooper, Harvey and Kennedy's iterative algorithm)
 * and the natural loops. A snapshot: a pass that changes the blocks makes a new one.
 */
public final class ControlFlow {
    /** The reachable blocks, in reverse postorder (the entry first). */
    public final List<BasicBlock> rpo;

    private final Map<BasicBlock, Integer> order = new IdentityHashMap<>();
    private final Map<BasicBlock, List<BasicBlock>> preds = new IdentityHashMap<>();
    private final int[] idom;

    public ControlFlow(Function f) {
        rpo = reversePostorder(f.entry());
        for (int i = 0; i < rpo.size(); i++) order.put(rpo.get(i), i);
        for (BasicBlock b : rpo)
            for (BasicBlock s : successors(b))
                preds.computeIfAbsent(s, k -> new ArrayList<>()).add(b);
        idom = new int[rpo.size()];
        java.util.Arrays.fill(idom, -1);
        idom[0] = 0;
        for (boolean changed = true; changed; ) {
            changed = false;
            for (int b = 1; b < rpo.size(); b++) {
                int d = -1;
                for (BasicBlock pb : predecessors(rpo.get(b))) {
                    int p = order.get(pb);
                    if (idom[p] < 0) continue;
                    d = d < 0 ? p : intersect(p, d);
                }
                if (d != idom[b]) {
                    idom[b] = d;
                    changed = true;
                }
            }
        }
    }

    public static List<BasicBlock> successors(BasicBlock b) {
        return b.terminator == null ? List.of() : b.terminator.successors();
    }

    /** The reachable predecessors of b. */
    public List<BasicBlock> predecessors(BasicBlock b) {
        return preds.getOrDefault(b, List.of());
    }

    /** b's position in reverse postorder, or -1 when b is unreachable. */
    public int order(BasicBlock b) {
        return order.getOrDefault(b, -1);
    }

    /** b's immediate dominator; null for the entry and for unreachable blocks. */
    public BasicBlock idom(BasicBlock b) {
        int x = order(b);
        return x <= 0 ? null : rpo.get(idom[x]);
    }

    /** Whether every path from the entry to b passes a (false where either is unreachable). */
    public boolean dominates(BasicBlock a, BasicBlock b) {
        int ia = order(a), x = order(b);
        if (ia < 0 || x < 0) return false;
        while (x > ia) x = idom[x];
        return x == ia;
    }

    /**
     * The natural loops, one per header (back edges to one header merged): header → its blocks,
     * the header first. Headers come in reverse postorder, so an outer loop comes before the
     * loops inside it.
     */
    public Map<BasicBlock, Set<BasicBlock>> naturalLoops() {
        Map<BasicBlock, Set<BasicBlock>> loops = new LinkedHashMap<>();
        for (BasicBlock b : rpo) {
            for (BasicBlock h : successors(b)) {
                if (!dominates(h, b)) continue;
                Set<BasicBlock> body = loops.computeIfAbsent(h, k -> new LinkedHashSet<>(List.of(k)));
                ArrayDeque<BasicBlock> work = new ArrayDeque<>();
                if (body.add(b)) work.push(b);
                while (!work.isEmpty()) {
                    for (BasicBlock p : predecessors(work.pop())) if (body.add(p)) work.push(p);
                }
            }
        }
        // headers were met as back-edge targets; put them in reverse postorder
        Map<BasicBlock, Set<BasicBlock>> sorted = new LinkedHashMap<>();
        for (BasicBlock b : rpo) if (loops.containsKey(b)) sorted.put(b, loops.get(b));
        return sorted;
    }

    private int intersect(int a, int b) {
        while (a != b) {
            while (a > b) a = idom[a];
            while (b > a) b = idom[b];
        }
        return a;
    }

    private static List<BasicBlock> reversePostorder(BasicBlock entry) {
        List<BasicBlock> post = new ArrayList<>();
        Set<BasicBlock> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<BasicBlock> stack = new ArrayDeque<>();
        ArrayDeque<Integer> next = new ArrayDeque<>();
        stack.push(entry);
        next.push(0);
        seen.add(entry);
        while (!stack.isEmpty()) {
            BasicBlock b = stack.peek();
            int i = next.pop();
            List<BasicBlock> s = successors(b);
            if (i < s.size()) {
                next.push(i + 1);
                if (seen.add(s.get(i))) {
                    stack.push(s.get(i));
                    next.push(0);
                }
            } else {
                stack.pop();
                post.add(b);
            }
        }
        java.util.Collections.reverse(post);
        return post;
    }
}
