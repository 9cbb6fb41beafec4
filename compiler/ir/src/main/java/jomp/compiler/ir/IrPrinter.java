package jomp.compiler.ir;

import java.util.List;
import java.util.Map;

/**
 * Writes a module as jomp IR text (.jir), the form {@link IrParser} reads back: printing the
 * parsed text gives the same text again.
 * <pre>
 * module "t.c"
 * declare i32 (ptr, ...) @printf
 * global static readonly @str$0 size 4 align 1 data "hi\0a\00"
 * func i32 @main(i32 %argc.0, ptr %argv.1) {
 *   slot $x.0 size 4 align 4
 * entry.0:
 *   %2 = slotaddr $x.0
 *   store i32 5, %2
 *   ret i32 0
 * }
 * </pre>
 */
public final class IrPrinter {
    private final StringBuilder out = new StringBuilder();

    private IrPrinter() {}

    public static String print(Module m) {
        IrPrinter p = new IrPrinter();
        p.module(m);
        return p.out.toString();
    }

    public static String print(Function f) {
        IrPrinter p = new IrPrinter();
        p.function(f);
        return p.out.toString();
    }

    private void module(Module m) {
        out.append("; jomp IR\nmodule ");
        quote(m.sourceName);
        if (m.debugFile != null) {
            out.append(" debug ");
            quote(m.debugFile);
        }
        out.append('\n');
        if (!m.externFunctions.isEmpty() || !m.externData.isEmpty()) out.append('\n');
        for (Map.Entry<String, FuncType> e : m.externFunctions.entrySet()) {
            out.append("declare ").append(e.getValue()).append(" @").append(e.getKey());
            csig(m.externCsigs.get(e.getKey()));
            out.append('\n');
        }
        for (String d : m.externData) out.append("declare data @").append(d).append('\n');
        for (String w : m.weakExterns) out.append("extern_weak @").append(w).append('\n');
        for (Map.Entry<String, String> e : m.visibility.entrySet())
            out.append("visibility @")
                    .append(e.getKey())
                    .append(' ')
                    .append(e.getValue())
                    .append('\n');
        if (!m.offloadEntries.isEmpty()) out.append('\n');
        for (OffloadEntry e : m.offloadEntries)
            out.append("offload_entry @")
                    .append(e.name())
                    .append(" size ")
                    .append(e.size())
                    .append(" flags ")
                    .append(e.flags())
                    .append('\n');
        if (!m.aliases.isEmpty()) out.append('\n');
        for (Module.Alias a : m.aliases)
            out.append("alias ")
                    .append(a.isStatic() ? "internal " : a.weak() ? "weak " : "")
                    .append('@')
                    .append(a.name())
                    .append(" @")
                    .append(a.target())
                    .append('\n');
        if (!m.globals.isEmpty()) out.append('\n');
        for (Global g : m.globals) global(g);
        for (Function f : m.functions) {
            out.append('\n');
            function(f);
        }
    }

    private void global(Global g) {
        out.append("global ");
        if (g.isStatic) out.append("static ");
        if (g.weak) out.append("weak ");
        if (g.readOnly) out.append("readonly ");
        out.append('@')
                .append(g.name)
                .append(" size ")
                .append(g.size)
                .append(" align ")
                .append(g.align);
        if (g.data == null) out.append(" zero");
        else {
            out.append(" data ");
            bytes(g.data);
        }
        for (Global.Reloc r : g.relocs) {
            out.append(" reloc ").append(r.offset()).append(" @").append(r.symbol());
            if (r.addend() != 0) out.append(" + ").append(r.addend());
        }
        out.append('\n');
    }

    private void function(Function f) {
        out.append("func ");
        if (f.isStatic) out.append("static ");
        if (f.weak) out.append("weak ");
        if (f.ifunc) out.append("ifunc ");
        if (f.declareTarget) out.append("declare_target ");
        if (f.spmd) out.append("spmd ");
        if (f.kernelArgs >= 0) out.append("kernel_args(").append(f.kernelArgs).append(") ");
        if (f.alwaysInline) out.append("alwaysinline ");
        if (f.noInline) out.append("noinline ");
        if (f.flatten) out.append("flatten ");
        out.append(f.type.ret()).append(" @").append(f.name).append('(');
        for (int i = 0; i < f.params.size(); i++) {
            if (i > 0) out.append(", ");
            out.append(f.params.get(i).type()).append(' ').append(f.params.get(i));
        }
        if (f.type.variadic()) out.append(f.params.isEmpty() ? "..." : ", ...").append(f.vaArea);
        out.append(')');
        if (f.csig != null) {
            out.append(' ');
            quote(f.csig);
        }
        out.append(" {\n");
        for (Slot s : f.slots)
            out.append("  slot ")
                    .append(s)
                    .append(" size ")
                    .append(s.size)
                    .append(" align ")
                    .append(s.align)
                    .append(s.isVolatile ? " volatile\n" : "\n");
        for (BasicBlock b : f.blocks) {
            out.append(b.name).append(":\n");
            int line = 0; // source lines (-g): printed where they change, and apply to what follows in the block
            for (Insn i : b.insns) {
                line = line(f, i, line);
                out.append("  ");
                insn(i);
                out.append('\n');
            }
            if (b.terminator != null) {
                line(f, b.terminator, line);
                out.append("  ");
                terminator(b.terminator);
                out.append('\n');
            }
        }
        out.append("}\n");
    }

    private int line(Function f, Object insn, int current) {
        int l = f.line(insn);
        if (l == 0 || l == current) return current;
        out.append("  line ").append(l).append('\n');
        return l;
    }

    private void typed(Value v) {
        out.append(v.type()).append(' ').append(v);
    }

