package jomp.compiler.cc1;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cc1's pass list (Pipeline) as -mllvm -debug-pass= prints it: the order of the passes of each
 * kind of compile, each pass run once (and the IR optimisation once per module), and that the
 * split offloading flow (host IR written unoptimised, optimised by the job that reads it) makes
 * the same object as a compile straight from source.
 */
class PipelineTest {
    @TempDir
    Path tmp;

    private static final String SOURCE = """
            #include <stdio.h>
            #pragma omp declare target
            static int twice(int x) { return 2 * x; }
            #pragma omp end declare target
            int main(void) {
              int a[64], s = 0;
              #pragma omp target teams distribute parallel for map(from: a)
              for (int i = 0; i < 64; i++) a[i] = twice(i);
              for (int i = 0; i < 64; i++) for (int j = 0; j < 2; j++) s += a[i] + j;
              printf("%d\\n", s);
              return 0;
            }
            """;

    private record Result(int rc, String out, String err) {}

    private Result cc1(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.ISO_8859_1);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            rc = Cc1.run(args, o, e);
        }
        return new Result(rc, out.toString(StandardCharsets.ISO_8859_1), err.toString(StandardCharsets.UTF_8));
    }

    private String source() throws Exception {
        Path c = tmp.resolve("p.c");
        Files.writeString(c, SOURCE);
        return c.toString();
    }

    private static final Pattern LISTED = Pattern.compile("^\\s+\\d+\\. (\\S+)", Pattern.MULTILINE);
    private static final Pattern EXECUTED = Pattern.compile("^\\[\\s*\\d+/\\d+\\] (\\S+)", Pattern.MULTILINE);

    private static List<String> names(Pattern p, String text) {
        List<String> l = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) l.add(m.group(1));
        return l;
    }

    private List<String> structure(String... args) {
        List<String> a = new ArrayList<>(List.of(args));
        a.addAll(List.of("-mllvm", "-debug-pass=Structure"));
        Result r = cc1(a.toArray(String[]::new));
        assertThat(r.rc()).as(r.err()).isZero();
        return names(LISTED, r.err());
    }

    @Test
    void hostCompileListsEveryStageInOrder() throws Exception {
        String c = source();
        assertThat(structure(
                        "-fopenmp", "-O2", "-emit-obj", "-o", tmp.resolve("p.o").toString(), c))
                .containsExactly(
                        "preprocess",
                        "parse",
                        "warnings",
                        "omp-declarations",
                        "lower",
                        "opt",
                        "loop-outline",
                        "jvm-codegen",
                        "write-object");
        // no loop outlining at -O0; -S disassembles instead of writing the object; -fsyntax-only stops after the front
        // end
        assertThat(structure("-O0", "-S", "-o", tmp.resolve("p.s").toString(), c))
                .containsExactly(
                        "preprocess",
                        "parse",
                        "warnings",
                        "omp-declarations",
                        "lower",
                        "opt",
                        "jvm-codegen",
                        "jvm-disassemble");
        assertThat(structure("-fsyntax-only", c))
                .containsExactly("preprocess", "parse", "warnings", "omp-declarations");
    }

    @Test
    void optNamesItsPassesAtEachLevel() throws Exception {
        String c = source();
        Result o2 = cc1("-O2", "-emit-obj", "-o", tmp.resolve("p.o").toString(), c, "-mllvm", "-debug-pass=Structure");
        assertThat(o2.err())
                .containsPattern(
                        "opt +IR optimisation at -O2: inline \\(callees first\\), then per function: .*constant-folding.*"
                                + "sroa, mem2reg.*loop-invariants");
        Result o1 = cc1("-O1", "-emit-obj", "-o", tmp.resolve("p.o").toString(), c, "-mllvm", "-debug-pass=Structure");
        assertThat(o1.err())
                .contains("IR optimisation at -O1: per function:")
                .doesNotContain("inline")
                .doesNotContain("sroa");
    }

    @Test
    void offloadingJobsEachOptimiseTheirModuleOnce() throws Exception {
        String c = source();
        String ir = tmp.resolve("host.jir").toString();
        // the host IR job: lowered, not optimised (the jobs that read it optimise)
        assertThat(structure(
                        "-fopenmp",
                        "-fopenmp-targets=nvptx64-nvidia-cuda",
                        "-O2",
                        "-emit-ir",
                        "-disable-llvm-passes",
                        "-o",
                        ir,
                        c))
                .containsExactly("preprocess", "parse", "warnings", "omp-declarations", "lower", "opt", "print-ir");
        Result r = cc1(
                "-fopenmp", "-O2", "-emit-ir", "-disable-llvm-passes", "-o", ir, c, "-mllvm", "-debug-pass=Structure");
        assertThat(r.err()).contains("IR optimisation at -O0");
        // nvptx64: extraction, the device half optimised, then the PTX preparation passes and emission
        assertThat(structure(
                        "-triple",
                        "nvptx64-nvidia-cuda",
                        "-fopenmp",
                        "-fopenmp-is-target-device",
                        "-fopenmp-host-ir-file-path",
                        ir,
                        "-target-cpu",
                        "sm_90",
                        "-O2",
                        "-S",
                        "-o",
                        tmp.resolve("p.s").toString(),
                        c))
                .containsExactly(
                        "read-host-ir",
                        "device-extraction",
                        "opt",
                        "device-dce",
                        "indirect-calls",
                        "ptx-groupprivate",
                        "ptx-spmd-specialize",
                        "ptx-link-runtime",
                        "ptx-kernel-modes",
                        "ptx-kernel-arguments",
                        "ptx-global-addresses",
                        "ptx-emit");
        // the jvm device: the jvm back end's passes
        assertThat(structure(
                        "-triple",
                        "jvm64-jomp-linux",
                        "-fopenmp",
                        "-fopenmp-is-target-device",
                        "-fopenmp-host-ir-file-path",
                        ir,
                        "-O2",
                        "-emit-obj",
                        "-o",
                        tmp.resolve("d.o").toString(),
                        c))
                .containsExactly(
                        "read-host-ir",
                        "device-extraction",
                        "opt",
                        "device-dce",
                        "loop-outline",
                        "jvm-codegen",
                        "write-object");
        // -foffload-lto: device IR, code generation at the link
        assertThat(structure(
                        "-triple",
                        "nvptx64-nvidia-cuda",
                        "-fopenmp",
                        "-fopenmp-is-target-device",
                        "-fopenmp-host-ir-file-path",
                        ir,
                        "-O2",
                        "-emit-ir",
                        "-o",
                        tmp.resolve("d.jir").toString(),
                        c))
                .containsExactly(
                        "read-host-ir", "device-extraction", "opt", "device-dce", "indirect-calls", "print-ir");
        // the host back end: the IR read, optimised once, compiled
        assertThat(structure(
                        "-fopenmp", "-O2", "-emit-obj", "-o", tmp.resolve("h.o").toString(), ir))
                .containsExactly("read-ir", "opt", "loop-outline", "jvm-codegen", "write-object");
    }

    @Test
    void executionsRunEachListedPassOnceInOrder() throws Exception {
        String c = source();
        String ir = tmp.resolve("host.jir").toString();
        assertThat(cc1("-fopenmp", "-O2", "-emit-ir", "-disable-llvm-passes", "-o", ir, c)
                        .rc())
                .isZero();
        String[] device = {
            "-triple",
            "nvptx64-nvidia-cuda",
            "-fopenmp",
            "-fopenmp-is-target-device",
            "-fopenmp-host-ir-file-path",
            ir,
            "-target-cpu",
            "sm_75",
            "-O2",
            "-S",
            "-o",
            tmp.resolve("p.s").toString(),
            c,
            "-mllvm"
        };
        Result listed = cc1(concat(device, "-debug-pass=Structure"));
        Result ran = cc1(concat(device, "-debug-pass=Executions"));
        assertThat(ran.rc()).as(ran.err()).isZero();
        assertThat(names(EXECUTED, ran.err()))
                .isEqualTo(names(LISTED, listed.err()))
                .doesNotHaveDuplicates();
        assertThat(ran.err()).containsPattern("(?m)^\\s+total\\s+[0-9.]+ ms");
        // -debug-pass=Arguments: the names on one line, as LLVM prints them
        Result args = cc1(concat(device, "-debug-pass=Arguments"));
        assertThat(args.err()).contains("Pass Arguments: " + String.join(" ", names(LISTED, listed.err())));
        // the trace changes nothing in the output
        assertThat(Files.readString(tmp.resolve("p.s"))).contains(".entry __omp_offloading_");
    }

    @Test
    void hostIrOptimisedByItsReaderMakesTheSameObjectAsOneCompile() throws Exception {
        String c = source();
        Path direct = tmp.resolve("direct.o"), split = tmp.resolve("split.o"), ir = tmp.resolve("host.jir");
        for (String level : List.of("-O0", "-O2")) {
            assertThat(cc1(
                                    "-fopenmp",
                                    "-fopenmp-targets=nvptx64-nvidia-cuda",
                                    level,
                                    "-emit-obj",
                                    "-o",
                                    direct.toString(),
                                    c)
                            .rc())
                    .isZero();
            assertThat(cc1(
                                    "-fopenmp",
                                    "-fopenmp-targets=nvptx64-nvidia-cuda",
                                    level,
                                    "-emit-ir",
                                    "-disable-llvm-passes",
                                    "-o",
                                    ir.toString(),
                                    c)
                            .rc())
                    .isZero();
            assertThat(cc1("-fopenmp", level, "-emit-obj", "-o", split.toString(), ir.toString())
                            .rc())
                    .isZero();
            assertThat(Files.readAllBytes(split)).as(level).isEqualTo(Files.readAllBytes(direct));
        }
        // the unoptimised IR is the lowering's: at -O2 the optimiser has work left in it
        String lowered = Files.readString(ir);
        assertThat(cc1("-fopenmp", "-O2", "-emit-ir", "-o", ir.toString(), c).rc())
                .isZero();
        assertThat(Files.readString(ir)).isNotEqualTo(lowered);
    }

    /**
     * In one process the host IR's readers take the writer's module instead of parsing the text
     * (IrHandoff); what they make must be what they make from the parsed text, byte for byte.
     */
    @Test
    void readersOfTheWritersModuleMakeWhatTheParsedTextMakes() throws Exception {
        String c = source();
        String ir = tmp.resolve("host.jir").toString();
        for (String level : List.of("-O0", "-O2")) {
            for (String g : List.of("-g0", "-g")) {
                List<String[]> readers = List.of(
                        new String[] {
                            "-triple",
                            "nvptx64-nvidia-cuda",
                            "-fopenmp",
                            "-fopenmp-is-target-device",
                            "-fopenmp-host-ir-file-path",
                            ir,
                            "-target-cpu",
                            "sm_90",
                            level,
                            g,
                            "-S",
                            "-o",
                            tmp.resolve("d.s").toString(),
                            c
                        },
                        new String[] {
                            "-triple",
                            "jvm64-jomp-linux",
                            "-fopenmp",
                            "-fopenmp-is-target-device",
                            "-fopenmp-host-ir-file-path",
                            ir,
                            level,
                            g,
                            "-emit-obj",
                            "-o",
                            tmp.resolve("d.o").toString(),
                            c
                        },
                        new String[] {
                            "-fopenmp",
                            level,
                            g,
                            "-emit-obj",
                            "-o",
                            tmp.resolve("h.o").toString(),
                            ir
                        });
                List<Path> outs = List.of(tmp.resolve("d.s"), tmp.resolve("d.o"), tmp.resolve("h.o"));
                assertThat(cc1(
                                        "-fopenmp",
                                        "-fopenmp-targets=nvptx64-nvidia-cuda,jvm64-jomp-linux",
                                        level,
                                        g,
                                        "-emit-ir",
                                        "-disable-llvm-passes",
                                        "-o",
                                        ir,
                                        c)
                                .rc())
                        .isZero();
                int before = IrHandoff.taken.get();
                List<byte[]> handed = new ArrayList<>();
                for (int i = 0; i < readers.size(); i++) {
                    assertThat(cc1(readers.get(i)).rc()).isZero();
                    handed.add(Files.readAllBytes(outs.get(i)));
                }
                assertThat(IrHandoff.taken.get() - before)
                        .as("reads that took the module")
                        .isEqualTo(3);
                IrHandoff.clear();
                for (int i = 0; i < readers.size(); i++) {
                    assertThat(cc1(readers.get(i)).rc()).isZero();
                    assertThat(Files.readAllBytes(outs.get(i)))
                            .as(level + " " + g + " " + outs.get(i).getFileName())
                            .isEqualTo(handed.get(i));
                }
                assertThat(IrHandoff.taken.get() - before).isEqualTo(3);
            }
        }
    }

    @Test
    void aChangedIrFileIsParsedNotTaken() throws Exception {
        String c = source();
        Path ir = tmp.resolve("host.jir");
        assertThat(cc1("-fopenmp", "-O2", "-emit-ir", "-disable-llvm-passes", "-o", ir.toString(), c)
                        .rc())
                .isZero();
        // the same IR with one more function: the reader must see it
        Files.writeString(ir, Files.readString(ir) + "\nfunc i32 @added_later() {\nentry:\n  ret i32 7\n}\n");
        int before = IrHandoff.taken.get();
        Result r = cc1("-fopenmp", "-O2", "-emit-ir", "-o", "-", ir.toString());
        assertThat(r.rc()).as(r.err()).isZero();
        assertThat(r.out()).contains("@added_later");
        assertThat(IrHandoff.taken.get()).isEqualTo(before);
    }

    @Test
    void unknownBackEndOptionIsAnError() throws Exception {
        String c = source();
        Path o = tmp.resolve("x.o");
        Result r = cc1("-O2", "-emit-obj", "-o", o.toString(), c, "-mllvm", "-debug-pass=Everything");
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err()).startsWith("jomp: error: invalid value 'Everything' in '-mllvm -debug-pass=Everything'");
        r = cc1("-O2", "-emit-obj", "-o", o.toString(), c, "-mllvm", "-unroll-count=4");
        assertThat(r.rc()).isEqualTo(1);
        assertThat(r.err()).contains("unknown argument to '-mllvm': '-unroll-count=4'");
        assertThat(o).doesNotExist();
    }

    private static String[] concat(String[] a, String b) {
        String[] r = java.util.Arrays.copyOf(a, a.length + 1);
        r[a.length] = b;
        return r;
    }
}
