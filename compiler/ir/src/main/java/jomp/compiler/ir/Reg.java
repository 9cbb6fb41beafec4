package jomp.compiler.ir;

/**
 * A virtual register of one function. Registers are not SSA: a register may be assigned many
 * times (a C local whose address is never taken is one register), and the backend maps each
 * to a JVM local. The name is only a hint for readers; the id is unique within the function.
 */
public final class Reg implements Value {
    public final int id;
    public final String name;
    IrType type;

    Reg(int id, IrType type, String name) {
        this.id = id;
        this.type = type;
        this.name = name;
    }

    @Override
    public IrType type() {
        return type;
    }

    /** The spelling in IR text: {@code %7} or {@code %x.7}. */
    @Override
    public String toString() {
        return name == null ? "%" + id : "%" + name + "." + id;
    }
}
