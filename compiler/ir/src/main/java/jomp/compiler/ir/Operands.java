package jomp.compiler.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** The values an instruction reads, and a copy of it with those values replaced. */
public final class Operands {
    private Operands() {}

    public static List<Value> of(Insn insn) {
        return switch (insn) {
            case Insn.Binary b -> List.of(b.a(), b.b());
            case Insn.Unary u -> List.of(u.a());
            case Insn.Cmp c -> List.of(c.a(), c.b());
            case Insn.Convert c -> List.of(c.src());
            case Insn.Copy c -> List.of(c.src());
            case Insn.Load l -> List.of(l.addr());
            case Insn.Store s -> List.of(s.value(), s.addr());
            case Insn.SlotAddr s -> List.of();
            case Insn.GlobalAddr g -> List.of();
            case Insn.FuncAddr g -> List.of();
            case Insn.Alloca a -> List.of(a.size());
            case Insn.StackSave s -> List.of();
            case Insn.StackRestore s -> List.of(s.saved());
            case Insn.MemCopy m -> List.of(m.dstAddr(), m.srcAddr(), m.size());
            case Insn.MemSet m -> List.of(m.dstAddr(), m.value(), m.size());
            case Insn.Call c -> c.args();
            case Insn.AtomicRmw a -> List.of(a.addr(), a.value());
            case Insn.CmpXchg x -> List.of(x.addr(), x.expected(), x.desired());
            case Insn.AtomicLoad l -> List.of(l.addr());
            case Insn.AtomicStore s -> List.of(s.value(), s.addr());
            case Insn.Fence fe -> List.of();
            case Insn.CallIndirect c -> {
                List<Value> l = new ArrayList<>(c.args().size() + 1);
                l.add(c.target());
                l.addAll(c.args());
                yield l;
            }
        };
    }

    public static Value of(Terminator t) {
        return switch (t) {
            case Terminator.Br b -> null;
            case Terminator.CondBr c -> c.cond();
            case Terminator.Switch s -> s.value();
            case Terminator.Ret r -> r.value();
        };
    }

    /** The instruction with every operand v replaced by f(v) (the same object when nothing changes). */
    public static Insn map(Insn insn, UnaryOperator<Value> f) {
        Insn r = switch (insn) {
            case Insn.Binary b -> new Insn.Binary(b.op(), b.dst(), f.apply(b.a()), f.apply(b.b()));
            case Insn.Unary u -> new Insn.Unary(u.op(), u.dst(), f.apply(u.a()));
            case Insn.Cmp c -> new Insn.Cmp(c.op(), c.dst(), f.apply(c.a()), f.apply(c.b()));
            case Insn.Convert c -> new Insn.Convert(c.op(), c.dst(), f.apply(c.src()));
            case Insn.Copy c -> new Insn.Copy(c.dst(), f.apply(c.src()));
            case Insn.Load l -> new Insn.Load(l.dst(), f.apply(l.addr()), l.isVolatile());
            case Insn.Store s -> new Insn.Store(f.apply(s.value()), f.apply(s.addr()));
            case Insn.SlotAddr s -> s;
            case Insn.GlobalAddr g -> g;
            case Insn.FuncAddr g -> g;
            case Insn.Alloca a -> new Insn.Alloca(a.dst(), f.apply(a.size()), a.align());
            case Insn.StackSave s -> s;
            case Insn.StackRestore s -> new Insn.StackRestore(f.apply(s.saved()));
            case Insn.MemCopy m -> new Insn.MemCopy(f.apply(m.dstAddr()), f.apply(m.srcAddr()), f.apply(m.size()));
            case Insn.MemSet m -> new Insn.MemSet(f.apply(m.dstAddr()), f.apply(m.value()), f.apply(m.size()));
            case Insn.Call c -> c.withArgs(c.dst(), c.args().stream().map(f).toList());
            case Insn.AtomicRmw a ->
                new Insn.AtomicRmw(
                        a.op(), a.dst(), f.apply(a.addr()), f.apply(a.value()), a.ordering(), a.reassoc(), a.scope());
            case Insn.CmpXchg x ->
                new Insn.CmpXchg(
                        x.dst(),
                        f.apply(x.addr()),
                        f.apply(x.expected()),
                        f.apply(x.desired()),
                        x.success(),
                        x.failure(),
                        x.scope());
            case Insn.AtomicLoad l -> new Insn.AtomicLoad(l.dst(), f.apply(l.addr()), l.ordering(), l.scope());
            case Insn.AtomicStore s ->
                new Insn.AtomicStore(f.apply(s.value()), f.apply(s.addr()), s.ordering(), s.scope());
            case Insn.Fence fe -> fe;
            case Insn.CallIndirect c ->
                c.withArgs(
                        c.dst(), f.apply(c.target()), c.args().stream().map(f).toList());
        };
        return r.equals(insn) ? insn : r;
    }

