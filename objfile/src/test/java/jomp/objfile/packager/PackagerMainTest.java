package jomp.objfile.packager;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jomp.objfile.ExternalTool;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfWriter;
import jomp.objfile.offload.OffloadBinary;
import jomp.objfile.offload.OffloadBinaryReader;
import jomp.offload.abi.ImageKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PackagerMainTest {
    @TempDir
    static Path dir;

    record Run(int status, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = PackagerMain.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static String p(String name) {
        return dir.resolve(name).toString();
    }

    static final String SMALL_C = """
            void scale(double *x, int n) {
            #pragma omp target teams distribute parallel for map(tofrom: x[0:n])
              for (int i = 0; i < n; i++) x[i] *= 2;
            }
            """;

    /** Two fat objects built by clang 19 itself, and a GNU archive of them. */
    @BeforeAll
    static void buildFatObjects() throws Exception {
        Files.writeString(dir.resolve("small.c"), SMALL_C);
        Files.writeString(dir.resolve("other.c"), SMALL_C.replace("scale", "twice"));
        for (String c : List.of("small", "other")) {
            ExternalTool.check(
                    dir,
                    "clang-19",
                    "-fopenmp",
                    "--offload-arch=sm_90",
                    "--libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib/libomptarget-nvptx-sm_90.bc",
                    "-c",
                    c + ".c",
                    "-o",
                    c + ".o");
        }
        ExternalTool.check(dir, "ar", "rcs", "fat.a", "small.o", "other.o");
        Files.write(dir.resolve("dev1.o"), "first device image".getBytes(StandardCharsets.UTF_8));
        Files.write(dir.resolve("dev2.s"), "// ptx text\n.version 8.0\n".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void listMatchesLlvmObjdumpOnClangFatObjectArchiveAndOurFiles() throws Exception {
        Run pack = run(
                "-o",
                p("ours.out"),
                "--image=file=" + p("dev1.o") + ",triple=nvptx64-nvidia-cuda,arch=sm_90,kind=openmp",
                "--image=file=" + p("dev2.s") + ",triple=nvptx64-nvidia-cuda,arch=sm_80,kind=cuda");
        assertThat(pack.status()).as(pack.err()).isZero();
        Files.write(
                dir.resolve("ours.o"),
                ElfWriter.write(new ElfObject(
                        List.of(ElfSection.offloading(Files.readAllBytes(dir.resolve("ours.out")))), List.of())));
        for (List<String> files : List.of(
                List.of("small.o"),
                List.of("fat.a"),
                List.of("ours.out"),
                List.of("ours.o"),
                List.of("small.o", "ours.out", "fat.a"))) {
            String[] objdump = new String[files.size() + 2];
            objdump[0] = "llvm-objdump-19";
            objdump[1] = "--offloading";
            String[] list = new String[files.size() + 1];
            list[0] = "--list";
            for (int i = 0; i < files.size(); i++) {
                objdump[i + 2] = files.get(i);
                list[i + 1] = files.get(i);
            }
            String expected = ExternalTool.check(dir, objdump);
            Run ours = runIn(list);
            assertThat(ours.status()).as(ours.err()).isZero();
            assertThat(ours.out()).as("--list " + files).isEqualTo(expected);
            assertThat(expected).contains("OFFLOADING IMAGE [0]");
        }
        assertThat(runIn("--list", "ours.o").out())
                .contains("ours.o:\tfile format elf64-unknown")
                .contains(
                        "kind            ptx\narch            sm_80\ntriple          nvptx64-nvidia-cuda\nproducer        cuda\n");
    }

    /** Runs with relative file names inside the temp directory, as llvm-objdump was run. */
    static Run runIn(String... args) {
        String[] abs = new String[args.length];
        for (int i = 0; i < args.length; i++) {
            abs[i] = args[i].startsWith("-") ? args[i] : p(args[i]);
        }
        Run r = run(abs);
        return new Run(r.status(), r.out().replace(dir + "/", ""), r.err().replace(dir + "/", ""));
    }

    /**
     * Byte-identical to clang-offload-packager, string-entry order included: clang keeps an image's keys in a
     * DenseMap, so the order follows LLVM's string hash (see DenseMapOrder); 60 keys make the map grow once.
     */
    @Test
    void packagesLikeClangOffloadPackagerByteForByte() throws Exception {
        StringBuilder many =
                new StringBuilder("--image=file=dev1.o,triple=x86_64-unknown-linux-gnu,arch=jvm,kind=openmp");
        for (int i = 0; i < 60; i++) {
            many.append(",key").append(i * 37).append("=v").append(i);
        }
        many.append(",a_key_longer_than_sixty_four_bytes_to_take_the_long_hash_path_of_llvm_hash_value=x");
        String[] specs = {
            "--image=file=dev1.o,triple=nvptx64-nvidia-cuda,arch=sm_90,kind=openmp",
            "--image=file=dev2.s,triple=nvptx64-nvidia-cuda,arch=sm_70,kind=cuda,feature=+ptx80,feature=+sm_70,zfeat=1,afoo=bar",
            many.toString()
        };
        ExternalTool.check(dir, "clang-offload-packager-19", "-o", "theirs.out", specs[0], specs[1], specs[2]);
        String[] ours = new String[specs.length + 2];
        ours[0] = "-o";
        ours[1] = p("mine.out");
        for (int i = 0; i < specs.length; i++) {
            ours[i + 2] = specs[i].replace("file=", "file=" + dir + "/");
        }
        Run r = run(ours);
        assertThat(r.status()).as(r.err()).isZero();
        byte[] mine = Files.readAllBytes(dir.resolve("mine.out"));
        assertThat(mine).isEqualTo(Files.readAllBytes(dir.resolve("theirs.out")));
        List<OffloadBinary> images = OffloadBinaryReader.readAll("mine.out", mine);
        assertThat(images).hasSize(3);
        assertThat(images.get(1).imageKind()).isEqualTo(ImageKind.PTX);
        assertThat(images.get(1).strings()).containsEntry("feature", "+ptx80,+sm_70");
        assertThat(images.get(2).strings()).hasSize(63);
    }

    @Test
    void extractsWhatClangOffloadPackagerExtracts() throws Exception {
        for (String input : List.of("small.o", "fat.a")) {
            ExternalTool.check(
                    dir,
                    "clang-offload-packager-19",
                    input,
                    "--image=file=" + input + ".theirs.bin,triple=nvptx64-nvidia-cuda,arch=sm_90");
            // LLVM's option parser takes one or two dashes; so do we
            Run r = run(p(input), "-image=file=" + p(input + ".mine.bin") + ",triple=nvptx64-nvidia-cuda,arch=sm_90");
            assertThat(r.status()).as(r.err()).isZero();
            // the archive holds two objects with an sm_90 image each: the last one is written, with clang's warning
            assertThat(r.err())
                    .isEqualTo(
                            input.equals("fat.a")
                                    ? "jomp-offload-packager: warning: Multiple inputs match to a single file, '"
                                            + p(input + ".mine.bin") + "'\n"
                                    : "");
            byte[] mine = Files.readAllBytes(dir.resolve(input + ".mine.bin"));
            assertThat(mine).isEqualTo(Files.readAllBytes(dir.resolve(input + ".theirs.bin")));
            assertThat(mine).startsWith(0x7f, 'E', 'L', 'F'); // a cubin
        }
    }

    /** --archive: the matching images as a GNU archive, byte-identical to clang-offload-packager's (symbol index included). */
    @Test
    void extractsToArchiveLikeClangOffloadPackager() throws Exception {
        for (String input : List.of("fat.a", "small.o")) {
            // both given the absolute path: an object's images are named after the input path as given
            ExternalTool.check(
                    dir,
                    "clang-offload-packager-19",
                    p(input),
                    "--image=file=" + input + ".theirs.a,arch=sm_90",
                    "--archive");
            Run r = runIn(input, "--image=file=" + p(input + ".mine.a") + ",arch=sm_90", "--archive");
            assertThat(r.status()).as(r.err()).isZero();
            byte[] mine = Files.readAllBytes(dir.resolve(input + ".mine.a"));
            byte[] theirs = Files.readAllBytes(dir.resolve(input + ".theirs.a"));
            assertThat(jomp.objfile.archive.ArchiveReader.read("mine", mine).symbolIndex())
                    .isNotEmpty();
            assertThat(mine).as(input).isEqualTo(theirs);
        }
        Run missing = runIn("fat.a", "--image=arch=sm_90", "--archive");
        assertThat(missing.status()).isEqualTo(1);
        assertThat(missing.err())
                .isEqualTo("jomp-offload-packager: error: --image=arch=sm_90: Image must have a 'file' argument.\n");
    }

    @Test
    void clangOffloadPackagerExtractsOurImagesAndWeExtractTheirs() throws Exception {
        Run pack = run(
                "-o",
                p("pair.out"),
                "--image=file=" + p("dev1.o") + ",triple=nvptx64-nvidia-cuda,arch=sm_90,kind=openmp",
                "--image=file=" + p("dev2.s") + ",triple=x86_64-unknown-linux-gnu,arch=jvm,kind=openmp");
        assertThat(pack.status()).as(pack.err()).isZero();
        ExternalTool.check(
                dir,
                "clang-offload-packager-19",
                "pair.out",
                "--image=file=c1.bin,arch=sm_90",
                "--image=file=c2.bin,arch=jvm,kind=openmp");
        assertThat(Files.readAllBytes(dir.resolve("c1.bin"))).isEqualTo(Files.readAllBytes(dir.resolve("dev1.o")));
        assertThat(Files.readAllBytes(dir.resolve("c2.bin"))).isEqualTo(Files.readAllBytes(dir.resolve("dev2.s")));

        ExternalTool.check(
                dir,
                "clang-offload-packager-19",
                "-o",
                "theirpair.out",
                "--image=file=dev1.o,triple=nvptx64-nvidia-cuda,arch=sm_90,kind=openmp",
                "--image=file=dev2.s,triple=t2,arch=a2");
        Run r = run(p("theirpair.out"), "--image=triple=t2");
        assertThat(r.status()).as(r.err()).isZero();
        // no file= : named <stem>-<triple>-<arch>.<n>.<ext> in the working directory, as clang does
        Path named = Path.of("theirpair-t2-a2.0.s");
        try {
            assertThat(Files.readAllBytes(named)).isEqualTo(Files.readAllBytes(dir.resolve("dev2.s")));
        } finally {
            Files.deleteIfExists(named);
        }
    }
}
