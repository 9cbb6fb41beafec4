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
    @TempDir static Path serverDir;
    @TempDir Path dir;

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
        assertThat(serverPid()).as("a compile server started (server file in " + serverDir + ")").isPresent();
    }

    @AfterAll
    static void stopServer() throws Exception {
        Optional<Long> pid = serverPid();
        try (var files = Files.list(serverDir)) {
            for (Path p : files.toList()) if (p.getFileName().toString().startsWith("server-") && !p.toString().endsWith(".log")) Files.deleteIfExists(p);
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

        Exec.Result v = run(dir, Map.of(), "-v", "-fopenmp-targets=jvm", "-Iinc", "-c", "src/zaxpy.c", "-o", "out/server.o");
        assertThat(v.status()).as(v.describe("jomp on the server")).isZero();
        assertThat(v.stderr()).as("-v says where the command ran").contains("Compile server: pid " + serverPid().orElseThrow());
        Exec.Result a = alone(dir, "-fopenmp-targets=jvm", "-Iinc", "-c", "src/zaxpy.c", "-o", "out/alone.o");
        assertThat(a.status()).as(a.describe("jomp without the server")).isZero();
        assertThat(a.stderr()).doesNotContain("Compile server");
        assertThat(Files.readAllBytes(dir.resolve("out/server.o"))).as("the same object either way")
                .isEqualTo(Files.readAllBytes(dir.resolve("out/alone.o")));

        // link and run: the executable the server wrote works
        Exec.Result link = run(dir, Map.of(), "out/server.o", "-o", "out/zaxpy");
        assertThat(link.status()).as(link.describe("jomp link on the server")).isZero();
        Exec.Result prog = Exec.run(List.of(dir.resolve("out/zaxpy").toString()), dir, Map.of(), dir.resolve("scratch"));
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
        assertThat(s.stderr()).startsWith("bad.c:2:10: error: use of undeclared identifier 'undeclared'").isEqualTo(a.stderr());
        assertThat(s.stdout()).isEmpty();
        assertThat(dir.resolve("bad.o")).doesNotExist();

        Exec.Result missing = run(dir, Map.of(), "-c", "nothere.c");
        assertThat(missing.status()).isEqualTo(1);
        assertThat(missing.stderr()).startsWith("jomp: error: no such file or directory: 'nothere.c'")
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
        Files.writeString(dir.resolve("k.c"), "int main(void) { int x = 0;\n#pragma omp target map(tofrom: x)\n x = 1;\n return x - 1; }\n");
        Exec.Result r = run(dir, Map.of("TMPDIR", tmp.toString(), "PATH", fakeBin + ":" + System.getenv("PATH")),
                "-###", "-fopenmp-targets=nvptx64", "--offload-arch=sm_90", "-c", "k.c");
        assertThat(r.status()).as(r.describe("jomp -###")).isZero();
        assertThat(r.stderr()).contains("\"" + ptxas + "\"").contains(tmp + "/k-");
        Exec.Result other = run(dir, Map.of(), "-###", "-fopenmp-targets=nvptx64", "--offload-arch=sm_90", "-c", "k.c");
        assertThat(other.stderr()).doesNotContain(ptxas.toString()).doesNotContain(tmp + "/k-");
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
            assertThat(r.status()).as(r.describe("jomp")).isZero();   // the command itself runs
            Thread.sleep(1500);
        }
        try (var files = Files.list(open)) {
            assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("server-") && !n.contains(".")))
                    .as("no server publishes its secret in a folder others can read").isEmpty();
        }
    }

    @Test
    void aRemovedServerFileStopsTheServer() throws Exception {
        // a second server, in a folder of its own, stopped by removing its file
        Path own = Files.createDirectories(dir.resolve("srv"),
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        Files.writeString(dir.resolve("t.c"), "int t;\n");
        List<String> cmd = new ArrayList<>(Corpus.jompCommand());
        cmd.addAll(List.of("-c", "t.c"));
        Exec.Result first = Exec.run(cmd, dir, Map.of("JOMP_SERVER_DIR", own.toString()), dir.resolve("scratch"));
        assertThat(first.status()).isZero();
        Path file = null;
        for (int i = 0; i < 300 && file == null; i++) {
            try (var files = Files.list(own)) {
                file = files.filter(p -> p.getFileName().toString().startsWith("server-") && !p.getFileName().toString().contains(".")).findFirst().orElse(null);
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
}