    private void insn(Insn insn) {
        if (insn.dst() != null) out.append(insn.dst()).append(" = ");
        switch (insn) {
            case Insn.Binary b -> {
                out.append(b.op().spelling).append(' ');
                typed(b.a());
                out.append(", ").append(b.b());
            }
            case Insn.Unary u -> {
                out.append(u.op().spelling).append(' ');
                typed(u.a());
            }
            case Insn.Cmp c -> {
                out.append("cmp ").append(c.op().spelling).append(' ');
                typed(c.a());
                out.append(", ").append(c.b());
            }
            case Insn.Convert c -> {
                out.append(c.op().spelling).append(' ');
                typed(c.src());
                out.append(" to ").append(c.dst().type());
            }
            case Insn.Copy c -> {
                out.append("copy ");
                typed(c.src());
            }
            case Insn.Load l ->
                out.append(l.isVolatile() ? "load volatile " : "load ")
                        .append(l.dst().type())
                        .append(' ')
                        .append(l.addr());
            case Insn.Store s -> {
                out.append("store ");
                typed(s.value());
                out.append(", ").append(s.addr());
            }
            case Insn.SlotAddr s -> out.append("slotaddr ").append(s.slot());
            case Insn.GlobalAddr g -> out.append("addr @").append(g.symbol());
            case Insn.FuncAddr g -> out.append("funcaddr @").append(g.symbol());
            case Insn.Alloca a -> {
                out.append("alloca ");
                typed(a.size());
                out.append(", align ").append(a.align());
            }
            case Insn.StackSave s -> out.append("stacksave");
            case Insn.StackRestore s -> out.append("stackrestore ").append(s.saved());
            case Insn.MemCopy m -> {
                out.append("memcpy ")
                        .append(m.dstAddr())
                        .append(", ")
                        .append(m.srcAddr())
                        .append(", ");
                typed(m.size());
            }
            case Insn.MemSet m -> {
                out.append("memset ").append(m.dstAddr()).append(", ");
                typed(m.value());
                out.append(", ");
                typed(m.size());
            }
            case Insn.Call c -> {
                out.append("call ").append(c.type()).append(" @").append(c.callee());
                args(c.args());
                csig(c.csig());
            }
            case Insn.AtomicRmw _, Insn.CmpXchg _, Insn.AtomicLoad _, Insn.AtomicStore _, Insn.Fence _ -> atomic(insn);
            case Insn.CallIndirect c -> {
                out.append("calli ").append(c.type()).append(' ').append(c.target());
                args(c.args());
                csig(c.csig());
            }
        }
    }

    /** The atomic instructions: their operands, then the orderings (and a fence's scope). */
    private void atomic(Insn insn) {
        switch (insn) {
            case Insn.AtomicRmw a -> {
                out.append(a.reassoc() ? "atomicrmw reassoc " : "atomicrmw ")
                        .append(a.op().spelling)
                        .append(' ');
                typed(a.value());
                out.append(", ").append(a.addr()).append(' ').append(a.ordering().spelling);
                scope(a.scope());
            }
            case Insn.CmpXchg x -> {
                out.append("cmpxchg ");
                typed(x.expected());
                out.append(", ")
                        .append(x.desired())
                        .append(", ")
                        .append(x.addr())
                        .append(' ')
                        .append(x.success().spelling)
                        .append(' ')
                        .append(x.failure().spelling);
                scope(x.scope());
            }
            case Insn.AtomicLoad l -> {
                out.append("load atomic ")
                        .append(l.dst().type())
                        .append(' ')
                        .append(l.addr())
                        .append(' ')
                        .append(l.ordering().spelling);
                scope(l.scope());
            }
            case Insn.AtomicStore s -> {
                out.append("store atomic ");
                typed(s.value());
                out.append(", ").append(s.addr()).append(' ').append(s.ordering().spelling);
                scope(s.scope());
            }
            case Insn.Fence fe ->
                out.append("fence ").append(fe.ordering().spelling).append(' ').append(fe.scope().spelling);
            default -> throw new IllegalArgumentException(insn.toString());
        }
    }

    /** An access's scope, written only when not device's (the default). */
    private void scope(Insn.Scope s) {
        if (s != Insn.Scope.DEVICE) out.append(' ').append(s.spelling);
    }

    private void csig(String csig) {
        if (csig == null) return;
        out.append(' ');
        quote(csig);
    }

    private void args(List<Value> args) {
        out.append('(');
        for (int i = 0; i < args.size(); i++) {
            if (i > 0) out.append(", ");
            typed(args.get(i));
        }
        out.append(')');
    }

    private void terminator(Terminator t) {
        switch (t) {
            case Terminator.Br b -> out.append("br ").append(b.target().name);
            case Terminator.CondBr c -> {
                out.append("condbr ");
                typed(c.cond());
                out.append(", ").append(c.ifTrue().name).append(", ").append(c.ifFalse().name);
            }
            case Terminator.Switch s -> {
                out.append("switch ");
                typed(s.value());
                out.append(", default ").append(s.defaultTarget().name).append(" [");
                for (int i = 0; i < s.cases().size(); i++) {
                    if (i > 0) out.append(", ");
                    out.append(s.cases().get(i)).append(": ").append(s.targets().get(i).name);
                }
                out.append(']');
            }
            case Terminator.Ret r -> {
                out.append("ret ");
                if (r.value() == null) out.append("void");
                else typed(r.value());
            }
        }
    }

    private void quote(String s) {
        bytes(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A byte string: printable ASCII as is, other bytes (and " and \) as \hh. */
    private void bytes(byte[] data) {
        out.append('"');
        for (byte b : data) {
            int c = b & 0xFF;
            if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') out.append((char) c);
            else out.append('\\').append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
        }
        out.append('"');
    }
}
