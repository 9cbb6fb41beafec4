package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Module;
import jomp.compiler.offload.DeviceExtraction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device half of every program of the offload corpus (tests/c/offload, as a device compile
 * cuts it from the host IR) compiled to PTX, the device runtime linked in, and assembled by
 * ptxas for sm_75 and sm_90; then each program's sm_90 objects (two for a program with a
 * {@code // LINK:} file) linked by nvlink, which fails on any unresolved symbol: the proof that
 * the module loads on a GPU. The files are compiled, assembled and linked side by side ({@link EachFile}).
 */
class PtxOffloadCorpusTest {
    static final Path CORPUS = Path.of("..", "..", "tests", "c", "offload");

    @Test
    void everyDeviceModuleAssemblesForSm75AndSm90AndLinksWithNvlink(@TempDir Path tmp) throws Exception {
        assertTrue(Ptxas.find() != null, "ptxas not found");
        Path nvlink = Ptxas.nvlink();
        assertTrue(nvlink != null, "nvlink not found");
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(CORPUS)) {
            s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add);
        }
        List<String> failures = new ArrayList<>();
        Map<Path, Path> cubins = new LinkedHashMap<>();
        int kernels = 0, functions = 0, spmd = 0;
        List<Path> all = new ArrayList<>(files);
        try (Stream<Path> s = Files.list(CORPUS.resolve("support"))) {
            s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(all::add);
        }
        // the files side by side (EachFile), their results taken in order
        List<Device> devices = EachFile.map(all, file -> assemble(file, tmp));
        for (int i = 0; i < all.size(); i++) {
            Device d = devices.get(i);
            failures.addAll(d.failures());
            if (d.cubin() != null) cubins.put(all.get(i), d.cubin());
            kernels += d.kernels();
            spmd += d.spmd();
            functions += d.functions();
        }
        List<String> linkErrors = EachFile.map(files, file -> {
            if (!cubins.containsKey(file)) return "";
            Path out = tmp.resolve(file.getFileName() + ".linked.cubin");
            List<String> cmd = new ArrayList<>(List.of(
                    nvlink.toString(),
                    "-arch=sm_90",
                    "-o",
                    out.toString(),
                    cubins.get(file).toString()));
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith("// LINK:"))
                    for (String other : line.substring(8).trim().split("\\s+"))
                        cmd.add(cubins.get(file.resolveSibling(other)).toString());
            }
            return Ptxas.run(cmd);
        });
        int linked = 0;
        for (int i = 0; i < files.size(); i++) {
            String err = linkErrors.get(i);
            if (err == null) linked++;
            else if (!err.isEmpty())
                failures.add(files.get(i).getFileName() + ": nvlink: "
                        + err.lines().limit(3).toList());
        }
        System.out.println("nvptx offload corpus: " + all.size() + " files, " + functions + " device functions, "
                + kernels + " kernels (" + spmd + " SPMD) assembled; " + linked + " programs linked by nvlink");
        assertThat(kernels).isGreaterThan(100);
        assertThat(spmd).isGreaterThan(10);
        assertThat(linked).isEqualTo(files.size());
        assertThat(failures).isEmpty();
    }

    /** One file's device module: what failed, its sm_90 cubin (null if it failed), and what it holds. */
    record Device(List<String> failures, Path cubin, int kernels, int spmd, int functions) {}

    private static Device assemble(Path file, Path tmp) throws Exception {
        Module dev = DeviceExtraction.extract(PtxCorpusTest.compileC(file));
        String name = file.getFileName().toString();
        List<String> failures = new ArrayList<>();
        Path sm90 = null;
        for (String arch : List.of("sm_75", "sm_90")) {
            try {
                Path cubin = tmp.resolve(name + "." + arch + ".cubin");
                String err = Ptxas.check(PtxBackend.compile(dev, arch), arch, tmp, true, cubin);
                if (err != null)
                    failures.add(
                            name + " (" + arch + "): " + err.lines().limit(3).toList());
                else if (arch.equals("sm_90")) sm90 = cubin;
            } catch (PtxException e) {
                failures.add(name + ": rejected: " + e.getMessage());
            }
        }
        int kernels = 0, spmd = 0;
        for (Function f : dev.functions) {
            if (PtxBackend.isKernel(f.name)) kernels++;
            if (f.spmd) spmd++;
        }
        return new Device(failures, sm90, kernels, spmd, dev.functions.size());
    }
}
