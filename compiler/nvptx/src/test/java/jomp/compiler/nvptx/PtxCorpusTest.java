package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.diag.SourceFile;
import jomp.compiler.ir.Module;
import jomp.compiler.lower.Lowering;
import jomp.compiler.offload.DeviceExtraction;
import jomp.compiler.opt.PassManager;
import jomp.compiler.parse.Parser;
import jomp.compiler.preprocess.Preprocessor;
import jomp.compiler.preprocess.PreprocessorOptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every function of the C run corpus (tests/c/run) compiled to PTX and assembled by ptxas for
 * sm_75 and sm_90. Files the backend rejects must be listed in {@link #REJECTED} with the
 * message it gives; any other rejection, and any ptxas error, fails the test. The files are
 * compiled and assembled side by side ({@link EachFile}).
 */
class PtxCorpusTest {
    static final Path CORPUS = Path.of("..", "..", "tests", "c", "run");

    /** 318-320, 356 and 357 compute with __float128, which clang refuses in nvptx64 device code (the backend refuses its arithmetic). */
    private static final String QUAD =
            "function '[\\w.]+' computes with '__float128', but target 'nvptx64-nvidia-cuda' does not support it";

    /**
     * 348-352 and 368 compute with _BitInt of more than 128 bits, which clang's nvptx64 refuses ("signed _BitInt of
     * bit sizes greater than 128 not supported"; the backend refuses the runtime's calls).
     */
    private static final String WIDE_BITINT = "function '\\w+' computes with a _BitInt of more than 128 bits, but"
            + " target 'nvptx64-nvidia-cuda' supports _BitInt only up to 128 bits";

    /**
     * Corpus files the backend rejects on purpose, with a pattern of the message it must give.
     * 082, 083 and 334 are OpenMP programs whose host code calls the outlined kernel as the host
     * fallback of a target region: host code, never compiled for the device (at -O2 saxpy is
     * inlined into main, which then makes the call). 129 asks the x86 processor about itself
     * (cpuid; at -O2 from main, where __get_cpuid_max is inlined), which a GPU cannot answer; so does
     * 380 (cpuid and xgetbv, to choose among its AVX2, PCLMUL and BMI2 versions).
     * Their device half (what a device compile takes) is assembled instead, as in
     * {@link PtxOffloadCorpusTest}.
     */
    static final Map<String, String> REJECTED = Map.ofEntries(
            Map.entry(
                    "082-omp-target-saxpy.c",
                    "function '(saxpy|main)' calls kernel '__omp_offloading_\\w+_saxpy_l4', which a device function cannot call"),
            Map.entry(
                    "083-omp-zaxpy-target.c",
                    "function 'main' calls kernel '__omp_offloading_\\w+_main_l8', which a device function cannot call"),
            Map.entry(
                    "334-bitint-openmp.c",
                    "function 'main' calls kernel '__omp_offloading_\\w+_main_l\\d+', which a device function cannot call"),
            Map.entry(
                    "129-inline-asm-barriers.c",
                    "function '(__get_cpuid_max|main)' holds inline assembly 'cpuid', an x86 instruction with no meaning on a GPU"),
            Map.entry(
                    "380-x86-target-dispatch.c",
                    "function '\\w+' holds inline assembly '(cpuid|xgetbv)', an x86 instruction with no meaning on a GPU"),
            Map.entry("318-float128-arithmetic.c", QUAD),
            Map.entry("319-float128-conversions.c", QUAD),
            Map.entry("320-float128-calls.c", QUAD),
            Map.entry("356-float128-reductions.c", QUAD),
            Map.entry("357-complex-float128.c", QUAD),
            Map.entry("348-bitint-huge-arithmetic.c", WIDE_BITINT),
            Map.entry("349-bitint-huge-abi.c", WIDE_BITINT),
            Map.entry("350-bitint-huge-conversions.c", WIDE_BITINT),
            Map.entry("351-bitint-huge-constants.c", WIDE_BITINT),
            Map.entry("352-bitint-huge-algorithms.c", WIDE_BITINT),
            Map.entry("368-bitint-wide-bitfields.c", WIDE_BITINT));

    static Module compileC(Path file) throws Exception {
        return compileC(file, 2);
    }

    static Module compileC(Path file, int optLevel) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Diagnostics diags = new Diagnostics(new PrintStream(err));
        List<Path> includes = new ArrayList<>(), embedDirs = new ArrayList<>();
        Map<String, String> defines = new LinkedHashMap<>();
        // the FLAGS line among the leading comment lines (an ORACLE line may come first)
        String first = Files.readAllLines(file).stream()
                .takeWhile(l -> l.startsWith("//"))
                .filter(l -> l.startsWith("// FLAGS:"))
                .findFirst()
                .orElse("");
        String std = null;
        List<String> warnings = new ArrayList<>();
        if (first.startsWith("// FLAGS:")) {
            for (String flag : first.substring(9).trim().split("\\s+")) {
                if (flag.startsWith("-std=")) std = flag.substring(5);
                if (flag.startsWith("-W"))
                    warnings.add(flag); // -Wno-implicit-int: what clang makes an error by default
                if (flag.startsWith("-I")) includes.add(file.getParent().resolve(flag.substring(2)));
                if (flag.startsWith("--embed-dir="))
                    embedDirs.add(file.getParent().resolve(flag.substring("--embed-dir=".length())));
                if (flag.startsWith("-D")) {
                    String d = flag.substring(2);
                    int eq = d.indexOf('=');
                    defines.put(eq < 0 ? d : d.substring(0, eq), eq < 0 ? "1" : d.substring(eq + 1));
                }
            }
        }
        diags.warningOptions(jomp.compiler.diag.WarningOptions.parse(warnings));
        PreprocessorOptions opts = new PreprocessorOptions(
                includes, List.of(), defines, true, List.of(), List.of(), false, false, false, List.of(), List.of(),
                false, std, 0, false, false, null, embedDirs);
        SourceFile src = Preprocessor.readSource(file, diags);
        var tu =
                Parser.parse(Preprocessor.run(src, opts, diags), diags, 51, jomp.compiler.parse.Language.of(std, null));
        Module m = Lowering.lower(tu, diags, file.toString());
        assertThat(diags.hasErrors()).as("%s: %s", file, err).isFalse();
        PassManager.run(m, optLevel);
        return m;
    }

    static List<Path> corpus() throws Exception {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(CORPUS)) {
            s.filter(p -> p.toString().endsWith(".c")).sorted().forEach(files::add);
        }
        files.add(CORPUS.resolve("support/100-lib.c"));
        return files;
    }

    @ParameterizedTest(name = "-O{0}")
    @ValueSource(ints = {0, 2})
    void everyCorpusFunctionAssemblesForSm75AndSm90(int optLevel, @TempDir Path tmp) throws Exception {
        assertTrue(Ptxas.find() != null, "ptxas not found");
        List<String> failures = new ArrayList<>();
        int files = 0, functions = 0;
        for (Assembled a : EachFile.map(corpus(), file -> assemble(file, optLevel, tmp))) {
            failures.addAll(a.failures());
            if (a.functions() < 0) continue;
            files++;
            functions += a.functions();
        }
        System.out.println(
                "nvptx corpus -O" + optLevel + ": " + files + " files, " + functions + " functions assembled");
        assertThat(failures).isEmpty();
    }

    /** One file's outcome: what failed, and how many functions were assembled (-1: the backend rejected it wrongly). */
    record Assembled(List<String> failures, int functions) {}

    private static Assembled assemble(Path file, int optLevel, Path tmp) throws Exception {
        List<String> failures = new ArrayList<>();
        Module m = compileC(file, optLevel);
        String name = file.getFileName().toString();
        String ptx;
        boolean rejected = false;
        try {
            ptx = PtxBackend.compile(m, "sm_75");
        } catch (PtxException e) {
            rejected = true;
            if (!REJECTED.containsKey(name) || !e.getMessage().matches(REJECTED.get(name))) {
                failures.add(name + ": rejected: " + e.getMessage());
                return new Assembled(failures, -1);
            }
            m = DeviceExtraction.extract(m);
            ptx = PtxBackend.compile(m, "sm_75");
        }
        if (!rejected && REJECTED.containsKey(name)) failures.add(name + ": expected rejection: " + REJECTED.get(name));
        for (String arch : List.of("sm_75", "sm_90")) {
            String text = arch.equals("sm_75") ? ptx : PtxBackend.compile(m, arch);
            String err = Ptxas.check(text, arch, tmp);
            if (err != null)
                failures.add(name + " (" + arch + "): " + err.lines().limit(3).toList());
        }
        return new Assembled(failures, m.functions.size());
    }
}
