package jomp.compiler.nvptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ir.BasicBlock;
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
 * One IR function → one PTX {@code .func} (or {@code .entry} for a kernel). IR registers become
 * PTX virtual registers of their class ({@code %r7}, {@code %rd7}, {@code %f7}, {@code %fd7});
 * temporaries take ids above the IR's. Frame slots live in a {@code .local} array whose generic
 * address ({@code cvta.local}) is taken once at entry, except slots whose address escapes, which
 * the team may share: those live in the team's frame (the device runtime's stack; in SPMD kernels
 * that publish nothing they stay local). Accesses are generic unless {@link GlobalAddresses}
 * proves an address global ({@code global.}, {@code global.nc.} for read-only data). Kernels get
 * {@link KernelEntry}'s prologue; calls of the device runtime's small loop and state functions
 * are emitted in place.
 */
final class PtxFunction {
    /** Parameter names inside a function and at call sites. */
    private static final String PARAM = "__param_", RETVAL = "__retval";

    final PtxBackend.Context ctx;
    final Function f;
    private final boolean kernel;
    final StringBuilder code = new StringBuilder();
    private int nextTemp, nextPred, nextLabel;
    private final Map<Slot, Long> slotOffset = new HashMap<>();
    private long frameSize;
    private int frameAlign = 8;
    /** The generic address of the frame, or null when the function has no frame. */
    String framePtr;
    /** Bytes at the end of the frame where printf packs its arguments for vprintf. */
    long printfOffset, printfSize;
    /** The instruction that defines a register assigned exactly once, for tracing printf formats. */
    final Map<Integer, Insn> singleDef = new HashMap<>();
    /** How many times each register is read. */
    final Map<Integer, Integer> uses = new HashMap<>();

    private final Map<BasicBlock, Integer> blockIndex = new HashMap<>();
    private final AtomicEmitter atomics = new AtomicEmitter(this);
    private final CallEmitter calls = new CallEmitter(this);

    PtxFunction(PtxBackend.Context ctx, Function f) {
        this.ctx = ctx;
        this.f = f;
        this.kernel = PtxBackend.isKernel(f.name);
        this.nextTemp = f.regCount();
    }

    /** Frame slots whose address escapes (passed to a call, stored): the team may share them. */
    final java.util.Set<Slot> escaping = new java.util.HashSet<>();
    /** Where the escaping slots start in the local frame, and the register holding their base. */
    private long escapeOffset;
    /** Escaping slots aligned beyond 16 bytes (OpenMP allocate align, _Alignas): their address is rounded up at run time. */
    private final java.util.Set<Slot> overAligned = new java.util.HashSet<>();

    private String escapeBase, escapeLocal;

    /** The PTX prototype: {@code .func (.param .b32 __retval) name(.param .b64 __param_0, ...)}. */
    static String prototype(String directive, String name, FuncType t) {
        return prototype(directive, name, t, false);
    }

    /**
     * With {@code bits}, every parameter is {@code .bNN}, as LLVM's NVPTX backend declares them
     * (the libdevice functions, see {@link Libdevice}); PTX wants the types of a prototype to agree.
     */
    static String prototype(String directive, String name, FuncType t, boolean bits) {
        StringBuilder sb = new StringBuilder(directive);
        if (t.ret() != IrType.VOID)
            sb.append(" (.param .")
                    .append(paramType(t.ret(), bits))
                    .append(' ')
                    .append(RETVAL)
                    .append(')');
        sb.append(' ').append(name).append('(');
        List<IrType> ps = paramTypes(t);
        for (int i = 0; i < ps.size(); i++) {
            sb.append(i > 0 ? ", " : "")
                    .append(".param .")
                    .append(paramType(ps.get(i), bits))
                    .append(' ')
                    .append(PARAM)
                    .append(i);
        }
        return sb.append(')').toString();
    }

    /** The parameter types a call passes, the variadic area included. */
    static List<IrType> paramTypes(FuncType t) {
        if (!t.variadic()) return t.params();
        var l = new java.util.ArrayList<>(t.params());
        l.add(IrType.PTR);
        return l;
    }

    static String paramType(IrType t, boolean bits) {
        return bits ? PtxText.bits(t) : paramType(t);
    }

    static String paramType(IrType t) {
        return switch (t) {
            case F32 -> "f32";
            case F64 -> "f64";
            default -> PtxText.bits(t);
        };
    }

    String generate() {
        if (!ctx.isRuntime(f.name)) findEscapingSlots();
        // in SPMD kernels the team stack answers 0 (SpmdSpecialization): the slots stay in the local frame
        if (ctx.spmdOnly.contains(f.name) && !publishesFrame()) escaping.clear();
        layoutFrame();
        for (int i = 0; i < f.blocks.size(); i++) blockIndex.put(f.blocks.get(i), i);
        findSingleDefs();
        if (!f.slots.isEmpty() || needsPrintfBuffer()) framePtr = temp(IrType.PTR);
        if (kernel) KernelEntry.prologue(this, ctx.kernelMode(f.name)); // the runtime's state first: teamFrame uses it
        if (!escaping.isEmpty()) teamFrame();
        for (BasicBlock b : f.blocks)
            if (b.terminator == null)
                throw new PtxException("function '" + f.name + "': block " + b.name + " has no terminator");
        for (int k = 0; k < f.blocks.size(); k++) {
            BasicBlock b = f.blocks.get(k);
            BasicBlock next = k + 1 < f.blocks.size() ? f.blocks.get(k + 1) : null;
            code.append(label(b)).append(":\n");
            Insn.Cmp fused = fusedCompare(b);
            for (Insn i : b.insns) if (i != fused) insn(i);
            terminator(b.terminator, next, fused == null ? null : compare(fused.op(), fused.a(), fused.b()));
        }
        return assemble();
    }

