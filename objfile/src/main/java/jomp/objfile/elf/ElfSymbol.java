package jomp.objfile.elf;

/**
 * One symbol. {@code section} is the ELF section index of its section (1 for the first of
 * {@link ElfObject#sections()}), or {@link Elf#SHN_UNDEF}, {@link Elf#SHN_ABS}, {@link Elf#SHN_COMMON}.
 * {@code hidden}: a symbol of the compiler's own that a real object keeps out of its symbol
 * table (a string literal, which clang's assembler writes as the temporary {@code .L.str}), so
 * that nm lists what gcc's and clang's objects list; jomp's link still finds it by name
 * ({@link Elf#PRIVATE_SYMBOLS_SECTION}). Only a defined local symbol can be hidden.
 * {@code visibility}: ELF's {@code STV_*} ({@code st_other & 3}; {@code __attribute__((visibility))},
 * {@code -fvisibility}), which is another thing: a hidden-visibility symbol is in the symbol table,
 * and binds within one link but is not exported from a shared library.
 */
public record ElfSymbol(
        String name, int section, long value, long size, int bind, int type, boolean hidden, int visibility) {

    public ElfSymbol(String name, int section, long value, long size, int bind, int type) {
        this(name, section, value, size, bind, type, false, Elf.STV_DEFAULT);
    }

    public ElfSymbol(String name, int section, long value, long size, int bind, int type, boolean hidden) {
        this(name, section, value, size, bind, type, hidden, Elf.STV_DEFAULT);
    }

    /** This symbol, kept out of the symbol table (see {@code hidden}). */
    public ElfSymbol asHidden() {
        return new ElfSymbol(name, section, value, size, bind, type, true, visibility);
    }

    /** This symbol with ELF visibility {@code stv} ({@link Elf#STV_HIDDEN}, ...). */
    public ElfSymbol withVisibility(int stv) {
        return new ElfSymbol(name, section, value, size, bind, type, hidden, stv & 3);
    }

    /** STV_HIDDEN or STV_INTERNAL: bound within the link that uses it, never exported from a shared library. */
    public boolean isModuleLocal() {
        return visibility == Elf.STV_HIDDEN || visibility == Elf.STV_INTERNAL;
    }

    /**
     * The more constraining of two visibilities, as a linker combines a symbol's references and
     * definitions: internal, then hidden, then protected, then default.
     */
    public static int moreConstraining(int a, int b) {
        if (a == Elf.STV_DEFAULT) return b;
        if (b == Elf.STV_DEFAULT) return a;
        return Math.min(a, b);
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
