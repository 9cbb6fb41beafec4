package jomp.offload.abi;

/**
 * The records of an object's {@code omp_offloading_entries} section (libomptarget's
 * {@code __tgt_offload_entry}, docs/design/offload-abi.md §3): {@code u64 addr}, {@code u64 name},
 * {@code u64 size}, {@code i32 flags}, {@code i32 reserved}; and the symbols they point at.
 */
public final class OffloadEntries {
    private OffloadEntries() {}

    public static final int ENTRY_SIZE = 32;
    /** Prefix of the string symbol an entry's name field points at. */
    public static final String NAME_SYMBOL_PREFIX = ".omp_offloading.entry_name.";
    /** Prefix of a kernel's region id symbol, the address of a kernel entry. */
    public static final String REGION_ID_PREFIX = ".omp_offloading.region_id.";
    /** The 1-byte marker a unit's requires record points at. */
    public static final String REQUIRES_MARKER = ".omp_requires";

    /** Entry flag of a {@code declare target link} global (kernels and to/enter globals: 0). */
    public static final int FLAG_LINK = 0x1;
    /**
     * Entry flag of a {@code declare target indirect} function's host slot (libomptarget's
     * OMP_DECLARE_TARGET_INDIRECT): the host global holds the function's address, which the
     * runtime copies into the device global of the same name when the image loads.
     */
    public static final int FLAG_INDIRECT = 0x8;
    /** Entry flag of a unit's requires record (OMP_REGISTER_REQUIRES); its size word holds the REQ_* bits. */
    public static final int FLAG_REQUIRES = 0x10;

    /** libomptarget's OMP_REQ_* bits of a requires record. */
    public static final long REQ_NONE = 0x1,
            REQ_REVERSE_OFFLOAD = 0x2,
            REQ_UNIFIED_ADDRESS = 0x4,
            REQ_UNIFIED_SHARED_MEMORY = 0x8,
            REQ_DYNAMIC_ALLOCATORS = 0x10;
}
