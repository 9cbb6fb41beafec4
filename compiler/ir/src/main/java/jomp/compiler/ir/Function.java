package jomp.compiler.ir;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One C function: its ABI-lowered signature, parameter registers, frame slots and blocks
 * (the first block is the entry). {@code isStatic} marks a file-local symbol.
 */
public final class Function {
    public final String name;
    public final FuncType type;
    public final boolean isStatic;
    public final List<Reg> params = new ArrayList<>();
    /** The variadic area parameter of a variadic function, else null. */
    public Reg vaArea;

    public final List<Slot> slots = new ArrayList<>();
    public final List<BasicBlock> blocks = new ArrayList<>();
    /** Compiled for offload devices too ({@code declare target}, or called from a target region). */
    public boolean declareTarget;
    /**
     * A kernel every thread of every team runs from the start (SPMD), set by the OpenMP lowering
     * for combined {@code target teams distribute parallel for}; other kernels run in generic
     * mode (one thread per team runs the body, the others serve its parallel regions).
     */
    public boolean spmd;
    /**
     * {@code __attribute__((weak))}: a definition another object's (strong) one replaces at the
     * link, as ld's STB_WEAK; calls to it, even from its own unit, are resolved by the link.
     */
    public boolean weak;
    /**
     * {@code __attribute__((ifunc("resolver")))}: the function forwards its calls to what the
     * resolver returned (the lowering's Ifuncs); its symbol is STT_GNU_IFUNC, as gcc's is.
     */
    public boolean ifunc;
    /**
     * The inliner's attributes ({@code __attribute__((always_inline))}, {@code noinline} or
     * {@code noipa}, {@code flatten}): inline every direct call of this function where it can be
     * inlined; never inline it; inline into this function every call it makes, recursively.
     */
    public boolean alwaysInline, noInline, flatten;
    /**
     * For a kernel ({@code __omp_offloading_*}): how many 64-bit arguments the host passes it (one
     * per map entry with TARGET_PARAM, offload-abi.md §2), which its {@code ptr} parameter addresses
     * as an array of slots on the host and the jvm device, and which an nvptx kernel declares as
     * that many {@code .param .u64}; -1 when unknown (a kernel of IR written before it was recorded).
     */
    public int kernelArgs = -1;
    /**
     * The C signature (jomp.compiler.lower.CSignature) native code calling this function through a
     * pointer needs; null for functions the compiler makes (outlined regions, kernels).
     */
    public String csig;

    /**
     * The C source line of an instruction or terminator, with -g (see {@link Module#debugFile});
     * by identity, as instructions are records. A pass that replaces an instruction moves its
     * line ({@link #moveLine}); an instruction without one belongs to the line before it.
     */
    private final java.util.IdentityHashMap<Object, Integer> lines = new java.util.IdentityHashMap<>();

    private int nextReg;
    private int nextSlot;
    private final Set<String> blockNames = new HashSet<>();
    private int nextBlock;

    public Function(String name, FuncType type, boolean isStatic) {
        this.name = name;
        this.type = type;
        this.isStatic = isStatic;
    }

    public Reg newReg(IrType type, String name) {
        if (type == IrType.VOID) throw new IllegalArgumentException("void register");
        return new Reg(nextReg++, type, name);
    }

    public Reg newReg(IrType type) {
        return newReg(type, null);
    }

    /** A register with a given id (for the parser); later registers get larger ids. */
    Reg regWithId(int id, IrType type, String name) {
        nextReg = Math.max(nextReg, id + 1);
        return new Reg(id, type, name);
    }

    public int regCount() {
        return nextReg;
    }

    public Slot newSlot(String name, long size, int align) {
        Slot s = new Slot(nextSlot++, name, size, align);
        slots.add(s);
        return s;
    }

    Slot slotWithId(int id, String name, long size, int align) {
        nextSlot = Math.max(nextSlot, id + 1);
        Slot s = new Slot(id, name, size, align);
        slots.add(s);
        return s;
    }

