package jomp.offload.abi;

/** The sections offloading adds to objects (docs/design/offload-abi.md §3). */
public final class SectionNames {
    private SectionNames() {}

    /** The offload entries of a host (or jvm-device) object: {@link OffloadEntries}' records. */
    public static final String OFFLOAD_ENTRIES = "omp_offloading_entries";
    /** The embedded device images: an OffloadBinary (magic 0x10FF10AD) per image, as clang's {@code -fembed-offload-object}. */
    public static final String OFFLOADING = ".llvm.offloading";
}
