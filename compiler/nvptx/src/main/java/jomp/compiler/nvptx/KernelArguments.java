package jomp.compiler.nvptx;

import java.util.ArrayList;
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
import jomp.compiler.ir.Value;

/**
 * A kernel's arguments as the {@code .entry}'s own parameters (offload-abi.md §2). The lowering
 * writes a kernel as {@code void k(ptr args)} reading its {@link Function#kernelArgs} 64-bit
 * arguments from an array of slots, which is what the host fallback and the jvm device pass; on
 * nvptx the entry declares them as that many {@code .param .u64}, as clang's kernels do, and the
 * plugins pass them one by one. Here the kernel gets a frame slot of that size, filled from the
 * parameters at entry ({@code __jomp_kernel_arg(k)}, a {@code ld.param}), whose address the
 * kernel's {@code args} register then holds: the body reads and may write its slots as before.
 * Where the body only loads whole slots at constant offsets ({@link #promote}), each load becomes
 * the parameter's {@code ld.param} and there is no slot: nothing is read through memory, as in
 * clang's kernels.
 */
final class KernelArguments {
    private KernelArguments() {}

    /** {@code i64 __jomp_kernel_arg(i32 k)}: the entry's parameter k (PtxFunction emits a {@code ld.param.u64}). */
    static final String ARG = "__jomp_kernel_arg";

    static final FuncType ARG_TYPE = new FuncType(IrType.I64, List.of(IrType.I32), false);

    /** The slot holding the arguments, by kernel: PtxFunction declares the entry's parameters from it. */
    static int count(Function k) {
        if (k.kernelArgs < 0) {
            throw new PtxException(
                    "kernel '" + k.name + "' does not say how many arguments it takes (kernel_args in its IR)");
        }
        return k.kernelArgs;
    }

    /** Rewrites kernel k: a new entry block moves the parameters into a slot and points {@code args} at it. */
    static void rewrite(Function k) {
        if (k.type.ret() != IrType.VOID
                || k.params.size() != 1
                || !k.params.get(0).type().isWide()
                || k.type.variadic()) {
            throw new PtxException(
                    "kernel '" + k.name + "' must be 'void (ptr)' (the address of its argument slots), not " + k.type);
        }
        int n = count(k);
        if (promote(k, n)) return;
        Reg args = k.params.get(0);
        BasicBlock entry = k.newBlock("kernel.args");
        k.blocks.remove(entry);
        BasicBlock old = k.blocks.get(0);
        k.blocks.add(0, entry);
        Slot slot = k.newSlot("kernel.args", 8L * Math.max(1, n), 8);
        Reg base = k.newReg(IrType.PTR, "kernel.args");
        entry.insns.add(new Insn.SlotAddr(base, slot));
        for (int i = 0; i < n; i++) {
            Reg v = k.newReg(IrType.I64, "kernel.arg");
            entry.insns.add(new Insn.Call(v, ARG, ARG_TYPE, List.of(IntConst.i32(i))));
            Value at = base;
            if (i > 0) {
                Reg a = k.newReg(IrType.PTR);
                entry.insns.add(new Insn.Binary(Insn.BinOp.ADD, a, base, IntConst.i64(8L * i)));
                at = a;
            }
            entry.insns.add(new Insn.Store(v, at));
        }
        entry.insns.add(new Insn.Copy(args, base));
        entry.terminator = new jomp.compiler.ir.Terminator.Br(old);
    }

    /**
     * Replaces each {@code load T (args + 8j)} by parameter j (its low bytes for a narrower T)
     * when that is all the body does with {@code args}: loads of whole slots at constant offsets,
     * directly or through an {@code add} whose register is set once and only loaded from. Returns
     * false, changing nothing, for any other use (a slot's address passed on, a store into a slot).
     */
    static boolean promote(Function k, int n) {
        Reg args = k.params.get(0);
        Map<Integer, Integer> defs = new HashMap<>();
        for (BasicBlock b : k.blocks)
            for (Insn i : b.insns) if (i.dst() != null) defs.merge(i.dst().id, 1, Integer::sum);
        if (defs.containsKey(args.id)) return false;
        Map<Integer, Long> offsets = new HashMap<>(); // registers holding args + offset
        offsets.put(args.id, 0L);
        for (BasicBlock b : k.blocks) {
            for (Insn i : b.insns) {
                if (i instanceof Insn.Binary bin
                        && bin.op() == Insn.BinOp.ADD
                        && isReg(bin.a(), args)
                        && bin.b() instanceof IntConst c
                        && defs.get(bin.dst().id) == 1) {
                    offsets.put(bin.dst().id, c.value());
                }
            }
        }
        // every use of those registers is the address of a load of a whole slot
        for (BasicBlock b : k.blocks) {
            if (b.terminator != null && Operands.of(b.terminator) instanceof Reg r && offsets.containsKey(r.id))
                return false;
            for (Insn i : b.insns) {
                if (i instanceof Insn.Binary bin && offsets.containsKey(bin.dst().id) && bin.dst().id != args.id)
                    continue;
                if (i instanceof Insn.Load l && l.addr() instanceof Reg a && offsets.containsKey(a.id)) {
                    long off = offsets.get(a.id);
                    if (off % 8 != 0 || off < 0 || off / 8 >= n || l.dst().type().size > 8) return false;
                    continue;
                }
                for (Value v : Operands.of(i)) if (v instanceof Reg r && offsets.containsKey(r.id)) return false;
            }
        }
        for (BasicBlock b : k.blocks) {
            List<Insn> out = new ArrayList<>(b.insns.size());
            for (Insn i : b.insns) {
                if (i instanceof Insn.Binary bin && offsets.containsKey(bin.dst().id))
                    continue; // only its loads used it
                if (i instanceof Insn.Load l && l.addr() instanceof Reg a && offsets.containsKey(a.id)) {
                    loadParameter(k, out, l.dst(), (int) (offsets.get(a.id) / 8));
                    continue;
                }
                out.add(i);
            }
            b.insns.clear();
            b.insns.addAll(out);
        }
        return true;
    }

    /** {@code dst = } parameter j as dst's type: the 64 bits, their low part, or those bits as a float. */
    private static void loadParameter(Function k, List<Insn> out, Reg dst, int j) {
        List<Value> index = List.of(IntConst.i32(j));
        IrType t = dst.type();
        if (t == IrType.I64) {
            out.add(new Insn.Call(dst, ARG, ARG_TYPE, index));
            return;
        }
        Reg v = k.newReg(IrType.I64, "kernel.arg");
        out.add(new Insn.Call(v, ARG, ARG_TYPE, index));
        if (t.size == 8) {
            out.add(new Insn.Convert(Insn.ConvOp.BITCAST, dst, v));
        } else if (t == IrType.F32) {
            Reg low = k.newReg(IrType.I32);
            out.add(new Insn.Convert(Insn.ConvOp.TRUNC, low, v));
            out.add(new Insn.Convert(Insn.ConvOp.BITCAST, dst, low));
        } else {
            out.add(new Insn.Convert(Insn.ConvOp.TRUNC, dst, v));
        }
    }

    private static boolean isReg(Value v, Reg r) {
        return v instanceof Reg x && x.id == r.id;
    }

    /** The parameter list of kernel k's {@code .entry}: one {@code .param .u64} per argument. */
    static String parameters(Function k) {
        List<String> ps = new ArrayList<>();
        for (int i = 0; i < count(k); i++) ps.add(".param .u64 " + paramName(i));
        return String.join(", ", ps);
    }

    static String paramName(int i) {
        return "__arg" + i;
    }
}
