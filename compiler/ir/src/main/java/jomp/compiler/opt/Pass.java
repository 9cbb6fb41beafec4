package jomp.compiler.opt;

import jomp.compiler.ir.Function;

/** One optimisation over one function. */
public interface Pass {
    String name();

    /** Transforms f in place; returns whether anything changed. */
    boolean run(Function f);
}
