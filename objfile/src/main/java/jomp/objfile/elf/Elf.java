package jomp.objfile.elf;

/** ELF64 constants used by jomp's objects (values from the System V gABI and LLVM). */
public final class Elf {
    private Elf() {}

    public static final int ET_REL = 1;
    public static final int EM_NONE = 0;

    public static final int SHT_NULL = 0;
    public static final int SHT_PROGBITS = 1;
    public static final int SHT_SYMTAB = 2;
    public static final int SHT_STRTAB = 3;
    public static final int SHT_RELA = 4;
    public static final int SHT_NOBITS = 8;
    public static final int SHT_REL = 9;
    public static final int SHT_SYMTAB_SHNDX = 18;
    /** LLVM's section type for offloading binaries; llvm-objdump finds the section by this type. */
    public static final int SHT_LLVM_OFFLOADING = 0x6fff4c0b;

    public static final long SHF_WRITE = 0x1;
    public static final long SHF_ALLOC = 0x2;
    public static final long SHF_EXECINSTR = 0x4;
    public static final long SHF_MERGE = 0x10;
    public static final long SHF_STRINGS = 0x20;
    public static final long SHF_INFO_LINK = 0x40;
    public static final long SHF_EXCLUDE = 0x80000000L;

    public static final int SHN_UNDEF = 0;
    public static final int SHN_LORESERVE = 0xff00;
    public static final int SHN_ABS = 0xfff1;
    public static final int SHN_COMMON = 0xfff2;
    public static final int SHN_XINDEX = 0xffff;

    public static final int STB_LOCAL = 0;
    public static final int STB_GLOBAL = 1;
    public static final int STB_WEAK = 2;

    /** Symbol visibility, {@code st_other & 3}: who outside the linked module may bind to the symbol. */
    public static final int STV_DEFAULT = 0, STV_INTERNAL = 1, STV_HIDDEN = 2, STV_PROTECTED = 3;

    public static final int STT_NOTYPE = 0;
    public static final int STT_OBJECT = 1;
    public static final int STT_FUNC = 2;
    public static final int STT_SECTION = 3;
    public static final int STT_FILE = 4;
    /** GNU's indirect function (nm's {@code i}): jomp writes it for an ifunc, whose code calls what its resolver chose. */
    public static final int STT_GNU_IFUNC = 10;

    /** jomp relocation: the 64-bit native address of symbol + addend, stored in a data section. */
    public static final int R_JOMP_ADDR64 = 1;
    /** jomp relocation: a 64-bit handle of the function symbol (an index into the executable's function table). */
    public static final int R_JOMP_FUNC64 = 2;

    /**
     * The compiler's own symbols ({@link ElfSymbol#hidden()}: string literals), which a real
     * object keeps out of its symbol table (clang's assembler drops {@code .L.str}) but jomp's
     * link still finds by name: {@link ElfWriter} puts them here and {@link ElfReader} puts them
     * back among the symbols. Records of: u32 name length, the name (UTF-8), u32 section index,
     * u64 value, u64 size, u8 type.
     */
    public static final String PRIVATE_SYMBOLS_SECTION = ".jomp.private";

    public static final String COMMENT = "jomp: host code is JVM class files (EM_NONE)";

    static final int EHDR_SIZE = 64;
    static final int SHDR_SIZE = 64;
    static final int SYM_SIZE = 24;
    static final int RELA_SIZE = 24;
}
