package jomp.objfile.elf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import jomp.objfile.ExternalTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dynamic symbols a link sees in a shared object, against binutils' {@code nm -D --defined-only}:
 * glibc's libc.so.6 (symbol versions: only a name's default version counts) and a library gcc builds.
 */
class SharedObjectTest {
    @TempDir
    Path dir;

    /** nm's defined dynamic symbols of a file whose version is the default one (name@@V) or that have none. */
    private Set<String> nm(Path so, String types) throws Exception {
        String out = ExternalTool.check(dir, "nm", "-D", "--defined-only", so.toString());
        Set<String> names = new TreeSet<>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 3 || types.indexOf(f[1].charAt(0)) < 0) continue;
            String n = f[2];
            if (n.contains("@@")) n = n.substring(0, n.indexOf("@@"));
            else if (n.contains("@")) continue; // name@V: not the default version
            names.add(n);
        }
        return names;
    }

    @Test
    void glibcsDefaultVersionsAsNmSeesThem() throws Exception {
        Path libc = Path.of("/lib/x86_64-linux-gnu/libc.so.6");
        SharedObject so = SharedObject.read(libc.toString(), Files.readAllBytes(libc));
        assertThat(so.soname()).isEqualTo("libc.so.6");
        assertThat(so.machine()).isEqualTo(62);
        // T, W, i: code; D, B, V, R: data (nm's letters)
        Set<String> code = nm(libc, "TWi"), data = nm(libc, "DBVR");
        Set<String> ours = new TreeSet<>(), ourData = new TreeSet<>();
        so.symbols().forEach((k, v) -> {
            if (v == SharedObject.Kind.FUNCTION) ours.add(k);
            else ourData.add(k); // data and thread-local data: nm gives both a data letter
        });
        assertThat(ours).isEqualTo(code);
        assertThat(ourData).containsAll(data);
        assertThat(so.symbols().get("stat")).isEqualTo(SharedObject.Kind.FUNCTION);
        assertThat(so.symbols().get("optarg")).isEqualTo(SharedObject.Kind.DATA);
        assertThat(so.symbols().get("environ")).isEqualTo(SharedObject.Kind.DATA);
        assertThat(so.symbols().get("errno")).isEqualTo(SharedObject.Kind.TLS);
        assertThat(so.symbols()).doesNotContainKey("atexit"); // in libc_nonshared.a only
    }

    @Test
    void aLibraryGccBuilds() throws Exception {
        Files.writeString(dir.resolve("l.c"), """
                int counter = 1;
                __thread int per_thread;
                static int hidden(int x) { return x; }
                int visible(int x) { return hidden(x) + counter + per_thread; }
                __attribute__((weak)) int weakling(void) { return 0; }
                """);
        ExternalTool.check(dir, "gcc", "-shared", "-fPIC", "-Wl,-soname,libl.so.3", "l.c", "-o", "libl.so");
        SharedObject so = SharedObject.read("libl.so", Files.readAllBytes(dir.resolve("libl.so")));
        assertThat(so.soname()).isEqualTo("libl.so.3");
        assertThat(so.symbols())
                .containsEntry("visible", SharedObject.Kind.FUNCTION)
                .containsEntry("weakling", SharedObject.Kind.FUNCTION)
                .containsEntry("counter", SharedObject.Kind.DATA)
                .containsEntry("per_thread", SharedObject.Kind.TLS)
                .doesNotContainKey("hidden");
        ExternalTool.check(dir, "gcc", "-shared", "-fPIC", "l.c", "-o", "libnoname.so");
        assertThat(SharedObject.read("libnoname.so", Files.readAllBytes(dir.resolve("libnoname.so")))
                        .soname())
                .isNull();
        assertThat(SharedObject.isSharedObject(Files.readAllBytes(dir.resolve("l.c"))))
                .isFalse();
    }
}
