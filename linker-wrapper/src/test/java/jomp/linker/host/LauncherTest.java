package jomp.linker.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The executable's ELF launcher: its machine code is launcher.s as GNU as assembles it; binutils
 * read the image as a position-independent executable with an initialiser; run, it hands the
 * script its argv; preloaded, it installs the fault handler and leaves LD_PRELOAD as it was.
 */
class LauncherTest {
    @TempDir
    Path dir;

    private record Out(int status, String stdout, String stderr) {}

    private Out run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
        pb.environment().putAll(env);
        Path out = dir.resolve("out.txt"), err = dir.resolve("err.txt");
        pb.redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("finished").isTrue();
        return new Out(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static void need(String tool, String pkg) {
        try {
            Process p = new ProcessBuilder(tool, "--version")
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, tool + " failed: install " + pkg);
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(tool + " is needed: install " + pkg, e);
        }
    }

    @Test
    void codeIsLauncherSAssembled() throws Exception {
        need("as", "binutils");
        Path obj = dir.resolve("launcher.o"), bin = dir.resolve("launcher.bin");
        Path src = Path.of("src/main/asm/launcher.s").toAbsolutePath();
        assertThat(run(Map.of(), "as", "--64", "-o", obj.toString(), src.toString())
                        .status())
                .isZero();
        assertThat(run(Map.of(), "objcopy", "-O", "binary", "-j", ".text", obj.toString(), bin.toString())
                        .status())
                .isZero();
        assertThat(Files.readAllBytes(bin))
                .as("Launcher.CODE is launcher.s assembled")
                .isEqualTo(Launcher.CODE);
        // position independent without a loader: no relocation may be left for one to apply
        assertThat(run(Map.of(), "readelf", "-r", obj.toString()).stdout())
                .contains("There are no relocations in this file.");
        String symbols = run(Map.of(), "nm", obj.toString()).stdout();
        assertThat(symbols).contains(String.format("%016x T ctor", Launcher.CTOR));
        assertThat(symbols).contains(String.format("%016x t script", Launcher.CODE.length));
    }

    @Test
    void binutilsAndLlvmReadTheImage() throws Exception {
        need("readelf", "binutils");
        need("llvm-readelf-19", "llvm-19");
        Path img = dir.resolve("img");
        Files.write(img, Launcher.image(new byte[0]));
        for (String readelf : List.of("readelf", "llvm-readelf-19")) {
            Out h = run(Map.of(), readelf, "-h", "-l", "-d", "-W", img.toString());
            assertThat(h.status()).as(readelf + ": " + h.stderr()).isZero();
            assertThat(h.stderr()).as(readelf).isEmpty();
            assertThat(h.stdout())
                    .containsPattern("Type: +DYN")
                    .containsPattern("Machine: +Advanced Micro Devices X86-64")
                    .containsPattern("Entry point address: +0x158");
            assertThat(h.stdout())
                    .containsPattern("LOAD +0x0+ 0x0+ 0x0+ \\S+ \\S+ R E 0x1000")
                    .containsPattern("LOAD .* RW +0x1000")
                    .containsPattern("DYNAMIC .* RW ")
                    .containsPattern("GNU_STACK .* RW ")
                    .doesNotContain("INTERP");
            assertThat(h.stdout()).containsPattern("\\(INIT\\) +0x" + Integer.toHexString(0x158 + Launcher.CTOR));
        }
    }

    @Test
    void runItHandsTheScriptItsArgvAndPath() throws Exception {
        Path img = dir.resolve("img");
        Files.write(img, Launcher.image("printf '[%s]\\n' \"$0\" \"$@\"\n", new byte[0]));
        Files.setPosixFilePermissions(img, PosixFilePermissions.fromString("rwxr-xr-x"));
        Out o = run(Map.of(), "bash", "-c", "exec -a my-name ./img 'a b' '' c");
        assertThat(o.status()).as(o.stderr()).isZero();
        assertThat(o.stdout()).isEqualTo("[my-name]\n[" + img.toRealPath() + "]\n[a b]\n[]\n[c]\n");
        Out none = run(Map.of(), img.toString());
        assertThat(none.stdout()).isEqualTo("[" + img + "]\n[" + img.toRealPath() + "]\n");
    }

    @Test
    void preloadedItTakesItselfOutOfLdPreload() throws Exception {
        Path img = dir.resolve("img");
        Files.write(img, Launcher.image("exit 0\n", new byte[0]));
        String self = img.toRealPath().toString();
        Out alone = run(Map.of("LD_PRELOAD", self, "MARK", "1"), "env");
        assertThat(alone.status()).as(alone.stderr()).isZero();
        assertThat(alone.stderr()).isEmpty(); // ld.so took the image as a shared object
        assertThat(alone.stdout()).contains("MARK=1\n").doesNotContain("LD_PRELOAD");
        String libm =
                run(Map.of(), "gcc", "-print-file-name=libm.so.6").stdout().strip();
        for (String sep : List.of(" ", ":")) {
            Out both = run(Map.of("LD_PRELOAD", self + sep + libm), "env");
            assertThat(both.stderr()).isEmpty();
            assertThat(both.stdout()).contains("\nLD_PRELOAD=" + libm + "\n");
        }
    }

