package jomp.compiler.type;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import jomp.compiler.ast.TranslationUnit;
import jomp.compiler.ast.Var;
import jomp.compiler.parse.ParseHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Struct/union layouts (sizeof, alignof, member offsets, bit-field positions) checked against
 * gcc on this machine: a C program compiled by gcc prints what gcc chose, jomp computes the same
 * from its own parse of the same declarations.
 */
class LayoutTest {
    static final String DECLS = """
        struct A { char c; int i; char d; };
        struct B { char c; double d; short s; };
        struct C { char a[3]; };
        struct D { long long x; char y; };
        struct E { struct A a; char z; struct B b[2]; };
        union U { char c; double d; int a[3]; };
        struct F { int n; double tail[]; };
        struct G { char c; union { int i; char k[5]; }; short s; };
        struct H { unsigned a : 3; unsigned b : 5; unsigned c : 30; char d; };
        struct I { char a; int b : 4; int c : 28; int d : 1; };
        struct J { short a : 9; short b : 9; char c : 3; };
        struct K { unsigned a : 1; unsigned : 0; unsigned b : 1; long long c : 40; };
        struct L { char c; long long x : 33; char e; };
        struct M { _Bool f; float g; void *p; int (*fp)(int); };
        struct N { char c; _Alignas(16) int x; };
        struct O { char c; int x; } __attribute__((packed));
        struct P { double _Complex z; char c; };
        union V { unsigned a : 3; unsigned long b : 40; };
        struct Q { int a[2][3]; char c; double ld; };
        struct R { unsigned char a : 4, b : 4, c : 4; };
        #pragma pack(push, 2)
        struct S1 { char c; int i; double d; };
        #pragma pack(pop)
        #pragma pack(1)
        struct S2 { char c; long l; short s; };
        #pragma pack()
        struct S3 { char c; int i __attribute__((aligned(8))); short s __attribute__((packed)); char e; long z __attribute__((packed)); };
        struct S4 { char c; __int128 x; unsigned __int128 y; };
        typedef float v4f __attribute__((vector_size(16)));
        typedef double v4d __attribute__((vector_size(32), aligned(16)));
        struct S5 { char c; v4f v; char d; v4d w; };
        enum __attribute__((packed)) pe { PA, PB };
        enum wide { WA = -1, WB = 0x100000000 };
        struct S6 { char c; enum pe e; short s; enum wide w; };
        struct S7 { char c; int m __attribute__((mode(QI))); int n __attribute__((mode(HI))); long o; };
        struct S8 { char c; struct { char d; int e; } __attribute__((aligned(16))) in; char f; };
        typedef int aligned_int __attribute__((aligned(16)));
        struct S9 { char c; aligned_int i; };
        struct __attribute__((packed, aligned(4))) S10 { char c; int i; short s; };
        struct S11 { char c; _Complex _Float16 h; char d; _Complex _Float16 a[2]; _Float16 e; };
        struct S12 { char c; _Atomic struct { int a, b; } p; char d; _Atomic _Complex float z; char e;
                     _Atomic struct { char x[3]; } t; char f; _Atomic struct { short s[2]; } u; _Atomic struct { long a, b; } w; };
        #pragma pack(1)
        struct T1 { signed f0 : 18; signed f1 : 3; unsigned f3 : 23; char f5; unsigned f7 : 31; unsigned f9 : 23; };
        struct T2 { char c; long long x : 60; short s : 9; unsigned : 0; char d; };
        #pragma pack(2)
        struct T3 { char c; int a : 20; int b : 20; };
        #pragma pack(8)
        struct T4 { char c; int a : 30; };
        #pragma pack()
        struct __attribute__((packed)) T5 { char c; int a : 31; long long b : 63; };
        struct T6 { char c; int a : 30 __attribute__((packed)); int b : 5; };
        """;

    static final String[] STRUCTS = {
        "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R", "S1", "S2", "S3",
        "S4", "S5", "S6", "S7", "S8", "S9", "S10", "S11", "S12", "T1", "T2", "T3", "T4", "T5", "T6"
    };
    static final String[] UNIONS = {"U", "V"};

    private static Type typeOf(TranslationUnit tu, String var) {
        for (Var v : tu.globals()) if (v.name.equals(var)) return v.type;
        throw new AssertionError("no " + var);
    }

