package jomp.compiler.ir;

/**
 * A fixed-size object in the function's frame on the native stack: an address-taken local,
 * an array, a struct, a temporary for a struct argument or result.
 */
public final class Slot {
    public final int id;
    public final String name;
    public final long size;
    public final int align;
    /**
     * A volatile object's storage (C11 6.7.3p7): every access the program writes stays an access, so
     * the optimiser neither promotes nor splits it ({@code slot $x.0 size 4 align 4 volatile}).
     */
    public boolean isVolatile;

    Slot(int id, String name, long size, int align) {
        this.id = id;
        this.name = name;
        this.size = size;
        this.align = align;
    }

    @Override
    public String toString() {
        return name == null ? "$" + id : "$" + name + "." + id;
    }
}
