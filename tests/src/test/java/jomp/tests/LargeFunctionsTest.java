package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Functions of 5,000 and more statements, far past the JVM's 64 KiB of bytecode per method,
 * built by jomp at -O0, -O1, -O2 and -O3 and run against gcc's build: straight-line array
 * arithmetic, a switch interpreter loop of 500 cases, 700 labels with gotos among them, 2,500
 * variables live from start to end, and statements nested 40 deep. The JVM back end splits each
 * into methods (jvm/MethodSplitter). And a large program rather than a large function: 5,000
 * functions and 5,000 variables whose addresses the code takes, more than the link's
 * jomp/link/Program class can hold in one class initialiser (linker's ProgramClasses spreads them
 * over several classes; it was "Method too large: jomp/link/Program.<clinit>"). The programs are generated (fixed seeds), not kept: each
 * is a few hundred kilobytes of C.
 */
class LargeFunctionsTest {
    /** A compile of one of these takes seconds to tens of seconds on a loaded machine. */
    private static final long COMPILE_SECONDS = 240;

    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> largeFunctionsMatchGccAtEveryLevel() {
        Map<String, Function<SplittableRandom, String>> shapes = new java.util.LinkedHashMap<>();
        shapes.put("straight", LargeFunctionsTest::straight);
        shapes.put("interpreter", LargeFunctionsTest::interpreter);
        shapes.put("gotos", LargeFunctionsTest::gotos);
        shapes.put("locals", LargeFunctionsTest::locals);
        shapes.put("nesting", LargeFunctionsTest::nesting);
        shapes.put("addresses", LargeFunctionsTest::addresses);
        List<DynamicTest> tests = new ArrayList<>();
        for (var e : shapes.entrySet()) {
            for (String opt : List.of("-O0", "-O1", "-O2", "-O3")) {
                if (e.getKey().equals("addresses") && (opt.equals("-O1") || opt.equals("-O3")))
                    continue; // a link's test
                tests.add(DynamicTest.dynamicTest(e.getKey() + " " + opt, () -> check(e.getKey(), e.getValue(), opt)));
            }
        }
        return tests.stream();
    }

