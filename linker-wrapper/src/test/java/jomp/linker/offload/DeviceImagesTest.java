package jomp.linker.offload;

import static jomp.linker.offload.OffloadObjects.*;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import jomp.linker.LinkerWrapperMain;
import jomp.linker.host.ArchiveResolver;
import jomp.linker.host.HostLinker;
import jomp.objfile.archive.ArchiveReader;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.elf.ElfWriter;
import jomp.objfile.offload.OffloadBinary;
import jomp.offload.abi.ImageKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Extraction of device images from the objects a link takes (archives included), grouping, link-time target choice. */
class DeviceImagesTest {
    private static HostLinker.Input input(String name, ElfObject o) {
        return new HostLinker.Input(name, ElfReader.read(name, ElfWriter.write(o)));
    }

    private static List<HostLinker.Input> twoObjects() {
        ElfObject a = host(
                "a",
                "f",
                1,
                List.of(
                        jvmImage(device("a", "f", 1, null)),
                        image(ImageKind.PTX, NVPTX, "sm_90", "ptx a".getBytes(StandardCharsets.US_ASCII))));
        ElfObject b = object(
                "b",
                "h",
                2,
                false,
                null,
                List.of(
                        jvmImage(device("b", "h", 2, null)),
                        image(ImageKind.PTX, NVPTX, "sm_70", "ptx b".getBytes(StandardCharsets.US_ASCII))));
        return List.of(input("a.o", a), input("b.o", b));
    }

    @Test
    void imagesAreGroupedByTripleAndArchInLinkOrder() {
        List<DeviceImages.Group> groups = DeviceImages.collect(twoObjects(), Set.of());
        assertThat(groups)
                .extracting(DeviceImages.Group::describe)
                .containsExactly(JVM, NVPTX + " (sm_90)", NVPTX + " (sm_70)");
        assertThat(groups.get(0).images())
                .extracting(DeviceImages.Image::object)
                .containsExactly("a.o", "b.o");
        assertThat(new String(groups.get(2).images().get(0).binary().image(), StandardCharsets.US_ASCII))
                .isEqualTo("ptx b");
    }

    /** llvm-objdump-19 --offloading sees in each object the same images, in the same order, as the extraction. */
    @Test
    void extractionAgreesWithLlvmObjdump(@TempDir Path dir) throws Exception {
        List<HostLinker.Input> objects = twoObjects();
        List<String> ours = new ArrayList<>();
        for (HostLinker.Input in : objects) {
            Files.write(dir.resolve(in.name()), ElfWriter.write(in.object()));
            List<HostLinker.Input> one = List.of(in);
            for (DeviceImages.Group g : DeviceImages.collect(one, Set.of())) {
                for (DeviceImages.Image i : g.images()) ours.add(i.object() + " " + g.triple() + " " + g.arch());
            }
        }
        Process p = jomp.env.ExternalTools.processBuilder("llvm-objdump-19", "--offloading", "a.o", "b.o")
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        List<String> theirs = new ArrayList<>();
        String file = null, arch = null;
        for (String line : out.lines().toList()) {
            if (line.matches("^[ab]\\.o:.*")) file = line.substring(0, 3);
            else if (line.startsWith("arch")) arch = line.substring(4).strip();
            else if (line.startsWith("triple"))
                theirs.add(file + " " + line.substring(6).strip() + " " + arch);
        }
        assertThat(theirs).containsExactlyElementsOf(ours).hasSize(4);
    }

    @Test
    void targetsChosenAtLinkTimeKeepOnlyThoseTriples() {
        assertThat(DeviceImages.collect(twoObjects(), Set.of(DeviceImages.expand("jvm"))))
                .extracting(DeviceImages.Group::triple)
                .containsExactly(JVM);
        assertThat(DeviceImages.collect(twoObjects(), Set.of(DeviceImages.expand("nvptx64"))))
                .extracting(DeviceImages.Group::triple)
                .containsExactly(NVPTX, NVPTX);
        assertThat(DeviceImages.collect(twoObjects(), Set.of("amdgcn-amd-amdhsa")))
                .isEmpty();
    }

    @Test
    void imagesOfOtherOffloadKindsAreNotOpenMPs() {
        OffloadBinary cuda = new OffloadBinary(
                ImageKind.PTX,
                OffloadBinary.OFK_CUDA,
                0,
                java.util.Map.of("triple", NVPTX, "arch", "sm_90"),
                new byte[] {1});
        List<HostLinker.Input> in = List.of(input("a.o", host("a", "f", 1, List.of(cuda))));
        assertThat(DeviceImages.collect(in, Set.of())).isEmpty();
    }

    /** Writes objects and a GNU ar archive of k.o and u.o, each embedding a jvm image; a.o needs k.o's kernel symbol. */
    static Path archiveSetup(Path dir) throws Exception {
        ElfObject a = object("a", "f", 1, true, kernel("k"), List.of(jvmImage(device("a", "f", 1, null))));
        Files.write(dir.resolve("a.o"), ElfWriter.write(a));
        Files.write(
                dir.resolve("k.o"),
                ElfWriter.write(object("k", "k", 3, false, null, List.of(jvmImage(device("k", "k", 3, null))))));
        Files.write(
                dir.resolve("u.o"),
                ElfWriter.write(object("u", "u", 4, false, null, List.of(jvmImage(device("u", "u", 4, null))))));
        Process p = jomp.env.ExternalTools.processBuilder("ar", "rcs", "libk.a", "u.o", "k.o")
                .directory(dir.toFile())
                .inheritIO()
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        return dir.resolve("libk.a");
    }

    @Test
    void archiveMembersBringTheirImagesOnlyWhenPulledIn(@TempDir Path dir) throws Exception {
        Path lib = archiveSetup(dir);
        for (boolean whole : new boolean[] {false, true}) {
            List<HostLinker.Input> objects = new ArrayList<>();
            ArchiveResolver r = new ArchiveResolver(objects);
            r.addObject(new HostLinker.Input("a.o", ElfReader.read("a.o", Files.readAllBytes(dir.resolve("a.o")))));
            r.add("libk.a", ArchiveReader.read("libk.a", Files.readAllBytes(lib)), whole);
            List<DeviceImages.Group> groups = DeviceImages.collect(objects, Set.of());
            assertThat(groups).hasSize(1);
            assertThat(groups.get(0).images())
                    .extracting(DeviceImages.Image::object)
                    .containsExactly(
                            whole
                                    ? new String[] {"a.o", "libk.a(u.o)", "libk.a(k.o)"}
                                    : new String[] {"a.o", "libk.a(k.o)"});
        }
    }

    @Test
    void dryRunListsTheDeviceLinksOfPulledMembers(@TempDir Path dir) throws Exception {
        archiveSetup(dir);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = LinkerWrapperMain.run(
                new String[] {
                    "--dry-run",
                    "-o",
                    dir.resolve("a").toString(),
                    dir.resolve("a.o").toString(),
                    "-L" + dir,
                    "-lk"
                },
                new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true));
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(rc).as(text).isZero();
        assertThat(text)
                .contains("device link for " + JVM + ": " + dir.resolve("a.o") + " " + dir.resolve("libk.a") + "(k.o)")
                .doesNotContain("(u.o)")
                .contains("host link of 2 object(s)");
        assertThat(dir.resolve("a")).doesNotExist();
    }
}
