package jomp.wrapper.elf;

/**
 * One symbol. {@code section} is the ELF section index of its section (1 for the first of
 * {@link ElfObject#sections()}), or {@link Elf#SHN_UNDEF}, {@link Elf#SHN_ABS}, {@link Elf#SHN_COMMON}.
 */
public record ElfSymbol(String name, int section, long value, long size, int bind, int type) {

    public static ElfSymbol undefined(String name) {
        return new ElfSymbol(name, Elf.SHN_UNDEF, 0, 0, Elf.STB_GLOBAL, Elf.STT_NOTYPE);
    }

    public boolean isLocal() {
        return bind == Elf.STB_LOCAL;
    }

    public boolean isDefined() {
        return section != Elf.SHN_UNDEF;
    }
}
