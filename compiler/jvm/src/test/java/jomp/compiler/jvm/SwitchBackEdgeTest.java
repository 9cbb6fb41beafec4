package jomp.compiler.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.objectweb.asm.Opcodes.ASM9;
import static org.objectweb.asm.Opcodes.GOTO;

import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrBuilder;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Reg;
import jomp.runtime.mem.Stack;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * A loop closed by a switch (an interpreter's dispatch) jumps back through a {@code goto}: HotSpot's
 * interpreter counts back edges, and compiles a running method (OSR), on goto and if only. The
 * method's switches must have no target at or before themselves, and it must still compute the same.
 */
class SwitchBackEdgeTest {
    /** sum of i for i in [0, n): the loop's only back edge is a switch on (i < n), case 1 back to the body. */
    static Function loopBySwitch(boolean lookup) {
        Function f =
                new Function(lookup ? "sparse" : "dense", new FuncType(IrType.I32, List.of(IrType.I32), false), false);
        Reg n = f.newReg(IrType.I32, "n");
        f.params.add(n);
        IrBuilder ir = new IrBuilder(f);
        Reg i = f.newReg(IrType.I32, "i"), sum = f.newReg(IrType.I32, "sum");
        ir.copy(i, IntConst.i32(0));
        ir.copy(sum, IntConst.i32(0));
        BasicBlock body = ir.newBlock("body"), done = ir.newBlock("done");
        ir.br(body);
        ir.setBlock(body);
        ir.copy(sum, ir.binary(Insn.BinOp.ADD, sum, i));
        ir.copy(i, ir.binary(Insn.BinOp.ADD, i, IntConst.i32(1)));
        Reg more = ir.cmp(Insn.CmpOp.LT, i, n);
        // the sparse form: cases far apart make a lookupswitch
        Reg key = lookup ? ir.binary(Insn.BinOp.MUL, more, IntConst.i32(1000)) : more;
        ir.switchTo(key, done, lookup ? List.of(1000L, 7L) : List.of(1L, 2L), List.of(body, done));
        ir.setBlock(done);
        ir.ret(sum);
        return f;
    }

    @Test
    void switchTargetsLieAheadAndTheLoopStillRuns() throws Exception {
        Module m = new Module("switches.c");
        m.functions.add(loopBySwitch(false));
        m.functions.add(loopBySwitch(true));
        JvmBackend.ClassFile cf = JvmBackend.compile(m).get(0);
        int[] switches = {0}, backGotos = {0};
        new ClassReader(cf.bytes())
                .accept(
                        new ClassVisitor(ASM9) {
                            @Override
                            public MethodVisitor visitMethod(
                                    int access, String name, String desc, String sig, String[] ex) {
                                Set<Label> placed = new HashSet<>();
                                return new MethodVisitor(ASM9) {
                                    @Override
                                    public void visitLabel(Label l) {
                                        placed.add(l);
                                    }

                                    @Override
                                    public void visitJumpInsn(int op, Label l) {
                                        if (op == GOTO && placed.contains(l)) backGotos[0]++;
                                    }

                                    @Override
                                    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... ls) {
                                        check(dflt, ls);
                                    }

                                    @Override
                                    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] ls) {
                                        check(dflt, ls);
                                    }

                                    private void check(Label dflt, Label[] ls) {
                                        switches[0]++;
                                        assertThat(placed)
                                                .as(name + ": a switch's default behind it")
                                                .doesNotContain(dflt);
                                        for (Label l : ls)
                                            assertThat(placed)
                                                    .as(name + ": a switch's target behind it")
                                                    .doesNotContain(l);
                                    }
                                };
                            }
                        },
                        0);
        assertThat(switches[0]).isEqualTo(2);
        assertThat(backGotos[0]).isGreaterThanOrEqualTo(2);
        Class<?> cls = new JvmBackendBranchTest.Loader().define(cf);
        for (String name : List.of("dense", "sparse")) {
            Method mh = null;
            for (Method x : cls.getMethods()) if (x.getName().equals(name)) mh = x;
            for (int k : new int[] {1, 2, 10, 1000}) {
                assertThat((int) mh.invoke(null, k, Stack.current()))
                        .as("%s(%d)", name, k)
                        .isEqualTo(k * (k - 1) / 2);
            }
        }
    }
}
