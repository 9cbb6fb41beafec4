package jomp.compiler.jvm;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.ControlFlow;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Splits a function whose method would hold more than {@link #BUDGET} bytes of bytecode into
 * methods of at most about that many: the JVM takes no method over 64 KiB, and HotSpot compiles
 * none over 8,000 bytes unless told to (and C2 gives up on very large ones, and inlines less
 * into large ones: see {@link #BUDGET}), so a large C function would run interpreted or slowly. The parts are regions of the dominator tree: the blocks a
 * block dominates can only be entered through it, so a group of subtrees hanging from one block
 * is a piece of code entered at the subtrees' roots and left by edges to blocks outside. Such a
 * group becomes a method (a <em>region</em>) and a call where it was:
 * <ul>
 * <li>entries: with one, the call takes its place; with several, each becomes a stub that sets
 *     the entry's number and jumps to the call, and the region starts with a switch on it
 *     (an edge into the middle of a region, a {@code goto}, a {@code switch} or an indirect
 *     branch's switch is just another entry);</li>
 * <li>registers live on entry and referenced inside are parameters (through memory when there
 *     are more than {@link #MAX_PARAM_SLOTS} slots of them); those the region assigns and that
 *     are live at an exit come back as the result when there is one of them and one exit, else
 *     through an area in the function's frame, and the region returns which exit it took, on
 *     which the caller switches; a {@code ret} inside is one more exit, returning through a
 *     register of the function;</li>
 * <li>frame slots: once any region needs the frame, the function's slots become one slot laid
 *     out here (with the areas), whose base goes to the regions that use it; a region has no
 *     frame of its own (an {@code alloca} inside it lives until the function returns, as in C).</li>
 * </ul>
 * The tree is reduced bottom up: where a subtree is still larger than the budget, the largest
 * groups of its children's subtrees that fit one region go (first those that do not jump back
 * to a block above them, so that a loop stays whole in one method where it can), until it fits;
 * a region may hold the calls of regions made below it. Blocks with a setjmp call stay in the
 * function's own method (the handler that resumes them is there), and a function with such
 * calls keeps its named variables in memory while it is split, so that a longjmp out of a region
 * finds their latest values.
 */
final class MethodSplitter {
    /**
     * The budget of a method ({@code -Djomp.split.budget=N} sets another, for measuring what it
     * costs). Well under HotSpot's HugeMethodLimit (8,000 bytes, the largest method it compiles by
     * default) because C2 also stops inlining into a method once its bytecode and what it has
     * inlined pass 8,000 bytes (DesiredMethodLimit): every memory access of C code is a call of
     * a {@code Mem} accessor (about 30 bytes, inlined), so in a part of 6,000 bytes the later
     * accesses stayed calls ("size > DesiredMethodLimit" under -XX:+PrintInlining; none at 3,000).
     * Measured in docs/PERFORMANCE.md §11 and §13: Lua and large-function.sh's interpreter faster.
     */
    static final int BUDGET = Integer.getInteger("jomp.split.budget", 3000);
    /** Live-in registers beyond this many JVM parameter slots go through memory (255 is the JVM's limit). */
    private static final int MAX_PARAM_SLOTS = 100;
    /** A smaller group costs about as much in its call, dispatch and exits as it moves out. */
    private static final int MIN_GROUP = 160;

    /** The bytecode size of a function's method and of each of its blocks, as JvmBackend measures them. */
    record Sizes(int total, Map<BasicBlock, Integer> blocks) {}

    private final Function f;
    private final Set<String> taken;
    private final Map<BasicBlock, Integer> size;
    /** What one region may hold: the budget less room for its dispatch, exits and locals' zeroing. */
    private final int pack;
    /**
     * A subtree that could not be brought down to {@link #pack} (a switch of a thousand cases, a
     * setjmp's surroundings) may still be a region of its own up to this size, well inside the
     * JVM's 64 KiB.
     */
    private final int largest;

    private final List<Function> created = new ArrayList<>();
    private Liveness live;
    /** See {@link #constants(Function)}. */
    private Map<Integer, Insn> constants;
    /** The frame as one block of memory: each slot's offset, and the areas' after them. */
    private final Map<Slot, Long> slotOffset = new IdentityHashMap<>();

    private long frameSize;
    private int frameAlign = 16;
    /** f's frame base, made when a region or an area first needs it. */
    private Reg frame;
    /** f's result, when a region holds a {@code ret}. */
    private Reg retval;

    private int nextRegion = 1;

    private MethodSplitter(Function f, Set<String> taken, Map<BasicBlock, Integer> size, int budget) {
        this.f = f;
        this.taken = taken;
        this.size = size;
        this.pack = budget * 13 / 16;
        this.largest = budget * 3;
    }

    /**
     * Splits f when its method would hold more than {@code budget} bytes of bytecode; returns the
     * regions made (f is rewritten in place). {@code measure} gives a function's method's sizes;
     * {@code taken} holds the names in use and receives the new ones.
     */
    static List<Function> split(
            Function f, Set<String> taken, java.util.function.Function<Function, Sizes> measure, int budget) {
        if (f.blocks.isEmpty() || bound(f) <= budget || measure.apply(f).total() <= budget) return List.of();
        prepare(f, Math.max(8, budget / 64)); // blocks of about an eighth of the budget
        BitSet crowd = crowded(f, Liveness.of(f), constants(f));
        if (!crowd.isEmpty()) RegisterDemotion.toMemory(f, r -> crowd.get(r.id));
        MethodSplitter s = new MethodSplitter(f, taken, measure.apply(f).blocks(), budget);
        s.run();
        return s.created;
    }

    /** More bytes than f's method can take (so that most functions need not be measured). */
    private static long bound(Function f) {
        long n = 0;
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                n += switch (i) {
                    case Insn.Call c -> 16 + 4L * c.args().size();
                    case Insn.CallIndirect c -> 24 + 4L * c.args().size();
                    case Insn.MemCopy c -> 4L * JvmBackend.SMALL_COPY; // up to 10 loads and stores of 22 bytes
                    case Insn.MemSet s -> 4L * JvmBackend.SMALL_COPY;
                    default -> 64;
                };
            }
            n += b.terminator instanceof Terminator.Switch sw
                    ? 32 + 40L * sw.cases().size()
                    : 16;
        }
        return n + 16L * f.params.size() + 64;
    }

    /** Whether a function holds a call that returns twice (setjmp): its block stays in the function's method. */
    static boolean callsSetjmp(BasicBlock b) {
        for (Insn i : b.insns) if (i instanceof Insn.Call c && c.returnsTwice()) return true;
        return false;
    }

    // ---- preparation --------------------------------------------------------------------

    /** Drops unreachable blocks, cuts those longer than {@code chunk} instructions, and puts a setjmp function's named variables in memory. */
    static void prepare(Function f, int chunk) {
        ControlFlow cf = new ControlFlow(f);
        f.blocks.removeIf(b -> cf.order(b) < 0);
        List<BasicBlock> order = new ArrayList<>();
        for (BasicBlock b : new ArrayList<>(f.blocks)) {
            order.add(b);
            if (b.insns.size() <= chunk) continue;
            List<Insn> all = new ArrayList<>(b.insns);
            Terminator last = b.terminator;
            b.insns.clear();
            b.insns.addAll(all.subList(0, chunk));
            BasicBlock prev = b;
            for (int k = chunk; k < all.size(); k += chunk) {
                BasicBlock next = f.newBlock(hint(b.name));
                next.insns.addAll(all.subList(k, Math.min(all.size(), k + chunk)));
                prev.terminator = new Terminator.Br(next);
                order.add(next);
                prev = next;
            }
            prev.terminator = last;
        }
        f.blocks.clear();
        f.blocks.addAll(order);
        boolean setjmp = false;
        for (BasicBlock b : f.blocks) setjmp |= callsSetjmp(b);
        if (setjmp) RegisterDemotion.toMemory(f, r -> r.name != null);
    }

    /**
     * The registers whose value is the same wherever they are read: assigned once, by a pure
     * instruction of constants, addresses (of globals, functions, frame slots) and other such
     * registers (the optimiser hoists a loop's addresses out of it). A region computes them
     * again instead of taking them; by id, with their instruction.
     */
    static Map<Integer, Insn> constants(Function f) {
        Map<Integer, Insn> def = new HashMap<>();
        BitSet many = new BitSet();
        for (Reg p : f.params) many.set(p.id);
        if (f.vaArea != null) many.set(f.vaArea.id);
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                Reg d = i.dst();
                if (d == null) continue;
                if (def.put(d.id, i) != null) many.set(d.id);
            }
        }
        for (int r = many.nextSetBit(0); r >= 0; r = many.nextSetBit(r + 1)) def.remove(r);
        Map<Integer, Insn> out = new HashMap<>();
        for (boolean grew = true; grew; ) { // a register whose operands are all such registers or constants
            grew = false;
            for (Map.Entry<Integer, Insn> e : def.entrySet()) {
                if (out.containsKey(e.getKey()) || !recomputable(e.getValue())) continue;
                boolean ok = true;
                for (Value v : Operands.of(e.getValue())) if (v instanceof Reg r && !out.containsKey(r.id)) ok = false;
                if (ok) {
                    out.put(e.getKey(), e.getValue());
                    grew = true;
                }
            }
        }
        return out;
    }

    private static boolean recomputable(Insn i) {
        return switch (i) {
            case Insn.GlobalAddr g -> true;
            case Insn.FuncAddr a -> true;
            case Insn.SlotAddr s -> true;
            case Insn.Copy c -> true;
            case Insn.Unary u -> true;
            case Insn.Convert c -> true;
            case Insn.Cmp c -> true;
            case Insn.Binary b -> !Operands.isDivision(b.op());
            default -> false;
        };
    }

    /** More registers than this live across one block boundary, and some go to memory. */
    private static final int CROWD = 40;

    /**
     * The registers to keep in memory so that no more than {@link #CROWD} others (constants
     * aside) are live at any block's start: each would otherwise be a region's parameter and
     * result wherever it is live (a function of thousands of variables live from start to end).
     * Those live across the most blocks for the fewest reads and writes go first.
     */
    static BitSet crowded(Function f, Liveness live, Map<Integer, Insn> constants) {
        BitSet constant = new BitSet();
        for (int r : constants.keySet()) constant.set(r);
        List<BitSet> over = new ArrayList<>(); // the live sets too large
        Map<Integer, Integer> spread = new HashMap<>(), uses = new HashMap<>();
        for (BasicBlock b : f.blocks) {
            BitSet in = new BitSet();
            live.addLiveIn(b, in);
            in.andNot(constant);
            if (in.cardinality() > CROWD) over.add(in);
            for (int r = in.nextSetBit(0); r >= 0; r = in.nextSetBit(r + 1)) spread.merge(r, 1, Integer::sum);
            for (Insn i : b.insns) {
                for (Value v : Operands.of(i)) if (v instanceof Reg r) uses.merge(r.id, 1, Integer::sum);
                if (i.dst() != null) uses.merge(i.dst().id, 1, Integer::sum);
            }
        }
        BitSet out = new BitSet();
        if (over.isEmpty()) return out;
        List<Integer> order = new ArrayList<>(spread.keySet());
        order.sort(Comparator.<Integer>comparingDouble(r -> -(double) spread.get(r) / (1 + uses.getOrDefault(r, 0)))
                .thenComparingInt(r -> r));
        int[] count = new int[over.size()];
        for (int k = 0; k < over.size(); k++) count[k] = over.get(k).cardinality();
        for (int r : order) {
            boolean needed = false;
            for (int k = 0; k < over.size() && !needed; k++)
                needed = count[k] > CROWD && over.get(k).get(r);
            if (!needed) continue;
            out.set(r);
            for (int k = 0; k < over.size(); k++) if (over.get(k).get(r)) count[k]--;
        }
        return out;
    }

    /** A block name without its ".N" suffix. */
    static String hint(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 && name.substring(dot + 1).chars().allMatch(Character::isDigit) ? name.substring(0, dot) : name;
    }

    // ---- the reduction ------------------------------------------------------------------

    /** Per block of the dominator tree: what is left of its subtree in the current method, and how large. */
    private static final class Subtree {
        final List<BasicBlock> blocks = new ArrayList<>();
        long size;
        boolean pinned;
        /** Jumps to a block above its root (a loop around it: a region of it would be called once per iteration). */
        boolean loops;
    }

    private void run() {
        live = Liveness.of(f);
        // the frame as the backend lays it out (temporaries share bytes, SharedSlots), unless a
        // setjmp can come back to a place the intervals do not follow
        boolean setjmp = false;
        for (BasicBlock b : f.blocks) for (Insn i : b.insns) setjmp |= i instanceof Insn.Call c && c.returnsTwice();
        frameSize = SharedSlots.layout(f, setjmp ? null : SharedLocals.spans(f, live), slotOffset);
        for (Slot s : f.slots) frameAlign = Math.max(frameAlign, s.align);
        constants = constants(f);
        ControlFlow cf = new ControlFlow(f);
        Map<BasicBlock, List<BasicBlock>> children = new IdentityHashMap<>();
        for (BasicBlock b : cf.rpo) children.put(b, new ArrayList<>());
        for (BasicBlock b : cf.rpo)
            if (cf.idom(b) != null) children.get(cf.idom(b)).add(b);
        // pre/post numbers of the dominator tree: a is above b when pre[a] < pre[b] and post[b] < post[a]
        Map<BasicBlock, int[]> number = new IdentityHashMap<>();
        int clock = 0;
        java.util.ArrayDeque<BasicBlock> stack = new java.util.ArrayDeque<>();
        java.util.ArrayDeque<Integer> next = new java.util.ArrayDeque<>();
        stack.push(f.entry());
        next.push(0);
        number.put(f.entry(), new int[] {clock++, 0});
        while (!stack.isEmpty()) {
            BasicBlock b = stack.peek();
            int i = next.pop();
            if (i < children.get(b).size()) {
                next.push(i + 1);
                BasicBlock c = children.get(b).get(i);
                number.put(c, new int[] {clock++, 0});
                stack.push(c);
                next.push(0);
            } else {
                number.get(stack.pop())[1] = clock++;
            }
        }
        Map<BasicBlock, Subtree> tree = new IdentityHashMap<>();
        for (int k = cf.rpo.size() - 1; k >= 0; k--) { // a block's dominator comes before it in reverse postorder
            BasicBlock n = cf.rpo.get(k);
            Subtree t = new Subtree();
            t.blocks.add(n);
            t.size = size.getOrDefault(n, 0);
            t.pinned = callsSetjmp(n);
            for (BasicBlock c : children.get(n)) {
                Subtree ct = tree.remove(c);
                t.blocks.addAll(ct.blocks);
                t.size += ct.size;
                t.pinned |= ct.pinned;
                tree.put(c, ct);
            }
            if (t.size > pack) reduce(n, t, children.get(n), tree);
            for (BasicBlock c : children.get(n)) tree.remove(c);
            int[] nn = number.get(n);
            for (BasicBlock b : t.blocks) {
                for (BasicBlock s : ControlFlow.successors(b)) {
                    int[] sn = number.get(s);
                    if (sn != null && sn[0] < nn[0] && nn[1] < sn[1]) t.loops = true;
                }
            }
            tree.put(n, t);
        }
        finishFrame();
    }

    /** Moves groups of n's children's subtrees into regions until what is left of n's fits one region. */
    private void reduce(BasicBlock n, Subtree t, List<BasicBlock> children, Map<BasicBlock, Subtree> tree) {
        Map<BasicBlock, Integer> position = new IdentityHashMap<>();
        for (int i = 0; i < f.blocks.size(); i++) position.put(f.blocks.get(i), i);
        List<BasicBlock> candidates = new ArrayList<>();
        for (BasicBlock c : children) if (!tree.get(c).pinned && tree.get(c).size <= largest) candidates.add(c);
        candidates.sort(Comparator.<BasicBlock>comparingInt(c -> tree.get(c).loops ? 1 : 0)
                .thenComparing(Comparator.<BasicBlock>comparingLong(c -> tree.get(c).size)
                        .reversed()));
        List<List<BasicBlock>> groups = new ArrayList<>();
        List<BasicBlock> group = new ArrayList<>();
        long groupSize = 0;
        for (BasicBlock c : candidates) {
            long s = tree.get(c).size;
            if (!group.isEmpty() && groupSize + s > pack) {
                groups.add(group);
                group = new ArrayList<>();
                groupSize = 0;
            }
            group.add(c);
            groupSize += s;
        }
        if (!group.isEmpty()) groups.add(group);
        for (List<BasicBlock> g : groups) {
            if (t.size <= pack) break;
            long moved = 0;
            List<BasicBlock> blocks = new ArrayList<>();
            for (BasicBlock c : g) {
                moved += tree.get(c).size;
                blocks.addAll(tree.get(c).blocks);
            }
            if (moved < MIN_GROUP) continue;
            // the entries in the order the function has them, so that a region reads in source order
            List<BasicBlock> entries = new ArrayList<>(g);
            entries.sort(Comparator.comparingInt(b -> position.getOrDefault(b, Integer.MAX_VALUE)));
            Set<BasicBlock> gone = Collections.newSetFromMap(new IdentityHashMap<>());
            gone.addAll(blocks);
            List<BasicBlock> added = new ArrayList<>();
            long cost = outline(n, t.blocks, entries, blocks, added);
            gone.removeAll(added);
            t.blocks.removeIf(gone::contains);
            for (BasicBlock b : added) if (!t.blocks.contains(b)) t.blocks.add(b);
            t.size += cost - moved;
            for (BasicBlock c : g) tree.get(c).size = 0;
        }
    }

    private static long align(long v, int a) {
        return (v + a - 1) & -(long) Math.max(1, a);
    }

    private Reg frame() {
        if (frame == null) frame = f.newReg(IrType.PTR, "frame");
        return frame;
    }

    /** 8 bytes per register in f's frame, after everything else; the area's offset. */
    private long area(int registers) {
        long off = align(frameSize, 8);
        frameSize = off + 8L * registers;
        return off;
    }

    // ---- one region -----------------------------------------------------------------------

    /**
     * Makes a region of {@code blocks} (entered at {@code entries}, children of n in the
     * dominator tree, whose other blocks are in {@code around}) and puts its call in f; the
     * blocks left in f for it (the call, the entries' stubs, a return) go to {@code added}.
     * Returns their estimated size in bytes.
     */
    private long outline(
            BasicBlock n,
            List<BasicBlock> around,
            List<BasicBlock> entries,
            List<BasicBlock> blocks,
            List<BasicBlock> added) {
        Shape shape = shape(entries, blocks);
        Selector selector = selector(n, entries);
        Function g = region(shape, selector, blocks);
        return call(n, around, shape, selector, g, added);
    }

    /**
     * A region's interface: where it leaves (exits, and a {@code ret} as one more), the registers
     * it takes and gives back, the constants it computes again, and the area in f's frame
     * ({@code areaOffset}, -1 if none) through which go the inputs that are too many for
     * parameters and the results when there is not just one ({@code single}), at their
     * {@code position}s.
     */
    private record Shape(
            Set<BasicBlock> inside,
            List<BasicBlock> exits,
            boolean returns,
            int exitCount,
            List<Reg> inputs,
            List<Reg> results,
            List<Insn> recompute,
            boolean inputsInMemory,
            Reg single,
            Map<Integer, Integer> position,
            long areaOffset) {}

    private Shape shape(List<BasicBlock> entries, List<BasicBlock> blocks) {
        Set<BasicBlock> inside = Collections.newSetFromMap(new IdentityHashMap<>());
        inside.addAll(blocks);
        BitSet referenced = new BitSet(), assigned = new BitSet();
        Map<Integer, Reg> regs = new HashMap<>();
        boolean usesFrame = false, returns = false, allocates = false;
        List<BasicBlock> exits = new ArrayList<>();
        for (BasicBlock b : blocks) {
            for (Insn insn : b.insns) {
                for (Value v : Operands.of(insn))
                    if (v instanceof Reg r) {
                        referenced.set(r.id);
                        regs.put(r.id, r);
                    }
                Reg d = insn.dst();
                if (d != null) {
                    referenced.set(d.id);
                    assigned.set(d.id);
                    regs.put(d.id, d);
                }
                if (insn instanceof Insn.SlotAddr) usesFrame = true; // an offset from the frame's base
                if (insn instanceof Insn.Alloca) allocates = true;
            }
            if (Operands.of(b.terminator) instanceof Reg r) {
                referenced.set(r.id);
                regs.put(r.id, r);
            }
            if (b.terminator instanceof Terminator.Ret) returns = true;
            for (BasicBlock s : ControlFlow.successors(b)) if (!inside.contains(s) && !exits.contains(s)) exits.add(s);
        }
        if (usesFrame || frame != null && referenced.get(frame.id)) usesFrame = true;
        if (allocates) frame(); // f keeps a frame, whose end releases what the region's allocas took
        BitSet in = new BitSet(), out = new BitSet();
        for (BasicBlock e : entries) live.addLiveIn(e, in);
        in.and(referenced);
        if (usesFrame) {
            in.set(frame().id);
            regs.put(frame.id, frame);
        }
        for (BasicBlock x : exits) live.addLiveIn(x, out);
        out.and(assigned);
        IrType ret = f.type.ret();
        if (returns && ret != IrType.VOID) {
            if (retval == null) retval = f.newReg(ret, "retval");
            out.set(retval.id);
            regs.put(retval.id, retval);
        }
        List<Insn> recompute = recompute(in, assigned, regs);
        int exitCount = exits.size() + (returns ? 1 : 0);
        List<Reg> inputs = new ArrayList<>(), results = new ArrayList<>();
        int slots = 0;
        for (int r = in.nextSetBit(0); r >= 0; r = in.nextSetBit(r + 1)) {
            inputs.add(regs.get(r));
            slots += width(regs.get(r).type());
        }
        for (int r = out.nextSetBit(0); r >= 0; r = out.nextSetBit(r + 1)) results.add(regs.get(r));
        boolean inputsInMemory = slots > MAX_PARAM_SLOTS;
        Reg single = !inputsInMemory && exitCount == 1 && results.size() == 1 ? results.get(0) : null;
        Map<Integer, Integer> position = new LinkedHashMap<>();
        if (inputsInMemory) for (Reg r : inputs) position.putIfAbsent(r.id, position.size());
        if (single == null) for (Reg r : results) position.putIfAbsent(r.id, position.size());
        long areaOffset = position.isEmpty() ? -1 : area(position.size());
        return new Shape(
                inside,
                exits,
                returns,
                exitCount,
                inputs,
                results,
                recompute,
                inputsInMemory,
                single,
                position,
                areaOffset);
    }

    /** The constants among the inputs {@code in} that the region computes again, each after those it reads; they leave {@code in}. */
    private List<Insn> recompute(BitSet in, BitSet assigned, Map<Integer, Reg> regs) {
        List<Insn> recompute = new ArrayList<>();
        BitSet done = new BitSet();
        for (int r = in.nextSetBit(0); r >= 0; r = in.nextSetBit(r + 1)) {
            if (constants.containsKey(r) && !assigned.get(r)) recomputeInto(r, recompute, done);
        }
        for (Insn i : recompute) {
            in.clear(i.dst().id);
            if (i instanceof Insn.SlotAddr) {
                in.set(frame().id);
                regs.put(frame.id, frame);
            }
        }
        return recompute;
    }

    /**
     * How the region tells its entries apart: {@code sw}, n's switch when the region switches on
     * its value, the cases of it that go to each entry, and each entry's number (unused when
     * there is one entry).
     */
    private record Selector(
            List<BasicBlock> entries, Terminator.Switch sw, Map<BasicBlock, List<Long>> cases, long[] numbers) {
        boolean several() {
            return entries.size() > 1;
        }
    }

    private static Selector selector(BasicBlock n, List<BasicBlock> entries) {
        // with several entries, a selector says which: when n switches to them, the switch's own
        // value (the region switches on it as n did: an interpreter's dispatch costs no stubs),
        // else (and for the entries other blocks jump to) a number each entry's stub sets
        Terminator.Switch sw = entries.size() > 1
                        && n.terminator instanceof Terminator.Switch x
                        && x.value().type() == IrType.I32
                ? x
                : null;
        Map<BasicBlock, List<Long>> cases = new IdentityHashMap<>();
        for (BasicBlock e : entries) cases.put(e, new ArrayList<>());
        if (sw != null)
            for (int i = 0; i < sw.cases().size(); i++)
                if (cases.containsKey(sw.targets().get(i)))
                    cases.get(sw.targets().get(i)).add(sw.cases().get(i));
        if (sw != null && entries.stream().allMatch(e -> cases.get(e).isEmpty())) sw = null;
        long[] selector = new long[entries.size()];
        List<Long> fresh = sw == null ? List.of() : unused(sw.cases(), entries.size());
        for (int i = 0; i < entries.size(); i++) {
            List<Long> c = cases.get(entries.get(i));
            selector[i] = sw == null ? i : !c.isEmpty() ? c.get(0) : fresh.get(i);
        }
        return new Selector(entries, sw, cases, selector);
    }

    /** The region: a function of its own, of f's blocks (which stay in f until {@link #call} removes them). */
    private Function region(Shape shape, Selector selector, List<BasicBlock> blocks) {
        List<BasicBlock> entries = selector.entries();
        List<IrType> paramTypes = new ArrayList<>();
        if (entries.size() > 1) paramTypes.add(IrType.I32);
        if (!shape.inputsInMemory()) for (Reg r : shape.inputs()) paramTypes.add(r.type());
        if (shape.areaOffset() >= 0) paramTypes.add(IrType.PTR);
        Reg single = shape.single();
        int exitCount = shape.exitCount();
        IrType gret = single != null ? single.type() : exitCount > 1 ? IrType.I32 : IrType.VOID;
        String name;
        do name = f.name + ".part." + nextRegion++;
        while (!taken.add(name));
        Function g = new Function(name, new FuncType(gret, paramTypes, false), true);
        g.declareTarget = f.declareTarget;
        Map<Integer, Reg> map = new HashMap<>();
        java.util.function.Function<Reg, Reg> regOf = r -> map.computeIfAbsent(r.id, id -> g.newReg(r.type(), r.name));
        java.util.function.UnaryOperator<Value> valueOf = v -> v instanceof Reg r ? regOf.apply(r) : v;
        Reg sel = entries.size() > 1 ? g.newReg(IrType.I32, "entry") : null;
        if (sel != null) g.params.add(sel);
        if (!shape.inputsInMemory()) for (Reg r : shape.inputs()) g.params.add(regOf.apply(r));
        Reg gArea = shape.areaOffset() >= 0 ? g.newReg(IrType.PTR, "area") : null;
        if (gArea != null) g.params.add(gArea);
        BasicBlock gEntry = g.newBlock("entry");
        if (shape.inputsInMemory())
            for (Reg r : shape.inputs())
                gEntry.insns.add(new Insn.Load(
                        regOf.apply(r),
                        slotOf(g, gEntry, gArea, shape.position().get(r.id))));
        for (Insn i : shape.recompute()) gEntry.insns.add(copyInto(i, regOf, valueOf));
        Map<BasicBlock, BasicBlock> inMap = new IdentityHashMap<>();
        for (BasicBlock b : blocks) inMap.put(b, g.newBlock(hint(b.name)));
        Map<BasicBlock, BasicBlock> exitMap = new IdentityHashMap<>();
        List<BasicBlock> gExits = new ArrayList<>();
        for (int i = 0; i < exitCount; i++) {
            BasicBlock x = g.newBlock("exit");
            if (single == null)
                for (Reg r : shape.results())
                    x.insns.add(new Insn.Store(
                            regOf.apply(r), slotOf(g, x, gArea, shape.position().get(r.id))));
            x.terminator =
                    new Terminator.Ret(single != null ? regOf.apply(single) : exitCount > 1 ? IntConst.i32(i) : null);
            gExits.add(x);
            if (i < shape.exits().size()) exitMap.put(shape.exits().get(i), x);
        }
        BasicBlock gReturn = shape.returns() ? gExits.get(exitCount - 1) : null;
        if (sel == null) {
            gEntry.terminator = new Terminator.Br(inMap.get(entries.get(0)));
        } else {
            // every selector is a case: the default is never taken
            List<Long> values = new ArrayList<>();
            List<BasicBlock> targets = new ArrayList<>();
            for (int i = 0; i < entries.size(); i++) {
                BasicBlock e = entries.get(i);
                for (long v : selector.cases().get(e).isEmpty()
                        ? List.of(selector.numbers()[i])
                        : selector.cases().get(e)) {
                    values.add(v);
                    targets.add(inMap.get(e));
                }
            }
            gEntry.terminator = new Terminator.Switch(sel, inMap.get(entries.get(0)), values, targets);
        }
        copyBlocks(g, blocks, inMap, exitMap, gReturn, regOf, valueOf);
        created.add(g);
        return g;
    }

    /** f's blocks into g's ({@code inMap}), their jumps out to g's exits and their {@code ret}s to {@code gReturn}. */
    private void copyBlocks(
            Function g,
            List<BasicBlock> blocks,
            Map<BasicBlock, BasicBlock> inMap,
            Map<BasicBlock, BasicBlock> exitMap,
            BasicBlock gReturn,
            java.util.function.Function<Reg, Reg> regOf,
            java.util.function.UnaryOperator<Value> valueOf) {
        for (BasicBlock b : blocks) {
            BasicBlock to = inMap.get(b);
            for (Insn insn : b.insns) {
                Insn m = copyInto(insn, regOf, valueOf);
                to.insns.add(m);
                g.setLine(m, f.line(insn));
            }
            Terminator t = b.terminator;
            Terminator u;
            if (t instanceof Terminator.Ret r) {
                if (retval != null) {
                    Insn c = new Insn.Copy(
                            regOf.apply(retval), r.value() != null ? valueOf.apply(r.value()) : zero(retval.type()));
                    to.insns.add(c);
                    g.setLine(c, f.line(t));
                }
                u = new Terminator.Br(gReturn);
            } else {
                u = retarget(Operands.map(t, valueOf), inMap, exitMap);
            }
            to.terminator = u;
            g.setLine(u, f.line(t));
        }
    }

    /**
     * The call where the blocks were (with the entries' stubs, and the dispatch on the exit it
     * took), which replaces them in f; returns the estimated size of what stays behind.
     */
    private long call(
            BasicBlock n, List<BasicBlock> around, Shape shape, Selector selector, Function g, List<BasicBlock> added) {
        List<BasicBlock> entries = selector.entries();
        Terminator.Switch sw = selector.sw();
        int line = f.line(
                entries.get(0).insns.isEmpty()
                        ? entries.get(0).terminator
                        : entries.get(0).insns.get(0));
        // in the order they are made (BasicBlock compares by identity): the caller appends them to the
        // function's blocks, so an identity hash's order would change the code from run to run
        Set<BasicBlock> left = new java.util.LinkedHashSet<>();
        BasicBlock call = !selector.several() ? entries.get(0) : f.newBlock("region");
        List<Value> args = new ArrayList<>();
        int stubs = 0;
        if (selector.several()) {
            Reg entry = f.newReg(IrType.I32, "entry");
            Set<BasicBlock> jumpedTo = Collections.newSetFromMap(new IdentityHashMap<>());
            for (BasicBlock b : around)
                if (b != n && !shape.inside().contains(b)) jumpedTo.addAll(ControlFlow.successors(b));
            for (int i = 0; i < entries.size(); i++) {
                BasicBlock e = entries.get(i);
                // only n's switch's cases enter it (its default takes the stub: any value may come that way)
                if (sw != null && !jumpedTo.contains(e) && e != sw.defaultTarget()) continue;
                e.insns.clear();
                e.insns.add(new Insn.Copy(entry, IntConst.i32(selector.numbers()[i])));
                e.terminator = new Terminator.Br(call);
                left.add(e);
                stubs++;
            }
            if (sw != null) { // n's switch's cases go to the call for the region's entries, with its value
                BasicBlock d = f.newBlock("dispatch");
                d.insns.add(new Insn.Copy(entry, sw.value()));
                d.terminator = new Terminator.Br(call);
                left.add(d);
                java.util.function.UnaryOperator<BasicBlock> to =
                        b -> selector.cases().containsKey(b) ? d : b;
                Terminator.Switch u = new Terminator.Switch(
                        sw.value(),
                        sw.defaultTarget(),
                        sw.cases(),
                        sw.targets().stream().map(to).toList());
                f.moveLine(sw, u);
                n.terminator = u;
            }
            args.add(entry);
        }
        call.insns.clear();
        Reg area = null;
        if (shape.areaOffset() >= 0) {
            area = f.newReg(IrType.PTR, "area");
            call.insns.add(new Insn.Binary(Insn.BinOp.ADD, area, frame(), IntConst.i64(shape.areaOffset())));
        }
        if (shape.inputsInMemory()) {
            for (Reg r : shape.inputs())
                call.insns.add(
                        new Insn.Store(r, slotOf(f, call, area, shape.position().get(r.id))));
        } else {
            args.addAll(shape.inputs());
        }
        if (area != null) args.add(area);
        int exitCount = shape.exitCount();
        Reg which = exitCount > 1 ? f.newReg(IrType.I32) : null;
        Insn.Call c = new Insn.Call(which != null ? which : shape.single(), g.name, g.type, args);
        call.insns.add(c);
        f.setLine(c, line);
        if (shape.single() == null)
            for (Reg r : shape.results())
                call.insns.add(
                        new Insn.Load(r, slotOf(f, call, area, shape.position().get(r.id))));
        exit(call, shape, which, line, left);
        left.add(call);
        f.blocks.removeIf(b -> shape.inside().contains(b) && !left.contains(b));
        added.addAll(left);
        // what stays behind: the call with its arguments and results, the dispatch on the exit, the stubs
        return 12
                + 4L * args.size()
                + 14L * shape.position().size()
                + (exitCount > 1 ? 12 + 8L * exitCount : 3)
                + 8L * stubs;
    }

    /** The call block's terminator: to the exit the region took ({@code which}, when there are several), or f's return. */
    private void exit(BasicBlock call, Shape shape, Reg which, int line, Set<BasicBlock> left) {
        IrType ret = f.type.ret();
        List<BasicBlock> targets = new ArrayList<>(shape.exits());
        if (shape.exitCount() == 0) {
            call.terminator = new Terminator.Ret(ret == IrType.VOID ? null : zero(ret)); // the region never comes back
        } else if (shape.exitCount() == 1) {
            call.terminator = shape.returns() ? new Terminator.Ret(retval) : new Terminator.Br(targets.get(0));
        } else {
            if (shape.returns()) {
                BasicBlock rb = f.newBlock("return");
                rb.terminator = new Terminator.Ret(retval);
                f.setLine(rb.terminator, line);
                left.add(rb);
                targets.add(rb);
            }
            List<Long> numbers = new ArrayList<>();
            for (int i = 0; i < targets.size() - 1; i++) numbers.add((long) i);
            call.terminator = new Terminator.Switch(
                    which, targets.get(targets.size() - 1), numbers, targets.subList(0, targets.size() - 1));
        }
        f.setLine(call.terminator, line);
    }

    /** k values of type i32 that are none of {@code taken}: above the largest, or from the smallest i32 up when that would overflow. */
    private static List<Long> unused(List<Long> taken, int k) {
        Set<Long> used = new java.util.HashSet<>(taken);
        long max = Integer.MIN_VALUE;
        for (long v : taken) max = Math.max(max, v);
        long v = max + k < Integer.MAX_VALUE ? max + 1 : Integer.MIN_VALUE;
        List<Long> out = new ArrayList<>();
        for (; out.size() < k; v++) if (!used.contains(v)) out.add(v);
        return out;
    }

    /** Register r's constant instruction after those of the registers it reads (each once). */
    private void recomputeInto(int r, List<Insn> out, BitSet done) {
        if (done.get(r)) return;
        done.set(r);
        Insn i = constants.get(r);
        for (Value v : Operands.of(i)) if (v instanceof Reg o) recomputeInto(o.id, out, done);
        out.add(i);
    }

    /** An instruction of f as the region's: its registers mapped, a slot's address an offset from the frame's base. */
    private Insn copyInto(
            Insn insn, java.util.function.Function<Reg, Reg> regOf, java.util.function.UnaryOperator<Value> valueOf) {
        if (insn instanceof Insn.SlotAddr s) {
            long off = slotOffset.get(s.slot());
            return off == 0
                    ? new Insn.Copy(regOf.apply(s.dst()), regOf.apply(frame))
                    : new Insn.Binary(Insn.BinOp.ADD, regOf.apply(s.dst()), regOf.apply(frame), IntConst.i64(off));
        }
        Insn m = Operands.map(insn, valueOf);
        return m.dst() != null ? Operands.withDst(m, regOf.apply(m.dst())) : m;
    }

    /** The address of the area's k-th register: an add before {@code in}'s end. */
    private static Reg slotOf(Function owner, BasicBlock in, Reg area, int k) {
        Reg a = owner.newReg(IrType.PTR);
        in.insns.add(new Insn.Binary(Insn.BinOp.ADD, a, area, IntConst.i64(8L * k)));
        return a;
    }

    private static Value zero(IrType t) {
        return t == IrType.F32 || t == IrType.F64 ? new FloatConst(t, 0) : new IntConst(t, 0);
    }

    private static int width(IrType t) {
        return t.isWide() || t == IrType.F64 ? 2 : 1;
    }

    private static Terminator retarget(
            Terminator t, Map<BasicBlock, BasicBlock> inside, Map<BasicBlock, BasicBlock> exits) {
        java.util.function.UnaryOperator<BasicBlock> to = b -> inside.containsKey(b) ? inside.get(b) : exits.get(b);
        return switch (t) {
            case Terminator.Br b -> new Terminator.Br(to.apply(b.target()));
            case Terminator.CondBr c -> new Terminator.CondBr(c.cond(), to.apply(c.ifTrue()), to.apply(c.ifFalse()));
            case Terminator.Switch s ->
                new Terminator.Switch(
                        s.value(),
                        to.apply(s.defaultTarget()),
                        s.cases(),
                        s.targets().stream().map(to).toList());
            case Terminator.Ret r -> r;
        };
    }

    // ---- the frame ------------------------------------------------------------------------

    /**
     * When a region or an area uses the frame: f's slots become one, laid out as {@link #run}
     * did, with f's own slot addresses now offsets from its base.
     */
    private void finishFrame() {
        if (frame == null) return;
        for (BasicBlock b : f.blocks) {
            for (int i = 0; i < b.insns.size(); i++) {
                if (!(b.insns.get(i) instanceof Insn.SlotAddr s)) continue;
                long off = slotOffset.get(s.slot());
                Insn m = off == 0
                        ? new Insn.Copy(s.dst(), frame)
                        : new Insn.Binary(Insn.BinOp.ADD, s.dst(), frame, IntConst.i64(off));
                f.moveLine(s, m);
                b.insns.set(i, m);
            }
        }
        f.slots.clear();
        Slot whole = f.newSlot("frame", Math.max(1, frameSize), frameAlign);
        f.entry().insns.add(0, new Insn.SlotAddr(frame, whole));
    }
}
