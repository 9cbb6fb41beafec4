package jomp.objfile.elf;

/**
 * One SHT_RELA entry: at {@code offset} in the target section, relocation {@code type} against
 * {@code symbol} (an index into {@link ElfObject#symbols()}, or -1 for none) plus {@code addend}.
 */
public record ElfRelocation(long offset, int symbol, int type, long addend) {}
