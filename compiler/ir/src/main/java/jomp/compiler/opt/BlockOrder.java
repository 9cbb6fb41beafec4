package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;

/**
 * Lays blocks out in reverse postorder from the entry, so that a block usually follows the one
 * that falls into it (fewer jumps in the generated code, and IR that reads top to bottom).
 * Unreachable blocks are dropped.
 */
public final class BlockOrder implements Pass {
    @Override
    public String name() {
        return "block-order";
    }

    @Override
    public boolean run(Function f) {
        List<BasicBlock> post = new ArrayList<>(f.blocks.size());
        Set<BasicBlock> seen = new HashSet<>();
        // Iterative DFS: (block, next successor index) pairs.
        List<BasicBlock> stack = new ArrayList<>();
        List<Integer> index = new ArrayList<>();
        stack.add(f.entry());
        index.add(0);
        seen.add(f.entry());
        while (!stack.isEmpty()) {
            int top = stack.size() - 1;
            BasicBlock b = stack.get(top);
            List<BasicBlock> succ = b.terminator == null ? List.of() : b.terminator.successors();
            int i = index.get(top);
            if (i < succ.size()) {
                index.set(top, i + 1);
                // Visit the last successor first so that the first (the fall-through arm) comes right after b.
                BasicBlock s = succ.get(succ.size() - 1 - i);
                if (seen.add(s)) {
                    stack.add(s);
                    index.add(0);
                }
            } else {
                post.add(b);
                stack.remove(top);
                index.removeLast();
            }
        }
        List<BasicBlock> order = new ArrayList<>(post.size());
        for (int i = post.size() - 1; i >= 0; i--) order.add(post.get(i));
        if (order.equals(f.blocks)) return false;
        f.blocks.clear();
        f.blocks.addAll(order);
        return true;
    }
}
