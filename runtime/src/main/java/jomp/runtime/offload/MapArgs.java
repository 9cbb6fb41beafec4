package jomp.runtime.offload;

import static jomp.offload.abi.MapType.FROM;
import static jomp.offload.abi.MapType.LITERAL;
import static jomp.offload.abi.MapType.MEMBER_OF;
import static jomp.offload.abi.MapType.PRIVATE;
import static jomp.offload.abi.MapType.TO;

import jomp.runtime.mem.Mem;

/**
 * The map arrays of one construct (offload-abi.md §2), read once from the compiled code's
 * memory: per entry its base, begin, size, map type, name (";x[0:N];file.c;12;3;;" or 0) and
 * mapper function (0: none). A mapper's components come as the same arrays.
 */
final class MapArgs {
    final int n;
    final long[] base, begin, size, type, name, mapper;

    MapArgs(int n) {
        this.n = n;
        base = new long[n];
        begin = new long[n];
        size = new long[n];
        type = new long[n];
        name = new long[n];
        mapper = new long[n];
    }

    /** The arrays at these addresses; names and mappers may be 0 (none at all). */
    static MapArgs read(int n, long bases, long ptrs, long sizes, long types, long names, long mappers) {
        MapArgs a = new MapArgs(Math.max(n, 0));
        for (int i = 0; i < a.n; i++) {
            a.base[i] = Mem.getLong(bases + 8L * i);
            a.begin[i] = Mem.getLong(ptrs + 8L * i);
            a.size[i] = Mem.getLong(sizes + 8L * i);
            a.type[i] = Mem.getLong(types + 8L * i);
            a.name[i] = names == 0 ? 0 : Mem.getLong(names + 8L * i);
            a.mapper[i] = mappers == 0 ? 0 : Mem.getLong(mappers + 8L * i);
        }
        return a;
    }

    /** The index of the entry a MEMBER_OF entry belongs to, or -1. */
    static int parent(long type) {
        return (int) ((type & MEMBER_OF) >>> 48) - 1;
    }

    boolean has(int i, long bit) {
        return (type[i] & bit) != 0;
    }

    /** libomptarget's printKernelArguments type word. */
    static String kind(long type, long size) {
        if ((type & TO) != 0 && (type & FROM) != 0) return "tofrom";
        if ((type & TO) != 0) return "to";
        if ((type & FROM) != 0) return "from";
        if ((type & PRIVATE) != 0) return "private";
        if ((type & LITERAL) != 0) return "firstprivate";
        if (size != 0) return "alloc";
        return "use_address";
    }
}
