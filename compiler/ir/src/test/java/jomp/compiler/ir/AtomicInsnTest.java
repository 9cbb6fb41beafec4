package jomp.compiler.ir;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.opt.LoopInvariants;
import jomp.compiler.opt.PassManager;
import org.junit.jupiter.api.Test;

/** The atomic instructions in the IR: text form, verifier rules, and what the optimiser may (not) do with them. */
class AtomicInsnTest {

    private static Module parse(String text, ByteArrayOutputStream err) {
        return IrParser.parse(new SourceFile("in.jir", text), new Diagnostics(new PrintStream(err, true)));
    }

    /** A function using every atomic instruction and ordering. */
    private static Module sample() {
        Module m = new Module("a.c");
        m.globals.add(new Global("x", 8, 8, false, false, null));
        Function f = new Function("f", new FuncType(IrType.I64, List.of(IrType.I32, IrType.F64), false), false);
        Reg n = f.newReg(IrType.I32, "n");
        Reg d = f.newReg(IrType.F64, "d");
        f.params.add(n);
        f.params.add(d);
        IrBuilder b = new IrBuilder(f);
        Reg p = b.globalAddr("x");
        b.atomicRmw(Insn.RmwOp.ADD, p, n, Insn.Ordering.MONOTONIC);
        b.atomicRmw(Insn.RmwOp.UMAX, p, IntConst.i64(7), Insn.Ordering.ACQ_REL);
        b.atomicRmw(Insn.RmwOp.FADD, p, d, Insn.Ordering.SEQ_CST);
        b.atomicRmw(Insn.RmwOp.XCHG, p, p, Insn.Ordering.RELEASE);
        b.reductionRmw(Insn.RmwOp.FADD, p, d);
        Reg old = b.cmpxchg(p, IntConst.i64(1), IntConst.i64(2), Insn.Ordering.ACQ_REL, Insn.Ordering.ACQUIRE);
        b.cmpxchg(p, IntConst.i32(1), n, Insn.Ordering.SEQ_CST, Insn.Ordering.SEQ_CST);
        b.cmpxchg(
                p,
                new IntConst(IrType.I8, 1),
                new IntConst(IrType.I8, -1),
                Insn.Ordering.MONOTONIC,
                Insn.Ordering.MONOTONIC);
        Reg l = b.atomicLoad(IrType.I16, p, Insn.Ordering.ACQUIRE);
        b.atomicStore(l, p, Insn.Ordering.RELEASE);
        b.atomicStore(d, p, Insn.Ordering.SEQ_CST);
        b.fence(Insn.Ordering.ACQ_REL, Insn.Scope.DEVICE);
        b.fence(Insn.Ordering.SEQ_CST, Insn.Scope.SYSTEM);
        // memscope's scopes on the accesses (device, the default, is not written)
        b.atomicRmw(Insn.RmwOp.ADD, p, n, Insn.Ordering.MONOTONIC, Insn.Scope.SYSTEM);
        b.cmpxchg(p, IntConst.i32(3), n, Insn.Ordering.ACQ_REL, Insn.Ordering.ACQUIRE, Insn.Scope.CGROUP);
        b.atomicLoad(IrType.I32, p, Insn.Ordering.SEQ_CST, Insn.Scope.SYSTEM);
        b.atomicStore(n, p, Insn.Ordering.RELEASE, Insn.Scope.CGROUP);
        b.atomicLoad(IrType.I32, p, Insn.Ordering.MONOTONIC, Insn.Scope.DEVICE);
        b.fence(Insn.Ordering.ACQ_REL, Insn.Scope.CGROUP);
        b.ret(old);
        m.functions.add(f);
        return m;
    }

