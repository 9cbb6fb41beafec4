package jomp.compiler.cc1;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The header zoo: every header that a list of Debian -dev packages installs, included alone
 * ({@code #include <h>}) in a translation unit. Each one that {@code gcc -fsyntax-only} accepts,
 * jomp's frontend must accept too (run in-process, {@code -fsyntax-only}). The headers come from
 * {@code dpkg -L}; the packages are in .ci/packages. gcc runs in parallel, jomp in a thread pool.
 */
class HeaderZooTest {
    /** A package and the -I directories its users pass (pkg-config's), searched before the standard ones. */
    record Pkg(String name, List<String> includeDirs) {}

    static final List<Pkg> PACKAGES = List.of(
            new Pkg("libc6-dev", List.of()),
            new Pkg("linux-libc-dev", List.of()),
            new Pkg("zlib1g-dev", List.of()),
            new Pkg("libopenmpi-dev", List.of("/usr/lib/x86_64-linux-gnu/openmpi/include")),
            new Pkg("libbz2-dev", List.of()),
            new Pkg("liblzma-dev", List.of()),
            new Pkg("libzstd-dev", List.of()),
            new Pkg("libssl-dev", List.of()),
            new Pkg("libcurl4-openssl-dev", List.of()),
            new Pkg("libffi-dev", List.of()),
            new Pkg("libpng-dev", List.of()),
            new Pkg("libsqlite3-dev", List.of()),
            new Pkg("libexpat1-dev", List.of()),
            new Pkg("libxml2-dev", List.of("/usr/include/libxml2")),
            new Pkg("libreadline-dev", List.of()),
            new Pkg("libncurses-dev", List.of()),
            new Pkg("libgmp-dev", List.of()),
            new Pkg("libyaml-dev", List.of()),
            new Pkg("uuid-dev", List.of()),
            new Pkg("libevent-dev", List.of()));

    /** The headers of those packages that gcc 12 accepts alone, on Debian 12 (bookworm) with its current updates. */
    static final int EXPECTED_HEADERS = 1526;

    static final List<String> STANDARD_DIRS = List.of("/usr/include/x86_64-linux-gnu", "/usr/include");

    /** One header to include: its package's -I directories and its name relative to the directory that holds it. */
    record Case(Pkg pkg, String name, Path source) {}

    @TempDir
    Path dir;

    @Test
    void everyHeaderGccAcceptsJompAcceptsToo() throws Exception {
        List<Case> cases = enumerate();
        int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Case> accepted = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try {
            List<Future<Boolean>> gcc = new ArrayList<>();
            for (Case c : cases) gcc.add(pool.submit(() -> gccAccepts(c)));
            for (int i = 0; i < cases.size(); i++) if (gcc.get(i).get()) accepted.add(cases.get(i));
            List<Future<String>> jomp = new ArrayList<>();
            for (Case c : accepted) jomp.add(pool.submit(() -> jompError(c)));
            for (int i = 0; i < accepted.size(); i++) {
                String err = jomp.get(i).get();
                if (err != null)
                    failures.add(accepted.get(i).pkg().name() + " <"
                            + accepted.get(i).name() + ">: " + err);
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("header zoo: " + cases.size() + " headers, " + accepted.size() + " accepted by gcc, "
                + (accepted.size() - failures.size()) + " accepted by jomp");
        assertThat(failures).as("headers gcc accepts and jomp does not").isEmpty();
        assertThat(accepted)
                .as("headers gcc accepts (the packages of .ci/packages installed?)")
                .hasSize(EXPECTED_HEADERS);
    }

    private List<Case> enumerate() throws Exception {
        List<Case> cases = new ArrayList<>();
        for (Pkg p : PACKAGES) {
            Process proc = new ProcessBuilder("dpkg", "-L", p.name())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(proc.waitFor(60, TimeUnit.SECONDS) && proc.exitValue() == 0)
                    .as("dpkg -L %s (install the packages of .ci/packages): %s", p.name(), out)
                    .isTrue();
            for (String f : out.lines().sorted().toList()) {
                if (!f.endsWith(".h") || !Files.isRegularFile(Path.of(f))) continue;
                List<String> dirs = new ArrayList<>(p.includeDirs());
                dirs.addAll(STANDARD_DIRS);
                for (String d : dirs) {
                    if (!f.startsWith(d + "/")) continue;
                    String name = f.substring(d.length() + 1);
                    Path src = dir.resolve("h" + cases.size() + ".c");
                    Files.writeString(src, "#include <" + name + ">\n");
                    cases.add(new Case(p, name, src));
                    break;
                }
            }
        }
        return cases;
    }

    private static List<String> includes(Case c) {
        List<String> args = new ArrayList<>();
        for (String d : c.pkg().includeDirs()) args.add("-I" + d);
        return args;
    }

    private static boolean gccAccepts(Case c) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("gcc", "-fsyntax-only", "-std=gnu17"));
        cmd.addAll(includes(c));
        cmd.add(c.source().toString());
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
    }

    /** jomp -cc1 -fsyntax-only on the header's translation unit, in this JVM: null, or its first diagnostics. */
    private static String jompError(Case c) {
        List<String> args = new ArrayList<>(List.of("-fsyntax-only", "-std=gnu17"));
        args.addAll(includes(c));
        args.add(c.source().toString());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc;
        try (PrintStream ps = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            rc = Cc1.run(args.toArray(String[]::new), ps, ps);
        }
        if (rc == 0) return null;
        return String.join(
                " | ",
                err.toString(StandardCharsets.UTF_8)
                        .lines()
                        .filter(l -> l.contains("error"))
                        .limit(3)
                        .toList());
    }
}
