package jomp.compiler.opt;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.Operands;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Terminator;
import jomp.compiler.ir.Value;

/**
 * Replaces one direct call by a copy of the callee's body (the transformation; {@link Inliner}
 * decides where). The registers are not SSA, so no phi is needed: the block holding the call is
 * split after it, the arguments are copied into fresh registers standing for the callee's
 * parameters (the callee may assign its parameters), each {@code ret v} becomes
 * {@code dst = copy v} and a jump to the split-off rest, and the callee's frame slots become
 * slots of the caller's frame. Every cloned instruction is a new object with the callee's source
 * line (one unit, one file).
 */
final class InlineCall {
    private final Function f, g;
    private final Map<Integer, Reg> regs = new HashMap<>();
    private final Map<Slot, Slot> slots = new IdentityHashMap<>();
    private final Map<BasicBlock, BasicBlock> blocks = new IdentityHashMap<>();

    private InlineCall(Function caller, Function callee) {
        f = caller;
        g = callee;
    }

    /**
     * Inlines the call at index k of the caller's block at blockIndex (a direct call of callee,
     * whose type it has). The callee's blocks, then the block holding what followed the call
     * (returned), come right after that block.
     */
    static BasicBlock inline(Function caller, int blockIndex, int k, Function callee) {
        return new InlineCall(caller, callee).run(blockIndex, k);
    }

    private BasicBlock run(int blockIndex, int k) {
        BasicBlock b = f.blocks.get(blockIndex);
        Insn.Call call = (Insn.Call) b.insns.get(k);
        int line = f.line(call);
        BasicBlock rest = f.newBlock(g.name + ".ret");
        List<Insn> tail = b.insns.subList(k + 1, b.insns.size());
        rest.insns.addAll(tail);
        tail.clear();
        b.insns.remove(k);
        rest.terminator = b.terminator;
        for (Slot s : g.slots) {
            Slot copy = f.newSlot(s.name, s.size, s.align);
            copy.isVolatile = s.isVolatile;
            slots.put(s, copy);
        }
        // the new blocks follow the call's block in the caller's list (block-order lays them out later)
        List<BasicBlock> made = new ArrayList<>();
        for (BasicBlock gb : g.blocks) {
            BasicBlock nb = f.newBlock(gb.name.replaceAll("\\.\\d+$", ""));
            blocks.put(gb, nb);
            made.add(nb);
        }
        // newBlock appended rest, then the callee's blocks: move them from the end to after b
        f.blocks.subList(f.blocks.size() - made.size() - 1, f.blocks.size()).clear();
        made.add(rest);
        f.blocks.addAll(blockIndex + 1, made);
        for (int i = 0; i < g.params.size(); i++) {
            Insn c = new Insn.Copy(reg(g.params.get(i)), call.args().get(i));
            b.insns.add(c);
            f.setLine(c, line);
        }
        b.terminator = new Terminator.Br(blocks.get(g.entry()));
        f.setLine(b.terminator, line);
        for (BasicBlock gb : g.blocks) {
            BasicBlock nb = blocks.get(gb);
            for (Insn i : gb.insns) {
                Insn c = clone(i);
                nb.insns.add(c);
                f.setLine(c, g.line(i));
            }
            Terminator t = gb.terminator;
            int tl = g.line(t) > 0 ? g.line(t) : line;
            if (t instanceof Terminator.Ret r) {
                if (call.dst() != null && r.value() != null) {
                    Insn c = new Insn.Copy(call.dst(), value(r.value()));
                    nb.insns.add(c);
                    f.setLine(c, tl);
                }
                nb.terminator = new Terminator.Br(rest);
            } else {
                nb.terminator = switch (Operands.map(t, this::value)) {
                    case Terminator.Br br -> new Terminator.Br(blocks.get(br.target()));
                    case Terminator.CondBr cb ->
                        new Terminator.CondBr(cb.cond(), blocks.get(cb.ifTrue()), blocks.get(cb.ifFalse()));
                    case Terminator.Switch sw ->
                        new Terminator.Switch(
                                sw.value(),
                                blocks.get(sw.defaultTarget()),
                                sw.cases(),
                                sw.targets().stream().map(blocks::get).toList());
                    case Terminator.Ret r -> r;
                };
            }
            f.setLine(nb.terminator, tl);
        }
        return rest;
    }

    private Reg reg(Reg r) {
        return regs.computeIfAbsent(r.id, id -> f.newReg(r.type(), r.name));
    }

    private Value value(Value v) {
        return v instanceof Reg r ? reg(r) : v;
    }

    /** A new instruction: the callee's with its registers and slots renamed. */
    private Insn clone(Insn i) {
        Insn c = Operands.map(i, this::value);
        if (c instanceof Insn.SlotAddr s) return new Insn.SlotAddr(reg(s.dst()), slots.get(s.slot()));
        if (c.dst() != null) return Operands.withDst(c, reg(c.dst()));
        // no result and possibly no register operand: Operands.map may have returned i itself
        return switch (c) {
            case Insn.Store s -> new Insn.Store(s.value(), s.addr());
            case Insn.StackRestore s -> new Insn.StackRestore(s.saved());
            case Insn.MemCopy m -> new Insn.MemCopy(m.dstAddr(), m.srcAddr(), m.size());
            case Insn.MemSet m -> new Insn.MemSet(m.dstAddr(), m.value(), m.size());
            case Insn.Call call -> new Insn.Call(null, call.callee(), call.type(), call.args(), call.csig());
            case Insn.CallIndirect call ->
                new Insn.CallIndirect(null, call.target(), call.type(), call.args(), call.csig());
            case Insn.AtomicStore s -> new Insn.AtomicStore(s.value(), s.addr(), s.ordering(), s.scope());
            case Insn.Fence fe -> new Insn.Fence(fe.ordering(), fe.scope());
            default -> throw new IllegalStateException("instruction without a result: " + c);
        };
    }
}
