package jomp.compiler.jvm;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import jomp.compiler.codegen.BackEnd;
import jomp.compiler.codegen.Unit;
import jomp.compiler.ir.Function;
import jomp.env.Invocation;
import jomp.offload.abi.ImageKind;

/**
 * The JVM back end's passes, as cc1 runs them for the host and for the jvm device: inner loops
 * outlined (-O1 and up), the unit's class, then the ELF object (or, for the host's -S, the class
 * as assembly text).
 */
public final class JvmCodeGen implements BackEnd {
    /** What the passes hand on: the outlined loops, then the classes. */
    private static final class State {
        List<Function> outlined = List.of();
        List<JvmBackend.ClassFile> classes;
    }

    private static State state(Unit u) {
        if (u.backEndState instanceof State s) return s;
        State s = new State();
        u.backEndState = s;
        return s;
    }

    static final Pass LOOP_OUTLINE = new Pass(
            "loop-outline",
            "nested innermost loops become methods of their own, for HotSpot (jvm/LoopOutliner)",
            u -> state(u).outlined = JvmBackend.outlineLoops(u.module));

    static final Pass JVM_CODEGEN = new Pass(
            "jvm-codegen",
            "IR to the unit's JVM class, functions past 3,000 bytes of bytecode in several methods (jvm/JvmBackend, MethodSplitter)",
            u -> state(u).classes = JvmBackend.compile(u.module, state(u).outlined));

    static final Pass JVM_DISASSEMBLE =
            new Pass("jvm-disassemble", "the class as assembly text (-S; jvm/JvmText)", u -> {
                StringBuilder sb = new StringBuilder();
                for (JvmBackend.ClassFile cf : state(u).classes) sb.append(JvmText.disassemble(cf.bytes()));
                u.output = sb.toString().getBytes(StandardCharsets.UTF_8);
            });

    static final Pass WRITE_OBJECT = new Pass(
            "write-object",
            "the ELF object: class, data, symbols, embedded offload images (jvm/HostObjectWriter)",
            u -> {
                byte[] offload =
                        u.embedOffloadObject == null ? null : Files.readAllBytes(Invocation.path(u.embedOffloadObject));
                u.output = HostObjectWriter.write(u.module, state(u).classes, offload);
            });

    @Override
    public String name() {
        return "jvm";
    }

    /** A jomp object of JVM classes, which the linker-wrapper links into the jvm device's jar. */
    @Override
    public ImageKind deviceImageKind() {
        return ImageKind.OBJECT;
    }

    @Override
    public List<Pass> devicePasses(Target target) {
        return target.optLevel() >= 1
                ? List.of(LOOP_OUTLINE, JVM_CODEGEN, WRITE_OBJECT)
                : List.of(JVM_CODEGEN, WRITE_OBJECT);
    }

    /** The host's code generation: its object, or with {@code assembly} (-S) the class as text. */
    public static List<Pass> hostPasses(int optLevel, boolean assembly) {
        Pass last = assembly ? JVM_DISASSEMBLE : WRITE_OBJECT;
        return optLevel >= 1 ? List.of(LOOP_OUTLINE, JVM_CODEGEN, last) : List.of(JVM_CODEGEN, last);
    }
}