    /** One line per fact: "S size align", "S.m offset", "S.bf byte-pattern" for bit-fields (all ones stored into a zeroed object). */
    private static List<String> jompFacts() {
        StringBuilder src = new StringBuilder(DECLS);
        List<String> all = new ArrayList<>();
        for (String s : STRUCTS) {
            src.append("struct ").append(s).append(" v").append(s).append(";\n");
            all.add(s);
        }
        for (String s : UNIONS) {
            src.append("union ").append(s).append(" v").append(s).append(";\n");
            all.add(s);
        }
        ParseHelper h = ParseHelper.parse(src.toString());
        assertThat(h.messages()).isEmpty();
        List<String> facts = new ArrayList<>();
        for (String s : all) {
            Type t = typeOf(h.unit, "v" + s);
            facts.add(s + " " + t.size() + " " + t.align());
            for (Member m : t.members()) {
                if (m.name() == null) continue;
                if (m.isBitField()) {
                    byte[] b = new byte[(int) t.size()];
                    for (int k = 0; k < m.bitWidth(); k++) {
                        long bit = m.offset() * 8 + m.bitOffset() + k;
                        b[(int) (bit / 8)] |= (byte) (1 << (bit % 8));
                    }
                    StringBuilder hex = new StringBuilder();
                    for (byte x : b) hex.append(String.format("%02x", x));
                    facts.add(s + "." + m.name() + " " + hex);
                } else facts.add(s + "." + m.name() + " " + m.offset());
            }
        }
        return facts;
    }

    private static String gccProgram() {
        StringBuilder p =
                new StringBuilder("#include <stdio.h>\n#include <stddef.h>\n#include <string.h>\n").append(DECLS);
        p.append(
                "static void dump(const char *n, const unsigned char *b, size_t len) { printf(\"%s \", n); for (size_t i = 0; i < len; i++) printf(\"%02x\", b[i]); printf(\"\\n\"); }\n");
        p.append("int main(void) {\n");
        Map<String, String> kinds = new LinkedHashMap<>();
        for (String s : STRUCTS) kinds.put(s, "struct");
        for (String s : UNIONS) kinds.put(s, "union");
        ParseHelper h = ParseHelper.parse(DECLS
                + kinds.entrySet().stream()
                        .map(e -> e.getValue() + " " + e.getKey() + " v" + e.getKey() + ";")
                        .reduce("", (a, b) -> a + b + "\n"));
        for (var e : kinds.entrySet()) {
            String s = e.getKey(), ty = e.getValue() + " " + s;
            p.append("  printf(\"")
                    .append(s)
                    .append(" %zu %zu\\n\", sizeof(")
                    .append(ty)
                    .append("), _Alignof(")
                    .append(ty)
                    .append("));\n");
            Type t = typeOf(h.unit, "v" + s);
            for (Member m : t.members()) {
                if (m.name() == null) continue;
                if (m.isBitField()) {
                    p.append("  { ")
                            .append(ty)
                            .append(" x; memset(&x, 0, sizeof x); x.")
                            .append(m.name())
                            .append(" = -1; dump(\"")
                            .append(s)
                            .append('.')
                            .append(m.name())
                            .append("\", (const unsigned char *)&x, sizeof x); }\n");
                } else {
                    p.append("  printf(\"")
                            .append(s)
                            .append('.')
                            .append(m.name())
                            .append(" %zu\\n\", offsetof(")
                            .append(ty)
                            .append(", ")
                            .append(m.name())
                            .append("));\n");
                }
            }
        }
        return p.append("  return 0;\n}\n").toString();
    }

    @Test
    void layoutsMatchGcc(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assertions.assertTrue(
                Files.isExecutable(Path.of("/usr/bin/gcc")), "gcc is the oracle here: install it (.ci/run does)");
        Files.writeString(dir.resolve("layout.c"), gccProgram());
        Process cc = jomp.env.ExternalTools.processBuilder("gcc", "-w", "-o", "layout", "layout.c")
                .directory(dir.toFile())
                .inheritIO()
                .start();
        assertThat(cc.waitFor(120, TimeUnit.SECONDS) && cc.exitValue() == 0).isTrue();
        Process run = new ProcessBuilder(dir.resolve("layout").toString()).start();
        String out = new String(run.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        run.waitFor(30, TimeUnit.SECONDS);
        List<String> gcc = out.lines().toList();
        assertThat(gcc).hasSizeGreaterThan(50);
        assertThat(jompFacts()).containsExactlyElementsOf(gcc);
    }

    @Test
    void basicSizesAreLp64() {
        assertThat(Type.CHAR.size()).isEqualTo(1);
        assertThat(Type.SHORT.size()).isEqualTo(2);
        assertThat(Type.INT.size()).isEqualTo(4);
        assertThat(Type.LONG.size()).isEqualTo(8);
        assertThat(Type.LLONG.size()).isEqualTo(8);
        assertThat(Type.pointerTo(Type.CHAR).size()).isEqualTo(8);
        assertThat(Type.LDOUBLE.size()).isEqualTo(8); // documented: long double has double's layout
        assertThat(Type.DOUBLE_COMPLEX.size()).isEqualTo(16);
        assertThat(Type.DOUBLE_COMPLEX.align()).isEqualTo(8);
        assertThat(Type.arrayOf(Type.arrayOf(Type.INT, 3), 4).size()).isEqualTo(48);
    }
}
