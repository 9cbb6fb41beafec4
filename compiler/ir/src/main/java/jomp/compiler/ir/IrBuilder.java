package jomp.compiler.ir;

import java.util.List;

/**
 * Appends instructions to the current block of a function. Once the current block has a
 * terminator, further instructions go to a fresh unreachable block (dead code after
 * {@code return} or {@code goto}), which the unreachable-block pass later removes.
 */
public final class IrBuilder {
    public final Function fn;
    private BasicBlock block;
    /** The source line the instructions appended from now on come from (0: none; -g only). */
    public int line;

    public IrBuilder(Function fn) {
        this.fn = fn;
        this.block = fn.blocks.isEmpty() ? fn.newBlock("entry") : fn.blocks.get(fn.blocks.size() - 1);
    }

    public BasicBlock block() {
        return block;
    }

    public void setBlock(BasicBlock b) {
        block = b;
    }

    public boolean isTerminated() {
        return block.terminator != null;
    }

    public BasicBlock newBlock(String hint) {
        return fn.newBlock(hint);
    }

    private void add(Insn i) {
        if (block.terminator != null) block = fn.newBlock("dead");
        block.insns.add(i);
        if (line > 0) fn.setLine(i, line);
    }

    private void terminate(Terminator t) {
        if (block.terminator != null) block = fn.newBlock("dead");
        block.terminator = t;
        if (line > 0) fn.setLine(t, line);
    }

    public Reg binary(Insn.BinOp op, Value a, Value b) {
        Reg d = fn.newReg(a.type());
        add(new Insn.Binary(op, d, a, b));
        return d;
    }

    /** {@code p + offset} for a ptr p and an i64 byte offset. */
    public Reg ptrAdd(Value p, Value offset) {
        return binary(Insn.BinOp.ADD, p, offset);
    }

    public Reg unary(Insn.UnOp op, Value a) {
        Reg d = fn.newReg(a.type());
        add(new Insn.Unary(op, d, a));
        return d;
    }

    public Reg cmp(Insn.CmpOp op, Value a, Value b) {
        Reg d = fn.newReg(IrType.I32);
        add(new Insn.Cmp(op, d, a, b));
        return d;
    }

    public Reg convert(Insn.ConvOp op, Value src, IrType to) {
        Reg d = fn.newReg(to);
        add(new Insn.Convert(op, d, src));
        return d;
    }

    /** Assigns a register (the way C locals in registers are written). */
    public void copy(Reg dst, Value src) {
        add(new Insn.Copy(dst, src));
    }

    public Reg load(IrType type, Value addr) {
        Reg d = fn.newReg(type);
        add(new Insn.Load(d, addr));
        return d;
    }

    /** A load the optimiser keeps even when its value is unused (a C volatile lvalue). */
    public Reg loadVolatile(IrType type, Value addr) {
        Reg d = fn.newReg(type);
        add(new Insn.Load(d, addr, true));
        return d;
    }

    public void store(Value value, Value addr) {
        add(new Insn.Store(value, addr));
    }

    /** {@code old = atomicrmw op v, p}: the old value. */
    public Reg atomicRmw(Insn.RmwOp op, Value addr, Value v, Insn.Ordering o) {
        return atomicRmw(op, addr, v, o, Insn.Scope.DEVICE);
    }

    public Reg atomicRmw(Insn.RmwOp op, Value addr, Value v, Insn.Ordering o, Insn.Scope scope) {
        Reg d = fn.newReg(v.type());
        add(new Insn.AtomicRmw(op, d, addr, v, o, false, scope));
        return d;
    }

    /** A reduction's {@code atomicrmw reassoc op v, p} (relaxed): its updates may be combined in any grouping. */
    public void reductionRmw(Insn.RmwOp op, Value addr, Value v) {
        add(new Insn.AtomicRmw(op, fn.newReg(v.type()), addr, v, Insn.Ordering.MONOTONIC, true, Insn.Scope.DEVICE));
    }

