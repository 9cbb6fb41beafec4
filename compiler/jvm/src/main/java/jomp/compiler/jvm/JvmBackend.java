package jomp.compiler.jvm;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FloatConst;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;
import jomp.objfile.jvm.JvmNames;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.LimitExceededException;
import org.objectweb.asm.MethodTooLargeException;
import org.objectweb.asm.MethodVisitor;

/**
 * jomp IR → JVM bytecode (docs/design/abi.md): one class per translation unit, one public static
 * method per C function. Registers are JVM locals; memory goes through {@code jomp.runtime.mem.Mem};
 * frame slots live on the thread's native stack; calls to other units and to the C library go
 * to the placeholder owner {@code jomp/link/Extern}, globals to {@code jomp/link/Data} and
 * function addresses to {@code jomp/link/Fn}, which the host link rewrites.
 */
public final class JvmBackend {
    public static final String EXTERN = JvmNames.EXTERN;
    public static final String DATA = JvmNames.DATA;
    public static final String FN = JvmNames.FN;
    private static final String MEM = "jomp/runtime/mem/Mem";
    private static final String STACK = JvmNames.STACK;

    /**
     * A C function's method descriptor: its parameters and result as abi.md maps them, then the
     * calling thread's native stack ({@code jomp.runtime.mem.Stack}), which every C function takes
     * as its last parameter and passes on to its callees (the host link drops it from a call to
     * the C library or native code).
     */
    public static String descriptor(FuncType t) {
        String d = t.descriptor();
        int close = d.indexOf(')');
        return d.substring(0, close) + STACK_DESCRIPTOR + d.substring(close);
    }

    /** The descriptor of the trailing Stack parameter. */
    public static final String STACK_DESCRIPTOR = "L" + JvmNames.STACK + ";";

    /** A compiled class: internal name and bytes. */
    public record ClassFile(String name, byte[] bytes) {}

    /** A function the JVM cannot hold (a method over 64 KiB of bytecode). */
    public static final class TooLargeException extends RuntimeException {
        public TooLargeException(String fn) {
            super("function '" + fn + "' is too large for a JVM method (64 KiB of bytecode, 65,535 locals); split it");
        }
    }

    /** memcpy and memset of at most this many bytes (a constant) are loads and stores, not calls. */
    static final int SMALL_COPY = 64;

    private static final int FRAME_MEMORY_LIMIT = 512 << 20;
    private static final long FRAME_OPERATIONS_LIMIT = 20_000_000_000L;

    private JvmBackend() {}

    /** The class name of a translation unit, made from its source file name. */
    public static String className(String sourceName) {
        String base = sourceName.substring(sourceName.lastIndexOf('/') + 1);
        int dot = base.lastIndexOf('.');
        if (dot > 0) base = base.substring(0, dot);
        StringBuilder sb = new StringBuilder("jomp/unit/");
        for (char c : base.toCharArray()) sb.append(Character.isJavaIdentifierPart(c) ? c : '_');
        return sb.toString();
    }

    public static List<ClassFile> compile(Module m) {
        return compile(m, 0);
    }

    /**
     * Compiles a module; at -O1 and above nested innermost loops first become methods of their
     * own ({@link LoopOutliner}), which rewrites m's functions.
     */
    public static List<ClassFile> compile(Module m, int optLevel) {
        return compile(m, optLevel >= 1 ? outlineLoops(m) : List.of());
    }

    /**
     * The loop-outlining pass ({@link LoopOutliner}): rewrites m's functions and returns the
     * methods made from their nested innermost loops, which {@link #compile(Module, List)} adds to
     * the class (they are no symbols of the unit, so they stay out of m).
     */
    public static List<Function> outlineLoops(Module m) {
        StructResults.elide(m); // first: a loop's method takes its caller's slots' addresses as parameters
        Set<String> taken = new HashSet<>();
        for (Function f : m.functions) taken.add(f.name);
        List<Function> outlined = new ArrayList<>();
        for (Function f : m.functions) outlined.addAll(LoopOutliner.run(f, taken));
        return outlined;
    }

    /**
     * Compiles a module and the methods {@link #outlineLoops} made from it into the unit's class;
     * a function whose method would pass {@link MethodSplitter#BUDGET} bytes is split into several.
     */
    public static List<ClassFile> compile(Module m, List<Function> outlined) {
        return compile(m, outlined, MethodSplitter.BUDGET);
    }