    /** The instruction with its result register replaced by d (instructions without a result are returned as they are). */
    public static Insn withDst(Insn insn, Reg d) {
        return switch (insn) {
            case Insn.Binary b -> new Insn.Binary(b.op(), d, b.a(), b.b());
            case Insn.Unary u -> new Insn.Unary(u.op(), d, u.a());
            case Insn.Cmp c -> new Insn.Cmp(c.op(), d, c.a(), c.b());
            case Insn.Convert c -> new Insn.Convert(c.op(), d, c.src());
            case Insn.Copy c -> new Insn.Copy(d, c.src());
            case Insn.Load l -> new Insn.Load(d, l.addr(), l.isVolatile());
            case Insn.SlotAddr s -> new Insn.SlotAddr(d, s.slot());
            case Insn.GlobalAddr g -> new Insn.GlobalAddr(d, g.symbol());
            case Insn.FuncAddr g -> new Insn.FuncAddr(d, g.symbol());
            case Insn.Alloca a -> new Insn.Alloca(d, a.size(), a.align());
            case Insn.StackSave s -> new Insn.StackSave(d);
            case Insn.Call c -> c.dst() == null ? c : c.withArgs(d, c.args());
            case Insn.CallIndirect c -> c.dst() == null ? c : c.withArgs(d, c.target(), c.args());
            case Insn.AtomicRmw a ->
                new Insn.AtomicRmw(a.op(), d, a.addr(), a.value(), a.ordering(), a.reassoc(), a.scope());
            case Insn.CmpXchg x ->
                new Insn.CmpXchg(d, x.addr(), x.expected(), x.desired(), x.success(), x.failure(), x.scope());
            case Insn.AtomicLoad l -> new Insn.AtomicLoad(d, l.addr(), l.ordering(), l.scope());
            case Insn.AtomicStore s -> s;
            case Insn.Fence fe -> fe;
            case Insn.Store s -> s;
            case Insn.StackRestore s -> s;
            case Insn.MemCopy m -> m;
            case Insn.MemSet m -> m;
        };
    }

    public static Terminator map(Terminator t, UnaryOperator<Value> f) {
        return switch (t) {
            case Terminator.Br b -> b;
            case Terminator.CondBr c -> new Terminator.CondBr(f.apply(c.cond()), c.ifTrue(), c.ifFalse());
            case Terminator.Switch s ->
                new Terminator.Switch(f.apply(s.value()), s.defaultTarget(), s.cases(), s.targets());
            case Terminator.Ret r -> r.value() == null ? r : new Terminator.Ret(f.apply(r.value()));
        };
    }

    /** Whether removing the instruction changes nothing but its result register. */
    public static boolean isPure(Insn insn) {
        return switch (insn) {
            case Insn.Store s -> false;
            case Insn.Load l -> !l.isVolatile();
            case Insn.StackRestore s -> false;
            case Insn.MemCopy m -> false;
            case Insn.MemSet m -> false;
            case Insn.Call c -> false;
            case Insn.CallIndirect c -> false;
            // atomics order other threads' accesses: even an unused atomic load stays (acquire)
            case Insn.AtomicRmw a -> false;
            case Insn.CmpXchg x -> false;
            case Insn.AtomicLoad l -> false;
            case Insn.AtomicStore s -> false;
            case Insn.Fence fe -> false;
            // Integer division by zero traps on the JVM; keep it where it is.
            case Insn.Binary b -> !(b.a().type().isInteger() && isDivision(b.op()));
            default -> true;
        };
    }

    public static boolean isDivision(Insn.BinOp op) {
        return op == Insn.BinOp.DIV || op == Insn.BinOp.UDIV || op == Insn.BinOp.REM || op == Insn.BinOp.UREM;
    }
}