    /** {@code old = cmpxchg expected, desired, p}: the old value (equal to expected when it exchanged). */
    public Reg cmpxchg(Value addr, Value expected, Value desired, Insn.Ordering success, Insn.Ordering failure) {
        return cmpxchg(addr, expected, desired, success, failure, Insn.Scope.DEVICE);
    }

    public Reg cmpxchg(
            Value addr, Value expected, Value desired, Insn.Ordering success, Insn.Ordering failure, Insn.Scope scope) {
        Reg d = fn.newReg(expected.type());
        add(new Insn.CmpXchg(d, addr, expected, desired, success, failure, scope));
        return d;
    }

    public Reg atomicLoad(IrType type, Value addr, Insn.Ordering o) {
        return atomicLoad(type, addr, o, Insn.Scope.DEVICE);
    }

    public Reg atomicLoad(IrType type, Value addr, Insn.Ordering o, Insn.Scope scope) {
        Reg d = fn.newReg(type);
        add(new Insn.AtomicLoad(d, addr, o, scope));
        return d;
    }

    public void atomicStore(Value value, Value addr, Insn.Ordering o) {
        atomicStore(value, addr, o, Insn.Scope.DEVICE);
    }

    public void atomicStore(Value value, Value addr, Insn.Ordering o, Insn.Scope scope) {
        add(new Insn.AtomicStore(value, addr, o, scope));
    }

    public void fence(Insn.Ordering o, Insn.Scope scope) {
        add(new Insn.Fence(o, scope));
    }

    public Reg slotAddr(Slot s) {
        Reg d = fn.newReg(IrType.PTR);
        add(new Insn.SlotAddr(d, s));
        return d;
    }

    public Reg globalAddr(String symbol) {
        Reg d = fn.newReg(IrType.PTR);
        add(new Insn.GlobalAddr(d, symbol));
        return d;
    }

    public Reg funcAddr(String symbol) {
        Reg d = fn.newReg(IrType.PTR);
        add(new Insn.FuncAddr(d, symbol));
        return d;
    }

    public Reg alloca(Value size, int align) {
        Reg d = fn.newReg(IrType.PTR);
        add(new Insn.Alloca(d, size, align));
        return d;
    }

    public Reg stackSave() {
        Reg d = fn.newReg(IrType.PTR);
        add(new Insn.StackSave(d));
        return d;
    }

    public void stackRestore(Value saved) {
        add(new Insn.StackRestore(saved));
    }

    public void memcpy(Value dst, Value src, Value size) {
        add(new Insn.MemCopy(dst, src, size));
    }

    public void memset(Value dst, Value value, Value size) {
        add(new Insn.MemSet(dst, value, size));
    }

    /** A direct call; returns the result register, or null for a void function. */
    public Reg call(String callee, FuncType type, List<Value> args) {
        return call(callee, type, args, null);
    }

    /** A direct call with its C signature (a call to a function defined elsewhere, which may be native code). */
    public Reg call(String callee, FuncType type, List<Value> args, String csig) {
        Reg d = type.ret() == IrType.VOID ? null : fn.newReg(type.ret());
        add(new Insn.Call(d, callee, type, args, csig));
        return d;
    }

    public Reg callIndirect(Value target, FuncType type, List<Value> args) {
        return callIndirect(target, type, args, null);
    }

    public Reg callIndirect(Value target, FuncType type, List<Value> args, String csig) {
        Reg d = type.ret() == IrType.VOID ? null : fn.newReg(type.ret());
        add(new Insn.CallIndirect(d, target, type, args, csig));
        return d;
    }

    public void br(BasicBlock target) {
        terminate(new Terminator.Br(target));
    }

    public void condBr(Value cond, BasicBlock t, BasicBlock f) {
        terminate(new Terminator.CondBr(cond, t, f));
    }

    public void switchTo(Value v, BasicBlock dflt, List<Long> cases, List<BasicBlock> targets) {
        terminate(new Terminator.Switch(v, dflt, cases, targets));
    }

    public void ret(Value v) {
        terminate(new Terminator.Ret(v));
    }
}
