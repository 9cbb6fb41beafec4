package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random loop nests against gcc: for, while, break, continue, goto out of the nest, return from
 * inside it, calls and global memory, with every local live in and out of the loops in some
 * program. Built with {@code jomp -O2}, so the optimiser and the JVM backend's loop outlining
 * (registers as parameters, results through the frame, exits by number) meet shapes no
 * hand-written test has; built with {@code gcc -O0 -fwrapv} (jomp's arithmetic wraps as the JVM's
 * does, and the generator does not avoid signed overflow). The seeds are fixed: a failure names
 * its seed, and the program is in the test's folder.
 */
class LoopShapesTest {
    private static final int PROGRAMS = 24;

    @TempDir
    Path dir;

    @TestFactory
    Stream<DynamicTest> randomLoopNestsMatchGcc() {
        return IntStream.rangeClosed(1, PROGRAMS)
                .mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> check(seed)));
    }

    private void check(int seed) throws IOException {
        Path c = dir.resolve("loops" + seed + ".c");
        Files.writeString(c, new Generator(seed).program());
        Path scratch = dir.resolve("scratch");
        Exec.Result g = Exec.run(
                List.of(
                        "gcc",
                        "-O0",
                        "-w",
                        "-fwrapv",
                        "-o",
                        dir.resolve("g" + seed).toString(),
                        c.toString()),
                dir,
                Map.of(),
                scratch);
        assertThat(g.status()).as(g.describe("gcc")).isZero();
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-O2", "-w", "-o", dir.resolve("j" + seed).toString(), c.toString()));
        Exec.Result j = Exec.run(cmd, dir, Map.of(), scratch);
        assertThat(j.status()).as(j.describe("jomp -O2")).isZero();
        Exec.Result want = Exec.run(List.of(dir.resolve("g" + seed).toString()), dir, Map.of(), scratch);
        Exec.Result got = Exec.run(List.of(dir.resolve("j" + seed).toString()), dir, Map.of(), scratch);
        assertThat(got.stdoutText()).as("seed %d (%s)", seed, c).isEqualTo(want.stdoutText());
        assertThat(got.status()).isEqualTo(want.status());
    }

    /** Four functions of random statements over six locals, a global array and a call; main hashes their results. */
    static final class Generator {
        private final SplittableRandom r;
        private final List<String> out = new ArrayList<>();
        private static final String[] VARS = {"v0", "v1", "v2", "v3", "v4", "v5"};
        private int names;

        Generator(long seed) {
            r = new SplittableRandom(seed);
        }

        String program() {
            out.add("#include <stdio.h>");
            out.add("static int g[64];");
            out.add("static int f(int x) { return x * 3 + 1; }");
            for (int k = 0; k < 4; k++) {
                out.add("static int fn" + k + "(int p) {");
                StringBuilder decl = new StringBuilder("   ");
                for (int i = 0; i < VARS.length; i++)
                    decl.append(" int ")
                            .append(VARS[i])
                            .append(" = p + ")
                            .append(i)
                            .append(';');
                out.add(decl.toString());
                for (int n = 2 + r.nextInt(3); n > 0; n--) statement(0, List.of(), "out" + k);
                out.add("out" + k + ":");
                out.add("    return " + String.join(" + ", VARS) + ";");
                out.add("}");
            }
            out.add("int main(void) {");
            out.add("    for (int k = 0; k < 64; k++) g[k] = k * 7 % 13;");
            out.add("    unsigned long h = 0;");
            out.add(
                    "    for (int p = 0; p < 5; p++) h = ((h * 31 + (unsigned) fn0(p)) * 31 + (unsigned) fn1(p)) * 31 + (unsigned) fn2(p) * 7 + (unsigned) fn3(p);");
            out.add("    for (int k = 0; k < 64; k++) h = h * 31 + (unsigned) g[k];");
            out.add("    printf(\"%lu\\n\", h);");
            out.add("    return (int) (h % 7);");
            out.add("}");
            return String.join("\n", out) + "\n";
        }

        private String expr(int depth, List<String> ivs) {
            int c = r.nextInt(6);
            if (c == 0 || depth > 2) return Integer.toString(r.nextInt(15) - 5);
            if (c == 1) return VARS[r.nextInt(VARS.length)];
            if (c == 2 && !ivs.isEmpty()) return ivs.get(r.nextInt(ivs.size()));
            if (c == 3) return "g[(" + expr(depth + 1, ivs) + ") & 63]";
            if (c == 4) return "f(" + expr(depth + 1, ivs) + ")";
            String[] ops = {"+", "-", "*", "^", "&", "|"};
            return "(" + expr(depth + 1, ivs) + " " + ops[r.nextInt(ops.length)] + " " + expr(depth + 1, ivs) + ")";
        }

        private void statement(int depth, List<String> ivs, String label) {
            String ind = "    ".repeat(depth + 1);
            int c = r.nextInt(10);
            if (c < 3 && depth < 4) {
                String iv = "i" + names++;
                int lo = r.nextInt(3), hi = 2 + r.nextInt(5);
                out.add(ind + "for (int " + iv + " = " + lo + "; " + iv + " < " + hi + "; " + iv + "++) {");
                List<String> inner = new ArrayList<>(ivs);
                inner.add(iv);
                for (int n = 1 + r.nextInt(3); n > 0; n--) statement(depth + 1, inner, label);
                out.add(ind + "}");
            } else if (c == 3 && depth < 4) {
                String iv = "w" + names++;
                // the counter steps first, so that a continue cannot make the loop endless
                out.add(ind + "{ int " + iv + " = " + r.nextInt(3) + "; while (" + iv + " < " + (3 + r.nextInt(5))
                        + ") { " + iv + "++;");
                List<String> inner = new ArrayList<>(ivs);
                inner.add(iv);
                for (int n = 1 + r.nextInt(2); n > 0; n--) statement(depth + 1, inner, label);
                out.add(ind + "} }");
            } else if (c == 4 && !ivs.isEmpty()) {
                out.add(ind + "if ((" + expr(0, ivs) + ") % 7 == 3) break;");
            } else if (c == 5 && !ivs.isEmpty()) {
                out.add(ind + "if ((" + expr(0, ivs) + ") % 5 == 1) continue;");
            } else if (c == 6 && !ivs.isEmpty()) {
                out.add(ind + "if ((" + expr(0, ivs) + ") % 11 == 4) goto " + label + ";");
            } else if (c == 7) {
                out.add(ind + "g[(" + expr(0, ivs) + ") & 63] += " + expr(0, ivs) + ";");
            } else if (c == 8 && !ivs.isEmpty()) {
                out.add(ind + "if ((" + expr(0, ivs) + ") % 13 == 2) return " + expr(0, ivs) + ";");
            } else {
                String[] ops = {"+", "-", "^", "|"};
                out.add(ind + VARS[r.nextInt(VARS.length)] + " " + ops[r.nextInt(ops.length)] + "= " + expr(0, ivs)
                        + ";");
            }
        }
    }
}