    private String assemble() {
        StringBuilder sb = new StringBuilder();
        String sym = PtxText.symbol(f.name);
        sb.append(kernel ? KernelEntry.prototype(f) : prototype(ctx.linkage(f), sym, f.type))
                .append("\n{\n");
        sb.append("\t.reg .b32 %r<").append(nextTemp).append(">;\n");
        sb.append("\t.reg .b64 %rd<").append(nextTemp).append(">;\n");
        sb.append("\t.reg .f32 %f<").append(nextTemp).append(">;\n");
        sb.append("\t.reg .f64 %fd<").append(nextTemp).append(">;\n");
        if (nextPred > 0) sb.append("\t.reg .pred %p<").append(nextPred).append(">;\n");
        if (halfRegister) sb.append("\t.reg .b16 %hf;\n");
        if (kernel) sb.append(KernelEntry.stateDeclaration(ctx));
        long size = printfSize > 0 ? printfOffset + printfSize : frameSize;
        if (framePtr != null) {
            sb.append("\t.local .align ")
                    .append(frameAlign)
                    .append(" .b8 __frame[")
                    .append(Math.max(size, 1))
                    .append("];\n");
            sb.append("\tmov.u64 ").append(framePtr).append(", __frame;\n");
            sb.append("\tcvta.local.u64 ")
                    .append(framePtr)
                    .append(", ")
                    .append(framePtr)
                    .append(";\n");
        }
        if (!kernel) { // a kernel's IR parameter is set by its first block (KernelArguments)
            int i = 0;
            for (Reg p : f.params)
                sb.append("\tld.param.")
                        .append(paramType(p.type()))
                        .append(' ')
                        .append(reg(p))
                        .append(", [")
                        .append(PARAM)
                        .append(i++)
                        .append("];\n");
            if (f.vaArea != null)
                sb.append("\tld.param.b64 ")
                        .append(reg(f.vaArea))
                        .append(", [")
                        .append(PARAM)
                        .append(i)
                        .append("];\n");
        }
        sb.append(withoutUnusedLabels(code)).append("}\n");
        return sb.toString();
    }

    private static final java.util.regex.Pattern
            LABEL_LINE = java.util.regex.Pattern.compile("^\\$[BL]\\d+:$", java.util.regex.Pattern.MULTILINE),
            LABEL = java.util.regex.Pattern.compile("\\$[BL]\\d+");

    /** The body without the labels no branch names (every block and inlined body has one): less for ptxas to read. */
    private static String withoutUnusedLabels(CharSequence code) {
        java.util.Set<String> used = new java.util.HashSet<>();
        for (String line : code.toString().split("\n")) {
            if (LABEL_LINE.matcher(line).matches()) continue;
            var m = LABEL.matcher(line);
            while (m.find()) used.add(m.group());
        }
        StringBuilder out = new StringBuilder(code.length());
        for (String line : code.toString().split("\n", -1)) {
            if (LABEL_LINE.matcher(line).matches() && !used.contains(line.substring(0, line.length() - 1))) continue;
            out.append(line).append('\n');
        }
        out.setLength(Math.max(0, out.length() - 1)); // split(-1) gave a last empty piece after the final newline
        return out.toString();
    }

    // ---- frame ----------------------------------------------------------------------------

    /** The thread's own slots first, then the escaping ones (from {@link #escapeOffset}, 16-byte aligned). */
    private void layoutFrame() {
        long size = 0;
        for (int pass = 0; pass < 2; pass++) {
            if (pass == 1) {
                if (escaping.isEmpty()) break;
                size = (size + 15) & -16L;
                escapeOffset = size;
                frameAlign = Math.max(frameAlign, 16);
            }
            for (Slot s : f.slots) {
                if (escaping.contains(s) != (pass == 1)) continue;
                int align = Math.max(1, s.align);
                if (pass == 1 && align > 16) {
                    // the escaping area may be the team stack or the heap (16-byte aligned): room to align at run time
                    slotOffset.put(s, size);
                    overAligned.add(s);
                    size += Math.max(1, s.size) + align;
                    continue;
                }
                size = (size + align - 1) & -(long) align;
                slotOffset.put(s, size);
                size += Math.max(1, s.size);
                frameAlign = Math.max(frameAlign, align);
            }
        }
        frameSize = size;
        printfOffset = (size + 7) & -8L;
    }

    /**
     * Slots whose address is used other than as a load, store or memcpy address (directly or
     * plus an offset): passed to a call, stored, compared. In generic mode the team's other
     * threads may reach them (a parallel region's argument block, the variables it shares), so
     * they cannot live in this thread's local memory.
     */
    private void findEscapingSlots() {
        escaping.addAll(EscapingSlots.of(f, slotsBehind));
    }

    /** Registers that hold a frame slot's address (plus an offset), with the slots. */
    final Map<Integer, java.util.Set<Slot>> slotsBehind = new HashMap<>();

    /**
     * The escaping slots' base: memory of the team (the device runtime's team stack) when this
     * thread runs a team's serial part, else the slots' place in the local frame. A function that
     * publishes addresses of its frame to the other threads (single copyprivate) always gets memory
     * they can reach (the team stack or the heap): another thread cannot address this thread's
     * local memory, where the same address means its own.
     */
    private void teamFrame() {
        escapeBase = temp(IrType.PTR);
        escapeLocal = temp(IrType.PTR);
        String p = pred();
        emit("add.s64 " + escapeLocal + ", " + framePtr + ", " + escapeOffset);
        FuncType push = new FuncType(IrType.PTR, List.of(IrType.I64), false);
        String pushFn = publishesFrame() ? DeviceRuntime.FRAME_PUSH_TEAM : DeviceRuntime.FRAME_PUSH;
        ctx.useFunction(pushFn, push, f.name);
        code.append("\t{\n");
        emit(".param .b64 __a0");
        emit("st.param.b64 [__a0], " + (frameSize - escapeOffset));
        emit(".param .b64 __r");
        emit("call.uni (__r), " + pushFn + ", (__a0)");
        emit("ld.param.b64 " + escapeBase + ", [__r]");
        code.append("\t}\n");
        emit("setp.eq.s64 " + p + ", " + escapeBase + ", 0");
        emit("selp.b64 " + escapeBase + ", " + escapeLocal + ", " + escapeBase + ", " + p);
    }

