package jomp.compiler.jvm;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * -g: a method's LineNumberTable. The backend says which source line the code it emits next comes
 * from; an entry is written where that line changes, at the next bytecode instruction actually
 * emitted, so an IR instruction that becomes no bytecode (a jump to the next block, a comparison
 * fused into its branch) leaves no entry of its own, as it leaves no machine code in gcc's line
 * table.
 */
final class LineNumbers extends MethodVisitor {
    private int pending; // the line of the code to come, 0 when unknown
    private int written; // the line of the last entry written

    LineNumbers(MethodVisitor target) {
        super(Opcodes.ASM9, target);
    }

    /** The code emitted from now on comes from {@code line} (0: leave the line as it is). */
    void line(int line) {
        if (line > 0) pending = line;
    }

    private void flush() {
        if (pending == 0 || pending == written) return;
        Label here = new Label();
        super.visitLabel(here);
        super.visitLineNumber(pending, here);
        written = pending;
    }

    @Override
    public void visitInsn(int opcode) {
        flush();
        super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        flush();
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int varIndex) {
        flush();
        super.visitVarInsn(opcode, varIndex);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        flush();
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        flush();
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        flush();
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
        flush();
        super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        flush();
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        flush();
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int varIndex, int increment) {
        flush();
        super.visitIincInsn(varIndex, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        flush();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        flush();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int numDimensions) {
        flush();
        super.visitMultiANewArrayInsn(descriptor, numDimensions);
    }
}