    @Test
    void printsAndParsesBackEveryAtomicForm() {
        String text = IrPrinter.print(sample());
        assertThat(text)
                .contains(
                        "atomicrmw add i32 %n.0, ",
                        " monotonic",
                        "atomicrmw umax i64 7, ",
                        "atomicrmw fadd f64 %d.1, ",
                        "atomicrmw xchg ptr ",
                        "atomicrmw reassoc fadd f64 %d.1, ",
                        "cmpxchg i64 1, 2, ",
                        "acq_rel acquire",
                        "seq_cst seq_cst",
                        "cmpxchg i8 1, -1, ",
                        "load atomic i16 ",
                        "store atomic i16 ",
                        "store atomic f64 %d.1, ",
                        "fence acq_rel device",
                        "fence seq_cst system")
                .containsPattern("atomicrmw add i32 %n\\.0, %\\S+ monotonic system\n")
                .containsPattern("cmpxchg i32 3, %n\\.0, %\\S+ acq_rel acquire cgroup\n")
                .containsPattern("load atomic i32 %\\S+ seq_cst system\n")
                .containsPattern("store atomic i32 %n\\.0, %\\S+ release cgroup\n")
                .containsPattern("load atomic i32 %\\S+ monotonic\n")
                .contains("fence acq_rel cgroup");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Module back = parse(text, err);
        assertThat(err.toString()).isEmpty();
        assertThat(IrPrinter.print(back)).isEqualTo(text);
        assertThat(IrVerifier.verify(back)).isEmpty();
        assertThat(back.functions.get(0).blocks.get(0).insns.stream()
                        .filter(i -> i instanceof Insn.AtomicRmw a && a.reassoc())
                        .count())
                .isEqualTo(1);
        assertThat(back.functions.get(0).blocks.get(0).insns.stream()
                        .map(i -> switch (i) {
                            case Insn.AtomicRmw a -> a.scope();
                            case Insn.CmpXchg x -> x.scope();
                            case Insn.AtomicLoad l -> l.scope();
                            case Insn.AtomicStore st -> st.scope();
                            case Insn.Fence fe -> fe.scope();
                            default -> null;
                        })
                        .filter(sc -> sc != null && sc != Insn.Scope.DEVICE)
                        .toList())
                .containsExactly(
                        Insn.Scope.SYSTEM,
                        Insn.Scope.SYSTEM,
                        Insn.Scope.CGROUP,
                        Insn.Scope.SYSTEM,
                        Insn.Scope.CGROUP,
                        Insn.Scope.CGROUP);
    }

    @Test
    void theParserRejectsAnUnknownOrderingOrOperation() {
        String good = IrPrinter.print(sample());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(parse(good.replace("fence acq_rel device", "fence relaxed device"), err))
                .isNull();
        assertThat(err.toString()).contains("expected a memory ordering");
        err.reset();
        assertThat(parse(good.replace("atomicrmw umax", "atomicrmw nand"), err)).isNull();
        assertThat(err.toString()).contains("unknown atomicrmw operation");
    }

    private static List<String> verify(java.util.function.Consumer<IrBuilder> body) {
        Module m = new Module("v.c");
        m.globals.add(new Global("x", 8, 8, false, false, null));
        Function f = new Function("g", new FuncType(IrType.VOID, List.of(), false), false);
        IrBuilder b = new IrBuilder(f);
        body.accept(b);
        b.ret(null);
        m.functions.add(f);
        return IrVerifier.verify(m);
    }

