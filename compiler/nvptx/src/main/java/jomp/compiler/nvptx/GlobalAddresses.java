package jomp.compiler.nvptx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Global;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Which registers of the module's own functions hold global-memory addresses, so that their
 * loads and stores are {@code ld.global}/{@code st.global} rather than generic (LLVM's
 * InferAddressSpaces after NVPTX marks kernel pointer parameters global), and which of those
 * point into read-only data, whose loads are {@code ld.global.nc}.
 *
 * <p>A kernel's arguments come from the host: device addresses of mapped data, device pointers,
 * literal scalars — never an address in a block's shared or a thread's local memory, which the
 * host cannot name. So an argument value ({@code __jomp_kernel_arg}), a global variable's address
 * (the module's {@code .global} data; {@code readOnly} ones are constants nothing writes) and
 * those plus or minus an integer are global addresses. They reach the regions through argument
 * blocks in the callers' frames, so the analysis follows values through frame slots and direct
 * calls: a frame slot's 8-byte fields at constant offsets hold the join of what is stored there,
 * a static function called only directly gets the join of its call sites' arguments. Anything
 * it cannot follow — a slot address passed to the runtime, stored into other memory, copied
 * with memcpy, offset by a variable and written, a function whose address is taken or that other
 * units may call, a value loaded from global memory — is "any address", and a slot whose address
 * went that way holds "any" values: generic accesses stay, as before. Flow-insensitive and
 * monotone: it iterates to a fixed point.
 */
final class GlobalAddresses {
    /** Abstract values: nothing yet (null), a global address, one into read-only global data, or any. */
    private static final Object GLOBAL = "global", READ_ONLY = "read-only", ANY = "any";

    private static final long UNKNOWN = Long.MIN_VALUE;

    /** A frame slot of a function. */
    private record SlotKey(String fn, int slot) {}

    /** The address of a frame slot plus an offset ({@link #UNKNOWN} when not constant). */
    private record Ref(SlotKey slot, long off) {}

    /** An 8-byte field of a frame slot. */
    private record Field(SlotKey slot, long off) {}

    private final Module m;
    private final Set<String> analysed;
    private final Map<String, Map<Integer, Object>> regs = new HashMap<>();
    private final Map<String, Object[]> params = new HashMap<>();
    private final Map<Field, Object> fields = new HashMap<>();
    private final Set<SlotKey> escaped = new HashSet<>();
    private boolean changed;

    private GlobalAddresses(Module m, Set<String> runtime) {
        this.m = m;
        Set<String> addressTaken = new HashSet<>();
        for (Global g : m.globals) for (Global.Reloc r : g.relocs) addressTaken.add(r.symbol());
        for (Function f : m.functions)
            for (BasicBlock b : f.blocks)
                for (Insn i : b.insns) if (i instanceof Insn.FuncAddr a) addressTaken.add(a.symbol());
        analysed = new HashSet<>();
        for (Function f : m.functions) {
            if (runtime.contains(f.name) || f.blocks.isEmpty()) continue;
            analysed.add(f.name);
            Object[] p = new Object[f.params.size()];
            // a kernel's IR parameter is set by its first block (KernelArguments); a function others may call gets
            // anything
            boolean directOnly = f.isStatic && !addressTaken.contains(f.name) && !PtxBackend.isKernel(f.name);
            if (!directOnly && !PtxBackend.isKernel(f.name)) java.util.Arrays.fill(p, ANY);
            params.put(f.name, p);
        }
    }

    /** The result: by function, its registers that hold global addresses, and those of them that point into read-only data. */
    record Result(Map<String, Set<Integer>> global, Map<String, Set<Integer>> readOnly) {
        static final Result NONE = new Result(Map.of(), Map.of());

        boolean isGlobal(String fn, Value address) {
            return address instanceof Reg r && global.getOrDefault(fn, Set.of()).contains(r.id);
        }

        boolean isReadOnly(String fn, Value address) {
            return address instanceof Reg r
                    && readOnly.getOrDefault(fn, Set.of()).contains(r.id);
        }
    }

    /** Analyses the module's functions other than the runtime's (after KernelArguments has rewritten the kernels). */
    static Result analyse(Module m, Set<String> runtime) {
        GlobalAddresses a = new GlobalAddresses(m, runtime);
        do {
            a.changed = false;
            for (Function f : m.functions) if (a.analysed.contains(f.name)) a.visit(f);
        } while (a.changed);
        Map<String, Set<Integer>> global = new HashMap<>(), readOnly = new HashMap<>();
        for (var e : a.regs.entrySet()) {
            Set<Integer> g = new HashSet<>(), ro = new HashSet<>();
            for (var r : e.getValue().entrySet()) {
                if (r.getValue() == GLOBAL || r.getValue() == READ_ONLY) g.add(r.getKey());
                if (r.getValue() == READ_ONLY) ro.add(r.getKey());
            }
            global.put(e.getKey(), g);
            readOnly.put(e.getKey(), ro);
        }
        return new Result(global, readOnly);
    }

    private void visit(Function f) {
        Map<Integer, Object> r = regs.computeIfAbsent(f.name, k -> new HashMap<>());
        Object[] p = params.get(f.name);
        for (int k = 0; k < f.params.size(); k++) set(r, f.params.get(k), p[k]);
        for (BasicBlock b : f.blocks) {
            for (Insn i : b.insns) visit(f, r, i);
            if (b.terminator instanceof Terminator.Ret ret && ret.value() != null) escape(value(r, ret.value()));
        }
    }

    private void visit(Function f, Map<Integer, Object> r, Insn insn) {
        switch (insn) {
            case Insn.SlotAddr s -> set(r, s.dst(), new Ref(new SlotKey(f.name, s.slot().id), 0));
            case Insn.GlobalAddr g -> {
                Global d = m.global(g.symbol());
                set(
                        r,
                        g.dst(),
                        d == null || d.name.startsWith(DeviceRuntime.SHARED_PREFIX) || d.perTeam
                                ? ANY
                                : d.readOnly ? READ_ONLY : GLOBAL);
            }
            case Insn.Copy c -> set(r, c.dst(), value(r, c.src()));
            case Insn.Convert c -> {
                Object v = value(r, c.src());
                boolean keeps = c.dst().type().size == 8 && c.src().type().size == 8 && c.op() == Insn.ConvOp.BITCAST;
                if (!keeps) escape(v);
                set(r, c.dst(), keeps ? v : ANY);
            }
            case Insn.Binary bin -> set(r, bin.dst(), arithmetic(r, bin));
            case Insn.Load l -> {
                Object a = value(r, l.addr());
                if (a == null) return; // the address is not known yet
                Object v = ANY;
                if (a instanceof Ref ref && ref.off() != UNKNOWN && l.dst().type().size == 8) {
                    v = escaped.contains(ref.slot()) ? ANY : fields.get(new Field(ref.slot(), ref.off()));
                }
                set(r, l.dst(), v);
            }
            case Insn.Store s -> {
                Object a = value(r, s.addr()), v = value(r, s.value());
                if (a == null) return; // the address is not known yet
                if (a instanceof Ref ref) {
                    if (ref.off() == UNKNOWN || s.value().type().size != 8) escapeSlot(ref.slot());
                    else join(new Field(ref.slot(), ref.off()), v);
                } else {
                    escape(v); // a slot address in memory the analysis does not follow
                }
            }
            case Insn.MemCopy c -> {
                escape(value(r, c.dstAddr()));
                escape(value(r, c.srcAddr()));
            }
            case Insn.MemSet s -> escape(value(r, s.dstAddr()));
            case Insn.Call c
            when c.callee().equals(KernelArguments.ARG) && m.function(c.callee()) == null -> set(r, c.dst(), GLOBAL);
            case Insn.Call c -> {
                Object[] p = analysed.contains(c.callee()) ? params.get(c.callee()) : null;
                for (int k = 0; k < c.args().size(); k++) {
                    Object v = value(r, c.args().get(k));
                    if (p != null && k < p.length && p[k] != ANY) {
                        Object j = joined(p[k], v);
                        if (j != p[k] && !j.equals(p[k])) {
                            p[k] = j;
                            changed = true;
                        }
                    } else {
                        escape(v);
                    }
                }
                if (c.dst() != null) set(r, c.dst(), ANY);
            }
            default -> {
                for (Value v : Operands.of(insn)) if (!(insn instanceof Insn.Cmp)) escape(value(r, v));
                if (insn.dst() != null) set(r, insn.dst(), ANY);
            }
        }
    }

    /**
     * add/sub keep a slot address (at a known offset when the other operand is a constant); like
     * a GEP, {@code base + offset} and {@code base - offset} keep the base's global address space
     * (the base is the first operand). Anything else is any.
     */
    private Object arithmetic(Map<Integer, Object> r, Insn.Binary bin) {
        Object a = value(r, bin.a()), b = value(r, bin.b());
        boolean add = bin.op() == Insn.BinOp.ADD, sub = bin.op() == Insn.BinOp.SUB;
        if ((add || sub) && a instanceof Ref ref && !(b instanceof Ref)) {
            long off = ref.off() == UNKNOWN || !(bin.b() instanceof IntConst k)
                    ? UNKNOWN
                    : add ? ref.off() + k.value() : ref.off() - k.value();
            return new Ref(ref.slot(), off);
        }
        if (add && b instanceof Ref ref && !(a instanceof Ref)) {
            return new Ref(
                    ref.slot(),
                    ref.off() == UNKNOWN || !(bin.a() instanceof IntConst k) ? UNKNOWN : ref.off() + k.value());
        }
        if (sub && a instanceof Ref && b instanceof Ref) return ANY; // a distance, not an address
        escape(a);
        escape(b);
        if (a == null) return null; // the base is not known yet
        if ((add || sub) && isGlobal(a) && bin.dst().type().size == 8) return a;
        return ANY;
    }

    private static boolean isGlobal(Object v) {
        return v == GLOBAL || v == READ_ONLY;
    }

    private Object value(Map<Integer, Object> r, Value v) {
        return v instanceof Reg reg ? r.get(reg.id) : ANY;
    }

    private void set(Map<Integer, Object> r, Reg dst, Object v) {
        if (dst == null || v == null) return;
        Object old = r.get(dst.id);
        Object j = joined(old, v);
        if (old == null || !old.equals(j)) {
            r.put(dst.id, j);
            changed = true;
        }
    }

    private void join(Field f, Object v) {
        if (v == null) return;
        Object old = fields.get(f);
        Object j = joined(old, v);
        if (old == null || !old.equals(j)) {
            fields.put(f, j);
            changed = true;
        }
    }

    /** The join of two abstract values; joining different slot addresses (or one with anything else) lets them escape. */
    private Object joined(Object a, Object b) {
        if (a == null) return b;
        if (b == null || a.equals(b)) return a;
        if (isGlobal(a) && isGlobal(b)) return GLOBAL;
        escape(a);
        escape(b);
        return ANY;
    }

    private void escape(Object v) {
        if (v instanceof Ref ref) escapeSlot(ref.slot());
    }

    /** A slot whose address the analysis lost: its fields hold anything, and the slots their addresses name escape too. */
    private void escapeSlot(SlotKey s) {
        if (!escaped.add(s)) return;
        changed = true;
        List<Object> held = new ArrayList<>();
        for (var e : fields.entrySet()) if (e.getKey().slot().equals(s)) held.add(e.getValue());
        for (Object v : held) escape(v);
    }
}
