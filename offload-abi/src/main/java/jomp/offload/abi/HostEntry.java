package jomp.offload.abi;

/**
 * A host offload entry as the registration hands it to the runtime (libomptarget's
 * {@code __tgt_offload_entry}): a kernel's region id, a declare-target global, or a translation
 * unit's requires record (flags {@link OffloadEntries#FLAG_REQUIRES}, no address, the clauses in
 * {@code data}, the entry's reserved word, or in {@code size}).
 */
public record HostEntry(long hostAddress, String name, long size, int flags, long data) {
    /** Entry flag of a declare target link global. */
    public static final int LINK = OffloadEntries.FLAG_LINK;
    /** Entry flag of a declare target indirect function's slot: the host global holds its address. */
    public static final int INDIRECT = OffloadEntries.FLAG_INDIRECT;

    public HostEntry(long hostAddress, String name, long size, int flags) {
        this(hostAddress, name, size, flags, 0);
    }

    public boolean isKernel() {
        return size == 0 && (flags & OffloadEntries.FLAG_REQUIRES) == 0;
    }

    public boolean isRequires() {
        return (flags & OffloadEntries.FLAG_REQUIRES) != 0;
    }
}
