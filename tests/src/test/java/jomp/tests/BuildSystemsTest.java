package jomp.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * jomp in real builds, through the real bin/jomp: CMake 3.25 with the Ninja and the Makefile
 * generators identifies it (as Clang, from the macros it predefines), finds OpenMP::OpenMP_C
 * with clang's -fopenmp=libomp and reads the OpenMP version its check program prints, builds a
 * project with a target region for the jvm device (target_compile_options/target_link_options)
 * and runs it; the dependency files it writes make a touched header rebuild what includes it;
 * Meson 1.0 (Ninja) identifies it as Clang (from --version and -E -dM) with a GNU-ld-compatible
 * linker (from -Wl,--version), finds dependency('openmp'), builds and runs the same project.
 * And ccache serves a second build of a fresh copy of a tree from its cache, every compile a hit.
 */
class BuildSystemsTest {
    @TempDir
    Path dir;

    private static final String CMAKE_LISTS = """
            cmake_minimum_required(VERSION 3.20)
            project(saxpy C)
            find_package(OpenMP REQUIRED)
            add_executable(saxpy main.c vec.c)
            target_link_libraries(saxpy PRIVATE OpenMP::OpenMP_C)
            target_compile_options(saxpy PRIVATE -fopenmp-targets=jvm)
            target_link_options(saxpy PRIVATE -fopenmp-targets=jvm)
            """;
    private static final String VEC_H = """
            #pragma once
            #define SCALE 2.0f
            void saxpy(int n, float a, const float *x, float *y);
            """;
    private static final String VEC_C = """
            #include "vec.h"
            void saxpy(int n, float a, const float *x, float *y) {
            #pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
              for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
            }
            """;
    private static final String MAIN_C = """
            #include <stdio.h>
            #include <omp.h>
            #include "vec.h"
            int main(void) {
              float x[1000], y[1000];
              for (int i = 0; i < 1000; i++) { x[i] = i; y[i] = 1; }
              saxpy(1000, SCALE, x, y);
              double s = 0;
              for (int i = 0; i < 1000; i++) s += y[i];
              printf("sum=%.1f devices=%d\\n", s, omp_get_num_devices());
              return 0;
            }
            """;

    private void tree(Path src) throws Exception {
        Files.createDirectories(src);
        Files.writeString(src.resolve("CMakeLists.txt"), CMAKE_LISTS);
        Files.writeString(src.resolve("vec.h"), VEC_H);
        Files.writeString(src.resolve("vec.c"), VEC_C);
        Files.writeString(src.resolve("main.c"), MAIN_C);
    }

    /** The jomp launcher as one path (what CMAKE_C_COMPILER and CC name). */
    private static String jomp() {
        List<String> cmd = Corpus.jompCommand();
        assertThat(cmd)
                .as("bin/jomp must be built (bin/mvn -q -DskipTests package) for build systems to run it")
                .hasSize(1);
        return cmd.get(0);
    }

    private static Exec.Result run(Path cwd, Map<String, String> env, String... cmd) {
        Exec.require(cmd[0]);
        Exec.Result r = Exec.runLong(List.of(cmd), cwd, env, cwd.resolve(".scratch"), 300);
        assertThat(r.status())
                .as(r.describe(String.join(" ", cmd)) + "\n" + r.stdoutText())
                .isZero();
        return r;
    }

    @ParameterizedTest
    @ValueSource(strings = {"Ninja", "Unix Makefiles"})
    void cmakeConfiguresBuildsAndRuns(String generator) throws Exception {
        Path src = dir.resolve("src"), build = dir.resolve("build");
        tree(src);
        Map<String, String> env = new HashMap<>();
        Exec.Result conf = run(
                dir,
                env,
                "cmake",
                "-S",
                src.toString(),
                "-B",
                build.toString(),
                "-G",
                generator,
                "-DCMAKE_C_COMPILER=" + jomp());
        assertThat(conf.stdoutText())
                .contains("The C compiler identification is Clang 19.1.7")
                .containsPattern("Found OpenMP_C: -fopenmp=libomp \\(found version \"[0-9.]+\"\\)");
        String cache = Files.readString(build.resolve("CMakeCache.txt"));
        assertThat(cache).contains("OpenMP_C_FLAGS:STRING=-fopenmp=libomp");
        run(dir, env, "cmake", "--build", build.toString());
        Exec.Result prog = run(dir, env, build.resolve("saxpy").toString());
        assertThat(prog.stdoutText()).isEqualTo("sum=1000000.0 devices=1\n");

        // the dependency files: a touched header rebuilds both objects, a touched vec.c only its own
        Thread.sleep(1100);
        Files.writeString(src.resolve("vec.h"), VEC_H.replace("2.0f", "3.0f"));
        Exec.Result again = run(dir, env, "cmake", "--build", build.toString(), "--verbose");
        assertThat(again.stdoutText()).contains("main.c").contains("vec.c");
        assertThat(run(dir, env, build.resolve("saxpy").toString()).stdoutText())
                .isEqualTo("sum=1499500.0 devices=1\n");
        Thread.sleep(1100);
        Files.writeString(src.resolve("vec.c"), VEC_C + "\n");
        Exec.Result third = run(dir, env, "cmake", "--build", build.toString(), "--verbose");
        assertThat(third.stdoutText()).contains("vec.c").doesNotContain("main.c.o -c");
    }

