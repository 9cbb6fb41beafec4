package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compile server through the real bin/jomp: a command run on the warm JVM gives the same
 * bytes, diagnostics and exit status as the same command in a JVM of its own, with the caller's
 * working directory and environment; a removed server file stops the server. Each test class
 * run gets a server of its own (JOMP_SERVER_DIR), stopped at the end.
 */
class CompileServerTest {
    @TempDir
    static Path serverDir;

    @TempDir
    Path dir;

    private static final String ZAXPY = """
            #include <stdio.h>
            #include "scale.h"
            int main(void) {
              double x[64], y[64];
              for (int i = 0; i < 64; i++) { x[i] = i; y[i] = 1; }
              #pragma omp target teams distribute parallel for map(to: x) map(tofrom: y)
              for (int i = 0; i < 64; i++) y[i] += SCALE * x[i];
              printf("%.1f %.1f\\n", y[1], y[63]);
              return 0;
            }
            """;

    @BeforeAll
    static void startServer() throws Exception {
        Path d = Files.createTempDirectory("jomp-server-start");
        Files.writeString(d.resolve("t.c"), "int t;\n");
        // the first command runs by itself and starts the server in the background
        Exec.Result first = run(d, Map.of(), "-c", "t.c", "-o", "t.o");
        assertThat(first.status()).as(first.describe("jomp")).isZero();
        for (int i = 0; i < 300 && serverPid().isEmpty(); i++) Thread.sleep(100);
        assertThat(serverPid())
                .as("a compile server started (server file in " + serverDir + ")")
                .isPresent();
    }