    /** A new block appended to the function, named {@code hint.N} (unique). */
    public BasicBlock newBlock(String hint) {
        String n;
        do n = hint + "." + nextBlock++;
        while (!blockNames.add(n));
        BasicBlock b = new BasicBlock(n);
        blocks.add(b);
        return b;
    }

    /** A block with exactly this name (for the parser); null if the name is taken. */
    BasicBlock namedBlock(String name) {
        if (!blockNames.add(name)) return null;
        BasicBlock b = new BasicBlock(name);
        blocks.add(b);
        return b;
    }

    public BasicBlock entry() {
        return blocks.get(0);
    }

    /** The source line of an instruction or terminator, 0 when it has none. */
    public int line(Object insnOrTerminator) {
        Integer l = lines.isEmpty() ? null : lines.get(insnOrTerminator);
        return l == null ? 0 : l;
    }

    /** Records the source line of an instruction or terminator (0: none). */
    public void setLine(Object insnOrTerminator, int line) {
        if (line > 0) lines.put(insnOrTerminator, line);
        else if (!lines.isEmpty()) lines.remove(insnOrTerminator);
    }

    /** {@code to} replaces {@code from}: it takes its line. */
    public void moveLine(Object from, Object to) {
        if (from != to && !lines.isEmpty()) setLine(to, line(from));
    }

    /** Whether any instruction has a line. */
    public boolean hasLines() {
        return !lines.isEmpty();
    }

    /**
     * A copy passes can change without touching this function: its own blocks (the terminators
     * point at them) and lists; instructions, registers and slots, which no pass changes, are
     * shared. The counters are those {@link IrParser} sets when it reads this function's text,
     * so code made from the copy is the same as from the function printed and read back.
     */
    public Function copy() {
        Function g = new Function(name, type, isStatic);
        g.params.addAll(params);
        g.vaArea = vaArea;
        g.slots.addAll(slots);
        g.declareTarget = declareTarget;
        g.spmd = spmd;
        g.weak = weak;
        g.alwaysInline = alwaysInline;
        g.noInline = noInline;
        g.flatten = flatten;
        g.kernelArgs = kernelArgs;
        g.csig = csig;
        java.util.Map<BasicBlock, BasicBlock> to = new java.util.IdentityHashMap<>();
        for (BasicBlock b : blocks) to.put(b, g.namedBlock(b.name));
        g.lines.putAll(lines);
        int maxReg = -1, maxSlot = -1;
        for (Reg p : params) maxReg = Math.max(maxReg, p.id);
        if (vaArea != null) maxReg = Math.max(maxReg, vaArea.id);
        for (Slot s : slots) maxSlot = Math.max(maxSlot, s.id);
        for (BasicBlock b : blocks) {
            BasicBlock c = to.get(b);
            c.insns.addAll(b.insns);
            for (Insn i : b.insns) {
                if (i.dst() != null) maxReg = Math.max(maxReg, i.dst().id);
                for (Value v : Operands.of(i)) if (v instanceof Reg r) maxReg = Math.max(maxReg, r.id);
            }
            Terminator t = b.terminator;
            if (t != null) {
                if (Operands.of(t) instanceof Reg r) maxReg = Math.max(maxReg, r.id);
                Terminator u = switch (t) {
                    case Terminator.Br br -> new Terminator.Br(to.get(br.target()));
                    case Terminator.CondBr cb ->
                        new Terminator.CondBr(cb.cond(), to.get(cb.ifTrue()), to.get(cb.ifFalse()));
                    case Terminator.Switch sw ->
                        new Terminator.Switch(
                                sw.value(),
                                to.get(sw.defaultTarget()),
                                sw.cases(),
                                sw.targets().stream().map(to::get).toList());
                    case Terminator.Ret r -> r;
                };
                c.terminator = u;
                if (u != t) g.moveLine(t, u);
            }
        }
        g.nextReg = maxReg + 1;
        g.nextSlot = maxSlot + 1;
        return g;
    }

    @Override
    public String toString() {
        return "@" + name;
    }
}