    /**
     * Shared libraries as CMake builds them (-fPIC, -shared, -Wl,-soname, versioned names and
     * their links, the full path of the .so on the program's link line and an rpath): one with a
     * target region, one that another links with zlib as a PRIVATE dependency, which its consumer's
     * link never names (a jomp shared library carries it, as a .so's DT_NEEDED does).
     */
    @Test
    void cmakeBuildsSharedLibrariesAndProgramsThatLinkThem() throws Exception {
        Path src = dir.resolve("src"), build = dir.resolve("build");
        tree(src);
        Files.writeString(src.resolve("CMakeLists.txt"), """
                cmake_minimum_required(VERSION 3.20)
                project(shared C)
                find_package(OpenMP REQUIRED)
                find_package(ZLIB REQUIRED)
                add_library(vec SHARED vec.c)
                set_target_properties(vec PROPERTIES VERSION 1.2.3 SOVERSION 1)
                target_link_libraries(vec PUBLIC OpenMP::OpenMP_C)
                target_compile_options(vec PRIVATE -fopenmp-targets=jvm)
                add_library(crc SHARED crc.c)
                target_link_libraries(crc PRIVATE ZLIB::ZLIB)
                add_library(both SHARED both.c)
                target_link_libraries(both PRIVATE vec crc)
                add_executable(saxpy main.c)
                target_link_libraries(saxpy PRIVATE vec crc both)
                target_link_options(saxpy PRIVATE -fopenmp-targets=jvm)
                """);
        Files.writeString(src.resolve("crc.c"), """
                #include <string.h>
                #include <zlib.h>
                unsigned long crc_of(const char *s) { return crc32(0L, (const unsigned char *)s, (unsigned)strlen(s)); }
                """);
        Files.writeString(src.resolve("both.c"), """
                #include "vec.h"
                unsigned long crc_of(const char *s);
                unsigned long both(float *y) { float x[4] = {1, 2, 3, 4}; saxpy(4, 1.0f, x, y); return crc_of("jomp"); }
                """);
        Files.writeString(src.resolve("main.c"), MAIN_C.replace("saxpy(1000, SCALE, x, y);", """
                saxpy(1000, SCALE, x, y);
                  unsigned long both(float *y);
                  unsigned long crc_of(const char *s);
                  printf("crc=%lx both=%lx\\n", crc_of("hello"), both(y));
                """));
        Map<String, String> env = new HashMap<>();
        run(
                dir,
                env,
                "cmake",
                "-S",
                src.toString(),
                "-B",
                build.toString(),
                "-G",
                "Ninja",
                "-DCMAKE_C_COMPILER=" + jomp());
        Exec.Result made = run(dir, env, "cmake", "--build", build.toString(), "--verbose");
        assertThat(made.stdoutText())
                .contains("-shared")
                .contains("-Wl,-soname,libvec.so.1")
                .contains("-fPIC");
        assertThat(build.resolve("libvec.so.1.2.3")).isRegularFile();
        assertThat(Files.isSymbolicLink(build.resolve("libvec.so"))).isTrue();
        Exec.Result prog = run(dir, env, build.resolve("saxpy").toString());
        // crc32("hello") = 3610a686, crc32("jomp") as zlib computes it; y[0..3] += x in both()
        String want = String.format("crc=3610a686 both=%x%nsum=%.1f devices=1%n", crc32("jomp"), 1000000.0 + 10);
        assertThat(prog.stdoutText()).isEqualTo(want);
        // the library is an ELF shared object exporting what its objects define, under its SONAME
        Exec.Result nm = run(
                dir,
                env,
                "nm",
                "-D",
                "--defined-only",
                build.resolve("libcrc.so").toString());
        assertThat(nm.stdoutText()).matches("[0-9a-f]{16} T crc_of\n");
        assertThat(run(dir, env, "readelf", "-d", build.resolve("libvec.so").toString())
                        .stdoutText())
                .containsPattern("\\(SONAME\\) +Library soname: \\[libvec\\.so\\.1\\]");
    }

