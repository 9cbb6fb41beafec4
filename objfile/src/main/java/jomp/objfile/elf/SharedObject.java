package jomp.objfile.elf;

import java.util.HashMap;
import java.util.Map;
import jomp.objfile.ByteReader;
import jomp.objfile.FormatException;

/**
 * What a link needs from an ELF shared object (ET_DYN), as ld reads it: its DT_SONAME (the name a
 * program records as DT_NEEDED; null when it has none) and the symbols its {@code .dynsym}
 * defines. With symbol versioning ({@code .gnu.version}) only a symbol's default version counts,
 * as for a new link: a hidden version (versym bit 0x8000, {@code name@VER} rather than
 * {@code name@@VER}) is an old binary's, and versym 0 is local.
 */
public record SharedObject(String soname, int machine, Map<String, Kind> symbols) {

    /** What a dynamic symbol is: code (FUNC, IFUNC), data (OBJECT, COMMON, NOTYPE) or thread-local (TLS). */
    public enum Kind {
        FUNCTION,
        DATA,
        TLS
    }

    private static final int ET_DYN = 3, SHT_DYNSYM = 11, SHT_DYNAMIC = 6, SHT_GNU_VERSYM = 0x6fffffff;
    private static final int STT_NOTYPE = 0,
            STT_OBJECT = 1,
            STT_FUNC = 2,
            STT_COMMON = 5,
            STT_TLS = 6,
            STT_GNU_IFUNC = 10;
    private static final int STB_GLOBAL = 1, STB_WEAK = 2, STB_GNU_UNIQUE = 10;
    private static final long DT_NULL = 0, DT_SONAME = 14;

    /** Whether {@code data} is an ELF shared object (e_type ET_DYN). */
    public static boolean isSharedObject(byte[] data) {
        return ElfReader.isElf(data) && data.length >= 18 && (data[16] & 0xff | (data[17] & 0xff) << 8) == ET_DYN;
    }

    public static SharedObject read(String file, byte[] data) {
        ByteReader in = new ByteReader(file, data);
        if (!isSharedObject(data)) throw in.error("not an ELF shared object");
        in.check(0, Elf.EHDR_SIZE, "ELF header");
        if (in.u8(4, "class") != 2 || in.u8(5, "data") != 1) throw in.error("not a 64-bit little-endian ELF file");
        int machine = in.u16(18, "e_machine");
        long shoff = in.u64(40, "e_shoff");
        int shnum = in.u16(60, "e_shnum");
        if (shnum == 0 || in.u16(58, "e_shentsize") != Elf.SHDR_SIZE) throw in.error("no usable section headers");
        long[][] sh = new long[shnum][];
        for (int i = 0; i < shnum; i++) {
            long o = shoff + (long) i * Elf.SHDR_SIZE;
            in.check(o, Elf.SHDR_SIZE, "section header " + i);
            // type, offset, size, link, entsize
            sh[i] = new long[] {
                in.u32(o + 4, "sh_type"),
                in.u64(o + 24, "sh_offset"),
                in.u64(o + 32, "sh_size"),
                in.u32(o + 40, "sh_link"),
                in.u64(o + 56, "sh_entsize")
            };
        }
        int dynsym = -1, versym = -1, dynamic = -1;
        for (int i = 1; i < shnum; i++) {
            int t = (int) sh[i][0];
            if (t == SHT_DYNSYM) dynsym = i;
            else if (t == SHT_GNU_VERSYM) versym = i;
            else if (t == SHT_DYNAMIC) dynamic = i;
        }
        Map<String, Kind> symbols = new HashMap<>();
        String soname = null;
        if (dynsym < 0) return new SharedObject(null, machine, symbols);
        long[] strtab = sh[(int) sh[dynsym][3]];
        long count = sh[dynsym][2] / Elf.SYM_SIZE;
        for (long i = 1; i < count; i++) {
            long o = sh[dynsym][1] + i * Elf.SYM_SIZE;
            int info = in.u8(o + 4, "st_info");
            int shndx = in.u16(o + 6, "st_shndx");
            int bind = info >>> 4, type = info & 0xf;
            if (shndx == Elf.SHN_UNDEF || !(bind == STB_GLOBAL || bind == STB_WEAK || bind == STB_GNU_UNIQUE)) continue;
            if (versym >= 0) {
                int v = in.u16(sh[versym][1] + 2 * i, "versym");
                if (v == 0 || (v & 0x8000) != 0) continue; // local, or not the default version
            }
            Kind k = switch (type) {
                case STT_FUNC, STT_GNU_IFUNC -> Kind.FUNCTION;
                case STT_OBJECT, STT_COMMON, STT_NOTYPE -> Kind.DATA;
                case STT_TLS -> Kind.TLS;
                default -> null;
            };
            if (k == null) continue;
            String name = in.cstring(strtab[1] + in.u32(o, "st_name"), strtab[1] + strtab[2], "symbol name");
            if (!name.isEmpty()) symbols.putIfAbsent(name, k);
        }
        if (dynamic >= 0) {
            long[] dyn = sh[dynamic];
            long[] dynstr = sh[(int) dyn[3]];
            for (long o = dyn[1]; o + 16 <= dyn[1] + dyn[2]; o += 16) {
                long tag = in.u64(o, "d_tag");
                if (tag == DT_NULL) break;
                if (tag == DT_SONAME)
                    soname = in.cstring(dynstr[1] + in.u64(o + 8, "d_val"), dynstr[1] + dynstr[2], "DT_SONAME");
            }
        }
        return new SharedObject(soname, machine, symbols);
    }

    /** Reads a shared object's file, turning format problems into FormatException with the file's name. */
    public static SharedObject readFile(String display, java.nio.file.Path path)
            throws java.io.IOException, FormatException {
        return read(display, java.nio.file.Files.readAllBytes(path));
    }
}
