package jomp.compiler.lower;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import jomp.compiler.ast.Expr;
import jomp.compiler.ast.Stmt;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Reg;
import jomp.compiler.ir.Slot;
import jomp.compiler.ir.Value;
import jomp.compiler.type.Type;
import jomp.offload.abi.EntryPoints;

/**
 * GNU asm statements with a meaning on the JVM (abi.md, "Inline assembly"); the rest is refused
 * with the asm's text where the function holding it is compiled.
 * <ul>
 * <li>An empty template is a barrier (an empty asm goto too: nothing in it jumps): its inputs
 *     are evaluated, an output tied to an input
 *     ({@code "+r"(x)}, {@code "=r"(x) : "0"(y)}) gets that input's value (a value barrier passes
 *     the value through), other outputs keep theirs; a {@code "memory"} clobber or a memory
 *     operand is a compiler barrier, an acquire-release fence in the IR (no instruction on x86,
 *     but nothing moves across it, in jomp's passes or in the JIT).</li>
 * <li>{@code nop}: nothing. {@code pause} ({@code rep; nop}): {@code Thread.onSpinWait()}, the C
 *     library's {@code __builtin_ia32_pause}.</li>
 * <li>{@code mfence} and {@code lock; addl $0,(%rsp)}: a sequentially consistent fence;
 *     {@code lfence} an acquire one, {@code sfence} a release one (VarHandle's fences).</li>
 * <li>{@code rdtsc}, {@code rdtscp}: the C library's {@code __builtin_ia32_rdtsc}, a counter that
 *     only grows (nanoseconds), into the outputs named by their registers: a (low 32 bits),
 *     d (high 32 bits), A (all 64); rdtscp's c (the processor number) is 0.</li>
 * <li>{@code cpuid}: the C library's {@code __jomp_cpuid}, the real processor's answers read off
 *     Linux's /proc/cpuinfo, for the leaf in a (and subleaf in c), into outputs a, b, c, d.</li>
 * <li>{@code xgetbv} (or its bytes, {@code .byte 0x0f, 0x01, 0xd0}): the C library's
 *     {@code __jomp_xgetbv}, the extended control register named in c as Linux's flags imply it,
 *     into outputs a (low 32 bits) and d (high 32 bits).</li>
 * </ul>
 */
final class AsmLowering {
    private final FunctionLowering f;
    private final Stmt.Asm a;

    private AsmLowering(FunctionLowering f, Stmt.Asm a) {
        this.f = f;
        this.a = a;
    }

    static void lower(FunctionLowering f, Stmt.Asm a) {
        new AsmLowering(f, a).lower();
    }

    private void lower() {
        String insns = instructions(
                        a.template(),
                        !a.outputs().isEmpty()
                                || !a.inputs().isEmpty()
                                || !a.clobbers().isEmpty())
                .replace("rep;nop", "pause")
                .replace("rep nop", "pause")
                .replaceAll("lock;((add|or)[lq]? \\$0,(0)?\\(%[re]sp\\))", "lock $1");
        if (a.isGoto() && !insns.isEmpty()) refuse(); // an empty asm goto never jumps: it is a barrier
        switch (insns) {
            case "" -> barrier();
            case "rdtsc", "rdtscp" -> rdtsc();
            case "cpuid" -> cpuid();
            case "xgetbv", ".byte 0x0f,0x01,0xd0" -> xgetbv();
            default -> {
                // instructions without operands, in order: nop; pause; fences
                for (String i : insns.split(";")) if (!simple(i)) refuse();
                evaluateInputs();
                for (String i : insns.split(";")) {
                    switch (i) {
                        case "nop" -> {}
                        case "pause" -> call("__builtin_ia32_pause", IrType.VOID);
                        case "lfence" -> f.b.fence(Insn.Ordering.ACQUIRE, Insn.Scope.SYSTEM);
                        case "sfence" -> f.b.fence(Insn.Ordering.RELEASE, Insn.Scope.SYSTEM);
                        default ->
                            f.b.fence(Insn.Ordering.SEQ_CST, Insn.Scope.SYSTEM); // mfence, lock add $0 to the stack top
                    }
                }
            }
        }
    }

