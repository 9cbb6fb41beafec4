package jomp.compiler.ir;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Checks that a module is well formed: every block ends in a terminator whose targets belong to
 * the function, operand types agree with each instruction, calls match their signatures, and
 * called or referenced symbols exist. Returns the problems found (empty when valid), for tests
 * and for a -verify option.
 */
public final class IrVerifier {
    private final List<String> problems = new ArrayList<>();
    private final Module module;
    private Function fn;
    private BasicBlock block;

    private final java.util.Map<String, Function> functions = new java.util.HashMap<>();
    private final Set<String> globals = new HashSet<>();

    private IrVerifier(Module m) {
        this.module = m;
        for (Function f : m.functions) functions.put(f.name, f);
        for (Global g : m.globals) globals.add(g.name);
        globals.addAll(m.externData);
    }

    public static List<String> verify(Module m) {
        IrVerifier v = new IrVerifier(m);
        v.run();
        return v.problems;
    }

    private void run() {
        Set<String> symbols = new HashSet<>(module.externFunctions.keySet());
        symbols.addAll(module.externData);
        for (Global g : module.globals) if (!symbols.add(g.name)) problem("@" + g.name + " is defined twice");
        for (Function f : module.functions) if (!symbols.add(f.name)) problem("@" + f.name + " is defined twice");
        for (Global g : module.globals) {
            if (g.data != null && g.data.length != g.size) problem("@" + g.name + ": data length differs from size");
            for (Global.Reloc r : g.relocs) {
                if (r.offset() < 0 || r.offset() + 8 > g.size)
                    problem("@" + g.name + ": relocation outside the object");
                if (!symbols.contains(r.symbol()))
                    problem("@" + g.name + ": relocation against unknown symbol @" + r.symbol());
            }
        }
        for (Function f : module.functions) function(f);
    }

    private void problem(String s) {
        problems.add(fn == null ? s : "@" + fn.name + (block == null ? "" : ", " + block.name) + ": " + s);
    }

    private void function(Function f) {
        fn = f;
        block = null;
        if (f.blocks.isEmpty()) problem("no blocks");
        if (f.params.size() != f.type.params().size()) problem("parameter count differs from the type");
        for (int i = 0; i < Math.min(f.params.size(), f.type.params().size()); i++)
            if (f.params.get(i).type() != f.type.params().get(i))
                problem("parameter " + (i + 1) + " type differs from the type");
        if (f.type.variadic() != (f.vaArea != null)) problem("variadic flag and vaArea disagree");
        Set<BasicBlock> own = new HashSet<>(f.blocks);
        for (BasicBlock b : f.blocks) {
            block = b;
            for (Insn i : b.insns) insn(i);
            if (b.terminator == null) {
                problem("no terminator");
                continue;
            }
            for (BasicBlock s : b.terminator.successors())
                if (!own.contains(s)) problem("branch to a block of another function: " + s.name);
            switch (b.terminator) {
                case Terminator.CondBr c -> isInt(c.cond(), "condition");
                case Terminator.Switch s -> {
                    isInt(s.value(), "switch value");
                    if (new HashSet<>(s.cases()).size() != s.cases().size()) problem("duplicate switch case");
                }
                case Terminator.Ret r -> {
                    IrType t = r.value() == null ? IrType.VOID : r.value().type();
                    if (t != f.type.ret()) problem("returns " + t + " from a function returning " + f.type.ret());
                }
                case Terminator.Br br -> {}
            }
        }
        fn = null;
        block = null;
    }

    private void isInt(Value v, String what) {
        if (!v.type().isInteger()) problem(what + " is " + v.type() + ", not an integer");
    }

    private void same(Value a, IrType t, Insn i) {
        if (a.type() != t) problem("operand " + a + " is " + a.type() + ", expected " + t + " in " + i);
    }

