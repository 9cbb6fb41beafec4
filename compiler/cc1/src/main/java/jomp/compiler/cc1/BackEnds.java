package jomp.compiler.cc1;

import java.util.List;
import jomp.compiler.codegen.BackEnd;
import jomp.compiler.jvm.JvmCodeGen;
import jomp.compiler.nvptx.NvptxCodeGen;
import jomp.toolchain.ToolChain;

/**
 * The back ends cc1 has, by the name a target's {@link ToolChain#backEnd()} gives: the list a new
 * back end joins (its passes are its own, {@link BackEnd}).
 */
public final class BackEnds {
    private BackEnds() {}

    private static final List<BackEnd> ALL = List.of(new JvmCodeGen(), new NvptxCodeGen());

    /** The back end of a target's device code. */
    public static BackEnd of(ToolChain tc) {
        for (BackEnd b : ALL) if (b.name().equals(tc.backEnd())) return b;
        throw new IllegalStateException(tc.triple() + " names back end " + tc.backEnd() + ", which cc1 does not have");
    }
}
