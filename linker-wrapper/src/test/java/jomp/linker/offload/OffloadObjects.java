package jomp.linker.offload;

import static org.objectweb.asm.Opcodes.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
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
import jomp.objfile.offload.OffloadEntriesSection;
import jomp.offload.abi.ImageKind;
import jomp.offload.abi.OffloadEntries;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;

/**
 * Hand-made jomp objects for the offload link, shaped as offload-abi.md §3 says the compiler makes
 * them: a unit class, a 1-byte region id per kernel in .rodata, a global {@code g_<unit>} in .data (8 bytes),
 * an omp_offloading_entries section, and for host objects a .llvm.offloading section.
 */
final class OffloadObjects {
    private OffloadObjects() {}

    static final String JVM = "jvm64-jomp-linux";
    static final String NVPTX = "nvptx64-nvidia-cuda";
    static final byte REGION_ID_BYTE = 0x5A;

    /** The global of a unit: g_<unit>. */
    static String global(String unit) {
        return "g_" + unit;
    }

    static String kernel(String fn) {
        return "__omp_offloading_803_1c2b3_" + fn + "_l7";
    }

    /**
     * A unit class: {@code main()I} returning 0 when {@code withMain}; kernel {@code (J)V} that stores
     * its argument into g (through jomp/link/Data) and, when {@code calls} is given, calls it first.
     */
    static byte[] unitClass(String cls, String kernel, boolean withMain, String calls, String global) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(V25, ACC_PUBLIC | ACC_SUPER, cls, null, "java/lang/Object", null);
        if (withMain) {
            MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, "main", "()I", null, null);
            mv.visitCode();
            mv.visitInsn(ICONST_0);
            mv.visitInsn(IRETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        if (kernel != null) {
            MethodVisitor mv = cw.visitMethod(ACC_PUBLIC | ACC_STATIC, kernel, "(J)V", null, null);
            mv.visitCode();
            if (calls != null) mv.visitMethodInsn(INVOKESTATIC, "jomp/link/Extern", calls, "()V", false);
            mv.visitFieldInsn(GETSTATIC, "jomp/link/Data", global, "J");
            mv.visitVarInsn(LLOAD, 0);
            mv.visitMethodInsn(INVOKESTATIC, "jomp/runtime/mem/Mem", "putLong", "(JJ)V", false);
            mv.visitInsn(RETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** An object of unit {@code unit} with kernel {@code fn} (if not null), global g = {@code gValue}, entries for both. */
    static ElfObject object(
            String unit, String fn, long gValue, boolean withMain, String calls, List<OffloadBinary> images) {
        String cls = "jomp/unit/" + unit;
        String k = fn == null ? null : kernel(fn);
        List<ElfSection> sections = new ArrayList<>();
        List<ElfSymbol> symbols = new ArrayList<>();
        sections.add(ElfSection.progbits(
                ".jomp.class." + cls.replace('/', '.'), 0, 1, unitClass(cls, k, withMain, calls, global(unit))));
        sections.add(ElfSection.progbits(".rodata", Elf.SHF_ALLOC, 1, new byte[] {REGION_ID_BYTE}));
        sections.add(ElfSection.progbits(
                ".data",
                Elf.SHF_ALLOC | Elf.SHF_WRITE,
                8,
                ByteBuffer.allocate(8)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .putLong(gValue)
                        .array()));
        if (withMain) symbols.add(new ElfSymbol("main", 1, 0, 0, Elf.STB_GLOBAL, Elf.STT_FUNC));
        symbols.add(new ElfSymbol(global(unit), 3, 0, 8, Elf.STB_GLOBAL, Elf.STT_OBJECT));
        List<OffloadEntriesSection.Entry> entries = new ArrayList<>();
        if (k != null) {
            symbols.add(new ElfSymbol(k, 1, 0, 0, Elf.STB_GLOBAL, Elf.STT_FUNC));
            symbols.add(new ElfSymbol(OffloadEntries.REGION_ID_PREFIX + k, 2, 0, 1, Elf.STB_LOCAL, Elf.STT_OBJECT));
            entries.add(new OffloadEntriesSection.Entry(symbols.size() - 1, k, 0, 0));
        }
        if (calls != null) symbols.add(new ElfSymbol(calls, Elf.SHN_UNDEF, 0, 0, Elf.STB_GLOBAL, Elf.STT_FUNC));
        entries.add(new OffloadEntriesSection.Entry(
                symbols.indexOf(symbols.stream()
                        .filter(s -> s.name().equals(global(unit)))
                        .findFirst()
                        .get()),
                global(unit),
                8,
                0));
        if (!images.isEmpty()) sections.add(ElfSection.offloading(OffloadBinaryWriter.writeAll(images)));
        return jomp.objfile.jvm.ObjectCheck.sealed(
                OffloadEntriesSection.append(new ElfObject(sections, symbols), entries));
    }

    /** A jvm device object of {@code unit}: kernel {@code fn}, g = {@code gValue}. */
    static ElfObject device(String unit, String fn, long gValue, String calls) {
        return object(unit, fn, gValue, false, calls, List.of());
    }

    static OffloadBinary image(ImageKind imageKind, String triple, String arch, byte[] bytes) {
        Map<String, String> strings = new LinkedHashMap<>();
        strings.put("triple", triple);
        if (!arch.isEmpty()) strings.put("arch", arch);
        return new OffloadBinary(imageKind, OffloadBinary.OFK_OPENMP, 0, strings, bytes);
    }

    static OffloadBinary jvmImage(ElfObject device) {
        return image(ImageKind.OBJECT, JVM, "", ElfWriter.write(device));
    }

    /** A host object with main, kernel {@code fn} and g = {@code gValue}, embedding {@code images}. */
    static ElfObject host(String unit, String fn, long gValue, List<OffloadBinary> images) {
        return object(unit, fn, gValue, true, null, images);
    }

    /** A plain C object: main only, no entries, no images. */
    static ElfObject plain(String unit) {
        String cls = "jomp/unit/" + unit;
        return jomp.objfile.jvm.ObjectCheck.sealed(new ElfObject(
                List.of(ElfSection.progbits(
                        ".jomp.class." + cls.replace('/', '.'), 0, 1, unitClass(cls, null, true, null, null))),
                List.of(new ElfSymbol("main", 1, 0, 0, Elf.STB_GLOBAL, Elf.STT_FUNC))));
    }
}