    /** As {@link #compile(Module, List)}, splitting functions past {@code budget} bytes (tests split small ones). */
    static List<ClassFile> compile(Module m, List<Function> outlined, int budget) {
        StructResults.elide(m); // (at -O1 and up outlineLoops did: nothing more is found)
        // a weak function is called through the link, which may take another object's definition
        Set<String> local = new HashSet<>();
        for (Function f : m.functions) if (!f.weak) local.add(f.name);
        for (Function f : outlined) local.add(f.name);
        List<Function> functions = new ArrayList<>(m.functions);
        functions.addAll(outlined);
        String owner = className(m.sourceName);
        boolean debug = m.debugFile != null;
        // functions too large for one method (or for HotSpot's compilers) become several
        Set<String> taken = new HashSet<>(local);
        for (Function f : m.functions) taken.add(f.name);
        List<Function> regions = new ArrayList<>();
        for (Function f : functions)
            regions.addAll(MethodSplitter.split(f, taken, g -> measure(owner, local, g, debug), budget));
        for (Function r : regions) local.add(r.name);
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return "java/lang/Object"; // locals hold primitives, Stack and MethodHandle only: never merged
            }
        };
        // ASM's default budget for computing frames (10 MB, 10^8 steps) guards against hostile
        // class files; a C function with a few hundred loops (a local per register, a frame per
        // block) needs more. Past this budget the function is reported as too large.
        cw.setComputeLimits(FRAME_MEMORY_LIMIT, FRAME_OPERATIONS_LIMIT);
        cw.visit(V25, ACC_PUBLIC | ACC_FINAL | ACC_SUPER, owner, null, "java/lang/Object", null);
        // the C file's name, without its directory: no path (and nothing of the build's directory)
        // goes into the class, with -g or without; a stack trace says "(file.c:12)"
        String source = m.debugFile != null ? m.debugFile : m.sourceName;
        cw.visitSource(source.substring(source.lastIndexOf('/') + 1), null);
        Set<Function> parts = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        parts.addAll(regions);
        functions.addAll(regions);
        String largest = null; // the function with the longest method
        int largestSize = -1;
        for (Function f : functions) {
            try {
                MethodGen g = new MethodGen(cw, owner, local, f, debug, parts.contains(f));
                g.generate();
                if (g.bodyEnd.getOffset() > largestSize) {
                    largestSize = g.bodyEnd.getOffset();
                    largest = f.name;
                }
            } catch (MethodTooLargeException
                    | LimitExceededException e) { // code, or locals and stack, past the JVM's limits
                throw new TooLargeException(f.name);
            } catch (IllegalArgumentException e) {
                throw longName(e, f.name);
            }
        }
        cw.visitEnd();
        byte[] bytes;
        try {
            bytes = cw.toByteArray();
        } catch (MethodTooLargeException e) {
            throw new TooLargeException(e.getMethodName());
        } catch (LimitExceededException e) { // ASM computes a method past 32 KiB's frames again, on its default budget
            throw new TooLargeException(largest);
        } catch (IllegalArgumentException e) {
            throw longName(e, owner);
        }
        return List.of(new ClassFile(owner, bytes));
    }

    /**
     * A name (function, variable, string) past the class file's 65,535-byte limit for one constant:
     * a clear refusal naming where, instead of ASM's exception (C itself sets no limit).
     */
    private static RuntimeException longName(IllegalArgumentException e, String where) {
        if (e.getMessage() == null || !e.getMessage().contains("UTF8 string too large")) return e;
        String w = where.length() > 40 ? where.substring(0, 40) + "..." : where;
        return new jomp.compiler.codegen.BackEnd.Refusal(
                "'" + w + "' needs a name or string constant longer than the JVM's 65,535-byte"
                        + " limit for one class-file constant");
    }

    /** The bytecode size of f's method and of each of its blocks, from code generated to be measured and dropped. */
    static MethodSplitter.Sizes measure(String owner, Set<String> local, Function f, boolean debug) {
        MethodGen g = new MethodGen(new ClassWriter(0), owner, local, f, debug, false);
        g.generate();
        return g.sizes();
    }

    /** Generates one method. */
    private static final class MethodGen {
        private final String owner;
        private final Set<String> localFunctions;
        private final Function f;
        private final MethodVisitor mv;
        /** Arithmetic, comparisons, conversions and constants on the operand stack, into mv. */
        private final ArithmeticCode arith;

        private final Map<Integer, Integer> regLocal = new HashMap<>();
        private final Map<BasicBlock, Label> labels = new HashMap<>();
        private final Map<Slot, Long> slotOffset = new HashMap<>();
        private int nextLocal;
        private int stackLocal = -1; // the Stack object
        private int markLocal = -1; // sp at entry (long)
        private int fpLocal = -1; // frame base address (long)
        /** The block at whose start the frame is allocated (FramePlacement), its size and alignment. */
        private BasicBlock frameBlock;

        private long frameSize;
        private int frameAlign;
        private SetjmpCode setjmp; // the method's setjmp calls, or null
        /** Comparisons whose only use is the branch right after them: compiled as one compare-and-jump. */
        private final Map<Integer, Insn.Cmp> fusedCmps = new HashMap<>();
        /** The block emitted after the current one (a jump to it falls through), or null. */
        private BasicBlock nextBlock;
        /** Each block's place in the method, and the place of the block being emitted. */
        private final Map<BasicBlock, Integer> blockIndex = new java.util.IdentityHashMap<>();

        private int blockNow;
        /** -g: a LineNumberTable from the instructions' lines, a LocalVariableTable for the named registers. */
        private final boolean debug;
        /** -g: where LineNumberTable entries go (mv, when debug). */
        private final LineNumbers lines;
        /**
         * A region of a split function (MethodSplitter): it has no frame of its own, and the native
         * stack it allocates ({@code alloca}) lasts until the function's own method returns.
         */
        private final boolean region;
        /** Where the body's code ends (before a setjmp handler), for {@link #sizes}. */
        private final Label bodyEnd = new Label();

        MethodGen(ClassWriter cw, String owner, Set<String> localFunctions, Function f, boolean debug, boolean region) {
            this.owner = owner;
            this.localFunctions = localFunctions;
            this.f = f;
            this.debug = debug;
            this.region = region;
            int access = ACC_PUBLIC | ACC_STATIC;
            MethodVisitor m = cw.visitMethod(access, JvmNames.method(f.name), descriptor(f.type), null, null);
            this.lines = debug ? new LineNumbers(m) : null;
            this.mv = debug ? lines : m;
            this.arith = new ArithmeticCode(mv);
        }

        private static int width(IrType t) {
            return t.isWide() || t == IrType.F64 ? 2 : 1;
        }

        void generate() {
            mv.visitCode();
            Label start = new Label();
            mv.visitLabel(start);
            if (debug) lines.line(firstLine()); // the prologue (the native stack frame) is the first line
            // parameters occupy the first locals, in order
            for (Reg p : f.params) {
                regLocal.put(p.id, nextLocal);
                nextLocal += width(p.type());
            }
            if (f.vaArea != null) {
                regLocal.put(f.vaArea.id, nextLocal);
                nextLocal += 2;
            }
            stackLocal = nextLocal++; // the caller's Stack, the last parameter (abi.md)
            List<Insn.Call> setjmps = new ArrayList<>();
            for (BasicBlock b : f.blocks)
                for (Insn i : b.insns)
                    if (i instanceof Insn.Call c && c.returnsTwice() && !localFunctions.contains(c.callee()))
                        setjmps.add(c);
            // registers never live at once share locals (SharedLocals) and temporaries never live at
            // once share frame bytes (SharedSlots), except with setjmp (its handler's frame spans
            // the body, and a longjmp comes back to a place the intervals do not follow)
            boolean share = setjmps.isEmpty();
            Liveness liveness = share ? Liveness.of(f) : null;
            Map<Integer, int[]> spans = share ? SharedLocals.spans(f, liveness) : null;
            frame(spans, setjmps.isEmpty());
            registers(liveness, spans, debug || !setjmps.isEmpty());
            // setjmp's second return: a handler over the body (SetjmpCode), its locals zeroed here too
            setjmp = SetjmpCode.of(mv, setjmps, nextLocal, stackLocal);
            if (setjmp != null) {
                nextLocal += setjmp.locals();
                setjmp.begin();
            }
            blocks();
            mv.visitLabel(bodyEnd);
            if (setjmp != null) setjmp.end(nextLocal++, c -> store(c.dst()));
            if (debug) localVariables(start);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }

        /**
         * The prologue's native stack frame: sp at entry, and the frame slots' block (laid out over
         * spans), allocated at the entry or, when placed is allowed, where {@link FramePlacement} puts it.
         */
        private void frame(Map<Integer, int[]> spans, boolean placed) {
            boolean needsStack = !f.slots.isEmpty() || usesAlloca();
            if (region && !f.slots.isEmpty()) throw new IllegalStateException("a region with frame slots: " + f.name);
            if (needsStack && !region) {
                markLocal = nextLocal;
                nextLocal += 2;
                mv.visitVarInsn(ALOAD, stackLocal);
                mv.visitFieldInsn(GETFIELD, STACK, "sp", "J");
                mv.visitVarInsn(LSTORE, markLocal);
                if (!f.slots.isEmpty()) {
                    long size = SharedSlots.layout(f, spans, slotOffset);
                    int align = 16;
                    for (Slot s : f.slots) align = Math.max(align, s.align);
                    fpLocal = nextLocal;
                    nextLocal += 2;
                    frameSize = size;
                    frameAlign = align;
                    frameBlock = placed && !usesAlloca() ? FramePlacement.of(f) : f.entry();
                    if (frameBlock == f.entry()) allocateFrame();
                    else { // assigned for the verifier: only blocks that frameBlock dominates read it
                        mv.visitInsn(LCONST_0);
                        mv.visitVarInsn(LSTORE, fpLocal);
                    }
                }
            }
        }

        private void allocateFrame() {
            mv.visitVarInsn(ALOAD, stackLocal);
            mv.visitLdcInsn(frameSize);
            pushInt(frameAlign);
            mv.visitMethodInsn(INVOKEVIRTUAL, STACK, "alloc", "(JI)J", false);
            mv.visitVarInsn(LSTORE, fpLocal);
        }

        /**
         * Every other register gets a local (shared with others when liveness is given); those a
         * path from the entry reads before writing them (C's uninitialised reads) are zeroed, so
         * the verifier sees every read assigned. With zeroAll every one is: with -g, so that a
         * debugger finds every named one assigned; with setjmp, since a longjmp's handler (whose
         * frame holds what is assigned at the body's start) jumps back into the body.
         */
        private void registers(Liveness liveness, Map<Integer, int[]> spans, boolean zeroAll) {
            BitSet zeroed = new BitSet();
            // with -g the named registers keep a local each, for the debugger's LocalVariableTable
            if (liveness != null) liveness.addLiveIn(f.entry(), zeroed);
            if (liveness != null) {
                Map<Integer, Integer> shared = new HashMap<>();
                nextLocal = SharedLocals.assign(
                        f,
                        spans,
                        r -> regLocal.containsKey(r.id) || debug && r.name != null,
                        nextLocal,
                        r -> width(r.type()),
                        shared);
                regLocal.putAll(shared);
                for (BasicBlock b : f.blocks) { // the zeroed ones, each once, in the order they are written
                    for (Insn i : b.insns) {
                        Reg d = i.dst();
                        if (d != null && zeroed.get(d.id) && shared.containsKey(d.id)) {
                            zeroed.clear(d.id);
                            pushZero(d.type());
                            store(d);
                        }
                    }
                }
            }
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns) {
                    Reg d = i.dst();
                    if (d != null && !regLocal.containsKey(d.id)) {
                        regLocal.put(d.id, nextLocal);
                        nextLocal += width(d.type());
                        if (zeroAll || zeroed.get(d.id)) {
                            pushZero(d.type());
                            store(d);
                        }
                    }
                }
            }
        }

        /** The blocks in order, each instruction and terminator after its line. */
        private void blocks() {
            for (BasicBlock b : f.blocks) {
                blockIndex.put(b, blockIndex.size());
                labels.put(b, new Label());
            }
            findFusedCompares();
            for (int k = 0; k < f.blocks.size(); k++) {
                BasicBlock b = f.blocks.get(k);
                blockNow = k;
                nextBlock = k + 1 < f.blocks.size() ? f.blocks.get(k + 1) : null;
                mv.visitLabel(labels.get(b));
                if (b == frameBlock && b != f.entry()) allocateFrame();
                for (Insn i : b.insns) {
                    if (i instanceof Insn.Cmp c && fusedCmps.containsKey(c.dst().id)) continue; // emitted by the branch
                    lineOf(i);
                    insn(i);
                }
                lineOf(b.terminator);
                terminator(b.terminator);
            }
        }

        /** After {@link #generate}: the body's size and each block's, from where their labels landed. */
        MethodSplitter.Sizes sizes() {
            Map<BasicBlock, Integer> blocks = new java.util.IdentityHashMap<>();
            for (int k = 0; k < f.blocks.size(); k++) {
                Label next = k + 1 < f.blocks.size() ? labels.get(f.blocks.get(k + 1)) : bodyEnd;
                blocks.put(
                        f.blocks.get(k),
                        next.getOffset() - labels.get(f.blocks.get(k)).getOffset());
            }
            return new MethodSplitter.Sizes(bodyEnd.getOffset(), blocks);
        }

        /** -g: the code emitted from here on comes from this instruction's line, if it has one. */
        private void lineOf(Object insn) {
            if (debug) lines.line(f.line(insn));
        }

        private int firstLine() {
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns) if (f.line(i) > 0) return f.line(i);
                if (f.line(b.terminator) > 0) return f.line(b.terminator);
            }
            return 0;
        }

        /**
         * -g: the registers that hold C's locals and parameters (those with a C name) in the
         * LocalVariableTable, live across the whole method (each register has a local of its own
         * and is assigned at entry), so that jdb's {@code locals} and {@code print x} find them.
         */
        private void localVariables(Label start) {
            Label end = new Label();
            mv.visitLabel(end);
            Map<Integer, Reg> named = new java.util.TreeMap<>();
            for (Reg p : f.params) named.put(p.id, p);
            for (BasicBlock b : f.blocks)
                for (Insn i : b.insns) if (i.dst() != null) named.putIfAbsent(i.dst().id, i.dst());
            for (Reg r : named.values()) {
                if (r.name == null || !isCName(r.name) || !regLocal.containsKey(r.id)) continue;
                mv.visitLocalVariable(
                        r.name, String.valueOf(FuncType.jvmDescriptor(r.type())), null, start, end, regLocal.get(r.id));
            }
        }

        private static boolean isCName(String n) {
            if (n.isEmpty() || Character.isDigit(n.charAt(0))) return false;
            for (char c : n.toCharArray()) if (!(c == '_' || c < 128 && Character.isLetterOrDigit(c))) return false;
            return true;
        }

        /** A block ending in {@code c = cmp ...; condbr c} where c has no other use needs no 0/1 value. */
        private void findFusedCompares() {
            Map<Integer, Integer> uses = new HashMap<>();
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns) for (Value v : Operands.of(i)) countUse(uses, v);
                if (b.terminator != null) countUse(uses, Operands.of(b.terminator));
            }
            for (BasicBlock b : f.blocks) {
                if (b.insns.isEmpty() || !(b.terminator instanceof Terminator.CondBr cb)) continue;
                if (b.insns.get(b.insns.size() - 1) instanceof Insn.Cmp c
                        && cb.cond() instanceof Reg r
                        && r.id == c.dst().id
                        && uses.get(r.id) == 1) {
                    fusedCmps.put(r.id, c);
                }
            }
        }

        private static void countUse(Map<Integer, Integer> uses, Value v) {
            if (v instanceof Reg r) uses.merge(r.id, 1, Integer::sum);
        }

        /** Whether the method touches the native stack's pointer (a region may restore what another part saved). */
        private boolean usesAlloca() {
            for (BasicBlock b : f.blocks)
                for (Insn i : b.insns)
                    if (i instanceof Insn.Alloca || i instanceof Insn.StackSave || i instanceof Insn.StackRestore)
                        return true;
            return false;
        }

        // ---- operands -------------------------------------------------------------------

        private void pushInt(int v) {
            arith.pushInt(v);
        }

        private void pushLong(long v) {
            arith.pushLong(v);
        }

        private void pushZero(IrType t) {
            switch (t) {
                case I8, I16, I32 -> mv.visitInsn(ICONST_0);
                case I64, PTR -> mv.visitInsn(LCONST_0);
                case F32 -> mv.visitInsn(FCONST_0);
                case F64 -> mv.visitInsn(DCONST_0);
                case VOID -> throw new IllegalStateException("void value");
            }
        }

        /** Pushes a value as its JVM type. */
        private void load(Value v) {
            switch (v) {
                case Reg r -> {
                    Integer idx = regLocal.get(r.id);
                    if (idx == null) { // never written (an uninitialised C local; every written one has a local): zero,
                        // at every read
                        pushZero(r.type());
                        return;
                    }
                    mv.visitVarInsn(
                            switch (r.type()) {
                                case I8, I16, I32 -> ILOAD;
                                case I64, PTR -> LLOAD;
                                case F32 -> FLOAD;
                                case F64 -> DLOAD;
                                case VOID -> throw new IllegalStateException("void register");
                            },
                            idx);
                }
                case IntConst c -> {
                    if (c.type().isWide()) pushLong(c.value());
                    else pushInt((int) c.value());
                }
                case FloatConst c -> {
                    if (c.type() == IrType.F32) {
                        float x = (float) c.value();
                        if (Float.floatToRawIntBits(x) == 0) mv.visitInsn(FCONST_0);
                        else if (x == 1f) mv.visitInsn(FCONST_1);
                        else mv.visitLdcInsn(x);
                    } else {
                        double x = c.value();
                        if (Double.doubleToRawLongBits(x) == 0) mv.visitInsn(DCONST_0);
                        else if (x == 1d) mv.visitInsn(DCONST_1);
                        else mv.visitLdcInsn(x);
                    }
                }
            }
        }

        private void store(Reg r) {
            int idx = regLocal.computeIfAbsent(r.id, k -> {
                int i = nextLocal;
                nextLocal += width(r.type());
                return i;
            });
            mv.visitVarInsn(
                    switch (r.type()) {
                        case I8, I16, I32 -> ISTORE;
                        case I64, PTR -> LSTORE;
                        case F32 -> FSTORE;
                        case F64 -> DSTORE;
                        case VOID -> throw new IllegalStateException("void register");
                    },
                    idx);
        }

        /** Stores the top of stack to dst, or drops it when there is no dst. */
        private void result(Reg dst, IrType t) {
            if (dst != null) {
                store(dst);
                return;
            }
            if (t == IrType.VOID) return;
            mv.visitInsn(width(t) == 2 ? POP2 : POP);
        }

        // ---- instructions ---------------------------------------------------------------

        private void insn(Insn insn) {
            switch (insn) {
                case Insn.Binary b -> binary(b);
                case Insn.Unary u -> unary(u);
                case Insn.Cmp c -> cmp(c);
                case Insn.Convert c -> {
                    load(c.src());
                    arith.convert(c.op(), c.src().type(), c.dst().type());
                    store(c.dst());
                }
                case Insn.Copy c -> {
                    load(c.src());
                    store(c.dst());
                }
                case Insn.Load _, Insn.Store _, Insn.SlotAddr _, Insn.GlobalAddr _, Insn.FuncAddr _ -> memory(insn);
                case Insn.Alloca _, Insn.StackSave _, Insn.StackRestore _ -> nativeStack(insn);
                case Insn.MemCopy _, Insn.MemSet _ -> bulkMemory(insn);
                case Insn.Call _, Insn.CallIndirect _ -> call(insn);
                case Insn.AtomicRmw _, Insn.CmpXchg _, Insn.AtomicLoad _, Insn.AtomicStore _, Insn.Fence _ ->
                    atomic(insn);
            }
        }

        /** Loads and stores, and the addresses of frame slots, globals and functions. */
        private void memory(Insn insn) {
            switch (insn) {
                case Insn.Load l -> {
                    load(l.addr());
                    IrType t = l.dst().type();
                    mv.visitMethodInsn(INVOKESTATIC, MEM, "get" + memName(t), "(J)" + memDesc(t), false);
                    store(l.dst());
                }
                case Insn.Store s -> {
                    load(s.addr());
                    load(s.value());
                    IrType t = s.value().type();
                    mv.visitMethodInsn(INVOKESTATIC, MEM, "put" + memName(t), "(J" + memDesc(t) + ")V", false);
                }
                case Insn.SlotAddr s -> {
                    mv.visitVarInsn(LLOAD, fpLocal);
                    long off = slotOffset.get(s.slot());
                    if (off != 0) {
                        pushLong(off);
                        mv.visitInsn(LADD);
                    }
                    store(s.dst());
                }
                case Insn.GlobalAddr g -> {
                    mv.visitFieldInsn(GETSTATIC, DATA, JvmNames.field(g.symbol()), "J");
                    store(g.dst());
                }
                case Insn.FuncAddr fa -> {
                    mv.visitFieldInsn(GETSTATIC, FN, JvmNames.field(fa.symbol()), "J");
                    store(fa.dst());
                }
                default -> throw new IllegalArgumentException(insn.toString());
            }
        }

        /** alloca and the native stack pointer's save and restore. */
        private void nativeStack(Insn insn) {
            switch (insn) {
                case Insn.Alloca a -> {
                    mv.visitVarInsn(ALOAD, stackLocal);
                    load(a.size());
                    if (!a.size().type().isWide()) mv.visitInsn(I2L);
                    pushInt(Math.max(1, a.align()));
                    mv.visitMethodInsn(INVOKEVIRTUAL, STACK, "alloc", "(JI)J", false);
                    store(a.dst());
                }
                case Insn.StackSave ss -> {
                    mv.visitVarInsn(ALOAD, stackLocal);
                    mv.visitFieldInsn(GETFIELD, STACK, "sp", "J");
                    store(ss.dst());
                }
                case Insn.StackRestore sr -> {
                    mv.visitVarInsn(ALOAD, stackLocal);
                    load(sr.saved());
                    mv.visitFieldInsn(PUTFIELD, STACK, "sp", "J");
                }
                default -> throw new IllegalArgumentException(insn.toString());
            }
        }

        /** memcpy and memset: a few constant bytes as loads and stores, else a call. */
        private void bulkMemory(Insn insn) {
            switch (insn) {
                case Insn.MemCopy c
                when c.size() instanceof IntConst n && n.value() > 0 && n.value() <= SMALL_COPY ->
                    copySmall(c, (int) n.value());
                case Insn.MemCopy c -> {
                    load(c.dstAddr());
                    load(c.srcAddr());
                    loadAsLong(c.size());
                    mv.visitMethodInsn(INVOKESTATIC, MEM, "copy", "(JJJ)V", false);
                }
                case Insn.MemSet s
                when s.size() instanceof IntConst n
                        && n.value() > 0
                        && n.value() <= SMALL_COPY
                        && s.value() instanceof IntConst v -> fillSmall(s.dstAddr(), (byte) v.value(), (int) n.value());
                case Insn.MemSet s -> {
                    load(s.dstAddr());
                    load(s.value());
                    if (s.value().type().isWide()) mv.visitInsn(L2I);
                    mv.visitInsn(I2B);
                    loadAsLong(s.size());
                    mv.visitMethodInsn(INVOKESTATIC, MEM, "fill", "(JBJ)V", false);
                }
                default -> throw new IllegalArgumentException(insn.toString());
            }
        }

        /** Direct calls (setjmp's among them) and calls through a function address. */
        private void call(Insn insn) {
            switch (insn) {
                case Insn.Call c
                when setjmp != null && setjmp.isSite(c) -> {
                    setjmp.call(c, () -> load(c.args().get(0)));
                    pushInt(0);
                    result(c.dst(), IrType.I32);
                    setjmp.after(c);
                }
                case Insn.Call c -> {
                    for (Value a : c.args()) load(a);
                    mv.visitVarInsn(ALOAD, stackLocal);
                    boolean local = localFunctions.contains(c.callee());
                    // a call to another unit, the C library or native code names its C signature too (abi.md)
                    String name = JvmNames.method(c.callee())
                            + (local || c.csig() == null ? "" : JvmNames.CSIG_SEPARATOR + c.csig());
                    mv.visitMethodInsn(INVOKESTATIC, local ? owner : EXTERN, name, descriptor(c.type()), false);
                    result(c.dst(), c.type().ret());
                }
                case Insn.CallIndirect c -> {
                    load(c.target());
                    if (c.csig() != null) mv.visitLdcInsn(c.csig());
                    else mv.visitInsn(ACONST_NULL);
                    mv.visitMethodInsn(
                            INVOKESTATIC,
                            "jomp/runtime/mem/Functions",
                            "handle",
                            "(JLjava/lang/String;)Ljava/lang/invoke/MethodHandle;",
                            false);
                    for (Value a : c.args()) load(a);
                    mv.visitVarInsn(ALOAD, stackLocal);
                    mv.visitMethodInsn(
                            INVOKEVIRTUAL, "java/lang/invoke/MethodHandle", "invokeExact", descriptor(c.type()), false);
                    result(c.dst(), c.type().ret());
                }
                default -> throw new IllegalArgumentException(insn.toString());
            }
        }

        /** The atomic instructions (AtomicCode), each result stored. */
        private void atomic(Insn insn) {
            switch (insn) {
                case Insn.AtomicRmw a -> {
                    new AtomicCode(mv, this::load).rmw(a);
                    store(a.dst());
                }
                case Insn.CmpXchg x -> {
                    new AtomicCode(mv, this::load).cmpxchg(x);
                    store(x.dst());
                }
                case Insn.AtomicLoad l -> {
                    new AtomicCode(mv, this::load).load(l);
                    store(l.dst());
                }
                case Insn.AtomicStore s -> new AtomicCode(mv, this::load).store(s);
                case Insn.Fence fe -> new AtomicCode(mv, this::load).fence(fe);
                default -> throw new IllegalArgumentException(insn.toString());
            }
        }

        /**
         * A copy of a few bytes (a struct's argument or result) as loads and stores of 8, 4, 2 and
         * 1 bytes, which C2 compiles into moves; Unsafe.copyMemory is a call into the VM each time.
         * The regions do not overlap (or are the same), so the order does not matter.
         */
        private void copySmall(Insn.MemCopy c, int n) {
            for (int off = 0; off < n; ) {
                int w = n - off >= 8 ? 8 : n - off >= 4 ? 4 : n - off >= 2 ? 2 : 1;
                IrType t = w == 8 ? IrType.I64 : w == 4 ? IrType.I32 : w == 2 ? IrType.I16 : IrType.I8;
                address(c.dstAddr(), off);
                address(c.srcAddr(), off);
                mv.visitMethodInsn(INVOKESTATIC, MEM, "get" + memName(t), "(J)" + memDesc(t), false);
                mv.visitMethodInsn(INVOKESTATIC, MEM, "put" + memName(t), "(J" + memDesc(t) + ")V", false);
                off += w;
            }
        }

        /** memset of a few bytes to a constant, as stores of 8, 4, 2 and 1 bytes. */
        private void fillSmall(Value dst, byte v, int n) {
            long pattern = (v & 0xFFL) * 0x0101010101010101L;
            for (int off = 0; off < n; ) {
                int w = n - off >= 8 ? 8 : n - off >= 4 ? 4 : n - off >= 2 ? 2 : 1;
                IrType t = w == 8 ? IrType.I64 : w == 4 ? IrType.I32 : w == 2 ? IrType.I16 : IrType.I8;
                address(dst, off);
                if (w == 8) pushLong(pattern);
                else pushInt(w == 4 ? (int) pattern : w == 2 ? (short) pattern : v);
                mv.visitMethodInsn(INVOKESTATIC, MEM, "put" + memName(t), "(J" + memDesc(t) + ")V", false);
                off += w;
            }
        }

        private void address(Value base, int off) {
            load(base);
            if (off != 0) {
                pushLong(off);
                mv.visitInsn(LADD);
            }
        }

        private void loadAsLong(Value v) {
            load(v);
            if (!v.type().isWide()) mv.visitInsn(I2L);
        }

        private static String memName(IrType t) {
            return switch (t) {
                case I8 -> "Byte";
                case I16 -> "Short";
                case I32 -> "Int";
                case I64, PTR -> "Long";
                case F32 -> "Float";
                case F64 -> "Double";
                case VOID -> throw new IllegalStateException();
            };
        }

        private static String memDesc(IrType t) {
            return switch (t) {
                case I8 -> "B";
                case I16 -> "S";
                case I32 -> "I";
                case I64, PTR -> "J";
                case F32 -> "F";
                case F64 -> "D";
                case VOID -> throw new IllegalStateException();
            };
        }

        private void binary(Insn.Binary b) {
            load(b.a());
            load(b.b());
            arith.binary(b.op(), b.dst().type(), b.b().type().isWide());
            store(b.dst());
        }

        private void unary(Insn.Unary u) {
            load(u.a());
            arith.unary(u.op(), u.dst().type());
            store(u.dst());
        }

        private void cmp(Insn.Cmp c) {
            pushCondition(c);
            store(c.dst());
        }

        /** Pushes 1 or 0 for a comparison. */
        private void pushCondition(Insn.Cmp c) {
            Label yes = new Label(), done = new Label();
            jumpIf(c, yes);
            mv.visitInsn(ICONST_0);
            mv.visitJumpInsn(GOTO, done);
            mv.visitLabel(yes);
            mv.visitInsn(ICONST_1);
            mv.visitLabel(done);
        }

        /** Jumps to {@code target} when the comparison holds. */
        private void jumpIf(Insn.Cmp c, Label target) {
            load(c.a());
            load(c.b());
            arith.jumpIf(c.a().type(), c.op(), target);
        }

        // ---- terminators ----------------------------------------------------------------

        private void terminator(Terminator t) {
            switch (t) {
                case Terminator.Br br -> jumpTo(br.target());
                case Terminator.CondBr cb -> {
                    Value c = cb.cond();
                    Insn.Cmp fused = c instanceof Reg r ? fusedCmps.get(r.id) : null;
                    if (fused != null) {
                        boolean integral =
                                fused.a().type() != IrType.F32 && fused.a().type() != IrType.F64;
                        if (integral && cb.ifTrue() == nextBlock && cb.ifFalse() != nextBlock) {
                            // fall into the true block; NaN makes float negation inexact, so integers only
                            jumpIf(
                                    new Insn.Cmp(negate(fused.op()), fused.dst(), fused.a(), fused.b()),
                                    labels.get(cb.ifFalse()));
                        } else {
                            jumpIf(fused, labels.get(cb.ifTrue()));
                            jumpTo(cb.ifFalse());
                        }
                        return;
                    }
                    load(c);
                    if (c.type().isWide()) {
                        mv.visitInsn(LCONST_0);
                        mv.visitInsn(LCMP);
                    } else if (c.type() == IrType.F64) {
                        mv.visitInsn(DCONST_0);
                        mv.visitInsn(DCMPL);
                    } else if (c.type() == IrType.F32) {
                        mv.visitInsn(FCONST_0);
                        mv.visitInsn(FCMPL);
                    }
                    if (cb.ifTrue() == nextBlock && cb.ifFalse() != nextBlock) {
                        mv.visitJumpInsn(IFEQ, labels.get(cb.ifFalse()));
                    } else {
                        mv.visitJumpInsn(IFNE, labels.get(cb.ifTrue()));
                        jumpTo(cb.ifFalse());
                    }
                }
                case Terminator.Switch sw -> switchTo(sw);
                case Terminator.Ret r -> {
                    if (markLocal >= 0) {
                        mv.visitVarInsn(ALOAD, stackLocal);
                        mv.visitVarInsn(LLOAD, markLocal);
                        mv.visitFieldInsn(PUTFIELD, STACK, "sp", "J");
                    }
                    IrType rt = f.type.ret();
                    if (rt == IrType.VOID || r.value() == null) {
                        if (rt == IrType.VOID) mv.visitInsn(RETURN);
                        else {
                            pushZero(rt);
                            mv.visitInsn(returnOp(rt));
                        }
                    } else {
                        load(r.value());
                        mv.visitInsn(returnOp(rt));
                    }
                }
                case null -> throw new IllegalStateException("block without terminator in " + f.name);
            }
        }

        private static Insn.CmpOp negate(Insn.CmpOp op) {
            return switch (op) {
                case EQ -> Insn.CmpOp.NE;
                case NE -> Insn.CmpOp.EQ;
                case LT -> Insn.CmpOp.GE;
                case GE -> Insn.CmpOp.LT;
                case LE -> Insn.CmpOp.GT;
                case GT -> Insn.CmpOp.LE;
                case ULT -> Insn.CmpOp.UGE;
                case UGE -> Insn.CmpOp.ULT;
                case ULE -> Insn.CmpOp.UGT;
                case UGT -> Insn.CmpOp.ULE;
            };
        }

        /** A jump, left out when the target is the next block. */
        private void jumpTo(BasicBlock target) {
            if (target != nextBlock) mv.visitJumpInsn(GOTO, labels.get(target));
        }

        private static int returnOp(IrType t) {
            return switch (t) {
                case I8, I16, I32 -> IRETURN;
                case I64, PTR -> LRETURN;
                case F32 -> FRETURN;
                case F64 -> DRETURN;
                case VOID -> RETURN;
            };
        }

        /**
         * A 32-bit switch is a tableswitch or lookupswitch; a target at or before the switch is
         * reached through a {@code goto} placed after it. HotSpot's interpreter counts a loop's
         * iterations, and starts its compilation in the middle of a running method (OSR), only on
         * the back edges of {@code goto} and {@code if}, never of a switch: a loop closed by a
         * switch alone (an interpreter's dispatch, a computed goto's, a split function's exit
         * switch) in a method called once would stay interpreted for ever.
         */
        private void switchTo(Terminator.Switch sw) {
            Map<BasicBlock, Label> back = new java.util.LinkedHashMap<>();
            java.util.function.Function<BasicBlock, Label> label =
                    b -> blockIndex.get(b) <= blockNow ? back.computeIfAbsent(b, x -> new Label()) : labels.get(b);
            switchInsn(sw, label);
            for (Map.Entry<BasicBlock, Label> e : back.entrySet()) {
                mv.visitLabel(e.getValue());
                mv.visitJumpInsn(GOTO, labels.get(e.getKey()));
            }
        }

        private void switchInsn(Terminator.Switch sw, java.util.function.Function<BasicBlock, Label> labels) {
            Label dflt = labels.apply(sw.defaultTarget());
            if (!sw.value().type().isWide()) {
                int n = sw.cases().size();
                Integer[] order = new Integer[n];
                for (int i = 0; i < n; i++) order[i] = i;
                java.util.Arrays.sort(
                        order,
                        (x, y) -> Integer.compare((int) (long) sw.cases().get(x), (int)
                                (long) sw.cases().get(y)));
                int[] keys = new int[n];
                Label[] ls = new Label[n];
                for (int i = 0; i < n; i++) {
                    keys[i] = (int) (long) sw.cases().get(order[i]);
                    ls[i] = labels.apply(sw.targets().get(order[i]));
                }
                load(sw.value());
                if (n > 0 && (long) keys[n - 1] - keys[0] < 2L * n + 8) {
                    Label[] table = new Label[keys[n - 1] - keys[0] + 1];
                    java.util.Arrays.fill(table, dflt);
                    for (int i = 0; i < n; i++) table[keys[i] - keys[0]] = ls[i];
                    mv.visitTableSwitchInsn(keys[0], keys[n - 1], dflt, table);
                } else {
                    mv.visitLookupSwitchInsn(dflt, keys, ls);
                }
                return;
            }
            // 64-bit switch: a compare chain (rare in C)
            List<Long> cases = new ArrayList<>(sw.cases());
            for (int i = 0; i < cases.size(); i++) {
                load(sw.value());
                pushLong(cases.get(i));
                mv.visitInsn(LCMP);
                mv.visitJumpInsn(IFEQ, labels.apply(sw.targets().get(i)));
            }
            mv.visitJumpInsn(GOTO, dflt);
        }
    }
}