    private static void check(String name, Function<SplittableRandom, String> shape, String opt) throws IOException {
        Path c = dir.resolve(name + ".c"), gcc = dir.resolve(name + ".gcc"), jomp = dir.resolve(name + opt);
        Path scratch = dir.resolve("scratch");
        if (!Files.exists(gcc)) {
            Files.writeString(c, shape.apply(new SplittableRandom(name.hashCode())));
            Exec.Result g = Exec.runLong(
                    List.of("gcc", "-O0", "-w", "-o", gcc.toString(), c.toString()),
                    dir,
                    Map.of(),
                    scratch,
                    COMPILE_SECONDS);
            assertThat(g.status()).as(g.describe("gcc")).isZero();
        }
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(opt, "-w", "-o", jomp.toString(), c.toString()));
        Exec.Result j = Exec.runLong(cmd, dir, Map.of(), scratch, COMPILE_SECONDS);
        assertThat(j.status()).as(j.describe("jomp " + opt)).isZero();
        Exec.Result want = Exec.run(List.of(gcc.toString()), dir, Map.of(), scratch);
        Exec.Result got = Exec.run(List.of(jomp.toString()), dir, Map.of(), scratch);
        assertThat(want.status()).isZero();
        assertThat(got.stdoutText())
                .as("%s %s (%s)", name, opt, c)
                .isEqualTo(want.stdoutText())
                .isNotEmpty();
        assertThat(got.status()).isEqualTo(want.status());
    }

    /** 5,000 functions and 5,000 variables, each one's address taken in code and in static data. */
    static String addresses(SplittableRandom r) {
        int n = 5_000;
        StringBuilder c = new StringBuilder("#include <stdio.h>\n");
        for (int i = 0; i < n; i++)
            c.append("static int g")
                    .append(i)
                    .append(" = ")
                    .append(r.nextInt(1000))
                    .append(";\n")
                    .append("static int f")
                    .append(i)
                    .append("(int x) { return x * ")
                    .append(1 + r.nextInt(7))
                    .append(" + g")
                    .append(i)
                    .append("; }\n");
        c.append("static int (*const table[])(int) = {");
        for (int i = 0; i < n; i++) c.append(i == 0 ? "" : ", ").append('f').append(i);
        c.append("};\nstatic int *const ptrs[] = {");
        for (int i = 0; i < n; i++) c.append(i == 0 ? "" : ", ").append("&g").append(i);
        c.append("};\nint main(void) {\n    long s = 0;\n");
        c.append("    for (int i = 0; i < ").append(n).append("; i++) s = s * 31 + table[i](i) + *ptrs[i];\n");
        for (int i = 0; i < n; i += 1 + r.nextInt(3))
            c.append("    s += (table[")
                    .append(i)
                    .append("] == f")
                    .append(i)
                    .append(") + (ptrs[")
                    .append(i)
                    .append("] == &g")
                    .append(i)
                    .append(") + f")
                    .append(i)
                    .append("(g")
                    .append(i)
                    .append(");\n");
        c.append("    printf(\"%ld\\n\", s);\n    return 0;\n}\n");
        return c.toString();
    }

    /** 5,000 statements of array arithmetic in one function, most of it one block. */
    static String straight(SplittableRandom r) {
        StringBuilder c = new StringBuilder("#include <stdio.h>\ndouble a[64];\nlong b[64];\nint main(void) {\n");
        c.append("    for (int i = 0; i < 64; i++) { a[i] = i * 0.5 + 1; b[i] = i * 3 + 1; }\n");
        for (int k = 0; k < 5000; k++) {
            int i = r.nextInt(64), j = r.nextInt(64), l = r.nextInt(64);
            if (k % 2 == 1)
                c.append("    a[")
                        .append(i)
                        .append("] = a[")
                        .append(j)
                        .append("] * 0.5 + a[")
                        .append(l)
                        .append("] * 0.25 + ")
                        .append(k % 7)
                        .append(";\n");
            else
                c.append("    b[")
                        .append(i)
                        .append("] = (b[")
                        .append(j)
                        .append("] * 3 + b[")
                        .append(l)
                        .append("] + ")
                        .append(k)
                        .append(") % 1000003;\n");
        }
        c.append("    double s = 0;\n    long t = 0;\n    for (int i = 0; i < 64; i++) { s += a[i]; t += b[i]; }\n");
        c.append("    printf(\"%.6f %ld\\n\", s, t);\n    return 0;\n}\n");
        return c.toString();
    }

    /** A bytecode interpreter: a loop around a switch of 500 cases of 12 statements, with breaks and jumps inside. */
    static String interpreter(SplittableRandom r) {
        int ops = 500;
        String[] vars = {"acc", "x", "y"};
        StringBuilder c =
                new StringBuilder("#include <stdio.h>\nstatic unsigned char code[4096];\nstatic long mem[256];\n");
        c.append(
                "static unsigned long run(long steps) {\n    long acc = 1, x = 2, y = 3, count = 0;\n    int pc = 0;\n");
        c.append(
                "    while (count++ < steps) {\n        int op = code[pc];\n        pc = (pc + 1) & 4095;\n        switch (op) {\n");
        for (int o = 0; o < ops; o++) {
            c.append("        case ").append(o).append(":\n");
            for (int s = 0; s < 12; s++) {
                String v = vars[r.nextInt(3)], w = vars[r.nextInt(3)];
                int m = r.nextInt(256);
                switch (r.nextInt(3)) {
                    case 0 ->
                        c.append("            ")
                                .append(v)
                                .append(" = (")
                                .append(v)
                                .append(" * ")
                                .append(3 + r.nextInt(14))
                                .append(" + ")
                                .append(w)
                                .append(" + ")
                                .append(s)
                                .append(") % 1000003;\n");
                    case 1 ->
                        c.append("            mem[")
                                .append(m)
                                .append("] = (mem[")
                                .append(m)
                                .append("] + ")
                                .append(w)
                                .append(") % 65521;\n");
                    default ->
                        c.append("            ")
                                .append(v)
                                .append(" ^= mem[")
                                .append(m)
                                .append("] + ")
                                .append(o)
                                .append(";\n");
                }
            }
            if (o % 5 == 0) c.append("            if (acc & 1) break;\n");
            if (o % 7 == 3) c.append("            pc = (pc + x) & 4095;\n");
            if (o % 11 == 6) c.append("            if (y % 13 == 5) continue;\n");
            c.append("            break;\n");
        }
        c.append("        default:\n            acc += op;\n            break;\n        }\n    }\n");
        c.append(
                "    unsigned long h = (unsigned long) (acc * 31 + x * 7 + y);\n    for (int i = 0; i < 256; i++) h = h * 31 + (unsigned long) mem[i];\n    return h;\n}\n");
        c.append("int main(void) {\n    for (int i = 0; i < 4096; i++) code[i] = (unsigned char) ((i * 37 + i / 7) % ")
                .append(ops + 3)
                .append(");\n");
        c.append("    printf(\"%lu\\n\", run(300000));\n    return 0;\n}\n");
        return c.toString();
    }

    /** 700 labels of seven statements each, every one with gotos to two others, forward or back. */
    static String gotos(SplittableRandom r) {
        int labels = 700;
        StringBuilder c = new StringBuilder(
                "#include <stdio.h>\nint main(void) {\n    unsigned long h = 7;\n    long budget = 30000;\n    int v = 1;\n    goto L0;\n");
        for (int i = 0; i < labels; i++) {
            c.append("L").append(i).append(":\n    if (--budget < 0) goto done;\n");
            for (int s = 0; s < 5; s++)
                c.append("    h = h * 31 + (unsigned long) (v + ")
                        .append(i * 5 + s)
                        .append("); v = (v * 7 + ")
                        .append(s)
                        .append(") % 1009;\n");
            c.append("    if (v % 3 == 0) goto L").append(r.nextInt(labels)).append(";\n");
            c.append("    if (v % 3 == 1) goto L").append(r.nextInt(labels)).append(";\n");
        }
        c.append("    goto L0;\ndone:\n    printf(\"%lu %d\\n\", h, v);\n    return 0;\n}\n");
        return c.toString();
    }

    /** 2,500 variables, all live from the start to the end. */
    static String locals(SplittableRandom r) {
        int k = 2500;
        StringBuilder c =
                new StringBuilder("#include <stdio.h>\nint main(int argc, char **argv) {\n    (void) argv;\n");
        for (int i = 0; i < k; i++)
            c.append("    unsigned v")
                    .append(i)
                    .append(" = argc * ")
                    .append(i % 97)
                    .append(" + ")
                    .append(i)
                    .append(";\n");
        for (int i = 0; i < k; i++) {
            int a = r.nextInt(k), b = r.nextInt(k);
            c.append("    v")
                    .append(a)
                    .append(" = (v")
                    .append(a)
                    .append(" * 3 + v")
                    .append(b)
                    .append(" % 101) % 1000003;\n");
        }
        c.append("    unsigned long h = 0;\n");
        for (int i = 0; i < k; i++) c.append("    h = h * 31 + v").append(i).append(";\n");
        c.append("    printf(\"%lu\\n\", h);\n    return 0;\n}\n");
        return c.toString();
    }

    /** 5,000 statements in ifs, loops and a switch nested up to 40 deep. */
    static String nesting(SplittableRandom r) {
        StringBuilder c =
                new StringBuilder("#include <stdio.h>\nint g[16];\nint main(void) {\n    unsigned long h = 1;\n");
        int depth = 0, loops = 0, statements = 0;
        List<Boolean> isLoop = new ArrayList<>();
        while (statements < 5000) {
            String pad = "    ".repeat(depth + 1);
            double p = r.nextDouble();
            if (p < 0.12 && depth < 40) {
                if (loops < 6 && r.nextInt(3) == 0) { // at most 2^6 passes over the innermost statements
                    c.append(pad)
                            .append("for (int i")
                            .append(depth)
                            .append(" = 0; i")
                            .append(depth)
                            .append(" < 2; i")
                            .append(depth)
                            .append("++) {\n");
                    loops++;
                    isLoop.add(true);
                } else {
                    c.append(pad).append("if ((h + ").append(statements).append(") % 3 != 0) {\n");
                    isLoop.add(false);
                }
                depth++;
            } else if (p < 0.2 && depth > 0) {
                depth--;
                if (isLoop.remove(isLoop.size() - 1)) loops--;
                c.append("    ".repeat(depth + 1)).append("}\n");
            } else if (p < 0.21) {
                c.append(pad)
                        .append(
                                "switch (h % 4) { case 0: h += 3; break; case 1: h ^= 5; /* falls through */ case 2: h *= 7; break; default: h++; }\n");
                statements++;
            } else {
                c.append(pad)
                        .append("h = h * 131 + (unsigned long) g[")
                        .append(statements % 16)
                        .append("] + ")
                        .append(statements)
                        .append("; g[")
                        .append(statements % 16)
                        .append("] = (int) (h % 1000);\n");
                statements++;
            }
        }
        while (depth > 0) {
            depth--;
            c.append("    ".repeat(depth + 1)).append("}\n");
        }
        c.append("    printf(\"%lu\\n\", h);\n    return 0;\n}\n");
        return c.toString();
    }
}
