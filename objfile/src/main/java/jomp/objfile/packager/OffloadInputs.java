package jomp.objfile.packager;

import java.util.ArrayList;
import java.util.List;
import jomp.objfile.FormatException;
import jomp.objfile.archive.Archive;
import jomp.objfile.archive.ArchiveReader;
import jomp.objfile.elf.Elf;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfReader;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.offload.OffloadBinary;
import jomp.objfile.offload.OffloadBinaryReader;

/**
 * Finds the offloading images in an input file the way LLVM's extractOffloadBinaries does: in the
 * SHT_LLVM_OFFLOADING sections of an ELF object (found by type, not name), in each object member of an
 * archive, or in a raw OffloadBinary file.
 */
public final class OffloadInputs {
    private OffloadInputs() {}

    /**
     * The images of one object or raw binary. {@code name} is how llvm-objdump names it
     * ({@code lib.a(member.o)} for members); {@code format} is its "file format" text, or null for a raw binary;
     * {@code identifier} is LLVM's buffer name for its images (the member name, or the file name as given).
     */
    public record Container(String name, String format, List<OffloadBinary> images, String identifier) {}

    public static List<Container> read(String file, byte[] data) {
        if (ElfReader.isElf(data)) {
            return List.of(object(file, data, file));
        }
        if (ArchiveReader.isArchive(data)) {
            Archive archive = ArchiveReader.read(file, data);
            List<Container> out = new ArrayList<>();
            for (Archive.Member m : archive.members()) {
                String name = file + "(" + m.name() + ")";
                if (!ElfReader.isElf(m.bytes())) {
                    throw new FormatException(name, "archive member is not an ELF object");
                }
                out.add(object(name, m.bytes(), m.name()));
            }
            return out;
        }
        if (OffloadBinaryReader.isOffloadBinary(data)) {
            return List.of(new Container(file, null, OffloadBinaryReader.readAll(file, data), file));
        }
        throw new FormatException(file, "not an ELF object, archive or offload binary");
    }

    /** All images of a file, in order. */
    public static List<OffloadBinary> images(String file, byte[] data) {
        List<OffloadBinary> out = new ArrayList<>();
        for (Container c : read(file, data)) {
            out.addAll(c.images());
        }
        return out;
    }

    private static Container object(String name, byte[] data, String identifier) {
        ElfObject obj = ElfReader.read(name, data);
        List<OffloadBinary> images = new ArrayList<>();
        for (ElfSection s : obj.sections()) {
            if (s.type() == Elf.SHT_LLVM_OFFLOADING) {
                images.addAll(OffloadBinaryReader.readAll(name, s.data()));
            }
        }
        return new Container(name, formatName(obj.machine()), images, identifier);
    }

    /** llvm-objdump's name for a 64-bit little-endian ELF file of the given machine. */
    static String formatName(int machine) {
        return switch (machine) {
            case 62 -> "elf64-x86-64";
            case 183 -> "elf64-littleaarch64";
            case 21 -> "elf64-powerpcle";
            case 243 -> "elf64-littleriscv";
            case 224 -> "elf64-amdgpu";
            default -> "elf64-unknown";
        };
    }
}