    /** Before a return: gives the team's memory back. */
    private void popTeamFrame() {
        String p = pred(), skip = newLabel();
        ctx.useFunction(DeviceRuntime.FRAME_POP, new FuncType(IrType.VOID, List.of(IrType.PTR), false), f.name);
        emit("setp.eq.s64 " + p + ", " + escapeBase + ", " + escapeLocal);
        emit("@" + p + " bra " + skip);
        code.append("\t{\n");
        emit(".param .b64 __a0");
        emit("st.param.b64 [__a0], " + escapeBase);
        emit("call.uni " + DeviceRuntime.FRAME_POP + ", (__a0)");
        code.append("\t}\n");
        emitLabel(skip);
    }

    /** Whether the function hands addresses of its frame to the other threads of its team. */
    private boolean publishesFrame() {
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns)
                if (i instanceof Insn.Call c && c.callee().equals(DeviceRuntime.COPYPRIVATE_PUBLISH)) return true;
        return false;
    }

    private boolean needsPrintfBuffer() {
        for (BasicBlock b : f.blocks)
            for (Insn i : b.insns) if (i instanceof Insn.Call c && c.callee().equals("printf")) return true;
        return false;
    }

    private void findSingleDefs() {
        Map<Integer, Integer> count = new HashMap<>();
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                Reg d = i.dst();
                if (d != null && count.merge(d.id, 1, Integer::sum) == 1) singleDef.put(d.id, i);
                else if (d != null) singleDef.remove(d.id);
                for (Value v : Operands.of(i)) if (v instanceof Reg r) uses.merge(r.id, 1, Integer::sum);
            }
            if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r) uses.merge(r.id, 1, Integer::sum);
        }
    }

    /** A block ending in {@code c = cmp ...; condbr c} where c has no other use branches on the predicate itself. */
    private Insn.Cmp fusedCompare(BasicBlock b) {
        return fusedCompare(b, uses);
    }

    /** The same in a function whose registers are read as {@code uses} counts (a runtime function emitted in place). */
    private static Insn.Cmp fusedCompare(BasicBlock b, Map<Integer, Integer> uses) {
        if (b.insns.isEmpty() || !(b.terminator instanceof Terminator.CondBr cb)) return null;
        if (b.insns.getLast() instanceof Insn.Cmp c
                && cb.cond() instanceof Reg r
                && r.id == c.dst().id
                && uses.get(r.id) == 1) return c;
        return null;
    }

    /** How many times each register of a function is read. */
    static Map<Integer, Integer> readCounts(Function g) {
        Map<Integer, Integer> uses = new HashMap<>();
        for (BasicBlock b : g.blocks) {
            for (Insn i : b.insns)
                for (Value v : Operands.of(i)) if (v instanceof Reg r) uses.merge(r.id, 1, Integer::sum);
            if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r) uses.merge(r.id, 1, Integer::sum);
        }
        return uses;
    }

    // ---- registers and operands -----------------------------------------------------------

    /** Added to register ids while a small runtime function's body is emitted in place ({@link #inlineRuntime}). */
    private int regOffset;

    String reg(Reg r) {
        return PtxText.regPrefix(r.type()) + (r.id + regOffset);
    }

    String temp(IrType t) {
        return PtxText.regPrefix(t) + nextTemp++;
    }

    String pred() {
        return "%p" + nextPred++;
    }

    String newLabel() {
        return "$L" + nextLabel++;
    }

    /** A fresh name with the labels' numbering (a call prototype's, a branch table's). */
    String newName(String prefix) {
        return prefix + nextLabel++;
    }

    private String label(BasicBlock b) {
        if (inlineLabels != null) {
            String l = inlineLabels.get(b);
            if (l != null) return l;
        }
        return "$B" + blockIndex.get(b);
    }

    /** The labels of an inlined runtime function's blocks while its body is emitted, else null. */
    private Map<BasicBlock, String> inlineLabels;

    /** A register or an immediate. */
    private String op(Value v) {
        return v instanceof Reg r ? reg(r) : PtxText.immediate(v);
    }

    /** A register holding v (constants are moved into a temporary). */
    String reg(Value v) {
        if (v instanceof Reg r) return reg(r);
        String t = temp(v.type());
        emit("mov." + PtxText.bits(v.type()) + " " + t + ", " + PtxText.immediate(v));
        return t;
    }

    /** A 64-bit register holding an i64 or ptr value, widening an i32 (sign-extended, as the IR keeps it). */
    String reg64(Value v) {
        if (v.type().isWide()) return reg(v);
        if (v instanceof IntConst c) return reg(IntConst.i64(c.value()));
        String t = temp(IrType.I64);
        emit("cvt.s64.s32 " + t + ", " + reg(v));
        return t;
    }

    /** Whether the function converts _Float16 values (Intrinsics), through the .b16 register %hf. */
    boolean halfRegister;

    void emit(String s) {
        code.append('\t').append(s).append(";\n");
    }

    void emitLabel(String l) {
        code.append(l).append(":\n");
    }

    // ---- instructions ---------------------------------------------------------------------

    void insn(Insn insn) {
        switch (insn) {
            case Insn.Binary b -> binary(b);
            case Insn.Unary u -> {
                IrType t = u.dst().type();
                if (u.op() == Insn.UnOp.NEG) emit("neg." + PtxText.signed(t) + " " + reg(u.dst()) + ", " + reg(u.a()));
                else if (u.op() == Insn.UnOp.NOT)
                    emit("not." + PtxText.bits(t) + " " + reg(u.dst()) + ", " + reg(u.a()));
                else bitOp(u.op(), reg(u.dst()), reg(u.a()), t == IrType.I64);
                normalise(u.dst());
            }
            case Insn.Cmp c -> {
                String p = compare(c.op(), c.a(), c.b());
                emit("selp.u32 " + reg(c.dst()) + ", 1, 0, " + p);
            }
            case Insn.Convert c -> convert(c.op(), c.dst(), c.src());
            case Insn.Copy c -> emit("mov." + PtxText.bits(c.dst().type()) + " " + reg(c.dst()) + ", " + op(c.src()));
            case Insn.Load l ->
                emit("ld." + space(l.addr(), true) + PtxText.loadType(l.dst().type()) + " " + reg(l.dst()) + ", ["
                        + reg(l.addr()) + "]");
            case Insn.Store s ->
                emit("st." + space(s.addr(), false)
                        + PtxText.storeType(s.value().type()) + " [" + reg(s.addr()) + "], " + reg(s.value()));
            case Insn.SlotAddr s -> {
                if (escaping.contains(s.slot())) {
                    emit("add.s64 " + reg(s.dst()) + ", " + escapeBase + ", "
                            + (slotOffset.get(s.slot()) - escapeOffset));
                    if (overAligned.contains(s.slot())) {
                        int align = s.slot().align;
                        emit("add.s64 " + reg(s.dst()) + ", " + reg(s.dst()) + ", " + (align - 1));
                        emit("and.b64 " + reg(s.dst()) + ", " + reg(s.dst()) + ", " + (-(long) align));
                    }
                } else emit("add.s64 " + reg(s.dst()) + ", " + framePtr + ", " + slotOffset.get(s.slot()));
            }
            case Insn.GlobalAddr g -> {
                ctx.useData(g.symbol());
                emit((ctx.isShared(g.symbol()) ? "cvta.shared.u64 " : "cvta.global.u64 ") + reg(g.dst()) + ", "
                        + ctx.dataSymbol(g.symbol()));
            }
            case Insn.FuncAddr fa -> {
                ctx.useFunction(fa.symbol(), null, f.name);
                emit("mov.u64 " + reg(fa.dst()) + ", " + PtxText.symbol(fa.symbol()));
            }
            case Insn.Alloca a -> {
                // PTX alloca takes local memory from the thread's stack; generic addresses for the IR
                String local = temp(IrType.PTR);
                int align = Integer.highestOneBit(Math.max(8, a.align()));
                emit("alloca.u64 " + local + ", " + reg64(a.size()) + ", " + align);
                emit("cvta.local.u64 " + reg(a.dst()) + ", " + local);
            }
            case Insn.StackSave s -> emit("stacksave.u64 " + reg(s.dst()));
            case Insn.StackRestore s -> emit("stackrestore.u64 " + reg(s.saved()));
            case Insn.MemCopy m -> memcpy(reg(m.dstAddr()), reg(m.srcAddr()), m.size());
            case Insn.MemSet m ->
                memset(reg(m.dstAddr()), m.value().type().isWide() ? truncate(m.value()) : reg(m.value()), m.size());
            case Insn.Call c -> call(c);
            case Insn.CallIndirect c -> calls.indirectCall(c);
            case Insn.AtomicRmw a -> atomics.rmw(a);
            case Insn.CmpXchg x -> atomics.cmpxchg(x);
            case Insn.AtomicLoad l -> atomics.load(l);
            case Insn.AtomicStore s -> atomics.store(s);
            case Insn.Fence fe -> atomics.fence(fe);
        }
    }

    /**
     * The state space of an access whose address GlobalAddresses found global ({@code global.},
     * for a load from read-only data {@code global.nc.}); generic otherwise, and in runtime code
     * emitted in place (its registers are the callee's).
     */
    private String space(Value address, boolean load) {
        if (inlineDepth > 0 || !ctx.addresses.isGlobal(f.name, address)) return "";
        return load && ctx.addresses.isReadOnly(f.name, address) ? "global.nc." : "global.";
    }

    private String truncate(Value v) {
        String t = temp(IrType.I32);
        emit("cvt.u32.u64 " + t + ", " + reg(v));
        return t;
    }

    private void binary(Insn.Binary b) {
        IrType t = b.dst().type();
        String d = reg(b.dst());
        if (t.isFloat()) {
            String ty = PtxText.signed(t);
            switch (b.op()) {
                case ADD -> emit("add.rn." + ty + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
                case SUB -> emit("sub.rn." + ty + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
                case MUL -> emit("mul.rn." + ty + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
                case DIV -> emit("div.rn." + ty + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
                case REM -> {
                    String fn = t == IrType.F64 ? "__nv_fmod" : "__nv_fmodf";
                    calls.emitCall(fn, new FuncType(t, List.of(t, t), false), b.dst(), List.of(b.a(), b.b()));
                }
                default -> throw new PtxException("function '" + f.name + "': " + b.op().spelling + " on " + t);
            }
            return;
        }
        // integers, and ptr plus or minus an i64 byte offset: ptr is a 64-bit integer here
        String s = PtxText.signed(t), u = PtxText.unsigned(t), bits = PtxText.bits(t);
        boolean narrow = t == IrType.I8 || t == IrType.I16;
        switch (b.op()) {
            case ADD -> emit("add." + s + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case SUB -> emit("sub." + s + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case MUL -> emit("mul.lo." + s + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case DIV, REM -> {
                String opc = (b.op() == Insn.BinOp.DIV ? "div." : "rem.") + s;
                if (t.isWide() && !(b.b() instanceof IntConst)) wideDivision(opc, d, b);
                else emit(opc + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            }
            case UDIV, UREM -> {
                // a narrow register is sign-extended: its unsigned value is the low bits
                String x = narrow ? zeroExtend(b.a(), t) : reg(b.a());
                String y = narrow ? zeroExtend(b.b(), t) : op(b.b());
                String opc = (b.op() == Insn.BinOp.UDIV ? "div." : "rem.") + u;
                if (t.isWide() && !(b.b() instanceof IntConst)) wideDivision(opc, d, b);
                else emit(opc + " " + d + ", " + x + ", " + y);
            }
            case AND -> emit("and." + bits + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case OR -> emit("or." + bits + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case XOR -> emit("xor." + bits + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case SHL, SHR, USHR -> {
                String count = shiftCount(b.b(), t.isWide() ? 63 : 31);
                String opc =
                        b.op() == Insn.BinOp.SHL ? "shl." + bits : b.op() == Insn.BinOp.SHR ? "shr." + s : "shr." + u;
                emit(opc + " " + d + ", " + reg(b.a()) + ", " + count);
            }
        }
        normalise(b.dst());
    }

    /**
     * A 64-bit division or remainder by a variable: the GPU has no 64-bit divider, and ptxas
     * expands one into about 90 instructions against about 20 for 32 bits, so where both operands
     * are below 2^32 (non-negative, for the signed forms: the usual loop counts and sizes) the
     * 32-bit unsigned instruction computes the same result; otherwise the 64-bit one (LLVM's
     * NVPTX back end bypasses slow divisions the same way). A constant divisor ptxas turns into
     * a multiplication itself.
     */
    private void wideDivision(String opc, String d, Insn.Binary b) {
        String a = reg(b.a()),
                y = reg(b.b()),
                both = temp(IrType.I64),
                wide = pred(),
                slow = newLabel(),
                done = newLabel();
        emit("or.b64 " + both + ", " + a + ", " + y);
        emit("shr.u64 " + both + ", " + both + ", 32");
        emit("setp.ne.u64 " + wide + ", " + both + ", 0");
        emit("@" + wide + " bra " + slow);
        String a32 = temp(IrType.I32), y32 = temp(IrType.I32), r32 = temp(IrType.I32);
        emit("cvt.u32.u64 " + a32 + ", " + a);
        emit("cvt.u32.u64 " + y32 + ", " + y);
        emit(opc.substring(0, 4) + "u32 " + r32 + ", " + a32 + ", " + y32);
        emit("cvt.u64.u32 " + d + ", " + r32);
        emit("bra.uni " + done);
        emitLabel(slow);
        emit(opc + " " + d + ", " + a + ", " + y);
        emitLabel(done);
    }

    /** The shift count as a u32 operand, masked to the low 5 or 6 bits as the IR says (PTX would clamp instead). */
    private String shiftCount(Value v, int mask) {
        if (v instanceof IntConst c) return Long.toString(c.value() & mask);
        String c32 = v.type().isWide() ? truncate(v) : reg(v);
        String t = temp(IrType.I32);
        emit("and.b32 " + t + ", " + c32 + ", " + mask);
        return t;
    }

    /** A register holding the low 8 or 16 bits of v, zero-extended. */
    private String zeroExtend(Value v, IrType narrow) {
        long mask = narrow == IrType.I8 ? 0xFF : 0xFFFF;
        if (v instanceof IntConst c) return reg(IntConst.i32(c.value() & mask));
        String t = temp(IrType.I32);
        emit("and.b32 " + t + ", " + reg(v) + ", " + mask);
        return t;
    }

    /**
     * ctz, clz, popcount and bswap of an i32 or i64: popc and clz (whose result is a .u32 even for
     * .b64), ctz as clz of the bits reversed, bswap as prmt of each 32-bit half.
     */
    private void bitOp(Insn.UnOp op, String d, String a, boolean wide) {
        String b = wide ? ".b64 " : ".b32 ";
        if (op == Insn.UnOp.BSWAP) {
            if (!wide) {
                emit("prmt.b32 " + d + ", " + a + ", 0, 0x0123");
                return;
            }
            String lo = temp(IrType.I32), hi = temp(IrType.I32);
            emit("mov.b64 {" + lo + ", " + hi + "}, " + a);
            emit("prmt.b32 " + lo + ", " + lo + ", 0, 0x0123");
            emit("prmt.b32 " + hi + ", " + hi + ", 0, 0x0123");
            emit("mov.b64 " + d + ", {" + hi + ", " + lo + "}");
            return;
        }
        String x = a;
        if (op == Insn.UnOp.CTZ) {
            x = temp(wide ? IrType.I64 : IrType.I32);
            emit("brev" + b + x + ", " + a);
        }
        String n = wide ? temp(IrType.I32) : d;
        emit((op == Insn.UnOp.POPCOUNT ? "popc" : "clz") + b + n + ", " + x);
        if (wide) emit("cvt.u64.u32 " + d + ", " + n);
    }

    /** Keeps an i8 or i16 register sign-extended, as the IR's convention says. */
    private void normalise(Reg r) {
        if (r.type() == IrType.I8) emit("cvt.s32.s8 " + reg(r) + ", " + reg(r));
        else if (r.type() == IrType.I16) emit("cvt.s32.s16 " + reg(r) + ", " + reg(r));
    }

    /** Sets a fresh predicate to the comparison and returns it. */
    private String compare(Insn.CmpOp op, Value a, Value b) {
        IrType t = a.type();
        String p = pred();
        String cmp, ty;
        if (t.isFloat()) {
            ty = PtxText.signed(t);
            // ordered comparisons are false on NaN; != is the unordered one, true on NaN
            cmp = switch (op) {
                case EQ -> "eq";
                case NE -> "neu";
                case LT, ULT -> "lt";
                case LE, ULE -> "le";
                case GT, UGT -> "gt";
                case GE, UGE -> "ge";
            };
        } else {
            boolean unsigned = op.ordinal() >= Insn.CmpOp.ULT.ordinal();
            ty = unsigned ? PtxText.unsigned(t) : PtxText.signed(t);
            cmp = switch (op) {
                case EQ -> "eq";
                case NE -> "ne";
                case LT -> "lt";
                case LE -> "le";
                case GT -> "gt";
                case GE -> "ge";
                case ULT -> "lo";
                case ULE -> "ls";
                case UGT -> "hi";
                case UGE -> "hs";
            };
        }
        emit("setp." + cmp + "." + ty + " " + p + ", " + reg(a) + ", " + op(b));
        return p;
    }

    private void convert(Insn.ConvOp op, Reg dst, Value src) {
        IrType from = src.type(), to = dst.type();
        String d = reg(dst);
        switch (op) {
            case SEXT -> {
                if (to.isWide() && !from.isWide()) emit("cvt.s64.s32 " + d + ", " + reg(src));
                else emit("mov." + PtxText.bits(to) + " " + d + ", " + op(src));
                normalise(dst);
            }
            case ZEXT -> {
                String low = from == IrType.I8 || from == IrType.I16 ? zeroExtend(src, from) : op(src);
                if (to.isWide() && !from.isWide())
                    emit("cvt.u64.u32 " + d + ", " + (low.startsWith("%") ? low : reg(src)));
                else emit("mov." + PtxText.bits(to) + " " + d + ", " + low);
            }
            case TRUNC -> {
                if (from.isWide() && !to.isWide()) emit("cvt.u32.u64 " + d + ", " + reg(src));
                else emit("mov." + PtxText.bits(to) + " " + d + ", " + op(src));
                normalise(dst);
            }
            case FPTOSI -> {
                // cvt.rzi saturates and gives 0 for NaN, as the JVM's d2i/d2l do
                emit("cvt.rzi." + (to.isWide() ? "s64" : "s32") + "." + PtxText.signed(from) + " " + d + ", "
                        + reg(src));
                normalise(dst);
            }
            case FPTOUI -> {
                if (to.isWide()) emit("cvt.rzi.u64." + PtxText.signed(from) + " " + d + ", " + reg(src));
                else {
                    // through a signed 64-bit value and its low bits, as the IR defines it
                    String w = temp(IrType.I64);
                    emit("cvt.rzi.s64." + PtxText.signed(from) + " " + w + ", " + reg(src));
                    emit("cvt.u32.u64 " + d + ", " + w);
                    normalise(dst);
                }
            }
            case SITOFP ->
                emit("cvt.rn." + PtxText.signed(to) + "." + (from.isWide() ? "s64" : "s32") + " " + d + ", "
                        + reg(src));
            case UITOFP -> {
                String s = from == IrType.I8 || from == IrType.I16 ? zeroExtend(src, from) : reg(src);
                emit("cvt.rn." + PtxText.signed(to) + "." + (from.isWide() ? "u64" : "u32") + " " + d + ", " + s);
            }
            case FPEXT -> emit("cvt.f64.f32 " + d + ", " + reg(src));
            case FPTRUNC -> emit("cvt.rn.f32.f64 " + d + ", " + reg(src));
            case BITCAST -> {
                if (from.size != to.size)
                    throw new PtxException("function '" + f.name + "': bitcast " + from + " to " + to);
                emit("mov.b" + (to.size * 8) + " " + d + ", " + reg(src));
            }
        }
    }

    /** Copies up to this many bytes of a constant size as unrolled 8-byte moves when both ends are aligned. */
    private static final long UNROLL_LIMIT = 64;

    /**
     * memcpy. Both ends and the size 8-byte aligned (tested at run time): 8 bytes at a time,
     * unrolled for small constant sizes; otherwise byte by byte.
     */
    private void memcpy(String dst, String src, Value size) {
        long known = size instanceof IntConst c ? c.value() : -1;
        if (known == 0) return;
        if (known > 0 && known % 8 != 0) {
            loop(dst, src, null, reg64(size), 1);
            return;
        }
        String n = reg64(size);
        String slow = alignmentTest(dst, src, known < 0 ? n : null), done = newLabel();
        if (known > 0 && known <= UNROLL_LIMIT) {
            String word = temp(IrType.I64), from = temp(IrType.PTR), to = temp(IrType.PTR);
            for (long off = 0; off < known; off += 8) {
                emit("add.s64 " + from + ", " + src + ", " + off);
                emit("ld.u64 " + word + ", [" + from + "]");
                emit("add.s64 " + to + ", " + dst + ", " + off);
                emit("st.u64 [" + to + "], " + word);
            }
        } else {
            loop(dst, src, null, n, 8);
        }
        emit("bra.uni " + done);
        emitLabel(slow);
        loop(dst, src, null, n, 1);
        emitLabel(done);
    }

    /** memset: 8 bytes at a time when the address and size allow it, else byte by byte. */
    private void memset(String dst, String fill, Value size) {
        long known = size instanceof IntConst c ? c.value() : -1;
        if (known == 0) return;
        String n = reg64(size);
        if (known > 0 && known % 8 != 0) {
            loop(dst, null, fill, n, 1);
            return;
        }
        String slow = alignmentTest(dst, null, known < 0 ? n : null), done = newLabel();
        String word = temp(IrType.I64);
        emit("cvt.u64.u32 " + word + ", " + fill);
        emit("and.b64 " + word + ", " + word + ", 255");
        emit("mul.lo.s64 " + word + ", " + word + ", 72340172838076673"); // 0x0101010101010101
        loop(dst, null, word, n, 8);
        emit("bra.uni " + done);
        emitLabel(slow);
        loop(dst, null, fill, n, 1);
        emitLabel(done);
    }

    /** Branches to the returned label unless every given 64-bit value is a multiple of 8. */
    private String alignmentTest(String a, String b, String c) {
        String t = temp(IrType.I64), p = pred(), slow = newLabel();
        emit("mov.b64 " + t + ", " + a);
        if (b != null) emit("or.b64 " + t + ", " + t + ", " + b);
        if (c != null) emit("or.b64 " + t + ", " + t + ", " + c);
        emit("and.b64 " + t + ", " + t + ", 7");
        emit("setp.ne.s64 " + p + ", " + t + ", 0");
        emit("@" + p + " bra " + slow);
        return slow;
    }

    /** Copies (src non-null) or fills n bytes, step (1 or 8) bytes at a time. */
    private void loop(String dst, String src, String fill, String n, int step) {
        String ty = step == 8 ? "u64" : "u8";
        String i = temp(IrType.I64), a = temp(IrType.I64), top = newLabel(), done = newLabel(), p = pred();
        emit("mov.u64 " + i + ", 0");
        emitLabel(top);
        emit("setp.ge.u64 " + p + ", " + i + ", " + n);
        emit("@" + p + " bra " + done);
        String value = fill;
        if (src != null) {
            value = temp(step == 8 ? IrType.I64 : IrType.I32);
            emit("add.s64 " + a + ", " + src + ", " + i);
            emit("ld." + ty + " " + value + ", [" + a + "]");
        }
        emit("add.s64 " + a + ", " + dst + ", " + i);
        emit("st." + ty + " [" + a + "], " + value);
        emit("add.s64 " + i + ", " + i + ", " + step);
        emit("bra.uni " + top);
        emitLabel(done);
    }

    // ---- calls ----------------------------------------------------------------------------

    private void call(Insn.Call c) {
        String callee = c.callee();
        Intrinsics.Intrinsic builtin = ctx.isDefined(callee) ? null : Intrinsics.lookup(callee, c.type());
        if (builtin != null) {
            calls.intrinsic(builtin, c);
            return;
        }
        if (callee.equals(KernelArguments.ARG) && kernel && !ctx.isDefined(callee)) {
            emit("ld.param.u64 " + reg(c.dst()) + ", ["
                    + KernelArguments.paramName((int) ((IntConst) c.args().get(0)).value()) + "]");
            return;
        }
        if (inlineRuntime(c)) return;
        LibCalls.Inline in = ctx.isDefined(callee) ? null : LibCalls.inline(callee, c.type());
        if (in != null) {
            if (c.dst() == null) return; // pure math with an unused result
            StringBuilder sb = new StringBuilder(in.opcode()).append(' ').append(reg(c.dst()));
            List<Value> args = c.args();
            if (in.swap()) args = List.of(args.get(1), args.get(0));
            for (Value a : args) sb.append(", ").append(reg(a));
            emit(sb.toString());
            return;
        }
        if (!ctx.isDefined(callee) && calls.classify(callee, c)) return;
        if (callee.equals("__builtin_trap") && !ctx.isDefined(callee)) {
            emit("trap");
            return;
        }
        // inline assembly's x86 instructions (lower/AsmLowering): pause is only a hint, rdtsc the global nanosecond
        // timer
        if (callee.equals("__builtin_ia32_pause") && !ctx.isDefined(callee)) return;
        if (callee.equals("__builtin_ia32_rdtsc") && !ctx.isDefined(callee)) {
            if (c.dst() != null) emit("mov.u64 " + reg(c.dst()) + ", %globaltimer");
            return;
        }
        if (callee.equals("__jomp_cpuid") && !ctx.isDefined(callee)) // EntryPoints.CPUID
        throw new PtxException("function '" + f.name
                + "' holds inline assembly 'cpuid', an x86 instruction with no meaning on a GPU");
        if (callee.equals("__jomp_xgetbv") && !ctx.isDefined(callee)) // EntryPoints.XGETBV
        throw new PtxException("function '" + f.name
                + "' holds inline assembly 'xgetbv', an x86 instruction with no meaning on a GPU");
        if (callee.equals("printf") && !ctx.isDefined(callee) && c.type().variadic()) {
            calls.printf(c);
            return;
        }
        String lib = ctx.isDefined(callee) ? null : LibCalls.libdevice(callee);
        // C's vprintf reads the IR's 8-byte slots, CUDA's the packed buffer: the device runtime's differs
        // (the runtime's own call is CUDA's)
        if (lib == null && callee.equals("vprintf") && !ctx.isDefined(callee) && !ctx.isRuntime(f.name))
            lib = "__jomp_vprintf";
        calls.emitCall(lib != null ? lib : callee, c.type(), c.dst(), c.args());
    }

    /** How deep runtime bodies emitted in place may nest (omp_get_thread_num → __jomp_self), and how large they may be. */
    private static final int INLINE_DEPTH = 3, INLINE_SIZE = 160;

    private int inlineDepth;

    /**
     * A call of a device runtime function without a frame ({@code omp_get_thread_num},
     * {@code __jomp_loop_next}, ...) emitted in place: ptxas does not inline calls, and SPMD
     * loops make some per iteration. The callee's registers are renamed above this function's,
     * its blocks get fresh labels, and its returns jump to the end.
     */
    private boolean inlineRuntime(Insn.Call c) {
        Function g = ctx.module.function(c.callee());
        if (g == null
                || !ctx.isRuntime(g.name)
                || inlineDepth >= INLINE_DEPTH
                || !g.slots.isEmpty()
                || g.type.variadic()
                || !g.type.equals(c.type())) return false;
        int size = 0;
        for (BasicBlock b : g.blocks) {
            size += b.insns.size() + 1;
            if (b.terminator == null || b.terminator instanceof Terminator.Switch) return false;
            for (Insn i : b.insns) {
                if (i instanceof Insn.SlotAddr
                        || i instanceof Insn.Alloca
                        || i instanceof Insn.StackSave
                        || i instanceof Insn.StackRestore
                        || i instanceof Insn.CallIndirect) return false;
            }
        }
        if (size > INLINE_SIZE) return false;
        List<String> args = new java.util.ArrayList<>();
        for (int k = 0; k < c.args().size(); k++) {
            Value a = c.args().get(k);
            args.add(g.params.get(k).type().isWide() && !a.type().isWide() ? reg64(a) : reg(a));
        }
        String result = g.type.ret() == IrType.VOID ? null : temp(g.type.ret());
        int saved = regOffset;
        Map<BasicBlock, String> savedLabels = inlineLabels;
        int base = nextTemp;
        nextTemp += g.regCount();
        regOffset = base;
        inlineDepth++;
        inlineLabels = new HashMap<>();
        for (BasicBlock b : g.blocks) inlineLabels.put(b, newLabel());
        String end = newLabel();
        for (int k = 0; k < args.size(); k++) {
            Reg p = g.params.get(k);
            emit("mov." + PtxText.bits(p.type()) + " " + reg(p) + ", " + args.get(k));
        }
        Map<Integer, Integer> calleeUses = ctx.uses(g);
        for (int k = 0; k < g.blocks.size(); k++) {
            BasicBlock b = g.blocks.get(k);
            emitLabel(label(b));
            Insn.Cmp fused = fusedCompare(b, calleeUses);
            for (Insn i : b.insns) if (i != fused) insn(i);
            if (b.terminator instanceof Terminator.Ret ret) {
                if (result != null && ret.value() != null)
                    emit("mov." + PtxText.bits(g.type.ret()) + " " + result + ", " + op(ret.value()));
                if (k + 1 < g.blocks.size()) emit("bra.uni " + end);
            } else {
                terminator(
                        b.terminator,
                        k + 1 < g.blocks.size() ? g.blocks.get(k + 1) : null,
                        fused == null ? null : compare(fused.op(), fused.a(), fused.b()));
            }
        }
        emitLabel(end);
        inlineLabels = savedLabels;
        inlineDepth--;
        regOffset = saved;
        if (c.dst() != null && result != null)
            emit("mov." + PtxText.bits(c.dst().type()) + " " + reg(c.dst()) + ", " + result);
        return true;
    }

    // ---- terminators ----------------------------------------------------------------------

    /** Dense switches (at least this many cases) jump through a table. */
    private static final int TABLE_MIN_CASES = 4;

    /**
     * A dense 32-bit switch is one range check and a {@code brx.idx} through a branch-target
     * table; others compare case by case.
     */
    private void switchTo(Terminator.Switch sw, BasicBlock next) {
        String v = reg(sw.value());
        int n = sw.cases().size();
        if (!sw.value().type().isWide() && n >= TABLE_MIN_CASES) {
            long min = Long.MAX_VALUE, max = Long.MIN_VALUE;
            for (long k : sw.cases()) {
                int c = (int) k; // a narrow switch's case values as its type's (signed) values
                min = Math.min(min, c);
                max = Math.max(max, c);
            }
            long range = max - min + 1;
            if (range <= 2L * n + 8) {
                BasicBlock[] table = new BasicBlock[(int) range];
                java.util.Arrays.fill(table, sw.defaultTarget());
                for (int i = 0; i < n; i++)
                    table[(int) ((int) (long) sw.cases().get(i) - min)] =
                            sw.targets().get(i);
                String idx = temp(IrType.I32), p = pred(), name = "$T" + nextLabel++;
                emit("sub.s32 " + idx + ", " + v + ", " + min);
                // unsigned: below min wraps to a large index
                emit("setp.hs.u32 " + p + ", " + idx + ", " + range);
                emit("@" + p + " bra " + label(sw.defaultTarget()));
                StringBuilder targets = new StringBuilder();
                for (int i = 0; i < table.length; i++)
                    targets.append(i > 0 ? ", " : "").append(label(table[i]));
                code.append(name).append(": .branchtargets ").append(targets).append(";\n");
                emit("brx.idx " + idx + ", " + name);
                return;
            }
        }
        String ty = PtxText.bits(sw.value().type());
        for (int i = 0; i < n; i++) {
            String p = pred();
            long k = sw.cases().get(i);
            emit("setp.eq." + ty + " " + p + ", " + v + ", "
                    + (sw.value().type().isWide() ? k : (int) k));
            emit("@" + p + " bra " + label(sw.targets().get(i)));
        }
        if (sw.defaultTarget() != next) emit("bra.uni " + label(sw.defaultTarget()));
    }

    /** Emits the block's terminator; {@code fusedPred} holds a CondBr's condition when a compare set it. */
    private void terminator(Terminator t, BasicBlock next, String fusedPred) {
        switch (t) {
            case Terminator.Br br -> {
                if (br.target() != next) emit("bra.uni " + label(br.target()));
            }
            case Terminator.CondBr cb -> {
                Value c = cb.cond();
                String p = fusedPred;
                if (p == null) {
                    p = pred();
                    emit("setp.ne." + PtxText.signed(c.type()) + " " + p + ", " + reg(c) + ", 0");
                }
                if (cb.ifTrue() == next) emit("@!" + p + " bra " + label(cb.ifFalse()));
                else {
                    emit("@" + p + " bra " + label(cb.ifTrue()));
                    if (cb.ifFalse() != next) emit("bra.uni " + label(cb.ifFalse()));
                }
            }
            case Terminator.Switch sw -> switchTo(sw, next);
            case Terminator.Ret r -> {
                if (escapeBase != null) popTeamFrame();
                if (kernel) KernelEntry.epilogue(this, ctx.kernelMode(f.name));
                if (f.type.ret() != IrType.VOID && r.value() != null) {
                    emit("st.param." + paramType(f.type.ret()) + " [" + RETVAL + "], " + reg(r.value()));
                }
                emit("ret");
            }
        }
    }
}
