package jomp.compiler.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.objectweb.asm.Opcodes.ASM9;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.IrParser;
import jomp.compiler.ir.Module;
import jomp.runtime.mem.Stack;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * The frame slots' block is allocated where every slot address is dominated, when that place
 * runs at most once per call: a slot of a rare path costs the common path no allocation.
 */
class FramePlacementTest {
    private static final String IR = """
            module "t.c"
            func i32 @read(ptr %p.0) {
            entry.0:
              %1 = load i32 %p.0
              %2 = add i32 %1, 1
              ret i32 %2
            }
            func i32 @rare(i32 %k.0) {
              slot $aux.0 size 16 align 8
            entry.0:
              %1 = cmp lt i32 %k.0, 100
              condbr i32 %1, fast.1, slow.2
            fast.1:
              %2 = mul i32 %k.0, 2
              ret i32 %2
            slow.2:
              %3 = slotaddr $aux.0
              store i32 %k.0, %3
              %4 = call i32 (ptr) @read(ptr %3)
              ret i32 %4
            }
            func i32 @inloop(i32 %n.0) {
              slot $s.0 size 8 align 8
            entry.0:
              %i.1 = copy i32 0
              br head.1
            head.1:
              %2 = cmp lt i32 %i.1, %n.0
              condbr i32 %2, body.2, done.3
            body.2:
              %3 = slotaddr $s.0
              store i32 %i.1, %3
              %4 = call i32 (ptr) @read(ptr %3)
              %i.1 = copy i32 %4
              br head.1
            done.3:
              ret i32 %i.1
            }
            """;

    private static Module parse() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Module m = IrParser.parse(new SourceFile("t.jir", IR), new Diagnostics(new PrintStream(err)));
        assertThat(err.toString()).isEmpty();
        return m;
    }

    private static Function function(Module m, String name) {
        return m.functions.stream().filter(f -> f.name.equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aSlotOfARarePathIsAllocatedThereAndOneInALoopAtTheEntry() {
        Module m = parse();
        assertThat(FramePlacement.of(function(m, "rare")).name).startsWith("slow");
        Function loop = function(m, "inloop");
        assertThat(FramePlacement.of(loop)).isSameAs(loop.entry());
    }

    @Test
    void theCommonPathAllocatesNothingAndBothRunRight() throws Exception {
        JvmBackend.ClassFile cf = JvmBackend.compile(parse()).get(0);
        // per method: the bytecode instructions in order, "alloc" where the frame is allocated, "jump" at branches
        Map<String, List<String>> code = new HashMap<>();
        new ClassReader(cf.bytes())
                .accept(
                        new ClassVisitor(ASM9) {
                            @Override
                            public MethodVisitor visitMethod(
                                    int access, String name, String desc, String sig, String[] ex) {
                                List<String> seen = code.computeIfAbsent(name, k -> new ArrayList<>());
                                return new MethodVisitor(ASM9) {
                                    @Override
                                    public void visitMethodInsn(int op, String owner, String n, String d, boolean itf) {
                                        if (n.equals("alloc")) seen.add("alloc");
                                    }

                                    @Override
                                    public void visitJumpInsn(int op, Label l) {
                                        seen.add("jump");
                                    }
                                };
                            }
                        },
                        0);
        assertThat(code.get("rare")).containsExactly("jump", "alloc");
        assertThat(code.get("inloop").get(0)).isEqualTo("alloc");
        Class<?> cls = new JvmBackendBranchTest.Loader().define(cf);
        Method rare = null, inloop = null;
        for (Method x : cls.getMethods()) {
            if (x.getName().equals("rare")) rare = x;
            if (x.getName().equals("inloop")) inloop = x;
        }
        Stack stack = Stack.current();
        long sp = stack.sp;
        assertThat((int) rare.invoke(null, 5, stack)).isEqualTo(10);
        assertThat((int) rare.invoke(null, 500, stack)).isEqualTo(501);
        assertThat((int) inloop.invoke(null, 7, stack)).isEqualTo(7);
        assertThat(stack.sp).as("every path restores the stack pointer").isEqualTo(sp);
    }
}
