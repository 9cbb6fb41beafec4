package jomp.compiler.ir;

import java.util.ArrayList;
import java.util.List;

/** A label, straight-line instructions, and one terminator (null only while being built). */
public final class BasicBlock {
    public final String name;
    public final List<Insn> insns = new ArrayList<>();
    public Terminator terminator;

    BasicBlock(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