    private static boolean simple(String insn) {
        return switch (insn) {
            case "nop", "pause", "mfence", "lfence", "sfence" -> true;
            default -> insn.matches("lock (add|or)[lq]? \\$0,(0)?\\(%[re]sp\\)");
        };
    }

    /**
     * The template's instructions, one line each joined by ';' with spaces collapsed (so that
     * "pause\n\t", "rep; nop" and "rep\n nop" compare as one text); '%%' is '%' in an extended asm.
     */
    static String instructions(String template, boolean extended) {
        List<String> out = new ArrayList<>();
        for (String line : template.split("[\n;]")) {
            String l = line.replace('\t', ' ').strip().replaceAll(" +", " ");
            int comment = l.indexOf('#');
            if (comment >= 0) l = l.substring(0, comment).strip();
            if (extended) l = l.replace("%%", "%");
            if (!l.isEmpty()) out.add(l.replaceAll(", ", ",").toLowerCase(Locale.ROOT));
        }
        return String.join(";", out);
    }

    private void refuse() {
        throw new Lowering.Unsupported(
                a.loc(),
                "jomp cannot compile inline assembly '" + a.template().strip().replaceAll("\\s+", " ")
                        + "': only barriers (an empty template) and pause, nop, rdtsc, rdtscp, cpuid, xgetbv, mfence, lfence and sfence have a meaning on the JVM");
    }

    private List<Value> evaluateInputs() {
        List<Value> in = new ArrayList<>();
        for (Expr e : a.inputs()) in.add(f.rvalue(e));
        return in;
    }

    /** An empty template: inputs flow into the outputs tied to them; a memory clobber or operand keeps memory accesses in order. */
    private void barrier() {
        List<Value> in = evaluateInputs();
        boolean memory = a.clobbers().contains("memory");
        for (String c : a.inputConstraints()) memory |= isMemory(c);
        for (String c : a.outputConstraints()) memory |= isMemory(c);
        for (int i = 0; i < a.inputs().size(); i++) {
            int tied = tiedOutput(a.inputConstraints().get(i));
            if (tied < 0 || tied >= a.outputs().size()) continue;
            store(a.outputs().get(tied), in.get(i), a.inputs().get(i).type());
        }
        if (memory) f.b.fence(Insn.Ordering.ACQ_REL, Insn.Scope.DEVICE);
    }

    /** rdtsc's a (low half), d (high half) or A (all); rdtscp's c, the processor number, is 0. */
    private void rdtsc() {
        evaluateInputs();
        Value t = call("__builtin_ia32_rdtsc", IrType.I64);
        for (int i = 0; i < a.outputs().size(); i++) {
            Value v = switch (register(a.outputConstraints().get(i))) {
                case 'a' -> low(t);
                case 'd' -> low(f.e.bin(Insn.BinOp.USHR, t, IntConst.i64(32)));
                case 'A' -> t;
                case 'c' -> IntConst.i32(0);
                default -> {
                    refuse();
                    yield null;
                }
            };
            store(a.outputs().get(i), v, v.type() == IrType.I64 ? Type.ULLONG : Type.UINT);
        }
    }

