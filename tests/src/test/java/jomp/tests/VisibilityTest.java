package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Symbol visibility and version scripts, with gcc + GNU ld + ld.so as the oracle: the same
 * sources built by gcc and by bin/jomp give objects whose symbols carry the same ELF visibility
 * ({@code readelf -s}), shared libraries that export the same names ({@code nm -D}), and programs
 * that link, or fail to link, and run alike: a hidden symbol binds within its library only, two
 * libraries' hidden helpers of one name do not meet, a protected one keeps its library's calls,
 * and {@code --version-script} and {@code --exclude-libs} decide what is exported.
 */
class VisibilityTest extends LinkOutputsTest {
    private static final String KINDS = """
            extern int ext_plain;
            extern int ext_hidden __attribute__((visibility("hidden")));
            int f_prot(void) __attribute__((visibility("protected")));
            int f_prot(void) { return 3; }
            __attribute__((visibility("hidden"))) int hid(void) { return 1; }
            int pub(void) { return hid() + 40 + ext_plain + ext_hidden; }
            int d_internal __attribute__((visibility("internal"))) = 5;
            #pragma GCC visibility push(hidden)
            int in_push(void) { return 2; }
            extern int ext_push;
            int use_push(void) { return ext_push; }
            #pragma GCC visibility pop
            __attribute__((visibility("default"))) int explicit_default(void) { return 0; }
            int later(void);
            int later(void) __attribute__((visibility("hidden")));
            int later(void) { return 9; }
            static int st(void) { return 1; }
            int use_st(void) { return st(); }
            int tentative;
            """;

    /** readelf -s's global and weak symbols: binding, visibility, defined or not, name (sorted). */
    private String symbols(String object) {
        return ok("readelf", "-sW", object)
                .lines()
                .map(String::trim)
                .map(l -> l.split("\\s+"))
                .filter(f -> f.length == 8 && (f[4].equals("GLOBAL") || f[4].equals("WEAK")))
                .map(f -> f[4] + " " + f[5] + " " + (f[6].equals("UND") ? "UND" : "def") + " " + f[7])
                .sorted()
                .collect(Collectors.joining("\n"));
    }

    /** nm -D --defined-only: letter and name, without GNU symbol versions ({@code @@V} and the version's A symbol). */
    private String exports(String lib) {
        return ok("nm", "-D", "--defined-only", lib)
                .lines()
                .map(l -> l.replaceFirst("^[0-9a-f]+ ", "").replaceFirst("@@?\\w+$", ""))
                .filter(l -> !l.startsWith("A "))
                .sorted()
                .collect(Collectors.joining("\n"));
    }

    @Test
    void objectsCarryTheVisibilityGccGives() throws Exception {
        write("kinds.c", KINDS);
        for (List<String> flags :
                List.of(List.<String>of(), List.of("-fvisibility=hidden"), List.of("-fvisibility=protected"))) {
            List<String> g = new ArrayList<>(List.of("gcc", "-c", "kinds.c", "-o", "g.o")),
                    j = new ArrayList<>(List.of(jomp(), "-c", "kinds.c", "-o", "j.o"));
            g.addAll(flags);
            j.addAll(flags);
            ok(g.toArray(String[]::new));
            ok(j.toArray(String[]::new));
            assertThat(symbols("j.o")).as("flags %s", flags).isEqualTo(symbols("g.o"));
        }
        assertThat(symbols("j.o"))
                .contains("GLOBAL PROTECTED def pub", "GLOBAL HIDDEN def hid", "GLOBAL INTERNAL def d_internal");
    }

