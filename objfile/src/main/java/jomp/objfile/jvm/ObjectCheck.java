package jomp.objfile.jvm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import jomp.objfile.elf.ElfObject;
import jomp.objfile.elf.ElfRelocation;
import jomp.objfile.elf.ElfSection;
import jomp.objfile.elf.ElfSymbol;

/**
 * A jomp object's own check (docs/formats.md, "jomp's host objects"): section {@value #SECTION}
 * holds a CRC-32 of what the link reads from the object (every content section's name, type,
 * flags and bytes, where its relocations are, and the symbols; the check is the compiler's last section), written by the compiler and compared by the
 * link before it reads anything else. A class file the link would rewrite, or the JVM would refuse
 * at run time (VerifyError), is then a corrupt input the link names, as ld names a truncated
 * object, never a crash of the link or a program that fails when it loads. The sum is over the
 * object as the ELF reader gives it back, so it does not depend on the file's layout. The link
 * refuses a jomp object without a check (HostLinker.check).
 */
public final class ObjectCheck {
    private ObjectCheck() {}

    public static final String SECTION = ".jomp.check";

    /** The check section for an object of these sections and symbols (appended last). */
    public static ElfSection section(List<ElfSection> sections, List<ElfSymbol> symbols) {
        return ElfSection.progbits(
                SECTION,
                0,
                1,
                String.format("crc32 %08x\n", sum(sections, symbols)).getBytes(StandardCharsets.US_ASCII));
    }

    /** {@code o} with a check of its own, last (any check it had goes): what the compiler writes. */
    public static ElfObject sealed(ElfObject o) {
        List<ElfSection> sections = new ArrayList<>();
        for (ElfSection s : o.sections()) if (!s.name().equals(SECTION)) sections.add(s);
        sections.add(section(sections, o.symbols()));
        return new ElfObject(o.machine(), sections, o.symbols());
    }

    /**
     * Null when {@code o} matches its check; else what is wrong. Every object the compiler writes
     * has one: one without it was made by an older jomp, or lost it to damage (its name and its
     * contents both).
     */
    public static String verify(ElfObject o) {
        ElfSection check = o.section(SECTION);
        if (check == null) {
            boolean jomp = false;
            for (ElfSection s : o.sections()) jomp |= s.name().startsWith(".jomp.class.");
            if (!jomp) return null; // not a jomp object: the link says what it is
            for (ElfSection s : o.sections())
                if (text(s).matches(FORM)) return DAMAGED; // the check under a damaged name
            return "it has no " + SECTION
                    + " section (the file is damaged, or an older jomp made it: compile it again)";
        }
        String text = text(check);
        if (!text.matches(FORM)) return DAMAGED;
        long want = Long.parseLong(text.substring(6, 14), 16);
        return sum(o.sections(), o.symbols()) == want ? null : DAMAGED;
    }

    /** A symbol's type as the link sees it: the ELF reader gives an ifunc back as the function it is in a jomp object. */
    private static int linkType(int type) {
        return type == jomp.objfile.elf.Elf.STT_GNU_IFUNC ? jomp.objfile.elf.Elf.STT_FUNC : type;
    }

    private static final String FORM = "crc32 [0-9a-f]{8}\n",
            DAMAGED = "its contents do not match their check (the file is damaged)";

    private static String text(ElfSection s) {
        return s.data() == null || s.data().length != 15 ? "" : new String(s.data(), StandardCharsets.US_ASCII);
    }

    private static long sum(List<ElfSection> sections, List<ElfSymbol> symbols) {
        CRC32 crc = new CRC32();
        for (ElfSection s : sections) {
            // the sections the compiler made come first; what the ELF writer adds (.comment, the
            // private symbols, which the reader folds back in) comes after the check
            if (s.name().equals(SECTION)) break;
            text(crc, s.name() + " " + s.type() + " " + s.flags() + " " + s.addralign() + " " + s.size() + "\n");
            if (s.data() != null) crc.update(s.data());
            for (ElfRelocation r : s.relocations())
                text(crc, r.offset() + " " + r.type() + " " + target(r, sections, symbols) + "\n");
        }
        List<String> syms = new ArrayList<>();
        for (ElfSymbol s : symbols) {
            if (s.type() == jomp.objfile.elf.Elf.STT_SECTION)
                continue; // the writer's, for relocations to private symbols
            String in = s.section() >= 1 && s.section() <= sections.size()
                    ? sections.get(s.section() - 1).name()
                    : Integer.toString(s.section());
            syms.add(s.name() + " " + in + " " + s.value() + " " + s.size() + " " + s.bind() + " " + linkType(s.type())
                    + " "
                    + s.hidden()
                    + (s.visibility() == 0 ? "" : " v" + s.visibility())); // (objects without any: their old sum)
        }
        syms.sort(null); // the writer puts local symbols first
        for (String s : syms) text(crc, s + "\n");
        return crc.getValue();
    }

    /**
     * Where a relocation points: a defined symbol as its section and offset (a relocation to a
     * private symbol is written against its section, with the symbol's offset in the addend), an
     * undefined one by name.
     */
    private static String target(ElfRelocation r, List<ElfSection> sections, List<ElfSymbol> symbols) {
        if (r.symbol() < 0 || r.symbol() >= symbols.size()) return "?" + r.symbol() + "+" + r.addend();
        ElfSymbol s = symbols.get(r.symbol());
        if (!s.isDefined()) return s.name() + "+" + r.addend();
        String in = s.section() >= 1 && s.section() <= sections.size()
                ? sections.get(s.section() - 1).name()
                : Integer.toString(s.section());
        return in + "+" + (s.value() + r.addend());
    }

    private static void text(CRC32 crc, String s) {
        crc.update(s.getBytes(StandardCharsets.UTF_8));
    }
}
