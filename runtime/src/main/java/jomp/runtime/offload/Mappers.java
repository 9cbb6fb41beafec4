package jomp.runtime.offload;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import jomp.offload.abi.MapType;
import jomp.runtime.mem.Functions;
import jomp.runtime.mem.Stack;

/**
 * User-defined mappers (declare mapper) and map iterators, as libomptarget runs them: an entry
 * with a mapper function is replaced by the components the function pushes
 * ({@code __tgt_push_mapper_component}) when called as
 * {@code mapper(handle, base, begin, size, type, name)}. The compiled mapper pushes the whole list
 * item first, then each element's components with MEMBER_OF counted from
 * {@code __tgt_mapper_num_components}, combining its map types with the construct's as OpenMP's
 * table of final map types says (docs/design/openmp-lowering.md).
 */
final class Mappers {
    private Mappers() {}

    private static final Map<Long, List<long[]>> HANDLES = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT = new AtomicLong(0x6d61_7000_0000L);

    /** The components entry i's mapper pushes. */
    static MapArgs components(MapArgs m, int i) {
        long handle = NEXT.addAndGet(16);
        List<long[]> list = new ArrayList<>();
        HANDLES.put(handle, list);
        Info.debug("Calling the mapper function %s", Info.hex(m.mapper[i]));
        try {
            MethodHandle h = Functions.handle(m.mapper[i]);
            h.invokeExact(handle, m.base[i], m.begin[i], m.size[i], m.type[i], m.name[i], Stack.current());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        } finally {
            HANDLES.remove(handle);
        }
        list = coalesced(list);
        MapArgs c = new MapArgs(list.size());
        for (int k = 0; k < c.n; k++) {
            long[] x = list.get(k);
            c.base[k] = x[0];
            c.begin[k] = x[1];
            c.size[k] = x[2];
            c.type[k] = x[3];
            c.name[k] = x[4];
        }
        return c;
    }

    /**
     * The components with repeats dropped and runs joined: a component equal to an earlier one (the
     * pointer member every iteration of a map iterator pushes again) is that one, and a component
     * continuing the one before, [b, b + n) then [b + n, ...) of the same object with the same map
     * type and parent, extends it. So map(iterator(it = 0:n), tofrom: a[it]) (or p->data[it] in a
     * mapper) maps one block and attaches its pointer once: the array or pointer a region uses is
     * that block on the device, not n one-element allocations. MEMBER_OF indices follow.
     */
    static List<long[]> coalesced(List<long[]> list) {
        List<long[]> out = new ArrayList<>(list.size());
        int[] at = new int[list.size()];
        for (int i = 0; i < list.size(); i++) {
            long[] x = list.get(i).clone();
            int parent = MapType.parentOf(x[3]);
            if (parent >= 0 && parent < i) x[3] = (x[3] & ~MapType.MEMBER_OF) | MapType.memberOf(at[parent]);
            int same = -1;
            for (int k = 0; k < out.size() && same < 0; k++) if (java.util.Arrays.equals(out.get(k), x)) same = k;
            long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (same >= 0) at[i] = same;
            else if (last != null
                    && x[3] == last[3]
                    && x[0] == last[0]
                    && x[4] == last[4]
                    && x[2] > 0
                    && last[2] > 0
                    && x[1] == last[1] + last[2]) {
                last[2] += x[2];
                at[i] = out.size() - 1;
            } else {
                out.add(x);
                at[i] = out.size() - 1;
            }
        }
        return out;
    }

    static long count(long handle) {
        List<long[]> l = HANDLES.get(handle);
        long n = l == null ? 0 : l.size();
        Info.debug("__tgt_mapper_num_components(Handle=%s) returns %d", Info.hex(handle), n);
        return n;
    }

    static void push(long handle, long base, long begin, long size, long type, long name) {
        Info.debug(
                "__tgt_push_mapper_component(Handle=%s) adds an entry (Base=%s, Begin=%s, Size=%d, Type=0x%x, Name=%s).",
                Info.hex(handle), Info.hex(base), Info.hex(begin), size, type, SourceInfo.name(name));
        List<long[]> l = HANDLES.get(handle);
        if (l == null)
            throw new IllegalStateException(
                    "__tgt_push_mapper_component: no mapper is running with handle " + Info.hex(handle));
        l.add(new long[] {base, begin, size, type, name});
    }

    /**
     * OpenMP 5.2's final map type (table 5.3) of a component a mapper declares with map type
     * {@code declared} when the construct maps the item with {@code incoming}: alloc stays alloc,
     * to keeps only to, from keeps only from, tofrom keeps the declared; release and delete keep
     * theirs. The other bits of the declared type (MEMBER_OF, PTR_AND_OBJ, ...) are kept, and the
     * construct's always, close, present, delete and ompx_hold are added.
     */
    static long finalType(long incoming, long declared) {
        long dir = declared & (MapType.TO | MapType.FROM);
        long in = incoming & (MapType.TO | MapType.FROM);
        long out = dir & in;
        long keep = incoming
                & (MapType.ALWAYS
                        | MapType.CLOSE
                        | MapType.PRESENT
                        | MapType.DELETE
                        | MapType.OMPX_HOLD
                        | MapType.IMPLICIT);
        return (declared & ~(MapType.TO | MapType.FROM)) | out | keep;
    }
}
