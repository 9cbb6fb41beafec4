package jomp.compiler.sema;

import java.util.ArrayList;
import java.util.List;
import jomp.compiler.diag.Diagnostics;
import jomp.compiler.type.Member;
import jomp.compiler.type.Record;
import jomp.compiler.type.Type;

/**
 * Struct and union layout as gcc does it on x86-64 (System V ABI): member offsets, bit-fields in
 * their storage units, packed and #pragma pack, flexible array members; the record's size and
 * alignment.
 */
public final class RecordLayout {
    private RecordLayout() {}

    /** Lays out members like gcc on x86-64 (System V ABI), bit-fields included. */
    public static void layout(Diagnostics diags, Type t, List<Member> members, List<Integer> aligns) {
        Record r = t.record;
        boolean isUnion = t.kind == Type.Kind.UNION;
        long bits = 0; // current position in bits
        int align = 1;
        List<Member> out = new ArrayList<>(members.size());
        for (int i = 0; i < members.size(); i++) {
            Member m = members.get(i);
            Type mt = m.type();
            boolean flexible = mt.kind == Type.Kind.ARRAY && mt.arrayLen < 0;
            if (flexible && (i != members.size() - 1 || isUnion)) {
                diags.error(
                        m.loc(),
                        isUnion
                                ? "flexible array member '" + m.name() + "' in a union is not allowed"
                                : "flexible array member '" + m.name() + "' with type '" + mt
                                        + "' is not at the end of struct");
            } else if (flexible) {
                r.flexible = true;
                if (out.isEmpty())
                    diags.error(
                            m.loc(), "flexible array member '" + m.name() + "' not allowed in otherwise empty struct");
            }
            int given = aligns.get(i); // aligned(n) on the member; negative for a packed member
            int ma = r.packed || given < 0 ? Math.max(1, Math.abs(given)) : Math.max(mt.align(), given);
            if (r.maxAlign > 0 && given <= 0) ma = Math.min(ma, r.maxAlign); // #pragma pack caps natural alignment
            long msize = Math.max(mt.size(), 0);
            if (m.isBitField()) {
                int w = m.bitWidth();
                long unitBits = msize * 8;
                if (w == 0) {
                    // a zero-width bit-field moves to the next unit boundary
                    if (!isUnion) bits = alignTo(bits, unitBits);
                    out.add(new Member(m.name(), mt, bits / 8, 0, 0, i, m.loc()));
                    continue;
                }
                long start = isUnion ? 0 : bits;
                // gcc (stor-layout.cc place_field): the field goes into the storage unit (aligned to its type) holding
                // start, unless it would straddle it; a packed field, or any under #pragma pack, just takes the next
                // bits
                boolean bitwise = r.packed || given < 0 || r.maxAlign > 0;
                // The unit is the type's size from the type's alignment boundary at or below start: the same as
                // the size's boundary for most types, not for _BitInt(65..128) (16 bytes aligned to 8), as
                // gcc and clang place them
                long alignBits = Math.max(8, Math.min(unitBits, mt.align() * 8L));
                if (!bitwise && start / alignBits * alignBits + unitBits < start + w) start = alignTo(start, alignBits);
                long unitOffset = bitwise ? start / 8 : start / alignBits * alignBits / 8;
                int bitOff = (int) (start - unitOffset * 8);
                out.add(new Member(m.name(), mt, unitOffset, w, bitOff, i, m.loc(), bitwise));
                if (!isUnion) bits = start + w;
                else bits = Math.max(bits, w);
                align = Math.max(
                        align,
                        r.packed || given < 0 ? 1 : r.maxAlign > 0 ? Math.min(mt.align(), r.maxAlign) : mt.align());
                continue;
            }
            long off = isUnion ? 0 : alignTo(bits, ma * 8L) / 8;
            out.add(new Member(m.name(), mt, off, -1, 0, i, m.loc()));
            if (isUnion) bits = Math.max(bits, msize * 8);
            else bits = off * 8 + msize * 8;
            align = Math.max(align, ma);
        }
        r.members = out;
        r.align = align;
        r.size = alignTo(alignTo(bits, 8) / 8, align);
        r.complete = true;
    }

    public static long alignTo(long n, long a) {
        return a <= 1 ? n : (n + a - 1) / a * a;
    }
}
