package jomp.plugin.cuda;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The test PTX files the GPU tests load are valid PTX for sm_75 and sm_90, by NVIDIA's ptxas. */
class PtxResourcesTest {
    static Path ptxas() {
        return jomp.env.ExternalTools.require("ptxas");
    }

    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource({
        "empty.ptx, sm_75", "empty.ptx, sm_90",
        "vadd_f32.ptx, sm_75", "vadd_f32.ptx, sm_90",
        "triad_f64.ptx, sm_75", "triad_f64.ptx, sm_90",
        "read_global.ptx, sm_75", "read_global.ptx, sm_90",
    })
    void ptxasAccepts(String name, String arch) throws Exception {
        Path ptx = tmp.resolve(name);
        Files.write(ptx, Resources.bytes(name));
        Path cubin = tmp.resolve(name + "." + arch + ".cubin");
        Process p = new ProcessBuilder(ptxas().toString(), "-arch=" + arch, ptx.toString(), "-o", cubin.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("ptxas -arch=%s %s: %s", arch, name, out).isZero();
        assertThat(Files.size(cubin)).isPositive();
        // a cubin is an ELF file
        assertThat(Files.readAllBytes(cubin)).startsWith(0x7f, 'E', 'L', 'F');
    }

    @ParameterizedTest
    @CsvSource({"sm_90"})
    void ptxasRejectsTheBrokenKernel(String arch) throws IOException, InterruptedException {
        assertThat(ptxas()).isExecutable();
        Path ptx = tmp.resolve("broken.ptx");
        Files.writeString(ptx, Resources.BROKEN_PTX);
        Process p = new ProcessBuilder(
                        ptxas().toString(),
                        "-arch=" + arch,
                        ptx.toString(),
                        "-o",
                        tmp.resolve("b.cubin").toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isNotZero();
        assertThat(out).contains("%r99");
    }
}
