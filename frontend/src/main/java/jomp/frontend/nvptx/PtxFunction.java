package jomp.frontend.nvptx;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jomp.frontend.ir.BasicBlock;
import jomp.frontend.ir.FuncType;
import jomp.frontend.ir.Function;
import jomp.frontend.ir.Global;
import jomp.frontend.ir.Insn;
import jomp.frontend.ir.IntConst;
import jomp.frontend.ir.IrType;
import jomp.frontend.ir.Operands;
import jomp.frontend.ir.Reg;
import jomp.frontend.ir.Slot;
import jomp.frontend.ir.Terminator;
import jomp.frontend.ir.Value;

/**
 * One IR function → one PTX {@code .func} (or {@code .entry} for a kernel). IR registers become
 * PTX virtual registers of their class ({@code %r7}, {@code %rd7}, {@code %f7}, {@code %fd7});
 * temporaries take ids above the IR's. Frame slots live in a {@code .local} array whose generic
 * address ({@code cvta.local}) is taken once at entry; every memory access is generic.
 */
final class PtxFunction {
    /** Parameter names inside a function and at call sites. */
    private static final String PARAM = "__param_", RETVAL = "__retval", KERNEL_ARGS = "__args";

    private final PtxBackend.Context ctx;
    private final Function f;
    private final boolean kernel;
    private final StringBuilder code = new StringBuilder();
    private int nextTemp, nextPred, nextLabel;
    private final Map<Slot, Long> slotOffset = new HashMap<>();
    private long frameSize;
    private int frameAlign = 8;
    /** The generic address of the frame, or null when the function has no frame. */
    private String framePtr;
    /** Bytes at the end of the frame where printf packs its arguments for vprintf. */
    private long printfOffset, printfSize;
    /** The instruction that defines a register assigned exactly once, for tracing printf formats. */
    private final Map<Integer, Insn> singleDef = new HashMap<>();
    /** How many times each register is read. */
    private final Map<Integer, Integer> uses = new HashMap<>();
    private final Map<BasicBlock, Integer> blockIndex = new HashMap<>();

    PtxFunction(PtxBackend.Context ctx, Function f) {
        this.ctx = ctx;
        this.f = f;
        this.kernel = PtxBackend.isKernel(f.name);
        this.nextTemp = f.regCount();
    }

    /** Frame slots whose address escapes (passed to a call, stored): the team may share them. */
    private final java.util.Set<Slot> escaping = new java.util.HashSet<>();
    /** Where the escaping slots start in the local frame, and the register holding their base. */
    private long escapeOffset;
    private String escapeBase, escapeLocal;

    /** The PTX prototype: {@code .func (.param .b32 __retval) name(.param .b64 __param_0, ...)}. */
    static String prototype(String directive, String name, FuncType t) { return prototype(directive, name, t, false); }

    /**
     * With {@code bits}, every parameter is {@code .bNN}, as LLVM's NVPTX backend declares them
     * (the libdevice functions, see {@link Libdevice}); PTX wants the types of a prototype to agree.
     */
    static String prototype(String directive, String name, FuncType t, boolean bits) {
        StringBuilder sb = new StringBuilder(directive);
        if (t.ret() != IrType.VOID) sb.append(" (.param .").append(paramType(t.ret(), bits)).append(' ').append(RETVAL).append(')');
        sb.append(' ').append(name).append('(');
        List<IrType> ps = paramTypes(t);
        for (int i = 0; i < ps.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(".param .").append(paramType(ps.get(i), bits)).append(' ').append(PARAM).append(i);
        }
        return sb.append(')').toString();
    }

    static String kernelPrototype(String name) {
        return ".visible .entry " + name + "(.param .u64 " + KERNEL_ARGS + ")";
    }

    /** The parameter types a call passes, the variadic area included. */
    static List<IrType> paramTypes(FuncType t) {
        if (!t.variadic()) return t.params();
        var l = new java.util.ArrayList<>(t.params());
        l.add(IrType.PTR);
        return l;
    }

    static String paramType(IrType t, boolean bits) { return bits ? PtxText.bits(t) : paramType(t); }

    static String paramType(IrType t) {
        return switch (t) {
            case F32 -> "f32";
            case F64 -> "f64";
            default -> PtxText.bits(t);
        };
    }

    String generate() {
        if (kernel && (f.type.ret() != IrType.VOID || f.params.size() != 1 || !f.params.get(0).type().isWide() || f.type.variadic())) {
            throw new PtxException("kernel '" + f.name + "' must be 'void (ptr)' (the address of its argument slots), not " + f.type);
        }
        if (!ctx.isRuntime(f.name)) findEscapingSlots();
        layoutFrame();
        for (int i = 0; i < f.blocks.size(); i++) blockIndex.put(f.blocks.get(i), i);
        findSingleDefs();
        if (!f.slots.isEmpty() || needsPrintfBuffer()) framePtr = temp(IrType.PTR);
        if (!escaping.isEmpty()) teamFrame();
        for (BasicBlock b : f.blocks) if (b.terminator == null) throw new PtxException("function '" + f.name + "': block " + b.name + " has no terminator");
        java.util.Set<BasicBlock> merged = ctx.isRuntime(f.name) ? java.util.Set.of() : mergeSelects();
        for (int k = 0; k < f.blocks.size(); k++) {
            BasicBlock b = f.blocks.get(k);
            if (merged.contains(b)) continue;
            BasicBlock next = k + 1 < f.blocks.size() ? f.blocks.get(k + 1) : null;
            code.append(label(b)).append(":\n");
            List<Insn> insns = b.insns;
            BasicBlock last = b;
            Linear lin = linear.get(b);
            if (lin != null) {   // a locked region through ?: diamonds: one straight line, explicit branches after it
                insns = lin.insns();
                last = lin.last();
                next = null;
            }
            Insn.Cmp fused = fusedCompare(last);
            for (int n = 0; n < insns.size(); n++) {
                Insn i = insns.get(n);
                int after = ctx.isRuntime(f.name) ? -1 : lockedUpdate(insns, n);
                if (after >= 0) n = after - 1;
                else if (i != fused) insn(i);
            }
            terminator(last.terminator, next, fused == null ? null : compare(fused.op(), fused.a(), fused.b()));
        }
        return assemble();
    }

