package jomp.compiler.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * A global object: a C global or static variable, or a string literal. {@code data} holds
 * its initial bytes (null for all-zero, which goes to .bss); each relocation asks the link to
 * write the address of {@code symbol} plus {@code addend} as 8 bytes at {@code offset}.
 */
public final class Global {
    public record Reloc(long offset, String symbol, long addend) {}

    public final String name;
    public final long size;
    public final int align;
    public final boolean isStatic;
    public final boolean readOnly;
    /** {@code __attribute__((weak))}: a definition another object's (strong) one replaces at the link. */
    public boolean weak;
    /**
     * An OpenMP groupprivate variable on a GPU: one copy per team (CUDA block), in the block's
     * shared memory (set by the nvptx back end's preparation, never printed in IR).
     */
    public boolean perTeam;

    public byte[] data;
    public final List<Reloc> relocs = new ArrayList<>();

    public Global(String name, long size, int align, boolean isStatic, boolean readOnly, byte[] data) {
        this.name = name;
        this.size = size;
        this.align = align;
        this.isStatic = isStatic;
        this.readOnly = readOnly;
        this.data = data;
    }

    /** Whether the whole object starts as zero bytes (no data and no relocations). */
    public boolean isZero() {
        return data == null && relocs.isEmpty();
    }

    @Override
    public String toString() {
        return "@" + name;
    }
}