    @Test
    void aProgramCannotBindToALibrarysHiddenFunction() throws Exception {
        write("lib.c", """
                __attribute__((visibility("hidden"))) int hid(void) { return 1; }
                int pub(void) { return hid() + 40; }
                """);
        write("calls_hidden.c", """
                #include <stdio.h>
                int pub(void); int hid(void);
                int main(void) { printf("%d %d\\n", pub(), hid()); return 0; }
                """);
        write("own_hidden.c", """
                #include <stdio.h>
                int pub(void);
                int hid(void) { return 100; }
                int main(void) { printf("%d %d\\n", pub(), hid()); return 0; }
                """);
        for (String flags : List.of("", "-fvisibility=hidden")) {
            List<String> extra = flags.isEmpty() ? List.of() : List.of(flags);
            build("gcc", "libg.so", extra, "lib.c");
            build(jomp(), "libj.so", extra, "lib.c");
            assertThat(exports("libj.so")).isEqualTo(exports("libg.so"));
        }
        build("gcc", "libg.so", List.of(), "lib.c");
        build(jomp(), "libj.so", List.of(), "lib.c");
        assertThat(exports("libj.so")).isEqualTo("T pub");
        Exec.Result g = exec("gcc", "calls_hidden.c", "-L.", "-lg", "-o", "g1");
        Exec.Result j = exec(jomp(), "calls_hidden.c", "-L.", "-lj", "-o", "j1");
        assertThat(g.status()).isNotZero();
        assertThat(g.stderr()).contains("undefined reference to `hid'");
        assertThat(j.status()).isEqualTo(1);
        assertThat(j.stderr()).contains("undefined reference to 'hid'").doesNotContain("Exception");
        assertThat(Files.exists(dir.resolve("j1"))).isFalse();
        ok("gcc", "own_hidden.c", "-L.", "-lg", "-o", "g2");
        ok(jomp(), "own_hidden.c", "-L.", "-lj", "-o", "j2");
        assertThat(ok(dir.resolve("j2").toString()))
                .isEqualTo(ok(dir.resolve("g2").toString()))
                .isEqualTo("41 100\n");
    }

    private void build(String cc, String out, List<String> flags, String... sources) {
        List<String> cmd = new ArrayList<>(List.of(cc, "-shared", "-fPIC"));
        cmd.addAll(flags);
        cmd.addAll(List.of(sources));
        cmd.addAll(List.of("-o", out));
        ok(cmd.toArray(String[]::new));
    }

    @Test
    void twoLibrariesHiddenHelpersOfOneNameStayApart() throws Exception {
        // one library exports through a macro under -fvisibility=hidden, the other hides with the pragma
        write("a.c", """
                #define API __attribute__((visibility("default")))
                int helper(void) { return 1; }
                int counter = 10;
                API int a_value(void) { return helper() + counter++; }
                """);
        write("b.c", """
                #pragma GCC visibility push(hidden)
                int helper(void) { return 2; }
                int counter = 20;
                #pragma GCC visibility pop
                int b_value(void) { return helper() + counter++; }
                """);
        write("m.c", """
                #include <stdio.h>
                int a_value(void); int b_value(void);
                int helper(void) { return 300; }
                int main(void) { int a = a_value(), b = b_value(); printf("%d %d %d %d %d\\n", a, b, a_value(), b_value(), helper()); return 0; }
                """);
        for (String[] cc : new String[][] {{"gcc", "g"}, {jomp(), "j"}}) {
            build(cc[0], "lib" + cc[1] + "a.so", List.of("-fvisibility=hidden"), "a.c");
            build(cc[0], "lib" + cc[1] + "b.so", List.of(), "b.c");
            ok(cc[0], "m.c", "-L.", "-l" + cc[1] + "a", "-l" + cc[1] + "b", "-o", "m" + cc[1]);
        }
        assertThat(exports("libja.so")).isEqualTo(exports("libga.so")).isEqualTo("T a_value");
        assertThat(exports("libjb.so")).isEqualTo(exports("libgb.so")).isEqualTo("T b_value");
        assertThat(ok(dir.resolve("mj").toString()))
                .isEqualTo(ok(dir.resolve("mg").toString()))
                .isEqualTo("11 22 12 23 300\n");
    }

