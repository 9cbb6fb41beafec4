package jomp.toolchain;

import java.util.List;

import jomp.offload.abi.ImageKind;

/**
 * The host CPU as an offload device (clang's x86_64 offload target): the device compile writes a
 * jomp object of JVM classes, the linker-wrapper links the objects into a jar in-process, and the
 * jvm plugin (plugins/jvm) loads it. No archs, no external tools.
 */
public final class JvmDevice implements ToolChain {
    public String triple() { return Triple.HOST; }
    public List<String> aliases() { return List.of("jvm", "jvm64"); }
    public CodeGen codeGen() { return CodeGen.JVM; }
    public ImageKind imageKind() { return ImageKind.OBJECT; }
}
