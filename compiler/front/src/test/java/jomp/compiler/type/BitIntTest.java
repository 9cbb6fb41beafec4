package jomp.compiler.type;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jomp.compiler.parse.ParseHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * C23's {@code _BitInt(N)} against clang 19 on x86-64 (gcc 12 has no _BitInt): the size and alignment
 * of every width jomp supports, and the type of the usual arithmetic conversions of pairs of
 * _BitInts and standard integer types, which clang checks in a program of static assertions.
 */
class BitIntTest {
    private static final List<Type> STANDARD = List.of(
            Type.CHAR,
            Type.UCHAR,
            Type.SHORT,
            Type.USHORT,
            Type.INT,
            Type.UINT,
            Type.LONG,
            Type.ULONG,
            Type.LLONG,
            Type.ULLONG,
            Type.INT128,
            Type.UINT128);

    private static String clang(Path dir, String program, boolean run) throws Exception {
        org.junit.jupiter.api.Assertions.assertTrue(
                Files.isExecutable(Path.of("/usr/bin/clang-19")), "clang-19 is the oracle here: install it");
        Files.writeString(dir.resolve("b.c"), program);
        Process cc = jomp.env.ExternalTools.processBuilder("clang-19", "-w", "-o", "b", "b.c")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String diag = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(cc.waitFor(120, TimeUnit.SECONDS) && cc.exitValue() == 0)
                .as("clang-19: %s", diag)
                .isTrue();
        if (!run) return "";
        Process p = new ProcessBuilder(dir.resolve("b").toString()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0).isTrue();
        return out;
    }

    @Test
    void sizesAndAlignmentsAreClangs(@TempDir Path dir) throws Exception {
        StringBuilder src = new StringBuilder("#include <stdio.h>\nint main(void) {\n");
        List<String> jomp = new ArrayList<>();
        List<Integer> widths = new ArrayList<>();
        for (int n = 1; n <= 600; n++) widths.add(n); // every width to 600, then some past it, up to clang's limit
        widths.addAll(List.of(1000, 1023, 1024, 1025, 4096, 65535, 65536, 1_000_001, Type.BITINT_MAXWIDTH));
        for (int n : widths) {
            for (boolean u : new boolean[] {true, false}) {
                if (!u && n < 2) continue;
                String name = (u ? "unsigned " : "") + "_BitInt(" + n + ")";
                src.append("  printf(\"")
                        .append(name)
                        .append(" %zu %zu\\n\", sizeof(")
                        .append(name)
                        .append("), _Alignof(")
                        .append(name)
                        .append("));\n");
                Type t = Type.bitInt(n, u);
                jomp.add(name + " " + t.size() + " " + t.align());
                assertThat(TypePrinter.print(t)).isEqualTo(name);
                assertThat(t.bitWidth()).isEqualTo(n);
                assertThat(Type.bitInt(n, u)).isSameAs(t);
            }
        }
        src.append("  return 0;\n}\n");
        assertThat(clang(dir, src.toString(), true).lines().toList()).containsExactlyElementsOf(jomp);
    }

    @Test
    void usualArithmeticConversionsAreClangs(@TempDir Path dir) throws Exception {
        List<Type> types = new ArrayList<>(STANDARD);
        for (int n : new int[] {2, 7, 8, 9, 16, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129, 192, 256, 1000}) {
            types.add(Type.bitInt(n, false));
            types.add(Type.bitInt(n, true));
        }
        types.add(Type.bitInt(1, true));
        StringBuilder src = new StringBuilder();
        int k = 0;
        for (Type a : types)
            for (Type b : types) {
                Type r = Types.usualArithmetic(a, b);
                src.append("_Static_assert(__builtin_types_compatible_p(__typeof__((")
                        .append(TypePrinter.print(a))
                        .append(")0 + (")
                        .append(TypePrinter.print(b))
                        .append(")0), ")
                        .append(TypePrinter.print(r))
                        .append("), \"")
                        .append(k++)
                        .append("\");\n");
            }
        src.append("int main(void) { return 0; }\n");
        assertThat(k).isGreaterThan(1000);
        clang(dir, src.toString(), false);
        // jomp's own parse agrees: a _BitInt is compatible with no standard type of its storage
        ParseHelper h = ParseHelper.parse(src.toString());
        assertThat(h.messages()).isEmpty();
    }

    @Test
    void widthsBeyondClangsLimitAreRefused() {
        ParseHelper h = ParseHelper.parse(
                "t.c",
                "_BitInt(8388609) a;\nunsigned _BitInt(8388608) b;\n_BitInt(129) c;\n"
                        + "struct s { _BitInt(100) f : 70; _BitInt(64) g : 40; };\n"
                        + "struct u { unsigned _BitInt(100) h : 101; };\n");
        assertThat(h.messages())
                .isEqualTo(
                        "t.c:1:1: error: signed _BitInt of bit sizes greater than 8388608 not supported\n"
                                + "t.c:5:34: error: width of bit-field 'h' (101 bits) exceeds the width of its type (100 bits)\n");
    }
}