    @Test
    void aProtectedFunctionKeepsItsLibrarysCalls() throws Exception {
        write("p.c", """
                __attribute__((visibility("protected"))) int prot(void) { return 5; }
                int plain(void) { return 6; }
                int via_lib(void) { return prot() * 10 + plain(); }
                """);
        write("m.c", """
                #include <stdio.h>
                int via_lib(void);
                int prot(void) { return 50; }
                int plain(void) { return 60; }
                int main(void) { printf("%d %d %d\\n", via_lib(), prot(), plain()); return 0; }
                """);
        build("gcc", "libgp.so", List.of(), "p.c");
        build(jomp(), "libjp.so", List.of(), "p.c");
        ok("gcc", "m.c", "-L.", "-lgp", "-o", "mg");
        ok(jomp(), "m.c", "-L.", "-ljp", "-o", "mj");
        assertThat(exports("libjp.so")).isEqualTo(exports("libgp.so"));
        assertThat(ok("readelf", "--dyn-syms", "-W", "libjp.so")).containsPattern("FUNC +GLOBAL PROTECTED .* prot");
        // the library's call of its protected prot stays its own; its call of plain is interposed
        assertThat(ok(dir.resolve("mj").toString()))
                .isEqualTo(ok(dir.resolve("mg").toString()))
                .isEqualTo("110 50 60\n");
    }

    @Test
    void versionScriptsAndExcludeLibsDecideTheExports() throws Exception {
        write("lib.c", """
                int helper(void) { return 7; }
                int api_one(void) { return helper() + 1; }
                int api_two(void) { return 2; }
                int api_three(void) { return 3; }
                int other(void) { return 4; }
                """);
        write(
                "v1.map",
                "/* named node */\nVERS_1 {\n  global:\n    api_*;   # wildcard\n    other;\n  local: *;\n};\n");
        write("v2.map", "{ global: api_one; local: api_*; };\n");
        write("v3.map", "VERS_1 { global: api_one; local: *; };\nVERS_2 { global: api_two; } VERS_1;\n");
        write("v4.map", "{ global: api_t*; local: api_two; };\n");
        write("v5.map", "V { global: extern \"C\" { api_one; \"other\"; }; local: *; };\n");
        for (String v : List.of("v1", "v2", "v3", "v4", "v5")) {
            build("gcc", "libg" + v + ".so", List.of("-Wl,--version-script=" + v + ".map"), "lib.c");
            // libtool's spelling: -version-script FILE
            build(jomp(), "libj" + v + ".so", List.of("-Wl,-version-script", "-Wl," + v + ".map"), "lib.c");
            assertThat(exports("libj" + v + ".so")).as(v).isEqualTo(exports("libg" + v + ".so"));
        }
        assertThat(exports("libjv3.so")).isEqualTo("T api_one\nT api_two");
        write("m.c", "int helper(void);\nint main(void) { return helper(); }\n");
        assertThat(exec("gcc", "m.c", "-L.", "-lgv1", "-o", "mg").status()).isNotZero();
        Exec.Result j = exec(jomp(), "m.c", "-L.", "-ljv1", "-o", "mj");
        assertThat(j.status()).isEqualTo(1);
        assertThat(j.stderr()).contains("undefined reference to 'helper'");

        // --exclude-libs: what a static library brings in is not exported
        write("part.c", "int part(void) { return 5; }\n");
        write("top.c", "int part(void);\nint top(void) { return part(); }\n");
        for (String[] cc : new String[][] {{"gcc", "g"}, {jomp(), "j"}}) {
            ok(cc[0], "-fPIC", "-c", "part.c", "-o", "part" + cc[1] + ".o");
            ok("ar", "rcs", "libpart" + cc[1] + ".a", "part" + cc[1] + ".o");
            build(
                    cc[0],
                    "libtop" + cc[1] + ".so",
                    List.of(
                            "-Wl,--whole-archive",
                            "libpart" + cc[1] + ".a",
                            "-Wl,--no-whole-archive",
                            "-Wl,--exclude-libs,ALL"),
                    "top.c");
        }
        assertThat(exports("libtopj.so")).isEqualTo(exports("libtopg.so")).isEqualTo("T top");
    }
}
