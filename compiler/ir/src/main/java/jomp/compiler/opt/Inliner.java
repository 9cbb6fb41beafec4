package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.OffloadEntry;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Value;

/**
 * The inliner (-O2 and up): direct calls of functions the unit defines are replaced by their
 * bodies ({@link InlineCall}) where the cost model says so. HotSpot inlines small methods
 * itself, but it cannot see through jomp's native C stack: a struct argument or result is a copy
 * in native memory, and a function with frame slots fetches the thread's stack. Inlined, the
 * copies and slots are the caller's, which scalar replacement and slot promotion then turn into
 * registers.
 *
 * <p>Functions are visited callees first (the call graph's strongly connected components in
 * Tarjan's order); each is simplified ({@code simplify}) after the calls in it have been
 * inlined, so a caller weighs its callees as they will be. A call is inlined when the callee
 * <ul>
 * <li>can be: it is defined here, not weak (the link may replace it), not variadic, not a
 *     kernel or offload entry, calls no setjmp, makes no {@code alloca} (its memory would live
 *     until the caller returns), is not {@code noinline}, is not in the caller's component
 *     (recursion is never unrolled), and the call has its type;</li>
 * <li>and should be: it is {@code always_inline}, or the caller is {@code flatten} (then the
 *     calls it brings in are inlined too, except calls of recursive functions), or, while the
 *     caller stays under {@link #CALLER_LIMIT} instructions and the callee has no loop (HotSpot
 *     compiles a loop best in a method of its own: {@link #hasLoop}), it is static and called
 *     from this one place only, or its cost (instructions, less a bonus for constant arguments,
 *     slot addresses passed and a frame of its own) is at most the level's threshold.</li>
 * </ul>
 * A function that calls setjmp is left as it is (PassManager). Static functions that were called
 * and no longer are, and whose address is never taken, are removed afterwards.
 */
public final class Inliner {
    /** The name in the pass list. */
    public static final String NAME = "inline";

    /**
     * The size (IR instructions and terminators, counted before scalar replacement, which
     * shrinks it by a third or so) a caller may grow to through inlining that is not forced.
     * HotSpot does not compile a method over 8,000 bytes of bytecode (HugeMethodLimit): a caller
     * over it would run interpreted. jomp's back end writes 8 to 10 bytes of bytecode an IR
     * instruction, so 8,000 bytes are about 900 instructions; loop outlining moves inner loops out
     * later, which keeps a further margin.
     */
    static final int CALLER_LIMIT = 750;
    /** For forced inlining (always_inline, flatten): well within the JVM's 64 KiB of bytecode a method. */
    static final int FORCED_LIMIT = 4000;

    private final Module m;
    private final int threshold;
    private final Consumer<Function> simplify;
    private final Map<String, Integer> component = new HashMap<>();
    /** Functions in a cycle of calls (a component of several, or calling itself). */
    private final Set<String> recursive = new HashSet<>();
    /** Direct call sites of each defined function, over the whole module. */
    private final Map<String, Integer> calls = new HashMap<>();
    /** Functions whose address is taken (a funcaddr, a relocation) or that the outside reaches by name. */
    private final Set<String> referenced = new HashSet<>();

    private final Map<Function, Integer> sizes = new HashMap<>();

    private Inliner(Module m, int optLevel, Consumer<Function> simplify) {
        this.m = m;
        this.threshold = optLevel >= 3 ? 80 : 40;
        this.simplify = simplify;
    }

    /**
     * Inlines across the module and simplifies every function after inlining into it ({@code skip}:
     * functions to leave alone, neither inlined into nor simplified). Returns whether any call was
     * inlined.
     */
    public static boolean run(
            Module m, int optLevel, Consumer<Function> simplify, java.util.function.Predicate<Function> skip) {
        return new Inliner(m, optLevel, simplify).run(skip);
    }

    private boolean run(java.util.function.Predicate<Function> skip) {
        countReferences();
        Set<String> wasCalled = new HashSet<>();
        for (var e : calls.entrySet()) if (e.getValue() > 0) wasCalled.add(e.getKey());
        boolean changed = false;
        for (List<Function> scc : components()) {
            for (Function f : scc) {
                if (skip.test(f)) continue;
                changed |= inlineInto(f);
                simplify.accept(f);
                sizes.put(f, size(f));
            }
        }
        // static functions every call of which was inlined
        changed |= m.functions.removeIf(f -> f.isStatic
                && wasCalled.contains(f.name)
                && calls.getOrDefault(f.name, 0) == 0
                && !referenced.contains(f.name));
        return changed;
    }