    private static long crc32(String s) {
        java.util.zip.CRC32 c = new java.util.zip.CRC32();
        c.update(s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        return c.getValue();
    }

    @Test
    void mesonConfiguresBuildsAndRuns() throws Exception {
        Path src = dir.resolve("src"), build = dir.resolve("build");
        tree(src);
        Files.writeString(src.resolve("meson.build"), """
                project('saxpy', 'c', default_options: ['c_std=gnu17', 'warning_level=2'])
                omp = dependency('openmp')
                executable('saxpy', 'main.c', 'vec.c', dependencies: omp,
                  c_args: '-fopenmp-targets=jvm', link_args: '-fopenmp-targets=jvm')
                """);
        Map<String, String> env = new HashMap<>(Map.of("CC", jomp()));
        Exec.Result conf = run(dir, env, "meson", "setup", build.toString(), src.toString());
        assertThat(conf.stdoutText())
                .contains("C compiler for the host machine: " + jomp() + " (clang 19.1.7")
                .contains("C linker for the host machine: " + jomp() + " ld.bfd")
                .containsPattern("Run-time dependency OpenMP found: YES [0-9.]+");
        run(dir, env, "meson", "compile", "-C", build.toString());
        assertThat(run(dir, env, build.resolve("saxpy").toString()).stdoutText())
                .isEqualTo("sum=1000000.0 devices=1\n");
    }

    /**
     * A Meson shared_library (the default library kind): Meson reads the built library with
     * readelf -d and nm -D to write its symbol file, so jomp's library must be an ELF shared object
     * whose dynamic symbols, their nm letters and sizes and its DT_SONAME are those of gcc's build
     * of the same project; the program linking it runs as gcc's does; llvm-nm and llvm-readelf
     * read it too, and ld.so refuses to load it (it holds no machine code).
     */
    @Test
    void mesonBuildsASharedLibraryThatNmAndReadelfReadAsGccs() throws Exception {
        Path src = dir.resolve("src");
        Files.createDirectories(src);
        Files.writeString(src.resolve("meson.build"), """
                project('shapes', 'c')
                lib = shared_library('shapes', 'shapes.c', version: '1.2.3', soversion: '1')
                executable('prog', 'main.c', link_with: lib)
                """);
        Files.writeString(src.resolve("shapes.c"), """
                #include <stdio.h>
                int counter = 7;                       /* D */
                long scratch[16];                      /* B */
                const int sides[] = {3, 4, 5, 6};      /* R */
                const char *const names[] = {"triangle", "square", "pentagon", "hexagon"};   /* D: .data.rel.ro */
                static int hidden_helper(int n) { return n * counter; }                     /* not exported */
                int perimeter(int kind, int len) { scratch[kind] += len; return hidden_helper(sides[kind] * len) / counter; }
                const char *shape_name(int kind) { return names[kind]; }
                int describe(char *buf, int n, int kind) { return snprintf(buf, n, "%s/%d", names[kind], sides[kind]); }   /* calls libc */
                __attribute__((weak)) int shape_version(void) { return 123; }              /* W */
                """);
        Files.writeString(src.resolve("main.c"), """
                #include <stdio.h>
                int perimeter(int kind, int len);
                const char *shape_name(int kind);
                int shape_version(void);
                int describe(char *buf, int n, int kind);
                extern int counter;
                extern long scratch[16];
                int main(void) {
                  char buf[32];
                  for (int k = 0; k < 4; k++) printf("%s %d %d %s\\n", shape_name(k), perimeter(k, k + 2), describe(buf, sizeof buf, k), buf);
                  printf("counter %d scratch %ld version %d\\n", counter, scratch[3], shape_version());
                  return 0;
                }
                """);
        Map<String, String> syms = new HashMap<>(), runs = new HashMap<>(), sonames = new HashMap<>();
        for (String cc : List.of("gcc", jomp())) {
            Path build = dir.resolve(cc.equals("gcc") ? "build-gcc" : "build-jomp");
            Map<String, String> env = new HashMap<>(Map.of("CC", cc));
            run(dir, env, "meson", "setup", build.toString(), src.toString());
            run(dir, env, "meson", "compile", "-C", build.toString());
            runs.put(cc, run(dir, env, build.resolve("prog").toString()).stdoutText());
            Path lib = build.resolve("libshapes.so.1.2.3");
            // Meson's own symbol file (readelf -d's SONAME line, nm -D's names, letters and data sizes)
            try (var files = Files.walk(build)) {
                Path symbols = files.filter(f -> f.getFileName().toString().equals("libshapes.so.1.2.3.symbols"))
                        .findFirst()
                        .orElseThrow();
                syms.put(cc, Files.readString(symbols).replaceAll("(?m)^.*SONAME.*$", "SONAME"));
            }
            sonames.put(
                    cc,
                    run(dir, env, "readelf", "-d", lib.toString())
                            .stdoutText()
                            .lines()
                            .filter(l -> l.contains("(SONAME)"))
                            .map(l -> l.replaceAll("^\\s*0x\\w+\\s+", ""))
                            .toList()
                            .toString());
            for (String[] tool :
                    new String[][] {{"nm", "-D", "--defined-only"}, {"llvm-nm-19", "-D", "--defined-only"}}) {
                List<String> cmd = new ArrayList<>(List.of(tool));
                cmd.add(lib.toString());
                String out = run(dir, env, cmd.toArray(String[]::new)).stdoutText();
                syms.merge(cc, "\n" + String.join(" ", tool) + ":\n" + dynamicSymbols(out), String::concat);
            }
            run(dir, env, "llvm-readelf-19", "-d", "--dyn-syms", lib.toString());
            run(dir, env, "objdump", "-T", lib.toString());
        }
        String jomp = jomp();
        assertThat(runs.get(jomp)).isEqualTo(runs.get("gcc"));
        assertThat(syms.get(jomp))
                .isEqualTo(syms.get("gcc"))
                .contains("perimeter T")
                .contains("counter D")
                .contains("sides R");
        assertThat(sonames.get(jomp)).isEqualTo(sonames.get("gcc")).contains("libshapes.so.1");
        // a native program cannot load it: ld.so refuses the machine type
        Exec.Result dl = run(
                dir,
                Map.of(),
                "python3",
                "-c",
                "import ctypes,sys\ntry:\n ctypes.CDLL(sys.argv[1])\nexcept OSError as e:\n print(e)",
                dir.resolve("build-jomp/libshapes.so.1.2.3").toString());
        assertThat(dl.stdoutText()).contains("libshapes.so.1.2.3");
    }

    /** nm's lines without their addresses (a library's layout is its linker's), sorted. */
    private static String dynamicSymbols(String nm) {
        return nm.lines()
                .map(l -> l.replaceFirst("^[0-9a-f]+ ", ""))
                .filter(l -> !l.isBlank())
                .sorted()
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    @Test
    void ccacheServesASecondBuildOfAFreshCopy() throws Exception {
        Path cacheDir = dir.resolve("ccache");
        Map<String, String> env = new HashMap<>(
                Map.of("CCACHE_DIR", cacheDir.toString(), "CCACHE_BASEDIR", dir.toString(), "CCACHE_NOHASHDIR", "1"));
        String makefile = """
                OBJS = main.o vec.o
                saxpy: $(OBJS)
                \t$(CC) -fopenmp-targets=jvm $(OBJS) -o $@
                %.o: %.c vec.h
                \t$(CC) -O1 -fopenmp-targets=jvm -c $< -o $@
                """;
        List<Path> trees = new ArrayList<>();
        for (String name : List.of("one", "two")) {
            Path t = dir.resolve(name).resolve("deeper");
            tree(t);
            Files.writeString(t.resolve("Makefile"), makefile);
            trees.add(t);
        }
        run(dir, env, "ccache", "--zero-stats");
        run(trees.get(0), env, "make", "CC=ccache " + jomp());
        run(dir, env, "ccache", "--zero-stats");
        run(trees.get(1), env, "make", "CC=ccache " + jomp());
        assertThat(run(trees.get(1), env, trees.get(1).resolve("saxpy").toString())
                        .stdoutText())
                .isEqualTo("sum=1000000.0 devices=1\n");
        Map<String, Long> stats = new HashMap<>();
        for (String l :
                run(dir, env, "ccache", "--print-stats").stdoutText().lines().toList()) {
            String[] f = l.split("\t");
            if (f.length == 2) stats.put(f[0], Long.parseLong(f[1].strip()));
        }
        long hits = stats.getOrDefault("direct_cache_hit", 0L) + stats.getOrDefault("preprocessed_cache_hit", 0L);
        assertThat(hits).as("ccache --print-stats: %s", stats).isEqualTo(2);
        assertThat(stats.getOrDefault("cache_miss", -1L))
                .as("ccache --print-stats: %s", stats)
                .isZero();
        // and the objects are the same bytes: no path of the first tree in them
        assertThat(Files.readAllBytes(trees.get(1).resolve("vec.o")))
                .isEqualTo(Files.readAllBytes(trees.get(0).resolve("vec.o")));
    }
}
