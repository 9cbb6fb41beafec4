package jomp.objfile.elf;

import java.util.List;
import jomp.offload.abi.SectionNames;

/**
 * A content section. {@code data} holds its bytes ({@code null} for SHT_NOBITS, whose length is
 * {@code size}); {@code relocations} are written as a {@code .rela<name>} section after it.
 * {@code link} and {@code info} are copied as they are.
 */
public record ElfSection(
        String name,
        int type,
        long flags,
        long addralign,
        byte[] data,
        long size,
        int link,
        int info,
        long entsize,
        List<ElfRelocation> relocations) {

    public ElfSection {
        relocations = List.copyOf(relocations);
        if (data != null) {
            size = data.length;
        }
    }

    public static ElfSection progbits(String name, long flags, long addralign, byte[] data) {
        return new ElfSection(name, Elf.SHT_PROGBITS, flags, addralign, data, data.length, 0, 0, 0, List.of());
    }

    public static ElfSection nobits(String name, long flags, long addralign, long size) {
        return new ElfSection(name, Elf.SHT_NOBITS, flags, addralign, null, size, 0, 0, 0, List.of());
    }

    /** The {@code .llvm.offloading} section holding OffloadBinaries back to back (LLVM's type, flags and alignment). */
    public static ElfSection offloading(byte[] binaries) {
        return new ElfSection(
                SectionNames.OFFLOADING,
                Elf.SHT_LLVM_OFFLOADING,
                Elf.SHF_EXCLUDE,
                8,
                binaries,
                binaries.length,
                0,
                0,
                0,
                List.of());
    }

    public ElfSection withRelocations(List<ElfRelocation> relocs) {
        return new ElfSection(name, type, flags, addralign, data, size, link, info, entsize, relocs);
    }
}
