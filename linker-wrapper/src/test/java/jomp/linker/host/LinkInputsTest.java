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

    /** GNU ld's --as-needed: only a strong reference makes a library needed, and only then does a weak one bind to it. */
    @Test
    void weakReferencesNeitherNeedNorBindAnAsNeededLibrary() throws Exception {
        library("w", "libweak.so", "libweak.so.1", "in_weak");
        library("w", "libstrong.so", "libstrong.so.1", "in_strong");
        LinkInputs in = inputs(List.of(dir.resolve("w")));
        in.addAll(List.of("--as-needed", "-lweak", "-lstrong"));
        NativeLibraries n = in.natives();
        assertThat(n.find("in_weak", true, true)).isNull();
        assertThat(n.find("in_strong", true, true))
                .as("before a strong reference")
                .isNull();
        n.needStrong("in_strong");
        assertThat(n.find("in_strong", true, true).library().needed()).isEqualTo("libstrong.so.1");
        assertThat(n.find("in_weak", true, true)).isNull();
        assertThat(n.needed()).containsExactly("libstrong.so.1");
        // without --as-needed a library is needed anyway, and weak references bind to it
        LinkInputs plain = inputs(List.of(dir.resolve("w")));
        plain.addAll(List.of("-lweak"));
        assertThat(plain.natives().find("in_weak", true, true)).isNotNull();
        assertThat(plain.natives().needed()).containsExactly("libweak.so.1");
    }

    @Test
    void pushAndPopStateAndALibraryNamedAgain() throws Exception {
        library("p", "libone.so", "libone.so.1", "in_one");
        library("p", "libtwo.so", "libtwo.so.1", "in_two");
        library("p", "libthree.so", "libthree.so.1", "in_three");
        LinkInputs in = inputs(List.of(dir.resolve("p")));
        // --pop-state restores --no-as-needed (and -Bdynamic): libtwo is needed though unused
        in.addAll(List.of("--push-state", "--as-needed", "-Bstatic", "--pop-state", "-lone", "--push-state"));
        in.addAll(List.of("--as-needed", "-lthree", "--pop-state", "-ltwo"));
        assertThat(in.natives().needed()).containsExactly("libone.so.1", "libtwo.so.1");
        // named first --as-needed and again without: needed
        LinkInputs again = inputs(List.of(dir.resolve("p")));
        again.addAll(List.of("--as-needed", "-lone", "--no-as-needed", "-lone", "--as-needed", "-ltwo"));
        assertThat(again.natives().needed()).containsExactly("libone.so.1");
        // ld's error
        assertThatThrownBy(() -> inputs(List.of(dir)).addAll(List.of("--push-state", "--pop-state", "--pop-state")))
                .isInstanceOf(LinkInputs.InputError.class)
                .hasMessage("no state pushed before popping");
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
        // added as clang does ("--no-as-needed -lc"), whatever state the command line left
        LinkInputs asNeeded = inputs(List.of());
        asNeeded.addAll(List.of("--as-needed"));
        asNeeded.addDefaults();
        assertThat(asNeeded.natives().find("getopt", true, true)).isNotNull();
        // libm, which jomp adds where clang does not, binds a weak reference only once a strong one needs it
        assertThat(asNeeded.natives().find("cos", true, true)).isNull();
        asNeeded.natives().needStrong("sin");
        assertThat(asNeeded.natives().find("cos", true, true).library().needed())
                .isEqualTo("libm.so.6");
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
