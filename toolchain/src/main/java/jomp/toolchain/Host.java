package jomp.toolchain;

import java.util.List;

import jomp.wrapper.offload.OffloadBinary;

/** The host: C compiled to JVM classes in ELF objects, linked into a shell preamble and a jar. */
public final class Host implements ToolChain {
    public String triple() { return Triple.HOST; }
    public List<String> aliases() { return List.of(); }
    public CodeGen codeGen() { return CodeGen.JVM; }
    public int imageKind() { return OffloadBinary.IMG_OBJECT; }
}
