package jomp.objfile.elf;

/**
 * One symbol. {@code section} is the ELF section index of its section (1 for the first of
 * {@link ElfObject#sections()}), or {@link Elf#SHN_UNDEF}, {@link Elf#SHN_ABS}, {@link Elf#SHN_COMMON}.
 * {@code hidden}: a symbol of the compiler's own that a real object keeps out of its symbol
 * table (a string literal, which clang's assembler writes as the temporary {@code .L.str}), so
 * that nm lists what gcc's and clang's objects list; jomp's link still finds it by name
 * ({@link Elf#PRIVATE_SYMBOLS_SECTION}). Only a defined local symbol can be hidden.
 */
public record ElfSymbol(String name, int section, long value, long size, int bind, int type, boolean hidden) {

    public ElfSymbol(String name, int section, long value, long size, int bind, int type) {
        this(name, section, value, size, bind, type, false);
    }

    /** This symbol, kept out of the symbol table (see {@code hidden}). */
    public ElfSymbol asHidden() {
        return new ElfSymbol(name, section, value, size, bind, type, true);
    }

    public static ElfSymbol undefined(String name) {
        return new ElfSymbol(name, Elf.SHN_UNDEF, 0, 0, Elf.STB_GLOBAL, Elf.STT_NOTYPE);
    }

    public boolean isLocal() {
        return bind == Elf.STB_LOCAL;
    }

    public boolean isWeak() {
        return bind == Elf.STB_WEAK;
    }

    public boolean isDefined() {
        return section != Elf.SHN_UNDEF;
    }

    /** Written outside the symbol table: {@code hidden}, and a defined local symbol in a section. */
    public boolean isPrivate() {
        return hidden && bind == Elf.STB_LOCAL && isDefined() && section < Elf.SHN_LORESERVE && type != Elf.STT_SECTION;
    }
}
