package jomp.frontend.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jomp.frontend.ir.Function;
import jomp.frontend.ir.Module;
import jomp.frontend.offload.DeviceExtraction;

/**
 * The device half of every program of the offload corpus (tests/c/offload, as a device compile
 * cuts it from the host IR) compiled to PTX and assembled by ptxas for sm_75 and sm_90.
 */
class PtxOffloadCorpusTest {
    static final Path CORPUS = Path.of("..", "tests", "c", "offload");

    @Test
    void everyDeviceModuleAssemblesForSm75AndSm90(@TempDir Path tmp) throws Exception {
        assertTrue(Ptxas.find() != null, "ptxas not found");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(CORPUS)) { s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add); }
        try (Stream<Path> s = Files.list(CORPUS.resolve("support"))) { s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add); }
        List<String> failures = new ArrayList<>();
        int kernels = 0, functions = 0;
        for (Path file : files) {
            Module dev = DeviceExtraction.extract(PtxCorpusTest.compileC(file));
            String name = file.getFileName().toString();
            for (String arch : List.of("sm_75", "sm_90")) {
                try {
                    String err = Ptxas.check(PtxBackend.compile(dev, arch), arch, tmp);
                    if (err != null) failures.add(name + " (" + arch + "): " + err.lines().limit(3).toList());
                } catch (PtxException e) {
                    failures.add(name + ": rejected: " + e.getMessage());
                }
            }
            for (Function f : dev.functions) if (PtxBackend.isKernel(f.name)) kernels++;
            functions += dev.functions.size();
        }
        System.out.println("nvptx offload corpus: " + files.size() + " files, " + functions + " device functions, " + kernels + " kernels assembled");
        assertThat(kernels).isGreaterThan(100);
        assertThat(failures).isEmpty();
    }
}