    @AfterAll
    static void stopServer() throws Exception {
        Optional<Long> pid = serverPid();
        try (var files = Files.list(serverDir)) {
            for (Path p : files.toList())
                if (p.getFileName().toString().startsWith("server-")
                        && !p.toString().endsWith(".log")) Files.deleteIfExists(p);
        }
        if (pid.isPresent()) {
            Optional<ProcessHandle> h = ProcessHandle.of(pid.get());
            if (h.isPresent()) h.get().onExit().get(20, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    /** The pid the server file names, if a server runs. */
    private static Optional<Long> serverPid() throws IOException {
        try (var files = Files.list(serverDir)) {
            for (Path p : files.toList()) {
                String n = p.getFileName().toString();
                if (!n.startsWith("server-") || n.contains(".")) continue;
                String[] f = Files.readString(p).strip().split(" ");
                if (f.length == 3) return Optional.of(Long.parseLong(f[2]));
            }
        }
        return Optional.empty();
    }

    private static Exec.Result run(Path cwd, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        Map<String, String> e = new HashMap<>(env);
        e.put("JOMP_SERVER_DIR", serverDir.toString());
        return Exec.run(cmd, cwd, e, cwd.resolve("scratch"));
    }

    private static Exec.Result alone(Path cwd, String... args) {
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of(args));
        return Exec.run(cmd, cwd, Map.of("JOMP_SERVER", "0"), cwd.resolve("scratch"));
    }

    @Test
    void commandsRunOnTheServerWithTheCallersWorkingDirectory() throws Exception {
        Files.createDirectories(dir.resolve("src"));
        Files.createDirectories(dir.resolve("inc"));
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("src/zaxpy.c"), ZAXPY);
        Files.writeString(dir.resolve("inc/scale.h"), "#define SCALE 2.0\n");

        Exec.Result v =
                run(dir, Map.of(), "-v", "-fopenmp-targets=jvm", "-Iinc", "-c", "src/zaxpy.c", "-o", "out/server.o");
        assertThat(v.status()).as(v.describe("jomp on the server")).isZero();
        assertThat(v.stderr())
                .as("-v says where the command ran")
                .contains("Compile server: pid " + serverPid().orElseThrow());
        Exec.Result a = alone(dir, "-fopenmp-targets=jvm", "-Iinc", "-c", "src/zaxpy.c", "-o", "out/alone.o");
        assertThat(a.status()).as(a.describe("jomp without the server")).isZero();
        assertThat(a.stderr()).doesNotContain("Compile server");
        assertThat(Files.readAllBytes(dir.resolve("out/server.o")))
                .as("the same object either way")
                .isEqualTo(Files.readAllBytes(dir.resolve("out/alone.o")));

        // link and run: the executable the server wrote works
        Exec.Result link = run(dir, Map.of(), "out/server.o", "-o", "out/zaxpy");
        assertThat(link.status()).as(link.describe("jomp link on the server")).isZero();
        Exec.Result prog =
                Exec.run(List.of(dir.resolve("out/zaxpy").toString()), dir, Map.of(), dir.resolve("scratch"));
        assertThat(prog.stdoutText()).isEqualTo("3.0 127.0\n");

        // -E to standard output: the same text
        Exec.Result e1 = run(dir.resolve("src"), Map.of(), "-E", "-I../inc", "zaxpy.c");
        Exec.Result e2 = alone(dir.resolve("src"), "-E", "-I../inc", "zaxpy.c");
        assertThat(e1.status()).isZero();
        assertThat(e1.stdoutText()).contains("y[i] += 2.0 * x[i]").isEqualTo(e2.stdoutText());
    }

    @Test
    void errorsAreReportedAsWithoutTheServer() throws Exception {
        Files.writeString(dir.resolve("bad.c"), "int main(void) {\n  return undeclared + 1;\n}\n");
        Files.writeString(dir.resolve("bad.o"), "stale");
        Exec.Result s = run(dir, Map.of(), "-c", "bad.c");
        Exec.Result a = alone(dir, "-c", "bad.c");
        assertThat(s.status()).isEqualTo(1).isEqualTo(a.status());
        assertThat(s.stderr())
                .startsWith("bad.c:2:10: error: use of undeclared identifier 'undeclared'")
                .isEqualTo(a.stderr());
        assertThat(s.stdout()).isEmpty();
        assertThat(dir.resolve("bad.o")).doesNotExist();

        Exec.Result missing = run(dir, Map.of(), "-c", "nothere.c");
        assertThat(missing.status()).isEqualTo(1);
        assertThat(missing.stderr())
                .startsWith("jomp: error: no such file or directory: 'nothere.c'")
                .isEqualTo(alone(dir, "-c", "nothere.c").stderr());
    }

    @Test
    void theCallersEnvironmentIsUsed() throws Exception {
        // $TMPDIR: -save-temps-free temporaries go there (and are removed); PATH: the ptxas -### names
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path fakeBin = Files.createDirectories(dir.resolve("fakebin"));
        Path ptxas = fakeBin.resolve("ptxas");
        Files.writeString(ptxas, "#!/bin/sh\nexit 0\n");
        ptxas.toFile().setExecutable(true);
        Files.writeString(
                dir.resolve("k.c"),
                "int main(void) { int x = 0;\n#pragma omp target map(tofrom: x)\n x = 1;\n return x - 1; }\n");
        Exec.Result r = run(
                dir,
                Map.of("TMPDIR", tmp.toString(), "PATH", fakeBin + ":" + System.getenv("PATH")),
                "-###",
                "-fopenmp-targets=nvptx64",
                "--offload-arch=sm_90",
                "-c",
                "k.c");
        assertThat(r.status()).as(r.describe("jomp -###")).isZero();
        assertThat(r.stderr()).contains("\"" + ptxas + "\"").contains(tmp + "/k-");
        Exec.Result other = run(dir, Map.of(), "-###", "-fopenmp-targets=nvptx64", "--offload-arch=sm_90", "-c", "k.c");
        assertThat(other.stderr()).doesNotContain(ptxas.toString()).doesNotContain(tmp + "/k-");
    }

    @Test
    void theCallersCudaInstallationGivesLibdevice() throws Exception {
        // math on nvptx64 compiles libdevice's functions from the caller's $CUDA_HOME, not the server's
        Path cuda = dir.resolve("cuda");
        Path bogus = Files.createDirectories(cuda.resolve("nvvm/libdevice")).resolve("libdevice.10.bc");
        Files.writeString(bogus, "not bitcode\n");
        Files.writeString(
                dir.resolve("m.c"),
                "#include <math.h>\nint main(void) { double x = 0.5;\n"
                        + "#pragma omp target map(tofrom: x)\n x = sin(x);\n return x > 0 ? 0 : 1; }\n");
        Exec.Result r = run(
                dir,
                Map.of("CUDA_HOME", cuda.toString()),
                "-v",
                "-fopenmp-targets=nvptx64",
                "--offload-arch=sm_90",
                "-c",
                "m.c");
        assertThat(r.stderr())
                .as("on the server")
                .contains("Compile server: pid " + serverPid().orElseThrow());
        assertThat(r.status())
                .as(r.describe("jomp with a CUDA_HOME whose libdevice is not bitcode"))
                .isEqualTo(1);
        assertThat(r.stderr()).contains("compiling libdevice").contains(bogus.toString());
        Exec.Result ok = run(dir, Map.of(), "-fopenmp-targets=nvptx64", "--offload-arch=sm_90", "-c", "m.c");
        assertThat(ok.status())
                .as(ok.describe("the same compile in the server's own CUDA installation"))
                .isZero();
    }

    @Test
    void aFolderOthersCanEnterIsRefused() throws Exception {
        Path open = Files.createDirectories(dir.resolve("open"));
        Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dir.resolve("t.c"), "int t;\n");
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-c", "t.c"));
        for (int i = 0; i < 2; i++) {
            Exec.Result r = Exec.run(cmd, dir, Map.of("JOMP_SERVER_DIR", open.toString()), dir.resolve("scratch"));
            assertThat(r.status()).as(r.describe("jomp")).isZero(); // the command itself runs
            Thread.sleep(1500);
        }
        try (var files = Files.list(open)) {
            assertThat(files.map(p -> p.getFileName().toString())
                            .filter(n -> n.startsWith("server-") && !n.contains(".")))
                    .as("no server publishes its secret in a folder others can read")
                    .isEmpty();
        }
    }