    // ---- the call graph ---------------------------------------------------------------------

    private void countReferences() {
        for (Global g : m.globals) for (Global.Reloc r : g.relocs) referenced.add(r.symbol());
        for (jomp.compiler.ir.Module.Alias a : m.aliases) referenced.add(a.target());
        for (OffloadEntry e : m.offloadEntries) referenced.add(e.name());
        for (Function f : m.functions) {
            for (BasicBlock b : f.blocks)
                for (Insn i : b.insns) {
                    if (i instanceof Insn.Call c) calls.merge(c.callee(), 1, Integer::sum);
                    else if (i instanceof Insn.FuncAddr a) referenced.add(a.symbol());
                }
        }
    }

    /** Tarjan's strongly connected components of the direct calls: callees before their callers. */
    private List<List<Function>> components() {
        List<List<Function>> out = new ArrayList<>();
        Map<Function, Integer> index = new HashMap<>(), low = new HashMap<>();
        List<Function> stack = new ArrayList<>();
        Set<Function> onStack = new HashSet<>();
        for (Function root : m.functions) {
            if (index.containsKey(root)) continue;
            // iterative DFS: (function, its callees, next callee)
            List<Object[]> dfs = new ArrayList<>();
            dfs.add(new Object[] {root, callees(root), 0});
            index.put(root, index.size());
            low.put(root, index.get(root));
            stack.add(root);
            onStack.add(root);
            while (!dfs.isEmpty()) {
                Object[] top = dfs.get(dfs.size() - 1);
                Function v = (Function) top[0];
                @SuppressWarnings("unchecked")
                List<Function> cs = (List<Function>) top[1];
                int i = (int) top[2];
                if (i < cs.size()) {
                    top[2] = i + 1;
                    Function w = cs.get(i);
                    if (w == v) recursive.add(v.name);
                    if (!index.containsKey(w)) {
                        index.put(w, index.size());
                        low.put(w, index.get(w));
                        stack.add(w);
                        onStack.add(w);
                        dfs.add(new Object[] {w, callees(w), 0});
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                    continue;
                }
                dfs.remove(dfs.size() - 1);
                if (!dfs.isEmpty()) {
                    Function parent = (Function) dfs.get(dfs.size() - 1)[0];
                    low.put(parent, Math.min(low.get(parent), low.get(v)));
                }
                if (low.get(v).equals(index.get(v))) {
                    List<Function> scc = new ArrayList<>();
                    Function w;
                    do {
                        w = stack.remove(stack.size() - 1);
                        onStack.remove(w);
                        scc.add(w);
                        component.put(w.name, out.size());
                    } while (w != v);
                    if (scc.size() > 1) for (Function x : scc) recursive.add(x.name);
                    out.add(scc);
                }
            }
        }
        return out;
    }

    private List<Function> callees(Function f) {
        List<Function> out = new ArrayList<>();
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns)
                if (i instanceof Insn.Call c && m.function(c.callee()) instanceof Function g && !out.contains(g))
                    out.add(g);
        return out;
    }

    // ---- inlining into one function ----------------------------------------------------------

    private boolean inlineInto(Function f) {
        boolean changed = false;
        int size = size(f);
        Map<Integer, Insn> defs = singleDefinitions(f);
        // the blocks of inlined bodies are not scanned again (their calls were decided in the
        // callee), except in a flatten function
        Set<BasicBlock> inlined = new HashSet<>();
        for (int bi = 0; bi < f.blocks.size(); bi++) {
            BasicBlock b = f.blocks.get(bi);
            if (inlined.contains(b) && !f.flatten) continue;
            for (int k = 0; k < b.insns.size(); k++) {
                if (!(b.insns.get(k) instanceof Insn.Call c) || !(m.function(c.callee()) instanceof Function g))
                    continue;
                // in a flatten function's inlined code, recursive functions stay calls (else no end)
                if (inlined.contains(b) && recursive.contains(g.name)) continue;
                if (!shouldInline(f, size, c, g, defs)) continue;
                int before = f.blocks.size();
                InlineCall.inline(f, bi, k, g);
                // the blocks InlineCall added after b: the callee's, then rest (the caller's own code)
                for (int j = bi + 1; j < bi + (f.blocks.size() - before); j++) inlined.add(f.blocks.get(j));
                size += sizeOf(g) - 1;
                calls.merge(g.name, -1, Integer::sum);
                for (BasicBlock gb : g.blocks)
                    for (Insn i : gb.insns) if (i instanceof Insn.Call gc) calls.merge(gc.callee(), 1, Integer::sum);
                changed = true;
                break; // b now ends at the call: go on with the next block (the callee's entry or rest)
            }
        }
        return changed;
    }

