package jomp.compiler.codegen;

import jomp.compiler.ir.Module;

/**
 * What a back end's passes read and write of one compile (cc1's {@code Compilation} is one): the
 * module, the bytes the compile writes, the back end's own state from one of its passes to the
 * next, and the packaged device images a host object embeds.
 */
public class Unit {
    /** The IR the next pass works on. */
    public Module module;
    /** The bytes the compile writes: an object, IR text, PTX or assembly text. */
    public byte[] output;
    /** A back end's state between its passes (set by its first pass, read by the later ones). */
    public Object backEndState;
    /** -fembed-offload-object=: the package of device images a host object carries, or null. */
    public String embedOffloadObject;
}