    private void insn(Insn insn) {
        switch (insn) {
            case Insn.Binary b -> {
                IrType t = b.dst().type();
                same(b.a(), t, b);
                if (t == IrType.PTR) {
                    same(b.b(), IrType.I64, b);
                    if (b.op() != Insn.BinOp.ADD && b.op() != Insn.BinOp.SUB) problem("pointer " + b.op().spelling);
                } else same(b.b(), t, b);
                if (t.isFloat())
                    switch (b.op()) {
                        case ADD, SUB, MUL, DIV, REM -> {}
                        default -> problem(b.op().spelling + " on " + t);
                    }
            }
            case Insn.Unary u -> {
                same(u.a(), u.dst().type(), u);
                IrType t = u.dst().type();
                if (u.op() == Insn.UnOp.NOT && t.isFloat()) problem("not on " + t);
                if (u.op().ordinal() > Insn.UnOp.NOT.ordinal() && t != IrType.I32 && t != IrType.I64)
                    problem(u.op().spelling + " on " + t);
            }
            case Insn.Cmp c -> {
                same(c.b(), c.a().type(), c);
                same(c.dst(), IrType.I32, c);
            }
            case Insn.Convert c -> convert(c);
            case Insn.Copy c -> same(c.src(), c.dst().type(), c);
            case Insn.Load l -> same(l.addr(), IrType.PTR, l);
            case Insn.Store s -> same(s.addr(), IrType.PTR, s);
            case Insn.SlotAddr s -> {
                same(s.dst(), IrType.PTR, s);
                if (!fn.slots.contains(s.slot())) problem("slot of another function");
            }
            case Insn.GlobalAddr g -> {
                if (!globals.contains(g.symbol())) problem("unknown global @" + g.symbol());
            }
            case Insn.FuncAddr g -> {
                if (!functions.containsKey(g.symbol()) && !module.externFunctions.containsKey(g.symbol()))
                    problem("unknown function @" + g.symbol());
            }
            case Insn.Alloca a -> same(a.size(), IrType.I64, a);
            case Insn.StackSave s -> same(s.dst(), IrType.PTR, s);
            case Insn.StackRestore s -> same(s.saved(), IrType.PTR, s);
            case Insn.MemCopy m -> {
                same(m.dstAddr(), IrType.PTR, m);
                same(m.srcAddr(), IrType.PTR, m);
                same(m.size(), IrType.I64, m);
            }
            case Insn.MemSet m -> {
                same(m.dstAddr(), IrType.PTR, m);
                same(m.value(), IrType.I32, m);
                same(m.size(), IrType.I64, m);
            }
            case Insn.Call c -> call(c);
            case Insn.CallIndirect c -> {
                same(c.target(), IrType.PTR, c);
                args(c.type(), c.args(), c.dst(), c);
            }
            case Insn.AtomicRmw a -> atomicRmw(a);
            case Insn.CmpXchg x -> cmpXchg(x);
            case Insn.AtomicLoad l -> {
                same(l.addr(), IrType.PTR, l);
                if (l.dst().type().size > 8) problem("atomic load of " + l.dst().type());
                if (l.ordering() == Insn.Ordering.RELEASE || l.ordering() == Insn.Ordering.ACQ_REL)
                    problem("atomic load with " + l.ordering().spelling);
            }
            case Insn.AtomicStore s -> {
                same(s.addr(), IrType.PTR, s);
                if (s.ordering() == Insn.Ordering.ACQUIRE || s.ordering() == Insn.Ordering.ACQ_REL)
                    problem("atomic store with " + s.ordering().spelling);
            }
            case Insn.Fence fe -> {
                if (fe.ordering() == Insn.Ordering.MONOTONIC) problem("monotonic fence");
            }
        }
    }

    private void call(Insn.Call c) {
        FuncType t = null;
        Function callee = functions.get(c.callee());
        if (callee != null) t = callee.type;
        else t = module.externFunctions.get(c.callee());
        if (t == null) problem("call to unknown function @" + c.callee());
        else if (!t.equals(c.type())) problem("call to @" + c.callee() + " with type " + c.type() + ", declared " + t);
        args(c.type(), c.args(), c.dst(), c);
    }

    private void atomicRmw(Insn.AtomicRmw a) {
        IrType t = a.dst().type();
        same(a.addr(), IrType.PTR, a);
        same(a.value(), t, a);
        boolean ok = switch (a.op()) {
            case XCHG -> t.size == 4 || t.size == 8;
            case FADD, FSUB -> t.isFloat();
            default -> t == IrType.I32 || t == IrType.I64;
        };
        if (!ok) problem("atomicrmw " + a.op().spelling + " on " + t);
    }

    private void cmpXchg(Insn.CmpXchg x) {
        IrType t = x.dst().type();
        same(x.addr(), IrType.PTR, x);
        same(x.expected(), t, x);
        same(x.desired(), t, x);
        if (!t.isInteger()) problem("cmpxchg on " + t);
        // the failure case only reads: no release, and no stronger than the success case's read (LLVM's rule)
        if (x.failure() == Insn.Ordering.RELEASE || x.failure() == Insn.Ordering.ACQ_REL)
            problem("cmpxchg failure ordering " + x.failure().spelling);
        else if (readStrength(x.failure()) > readStrength(x.success()))
            problem("cmpxchg failure ordering " + x.failure().spelling + " stronger than " + x.success().spelling);
    }

    private static int readStrength(Insn.Ordering o) {
        return switch (o) {
            case MONOTONIC, RELEASE -> 0;
            case ACQUIRE, ACQ_REL -> 1;
            case SEQ_CST -> 2;
        };
    }

    private void args(FuncType t, List<Value> args, Reg dst, Insn i) {
        if (args.size() != t.argCount()) {
            problem("argument count " + args.size() + " for type " + t);
            return;
        }
        for (int k = 0; k < t.params().size(); k++) same(args.get(k), t.params().get(k), i);
        if (t.variadic()) same(args.get(args.size() - 1), IrType.PTR, i);
        if (dst != null && dst.type() != t.ret()) problem("result register type differs from " + t.ret());
    }

    private void convert(Insn.Convert c) {
        IrType from = c.src().type(), to = c.dst().type();
        boolean ok = switch (c.op()) {
            case SEXT, ZEXT -> from.isInteger() && to.isInteger() && from.size < to.size;
            case TRUNC -> from.isInteger() && to.isInteger() && from.size > to.size;
            case FPTOSI, FPTOUI -> from.isFloat() && to.isInteger() && to != IrType.PTR;
            case SITOFP, UITOFP -> from.isInteger() && from != IrType.PTR && to.isFloat();
            case FPEXT -> from == IrType.F32 && to == IrType.F64;
            case FPTRUNC -> from == IrType.F64 && to == IrType.F32;
            case BITCAST -> from.size == to.size && from != to;
        };
        if (!ok) problem("invalid " + c.op().spelling + " from " + from + " to " + to);
    }
}
