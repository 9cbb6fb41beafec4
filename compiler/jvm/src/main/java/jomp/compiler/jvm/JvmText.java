package jomp.compiler.jvm;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.util.TraceClassVisitor;

/** The host's "assembly" for -S: the generated class as ASM's textual bytecode. */
public final class JvmText {
    private JvmText() {}

    public static String disassemble(byte[] classFile) {
        StringWriter sw = new StringWriter();
        new ClassReader(classFile).accept(new TraceClassVisitor(new PrintWriter(sw)), 0);
        return sw.toString();
    }
}
