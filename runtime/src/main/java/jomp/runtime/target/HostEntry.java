package jomp.runtime.target;

/** A host offload entry (libomptarget's __tgt_offload_entry): a kernel's region id or a declare-target global. */
public record HostEntry(long hostAddress, String name, long size, int flags) {
    /** Entry flag of a declare target link global. */
    public static final int LINK = 1;

    public boolean isKernel() { return size == 0; }
}
