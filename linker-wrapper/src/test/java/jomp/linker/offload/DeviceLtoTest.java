package jomp.linker.offload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import jomp.linker.host.HostLinker;
import jomp.objfile.offload.OffloadBinary;
import jomp.offload.abi.ImageKind;
import org.junit.jupiter.api.Test;

/** The -foffload-lto link of device IR: recognised by its first line, linked, code-generated; bad IR named by object. */
class DeviceLtoTest {
    private static DeviceImages.Image ir(String object, String text, String triple, String arch) {
        return new DeviceImages.Image(
                object,
                new OffloadBinary(
                        ImageKind.NONE,
                        OffloadBinary.OFK_OPENMP,
                        0,
                        Map.of("triple", triple, "arch", arch),
                        text.getBytes(StandardCharsets.ISO_8859_1)));
    }

    private static final String A = irOf("a.c", "int twice(int x) { return 2 * x; }\n");

    private static String irOf(String name, String c) {
        var d = new jomp.compiler.diag.Diagnostics(new java.io.PrintStream(new java.io.ByteArrayOutputStream()));
        var tokens = jomp.compiler.preprocess.Preprocessor.run(
                new jomp.compiler.diag.SourceFile(name, c),
                jomp.compiler.preprocess.PreprocessorOptions.defaults(false),
                d);
        var m = jomp.compiler.lower.Lowering.lower(jomp.compiler.parse.Parser.parse(tokens, d), d, name);
        return jomp.compiler.ir.IrPrinter.print(m);
    }

    @Test
    void irIsRecognisedByItsFirstLine() {
        assertThat(DeviceLto.isIr(ir("a.o", A, "jvm64-jomp-linux", "").binary()))
                .isTrue();
        assertThat(DeviceLto.isIr(
                        ir("a.o", "; jomp IS not", "jvm64-jomp-linux", "").binary()))
                .isFalse();
    }

    @Test
    void corruptIrIsAnErrorNamingTheObject() {
        DeviceImages.Group g = new DeviceImages.Group(
                "nvptx64-nvidia-cuda",
                "sm_90",
                List.of(ir("bad.o", "; jomp IR\nmodule \"b.c\"\nfunc i32 @f( {\n", "nvptx64-nvidia-cuda", "sm_90")));
        assertThatThrownBy(() -> DeviceLto.lower(g))
                .isInstanceOf(HostLinker.LinkError.class)
                .hasMessageStartingWith("nvptx64-nvidia-cuda (sm_90): bad.o: device IR does not parse");
    }

    @Test
    void aGroupOfIrBecomesOneImage() {
        DeviceImages.Group g =
                new DeviceImages.Group("jvm64-jomp-linux", "", List.of(ir("a.o", A, "jvm64-jomp-linux", "")));
        DeviceImages.Group lowered = DeviceLto.lower(g);
        assertThat(lowered.images()).hasSize(1);
        assertThat(lowered.images().get(0).binary().imageKind()).isEqualTo(ImageKind.OBJECT);
        assertThat(DeviceLto.describe(g)).isEqualTo("LTO for jvm64-jomp-linux: IR link of a.o, then jvm classes");
    }
}