    /** cpuid: the leaf from the input in eax (or tied to the output in it), the subleaf from ecx (0 if none). */
    private void cpuid() {
        List<Value> in = evaluateInputs();
        Value leaf = null, sub = IntConst.i32(0);
        for (int i = 0; i < a.inputs().size(); i++) {
            char r = register(a.inputConstraints().get(i));
            int tied = tiedOutput(a.inputConstraints().get(i));
            if (tied >= 0 && tied < a.outputs().size())
                r = register(a.outputConstraints().get(tied));
            Value v = f.e.convert(in.get(i), a.inputs().get(i).type(), Type.UINT);
            if (r == 'a') leaf = v;
            else if (r == 'c') sub = v;
        }
        for (int i = 0; i < a.outputs().size(); i++) { // "+a"(leaf): the output is read too
            if (!a.outputConstraints().get(i).startsWith("+")) continue;
            Value v =
                    f.e.convert(f.rvalue(a.outputs().get(i)), a.outputs().get(i).type(), Type.UINT);
            if (register(a.outputConstraints().get(i)) == 'a') leaf = v;
            else if (register(a.outputConstraints().get(i)) == 'c') sub = v;
        }
        if (leaf == null) refuse();
        Slot regs = f.fn.newSlot("cpuid", 16, 4);
        Value base = f.b.slotAddr(regs);
        FuncType sig = new FuncType(IrType.VOID, List.of(IrType.I32, IrType.I32, IrType.PTR), false);
        f.unit.useFunction(EntryPoints.CPUID, sig);
        f.b.call(EntryPoints.CPUID, sig, List.of(leaf, sub, base));
        for (int i = 0; i < a.outputs().size(); i++) {
            int k = "abcd".indexOf(register(a.outputConstraints().get(i)));
            if (k < 0) refuse();
            store(a.outputs().get(i), f.b.load(IrType.I32, f.at(base, 4L * k)), Type.UINT);
        }
    }

    /** xgetbv: the register's number from the input in ecx; its low half into a, its high half into d. */
    private void xgetbv() {
        List<Value> in = evaluateInputs();
        Value xcr = null;
        for (int i = 0; i < a.inputs().size(); i++)
            if (register(a.inputConstraints().get(i)) == 'c')
                xcr = f.e.convert(in.get(i), a.inputs().get(i).type(), Type.UINT);
        if (xcr == null) refuse();
        FuncType sig = new FuncType(IrType.I64, List.of(IrType.I32), false);
        f.unit.useFunction(EntryPoints.XGETBV, sig);
        Value v = f.b.call(EntryPoints.XGETBV, sig, List.of(xcr));
        for (int i = 0; i < a.outputs().size(); i++) {
            Value part = switch (register(a.outputConstraints().get(i))) {
                case 'a' -> low(v);
                case 'd' -> low(f.e.bin(Insn.BinOp.USHR, v, IntConst.i64(32)));
                default -> {
                    refuse();
                    yield null;
                }
            };
            store(a.outputs().get(i), part, Type.UINT);
        }
    }

    private Value low(Value v64) {
        return f.e.conv(Insn.ConvOp.TRUNC, v64, IrType.I32);
    }

    private Value call(String name, IrType ret) {
        FuncType sig = new FuncType(ret, List.of(), false);
        f.unit.useFunction(name, sig);
        Reg r = f.b.call(name, sig, List.of());
        return r;
    }

    /** Stores v (of C type from) into an output lvalue, converted to its type. */
    private void store(Expr target, Value v, Type from) {
        new AssignLowering(f).storeTo(target, f.e.convert(v, from, target.type().unqualified()));
    }

    /** The register letter of a constraint ("=a", "+d", "a"), or 0. */
    private static char register(String constraint) {
        for (char c : constraint.toCharArray()) if ("abcdASD".indexOf(c) >= 0) return c;
        return 0;
    }

    /** The output an input is tied to ("0".."9"), or -1. */
    private static int tiedOutput(String constraint) {
        String c = constraint.strip();
        return c.matches("\\d+") ? Integer.parseInt(c) : -1;
    }

    /** A memory operand ("m", "=m", "+m", "g", "rm"): the asm may read or write the object. */
    private static boolean isMemory(String constraint) {
        return constraint.indexOf('m') >= 0 || constraint.indexOf('g') >= 0;
    }
}
