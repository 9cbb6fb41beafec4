package jomp.objfile;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfSymbol;
import jomp.objfile.elf.ElfWriter;
import jomp.objfile.offload.OffloadBinary;
import jomp.objfile.offload.OffloadBinaryWriter;
import jomp.objfile.offload.TestOffloadFiles;
import jomp.offload.abi.ImageKind;

/** Valid files of every kind the readers take, as seeds for bad-input and fuzz tests. */
public final class Corpus {
    private Corpus() {}

    public static OffloadBinary image(String triple, String arch, String text) {
        Map<String, String> strings = new LinkedHashMap<>();
        strings.put("triple", triple);
        strings.put("arch", arch);
        return new OffloadBinary(
                ImageKind.OBJECT, OffloadBinary.OFK_OPENMP, 0, strings, text.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] offloadV1() {
        return OffloadBinaryWriter.writeAll(List.of(
                image("nvptx64-nvidia-cuda", "sm_90", "device code"), image("x86_64-unknown-linux-gnu", "jvm", "jvm")));
    }

    public static byte[] object(String name) {
        return ElfWriter.write(new ElfObject(
                List.of(
                        ElfSection.progbits(
                                ".jomp.classes", 0, 8, ("classes of " + name).getBytes(StandardCharsets.UTF_8)),
                        ElfSection.progbits(".data", Elf.SHF_ALLOC | Elf.SHF_WRITE, 8, new byte[16])
                                .withRelocations(
                                        List.of(new jomp.objfile.elf.ElfRelocation(0, 1, Elf.R_JOMP_ADDR64, 8))),
                        ElfSection.offloading(offloadV1())),
                List.of(new ElfSymbol(name, 2, 0, 16, Elf.STB_GLOBAL, Elf.STT_OBJECT), ElfSymbol.undefined("printf"))));
    }

    /**
     * Named seeds: our object, a fat object made by clang 19 (x86-64, groups, relocations, a cubin in
     * .llvm.offloading), OffloadBinaries v1/v2/v3, and GNU and BSD archives of our objects (ar, llvm-ar).
     */
    public static Map<String, byte[]> all(Path dir) throws Exception {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        seeds.put("object.o", object("table"));
        Files.writeString(
                dir.resolve("k.c"),
                "int g;\nvoid k(int *x) {\n#pragma omp target map(tofrom: x[0:1])\n  x[0] += 1;\n}\n");
        ExternalTool.check(
                dir,
                "clang-19",
                "-fopenmp",
                "--offload-arch=sm_90",
                "--libomptarget-nvptx-bc-path=/usr/lib/llvm-19/lib/libomptarget-nvptx-sm_90.bc",
                "-c",
                "k.c",
                "-o",
                "k.o");
        seeds.put("clang.o", Files.readAllBytes(dir.resolve("k.o")));
        seeds.put("v1.out", offloadV1());
        seeds.putAll(TestOffloadFiles.v2v3());
        Files.write(dir.resolve("one.o"), object("one"));
        Files.write(dir.resolve("a_long_member_name_for_the_table.o"), object("two"));
        ExternalTool.check(dir, "ar", "rcs", "gnu.a", "one.o", "a_long_member_name_for_the_table.o");
        ExternalTool.check(
                dir, "llvm-ar-19", "--format=bsd", "rcs", "bsd.a", "one.o", "a_long_member_name_for_the_table.o");
        seeds.put("gnu.a", Files.readAllBytes(dir.resolve("gnu.a")));
        seeds.put("bsd.a", Files.readAllBytes(dir.resolve("bsd.a")));
        return seeds;
    }
}