    private boolean shouldInline(Function f, int callerSize, Insn.Call c, Function g, Map<Integer, Insn> defs) {
        if (!canInline(f, c, g)) return false;
        int gs = sizeOf(g);
        if (g.alwaysInline || f.flatten) return callerSize + gs <= FORCED_LIMIT;
        if (callerSize + gs > CALLER_LIMIT || hasLoop(g)) return false;
        if (g.isStatic && calls.getOrDefault(g.name, 0) == 1 && !referenced.contains(g.name)) return true;
        return cost(g, c, defs) <= threshold;
    }

    private boolean canInline(Function f, Insn.Call c, Function g) {
        if (g == f || g.noInline || g.weak || g.type.variadic() || g.vaArea != null || g.kernelArgs >= 0) return false;
        if (g.name.startsWith("__omp_offloading_")
                || !c.type().equals(g.type)
                || c.args().size() != g.params.size()) return false;
        Integer cf = component.get(f.name), cg = component.get(g.name);
        if (cf != null && cf.equals(cg)) return false;
        return bodyInlinable.computeIfAbsent(g, Inliner::bodyInlinable) && !referencedByEntry(g);
    }

    private final Map<Function, Boolean> bodyInlinable = new HashMap<>();

    /** No alloca or stack save/restore (its memory would live until the caller returns), no setjmp. */
    private static boolean bodyInlinable(Function g) {
        for (BasicBlock b : g.blocks)
            for (Insn i : b.insns) {
                if (i instanceof Insn.Alloca || i instanceof Insn.StackSave || i instanceof Insn.StackRestore)
                    return false;
                if (i instanceof Insn.Call gc && gc.returnsTwice()) return false;
            }
        return true;
    }

    private boolean referencedByEntry(Function g) {
        for (OffloadEntry e : m.offloadEntries) if (e.name().equals(g.name)) return true;
        return false;
    }

    /** The callee's size less what inlining it saves beyond the call itself. */
    private int cost(Function g, Insn.Call c, Map<Integer, Insn> defs) {
        int cost = sizeOf(g);
        if (!g.slots.isEmpty()) cost -= 10; // no native frame of its own
        for (Value a : c.args()) {
            if (a instanceof IntConst) cost -= 4;
            else if (a instanceof Reg r && defs.get(r.id) instanceof Insn.SlotAddr)
                cost -= 10; // a copy scalar replacement may take apart
        }
        return cost;
    }

    private int sizeOf(Function g) {
        return sizes.computeIfAbsent(g, Inliner::size);
    }

    private final Map<Function, Boolean> loops = new HashMap<>();

    /**
     * Whether g has a loop. HotSpot compiles a method called many times from its start, knowing
     * its loops' counters; inlined into a loop that runs once (main's), the same loop would be
     * compiled by on-stack replacement, entered in the middle (docs/design/frontend.md, "Loop
     * outlining"). The call costs little beside the loop, so such callees stay calls.
     */
    private boolean hasLoop(Function g) {
        return loops.computeIfAbsent(
                g, x -> !new jomp.compiler.ir.ControlFlow(x).naturalLoops().isEmpty());
    }

    /**
     * A function's size as the inliner weighs it: its instructions and terminators, less the
     * copies and address constants, which the lowering writes freely and folding mostly removes
     * (a caller is weighed before it is simplified).
     */
    static int size(Function f) {
        int n = 0;
        for (BasicBlock b : f.blocks) {
            n++;
            for (Insn i : b.insns)
                if (!(i instanceof Insn.Copy
                        || i instanceof Insn.SlotAddr
                        || i instanceof Insn.GlobalAddr
                        || i instanceof Insn.FuncAddr)) n++;
        }
        return n;
    }

    /** Registers assigned by one instruction only → that instruction. */
    private static Map<Integer, Insn> singleDefinitions(Function f) {
        Map<Integer, Insn> defs = new HashMap<>();
        Set<Integer> multi = new HashSet<>();
        for (Reg p : f.params) multi.add(p.id);
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns) if (i.dst() != null && defs.put(i.dst().id, i) != null) multi.add(i.dst().id);
        for (Integer id : multi) defs.remove(id);
        return defs;
    }
}
