package jomp.offload.abi;

/**
 * What the OpenMP lowering tells the runtime's tools interface through {@code __jomp_ompt(int)}
 * (EntryPoints.OMPT), where the runtime's other entry points do not say it: which construct a
 * barrier or loop belongs to, and where constructs that make no runtime call at their end end.
 * The runtime dispatches OMPT events from them when a tool is attached and does nothing
 * otherwise; the device runtime ignores them (docs/design/ompt.md).
 */
public final class OmptMarks {
    private OmptMarks() {}

    /** The next barrier is a {@code #pragma omp barrier} (ompt_sync_region_barrier_explicit), not a construct's implicit one. */
    public static final int BARRIER_EXPLICIT = 1;
    /** The executing thread has finished a single construct's block. */
    public static final int SINGLE_END = 2;
    /** The selected thread has finished a master or masked construct's block. */
    public static final int MASKED_END = 3;
    /** The next worksharing loop is a sections construct (each chunk a section). */
    public static final int SECTIONS = 4;
    /** The team has finished its part of a distribute construct. */
    public static final int DISTRIBUTE_END = 5;
    /** A scope construct begins / ends (before its implicit barrier). */
    public static final int SCOPE_BEGIN = 6, SCOPE_END = 7;
    /** A flush construct was executed. */
    public static final int FLUSH = 8;
}