    @Test
    void theVerifierChecksTypesAndOrderings() {
        assertThat(verify(b -> b.atomicRmw(
                        Insn.RmwOp.ADD, b.globalAddr("x"), new FloatConst(IrType.F32, 1), Insn.Ordering.MONOTONIC)))
                .anyMatch(s -> s.contains("atomicrmw add on f32"));
        assertThat(verify(
                        b -> b.atomicRmw(Insn.RmwOp.FADD, b.globalAddr("x"), IntConst.i32(1), Insn.Ordering.MONOTONIC)))
                .anyMatch(s -> s.contains("atomicrmw fadd on i32"));
        assertThat(verify(b -> b.atomicRmw(
                        Insn.RmwOp.ADD, b.globalAddr("x"), new IntConst(IrType.I8, 1), Insn.Ordering.MONOTONIC)))
                .anyMatch(s -> s.contains("atomicrmw add on i8"));
        assertThat(verify(b -> b.cmpxchg(
                        b.globalAddr("x"),
                        new FloatConst(IrType.F64, 1),
                        new FloatConst(IrType.F64, 2),
                        Insn.Ordering.SEQ_CST,
                        Insn.Ordering.SEQ_CST)))
                .anyMatch(s -> s.contains("cmpxchg on f64"));
        assertThat(verify(b -> b.cmpxchg(
                        b.globalAddr("x"),
                        IntConst.i32(1),
                        IntConst.i32(2),
                        Insn.Ordering.ACQ_REL,
                        Insn.Ordering.RELEASE)))
                .anyMatch(s -> s.contains("failure ordering release"));
        assertThat(verify(b -> b.cmpxchg(
                        b.globalAddr("x"),
                        IntConst.i32(1),
                        IntConst.i32(2),
                        Insn.Ordering.MONOTONIC,
                        Insn.Ordering.ACQUIRE)))
                .anyMatch(s -> s.contains("stronger than monotonic"));
        assertThat(verify(b -> b.atomicLoad(IrType.I32, b.globalAddr("x"), Insn.Ordering.RELEASE)))
                .anyMatch(s -> s.contains("atomic load with release"));
        assertThat(verify(b -> b.atomicStore(IntConst.i32(0), b.globalAddr("x"), Insn.Ordering.ACQUIRE)))
                .anyMatch(s -> s.contains("atomic store with acquire"));
        assertThat(verify(b -> b.fence(Insn.Ordering.MONOTONIC, Insn.Scope.DEVICE)))
                .anyMatch(s -> s.contains("monotonic fence"));
        assertThat(verify(b -> {
                    Reg p = b.globalAddr("x");
                    b.cmpxchg(p, IntConst.i32(1), IntConst.i32(2), Insn.Ordering.RELEASE, Insn.Ordering.MONOTONIC);
                    b.atomicLoad(IrType.I8, p, Insn.Ordering.SEQ_CST);
                    b.fence(Insn.Ordering.ACQUIRE, Insn.Scope.SYSTEM);
                }))
                .isEmpty();
    }

    @Test
    void deadCodeEliminationKeepsAtomicsWhoseResultsNobodyReads() {
        Module m = sample();
        PassManager.run(m, 2);
        String text = IrPrinter.print(m);
        // none of the results but cmpxchg's first is read, yet each instruction orders or changes memory
        assertThat(text.split("atomicrmw ", -1)).hasSize(7);
        assertThat(text.split("cmpxchg ", -1)).hasSize(5);
        assertThat(text)
                .contains(
                        "load atomic i16",
                        "store atomic i16",
                        "store atomic f64",
                        "fence acq_rel device",
                        "fence seq_cst system",
                        "release cgroup",
                        "fence acq_rel cgroup")
                .containsPattern("load atomic i32 %\\S+ seq_cst system\n")
                .containsPattern("load atomic i32 %\\S+ monotonic\n");
        for (Insn i : m.functions.get(0).blocks.get(0).insns) {
            if (i instanceof Insn.AtomicRmw
                    || i instanceof Insn.CmpXchg
                    || i instanceof Insn.AtomicLoad
                    || i instanceof Insn.AtomicStore
                    || i instanceof Insn.Fence)
                assertThat(Operands.isPure(i)).as(i.toString()).isFalse();
        }
    }

    @Test
    void anAtomicLoadInALoopIsNotHoisted() {
        // while (*flag == 0) {}: the loop's load of the flag must stay in the loop (a spin-wait)
        Module m = new Module("spin.c");
        m.globals.add(new Global("flag", 4, 4, false, false, null));
        Function fn = new Function("spin", new FuncType(IrType.I32, List.of(), false), false);
        IrBuilder b = new IrBuilder(fn);
        Reg p = b.globalAddr("flag");
        BasicBlock head = b.newBlock("loop"), done = b.newBlock("done");
        b.br(head);
        b.setBlock(head);
        Reg v = b.atomicLoad(IrType.I32, p, Insn.Ordering.ACQUIRE);
        b.condBr(b.cmp(Insn.CmpOp.EQ, v, IntConst.i32(0)), head, done);
        b.setBlock(done);
        b.ret(v);
        m.functions.add(fn);
        assertThat(IrVerifier.verify(m)).isEmpty();
        PassManager.run(m, 2);
        new LoopInvariants().run(m.functions.get(0));
        Function f = m.functions.get(0);
        BasicBlock loop = f.blocks.stream()
                .filter(bb -> bb.insns.stream().anyMatch(i -> i instanceof Insn.Cmp))
                .findFirst()
                .orElseThrow();
        assertThat(loop.insns).anyMatch(i -> i instanceof Insn.AtomicLoad);
        assertThat(IrPrinter.print(m).split("load atomic", -1)).hasSize(2);
    }
}
