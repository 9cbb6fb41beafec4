package jomp.compiler.opt;

import java.util.ListIterator;
import jomp.compiler.ir.BasicBlock;
import jomp.compiler.ir.Function;
import jomp.compiler.ir.Insn;
import jomp.compiler.ir.IntConst;
import jomp.compiler.ir.IrType;
import jomp.compiler.ir.Module;
import jomp.compiler.ir.Value;

/**
 * Calls of the C library's {@code memcpy}, {@code memmove} and {@code memset} with a small
 * constant size become the IR's {@code memcpy} and {@code memset} instructions, as clang treats
 * them as builtins: {@code memset(&s, 0, sizeof s)} and {@code memcpy(&bits, &d, 8)} then no
 * longer let a local escape, and scalar replacement and promotion take them apart. Only where
 * the unit does not define the function itself and the call has the library's signature.
 * ({@code memmove} stays a call: its regions may overlap, which the IR's memcpy excludes.)
 */
public final class LibCalls implements Pass {
    @Override
    public String name() {
        return NAME;
    }

    static final String NAME = "simplify-libcalls";

    /** Larger copies gain nothing from scalar replacement; they stay the library's. */
    static final long MAX_SIZE = 128;

    private final Module m;

    public LibCalls(Module m) {
        this.m = m;
    }

    @Override
    public boolean run(Function f) {
        boolean changed = false;
        for (BasicBlock b : f.blocks) {
            for (ListIterator<Insn> it = b.insns.listIterator(); it.hasNext(); ) {
                if (!(it.next() instanceof Insn.Call c) || c.type().variadic() || m.function(c.callee()) != null)
                    continue;
                if (c.args().size() != 3
                        || !(c.args().get(2) instanceof IntConst n)
                        || n.value() < 0
                        || n.value() > MAX_SIZE) continue;
                if (c.type().ret() != IrType.PTR || c.args().get(0).type() != IrType.PTR || n.type() != IrType.I64)
                    continue;
                Value d = c.args().get(0), x = c.args().get(1);
                Insn r;
                if (c.callee().equals("memcpy") && x.type() == IrType.PTR) r = new Insn.MemCopy(d, x, n);
                else if (c.callee().equals("memset") && x.type() == IrType.I32) r = new Insn.MemSet(d, x, n);
                else continue;
                f.moveLine(c, r);
                it.set(r);
                if (c.dst() != null) { // both return their first argument
                    Insn copy = new Insn.Copy(c.dst(), d);
                    f.moveLine(c, copy);
                    it.add(copy);
                }
                changed = true;
            }
        }
        return changed;
    }
}
