package jomp.compiler.nvptx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The math.h calls the backend sends to libdevice name functions that CUDA's libdevice defines,
 * with the same signatures (read from libdevice.10.bc by llvm-dis-19), and the module with
 * libdevice's functions compiled in (Libdevice) is a complete program for ptxas.
 */
class PtxLibdeviceTest {
    static final Path LIBDEVICE = Path.of("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc");

    static final List<String> UNARY = List.of(
            "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "exp",
            "exp2", "expm1", "log", "log2", "log10", "log1p", "logb", "ilogb", "cbrt", "erf", "erfc", "tgamma",
            "lgamma", "round", "lround", "llround", "lrint", "llrint");
    static final List<String> BINARY = List.of("atan2", "pow", "hypot", "fmod", "remainder", "fdim", "nextafter");

    @Test
    void mathCallsMatchLibdeviceSignatures(@TempDir Path tmp) throws Exception {
        assertTrue(Files.isRegularFile(LIBDEVICE), "libdevice not installed");
        Path ll = tmp.resolve("libdevice.ll");
        Process dis;
        try {
            dis = jomp.env.ExternalTools.processBuilder("llvm-dis-19", LIBDEVICE.toString(), "-o", ll.toString())
                    .redirectErrorStream(true)
                    .start();
        } catch (java.io.IOException e) {
            assertTrue(false, "llvm-dis-19 not found");
            return;
        }
        assertThat(dis.waitFor()).isZero();
        Map<String, String> libdevice = new HashMap<>();
        Matcher d = Pattern.compile("(?m)^define [a-z_ ]*?(\\w+) @(__nv_\\w+)\\(([^)]*)\\)")
                .matcher(Files.readString(ll));
        while (d.find()) {
            String params = d.group(3)
                    .replaceAll(" noundef", "")
                    .replaceAll(" %\\w+", "")
                    .replaceAll("\\s+", "");
            libdevice.put(d.group(2), d.group(1) + "(" + params + ")");
        }
        assertThat(libdevice).containsKey("__nv_sin");

        StringBuilder c = new StringBuilder(
                "#include <math.h>\ndouble s; float t; int i; double dd; float ff;\nvoid f(double x, double y, float u, float v) {\n");
        for (String n : UNARY)
            c.append("  s += ").append(n).append("(x); t += ").append(n).append("f(u);\n");
        for (String n : BINARY)
            c.append("  s += ").append(n).append("(x, y); t += ").append(n).append("f(u, v);\n");
        c.append("  s += ldexp(x, i) + scalbn(x, i) + frexp(x, &i) + modf(x, &dd) + remquo(x, y, &i);\n");
        c.append("  t += ldexpf(u, i) + scalbnf(u, i) + frexpf(u, &i) + modff(u, &ff) + remquof(u, v, &i);\n}\n");
        Path src = tmp.resolve("m.c");
        Files.writeString(src, c, StandardCharsets.ISO_8859_1);
        String ptx = PtxBackend.compile(PtxCorpusTest.compileC(src), "sm_90");

        assertThat(ptx).doesNotContain(".extern");
        assertThat(Ptxas.check(ptx, "sm_90", tmp, false))
                .as("whole-program ptxas")
                .isNull();
        Matcher e = Pattern.compile("\\.weak \\.func (?:\\(\\.param \\.(\\w+) __retval\\) )?(__nv_\\w+)\\(([^)]*)\\);")
                .matcher(ptx);
        int checked = 0;
        while (e.find()) {
            String name = e.group(2);
            assertThat(libdevice).as("libdevice defines %s", name).containsKey(name);
            String want = libdevice.get(name);
            String ret = want.substring(0, want.indexOf('('));
            String[] params =
                    want.substring(want.indexOf('(') + 1, want.length() - 1).split(",");
            assertThat(e.group(1)).as(name + " result").isEqualTo(bits(ret));
            String[] ours = e.group(3).isEmpty() ? new String[0] : e.group(3).split(",\\s*");
            assertThat(ours).as(name + " parameters").hasSize(params.length);
            for (int k = 0; k < ours.length; k++) {
                String t = ours[k].replaceAll("\\.param \\.(\\w+) .*", "$1");
                assertThat(t).as(name + " parameter " + k).isEqualTo(bits(params[k]));
            }
            checked++;
        }
        // lround/llround and lrint/llrint share one libdevice function
        assertThat(checked).isEqualTo(2 * (UNARY.size() - 2 + BINARY.size() + 5));
    }

    /** The PTX parameter type of an LLVM type, as LLVM's NVPTX backend declares it. */
    private static String bits(String llvmType) {
        return switch (llvmType) {
            case "double", "i64", "ptr" -> "b64";
            case "float", "i32" -> "b32";
            default -> llvmType;
        };
    }
}
