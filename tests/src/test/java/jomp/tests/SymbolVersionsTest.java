package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * GNU symbol versions and -Bsymbolic in jomp shared libraries, with gcc + GNU ld + ld.so as the
 * oracle: the same sources and version script give libraries whose version definitions
 * ({@code readelf -V}), versioned dynamic symbols ({@code readelf --dyn-syms}, {@code nm -D}) and
 * DT_SYMBOLIC are gcc's, programs linked against them bind to the default version or to the one a
 * {@code .symver} reference names and print what gcc's print, and version-script errors are ld's.
 */
class SymbolVersionsTest extends LinkOutputsTest {
    private static final String LIB = """
            int f_v1(int x) { return x + 1; }
            int f_v2(int x) { return x + 2; }
            __asm__(".symver f_v1,f@VERS_1");
            __asm__(".symver f_v2,f@@VERS_2");
            __attribute__((symver("g@VERS_1"))) int g_old(void) { return 10; }
            int g(void) { return 20; }
            int h(void) { return 30; }
            int counter = 5;
            int unlisted(void) { return 7; }
            int call_f(int x) { return f_v2(x) * 100 + f_v1(x); }
            """;

    private static final String MAP = """
            VERS_1 {
              global: f; h; counter; extern "C++" { "ns::thing()"; };
              local: f_*; g_old;
            };
            VERS_2 {
              global: call_f; g;
            } VERS_1;
            """;

    private String[] build(String cc, String out, List<String> flags, String... sources) {
        List<String> cmd = new ArrayList<>(List.of(cc, "-shared", "-fPIC"));
        cmd.addAll(flags);
        cmd.addAll(List.of(sources));
        cmd.addAll(List.of("-o", out));
        return cmd.toArray(String[]::new);
    }

    /** readelf -V's version definitions, without the section's address line. */
    private String versionDefinitions(String lib) {
        String v = ok("readelf", "-V", lib);
        int d = v.indexOf("Version definition section");
        assertThat(d).as("%s has .gnu.version_d", lib).isNotNegative();
        return v.substring(d).lines().filter(l -> !l.contains("Addr:")).collect(Collectors.joining("\n"));
    }

    /** readelf --dyn-syms: the defined symbols' type, binding, visibility, ABS or not, versioned name (sorted). */
    private String dynamicSymbols(String lib) {
        return ok("readelf", "--dyn-syms", "-W", lib)
                .lines()
                .map(String::trim)
                .map(l -> l.split("\\s+"))
                .filter(f -> f.length == 8 && f[0].endsWith(":") && !f[6].equals("UND"))
                .map(f -> f[3] + " " + f[4] + " " + f[5] + " " + (f[6].equals("ABS") ? "ABS" : "def") + " " + f[7])
                .sorted()
                .collect(Collectors.joining("\n"));
    }

    /** nm -D --defined-only: letter and versioned name (sorted). */
    private String exports(String lib) {
        return ok("nm", "-D", "--defined-only", lib)
                .lines()
                .map(l -> l.replaceFirst("^[0-9a-f]+ ", ""))
                .sorted()
                .collect(Collectors.joining("\n"));
    }

    @Test
    void versionedLibraryReadsAsGccsAndProgramsBindByVersion() throws Exception {
        write("lib.c", LIB);
        write("lib.map", MAP);
        write("prog.c", """
                #include <stdio.h>
                int f(int); int g(void); int h(void); int call_f(int); extern int counter;
                extern int f_old(int);
                __asm__(".symver f_old,f@VERS_1");
                int main(void) {
                  printf("f=%d g=%d h=%d counter=%d call_f=%d f_old=%d\\n", f(1), g(), h(), counter, call_f(1), f_old(1));
                  return 0;
                }
                """);
        List<String> flags = List.of("-Wl,--version-script=lib.map", "-Wl,-soname,libv.so.1");
        ok(build("gcc", "libgv.so", flags, "lib.c"));
        ok(build(jomp(), "libjv.so", flags, "lib.c"));
        assertThat(versionDefinitions("libjv.so"))
                .isEqualTo(versionDefinitions("libgv.so"))
                .contains("Flags: BASE  Index: 1  Cnt: 1  Name: libv.so.1", "Index: 3  Cnt: 2  Name: VERS_2")
                .contains("Parent 1: VERS_1");
        assertThat(dynamicSymbols("libjv.so")).isEqualTo(dynamicSymbols("libgv.so"));
        assertThat(exports("libjv.so"))
                .isEqualTo(exports("libgv.so"))
                .contains("T f@VERS_1", "T f@@VERS_2", "T g@VERS_1", "T g@@VERS_2", "D counter@@VERS_1", "T unlisted")
                .doesNotContain("f_v1", "g_old");
        ok("gcc", "prog.c", "-L.", "-lgv", "-o", "pg");
        Files.copy(dir.resolve("libgv.so"), dir.resolve("libv.so.1")); // what ld.so looks for: the soname
        ok(jomp(), "prog.c", "-L.", "-ljv", "-o", "pj");
        assertThat(ok(dir.resolve("pj").toString()))
                .isEqualTo(ok(dir.resolve("pg").toString()))
                .isEqualTo("f=3 g=20 h=30 counter=5 call_f=302 f_old=2\n");
    }

