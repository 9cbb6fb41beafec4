package jomp.offload.abi;

/**
 * The bits of a map entry's type (libomptarget's {@code OpenMPOffloadMappingFlags}, the
 * {@code int64_t} of {@code argTypes[i]}): what the OpenMP lowering writes and the runtime's
 * mapping reads (docs/design/offload-abi.md §2).
 */
public final class MapType {
    private MapType() {}

    public static final long TO = 0x1;
    public static final long FROM = 0x2;
    public static final long ALWAYS = 0x4;
    public static final long DELETE = 0x8;
    public static final long PTR_AND_OBJ = 0x10;
    public static final long TARGET_PARAM = 0x20;
    public static final long RETURN_PARAM = 0x40;
    public static final long PRIVATE = 0x80;
    public static final long LITERAL = 0x100;
    public static final long IMPLICIT = 0x200;
    public static final long CLOSE = 0x400;
    public static final long PRESENT = 0x1000;
    /** ompx_hold: the mapping's hold reference count. */
    public static final long OMPX_HOLD = 0x2000;
    /**
     * OpenMP 6.0's self map-type modifier: the device uses the original (host) storage, no copy
     * is made (jomp's bit: libomptarget has none yet).
     */
    public static final long SELF = 1L << 40;
    /**
     * OpenMP 6.1's attach(always) and attach(never) map modifiers: a PTR_AND_OBJ entry's pointer is
     * attached to its pointee even when neither is new, or not at all (jomp's bits).
     */
    public static final long ATTACH_ALWAYS = 1L << 41;

    public static final long ATTACH_NEVER = 1L << 42;
    /** The entry's {@code args[i]} points to {@code {offset, count, stride}} descriptors. */
    public static final long NON_CONTIG = 1L << 44;
    /** The top 16 bits: 1 + the index of the entry this one is a member of; 0 for none. */
    public static final long MEMBER_OF = 0xffffL << 48;

    /** The MEMBER_OF bits naming entry {@code index} as the parent. */
    public static long memberOf(int index) {
        return (long) (index + 1) << 48;
    }

    /** The index of the parent entry that {@code type}'s MEMBER_OF bits name, or -1 for none. */
    public static int parentOf(long type) {
        return (int) (type >>> 48) - 1;
    }
}
