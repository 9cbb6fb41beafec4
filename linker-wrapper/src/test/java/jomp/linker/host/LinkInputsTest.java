package jomp.linker.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The link's inputs read as GNU ld reads them: -l search order, shared before static, scripts, options. */
class LinkInputsTest {
    @TempDir
    Path dir;

    private void gcc(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("gcc"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0)
                .as(String.join(" ", cmd) + ": " + out)
                .isTrue();
    }

    /** A shared library in folder {@code sub} defining {@code fn}, with soname {@code soname}. */
    private Path library(String sub, String file, String soname, String fn) throws Exception {
        Path d = Files.createDirectories(dir.resolve(sub));
        Files.writeString(d.resolve(fn + ".c"), "int " + fn + "(void) { return 1; }\n");
        gcc(
                "-shared",
                "-fPIC",
                "-Wl,-soname," + soname,
                d.resolve(fn + ".c").toString(),
                "-o",
                d.resolve(file).toString());
        return d.resolve(file);
    }

    private LinkInputs inputs(List<Path> dirs) {
        return new LinkInputs(new ArrayList<>(dirs), new ArrayList<>());
    }

    @Test
    void theFirstFolderWinsAndSharedComesBeforeStatic() throws Exception {
        library("one", "libfoo.so", "libfoo.so.1", "from_one");
        library("two", "libfoo.so", "libfoo.so.2", "from_two");
        Files.write(dir.resolve("one/libbar.a"), "!<arch>\n".getBytes());
        library("one", "libbar.so", "libbar.so.1", "bar");
        LinkInputs in = inputs(List.of(dir.resolve("one"), dir.resolve("two")));
        in.addAll(List.of("-lfoo", "-lbar"));
        assertThat(in.natives().libraries())
                .extracting(NativeLibraries.Library::needed)
                .containsExactly("libfoo.so.1", "libbar.so.1");
        assertThat(in.natives().find("from_one")).isNotNull();
        assertThat(in.natives().find("from_two")).isNull();
        // after -Bstatic only the archive counts (an empty one links nothing)
        LinkInputs st = inputs(List.of(dir.resolve("one")));
        st.addAll(List.of("-Bstatic", "-lbar", "-Bdynamic", "-lfoo"));
        assertThat(st.natives().libraries())
                .extracting(NativeLibraries.Library::needed)
                .containsExactly("libfoo.so.1");
    }

    @Test
    void linkerScriptsAsNeededAndRunPaths() throws Exception {
        Path a = library("s", "liba.so.1", "liba.so.1", "in_a");
        Path b = library("s", "libb.so.1", "libb.so.1", "in_b");
        Path c = library("s", "libc2.so.1", "libc2.so.1", "in_c");
        Files.writeString(
                dir.resolve("s/libgroup.so"),
                "/* GNU ld script */\nOUTPUT_FORMAT(elf64-x86-64)\nGROUP ( " + a + " AS_NEEDED ( " + b + " " + c
                        + " ) )\n");
        LinkInputs in = inputs(List.of(dir.resolve("s")));
        in.addAll(List.of("-lgroup", "-rpath", "/opt/one", "-rpath=/opt/two:/opt/three", "-R", "$ORIGIN/lib"));
        assertThat(in.natives().libraries())
                .extracting(NativeLibraries.Library::needed)
                .containsExactly("liba.so.1", "libb.so.1", "libc2.so.1");
        in.natives().find("in_c");
        // liba is needed; of the as-needed ones only the one the program uses
        assertThat(in.natives().needed()).containsExactly("liba.so.1", "libc2.so.1");
        assertThat(in.natives().runPath()).containsExactly("/opt/one", "/opt/two", "/opt/three", "$ORIGIN/lib");
    }

    @Test
    void glibcIsFoundThroughItsScriptsAndNeverOpenedAtStart() throws Exception {
        LinkInputs in = inputs(List.of());
        in.addDefaults();
        assertThat(in.natives().libraries())
                .extracting(NativeLibraries.Library::needed)
                .contains("libc.so.6", "libm.so.6");
        assertThat(in.natives().find("getopt")).isNotNull();
        assertThat(in.natives().find("cos").library().needed()).isEqualTo("libm.so.6");
        assertThat(in.natives().needed()).isEmpty();
        // named on the command line too, as Makefiles do (libc.so's script names libc_nonshared.a)
        LinkInputs named = inputs(List.of());
        named.addAll(List.of("-lc", "-lm", "-lpthread", "-ldl", "-lrt"));
        assertThat(named.natives().needed()).isEmpty();
    }

    @Test
    void ldsErrors() throws Exception {
        assertThatThrownBy(() -> inputs(List.of(dir)).addAll(List.of("-lno_such_library_at_all")))
                .isInstanceOf(LinkInputs.InputError.class)
                .hasMessage("cannot find -lno_such_library_at_all");
        assertThatThrownBy(() -> inputs(List.of(dir)).addAll(List.of("--frobnicate")))
                .isInstanceOf(LinkInputs.InputError.class)
                .hasMessage("unrecognized option '--frobnicate'");
        Files.writeString(dir.resolve("n.c"), "int native_code(void) { return 2; }\n");
        gcc("-c", "n.c", "-o", "n.o");
        Process ar = new ProcessBuilder("ar", "rcs", "libnative.a", "n.o")
                .directory(dir.toFile())
                .start();
        assertThat(ar.waitFor()).isZero();
        assertThatThrownBy(() -> inputs(List.of(dir)).addAll(List.of("-lnative")))
                .isInstanceOf(LinkInputs.InputError.class)
                .hasMessageContaining("cannot link a static library of native code");
        assertThatThrownBy(() ->
                        inputs(List.of(dir)).addAll(List.of(dir.resolve("n.o").toString())))
                .isInstanceOf(LinkInputs.InputError.class)
                .hasMessageContaining("cannot link native object code");
        // what only shapes a native executable is accepted
        inputs(List.of(dir))
                .addAll(List.of("-z", "relro", "--gc-sections", "-O1", "--as-needed", "--no-as-needed", "-E"));
    }
}
