package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two translation units (the run corpus's 100-multi-file.c and its support file, with calls,
 * globals and function pointers across files) compiled to relocatable cubins by ptxas and
 * linked by nvlink: every cross-file reference the backend declares resolves.
 */
class PtxLinkTest {
    @Test
    void relocatableCubinsOfTwoUnitsLinkWithNvlink(@TempDir Path tmp) throws Exception {
        Path ptxas = Ptxas.find();
        assertTrue(ptxas != null, "ptxas not found");
        Path nvlink = ptxas.resolveSibling("nvlink");
        if (!Files.isExecutable(nvlink)) nvlink = Path.of("/usr/local/cuda/bin/nvlink");
        assertTrue(Files.isExecutable(nvlink), "nvlink not found");

        List<String> cubins = new ArrayList<>();
        for (Path src : List.of(
                PtxCorpusTest.CORPUS.resolve("100-multi-file.c"), PtxCorpusTest.CORPUS.resolve("support/100-lib.c"))) {
            Path ptx = tmp.resolve(src.getFileName() + ".ptx"), cubin = tmp.resolve(src.getFileName() + ".cubin");
            Files.writeString(
                    ptx, PtxBackend.compile(PtxCorpusTest.compileC(src), "sm_90"), StandardCharsets.ISO_8859_1);
            assertThat(run(ptxas.toString(), "-c", "-arch=sm_90", ptx.toString(), "-o", cubin.toString()))
                    .isEmpty();
            cubins.add(cubin.toString());
        }
        List<String> link = new ArrayList<>(List.of(
                nvlink.toString(), "-arch=sm_90", "-o", tmp.resolve("all.cubin").toString()));
        link.addAll(cubins);
        assertThat(run(link.toArray(String[]::new))).isEmpty();
        assertThat(tmp.resolve("all.cubin")).isNotEmptyFile();
        // and the oracle notices a missing unit
        String alone = run(
                nvlink.toString(), "-arch=sm_90", "-o", tmp.resolve("one.cubin").toString(), cubins.get(0));
        assertThat(alone)
                .contains("Undefined reference")
                .containsAnyOf("lib_next", "lib_sum", "lib_counter", "lib_report", "lib_pick", "lib_name");
    }

    /**
     * Two device objects that both carry the device runtime and libdevice's sin and pow (.weak,
     * with libdevice's module-local helpers and tables) link into one cubin.
     */
    @Test
    void twoObjectsWithTheRuntimeAndLibdeviceLinkOnce(@TempDir Path tmp) throws Exception {
        Path ptxas = Ptxas.find(), nvlink = Ptxas.nvlink();
        assertTrue(ptxas != null && nvlink != null, "ptxas or nvlink not found");
        List<String> cubins = new ArrayList<>();
        for (String fn : List.of("a", "b")) {
            Path src = tmp.resolve(fn + ".c");
            Files.writeString(
                    src,
                    "#include <math.h>\n#include <omp.h>\nvoid " + fn + "(int n, double *x) {\n"
                            + "#pragma omp target teams distribute parallel for map(tofrom: x[0:n])\n"
                            + "  for (int i = 0; i < n; i++) x[i] = sin(x[i]) + pow(x[i], 0.5) + omp_get_team_num();\n}\n");
            String ptx = PtxBackend.compile(
                    jomp.compiler.offload.DeviceExtraction.extract(PtxCorpusTest.compileC(src)), "sm_90");
            assertThat(ptx)
                    .containsPattern("\\.weak \\.func +\\(\\.param \\.b64 func_retval0\\) __nv_sin\\(")
                    .contains(".weak .func (.param .b32 __retval) __jomp_spmd_init(");
            Path cubin = tmp.resolve(fn + ".cubin");
            assertThat(Ptxas.check(ptx, "sm_90", tmp, true, cubin)).isNull();
            cubins.add(cubin.toString());
        }
        List<String> link = new ArrayList<>(List.of(
                nvlink.toString(), "-arch=sm_90", "-o", tmp.resolve("ab.cubin").toString()));
        link.addAll(cubins);
        assertThat(run(link.toArray(String[]::new))).isEmpty();
        assertThat(tmp.resolve("ab.cubin")).isNotEmptyFile();
    }

    /** Runs a command; returns its output when it fails, "" when it succeeds. */
    private static String run(String... cmd) throws Exception {
        Process p = jomp.env.ExternalTools.processBuilder(cmd)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.waitFor() == 0 ? "" : out.isEmpty() ? "exit status " + p.exitValue() : out;
    }
}