    /**
     * A server that drops the connection (killed while a command connects: the peer resets it)
     * leaves the command to run in a JVM of its own, with nothing from the launcher on stderr
     * (bash's "read error: Connection reset by peer" came through before).
     */
    @Test
    void aServerThatResetsTheConnectionLeavesTheCommandToRunAlone() throws Exception {
        Path own = Files.createDirectories(
                dir.resolve("rst"),
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        Path launcher = Path.of(Corpus.jompCommand().get(0));
        assertThat(launcher.toString())
                .as("the tests run the launcher, bin/jomp")
                .endsWith("bin/jomp");
        String root = launcher.toRealPath().getParent().getParent().toString();
        try (java.net.ServerSocket server =
                new java.net.ServerSocket(0, 16, java.net.InetAddress.getLoopbackAddress())) {
            Files.writeString(
                    own.resolve("server-" + root.replaceAll("[^A-Za-z0-9]", "_")),
                    server.getLocalPort() + " s3cret 999999\n");
            Thread resetter = new Thread(() -> {
                while (!server.isClosed()) {
                    try (java.net.Socket s = server.accept()) {
                        s.setSoLinger(true, 0); // close with a reset
                        Thread.sleep(200);
                    } catch (Exception e) {
                        return;
                    }
                }
            });
            resetter.setDaemon(true);
            resetter.start();
            Files.writeString(dir.resolve("bad.c"), "int main(void) { return nope; }\n");
            List<String> cmd = new ArrayList<>(Corpus.jompCommand());
            cmd.addAll(List.of("-fsyntax-only", "bad.c"));
            Exec.Result r = Exec.run(cmd, dir, Map.of("JOMP_SERVER_DIR", own.toString()), dir.resolve("scratch"));
            assertThat(r.status()).isEqualTo(1);
            assertThat(r.stderr())
                    .startsWith("bad.c:1:25: error: use of undeclared identifier 'nope'")
                    .doesNotContain("read error", "Connection reset");
        }
    }

    @Test
    void aRemovedServerFileStopsTheServer() throws Exception {
        // a second server, in a folder of its own, stopped by removing its file
        Path own = Files.createDirectories(
                dir.resolve("srv"),
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        Files.writeString(dir.resolve("t.c"), "int t;\n");
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-c", "t.c"));
        Exec.Result first = Exec.run(cmd, dir, Map.of("JOMP_SERVER_DIR", own.toString()), dir.resolve("scratch"));
        assertThat(first.status()).isZero();
        Path file = null;
        for (int i = 0; i < 300 && file == null; i++) {
            try (var files = Files.list(own)) {
                file = files.filter(p -> p.getFileName().toString().startsWith("server-")
                                && !p.getFileName().toString().contains("."))
                        .findFirst()
                        .orElse(null);
            }
            if (file == null) Thread.sleep(100);
        }
        assertThat(file).as("the second server's file").isNotNull();
        long pid = Long.parseLong(Files.readString(file).strip().split(" ")[2]);
        ProcessHandle h = ProcessHandle.of(pid).orElseThrow();
        Files.delete(file);
        h.onExit().get(20, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(h.isAlive()).isFalse();
    }

    /** bin/jomp under a shell with this umask (so the server gets the caller's). */
    private static Exec.Result withUmask(Path cwd, String umask, Map<String, String> env, String... args) {
        StringBuilder sh = new StringBuilder("umask " + umask + "; exec");
        for (String w : Corpus.jompCommand()) sh.append(" '").append(w).append("'");
        for (String a : args) sh.append(" '").append(a).append("'");
        Map<String, String> e = new HashMap<>(env);
        e.putIfAbsent("JOMP_SERVER_DIR", serverDir.toString());
        return Exec.run(List.of("sh", "-c", sh.toString()), cwd, e, cwd.resolve("scratch"));
    }

    private static String mode(Path p) throws IOException {
        return java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }

    @Test
    void outputsGetTheCallersUmask() throws Exception {
        Files.writeString(dir.resolve("u.c"), "int main(void) { return 0; }\n");
        for (String server : List.of("1", "0")) {
            for (String[] c : new String[][] {
                {"022", "rw-r--r--", "rwxr-xr-x"}, {"027", "rw-r-----", "rwxr-x---"}, {"077", "rw-------", "rwx------"}
            }) {
                String tag = server + c[0];
                Map<String, String> env = Map.of("JOMP_SERVER", server);
                Exec.Result r = withUmask(dir, c[0], env, "-c", "-MD", "u.c", "-o", "u" + tag + ".o");
                assertThat(r.status()).as(r.describe("jomp -c")).isZero();
                assertThat(mode(dir.resolve("u" + tag + ".o")))
                        .as("object, umask %s, server %s", c[0], server)
                        .isEqualTo(c[1]);
                assertThat(mode(dir.resolve("u" + tag + ".d")))
                        .as("dependency file")
                        .isEqualTo(c[1]);
                r = withUmask(dir, c[0], env, "-E", "u.c", "-o", "u" + tag + ".i");
                assertThat(mode(dir.resolve("u" + tag + ".i"))).as("-E output").isEqualTo(c[1]);
                r = withUmask(dir, c[0], env, "u" + tag + ".o", "-o", "u" + tag);
                assertThat(r.status()).as(r.describe("jomp link")).isZero();
                assertThat(mode(dir.resolve("u" + tag)))
                        .as("executable, umask %s, server %s", c[0], server)
                        .isEqualTo(c[2]);
            }
        }
    }

    @Test
    void independentCommandsRunAtOnceEachWithItsOwnDirectoryAndEnvironment() throws Exception {
        // eight commands at once, each in its own directory with a same-named source that differs,
        // and a header found through its own $CPATH-free -I: each object equals the one made alone
        int n = 8;
        List<java.util.concurrent.Future<Exec.Result>> runs = new ArrayList<>();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(n);
        try {
            for (int i = 0; i < n; i++) {
                Path d = Files.createDirectories(dir.resolve("p" + i));
                Files.createDirectories(d.resolve("inc"));
                Files.writeString(d.resolve("inc/k.h"), "#define K " + i + "\n");
                Files.writeString(
                        d.resolve("k.c"), "#include \"k.h\"\nint k" + i + "(int x) { return x * K + " + i + "; }\n");
                String umask = i % 2 == 0 ? "022" : "077";
                runs.add(pool.submit(() -> withUmask(
                        d, umask, Map.of("TMPDIR", d.toString()), "-Iinc", "-fopenmp-targets=jvm", "-c", "k.c")));
            }
            for (int i = 0; i < n; i++) {
                Exec.Result r = runs.get(i).get();
                Path d = dir.resolve("p" + i);
                assertThat(r.status()).as(r.describe("concurrent jomp " + i)).isZero();
                assertThat(mode(d.resolve("k.o"))).isEqualTo(i % 2 == 0 ? "rw-r--r--" : "rw-------");
                Exec.Result a = alone(d, "-Iinc", "-fopenmp-targets=jvm", "-c", "k.c", "-o", "alone.o");
                assertThat(a.status()).isZero();
                assertThat(Files.readAllBytes(d.resolve("k.o")))
                        .as("object %d", i)
                        .isEqualTo(Files.readAllBytes(d.resolve("alone.o")));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A unit that takes the server several seconds. */
    private static void writeBig(Path file) throws IOException {
        StringBuilder big = new StringBuilder("int g;\n");
        for (int i = 0; i < 16000; i++)
            big.append("int f")
                    .append(i)
                    .append("(int x){int s=0; for(int i=0;i<x;i++){ if(i%3==")
                    .append(i % 3)
                    .append(") s+=i*")
                    .append(i)
                    .append("; else s-=x; } return s+g;}\n");
        big.append("int main(void){return f1(3);}\n");
        Files.writeString(file, big.toString());
    }

    /**
     * A server killed while it runs a command (kill -9, the OOM killer) leaves the command to run by
     * itself from the start: the same object as without a server, status 0, nothing on stdout or
     * stderr (bin/jomp keeps a served command's output until its status comes).
     */
    @Test
    void aServerKilledMidCommandLeavesTheCommandToRunAlone() throws Exception {
        Path own = Files.createDirectories(
                dir.resolve("killed"),
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        Path work = Files.createDirectories(dir.resolve("killed-work"));
        Files.writeString(work.resolve("t.c"), "int t;\n");
        List<String> first = new ArrayList<>(Corpus.jompCommand());
        first.addAll(List.of("-c", "t.c"));
        assertThat(Exec.run(first, work, Map.of("JOMP_SERVER_DIR", own.toString()), work.resolve("scratch"))
                        .status())
                .isZero();
        long pid = -1;
        for (int i = 0; i < 300 && pid < 0; i++) {
            try (var files = Files.list(own)) {
                Path f = files.filter(p -> p.getFileName().toString().startsWith("server-")
                                && !p.getFileName().toString().contains("."))
                        .findFirst()
                        .orElse(null);
                if (f != null && Files.readString(f).strip().split(" ").length == 3)
                    pid = Long.parseLong(Files.readString(f).strip().split(" ")[2]);
            }
            if (pid < 0) Thread.sleep(100);
        }
        assertThat(pid).as("a server of its own started").isPositive();
        writeBig(work.resolve("big.c"));
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-c", "big.c", "-o", "big.o"));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(work.toFile())
                .redirectOutput(work.resolve("out.log").toFile())
                .redirectError(work.resolve("err.log").toFile());
        pb.environment().put("JOMP_SERVER_DIR", own.toString());
        Process p = pb.start();
        Thread.sleep(1500);
        assertThat(p.isAlive()).as("the served compile still runs after 1.5 s").isTrue();
        ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
        server.destroyForcibly();
        server.onExit().get(20, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(p.waitFor(300, java.util.concurrent.TimeUnit.SECONDS))
                .as("the command finished by itself")
                .isTrue();
        assertThat(Files.readString(work.resolve("err.log"))).as("stderr").isEmpty();
        assertThat(Files.readString(work.resolve("out.log"))).as("stdout").isEmpty();
        assertThat(p.exitValue()).isZero();
        Exec.Result a = alone(work, "-c", "big.c", "-o", "alone.o");
        assertThat(a.status()).isZero();
        assertThat(Files.readAllBytes(work.resolve("big.o"))).isEqualTo(Files.readAllBytes(work.resolve("alone.o")));
        // the next command starts a server again (in the background) and runs meanwhile
        Exec.Result next = Exec.run(first, work, Map.of("JOMP_SERVER_DIR", own.toString()), work.resolve("scratch"));
        assertThat(next.status()).as(next.describe("jomp after the kill")).isZero();
        assertThat(next.stderr()).isEmpty();
        // that server stops when its file goes
        for (int i = 0; i < 300; i++) {
            try (var files = Files.list(own)) {
                Path f = files.filter(q -> q.getFileName().toString().startsWith("server-")
                                && !q.getFileName().toString().contains("."))
                        .findFirst()
                        .orElse(null);
                if (f != null && !Files.readString(f).strip().endsWith(" " + pid)) {
                    Files.delete(f);
                    break;
                }
            }
            Thread.sleep(100);
        }
    }

    @Test
    void ctrlCCancelsAServedCompileAndNoOutputAppears() throws Exception {
        writeBig(dir.resolve("big.c"));
        // as a terminal's Ctrl-C: SIGINT to the process group of bin/jomp (python3 gives it a group
        // of its own with SIGINT's default action, which a background JVM's children may lack)
        List<String> cmd = new ArrayList<>(
                List.of(
                        "python3",
                        "-c",
                        "import os,signal,sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.setsid(); os.execvp(sys.argv[1], sys.argv[1:])"));
        cmd.addAll(Corpus.jompCommand());
        cmd.addAll(List.of("-c", "big.c", "-o", "big.o"));
        Exec.require("python3");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("ctrlc.log").toFile());
        pb.environment().put("JOMP_SERVER_DIR", serverDir.toString());
        Process p = pb.start();
        Thread.sleep(1500);
        assertThat(p.isAlive()).as("the compile still runs after 1.5 s").isTrue();
        Exec.run(List.of("kill", "-INT", "--", "-" + p.pid()), dir, Map.of(), dir.resolve("scratch"));
        // generous: on a busy machine (tests run side by side) the JVMs may wait long for a core
        assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS))
                .as("bin/jomp ends after Ctrl-C")
                .isTrue();
        assertThat(p.exitValue()).as("exit status after Ctrl-C").isEqualTo(130);
        Thread.sleep(10_000); // longer than the compile would have taken
        assertThat(dir.resolve("big.o")).as("no output appears after Ctrl-C").doesNotExist();
        // and the server goes on serving
        Files.writeString(dir.resolve("t.c"), "int t;\n");
        Exec.Result after = run(dir, Map.of(), "-v", "-c", "t.c");
        assertThat(after.status()).isZero();
        assertThat(after.stderr()).contains("Compile server: pid");
    }
}