    @Test
    void preloadedItsHandlerEndsAProcessByTheFaultsSignal() throws Exception {
        need("gcc", "gcc");
        Path img = dir.resolve("img");
        Files.write(img, Launcher.image("exit 0\n", new byte[0]));
        // a C program: the handler the initialiser installed is in place (SIGPIPE's and SIGXFSZ's too,
        // unless the process started with them ignored), and a NULL store, a raise and a write to a
        // closed pipe end the process by the signal, as without it
        Files.writeString(dir.resolve("t.c"), """
                #include <signal.h>
                #include <stdio.h>
                #include <string.h>
                #include <unistd.h>
                int main(int argc, char **argv) {
                    struct sigaction sa;
                    for (int s = 1; s < 32; s++) {
                        sigaction(s, 0, &sa);
                        if (sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN) printf("%d ", s);
                    }
                    printf("\\n");
                    fflush(stdout);
                    if (!strcmp(argv[1], "store")) *(volatile int *)0 = 1;
                    if (!strcmp(argv[1], "raise")) raise(SIGBUS);
                    if (!strcmp(argv[1], "pipe")) { int fd[2]; pipe(fd); close(fd[0]); if (write(fd[1], "x", 1) < 0) return 4; }
                    return 0;
                }
                """);
        assertThat(run(Map.of(), "gcc", "-o", "t", "t.c").status()).isZero();
        String self = img.toRealPath().toString();
        Out store = run(Map.of("LD_PRELOAD", self), "./t", "store");
        assertThat(store.stdout()).isEqualTo("4 7 8 11 13 25 \n");
        assertThat(store.status()).isEqualTo(128 + 11);
        Out raise = run(Map.of("LD_PRELOAD", self), "./t", "raise");
        assertThat(raise.status()).isEqualTo(128 + 7);
        Out pipe = run(Map.of("LD_PRELOAD", self), "./t", "pipe");
        assertThat(pipe.status()).isEqualTo(128 + 13);
        Out ignored = run(Map.of(), "sh", "-c", "trap '' PIPE; LD_PRELOAD=\"$0\" exec ./t pipe", self);
        assertThat(ignored.stdout()).isEqualTo("4 7 8 11 25 \n");
        assertThat(ignored.status())
                .as("a write to a closed pipe fails with EPIPE when SIGPIPE is ignored")
                .isEqualTo(4);
        Out none = run(Map.of(), "./t", "none");
        assertThat(none.stdout()).isEqualTo("\n");
    }

    /**
     * The read-only data segment: ld.so maps it read-only when it preloads the image, and the
     * initialiser writes its address over the 16 zeros of -Djomp.rodata= (as the JVM's argument;
     * here a C program's, which shows it): the bytes are there, and a write to them faults.
     */
    @Test
    void preloadedItMapsTheReadOnlyDataAndSaysWhere() throws Exception {
        need("gcc", "gcc");
        byte[] rodata = new byte[8192];
        for (int i = 0; i < rodata.length; i++) rodata[i] = (byte) (i * 7 + 1);
        Path img = dir.resolve("img");
        Files.write(img, Launcher.image("exit 0\n", rodata));
        Out segments = run(Map.of(), "readelf", "-lW", img.toString());
        assertThat(segments.stdout())
                .containsPattern("LOAD +0x[0-9a-f]*000 0x[0-9a-f]+ 0x[0-9a-f]+ 0x002000 0x002000 R +0x1000");
        Files.writeString(dir.resolve("ro.c"), """
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                int main(int argc, char **argv) {
                    printf("%s %s\\n", argv[1], argv[2]);
                    if (strncmp(argv[1], "-Djomp.rodata=", 14)) return 2;
                    unsigned char *p = (unsigned char *)strtoull(argv[1] + 14, 0, 16);
                    if (!p) return 3;
                    for (int i = 0; i < 8192; i++) if (p[i] != (unsigned char)(i * 7 + 1)) return 4;
                    fflush(stdout);
                    p[100] = 0;   /* read-only: SIGSEGV */
                    return 5;
                }
                """);
        assertThat(run(Map.of(), "gcc", "-o", "ro", "ro.c").status()).isZero();
        String self = img.toRealPath().toString();
        Out o = run(
                Map.of("LD_PRELOAD", self), "./ro", "-Djomp.rodata=0000000000000000", "-Djomp.rodata=0000000000000000");
        assertThat(o.status()).as(o.stdout() + o.stderr()).isEqualTo(128 + 11);
        assertThat(o.stdout()).matches("-Djomp\\.rodata=[0-9a-f]{13}000 -Djomp\\.rodata=0{16}\n"); // the first only
        // not 16 zeros: left alone
        Out other = run(Map.of("LD_PRELOAD", self), "./ro", "-Djomp.rodata=0", "x");
        assertThat(other.stdout()).isEqualTo("-Djomp.rodata=0 x\n");
        assertThat(other.status()).isEqualTo(3);
        // an image without read-only data leaves the argument as it is
        Path plain = dir.resolve("plain");
        Files.write(plain, Launcher.image("exit 0\n", new byte[0]));
        Out none =
                run(Map.of("LD_PRELOAD", plain.toRealPath().toString()), "./ro", "-Djomp.rodata=0000000000000000", "x");
        assertThat(none.status()).isEqualTo(3);
    }
}