    @Test
    void aLibraryWithoutNamedVersionsHasNoVersionSections() throws Exception {
        write("lib.c", "int api(void) { return 1; }\nint helper(void) { return 2; }\n");
        write("anon.map", "{ global: api; local: *; };\n");
        ok(build(jomp(), "libja.so", List.of("-Wl,--version-script=anon.map"), "lib.c"));
        ok(build("gcc", "libga.so", List.of("-Wl,--version-script=anon.map"), "lib.c"));
        assertThat(ok("readelf", "-V", "libja.so"))
                .isEqualTo(ok("readelf", "-V", "libga.so").replace("ga.so", "ja.so"));
        assertThat(exports("libja.so")).isEqualTo("T api");
    }

    @Test
    void bsymbolicBindsTheLibrarysOwnReferences() throws Exception {
        write("bl.c", """
                int f(void) { return 1; }
                int v = 10;
                int g(void) { return f() * 100 + v; }
                int (*fp(void))(void) { return f; }
                """);
        write("bp.c", """
                #include <stdio.h>
                int f(void) { return 2; }
                int v = 20;
                int g(void);
                int (*fp(void))(void);
                int main(void) { printf("g=%d fp=%d same=%d\\n", g(), fp()(), fp() == f); return 0; }
                """);
        Map<String, String> expected = Map.of(
                "", "g=220 fp=2 same=1\n",
                "-Wl,-Bsymbolic", "g=110 fp=1 same=0\n",
                "-Wl,-Bsymbolic-functions", "g=120 fp=1 same=0\n");
        for (String flag : List.of("", "-Wl,-Bsymbolic", "-Wl,-Bsymbolic-functions")) {
            List<String> flags = flag.isEmpty() ? List.of() : List.of(flag);
            ok(build("gcc", "libbg.so", flags, "bl.c"));
            ok(build(jomp(), "libbj.so", flags, "bl.c"));
            ok("gcc", "bp.c", "-L.", "-lbg", "-o", "bpg");
            ok(jomp(), "bp.c", "-L.", "-lbj", "-o", "bpj");
            assertThat(ok(dir.resolve("bpj").toString()))
                    .as(flag)
                    .isEqualTo(ok(dir.resolve("bpg").toString()))
                    .isEqualTo(expected.get(flag));
            assertThat(symbolic(ok("readelf", "-d", "libbj.so")))
                    .as(flag)
                    .isEqualTo(symbolic(ok("readelf", "-d", "libbg.so")));
        }
    }

    private static String symbolic(String dynamic) {
        return dynamic.lines()
                .filter(l -> l.contains("SYMBOLIC"))
                .map(String::trim)
                .collect(Collectors.joining("\n"));
    }

    @Test
    void versionScriptErrorsAreLds() throws Exception {
        write("h.c", "int h(void) { return 1; }\n");
        write("nv.c", "int f_v1(void) { return 1; }\n__asm__(\".symver f_v1,f@VX\");\n");
        String[][] cases = {
            {"h.c", "V1 { global: h; }; V1 { global: x; };", "duplicate version tag `V1'"},
            {"h.c", "V2 { global: h; } V0;", "unable to find version dependency `V0'"},
            {
                "h.c",
                "{ global: h; }; V1 { global: x; };",
                "anonymous version tag cannot be combined with other version tags"
            },
            {"nv.c", "V1 { global: h; };", "version node not found for symbol f@VX"},
        };
        for (String[] c : cases) {
            write("e.map", c[1] + "\n");
            Exec.Result g = exec(build("gcc", "libe.so", List.of("-Wl,--version-script=e.map"), c[0]));
            Exec.Result j = exec(build(jomp(), "libe.so", List.of("-Wl,--version-script=e.map"), c[0]));
            assertThat(g.status()).as(c[1]).isNotZero();
            assertThat(g.stderr()).as(c[1]).contains(c[2]);
            assertThat(j.status()).as(c[1]).isEqualTo(1);
            assertThat(j.stderr()).as(c[1]).contains(c[2]).doesNotContain("Exception");
        }
    }
}