    private String assemble() {
        StringBuilder sb = new StringBuilder();
        String sym = PtxText.symbol(f.name);
        // a kernel's body is a .func that its .entry (KernelEntry) calls
        sb.append(kernel ? prototype(".func", KernelEntry.bodySymbol(f.name), f.type) : prototype(ctx.linkage(f), sym, f.type)).append("\n{\n");
        sb.append("\t.reg .b32 %r<").append(nextTemp).append(">;\n");
        sb.append("\t.reg .b64 %rd<").append(nextTemp).append(">;\n");
        sb.append("\t.reg .f32 %f<").append(nextTemp).append(">;\n");
        sb.append("\t.reg .f64 %fd<").append(nextTemp).append(">;\n");
        if (nextPred > 0) sb.append("\t.reg .pred %p<").append(nextPred).append(">;\n");
        long size = printfSize > 0 ? printfOffset + printfSize : frameSize;
        if (framePtr != null) {
            sb.append("\t.local .align ").append(frameAlign).append(" .b8 __frame[").append(Math.max(size, 1)).append("];\n");
            sb.append("\tmov.u64 ").append(framePtr).append(", __frame;\n");
            sb.append("\tcvta.local.u64 ").append(framePtr).append(", ").append(framePtr).append(";\n");
        }
        {
            int i = 0;
            for (Reg p : f.params) sb.append("\tld.param.").append(paramType(p.type())).append(' ').append(reg(p)).append(", [").append(PARAM).append(i++).append("];\n");
            if (f.vaArea != null) sb.append("\tld.param.b64 ").append(reg(f.vaArea)).append(", [").append(PARAM).append(i).append("];\n");
        }
        sb.append(code).append("}\n");
        return sb.toString();
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
    private void findEscapingSlots() { escaping.addAll(escapingSlots(f, slotsBehind)); }

    /** Registers that hold a frame slot's address (plus an offset), with the slots. */
    private final Map<Integer, java.util.Set<Slot>> slotsBehind = new HashMap<>();

    static java.util.Set<Slot> escapingSlots(Function f) { return escapingSlots(f, new HashMap<>()); }

    private static java.util.Set<Slot> escapingSlots(Function f, Map<Integer, java.util.Set<Slot>> from) {
        java.util.Set<Slot> escaping = new java.util.HashSet<>();
        for (int round = 0; round < 2; round++) {   // twice: a loop may use a register above its definition
            for (BasicBlock b : f.blocks) {
                for (Insn i : b.insns) {
                    java.util.Set<Slot> src = switch (i) {
                        case Insn.SlotAddr sa -> java.util.Set.of(sa.slot());
                        case Insn.Copy c when c.src() instanceof Reg r -> from.get(r.id);
                        case Insn.Binary bin when bin.a() instanceof Reg r && (bin.op() == Insn.BinOp.ADD || bin.op() == Insn.BinOp.SUB) -> from.get(r.id);
                        default -> null;
                    };
                    if (src != null) from.computeIfAbsent(i.dst().id, k -> new java.util.HashSet<>()).addAll(src);
                }
            }
        }
        if (from.isEmpty()) return escaping;
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) {
                List<Value> escapes = switch (i) {
                    case Insn.Load l -> List.of();
                    case Insn.Store st -> List.of(st.value());
                    case Insn.MemCopy m -> List.of(m.size());
                    case Insn.MemSet m -> List.of(m.value(), m.size());
                    case Insn.Copy c -> List.of();
                    case Insn.Binary bin when bin.op() == Insn.BinOp.ADD || bin.op() == Insn.BinOp.SUB -> List.of(bin.b());
                    default -> Operands.of(i);
                };
                for (Value v : escapes) if (v instanceof Reg r && from.containsKey(r.id)) escaping.addAll(from.get(r.id));
            }
            if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r && from.containsKey(r.id)) escaping.addAll(from.get(r.id));
        }
        return escaping;
    }

    // ---- selects in locked regions -----------------------------------------------------------

    /** A straight line of instructions standing for a block and the ?: diamonds after it, ending in {@code last}'s terminator. */
    private record Linear(List<Insn> insns, BasicBlock last) {}

    /** The value a copy standing for a diamond selects: {@code dst = cond ? (the copy's source) : otherwise}. */
    private record Select(Value cond, Value otherwise) {}

    private final Map<BasicBlock, Linear> linear = new HashMap<>();
    private final Map<Insn, Select> selects = new java.util.IdentityHashMap<>();

    /**
     * The lowering writes min and max (and any ?:) as a diamond {@code condbr c, T, F; T: d = x;
     * F: d = y; E: ...}. Inside a region under the atomic or reduction lock such diamonds are
     * joined into their block as one select, so that the region is a straight line and
     * {@link #lockedUpdate} can make it lock-free. Returns the blocks joined into others.
     */
    private java.util.Set<BasicBlock> mergeSelects() {
        Map<BasicBlock, Integer> preds = new HashMap<>();
        for (BasicBlock b : f.blocks) for (BasicBlock t : successors(b.terminator)) preds.merge(t, 1, Integer::sum);
        java.util.Set<BasicBlock> merged = new java.util.HashSet<>();
        for (BasicBlock b : f.blocks) {
            if (merged.contains(b) || !opensLock(b.insns)) continue;
            List<Insn> line = new java.util.ArrayList<>(b.insns);
            List<BasicBlock> joined = new java.util.ArrayList<>();
            BasicBlock last = b;
            while (opensLock(line) && last.terminator instanceof Terminator.CondBr cb) {
                BasicBlock t = cb.ifTrue(), e = cb.ifFalse();
                if (t == e || t.insns.size() != 1 || e.insns.size() != 1 || !(t.insns.get(0) instanceof Insn.Copy ct)
                        || !(e.insns.get(0) instanceof Insn.Copy cf) || ct.dst().id != cf.dst().id
                        || !(t.terminator instanceof Terminator.Br bt) || !(e.terminator instanceof Terminator.Br bf) || bt.target() != bf.target()) break;
                BasicBlock join = bt.target();
                if (preds.getOrDefault(t, 0) != 1 || preds.getOrDefault(e, 0) != 1 || preds.getOrDefault(join, 0) != 2
                        || join == b || joined.contains(join) || merged.contains(join)) break;
                line.add(ct);
                selects.put(ct, new Select(cb.cond(), cf.src()));
                line.addAll(join.insns);
                joined.addAll(List.of(t, e, join));
                last = join;
            }
            if (joined.isEmpty()) continue;
            merged.addAll(joined);
            linear.put(b, new Linear(line, last));
        }
        return merged;
    }

    /** Whether the instructions call a lock's enter with no exit after it. */
    private static boolean opensLock(List<Insn> insns) {
        boolean open = false;
        for (Insn i : insns) {
            if (!(i instanceof Insn.Call c)) continue;
            if (c.callee().equals("__jomp_atomic_enter") || c.callee().equals("__jomp_reduce_enter")) open = true;
            if (c.callee().equals("__jomp_atomic_exit") || c.callee().equals("__jomp_reduce_exit")) open = false;
        }
        return open;
    }

    private static List<BasicBlock> successors(Terminator t) {
        return switch (t) {
            case Terminator.Br br -> List.of(br.target());
            case Terminator.CondBr cb -> List.of(cb.ifTrue(), cb.ifFalse());
            case Terminator.Switch sw -> { var l = new java.util.ArrayList<>(sw.targets()); l.add(sw.defaultTarget()); yield l; }
            case Terminator.Ret r -> List.of();
        };
    }

    /** The registers an instruction reads, a select's condition and alternative included. */
    private List<Value> reads(Insn i) {
        Select sel = selects.get(i);
        if (sel == null) return Operands.of(i);
        List<Value> l = new java.util.ArrayList<>(Operands.of(i));
        l.add(sel.cond());
        l.add(sel.otherwise());
        return l;
    }

    // ---- atomic updates ------------------------------------------------------------------------

    /**
     * An {@code atomic} or reduction combination the lowering puts under a runtime lock, in one
     * block, without the lock: each update {@code v = load p; w = v op x; store w, p} becomes one
     * PTX atomic instruction (add, and, or, xor; sub as the add of -x) or, for other
     * register-only updates ({@code w = v * x}, ...), a compare-and-swap loop; an atomic read or
     * write (one aligned access of at most 8 bytes) is that access. A reduction's region may
     * update several variables (each update is atomic on its own, which a reduction needs). The
     * old value stays in v, and the new one in w, for a capture's store after the update. Returns
     * the index of the instruction after the region when it emitted it, else -1 (the lock stays:
     * captures that read the location twice, updates across blocks). A location in the thread's
     * own local memory (PTX atomics are undefined there) takes the plain code: known at compile
     * time for this function's frame, tested with {@code isspacep.local} otherwise.
     */
    private int lockedUpdate(List<Insn> insns, int at) {
        if (!(insns.get(at) instanceof Insn.Call enter) || !enter.args().isEmpty()) return -1;
        boolean reduction = enter.callee().equals("__jomp_reduce_enter");
        if (!reduction && !enter.callee().equals("__jomp_atomic_enter")) return -1;
        String exitName = reduction ? "__jomp_reduce_exit" : "__jomp_atomic_exit";
        // the region: segments up to the exit call, each ending in a store
        List<int[]> segments = new java.util.ArrayList<>();   // {first, load of the stored location or -1, store}
        int k = at + 1, exit = -1, trailing = -1;
        while (exit < 0) {
            int first = k;
            while (k < insns.size() && (registerOnly(insns.get(k)) || insns.get(k) instanceof Insn.Load)) k++;
            if (k >= insns.size()) return -1;
            if (insns.get(k) instanceof Insn.Call c && c.callee().equals(exitName) && c.args().isEmpty() && !segments.isEmpty()) {
                for (int j = first; j < k; j++) if (!registerOnly(insns.get(j))) return -1;
                exit = k;
                trailing = first;
            } else if (insns.get(k) instanceof Insn.Store st) {
                int l = -1;
                for (int j = first; j < k; j++) if (insns.get(j) instanceof Insn.Load ld && sameReg(ld.addr(), st.addr())) l = j;
                segments.add(new int[] {first, l, k++});
            } else {
                return -1;
            }
        }
        for (int n = 0; n < segments.size(); n++) {
            int[] sg = segments.get(n);
            int loads = 0;
            for (int j = sg[0]; j < sg[2]; j++) if (insns.get(j) instanceof Insn.Load ld) { loads++; if (ld.dst().type().size > 8) return -1; }
            if (n > 0 && !reduction) {
                // after the update, a capture's store of a value the update read or made (v = x++)
                if (loads > 0 || sg[1] >= 0) return -1;
                continue;
            }
            if (sg[1] < 0) {
                // a write, or a read (load x, store v): one access to the shared location
                if (reduction || loads > 1 || ((Insn.Store) insns.get(sg[2])).value().type().size > 8) return -1;
            } else {
                for (int j = sg[0]; j < sg[1]; j++) if (!reduction && insns.get(j) instanceof Insn.Load) return -1;
                for (int j = sg[1] + 1; j < sg[2]; j++) if (!registerOnly(insns.get(j))) return -1;
                if (!updatable(insns, sg)) return -1;
            }
        }
        for (int[] sg : segments) emitUpdate(insns, sg, reduction);
        for (int j = trailing; j < exit; j++) insn(insns.get(j));
        return exit + 1;
    }

    private static boolean sameReg(Value a, Value b) { return a instanceof Reg x && b instanceof Reg y && x.id == y.id; }

    /** Whether one segment {first, load, store} can go lock-free (see {@link #emitUpdate}). */
    private boolean updatable(List<Insn> insns, int[] sg) {
        int l = sg[1], s = sg[2];
        if (!(((Insn.Store) insns.get(s)).addr() instanceof Reg p)) return false;
        IrType t = ((Insn.Store) insns.get(s)).value().type();
        Insn.Load load = (Insn.Load) insns.get(l);
        if (!(load.addr() instanceof Reg lp) || lp.id != p.id) return false;
        if (t != IrType.I32 && t != IrType.I64 && t != IrType.F32 && t != IrType.F64 || load.dst().type() != t) return false;
        if (s == l + 1) return false;
        // the part between load and store is repeatable in a loop: it reads v, constants, registers
        // it set before, or ones it never sets
        java.util.Set<Integer> written = new java.util.HashSet<>();
        for (int k = l + 1; k < s; k++) {
            for (Value v : reads(insns.get(k))) {
                if (v instanceof Reg r && r.id != load.dst().id && !written.contains(r.id) && writtenIn(insns, l + 1, s, r)) return false;
            }
            Reg d = insns.get(k).dst();
            if (d.id == load.dst().id || d.id == p.id) return false;
            written.add(d.id);
        }
        // the loads before it read other locations
        for (int k = sg[0]; k < l; k++) if (insns.get(k) instanceof Insn.Load o && o.addr() instanceof Reg r && r.id == p.id) return false;
        return true;
    }

    /** One segment without the lock: a plain access, one atomic instruction, or a compare-and-swap loop. */
    private void emitUpdate(List<Insn> insns, int[] sg, boolean reduction) {
        int l = sg[1], s = sg[2];
        if (l < 0) {   // one plain access is indivisible
            for (int k = sg[0]; k <= s; k++) insn(insns.get(k));
            return;
        }
        for (int k = sg[0]; k < l; k++) insn(insns.get(k));
        Insn.Load load = (Insn.Load) insns.get(l);
        String p = reg(load.addr());
        if (privateAddress((Reg) load.addr())) {   // this thread's frame: nobody else sees it
            for (int k = l; k <= s; k++) insn(insns.get(k));
            return;
        }
        // a location in this thread's local memory (a private copy reached through a pointer) takes
        // the plain code: PTX atomics are undefined there, and no other thread can reach it
        String local = pred(), shared = newLabel(), done = newLabel();
        emit("isspacep.local " + local + ", " + p);
        emit("@!" + local + " bra " + shared);
        for (int k = l; k <= s; k++) insn(insns.get(k));
        emit("bra.uni " + done);
        emitLabel(shared);
        atomicUpdate(insns, l, s, reduction);
        emitLabel(done);
    }

    /** The update of a shared location: one atomic instruction (a warp's combined operand where allowed) or a CAS loop. */
    private void atomicUpdate(List<Insn> insns, int l, int s, boolean reduction) {
        Insn.Load load = (Insn.Load) insns.get(l);
        Insn.Store store = (Insn.Store) insns.get(s);
        IrType t = load.dst().type();
        String p = reg(load.addr());
        String atomOp = s == l + 2 ? atomicOp(insns.get(l + 1), load.dst(), store.value()) : null;
        if (atomOp != null) {
            Insn.Binary bin = (Insn.Binary) insns.get(l + 1);
            Value x = bin.a() instanceof Reg r && r.id == load.dst().id ? bin.b() : bin.a();
            String operand = reg(x);
            if (bin.op() == Insn.BinOp.SUB) {
                String neg = temp(t);
                emit("neg." + PtxText.signed(t) + " " + neg + ", " + operand);
                operand = neg;
            }
            // Neither the old nor the new value is read afterwards: when the whole warp is here and
            // updates one location, the lanes combine their operands (shuffles) and one updates memory. Integers always
            // (exact); floating point only for reductions, whose order OpenMP leaves open.
            boolean combine = uses.getOrDefault(load.dst().id, 0) == 1 && uses.getOrDefault(bin.dst().id, 0) == 1
                    && (reduction || !t.isFloat());
            if (combine) {
                String single = newLabel(), end = newLabel(), mask = temp(IrType.I32), notFull = pred(), notFirst = pred();
                emit("activemask.b32 " + mask);
                emit("setp.ne.b32 " + notFull + ", " + mask + ", -1");
                emit("@" + notFull + " bra " + single);
                // all 32 lanes here, and all at one location (h[i % 16] += 1 is not)
                String same = pred(), ignored = temp(IrType.I32);
                emit("match.all.sync.b64 " + ignored + "|" + same + ", " + p + ", -1");
                emit("@!" + same + " bra " + single);
                String acc = temp(t);
                emit("mov." + PtxText.bits(t) + " " + acc + ", " + operand);
                for (int off = 16; off >= 1; off /= 2) {
                    String other = shuffle(acc, t, off);
                    String combineOp = switch (bin.op()) {
                        case ADD, SUB -> t.isFloat() ? "add.rn." + PtxText.signed(t) : "add." + PtxText.signed(t);
                        default -> bin.op().spelling + "." + PtxText.bits(t);
                    };
                    emit(combineOp + " " + acc + ", " + acc + ", " + other);
                }
                String lane = temp(IrType.I32);
                emit("mov.u32 " + lane + ", %laneid");
                emit("setp.ne.u32 " + notFirst + ", " + lane + ", 0");
                emit("@" + notFirst + " bra " + end);
                emit("atom." + atomOp + " " + reg(load.dst()) + ", [" + p + "], " + acc);
                emit("bra.uni " + end);
                emitLabel(single);
                emit("atom." + atomOp + " " + reg(load.dst()) + ", [" + p + "], " + operand);
                emitLabel(end);
                return;   // v and w are read by nobody
            }
            emit("atom." + atomOp + " " + reg(load.dst()) + ", [" + p + "], " + operand);
            insn(bin);   // the new value, for a capture
            return;
        }
        // compare-and-swap on the bits
        IrType bits = t.size == 8 ? IrType.I64 : IrType.I32;
        String b = "b" + (t.size * 8), top = newLabel(), again = pred();
        insn(load);
        emitLabel(top);
        for (int k = l + 1; k < s; k++) insn(insns.get(k));
        String expected = temp(bits), desired = temp(bits), old = temp(bits);
        emit("mov." + b + " " + expected + ", " + reg(load.dst()));
        emit("mov." + b + " " + desired + ", " + reg(store.value()));
        emit("atom.cas." + b + " " + old + ", [" + p + "], " + expected + ", " + desired);
        emit("setp.ne." + b + " " + again + ", " + old + ", " + expected);
        emit("mov." + b + " " + reg(load.dst()) + ", " + old);
        emit("@" + again + " bra " + top);
    }

    /** The value of {@code v} in the lane {@code off} away (butterfly), all lanes taking part. */
    private String shuffle(String v, IrType t, int off) {
        String out = temp(t);
        if (t.size == 4) {
            emit("shfl.sync.bfly.b32 " + out + ", " + v + ", " + off + ", 31, -1");
            return out;
        }
        String lo = temp(IrType.I32), hi = temp(IrType.I32);
        emit("mov.b64 {" + lo + ", " + hi + "}, " + v);
        emit("shfl.sync.bfly.b32 " + lo + ", " + lo + ", " + off + ", 31, -1");
        emit("shfl.sync.bfly.b32 " + hi + ", " + hi + ", " + off + ", 31, -1");
        emit("mov.b64 " + out + ", {" + lo + ", " + hi + "}");
        return out;
    }

    /** The PTX atomic for {@code w = v op x} (or {@code x op v}), or null. */
    private static String atomicOp(Insn i, Reg v, Value w) {
        if (!(i instanceof Insn.Binary bin) || !(w instanceof Reg wr) || bin.dst().id != wr.id) return null;
        boolean left = bin.a() instanceof Reg a && a.id == v.id, right = bin.b() instanceof Reg b && b.id == v.id;
        if (left == right) return null;   // v on neither side, or both
        IrType t = bin.dst().type();
        String ty = switch (t) { case I32 -> "u32"; case I64 -> "u64"; case F32 -> "f32"; case F64 -> "f64"; default -> null; };
        return switch (bin.op()) {
            case ADD -> "add." + ty;
            case SUB -> left ? "add." + ty : null;
            case AND, OR, XOR -> t.isFloat() ? null : bin.op().spelling + ".b" + (t.size * 8);
            default -> null;
        };
    }

    private static boolean registerOnly(Insn i) {
        return i instanceof Insn.Binary || i instanceof Insn.Unary || i instanceof Insn.Cmp || i instanceof Insn.Convert || i instanceof Insn.Copy
                || i instanceof Insn.SlotAddr || i instanceof Insn.GlobalAddr;
    }

    private static boolean writtenIn(List<Insn> insns, int from, int to, Reg r) {
        for (int k = from; k < to; k++) if (insns.get(k).dst() != null && insns.get(k).dst().id == r.id) return true;
        return false;
    }

    /** Whether an address may point into this thread's own frame (a slot that does not escape). */
    private boolean privateAddress(Reg p) {
        java.util.Set<Slot> slots = slotsBehind.get(p.id);
        if (slots == null) return false;
        for (Slot sl : slots) if (!escaping.contains(sl)) return true;
        return false;
    }

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
            for (Insn i : b.insns) if (i instanceof Insn.Call c && c.callee().equals(DeviceRuntime.COPYPRIVATE_PUBLISH)) return true;
        return false;
    }

    private boolean needsPrintfBuffer() {
        for (BasicBlock b : f.blocks) for (Insn i : b.insns) if (i instanceof Insn.Call c && c.callee().equals("printf")) return true;
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
        if (b.insns.isEmpty() || !(b.terminator instanceof Terminator.CondBr cb)) return null;
        if (b.insns.getLast() instanceof Insn.Cmp c && cb.cond() instanceof Reg r && r.id == c.dst().id && uses.get(r.id) == 1) return c;
        return null;
    }

    // ---- registers and operands -----------------------------------------------------------

    /** Added to register ids while a small runtime function's body is emitted in place ({@link #inlineRuntime}). */
    private int regOffset;

    private String reg(Reg r) { return PtxText.regPrefix(r.type()) + (r.id + regOffset); }

    private String temp(IrType t) { return PtxText.regPrefix(t) + nextTemp++; }

    private String pred() { return "%p" + nextPred++; }

    private String newLabel() { return "$L" + nextLabel++; }

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
    private String reg(Value v) {
        if (v instanceof Reg r) return reg(r);
        String t = temp(v.type());
        emit("mov." + PtxText.bits(v.type()) + " " + t + ", " + PtxText.immediate(v));
        return t;
    }

    /** A 64-bit register holding an i64 or ptr value, widening an i32 (sign-extended, as the IR keeps it). */
    private String reg64(Value v) {
        if (v.type().isWide()) return reg(v);
        if (v instanceof IntConst c) return reg(IntConst.i64(c.value()));
        String t = temp(IrType.I64);
        emit("cvt.s64.s32 " + t + ", " + reg(v));
        return t;
    }

    private void emit(String s) { code.append('\t').append(s).append(";\n"); }

    private void emitLabel(String l) { code.append(l).append(":\n"); }

    // ---- instructions ---------------------------------------------------------------------

    private void insn(Insn insn) {
        Select sel = selects.get(insn);
        if (sel != null) {
            Insn.Copy c = (Insn.Copy) insn;
            IrType t = c.dst().type();
            String p = pred();
            emit("setp.ne." + PtxText.signed(sel.cond().type()) + " " + p + ", " + reg(sel.cond()) + ", 0");
            String ty = t.isFloat() ? PtxText.signed(t) : PtxText.bits(t);
            emit("selp." + ty + " " + reg(c.dst()) + ", " + reg(c.src()) + ", " + reg(sel.otherwise()) + ", " + p);
            return;
        }
        switch (insn) {
            case Insn.Binary b -> binary(b);
            case Insn.Unary u -> {
                IrType t = u.dst().type();
                if (u.op() == Insn.UnOp.NEG) emit("neg." + PtxText.signed(t) + " " + reg(u.dst()) + ", " + reg(u.a()));
                else emit("not." + PtxText.bits(t) + " " + reg(u.dst()) + ", " + reg(u.a()));
                normalise(u.dst());
            }
            case Insn.Cmp c -> {
                String p = compare(c.op(), c.a(), c.b());
                emit("selp.u32 " + reg(c.dst()) + ", 1, 0, " + p);
            }
            case Insn.Convert c -> convert(c.op(), c.dst(), c.src());
            case Insn.Copy c -> emit("mov." + PtxText.bits(c.dst().type()) + " " + reg(c.dst()) + ", " + op(c.src()));
            case Insn.Load l -> emit("ld." + PtxText.loadType(l.dst().type()) + " " + reg(l.dst()) + ", [" + reg(l.addr()) + "]");
            case Insn.Store s -> emit("st." + PtxText.storeType(s.value().type()) + " [" + reg(s.addr()) + "], " + reg(s.value()));
            case Insn.SlotAddr s -> {
                if (escaping.contains(s.slot())) emit("add.s64 " + reg(s.dst()) + ", " + escapeBase + ", " + (slotOffset.get(s.slot()) - escapeOffset));
                else emit("add.s64 " + reg(s.dst()) + ", " + framePtr + ", " + slotOffset.get(s.slot()));
            }
            case Insn.GlobalAddr g -> {
                ctx.useData(g.symbol());
                emit((ctx.isShared(g.symbol()) ? "cvta.shared.u64 " : "cvta.global.u64 ") + reg(g.dst()) + ", " + ctx.dataSymbol(g.symbol()));
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
            case Insn.MemSet m -> memset(reg(m.dstAddr()), m.value().type().isWide() ? truncate(m.value()) : reg(m.value()), m.size());
            case Insn.Call c -> call(c);
            case Insn.CallIndirect c -> indirectCall(c);
        }
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
                    emitCall(fn, new FuncType(t, List.of(t, t), false), b.dst(), List.of(b.a(), b.b()));
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
            case DIV -> emit("div." + s + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case REM -> emit("rem." + s + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case UDIV, UREM -> {
                // a narrow register is sign-extended: its unsigned value is the low bits
                String x = narrow ? zeroExtend(b.a(), t) : reg(b.a());
                String y = narrow ? zeroExtend(b.b(), t) : op(b.b());
                emit((b.op() == Insn.BinOp.UDIV ? "div." : "rem.") + u + " " + d + ", " + x + ", " + y);
            }
            case AND -> emit("and." + bits + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case OR -> emit("or." + bits + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case XOR -> emit("xor." + bits + " " + d + ", " + reg(b.a()) + ", " + op(b.b()));
            case SHL, SHR, USHR -> {
                String count = shiftCount(b.b(), t.isWide() ? 63 : 31);
                String opc = b.op() == Insn.BinOp.SHL ? "shl." + bits : b.op() == Insn.BinOp.SHR ? "shr." + s : "shr." + u;
                emit(opc + " " + d + ", " + reg(b.a()) + ", " + count);
            }
        }
        normalise(b.dst());
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
                case EQ -> "eq"; case NE -> "neu";
                case LT, ULT -> "lt"; case LE, ULE -> "le"; case GT, UGT -> "gt"; case GE, UGE -> "ge";
            };
        } else {
            boolean unsigned = op.ordinal() >= Insn.CmpOp.ULT.ordinal();
            ty = unsigned ? PtxText.unsigned(t) : PtxText.signed(t);
            cmp = switch (op) {
                case EQ -> "eq"; case NE -> "ne"; case LT -> "lt"; case LE -> "le"; case GT -> "gt"; case GE -> "ge";
                case ULT -> "lo"; case ULE -> "ls"; case UGT -> "hi"; case UGE -> "hs";
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
                if (to.isWide() && !from.isWide()) emit("cvt.u64.u32 " + d + ", " + (low.startsWith("%") ? low : reg(src)));
                else emit("mov." + PtxText.bits(to) + " " + d + ", " + low);
            }
            case TRUNC -> {
                if (from.isWide() && !to.isWide()) emit("cvt.u32.u64 " + d + ", " + reg(src));
                else emit("mov." + PtxText.bits(to) + " " + d + ", " + op(src));
                normalise(dst);
            }
            case FPTOSI -> {
                // cvt.rzi saturates and gives 0 for NaN, as the JVM's d2i/d2l do
                emit("cvt.rzi." + (to.isWide() ? "s64" : "s32") + "." + PtxText.signed(from) + " " + d + ", " + reg(src));
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
            case SITOFP -> emit("cvt.rn." + PtxText.signed(to) + "." + (from.isWide() ? "s64" : "s32") + " " + d + ", " + reg(src));
            case UITOFP -> {
                String s = from == IrType.I8 || from == IrType.I16 ? zeroExtend(src, from) : reg(src);
                emit("cvt.rn." + PtxText.signed(to) + "." + (from.isWide() ? "u64" : "u32") + " " + d + ", " + s);
            }
            case FPEXT -> emit("cvt.f64.f32 " + d + ", " + reg(src));
            case FPTRUNC -> emit("cvt.rn.f32.f64 " + d + ", " + reg(src));
            case BITCAST -> {
                if (from.size != to.size) throw new PtxException("function '" + f.name + "': bitcast " + from + " to " + to);
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
            intrinsic(builtin, c);
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
        if (!ctx.isDefined(callee) && classify(callee, c)) return;
        if (callee.equals("__builtin_trap") && !ctx.isDefined(callee)) {
            emit("trap");
            return;
        }
        if (callee.equals("printf") && !ctx.isDefined(callee) && c.type().variadic()) {
            printf(c);
            return;
        }
        String lib = ctx.isDefined(callee) ? null : LibCalls.libdevice(callee);
        // C's vprintf reads the IR's 8-byte slots, CUDA's the packed buffer: the device runtime's differs
        // (the runtime's own call is CUDA's)
        if (lib == null && callee.equals("vprintf") && !ctx.isDefined(callee) && !ctx.isRuntime(f.name)) lib = "__jomp_vprintf";
        emitCall(lib != null ? lib : callee, c.type(), c.dst(), c.args());
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
        if (g == null || !ctx.isRuntime(g.name) || inlineDepth >= INLINE_DEPTH || !g.slots.isEmpty()
                || g.type.variadic() || !g.type.equals(c.type())) return false;
        int size = 0;
        for (BasicBlock b : g.blocks) {
            size += b.insns.size() + 1;
            if (b.terminator == null || b.terminator instanceof Terminator.Switch) return false;
            for (Insn i : b.insns) {
                if (i instanceof Insn.SlotAddr || i instanceof Insn.Alloca || i instanceof Insn.StackSave || i instanceof Insn.StackRestore
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
        for (int k = 0; k < g.blocks.size(); k++) {
            BasicBlock b = g.blocks.get(k);
            emitLabel(label(b));
            for (Insn i : b.insns) insn(i);
            if (b.terminator instanceof Terminator.Ret ret) {
                if (result != null && ret.value() != null) emit("mov." + PtxText.bits(g.type.ret()) + " " + result + ", " + op(ret.value()));
                if (k + 1 < g.blocks.size()) emit("bra.uni " + end);
            } else {
                terminator(b.terminator, k + 1 < g.blocks.size() ? g.blocks.get(k + 1) : null, null);
            }
        }
        emitLabel(end);
        inlineLabels = savedLabels;
        inlineDepth--;
        regOffset = saved;
        if (c.dst() != null && result != null) emit("mov." + PtxText.bits(c.dst().type()) + " " + reg(c.dst()) + ", " + result);
        return true;
    }

    private void intrinsic(Intrinsics.Intrinsic builtin, Insn.Call c) {
        String text = builtin.template();
        if (text.contains("{d}")) text = text.replace("{d}", c.dst() != null ? reg(c.dst()) : temp(c.type().ret()));
        for (int k = 0; k < c.args().size(); k++) text = text.replace("{" + k + "}", reg(c.args().get(k)));
        emit(text);
    }

    /** math.h's isnan, isinf, isfinite and signbit (jomp's {@code __jomp_} helpers) as PTX tests; false for other calls. */
    private boolean classify(String callee, Insn.Call c) {
        FuncType t = c.type();
        if (t.variadic() || t.ret() != IrType.I32 || t.params().size() != 1 || t.params().get(0) != IrType.F64) return false;
        String test = switch (callee) {
            case "__jomp_isnan" -> "setp.nan.f64";
            case "__jomp_isinf" -> "testp.infinite.f64";
            case "__jomp_isfinite" -> "testp.finite.f64";
            case "__jomp_signbit" -> "signbit";
            default -> null;
        };
        if (test == null) return false;
        if (c.dst() == null) return true;
        String x = reg(c.args().get(0)), d = reg(c.dst());
        if (test.equals("signbit")) {
            String bits = temp(IrType.I64);
            emit("mov.b64 " + bits + ", " + x);
            emit("shr.u64 " + bits + ", " + bits + ", 63");
            emit("cvt.u32.u64 " + d + ", " + bits);
            return true;
        }
        String p = pred();
        emit(test + " " + p + ", " + x + (test.startsWith("setp") ? ", " + x : ""));
        emit("selp.u32 " + d + ", 1, 0, " + p);
        return true;
    }

    /** A direct call with the PTX call ABI: arguments and result through .param variables in a scope. */
    private void emitCall(String callee, FuncType type, Reg dst, List<Value> args) {
        if (PtxBackend.isKernel(callee) && ctx.isDefined(callee)) {
            throw new PtxException("function '" + f.name + "' calls kernel '" + callee + "', which a device function cannot call");
        }
        ctx.useFunction(callee, type, f.name);
        boolean bits = Libdevice.isLibdevice(callee) && !ctx.isDefined(callee);
        code.append("\t{\n");
        String params = passArgs(type, args, bits);
        String ret = "";
        if (type.ret() != IrType.VOID) {
            emit(".param ." + paramType(type.ret(), bits) + " __r");
            ret = "(__r), ";
        }
        emit("call.uni " + ret + PtxText.symbol(callee) + ", (" + params + ")");
        if (dst != null && type.ret() != IrType.VOID) emit("ld.param." + paramType(type.ret(), bits) + " " + reg(dst) + ", [__r]");
        code.append("\t}\n");
    }

    private String passArgs(FuncType type, List<Value> args) { return passArgs(type, args, false); }

    private String passArgs(FuncType type, List<Value> args, boolean bits) {
        List<IrType> ps = paramTypes(type);
        if (ps.size() != args.size()) {
            throw new PtxException("function '" + f.name + "': call passes " + args.size() + " arguments to " + type);
        }
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < args.size(); i++) {
            String pt = paramType(ps.get(i), bits);
            emit(".param ." + pt + " __a" + i);
            Value v = args.get(i);
            String r = ps.get(i).isWide() && !v.type().isWide() ? reg64(v) : reg(v);
            emit("st.param." + pt + " [__a" + i + "], " + r);
            names.append(i > 0 ? ", " : "").append("__a").append(i);
        }
        return names.toString();
    }

    private void indirectCall(Insn.CallIndirect c) {
        FuncType type = c.type();
        String target = reg(c.target());
        code.append("\t{\n");
        String params = passArgs(type, c.args());
        String ret = "";
        if (type.ret() != IrType.VOID) {
            emit(".param ." + paramType(type.ret()) + " __r");
            ret = "(__r), ";
        }
        String proto = "$P" + nextLabel++;
        StringBuilder sb = new StringBuilder(proto).append(": .callprototype ");
        if (type.ret() != IrType.VOID) sb.append("(.param .").append(paramType(type.ret())).append(" _) ");
        sb.append("_ (");
        List<IrType> ps = paramTypes(type);
        for (int i = 0; i < ps.size(); i++) sb.append(i > 0 ? ", " : "").append(".param .").append(paramType(ps.get(i))).append(" _");
        code.append('\t').append(sb).append(");\n");
        emit("call " + ret + target + ", (" + params + "), " + proto);
        if (c.dst() != null && type.ret() != IrType.VOID) emit("ld.param." + paramType(type.ret()) + " " + reg(c.dst()) + ", [__r]");
        code.append("\t}\n");
    }

    /**
     * printf(fmt, va) → vprintf(fmt, buf). The IR's variadic area has one 8-byte slot per
     * argument (ints sign- or zero-extended, floats promoted to double); vprintf wants the
     * arguments packed with their natural alignment, so a constant format string says how wide
     * each is and the slots are repacked into a frame buffer. Other formats go to the device
     * runtime's {@code __jomp_vprintf}, which reads the slots as C's vprintf does.
     */
    private void printf(Insn.Call c) {
        String fmt = constantString(c.args().get(0));
        if (fmt == null) {
            // the sizes are known only at run time: C's vprintf over the slots, from the device runtime
            emitCall("__jomp_vprintf", new FuncType(IrType.I32, List.of(IrType.PTR, IrType.PTR), false), c.dst(), c.args());
            return;
        }
        List<Integer> sizes = PrintfFormat.argumentSizes(fmt, f.name);
        Value va = c.args().get(c.args().size() - 1);
        long packed = 0;
        for (int s : sizes) packed = ((packed + s - 1) & -(long) s) + s;
        String buf;
        if (sizes.isEmpty()) {
            buf = reg(IntConst.i64(0));
        } else {
            printfSize = Math.max(printfSize, packed);
            String vaReg = reg(va);
            buf = temp(IrType.PTR);
            emit("add.s64 " + buf + ", " + framePtr + ", " + printfOffset);
            long off = 0;
            for (int k = 0; k < sizes.size(); k++) {
                int s = sizes.get(k);
                off = (off + s - 1) & -(long) s;
                String v = temp(s == 8 ? IrType.I64 : IrType.I32), from = temp(IrType.PTR), to = temp(IrType.PTR);
                emit("add.s64 " + from + ", " + vaReg + ", " + (8L * k));
                emit("ld.u" + (s * 8) + " " + v + ", [" + from + "]");
                emit("add.s64 " + to + ", " + buf + ", " + off);
                emit("st.u" + (s * 8) + " [" + to + "], " + v);
                off += s;
            }
        }
        FuncType vprintf = new FuncType(IrType.I32, List.of(IrType.PTR, IrType.PTR), false);
        ctx.useFunction("vprintf", vprintf, f.name);
        code.append("\t{\n");
        emit(".param .b64 __a0");
        emit("st.param.b64 [__a0], " + reg(c.args().get(0)));
        emit(".param .b64 __a1");
        emit("st.param.b64 [__a1], " + buf);
        emit(".param .b32 __r");
        emit("call.uni (__r), vprintf, (__a0, __a1)");
        if (c.dst() != null) emit("ld.param.b32 " + reg(c.dst()) + ", [__r]");
        code.append("\t}\n");
    }

    /** The contents of a string literal whose address v holds, or null when v is not traceable to one. */
    private String constantString(Value v) {
        Insn def = null;
        for (int hops = 0; hops < 8 && v instanceof Reg r; hops++) { // a few copies, never a cycle of them
            def = singleDef.get(r.id);
            v = def instanceof Insn.Copy cp ? cp.src() : null;
        }
        if (!(def instanceof Insn.GlobalAddr g)) return null;
        Global gl = ctx.module.global(g.symbol());
        if (gl == null || gl.data == null || !gl.relocs.isEmpty()) return null;
        int end = 0;
        while (end < gl.data.length && gl.data[end] != 0) end++;
        return new String(gl.data, 0, end, StandardCharsets.ISO_8859_1);
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
            for (long k : sw.cases()) { min = Math.min(min, (int) k); max = Math.max(max, (int) k); }
            long range = max - min + 1;
            if (range <= 2L * n + 8) {
                BasicBlock[] table = new BasicBlock[(int) range];
                java.util.Arrays.fill(table, sw.defaultTarget());
                for (int i = 0; i < n; i++) table[(int) ((int) (long) sw.cases().get(i) - min)] = sw.targets().get(i);
                String idx = temp(IrType.I32), p = pred(), name = "$T" + nextLabel++;
                emit("sub.s32 " + idx + ", " + v + ", " + min);
                // unsigned: below min wraps to a large index
                emit("setp.hs.u32 " + p + ", " + idx + ", " + range);
                emit("@" + p + " bra " + label(sw.defaultTarget()));
                StringBuilder targets = new StringBuilder();
                for (int i = 0; i < table.length; i++) targets.append(i > 0 ? ", " : "").append(label(table[i]));
                code.append(name).append(": .branchtargets ").append(targets).append(";\n");
                emit("brx.idx " + idx + ", " + name);
                return;
            }
        }
        String ty = PtxText.bits(sw.value().type());
        for (int i = 0; i < n; i++) {
            String p = pred();
            long k = sw.cases().get(i);
            emit("setp.eq." + ty + " " + p + ", " + v + ", " + (sw.value().type().isWide() ? k : (int) k));
            emit("@" + p + " bra " + label(sw.targets().get(i)));
        }
        if (sw.defaultTarget() != next) emit("bra.uni " + label(sw.defaultTarget()));
    }

    /** Emits the block's terminator; {@code fusedPred} holds a CondBr's condition when a compare set it. */
    private void terminator(Terminator t, BasicBlock next, String fusedPred) {
        switch (t) {
            case Terminator.Br br -> { if (br.target() != next) emit("bra.uni " + label(br.target())); }
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
                if (f.type.ret() != IrType.VOID && r.value() != null) {
                    emit("st.param." + paramType(f.type.ret()) + " [" + RETVAL + "], " + reg(r.value()));
                }
                emit("ret");
            }
        }
    }
}
