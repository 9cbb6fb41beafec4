package jomp.runtime.target;

/**
 * A host offload entry (libomptarget's __tgt_offload_entry): a kernel's region id, a declare-target
 * global, or a translation unit's requires record (flags {@link Requires#REGISTER}, no address, the
 * clauses in {@code data}, the entry's reserved word).
 */
public record HostEntry(long hostAddress, String name, long size, int flags, long data) {
    /** Entry flag of a declare target link global. */
    public static final int LINK = 1;
    /** Entry flag of a declare target indirect function's slot: the host global holds its address. */
    public static final int INDIRECT = 8;

    public HostEntry(long hostAddress, String name, long size, int flags) { this(hostAddress, name, size, flags, 0); }

    public boolean isKernel() { return size == 0 && (flags & Requires.REGISTER) == 0; }
}
